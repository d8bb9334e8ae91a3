"""Fluid forces (engine/fluid.cc) against the reference: qfrc_fluid of the inertia-box and the
ellipsoid models at random states, and their velocity derivative as the implicit integrators
use it (the reference's qDeriv after mj_step).

The stage is run alone: mj_kinematics, mj_comPos, mj_comVel, then _fluid_forces in mjsim, and
mj_forward in the reference. The reference integrates the ellipsoid's virtual inertia
(geom_fluid[6:12]) with an approximate quadrature (relative error ~1e-7, more for flat
ellipsoids; test_bounding.py), mjsim evaluates it exactly: the stage tests copy the reference's
geom_fluid so that they check this file's formulas alone, and test_compiled_fluid_coefficients
bounds the effect of the difference.

The reference's fluid derivative alone: with implicitfast, dampers and actuation disabled, qDeriv
holds it (symmetrized); with implicit, it is qDeriv minus that of the same model without a
medium (the bias derivative)."""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import corpus_models, params  # noqa: E402
from support import disable_constraints, load_pair  # noqa: E402

RTOL = 1e-11  # relative to max(1, largest |value|)
IMPLICIT, IMPLICITFAST = 2, 3
DAMPER, ACTUATION = 1 << 6, 1 << 11


def fluid_models():
    found = []
    for path in corpus_models():
        model = mujoco.MjModel.from_xml_path(str(path))
        if model.opt.density > 0 or model.opt.viscosity > 0:
            found.append(path)
    return found


def relative_error(ours, ref):
    ours, ref = np.asarray(ours), np.asarray(ref)
    return float(np.max(np.abs(ours - ref), initial=0) / max(1.0, np.max(np.abs(ref), initial=0)))


def dense_D(model, values):
    """The nv x nv matrix of `values` in the D layout (D_rowadr, D_rownnz, D_colind)."""
    D = np.zeros((model.nv, model.nv))
    for row in range(model.nv):
        for k in range(model.D_rownnz[row]):
            address = model.D_rowadr[row] + k
            D[row, model.D_colind[address]] = values[address]
    return D


def prepare(pair):
    """Constraints off; the reference's compiled virtual inertia in mjsim (module docstring)."""
    disable_constraints(pair)
    pair.m.geom_fluid[:] = pair.ref_m.geom_fluid
    return pair


def stage_forces(pair):
    """(ours, reference) qfrc_fluid at the pair's current state."""
    for function in ("mj_kinematics", "mj_comPos", "mj_comVel"):
        getattr(mjsim, function)(pair.m, pair.d)
    mjsim._core._fluid_forces(pair.m, pair.d)
    mujoco.mj_forward(pair.ref_m, pair.ref_d)
    return pair.d.qfrc_fluid.copy(), pair.ref_d.qfrc_fluid.copy()


def our_derivative(pair, integrator):
    """Our d(qfrc_fluid)/d(qvel), dense, at the state of the last stage_forces call."""
    pair.m.opt.integrator = integrator
    qDeriv = np.zeros(pair.m.nD)
    mjsim._core._add_fluid_velocity_derivative(pair.m, pair.d, qDeriv)
    return dense_D(pair.m, qDeriv)


def reference_qDeriv(ref_m, ref_d, integrator, medium=True):
    """The reference's qDeriv after one mj_step from ref_d's state (dampers and actuation off),
    without changing ref_d or ref_m."""
    saved = (ref_m.opt.integrator, ref_m.opt.disableflags, ref_m.opt.density, ref_m.opt.viscosity)
    data = mujoco.MjData(ref_m)
    for field in ("qpos", "qvel", "act", "ctrl", "mocap_pos", "mocap_quat"):
        getattr(data, field)[:] = getattr(ref_d, field)
    ref_m.opt.integrator = integrator
    ref_m.opt.disableflags = ref_m.opt.disableflags | DAMPER | ACTUATION
    if not medium:
        ref_m.opt.density = ref_m.opt.viscosity = 0
    try:
        mujoco.mj_step(ref_m, data)
    finally:
        (ref_m.opt.integrator, ref_m.opt.disableflags, ref_m.opt.density, ref_m.opt.viscosity) = saved
    return dense_D(ref_m, data.qDeriv)


def reference_derivative(pair, integrator):
    """The reference's fluid derivative alone (module docstring)."""
    D = reference_qDeriv(pair.ref_m, pair.ref_d, integrator)
    if integrator == IMPLICIT:
        D -= reference_qDeriv(pair.ref_m, pair.ref_d, integrator, medium=False)
    return D


def check_stage(pair, seeds=range(4), derivative=True, rtol=RTOL):
    """Forces, and the derivative in both forms, at random states; returns the worst errors."""
    worst_force = worst_derivative = 0.0
    for seed in seeds:
        pair.randomize_state(seed)
        ours, ref = stage_forces(pair)
        error = relative_error(ours, ref)
        assert error < rtol, f"{pair.name} state {seed}: qfrc_fluid relative error {error:.2e}"
        assert np.any(ref != 0) or pair.ref_m.nv == 0, f"{pair.name}: no fluid force to compare"
        worst_force = max(worst_force, error)
        if not derivative:
            continue
        for integrator in (IMPLICIT, IMPLICITFAST):
            ours_D = our_derivative(pair, integrator)
            ref_D = reference_derivative(pair, integrator)
            error = relative_error(ours_D, ref_D)
            assert error < rtol, (f"{pair.name} state {seed} integrator {integrator}: fluid "
                                  f"derivative relative error {error:.2e}")
            worst_derivative = max(worst_derivative, error)
    return worst_force, worst_derivative


# ---- the corpus ----


@pytest.mark.parametrize("path", params(fluid_models()))
def test_corpus_fluid_stage_matches_reference(path):
    check_stage(prepare(load_pair(path)))


@pytest.mark.parametrize("path", params(fluid_models()))
def test_corpus_forward_and_step_match_reference(path):
    """Through mj_forward and mj_step (passive.cc calls this file): qfrc_fluid and qDeriv."""
    pair = prepare(load_pair(path))
    pair.randomize_state(5)
    pair.call("mj_forward")
    assert relative_error(pair.d.qfrc_fluid, pair.ref_d.qfrc_fluid) < RTOL
    for integrator in (IMPLICIT, IMPLICITFAST):
        for model in (pair.m, pair.ref_m):
            model.opt.integrator = integrator
        pair.randomize_state(7)
        pair.call("mj_step")
        assert relative_error(pair.d.qDeriv, pair.ref_d.qDeriv) < RTOL, f"integrator {integrator}"


@pytest.mark.parametrize("path", params(fluid_models()))
def test_compiled_fluid_coefficients(path):
    """With our own (exact) virtual inertia the forces differ from the reference's by the
    reference's quadrature error only."""
    pair = load_pair(path)
    disable_constraints(pair)
    for seed in range(3):
        pair.randomize_state(seed)
        ours, ref = stage_forces(pair)
        assert relative_error(ours, ref) < 1e-6


# ---- small models ----

MEDIA = {
    "density": 'density="1000"',
    "viscosity": 'viscosity="0.5"',
    "wind": 'density="1.2" wind="3 -1 .5"',
    "all": 'density="800" viscosity="0.1" wind="0 2 0"',
}


def box_xml(medium):
    """The inertia-box model only: free, hinge, ball and slide joints."""
    return f"""<mujoco><option {medium}/>
      <worldbody>
        <body pos="0 0 1" euler="10 20 30"><freejoint/><geom type="box" size=".1 .2 .3" pos=".05 0 0"/>
          <body pos=".3 0 0"><joint type="hinge" axis="0 1 1"/><geom type="capsule" size=".05" fromto="0 0 0 .4 0 0"/>
            <body pos=".4 0 0"><joint type="ball"/><geom type="ellipsoid" size=".1 .05 .02"/></body></body></body>
        <body pos="2 0 0"><joint type="slide" axis="1 0 0"/><geom type="cylinder" size=".1 .3"/></body>
      </worldbody></mujoco>"""


SHAPES = {
    "sphere": 'type="sphere" size=".1"',
    "capsule": 'type="capsule" size=".05 .2"',
    "cylinder": 'type="cylinder" size=".08 .15"',
    "box": 'type="box" size=".2 .1 .02"',
    "ellipsoid": 'type="ellipsoid" size=".2 .05 .03"',
    "mesh": 'type="mesh" mesh="wedge"',
}

COEFFICIENTS = {
    "default": "",
    "blunt": 'fluidcoef="1 0 0 0 0"',
    "slender": 'fluidcoef="0 1 0 0 0"',
    "angular": 'fluidcoef="0 0 1 0 0"',
    "kutta": 'fluidcoef="0 0 0 1 0"',
    "magnus": 'fluidcoef="0 0 0 0 1"',
    "none": 'fluidcoef="0 0 0 0 0"',
    "mixed": 'fluidcoef=".3 .7 1.1 .9 1.3"',
}


def ellipsoid_xml(shape, medium=MEDIA["all"], coefficients=""):
    """One geom with the ellipsoid model, off its body's com and rotated, on a chain of free,
    hinge and ball joints; a second body mixes an ellipsoid-model geom with a plain one (no
    inertia box for it); a third body feels the inertia-box model."""
    geom = f'{SHAPES[shape]} fluidshape="ellipsoid" {coefficients}'
    return f"""<mujoco><option {medium}/>
      <asset><mesh name="wedge" vertex="0 0 0  .3 0 0  0 .15 0  0 0 .1  .06 .09 .03"/></asset>
      <worldbody>
        <geom type="plane" size="1 1 1" fluidshape="ellipsoid"/>
        <body pos="0 0 1" euler="10 20 30"><freejoint/>
          <geom {geom} pos=".05 .02 -.03" euler="30 -10 50"/>
          <body pos=".3 0 0"><joint type="hinge" axis="0 1 1"/>
            <geom type="box" size=".05 .1 .02" pos=".1 0 0" fluidshape="ellipsoid" {coefficients}/>
            <geom type="capsule" size=".02 .1" pos="0 .1 0" euler="0 90 0"/>
            <body pos=".3 0 0"><joint type="ball"/><geom type="box" size=".1 .05 .02"/></body>
          </body>
        </body>
      </worldbody></mujoco>"""


@pytest.mark.parametrize("medium", sorted(MEDIA))
def test_inertia_box_model(medium):
    check_stage(prepare(load_pair(box_xml(MEDIA[medium]))))


@pytest.mark.parametrize("shape", sorted(SHAPES))
@pytest.mark.parametrize("medium", sorted(MEDIA))
def test_ellipsoid_model_every_shape_and_medium(shape, medium):
    check_stage(prepare(load_pair(ellipsoid_xml(shape, MEDIA[medium]))), seeds=range(2))


@pytest.mark.parametrize("coefficients", sorted(COEFFICIENTS))
def test_ellipsoid_model_each_term(coefficients):
    """fluidcoef picks the terms: each of drag, lift and Magnus alone (added mass and viscous
    resistance are always there)."""
    pair = prepare(load_pair(ellipsoid_xml("ellipsoid", 'density="1000"', COEFFICIENTS[coefficients])))
    check_stage(pair)


@pytest.mark.parametrize("scale", [1e-2, 1e-3, 1e-5, 1e-8, 1e-12, 1e-20, 1e-100])
@pytest.mark.parametrize("part", ["both", "linear", "angular"])
def test_small_velocities(scale, part):
    """Where the reference bounds denominators by mjMINVAL (the projected area, the Kutta
    term and their derivatives), at velocities down to 1e-100: single free body, identity
    pose, so that the local velocity is qvel itself (linear only or angular only exactly)."""
    xml = """<mujoco><option density="1000"/><worldbody><body pos="0 0 1"><freejoint/>
      <geom type="ellipsoid" size=".2 .05 .03" fluidshape="ellipsoid" fluidcoef=".3 .7 1.1 .9 1.3"/>
      </body></worldbody></mujoco>"""
    pair = prepare(load_pair(xml, seed=None))
    qvel = np.random.default_rng(3).standard_normal(6) * scale
    if part == "linear":
        qvel[3:] = 0
    if part == "angular":
        qvel[:3] = 0
    for data in (pair.d, pair.ref_d):
        data.qvel[:] = qvel
    ours, ref = stage_forces(pair)
    tiny = np.max(np.abs(ref))
    assert np.max(np.abs(ours - ref)) <= 1e-12 * tiny + 1e-300
    for integrator in (IMPLICIT, IMPLICITFAST):
        ours_D, ref_D = our_derivative(pair, integrator), reference_derivative(pair, integrator)
        assert np.max(np.abs(ours_D - ref_D)) <= 1e-12 * np.max(np.abs(ref_D)) + 1e-300


def test_implicit_derivative_matches_finite_differences():
    """No oracle: the implicit form is d(qfrc_fluid)/d(qvel) at ordinary velocities."""
    m = mjsim.MjModel.from_xml_string(ellipsoid_xml("ellipsoid", MEDIA["all"], COEFFICIENTS["mixed"]))
    d = mjsim.MjData(m)
    rng = np.random.default_rng(2)
    d.qvel[:] = rng.standard_normal(m.nv)
    m.opt.integrator = IMPLICIT

    def forces(qvel):
        d.qvel[:] = qvel
        for function in ("mj_kinematics", "mj_comPos", "mj_comVel"):
            getattr(mjsim, function)(m, d)
        mjsim._core._fluid_forces(m, d)
        return d.qfrc_fluid.copy()

    qvel = d.qvel.copy()
    h = 1e-6
    numeric = np.stack([(forces(qvel + h * e) - forces(qvel - h * e)) / (2 * h) for e in np.eye(m.nv)], axis=1)
    forces(qvel)
    qDeriv = np.zeros(m.nD)
    mjsim._core._add_fluid_velocity_derivative(m, d, qDeriv)
    analytic = dense_D(m, qDeriv)
    assert np.max(np.abs(analytic - numeric)) < 1e-7 * np.max(np.abs(numeric))
    m.opt.integrator = IMPLICITFAST
    qDeriv[:] = 0
    mjsim._core._add_fluid_velocity_derivative(m, d, qDeriv)
    assert np.allclose(dense_D(m, qDeriv), (analytic + analytic.T) / 2, rtol=0, atol=1e-14 * np.max(np.abs(analytic)))


@pytest.mark.parametrize("disabled", [DAMPER, 1 << 5, DAMPER | (1 << 5)], ids=["damper", "spring", "both"])
def test_passive_flags_and_the_fluid_derivative(disabled):
    pair = prepare(load_pair(ellipsoid_xml("capsule")))
    for model in (pair.m, pair.ref_m):
        model.opt.integrator = IMPLICITFAST
        model.opt.disableflags = model.opt.disableflags | disabled
    pair.randomize_state(3)
    pair.call("mj_step")
    assert relative_error(pair.d.qDeriv, pair.ref_d.qDeriv) < RTOL
    assert relative_error(pair.d.qfrc_fluid, pair.ref_d.qfrc_fluid) < RTOL


def test_no_medium_no_force():
    pair = load_pair(ellipsoid_xml("box", ""))
    pair.randomize_state(1)
    ours, ref = stage_forces(pair)
    assert not np.any(ours) and not np.any(ref)
    assert not np.any(our_derivative(pair, IMPLICIT))


# ---- unusual inputs ----


def test_massless_body_and_zero_size_geoms():
    """A massless body (a hinge carrying a welded child) feels no inertia-box force; a geom
    of size zero has no ellipsoid (zero area and volume): both as the reference, without NaN."""
    xml = f"""<mujoco><option {MEDIA['all']}/><worldbody>
      <body pos="0 0 1"><freejoint/><geom size=".1"/>
        <body name="massless" pos=".2 0 0"><joint type="hinge" axis="0 0 1"/>
          <body pos=".2 0 0"><geom type="box" size=".1 .05 .02"/></body></body>
        <body pos="-.2 0 0"><joint type="hinge"/><geom name="flat" type="ellipsoid" size=".1 .05 .02"
          fluidshape="ellipsoid" fluidcoef=".3 .7 1.1 .9 1.3"/></body>
      </body></worldbody></mujoco>"""
    pair = prepare(load_pair(xml))
    assert pair.ref_m.body_mass[pair.ref_m.body("massless").id] == 0
    geom = pair.ref_m.geom("flat").id
    for sizes in ([0.1, 0.05, 0.02], [0, 0, 0], [0.1, 0, 0.02]):
        for model in (pair.m, pair.ref_m):
            model.geom_size[geom] = sizes
        check_stage(pair, seeds=range(2))
        assert np.all(np.isfinite(pair.d.qfrc_fluid))


@pytest.mark.parametrize("value", [np.nan, np.inf, 1e200])
@pytest.mark.parametrize("integrator", [0, IMPLICIT, IMPLICITFAST])
def test_bad_velocities_do_not_crash(value, integrator):
    m = mjsim.MjModel.from_xml_string(ellipsoid_xml("ellipsoid", MEDIA["all"], COEFFICIENTS["mixed"]))
    m.opt.integrator = integrator
    d = mjsim.MjData(m)
    d.qvel[:] = value
    for function in ("mj_kinematics", "mj_comPos", "mj_comVel"):
        getattr(mjsim, function)(m, d)
    mjsim._core._fluid_forces(m, d)
    qDeriv = np.zeros(m.nD)
    mjsim._core._add_fluid_velocity_derivative(m, d, qDeriv)
    if value != 1e200:
        assert not np.all(np.isfinite(d.qfrc_fluid))
    mjsim.mj_step(m, d)  # the state check resets a bad state
    mjsim.mj_step(m, d)


def test_bindings_check_arguments():
    m = mjsim.MjModel.from_xml_string(ellipsoid_xml("sphere"))
    d = mjsim.MjData(m)
    other = mjsim.MjData(mjsim.MjModel.from_xml_string(box_xml(MEDIA["all"])))
    with pytest.raises(TypeError, match="qDeriv must have"):
        mjsim._core._add_fluid_velocity_derivative(m, d, np.zeros(m.nD + 1))
    with pytest.raises(TypeError, match="qDeriv"):
        mjsim._core._add_fluid_velocity_derivative(m, d, np.zeros(m.nD, dtype=np.float32))
    with pytest.raises((TypeError, ValueError)):
        mjsim._core._fluid_forces(m, other)
