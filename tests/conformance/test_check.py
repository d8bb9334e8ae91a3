"""State checks and auto-reset (engine/check.cc) against the reference: NaN, infinite or huge
(beyond 1e10) qpos, qvel or qacc raise the warning counter of that array; unless
mjDSBL_AUTORESET, the Data is reset and the step goes on from the reset state. Nothing crashes
or hangs, and the counters, lastinfo and the state after the step equal the reference's.
Constraints are disabled in both engines (mjsim has no constraint solver yet; through it, a NaN
in one tree reaches every dof in the reference).
"""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from support import disable_constraints, load_pair  # noqa: E402

XML = """<mujoco>
  <worldbody>
    <body><joint name="a" damping="1"/><geom type="capsule" size=".1" fromto="0 0 0 1 0 0"/></body>
    <body pos="0 1 0"><joint type="slide"/><geom size=".1"/></body>
    <body pos="0 3 0"><freejoint/><geom type="box" size=".1 .2 .3"/></body>
  </worldbody>
  <actuator><motor joint="a" ctrlrange="-1 1"/></actuator>
</mujoco>"""

AUTORESET = 1 << 16  # mjDSBL_AUTORESET
BAD_VALUES = {"nan": np.nan, "inf": np.inf, "huge": -1.0000001e10}

# (array, index, value name)
CASES = [("qpos", 1, "nan"), ("qpos", 5, "huge"), ("qvel", 1, "inf"), ("qvel", 4, "huge"),
         ("qfrc_applied", 1, "huge"), ("qfrc_applied", 3, "nan")]


def set_both(pair, field, index, value):
    for data in (pair.d, pair.ref_d):
        getattr(data, field)[index] = value


def assert_same_outcome(pair, context):
    d, ref_d = pair.d, pair.ref_d
    np.testing.assert_array_equal(d.warning.number, ref_d.warning.number, err_msg=f"{context}: number")
    np.testing.assert_array_equal(d.warning.lastinfo, ref_d.warning.lastinfo, err_msg=f"{context}: lastinfo")
    for field in ("qpos", "qvel", "ctrl", "qfrc_applied"):
        np.testing.assert_allclose(getattr(d, field), getattr(ref_d, field), rtol=1e-12, atol=1e-12,
                                   err_msg=f"{context}: {field}")
    assert d.time == pytest.approx(ref_d.time)


@pytest.mark.parametrize("integrator", [0, 1, 2, 3])
@pytest.mark.parametrize("autoreset", [True, False])
@pytest.mark.parametrize("field, index, value", CASES)
def test_bad_state_warns_and_resets_like_reference(field, index, value, autoreset, integrator):
    pair = load_pair(XML, seed=None)
    disable_constraints(pair)
    for model in (pair.m, pair.ref_m):
        model.opt.integrator = integrator
        if not autoreset:
            model.opt.disableflags = model.opt.disableflags | AUTORESET
    for data in (pair.d, pair.ref_d):
        data.time = 1.5
        data.ctrl[0] = 0.5
    set_both(pair, field, index, BAD_VALUES[value])
    pair.call("mj_step")
    context = f"{field}[{index}] = {value}, autoreset {autoreset}, integrator {integrator}"
    if autoreset:
        assert_same_outcome(pair, context)
    else:  # the state stays bad; the counters count twice, as the reference's do
        np.testing.assert_array_equal(pair.d.warning.number, pair.ref_d.warning.number, err_msg=context)
        np.testing.assert_array_equal(pair.d.warning.lastinfo, pair.ref_d.warning.lastinfo, err_msg=context)


def test_limit_is_exclusive():
    pair = load_pair(XML, seed=None)
    set_both(pair, "qpos", 1, 1e10)
    pair.call("mj_step")
    assert pair.d.warning.number.sum() == 0 == pair.ref_d.warning.number.sum()


def test_warnings_accumulate_and_reset_clears_them():
    m = mjsim.MjModel.from_xml_string(XML)
    d = mjsim.MjData(m)
    m.opt.disableflags = m.opt.disableflags | AUTORESET
    d.qvel[0] = np.nan
    mjsim.mj_step(m, d, 3)
    assert d.warning[mjsim.mjtWarning.mjWARN_BADQVEL].number == 6
    assert d.warning[mjsim.mjtWarning.mjWARN_BADQVEL].lastinfo == 0
    mjsim.mj_resetData(m, d)
    assert d.warning.number.sum() == 0


def test_check_functions_alone():
    pair = load_pair(XML, seed=None)
    set_both(pair, "qvel", 2, np.nan)
    pair.call("mj_checkPos")
    pair.call("mj_checkVel")
    assert_same_outcome(pair, "mj_checkVel")
    for data in (pair.d, pair.ref_d):
        data.qacc[3] = np.inf
    pair.call("mj_checkAcc")
    assert_same_outcome(pair, "mj_checkAcc")


def test_warning_list_indexing():
    d = mjsim.MjData(mjsim.MjModel.from_xml_string(XML))
    assert len(d.warning) == 8
    with pytest.raises(IndexError, match="MjWarningStatList index 8 out of range"):
        d.warning[8]
    d.warning[-1].number = 4
    assert d.warning.number[7] == 4


HUGE_FORCE_XML = """<mujoco><option integrator="{integrator}"/><worldbody>
<geom type="plane" size="5 5 1"/><body pos="0 0 .1"><freejoint/><geom size=".1"/></body>
<body pos="1 0 1"><joint name="j" type="hinge"/><geom type="capsule" size=".1" fromto="0 0 0 .3 0 0"/>
</body></worldbody><actuator><motor joint="j" gear="{gear}"/></actuator></mujoco>"""


@pytest.mark.parametrize("integrator", ["Euler", "RK4", "implicit", "implicitfast"])
@pytest.mark.parametrize("gear", ["1", "1e150"])
@pytest.mark.parametrize("field, value", [("qfrc_applied", 1e160), ("qfrc_applied", 1e300),
                                          ("xfrc_applied", 1e160), ("xfrc_applied", 1e200),
                                          ("ctrl", 1e160), ("ctrl", 1e5)])
def test_huge_forces_warn_like_reference(integrator, gear, field, value):
    """Forces of 1e160 and more are not dropped silently: the same warning (BADQACC, or
    BADCTRL for ctrl), count, lastinfo and reset as the reference."""
    xml = HUGE_FORCE_XML.format(integrator=integrator, gear=gear)
    results = []
    for engine in (mjsim, mujoco):
        m = engine.MjModel.from_xml_string(xml)
        d = engine.MjData(m)
        target = getattr(d, field)
        if field == "xfrc_applied":
            target[1, 2] = value
        elif field == "qfrc_applied":
            target[2] = value
        else:
            target[0] = value
        engine.mj_step(m, d, 2)
        results.append(([(int(w.number), int(w.lastinfo)) for w in d.warning], d.time,
                        d.qpos.copy()))
    assert results[0][0] == results[1][0]
    assert results[0][1] == results[1][1]
    np.testing.assert_allclose(results[0][2], results[1][2], atol=1e-9)
