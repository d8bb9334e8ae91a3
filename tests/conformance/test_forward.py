"""The forward pass (engine/forward.cc) against the reference with constraints disabled, at
random states of every corpus model: acceptance 1 of the smooth-dynamics issue. Both engines
get the same qpos, qvel, act, ctrl (partly outside ctrlrange), qfrc_applied and xfrc_applied,
run mj_forward, and every smooth quantity must agree to RTOL relative to the field's largest
magnitude (fields that are all zero in the reference must be zero to ABS_FLOOR).

Also: mj_fwdPosition/mj_fwdVelocity/mj_fwdActuation/mj_fwdAcceleration in sequence equal
mj_forward; mj_forwardSkip reuses earlier stages; mj_step1 + mj_step2 equal mj_step.
"""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from conformance.test_transmission import dense_moment  # noqa: E402
from corpus import corpus_models, params  # noqa: E402
from support import disable_constraints, load_pair, use_reference_geom_fluid  # noqa: E402

RTOL = 1e-8
ABS_FLOOR = 1e-12
N_STATES = 4
SMOOTH_FIELDS = [
    "qfrc_bias", "qfrc_passive", "qfrc_spring", "qfrc_damper", "qfrc_gravcomp", "qfrc_fluid",
    "qfrc_actuator", "actuator_force", "act_dot", "actuator_length", "actuator_velocity",
    "ten_length", "ten_velocity", "cvel", "cdof_dot", "subtree_com", "cinert", "qfrc_smooth",
    "qacc_smooth", "qacc",
]


def assert_close_scaled(ours, ref, context):
    ours, ref = np.asarray(ours, dtype=float), np.asarray(ref, dtype=float)
    assert ours.shape == ref.shape, f"{context}: shape {ours.shape} != {ref.shape}"
    if ref.size == 0:
        return
    scale = max(float(np.max(np.abs(ref))), ABS_FLOOR / RTOL)
    error = float(np.max(np.abs(ours - ref)))
    worst = np.unravel_index(np.argmax(np.abs(ours - ref)), ref.shape)
    assert error <= RTOL * scale, (
        f"{context}: max error {error:.3g} at {worst} (ours {ours[worst]!r}, reference "
        f"{ref[worst]!r}) exceeds {RTOL:g} x field scale {scale:.3g}")


def dense_ten_J(m, d):
    """ten_J as a dense ntendon x nv matrix: it is stored dense unless the Jacobians are
    sparse (jacobian="sparse", or "auto" with nv >= 60), then by rows as ten_J_rowadr says."""
    J = np.zeros((m.ntendon, m.nv))
    sparse = m.opt.jacobian == 1 or (m.opt.jacobian == 2 and m.nv >= 60)
    if not sparse:
        return np.asarray(d.ten_J).reshape(m.ntendon, m.nv).copy()
    flat, columns = np.asarray(d.ten_J).ravel(), np.asarray(d.ten_J_colind).ravel()
    for t in range(m.ntendon):
        adr, count = d.ten_J_rowadr[t], d.ten_J_rownnz[t]
        J[t, columns[adr:adr + count]] = flat[adr:adr + count]
    return J


def full_inertia(engine, m, d):
    dense = np.zeros((m.nv, m.nv))
    engine.mj_fullM(m, dense, d.qM)
    return dense


def check_state(pair, context):
    m, d, ref_m, ref_d = pair
    mjsim.mj_forward(m, d)
    mujoco.mj_forward(ref_m, ref_d)
    for field in SMOOTH_FIELDS:
        assert_close_scaled(getattr(d, field), getattr(ref_d, field), f"{context}: {field}")
    assert_close_scaled(full_inertia(mjsim, m, d), full_inertia(mujoco, ref_m, ref_d), f"{context}: qM")
    assert_close_scaled(dense_moment(m, d), dense_moment(ref_m, ref_d), f"{context}: actuator_moment")
    assert_close_scaled(dense_ten_J(m, d), dense_ten_J(ref_m, ref_d), f"{context}: ten_J")
    vector = np.random.default_rng(7).standard_normal((2, m.nv))
    ours, ref = np.zeros_like(vector), np.zeros_like(vector)
    mjsim.mj_solveM(m, d, ours, vector)
    mujoco.mj_solveM(ref_m, ref_d, ref, vector)
    assert_close_scaled(ours, ref, f"{context}: mj_solveM")


@pytest.mark.parametrize("path", params(corpus_models()))
def test_forward_matches_reference_without_constraints(path):
    pair = load_pair(path)
    use_reference_geom_fluid(pair)
    disable_constraints(pair)
    for seed in range(N_STATES):
        pair.randomize_state(seed)
        check_state(pair, f"{pair.name}, state {seed}")


TENDON_ACTUATOR_XML = """<mujoco>
  <worldbody>
    <body name="a"><joint name="j0" damping="0.3" stiffness="2"/><geom type="capsule" fromto="0 0 0 0 0 -1" size=".05"/>
      <site name="s0" pos=".1 0 -.2"/>
      <body pos="0 0 -1"><joint name="j1" type="ball" damping=".1"/><geom size=".1" pos="0 .1 -.2"/>
        <site name="s1" pos="0 .1 -.3"/></body></body>
    <body pos="1 0 0"><freejoint/><geom type="box" size=".1 .2 .3"/><site name="s2"/></body>
  </worldbody>
  <tendon><spatial name="rope" damping=".2" stiffness="3" springlength=".5 .9"><site site="s0"/><site site="s1"/><site site="s2"/></spatial>
    <fixed><joint joint="j0" coef="2"/></fixed></tendon>
  <actuator><motor joint="j0" gear="2" ctrlrange="-1 1"/><position tendon="rope" kp="3" kv=".2"/>
    <general site="s2" dyntype="filter" dynprm=".1" gaintype="affine" gainprm="1 .1 -.2" biastype="affine" biasprm="0 -1 -.5" gear="0 0 1 0 0 0"/>
  </actuator>
</mujoco>"""


@pytest.mark.parametrize("jacobian", ["dense", "sparse"])
def test_forward_matches_reference_with_either_jacobian(jacobian):
    pair = load_pair(TENDON_ACTUATOR_XML.replace("<mujoco>", f'<mujoco><option jacobian="{jacobian}"/>'))
    disable_constraints(pair)
    for seed in range(N_STATES):
        pair.randomize_state(seed)
        check_state(pair, f"jacobian={jacobian}, state {seed}")




def test_stage_functions_compose_to_forward():
    pair = load_pair(TENDON_ACTUATOR_XML)
    disable_constraints(pair)
    pair.randomize_state(3)
    m, d = pair.m, pair.d
    mjsim.mj_forward(m, d)
    expected = np.array(d.qacc)
    d.qacc[:] = 0
    for stage in ("mj_fwdPosition", "mj_fwdVelocity", "mj_fwdActuation", "mj_fwdAcceleration",
                  "mj_fwdConstraint"):
        getattr(mjsim, stage)(m, d)
    np.testing.assert_array_equal(d.qacc, expected)
    # skipping the velocity stages reuses their forces: a changed qvel is not seen
    d.qvel[0] += 0.5
    mjsim.mj_forwardSkip(m, d, mjsim.mjtStage.mjSTAGE_VEL, 0)
    np.testing.assert_array_equal(d.qacc, expected)
    mjsim.mj_forwardSkip(m, d, mjsim.mjtStage.mjSTAGE_POS, 0)
    assert not np.array_equal(d.qacc, expected)


def test_step1_step2_equal_step():
    pair = load_pair(TENDON_ACTUATOR_XML)
    disable_constraints(pair)
    pair.randomize_state(5)
    m, d = pair.m, pair.d
    other = mjsim.MjData(m)
    for field in ("qpos", "qvel", "act", "ctrl", "qfrc_applied", "xfrc_applied"):
        getattr(other, field)[:] = getattr(d, field)
    for _ in range(10):
        mjsim.mj_step(m, d)
        mjsim.mj_step1(m, other)
        mjsim.mj_step2(m, other)
    np.testing.assert_array_equal(other.qpos, d.qpos)
    np.testing.assert_array_equal(other.qvel, d.qvel)
    np.testing.assert_array_equal(other.act, d.act)
    assert other.time == d.time


def test_forward_skip_rejects_unknown_stage():
    m = mjsim.MjModel.from_xml_string(TENDON_ACTUATOR_XML)
    d = mjsim.MjData(m)
    with pytest.raises(ValueError, match="skipstage"):
        mjsim.mj_forwardSkip(m, d, 7, 0)
    with pytest.raises(TypeError):
        mjsim.mj_forward(m, "not data")
    # a model of the same sizes is accepted, as the reference does; other sizes are not
    mjsim.mj_forward(mjsim.MjModel.from_xml_string(TENDON_ACTUATOR_XML), d)
    other = mjsim.MjModel.from_xml_string("<mujoco><worldbody><body><freejoint/>"
                                          "<geom size='.1'/></body></worldbody></mujoco>")
    with pytest.raises(ValueError, match="different MjModel"):
        mjsim.mj_forward(other, d)
