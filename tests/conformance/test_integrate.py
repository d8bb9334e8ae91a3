"""The integrators (engine/integrate.cc) against the reference with constraints disabled:
acceptance 2 of the smooth-dynamics issue. Every corpus model, each of the four integrators,
starts from the same random state in both engines and steps STEPS times with the same random
controls (new each step); qpos, qvel and act must agree to TOL (absolute, plus TOL relative to
the value's size) at every step.

Some models are chaotic without constraints (bodies tumbling freely, long unconstrained
chains): rounding differences of 1e-16 grow by orders of magnitude per second of simulated
time, so no two implementations can agree to 1e-8 over 1000 steps. For those, CHAOTIC names
the reason and the test checks the first SHORT_STEPS steps instead.
"""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import corpus_models, label, params  # noqa: E402
from support import disable_constraints, load_pair  # noqa: E402

STEPS = 1000
SHORT_STEPS = 200
TOL = 1e-8
INTEGRATORS = {"euler": 0, "rk4": 1, "implicit": 2, "implicitfast": 3}

# corpus label -> why 1000 steps cannot agree to TOL (filled in from measurements)
CHAOTIC: dict[str, str] = {}


def run_trajectory(pair, steps: int, seed: int) -> None:
    m, d, ref_m, ref_d = pair
    rng = np.random.default_rng(seed)
    for step in range(steps):
        ctrl = rng.uniform(-1, 1, size=m.nu)
        d.ctrl[:] = ctrl
        ref_d.ctrl[:] = ctrl
        mjsim.mj_step(m, d)
        mujoco.mj_step(ref_m, ref_d)
        for field in ("qpos", "qvel", "act"):
            ours, ref = np.asarray(getattr(d, field)), np.asarray(getattr(ref_d, field))
            error = np.abs(ours - ref)
            if np.any(error > TOL * (1 + np.abs(ref))) or np.isnan(ours).any() != np.isnan(ref).any():
                worst = int(np.nanargmax(error)) if error.size else 0
                raise AssertionError(
                    f"{pair.name}: {field}[{worst}] differs by {error[worst]:.3g} at step {step + 1} "
                    f"(ours {ours[worst]!r}, reference {ref[worst]!r})")
        assert d.time == pytest.approx(ref_d.time, abs=1e-12)


@pytest.mark.parametrize("integrator", sorted(INTEGRATORS))
@pytest.mark.parametrize("path", params(corpus_models()))
def test_trajectory_matches_reference(path, integrator):
    pair = load_pair(path)
    disable_constraints(pair)
    for model in (pair.m, pair.ref_m):
        model.opt.integrator = INTEGRATORS[integrator]
    pair.randomize_state(11)
    steps = SHORT_STEPS if label(path) in CHAOTIC else STEPS
    run_trajectory(pair, steps, seed=12)


JOINTS_XML = """<mujoco><worldbody>
  <body><freejoint/><geom size=".1"/></body>
  <body pos="1 0 0"><joint type="ball"/><geom size=".1"/>
    <body pos="0 0 -1"><joint type="hinge" axis="0 1 0"/><joint type="slide"/><geom size=".1"/></body></body>
</worldbody></mujoco>"""


@pytest.mark.parametrize("dt", [0.002, 0.5, -0.01])
def test_integrate_and_differentiate_positions_match_reference(dt):
    pair = load_pair(JOINTS_XML, seed=3)
    rng = np.random.default_rng(4)
    for _ in range(20):
        qvel = 3 * rng.standard_normal(pair.m.nv)
        ours, ref = np.array(pair.d.qpos), np.array(pair.d.qpos)
        mjsim.mj_integratePos(pair.m, ours, qvel, dt)
        mujoco.mj_integratePos(pair.ref_m, ref, qvel, dt)
        np.testing.assert_allclose(ours, ref, rtol=0, atol=1e-13)
        back, ref_back = np.zeros(pair.m.nv), np.zeros(pair.m.nv)
        mjsim.mj_differentiatePos(pair.m, back, dt, pair.d.qpos, ours)
        mujoco.mj_differentiatePos(pair.ref_m, ref_back, dt, pair.d.qpos, ref)
        np.testing.assert_allclose(back, ref_back, rtol=1e-9, atol=1e-9)
    unnormalized = np.array(pair.d.qpos) * 1.7
    ours, ref = unnormalized.copy(), unnormalized.copy()
    mjsim.mj_normalizeQuat(pair.m, ours)
    mujoco.mj_normalizeQuat(pair.ref_m, ref)
    np.testing.assert_allclose(ours, ref, rtol=0, atol=1e-15)


def test_position_functions_check_arguments():
    m = mjsim.MjModel.from_xml_string(JOINTS_XML)
    with pytest.raises(ValueError, match="qpos must have 13 values"):
        mjsim.mj_integratePos(m, np.zeros(3), np.zeros(m.nv), 0.1)
    with pytest.raises(TypeError, match="qpos must be a writable C-contiguous float64"):
        mjsim.mj_integratePos(m, np.zeros(m.nq, dtype=np.float32), np.zeros(m.nv), 0.1)
    with pytest.raises(ValueError, match="qvel must have 11 values"):
        mjsim.mj_integratePos(m, np.zeros(m.nq), np.zeros(2), 0.1)
    with pytest.raises(ValueError, match="qpos2 must have 13 values"):
        mjsim.mj_differentiatePos(m, np.zeros(m.nv), 0.1, np.zeros(m.nq), np.zeros(1))
