"""d.timer (engine/timer.h, timer.cc): which pipeline function counts which mjtTimer stage,
compared with the reference call by call (numbers exactly), and oracle-free properties of the
durations (seconds of wall time, nested stages inside their parents), reset, copies, pickling,
the list's views and bad indices.
"""

import copy
import pickle
import time

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from support import load_pair  # noqa: E402

NTIMER = 15
SCENE = """<mujoco><option integrator="{integrator}"/><worldbody>
<geom type="plane" size="1 1 1"/>
<body pos="0 0 .09"><freejoint/><geom size=".1"/></body>
<body pos="1 0 1"><joint name="h" damping=".1"/><geom type="capsule" size=".05 .2"/></body>
</worldbody><actuator><motor joint="h"/></actuator></mujoco>"""

CALLS = {
    "mj_step": lambda lib, m, d: lib.mj_step(m, d),
    "mj_step nstep=3": lambda lib, m, d: lib.mj_step(m, d, 3),
    "mj_forward": lambda lib, m, d: lib.mj_forward(m, d),
    "mj_inverse": lambda lib, m, d: lib.mj_inverse(m, d),
    "mj_fwdPosition": lambda lib, m, d: lib.mj_fwdPosition(m, d),
    "mj_fwdVelocity": lambda lib, m, d: lib.mj_fwdVelocity(m, d),
    "mj_fwdActuation": lambda lib, m, d: lib.mj_fwdActuation(m, d),
    "mj_fwdConstraint": lambda lib, m, d: lib.mj_fwdConstraint(m, d),
    "mj_collision": lambda lib, m, d: lib.mj_collision(m, d),
    "mj_kinematics": lambda lib, m, d: lib.mj_kinematics(m, d),
    "mj_makeConstraint": lambda lib, m, d: lib.mj_makeConstraint(m, d),
    "mj_step1": lambda lib, m, d: lib.mj_step1(m, d),
    "mj_step2": lambda lib, m, d: lib.mj_step2(m, d),
    "mj_Euler": lambda lib, m, d: lib.mj_Euler(m, d),
    "mj_RungeKutta": lambda lib, m, d: lib.mj_RungeKutta(m, d, 4),
    "mj_forwardSkip pos": lambda lib, m, d: lib.mj_forwardSkip(m, d, 1, 0),
    "mj_forwardSkip vel": lambda lib, m, d: lib.mj_forwardSkip(m, d, 2, 1),
    "mj_inverseSkip pos": lambda lib, m, d: lib.mj_inverseSkip(m, d, 1, 0),
    "mj_invPosition": lambda lib, m, d: lib.mj_invPosition(m, d),
    "mj_invConstraint": lambda lib, m, d: lib.mj_invConstraint(m, d),
}


def numbers(data):
    return np.array([data.timer[i].number for i in range(NTIMER)])


def counted(pair, call):
    """The timer numbers each engine adds in one call, after a forward pass."""
    pair.call("mj_forward")
    before = numbers(pair.d), numbers(pair.ref_d)
    call(mjsim, pair.m, pair.d)
    call(mujoco, pair.ref_m, pair.ref_d)
    return numbers(pair.d) - before[0], numbers(pair.ref_d) - before[1]


def names(counts):
    return [mujoco.mjtTimer(i).name for i in np.flatnonzero(counts)]


@pytest.mark.parametrize("name", list(CALLS))
def test_each_call_counts_the_reference_stages(name):
    pair = load_pair(SCENE.format(integrator="Euler"))
    ours, ref = counted(pair, CALLS[name])
    assert list(ours) == list(ref), f"{name}: ours {names(ours)}, reference {names(ref)}"


DSBL = mujoco.mjtDisableBit


@pytest.mark.parametrize("integrator", ["Euler", "RK4", "implicit", "implicitfast"])
@pytest.mark.parametrize("flags", [
    0, DSBL.mjDSBL_CONSTRAINT, DSBL.mjDSBL_CONTACT, DSBL.mjDSBL_ACTUATION,
    DSBL.mjDSBL_CONTACT | DSBL.mjDSBL_ACTUATION, DSBL.mjDSBL_SENSOR,
], ids=["none", "constraint", "contact", "actuation", "contact+actuation", "sensor"])
def test_step_counts_per_integrator_and_disabled_stage(integrator, flags):
    pair = load_pair(SCENE.format(integrator=integrator))
    pair.m.opt.disableflags = pair.ref_m.opt.disableflags = int(flags)
    ours, ref = counted(pair, CALLS["mj_step"])
    assert list(ours) == list(ref), f"ours {names(ours)}, reference {names(ref)}"


@pytest.mark.parametrize("xml", [
    "<mujoco/>",
    "<mujoco><worldbody><body><joint/><geom size='.1'/></body></worldbody></mujoco>",
    "<mujoco><option><flag fwdinv='enable'/></option><worldbody><geom type='plane' size='1 1 1'/>"
    "<body pos='0 0 .05'><freejoint/><geom size='.1'/></body></worldbody></mujoco>",
], ids=["empty", "no actuator", "fwdinv"])
def test_step_counts_on_models_without_some_stages(xml):
    pair = load_pair(xml)
    ours, ref = counted(pair, CALLS["mj_step"])
    assert list(ours) == list(ref), f"ours {names(ours)}, reference {names(ref)}"


def test_mj_step_of_many_steps_counts_each():
    m = mjsim.MjModel.from_xml_string(SCENE.format(integrator="Euler"))
    d = mjsim.MjData(m)
    mjsim.mj_step(m, d, 25)
    assert d.timer[mjsim.mjtTimer.mjTIMER_STEP].number == 25
    assert d.timer[mjsim.mjtTimer.mjTIMER_FORWARD].number == 25


def test_durations_are_seconds_of_the_calls_own_time():
    """Oracle-free: a stage's duration is positive and within the wall time of the call that
    contains it, and a nested stage takes no longer than its parent."""
    m = mjsim.MjModel.from_xml_string(SCENE.format(integrator="Euler"))
    d = mjsim.MjData(m)
    start = time.perf_counter()
    mjsim.mj_step(m, d, 200)
    wall = time.perf_counter() - start
    timer = d.timer
    step, forward = timer[mjsim.mjtTimer.mjTIMER_STEP], timer[mjsim.mjtTimer.mjTIMER_FORWARD]
    position = timer[mjsim.mjtTimer.mjTIMER_POSITION]
    collision = timer[mjsim.mjtTimer.mjTIMER_POS_COLLISION]
    assert 0 < step.duration <= wall
    assert 0 < forward.duration <= step.duration
    assert 0 < position.duration <= forward.duration
    assert 0 < collision.duration <= position.duration
    assert np.all(timer.duration >= 0)


def test_reset_clears_and_copies_keep_the_timers():
    m = mjsim.MjModel.from_xml_string(SCENE.format(integrator="Euler"))
    d = mjsim.MjData(m)
    mjsim.mj_step(m, d, 3)
    expected = (d.timer.number.copy(), d.timer.duration.copy())
    for other in (copy.copy(d), copy.deepcopy(d), pickle.loads(pickle.dumps(d))):
        np.testing.assert_array_equal(other.timer.number, expected[0])
        np.testing.assert_array_equal(other.timer.duration, expected[1])
    target = mjsim.MjData(m)
    mjsim.mj_copyData(target, m, d)
    np.testing.assert_array_equal(target.timer.number, expected[0])
    mjsim.mj_resetData(m, d)
    assert not d.timer.number.any() and not d.timer.duration.any()


def test_timer_list_reads_and_writes_like_the_reference():
    m = mjsim.MjModel.from_xml_string("<mujoco/>")
    d = mjsim.MjData(m)
    assert len(d.timer) == NTIMER == int(mjsim.mjtTimer.mjNTIMER)
    d.timer[0].duration = 5.0
    d.timer[0].number = 7
    assert d.timer.duration[0] == 5.0 and d.timer.number[0] == 7
    assert d.timer.number.dtype == np.int32 and d.timer.duration.shape == (NTIMER,)
    assert isinstance(d.timer[3], mjsim.MjTimerStat)
    assert d.timer[-1].number == 0  # from the end, as a Python list


@pytest.mark.parametrize("index", [NTIMER, -NTIMER - 1, 100])
def test_timer_index_out_of_range_raises(index):
    d = mjsim.MjData(mjsim.MjModel.from_xml_string("<mujoco/>"))
    with pytest.raises(IndexError, match="index"):
        d.timer[index]


def test_wrong_value_type_raises():
    d = mjsim.MjData(mjsim.MjModel.from_xml_string("<mujoco/>"))
    with pytest.raises(TypeError):
        d.timer[0].number = "many"
