"""Actuation (engine/actuation.cc) against the reference at random states: act_dot,
actuator_force, qfrc_actuator from mj_fwdActuation, the actuator part of qDeriv
(d qfrc_actuator / d qvel), and mju_muscleGain, mju_muscleBias, mju_muscleDynamics.

Models: every combination of dynamics, gain and bias type (with and without actearly), every
actuator shortcut, the limits (ctrl, force, act, joint and tendon actuator-force ranges),
gravity compensation through actuators, the disable flags, and every corpus model mjsim loads.

Each state comes from pair.randomize_state (ctrl partly outside ctrlrange). The position
stages run in both engines; mujoco.mj_forward gives the reference's values. Two inputs come
from stages of other files and are copied from the reference: actuator_velocity
(velocity.cc) and qfrc_gravcomp (passive.cc). The reference's actuator part of qDeriv is
d.qDeriv after mj_step with the implicitfast integrator (no bias part), with dampers disabled
and no fluid (no passive part).
"""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from conformance.test_constants import load_or_xfail  # noqa: E402
from corpus import corpus_models, params  # noqa: E402
from support import assert_fields_close, disable_constraints, load_pair  # noqa: E402

N_STATES = 6
ATOL, RTOL = 1e-10, 1e-10
FIELDS = ["act_dot", "actuator_force", "qfrc_actuator"]
POSITION_STAGES = ("mj_kinematics", "mj_comPos", "mj_tendon", "mj_transmission")


# ---------------------------------------------------------------------------------------
# running both engines


def prepare_reference(pair):
    """Constraints, dampers and fluid off in the reference (and constraints in ours), so that
    qDeriv after an implicitfast step is the actuators' part alone."""
    disable_constraints(pair)
    pair.ref_m.opt.disableflags |= int(mujoco.mjtDisableBit.mjDSBL_DAMPER)
    pair.ref_m.opt.density = 0
    pair.ref_m.opt.viscosity = 0


def run_actuation(pair):
    """The position stages in mjsim, mj_forward in the reference, the copied inputs, then
    mjsim's mj_fwdActuation."""
    m, d, ref_m, ref_d = pair
    for function in POSITION_STAGES:
        getattr(mjsim, function)(m, d)
    mujoco.mj_forward(ref_m, ref_d)
    d.actuator_velocity[:] = ref_d.actuator_velocity
    d.qfrc_gravcomp[:] = ref_d.qfrc_gravcomp
    mjsim.mj_fwdActuation(m, d)


def actuator_derivative(m, d):
    """mjsim's d(qfrc_actuator)/d(qvel) in the D layout, added into zeros."""
    qDeriv = np.zeros(m.nD)
    mjsim._core._add_actuator_velocity_derivative(m, d, qDeriv)
    return qDeriv


def reference_actuator_derivative(ref_m, ref_d):
    """The reference's qDeriv after one implicitfast step from ref_d's state (on a copy)."""
    integrator = ref_m.opt.integrator
    ref_m.opt.integrator = int(mujoco.mjtIntegrator.mjINT_IMPLICITFAST)
    try:
        data = mujoco.MjData(ref_m)
        for field in ("qpos", "qvel", "act", "ctrl", "qfrc_applied", "xfrc_applied",
                      "mocap_pos", "mocap_quat"):
            getattr(data, field)[:] = getattr(ref_d, field)
        mujoco.mj_step(ref_m, data)
        return np.array(data.qDeriv)
    finally:
        ref_m.opt.integrator = integrator


def check_state(pair, context):
    run_actuation(pair)
    assert_fields_close(pair.d, pair.ref_d, FIELDS, atol=ATOL, rtol=RTOL, context=context)
    np.testing.assert_allclose(actuator_derivative(pair.m, pair.d),
                               reference_actuator_derivative(pair.ref_m, pair.ref_d),
                               atol=ATOL, rtol=RTOL, err_msg=f"{context}: qDeriv (actuators)")


def check_model(model, states=N_STATES):
    pair = load_pair(model, seed=None)
    prepare_reference(pair)
    for seed in range(states):
        pair.randomize_state(seed)
        check_state(pair, f"{pair.name}, state {seed}")
    return pair


# ---------------------------------------------------------------------------------------
# small models

# hinges on one branch, a slide on a second tree, a ball and a body with gravity compensation
BODIES = """
<body name="upper" pos="0 0 1"><joint name="shoulder" axis="0 1 0" range="-1 1.5"/>
  <geom type="capsule" fromto="0 0 0 .5 0 0" size=".05"/><site name="s1" pos=".1 0 .05"/>
  <body name="lower" pos=".5 0 0"><joint name="elbow" axis="0 1 0" range="-2 0.5"/>
    <geom type="capsule" fromto="0 0 0 .4 0 0" size=".04"/><site name="s2" pos=".3 0 .04"/>
  </body>
</body>
<body name="cart" pos="2 0 0" gravcomp="0.7"><joint name="rail" type="slide" range="-.5 .5"/>
  <geom type="box" size=".1 .1 .1"/>
  <body name="knob" pos="0 0 .3"><joint name="ball" type="ball"/><geom size=".05" pos=".1 0 0"/></body>
</body>
"""
TENDONS = """<tendon>
<spatial name="path" range="0.1 1"><site site="s1"/><site site="s2"/></spatial>
<fixed name="mix"><joint joint="shoulder" coef="1"/><joint joint="elbow" coef="-.5"/><joint joint="rail" coef="2"/></fixed>
</tendon>"""

MUSCLE_PRM = "0.75 1.05 -1 200 0.5 1.6 1.5 1.3 1.2"
DYNPRM = {"none": "1", "integrator": "1", "filter": "0.03", "filterexact": "0.03",
          "muscle": "0.01 0.04 0.3", "user": "1"}
GAINPRM = {"fixed": "2.5", "affine": "1.5 0.3 -0.7", "muscle": MUSCLE_PRM, "user": "3"}
BIASPRM = {"none": "0", "affine": "0.2 -1.1 -0.4", "muscle": MUSCLE_PRM, "user": "4"}
TRANSMISSIONS = ['tendon="path"', 'tendon="mix"', 'joint="shoulder"', 'joint="rail"',
                 'site="s2"', 'joint="ball" gear="1 -2 .5 0 0 0"']


def general_actuators(actearly, actlimited=False):
    """One <general> per combination of dyntype, gaintype and biastype, on transmissions in
    turn. Muscle gains and biases get an explicit lengthrange."""
    lines = []
    combinations = [(dyn, gain, bias) for dyn in DYNPRM for gain in GAINPRM for bias in BIASPRM]
    for k, (dyn, gain, bias) in enumerate(combinations):
        attributes = (f'dyntype="{dyn}" gaintype="{gain}" biastype="{bias}" dynprm="{DYNPRM[dyn]}" '
                      f'gainprm="{GAINPRM[gain]}" biasprm="{BIASPRM[bias]}" '
                      f'{TRANSMISSIONS[k % len(TRANSMISSIONS)]} lengthrange="-0.5 1.2"')
        if dyn != "none":
            attributes += f' actearly="{str(actearly).lower()}"'
            if actlimited:
                attributes += ' actlimited="true" actrange="-0.3 0.6"'
        if k % 3 == 0:
            attributes += ' ctrlrange="-0.5 0.8"'
        lines.append(f"<general name=\"{dyn}_{gain}_{bias}\" {attributes}/>")
    return "\n".join(lines)


def model_xml(actuators, option="", bodies=BODIES):
    return (f'<mujoco><option timestep="0.05" {option}/><worldbody>{bodies}</worldbody>'
            f"{TENDONS}<actuator>{actuators}</actuator></mujoco>")


SHORTCUTS = {
    "motor": '<motor joint="shoulder" gear="2"/><motor tendon="mix" ctrlrange="-1 1" gear="-1.5"/>',
    "position": ('<position joint="shoulder" kp="20"/><position joint="elbow" kp="10" kv="2"/>'
                 '<position tendon="path" kp="5" dampratio="1"/>'
                 '<position joint="rail" kp="30" timeconst="0.02" inheritrange="0.9"/>'),
    "velocity": '<velocity joint="shoulder" kv="3"/><velocity tendon="mix" kv="1.5" ctrlrange="-.2 .3"/>',
    "intvelocity": ('<intvelocity joint="elbow" kp="8" actrange="-1 0.2"/>'
                    '<intvelocity joint="rail" kp="4" kv="1" inheritrange="1"/>'),
    "damper": '<damper joint="shoulder" kv="2" ctrlrange="0 1"/><damper tendon="mix" kv="1" ctrlrange="0 3"/>',
    "cylinder": ('<cylinder joint="rail" timeconst="0.05" area="0.3" bias="0.5 -2 -0.1"/>'
                 '<cylinder joint="elbow" diameter="0.2"/>'),
    "muscle": ('<muscle tendon="path" lengthrange="0.2 0.8"/>'
               '<muscle tendon="path" lengthrange="0.2 0.8" force="40" timeconst="0.02 0.06" tausmooth="0.2"/>'
               '<muscle joint="shoulder" lengthrange="-1 1.5" range="0.6 1.3" lmin="0.4" lmax="1.8" '
               'vmax="2" fpmax="1.5" fvmax="1.4" scale="300"/>'),
    "adhesion": '<adhesion body="knob" ctrlrange="0 1" gain="5"/><motor joint="elbow"/>',
}

LIMITS = {
    "forcelimited": ('<motor joint="shoulder" gear="3" forcerange="-0.4 0.3"/>'
                     '<position joint="elbow" kp="50" forcerange="-2 2"/>'
                     '<general joint="rail" gaintype="affine" gainprm="1 2 3" forcerange="-1 0.5"/>'),
    "ctrllimited": ('<motor joint="shoulder" ctrlrange="-0.3 0.2"/>'
                    '<general joint="elbow" dyntype="integrator" ctrlrange="0 0.5" actearly="true"/>'),
    "actlimited": general_actuators(actearly=True, actlimited=True),
    "joint_actfrcrange": '<motor joint="shoulder" gear="4"/><motor joint="rail" gear="3"/>'
                         '<motor tendon="mix" gear="2"/><motor joint="ball" gear="0 0 3 0 0 0"/>',
    "tendon_actfrcrange": ('<motor tendon="mix" gear="2"/><position tendon="mix" kp="5" forcerange="-0.5 0.5"/>'
                           '<motor tendon="path" gear="-3"/><velocity tendon="path" kv="4"/>'
                           '<motor joint="elbow"/>'),
    "actgravcomp": '<motor joint="rail"/><motor joint="shoulder"/>',
}
LIMIT_BODIES = {
    "joint_actfrcrange": BODIES.replace('name="shoulder"', 'name="shoulder" actuatorfrcrange="-0.7 0.5"')
                               .replace('name="rail"', 'name="rail" actuatorfrcrange="-0.2 0.9"'),
    "actgravcomp": BODIES.replace('name="rail"', 'name="rail" actuatorgravcomp="true" actuatorfrcrange="-3 20"')
                         .replace('name="ball"', 'name="ball" actuatorgravcomp="true"'),
}
LIMIT_TENDONS = {
    "tendon_actfrcrange": TENDONS.replace('name="mix"', 'name="mix" actuatorfrclimited="true" actuatorfrcrange="-0.6 0.4"')
                                 .replace('name="path"', 'name="path" actuatorfrclimited="true" actuatorfrcrange="-1 0.8"'),
}


def limit_xml(name):
    xml = model_xml(LIMITS[name], bodies=LIMIT_BODIES.get(name, BODIES))
    return xml.replace(TENDONS, LIMIT_TENDONS.get(name, TENDONS))


@pytest.mark.parametrize("actearly", [False, True])
def test_every_dynamics_gain_and_bias_type_matches_reference(actearly):
    check_model(model_xml(general_actuators(actearly)))


@pytest.mark.parametrize("name", sorted(SHORTCUTS))
def test_actuator_shortcuts_match_reference(name):
    check_model(model_xml(SHORTCUTS[name]))


@pytest.mark.parametrize("name", sorted(LIMITS))
def test_limits_match_reference(name):
    check_model(limit_xml(name))


def test_limits_are_active():
    """The limit models do clamp at the random states (the tests above would pass vacuously
    otherwise): forces at forcerange, joints at actfrcrange, tendon sums at their range."""
    pair = load_pair(limit_xml("forcelimited"), seed=None)
    prepare_reference(pair)
    pair.randomize_state(3)
    run_actuation(pair)
    m, d = pair.m, pair.d
    assert np.any(np.isclose(np.abs(d.actuator_force), np.abs(m.actuator_forcerange).max(axis=1))
                  | np.isin(d.actuator_force, m.actuator_forcerange))

    pair = load_pair(limit_xml("joint_actfrcrange"), seed=None)
    prepare_reference(pair)
    clamped = 0
    for seed in range(N_STATES):
        pair.randomize_state(seed)
        run_actuation(pair)
        clamped += int(np.isin(pair.d.qfrc_actuator, pair.m.jnt_actfrcrange).sum())
    assert clamped > 0

    pair = load_pair(limit_xml("tendon_actfrcrange"), seed=None)
    prepare_reference(pair)
    assert list(pair.ref_m.tendon_actfrclimited) == [1, 1]
    clamped = 0
    for seed in range(N_STATES):
        pair.randomize_state(seed)
        run_actuation(pair)
        forces = np.asarray(pair.d.actuator_force)
        for tendon, actuators in ((1, [0, 1]), (0, [2, 3])):
            clamped += int(np.isclose(forces[actuators].sum(), pair.m.tendon_actfrcrange[tendon]).any())
    assert clamped > 0


FLAGS = {
    "actuation": int(mujoco.mjtDisableBit.mjDSBL_ACTUATION),
    "clampctrl": int(mujoco.mjtDisableBit.mjDSBL_CLAMPCTRL),
}


@pytest.mark.parametrize("flag", sorted(FLAGS))
def test_disable_flags_match_reference(flag):
    xml = model_xml(general_actuators(actearly=True) + SHORTCUTS["position"] + SHORTCUTS["motor"])
    pair = load_pair(xml, seed=None)
    prepare_reference(pair)
    for model in (pair.m, pair.ref_m):
        model.opt.disableflags |= FLAGS[flag]
    for seed in range(3):
        pair.randomize_state(seed)
        pair.d.act_dot[:] = pair.ref_d.act_dot[:] = 7.0  # left as it is with mjDSBL_ACTUATION
        check_state(pair, f"disabled {flag}, state {seed}")


def test_disabled_actuation_zeroes_actuator_velocity():
    # with actuation disabled the reference's mj_forward leaves actuator_velocity at 0 (as
    # actuator_force and qfrc_actuator) and act_dot as it was; actuator_length is computed
    xml = model_xml(general_actuators(actearly=True) + SHORTCUTS["position"] + SHORTCUTS["motor"])
    pair = load_pair(xml, seed=None)
    for model in (pair.m, pair.ref_m):
        model.opt.disableflags |= FLAGS["actuation"]
    for seed in range(3):
        pair.randomize_state(seed)
        for data in (pair.d, pair.ref_d):
            data.act_dot[:] = 7.0
            data.actuator_velocity[:] = data.actuator_force[:] = data.qfrc_actuator[:] = 5.0
        pair.call("mj_forward")
        assert_fields_close(pair.d, pair.ref_d, ["actuator_length", "actuator_velocity", "actuator_force",
                                                 "act_dot", "qfrc_actuator"], atol=ATOL, rtol=RTOL,
                            context=f"state {seed}")
        assert not pair.d.actuator_velocity.any() and pair.ref_d.actuator_length.any()


@pytest.mark.parametrize("mask", [1, 2, 5, (1 << 30)])
def test_disabled_actuator_groups_match_reference(mask):
    actuators = "".join(f'<motor joint="shoulder" group="{g}" gear="{g + 1}"/>'
                        f'<general joint="elbow" group="{g}" dyntype="filter" dynprm=".1" '
                        f'gaintype="affine" gainprm="1 0 2" biastype="affine" biasprm="0 0 -1"/>'
                        for g in (0, 1, 2, 30))
    pair = load_pair(model_xml(actuators), seed=None)
    prepare_reference(pair)
    for model in (pair.m, pair.ref_m):
        model.opt.disableactuator = mask
    for seed in range(3):
        pair.randomize_state(seed)
        check_state(pair, f"disableactuator {mask}, state {seed}")


@pytest.mark.parametrize("path", params(corpus_models()))
def test_actuation_matches_reference_on_corpus(path):
    load_or_xfail(path)
    check_model(path)


# ---------------------------------------------------------------------------------------
# user dynamics with several activations (no callbacks: act_dot 0, gain 1, bias 0)


def test_user_actuator_with_several_activations_matches_reference():
    actuators = ('<general joint="shoulder" dyntype="user" actdim="3" gaintype="user" biastype="user"/>'
                 '<general joint="elbow" dyntype="user" actdim="2" gainprm="2" actearly="true"/>'
                 '<general joint="rail" dyntype="filter" dynprm=".2"/>')
    pair = check_model(model_xml(actuators))
    assert list(pair.ref_m.actuator_actnum) == [3, 2, 1]


# ---------------------------------------------------------------------------------------
# bad inputs: NaN, infinite or huge ctrl and act


BAD_VALUES = [np.nan, np.inf, -np.inf, 1e11]


def bad_input_pair():
    actuators = (general_actuators(actearly=True) + SHORTCUTS["position"] + SHORTCUTS["muscle"])
    pair = load_pair(model_xml(actuators), seed=None)
    prepare_reference(pair)
    return pair


def assert_same_outcome(pair, context):
    run_actuation(pair)
    for field in FIELDS:
        np.testing.assert_allclose(getattr(pair.d, field), getattr(pair.ref_d, field), atol=ATOL,
                                   rtol=RTOL, equal_nan=True, err_msg=f"{context}: {field}")
    bad_ctrl = int(mujoco.mjtWarning.mjWARN_BADCTRL)
    ours, ref = pair.d.warning[bad_ctrl], pair.ref_d.warning[bad_ctrl]
    assert (ours.number, ours.lastinfo) == (ref.number, ref.lastinfo), context


@pytest.mark.parametrize("value", BAD_VALUES)
def test_bad_ctrl_zeroes_controls_and_warns_as_reference(value):
    pair = bad_input_pair()
    nu = pair.ref_m.nu
    for seed, actuators in enumerate([[0], [5, 40], [nu - 1], list(range(nu))]):
        pair.randomize_state(seed)
        for data in (pair.d, pair.ref_d):
            data.ctrl[actuators] = value
        assert_same_outcome(pair, f"ctrl {value} at {actuators[:3]}")
        np.testing.assert_array_equal(pair.d.ctrl, pair.ref_d.ctrl)  # d.ctrl left unchanged
        with np.errstate(invalid="ignore"):
            np.testing.assert_allclose(actuator_derivative(pair.m, pair.d),
                                       reference_actuator_derivative(pair.ref_m, pair.ref_d),
                                       atol=ATOL, rtol=RTOL, equal_nan=True)


def test_bad_ctrl_warning_counts_once_per_call():
    pair = bad_input_pair()
    pair.randomize_state(0)
    for data in (pair.d, pair.ref_d):
        data.ctrl[[3, 7]] = np.nan
    for _ in range(3):
        assert_same_outcome(pair, "three calls")
    assert pair.d.warning[int(mujoco.mjtWarning.mjWARN_BADCTRL)].number == 3


@pytest.mark.parametrize("value", BAD_VALUES)
def test_bad_act_propagates_as_reference(value):
    pair = bad_input_pair()
    for seed in range(3):
        pair.randomize_state(seed)
        for data in (pair.d, pair.ref_d):
            data.act[seed::4] = value
        with np.errstate(invalid="ignore", over="ignore"):
            assert_same_outcome(pair, f"act {value}, state {seed}")


# ---------------------------------------------------------------------------------------
# the muscle functions


def random_muscle_parameters(rng):
    force = rng.choice([-1.0, 0.0, rng.uniform(0.1, 100)])
    return np.array([rng.uniform(0.3, 0.9), rng.uniform(0.95, 1.5), force, rng.uniform(1, 300),
                     rng.uniform(0.2, 0.9), rng.uniform(1.1, 2), rng.uniform(0.5, 3),
                     rng.uniform(0.5, 2), rng.uniform(1.05, 2)])


def test_muscle_gain_and_bias_match_reference():
    rng = np.random.default_rng(11)
    for _ in range(5000):
        prm = random_muscle_parameters(rng)
        lengthrange = np.sort(rng.uniform(-2, 2, 2))
        acc0 = rng.uniform(0.01, 100)
        length = rng.uniform(lengthrange[0] - 1, lengthrange[1] + 1)
        velocity = 3 * rng.standard_normal()
        args = (length, velocity, lengthrange, acc0, prm)
        gain, ref_gain = mjsim.mju_muscleGain(*args), mujoco.mju_muscleGain(*args)
        bias_args = (length, lengthrange, acc0, prm)
        bias, ref_bias = mjsim.mju_muscleBias(*bias_args), mujoco.mju_muscleBias(*bias_args)
        assert abs(gain - ref_gain) <= 1e-14 * max(1, abs(ref_gain)), args
        assert abs(bias - ref_bias) <= 1e-14 * max(1, abs(ref_bias)), bias_args


DEGENERATE_MUSCLES = [
    ([0.75, 0.75, 1, 1, 0.5, 1.6, 1.5, 1.3, 1.2], [0, 1], 1.0),       # range of zero width
    ([0.75, 1.05, -1, 200, 0.5, 1.6, 1.5, 1.3, 1.2], [1, 1], 1.0),    # empty lengthrange
    ([0.75, 1.05, -1, 200, 0.5, 1.6, 1.5, 1.3, 1.2], [0, 1], 0.0),    # acc0 0
    ([0.75, 1.05, 2, 200, 0.5, 1.6, 1.5, 1.3, 1.0], [0, 1], 1.0),     # fvmax 1
    ([0.75, 1.05, 2, 200, 1, 1, 1.5, 1.3, 1.2], [0, 1], 1.0),         # lmin = lmax = 1
    ([0.75, 1.05, 2, 200, 0.5, 1.6, 0, 1.3, 1.2], [0, 1], 1.0),       # vmax 0
    ([1.05, 0.75, 2, 200, 0.5, 1.6, 1.5, 1.3, 1.2], [0, 1], 1.0),     # reversed range
]


@pytest.mark.parametrize("prm, lengthrange, acc0", DEGENERATE_MUSCLES)
def test_muscle_gain_and_bias_match_reference_at_degenerate_parameters(prm, lengthrange, acc0):
    prm, lengthrange = np.array(prm, float), np.array(lengthrange, float)
    for length in np.linspace(-0.5, 1.8, 24):
        for velocity in (-2.0, -0.3, 0.0, 0.1, 2.0):
            args = (length, velocity, lengthrange, acc0, prm)
            ref = mujoco.mju_muscleGain(*args)
            assert mjsim.mju_muscleGain(*args) == pytest.approx(ref, rel=1e-14, abs=1e-14), args
        ref = mujoco.mju_muscleBias(length, lengthrange, acc0, prm)
        assert mjsim.mju_muscleBias(length, lengthrange, acc0, prm) == pytest.approx(
            ref, rel=1e-14, abs=1e-14)


def test_muscle_dynamics_matches_reference():
    rng = np.random.default_rng(5)
    for _ in range(20000):
        prm = np.array([rng.uniform(0.001, 0.1), rng.uniform(0.001, 0.1),
                        rng.choice([0.0, rng.uniform(0, 1)])])
        ctrl, act = rng.uniform(-0.5, 1.5, 2)
        ours, ref = mjsim.mju_muscleDynamics(ctrl, act, prm), mujoco.mju_muscleDynamics(ctrl, act, prm)
        assert abs(ours - ref) <= 1e-14 * max(1, abs(ref)), (ctrl, act, prm)
    for prm in ([0, 0.04, 0], [0.01, 0, 0], [0, 0, 0], [0.01, 0.04, -1], [0.01, 0.04, 1e-16]):
        for ctrl, act in ((0.5, 0.2), (0.2, 0.5), (0.3, 0.3), (1.5, -0.2)):
            prm_array = np.array(prm, float)
            assert mjsim.mju_muscleDynamics(ctrl, act, prm_array) == pytest.approx(
                mujoco.mju_muscleDynamics(ctrl, act, prm_array), rel=1e-14)


def test_muscle_gain_velocity_slope_is_the_derivative():
    """Oracle-free: the muscle part of qDeriv equals a finite difference of mju_muscleGain."""
    pair = load_pair(model_xml(SHORTCUTS["muscle"]), seed=None)
    prepare_reference(pair)
    pair.randomize_state(2)
    run_actuation(pair)
    m, d = pair.m, pair.d
    qDeriv = actuator_derivative(m, d)
    expected = np.zeros((m.nv, m.nv))
    for i in range(m.nu):
        adr, nnz = d.moment_rowadr[i], d.moment_rownnz[i]
        row = np.zeros(m.nv)
        row[d.moment_colind[adr:adr + nnz]] = d.actuator_moment[adr:adr + nnz]
        args = (d.actuator_length[i], m.actuator_lengthrange[i], m.actuator_acc0[i], m.actuator_gainprm[i, :9])
        step = 1e-6
        slope = (mjsim.mju_muscleGain(args[0], d.actuator_velocity[i] + step, *args[1:])
                 - mjsim.mju_muscleGain(args[0], d.actuator_velocity[i] - step, *args[1:])) / (2 * step)
        expected += slope * d.act[m.actuator_actadr[i]] * np.outer(row, row)
    dense = np.zeros((m.nv, m.nv))
    for dof in range(m.nv):
        for e in range(m.D_rowadr[dof], m.D_rowadr[dof] + m.D_rownnz[dof]):
            dense[dof, m.D_colind[e]] = qDeriv[e]
    assert np.abs(expected).max() > 1e-3
    np.testing.assert_allclose(dense, expected, atol=1e-6 * np.abs(expected).max())


# ---------------------------------------------------------------------------------------
# bindings


def test_bindings_reject_wrong_arguments():
    prm = np.array([0.75, 1.05, -1, 200, 0.5, 1.6, 1.5, 1.3, 1.2])
    with pytest.raises(TypeError, match="lengthrange must have 2 values, got 3"):
        mjsim.mju_muscleGain(0.5, 0.1, np.zeros(3), 1.0, prm)
    with pytest.raises(TypeError, match="prm must have 9 values, got 8"):
        mjsim.mju_muscleBias(0.5, np.array([0.0, 1.0]), 1.0, prm[:8])
    with pytest.raises(TypeError, match="prm must have 3 values, got 2"):
        mjsim.mju_muscleDynamics(0.5, 0.1, np.array([0.01, 0.04]))
    with pytest.raises(TypeError, match="prm"):
        mjsim.mju_muscleDynamics(0.5, 0.1, "fast")
    with pytest.raises(TypeError):
        mjsim.mju_muscleGain("long", 0.1, np.zeros(2), 1.0, prm)
    # lists work as arrays do
    assert mjsim.mju_muscleDynamics(0.5, 0.1, [0.01, 0.04, 0.0]) == pytest.approx(
        mujoco.mju_muscleDynamics(0.5, 0.1, np.array([0.01, 0.04, 0.0])))

    xml = model_xml(SHORTCUTS["motor"])
    m = mjsim.MjModel.from_xml_string(xml)
    mjsim.mj_fwdActuation(m, mjsim.MjData(mjsim.MjModel.from_xml_string(xml)))  # same sizes: fine
    other = mjsim.MjModel.from_xml_string(model_xml(SHORTCUTS["motor"]).replace("<mujoco>", "<mujoco><size nuserdata='3'/>", 1))
    with pytest.raises((TypeError, ValueError)):
        mjsim.mj_fwdActuation(m, mjsim.MjData(other))
    with pytest.raises(TypeError, match="qDeriv must have"):
        mjsim._core._add_actuator_velocity_derivative(m, mjsim.MjData(m), np.zeros(m.nD + 1))
