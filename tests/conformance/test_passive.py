"""Passive forces (engine/passive.cc; fluid.cc for qfrc_fluid) against the reference: mj_passive
run on its own after our position and velocity stages, at random states (qpos, qvel) of every
corpus model and of small models for each feature:

  springs   hinge and slide (springref), ball and free joints with orientations far from the
            spring orientation (past half a turn: the shortest rotation), and with a spring
            orientation that is not the identity (qpos_spring set in both engines);
  tendons   fixed and spatial springs with one rest length and with a dead band
            (springlength="lower upper"), states below, inside and above it; tendon dampers;
            dense and sparse tendon Jacobians;
  gravcomp  bodies at several depths, fractions below, at and above 1, actuatorgravcomp joints
            (their share stays in qfrc_gravcomp but leaves qfrc_passive), gravity disabled or 0;
  flags     mjDSBL_SPRING, mjDSBL_DAMPER, both (nothing at all is computed: gravity
            compensation and fluid included), mjDSBL_GRAVITY.

Fields: qfrc_spring, qfrc_damper, qfrc_gravcomp, qfrc_fluid, qfrc_passive, each to RTOL of the
reference plus ROUNDOFF times the field's largest magnitude; and the passive part of qDeriv
(AddPassiveVelocityDerivative: dof and tendon dampers, fluid), which is the reference's qDeriv
after one implicitfast step with actuation disabled (no actuator part, no bias part).

Oracle-free: the spring forces are minus the gradient of the spring energy, and the damper
derivative equals a finite difference of qfrc_passive in qvel. Bad inputs: NaN or infinite qpos
and qvel do not crash; the bindings reject a foreign MjData and a wrong qDeriv size.
"""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import corpus_models, params  # noqa: E402
from support import (  # noqa: E402
    assert_fields_close, disable_constraints, load_pair, use_reference_geom_fluid)

RTOL = 1e-10
ROUNDOFF = 1e-12  # times the field's largest magnitude: entries that cancel to ~0
N_STATES = 6
PASSIVE_FIELDS = ["qfrc_spring", "qfrc_damper", "qfrc_gravcomp", "qfrc_fluid", "qfrc_passive"]
SPRING, DAMPER, GRAVITY = (int(mujoco.mjtDisableBit.mjDSBL_SPRING),
                           int(mujoco.mjtDisableBit.mjDSBL_DAMPER),
                           int(mujoco.mjtDisableBit.mjDSBL_GRAVITY))
ACTUATION = int(mujoco.mjtDisableBit.mjDSBL_ACTUATION)
STATE_FIELDS = ("qpos", "qvel", "act", "ctrl", "qfrc_applied", "xfrc_applied", "mocap_pos",
                "mocap_quat")


# ---------------------------------------------------------------------------------------
# running the stage and comparing


def run_passive(pair):
    """Our position and velocity stages, then mj_passive on its own (its outputs poisoned
    first, so every entry must be written); mj_forward in the reference."""
    m, d, ref_m, ref_d = pair
    mjsim.mj_fwdPosition(m, d)
    mjsim.mj_fwdVelocity(m, d)
    for field in PASSIVE_FIELDS:
        getattr(d, field)[:] = np.nan
    mjsim.mj_passive(m, d)
    mujoco.mj_forward(ref_m, ref_d)


def assert_passive_close(pair, context):
    for field in PASSIVE_FIELDS:
        scale = float(np.max(np.abs(getattr(pair.ref_d, field)), initial=0.0))
        assert_fields_close(pair.d, pair.ref_d, [field], atol=ROUNDOFF * max(scale, 1.0),
                            rtol=RTOL, model=pair.ref_m, context=context)


def passive_derivative(m, d):
    """Our d(qfrc_passive)/d(qvel) in the D layout, added into zeros, as implicitfast uses it
    (like the reference's below: the ellipsoid fluid part is then symmetrized)."""
    qDeriv = np.zeros(m.nD)
    saved = m.opt.integrator
    m.opt.integrator = int(mjsim.mjtIntegrator.mjINT_IMPLICITFAST)
    try:
        mjsim._core._add_passive_velocity_derivative(m, d, qDeriv)
    finally:
        m.opt.integrator = saved
    return qDeriv


def reference_passive_derivative(ref_m, ref_d):
    """The reference's qDeriv after one implicitfast step from ref_d's state (on a copy) with
    actuation disabled: the passive part alone (implicitfast leaves out the bias part)."""
    saved = ref_m.opt.integrator, ref_m.opt.disableflags
    ref_m.opt.integrator = int(mujoco.mjtIntegrator.mjINT_IMPLICITFAST)
    ref_m.opt.disableflags = saved[1] | ACTUATION
    try:
        data = mujoco.MjData(ref_m)
        for field in STATE_FIELDS:
            getattr(data, field)[:] = getattr(ref_d, field)
        mujoco.mj_step(ref_m, data)
        return np.array(data.qDeriv)
    finally:
        ref_m.opt.integrator, ref_m.opt.disableflags = saved


def assert_derivative_close(pair, context):
    ours = passive_derivative(pair.m, pair.d)
    ref = reference_passive_derivative(pair.ref_m, pair.ref_d)
    scale = float(np.max(np.abs(ref), initial=0.0))
    np.testing.assert_allclose(ours, ref, rtol=RTOL, atol=ROUNDOFF * max(scale, 1.0),
                               err_msg=f"{context}: qDeriv (passive part)")


def check_model(model, seeds=range(N_STATES), flags=0, prepare=None):
    """Compares the passive forces and their derivative at random states; `prepare(pair)`
    may change both models first (e.g. qpos_spring)."""
    pair = load_pair(model)
    use_reference_geom_fluid(pair)
    disable_constraints(pair)
    for m in (pair.m, pair.ref_m):
        m.opt.disableflags = m.opt.disableflags | flags
    if prepare:
        prepare(pair)
    for seed in seeds:
        pair.randomize_state(seed)
        context = f"{pair.name}, state {seed}"
        run_passive(pair)
        assert_passive_close(pair, context)
        assert_derivative_close(pair, context)
    return pair


# ---------------------------------------------------------------------------------------
# small models

JOINTS = """
<body name="arm" pos="0 0 1" euler="10 20 30" gravcomp="0.7">
  <joint name="hinge" axis="0 1 0" stiffness="2" springref="25" damping="0.5"/>
  <geom type="capsule" fromto="0 0 0 .4 0 0" size=".05"/><site name="s0" pos=".1 0 .05"/>
  <body name="forearm" pos=".4 0 0" gravcomp="1">
    <joint name="ball" type="ball" stiffness="3" damping="0.2"/>
    <geom type="box" size=".1 .05 .02" pos=".1 .05 0"/><site name="s1" pos=".2 0 0"/>
    <body name="hand" pos=".3 0 0" gravcomp="1.5">
      <joint name="slide" type="slide" axis="1 1 0" stiffness="4" springref="-.2" damping=".3"/>
      <geom size=".05"/><site name="s2" pos="0 .05 0"/></body></body></body>
<body name="float" pos="1 0 0" euler="40 -30 75" gravcomp=".5">
  <joint name="free" type="free" stiffness="5" damping="1"/><geom type="box" size=".1 .2 .3"/>
  <site name="s3" pos=".1 0 .3"/></body>
<body name="puck" pos="2 0 0" euler="0 90 0"><freejoint/><geom type="cylinder" size=".1 .05"/></body>
"""
TENDONS = """<tendon>
  <fixed name="fixed" stiffness="3" damping="2" springlength="{fixed}">
    <joint joint="hinge" coef="1"/><joint joint="slide" coef="-2"/></fixed>
  <spatial name="spatial" stiffness="7" damping=".4" springlength="{spatial}">
    <site site="s0"/><site site="s1"/><site site="s2"/><site site="s3"/></spatial>
</tendon>"""


def model_xml(option="", fixed="0.1 0.4", spatial="1.5 2.3", joint_attributes=None):
    bodies = JOINTS
    for joint, attributes in (joint_attributes or {}).items():
        bodies = bodies.replace(f'name="{joint}"', f'name="{joint}" {attributes}')
    return (f"<mujoco><option {option}/><worldbody>{bodies}</worldbody>"
            f"{TENDONS.format(fixed=fixed, spatial=spatial)}</mujoco>")


ROTATED_SPRINGS = {  # qpos addresses of the quaternions in JOINTS: ball 1, free 9 (after 3)
    1: [0.3, -0.5, 0.7, 0.4],
    9: [-0.2, 0.9, 0.1, -0.4],
}


def rotate_spring_orientations(pair):
    """A spring orientation other than the identity for the ball and the free joint (the
    compiler takes it from qpos0, which is the identity for a ball joint)."""
    for m in (pair.m, pair.ref_m):
        for adr, quat in ROTATED_SPRINGS.items():
            m.qpos_spring[adr:adr + 4] = np.array(quat) / np.linalg.norm(quat)


@pytest.mark.parametrize("jacobian", ["dense", "sparse"])
def test_springs_dampers_and_gravcomp_match_reference(jacobian):
    check_model(model_xml(f'jacobian="{jacobian}"'), seeds=range(12))


def test_rotated_spring_orientations_match_reference():
    check_model(model_xml(), seeds=range(12), prepare=rotate_spring_orientations)


@pytest.mark.parametrize("angle", [0, 90, 179, 181, 270, 359.9, 360, 540, 719])
def test_ball_and_free_springs_take_the_shortest_rotation(angle):
    """Orientations q = q_spring * rotation(angle about an oblique axis), also with the
    quaternion's sign flipped and scaled by 2 (the same rotation)."""
    pair = load_pair(model_xml(), seed=None)
    disable_constraints(pair)
    rotate_spring_orientations(pair)
    axis = np.array([1.0, -2.0, 0.5]) / np.linalg.norm([1.0, -2.0, 0.5])
    half = np.deg2rad(angle) / 2
    turn = np.concatenate([[np.cos(half)], np.sin(half) * axis])
    for sign in (1.0, -1.0, 2.0):
        qpos = np.array(pair.ref_m.qpos_spring)
        for adr in ROTATED_SPRINGS:
            product = np.zeros(4)
            mujoco.mju_mulQuat(product, qpos[adr:adr + 4], turn)
            qpos[adr:adr + 4] = sign * product
        for data in (pair.d, pair.ref_d):
            data.qpos[:] = qpos
            data.qvel[:] = 0
        run_passive(pair)
        assert_passive_close(pair, f"angle {angle}, quaternion times {sign}")


def tendon_spring_regions(pair, seeds):
    """For each tendon, which of below/inside/above its rest range the states visited."""
    seen = [set() for _ in range(pair.ref_m.ntendon)]
    for seed in seeds:
        pair.randomize_state(seed)
        mujoco.mj_forward(pair.ref_m, pair.ref_d)
        for t, length in enumerate(pair.ref_d.ten_length):
            lower, upper = pair.ref_m.tendon_lengthspring[t]
            seen[t].add("below" if length < lower else "above" if length > upper else "inside")
    return seen


@pytest.mark.parametrize("springlength", [
    {"fixed": "0.1 0.4", "spatial": "1.5 2.3"},  # dead bands the random states straddle
    {"fixed": "0.25", "spatial": "2.2"},           # one rest length
    {"fixed": "-1", "spatial": "-1"},              # the length at qpos_spring
])
def test_tendon_springs_match_reference(springlength):
    xml = model_xml(**springlength)
    seeds = range(16)
    pair = check_model(xml, seeds=seeds)
    if "-1" not in springlength["fixed"]:
        regions = tendon_spring_regions(pair, seeds)
        expected = {"below", "above"} | ({"inside"} if " " in springlength["fixed"] else set())
        for t, seen in enumerate(regions):
            assert expected <= seen, f"tendon {t}: the states visited only {sorted(seen)}"


@pytest.mark.parametrize("flags", [SPRING, DAMPER, SPRING | DAMPER, GRAVITY],
                         ids=["spring", "damper", "spring+damper", "gravity"])
def test_disable_flags_match_reference(flags):
    check_model(model_xml(), flags=flags)


def test_springs_and_dampers_disabled_compute_nothing():
    pair = load_pair(model_xml('density="1000" viscosity=".1"'))
    for m in (pair.m, pair.ref_m):
        m.opt.disableflags |= SPRING | DAMPER
    pair.randomize_state(1)
    run_passive(pair)
    for field in PASSIVE_FIELDS:
        assert not np.any(getattr(pair.d, field)), field
    assert not np.any(passive_derivative(pair.m, pair.d))


def test_zero_gravity_compensates_nothing():
    check_model(model_xml('gravity="0 0 0"'))


@pytest.mark.parametrize("joint", ["hinge", "ball", "slide", "free"])
def test_actuator_gravcomp_leaves_qfrc_passive(joint):
    """actuatorgravcomp: the joint's dofs keep their gravity compensation in qfrc_gravcomp,
    but qfrc_passive leaves it out (the actuation stage adds it to qfrc_actuator)."""
    pair = check_model(model_xml(joint_attributes={joint: 'actuatorgravcomp="true"'}))
    m, d = pair.m, pair.d
    joint_id = mjsim.mj_name2id(m, mjsim.mjtObj.mjOBJ_JOINT, joint)
    dofs = np.flatnonzero(np.asarray(m.dof_jntid) == joint_id)
    assert np.any(d.qfrc_gravcomp[dofs] != 0)
    rest = d.qfrc_spring + d.qfrc_damper + d.qfrc_fluid
    np.testing.assert_allclose(d.qfrc_passive[dofs], rest[dofs], rtol=1e-15, atol=0)


def test_fluid_inertia_box_within_passive_matches_reference():
    check_model(model_xml('density="1000" viscosity=".1" wind="1 -2 .5"'))


@pytest.mark.parametrize("path", params(corpus_models()))
def test_passive_matches_reference_on_corpus(path):
    check_model(path)


# ---------------------------------------------------------------------------------------
# oracle-free properties


def energy_xml():
    """The joints alone, with gravity off: the potential energy is the springs' energy."""
    return model_xml('gravity="0 0 0"').split("<tendon>")[0] + "</mujoco>"


def test_spring_forces_are_minus_the_energy_gradient():
    m = mjsim.MjModel.from_xml_string(energy_xml())
    m.opt.enableflags |= int(mjsim.mjtEnableBit.mjENBL_ENERGY)
    d = mjsim.MjData(m)
    rng = np.random.default_rng(3)
    d.qpos[:] = m.qpos0 + 0.8 * rng.standard_normal(m.nq)
    mjsim.mj_normalizeQuat(m, d.qpos)
    qpos = np.array(d.qpos)

    def energy(dof, step):
        velocity = np.zeros(m.nv)
        velocity[dof] = 1
        d.qpos[:] = qpos
        mjsim.mj_integratePos(m, d.qpos, velocity, step)
        mjsim.mj_fwdPosition(m, d)
        mjsim.mj_energyPos(m, d)
        return d.energy[0]

    d.qpos[:] = qpos
    mjsim.mj_fwdPosition(m, d)
    mjsim.mj_fwdVelocity(m, d)
    mjsim.mj_passive(m, d)
    spring = np.array(d.qfrc_spring)
    h = 1e-6
    gradient = [(energy(i, h) - energy(i, -h)) / (2 * h) for i in range(m.nv)]
    np.testing.assert_allclose(spring, -np.array(gradient), rtol=1e-6, atol=1e-7)


def dense_D(m, values):
    dense = np.zeros((m.nv, m.nv))
    for i in range(m.nv):
        for e in range(m.D_rowadr[i], m.D_rowadr[i] + m.D_rownnz[i]):
            dense[i, m.D_colind[e]] = values[e]
    return dense


def test_derivative_is_a_finite_difference_of_the_forces():
    """d(qfrc_passive)/d(qvel) at every entry of the D pattern, with dof and tendon dampers
    and the inertia-box fluid (whose forces are not linear in qvel)."""
    m = mjsim.MjModel.from_xml_string(model_xml('density="800" viscosity=".2" wind=".3 0 -1"'))
    d = mjsim.MjData(m)
    rng = np.random.default_rng(5)
    d.qpos[:] = m.qpos0 + 0.5 * rng.standard_normal(m.nq)
    mjsim.mj_normalizeQuat(m, d.qpos)
    d.qvel[:] = rng.standard_normal(m.nv)
    mjsim.mj_fwdPosition(m, d)
    mjsim.mj_fwdVelocity(m, d)
    analytic = dense_D(m, passive_derivative(m, d))
    qvel, h = np.array(d.qvel), 1e-6
    numeric = np.zeros((m.nv, m.nv))
    for j in range(m.nv):
        forces = []
        for step in (h, -h):
            d.qvel[:] = qvel
            d.qvel[j] += step
            mjsim.mj_fwdVelocity(m, d)
            forces.append(np.array(d.qfrc_passive))
        numeric[:, j] = (forces[0] - forces[1]) / (2 * h)
    pattern = dense_D(m, np.ones(m.nD)) != 0
    assert np.any(analytic[pattern] != 0)
    np.testing.assert_allclose(analytic[pattern], numeric[pattern], rtol=1e-6, atol=1e-6)
    assert not np.any(analytic[~pattern])


# ---------------------------------------------------------------------------------------
# bad inputs and bindings


@pytest.mark.parametrize("value", [np.nan, np.inf, -np.inf])
@pytest.mark.parametrize("field", ["qpos", "qvel"])
def test_non_finite_state_does_not_crash(field, value):
    m = mjsim.MjModel.from_xml_string(model_xml('density="1000" viscosity=".1"'))
    d = mjsim.MjData(m)
    getattr(d, field)[:] = value
    mjsim.mj_fwdPosition(m, d)
    mjsim.mj_fwdVelocity(m, d)
    mjsim.mj_passive(m, d)
    passive_derivative(m, d)
    assert d.qfrc_passive.shape == (m.nv,)


def test_bindings_check_their_arguments():
    m = mjsim.MjModel.from_xml_string(model_xml())
    other = mjsim.MjModel.from_xml_string("<mujoco><worldbody/></mujoco>")
    with pytest.raises((TypeError, ValueError)):
        mjsim.mj_passive(m, mjsim.MjData(other))
    with pytest.raises(TypeError, match="qDeriv"):
        mjsim._core._add_passive_velocity_derivative(m, mjsim.MjData(m), np.zeros(m.nD + 1))
    with pytest.raises((TypeError, ValueError), match="qDeriv"):
        mjsim._core._add_passive_velocity_derivative(m, mjsim.MjData(m), np.zeros(m.nD, dtype=np.float32))
