"""The global callbacks (engine/callbacks.cc, bindings/callbacks.cc): set_mjcb_* / get_mjcb_*
with mujoco's names. The same Python callbacks installed in both engines must be called at the
same points of each pipeline function, in the same order and with the same arguments, and
their results must change the simulation in the same way; exceptions and bad results raise.
"""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402

NAMES = ("control", "passive", "act_dyn", "act_gain", "act_bias", "sensor", "contactfilter",
         "time")

USER_MODEL = """<mujoco><worldbody><geom name="floor" type="plane" size="1 1 1"/>
<body name="a" pos="0 0 .09"><freejoint/><geom name="ga" size=".1"/>
  <body name="child" pos="0 0 .1"><joint name="h" damping=".2"/><geom name="gc" size=".1"/></body>
</body>
<body name="b" pos=".1 0 .09"><freejoint/><geom name="gb" size=".1" contype="0" conaffinity="0"/>
</body>
<body name="e" pos="-.1 0 .09"><freejoint/><geom name="ge" size=".1"/></body>
</worldbody>
<contact><exclude body1="a" body2="e"/><pair geom1="gb" geom2="floor"/></contact>
<actuator>
  <general joint="h" dyntype="user" gaintype="user" biastype="user" actdim="2" dynprm="1"/>
  <general joint="h" dyntype="user" gaintype="fixed" gainprm="3" biastype="none"/>
  <motor joint="h"/>
</actuator>
<sensor><user dim="2" needstage="pos" datatype="real"/><user dim="1" needstage="vel"/>
  <user dim="1" needstage="acc"/><jointpos joint="h"/></sensor>
</mujoco>"""


@pytest.fixture(autouse=True)
def no_callbacks_left():
    yield
    for lib in (mjsim, mujoco):
        for name in NAMES:
            getattr(lib, "set_mjcb_" + name)(None)


def recording_callbacks(log):
    """Callbacks that log their calls and write recognisable values."""
    def control(m, d):
        log.append(("control",))
        d.ctrl[:] = 0.5
    def passive(m, d):
        log.append(("passive",))
        d.qfrc_passive[-1] += 0.25
    def act_dyn(m, d, i):
        log.append(("act_dyn", i))
        if m.actuator_actnum[i] > 1:
            d.act_dot[m.actuator_actadr[i]:m.actuator_actadr[i] + 2] = [1.5, -1.5]
        return 10.0 + i
    def act_gain(m, d, i):
        log.append(("act_gain", i))
        return np.float64(2.0)
    def act_bias(m, d, i):
        log.append(("act_bias", i))
        return 1
    def sensor(m, d, stage):
        log.append(("sensor", stage))
        d.sensordata[:2] += stage
    def contactfilter(m, d, g1, g2):
        log.append(("contactfilter", g1, g2))
        return int(g1 == 0 and g2 == 4)
    return dict(control=control, passive=passive, act_dyn=act_dyn, act_gain=act_gain,
                act_bias=act_bias, sensor=sensor, contactfilter=contactfilter)


def install(lib, callbacks):
    for name, function in callbacks.items():
        getattr(lib, "set_mjcb_" + name)(function)


CALLS = {
    "mj_forward": lambda lib, m, d: lib.mj_forward(m, d),
    "mj_step": lambda lib, m, d: lib.mj_step(m, d),
    "mj_step nstep=3": lambda lib, m, d: lib.mj_step(m, d, 3),
    "mj_step1": lambda lib, m, d: lib.mj_step1(m, d),
    "mj_step2": lambda lib, m, d: lib.mj_step2(m, d),
    "mj_inverse": lambda lib, m, d: lib.mj_inverse(m, d),
    "mj_fwdActuation": lambda lib, m, d: lib.mj_fwdActuation(m, d),
    "mj_fwdVelocity": lambda lib, m, d: lib.mj_fwdVelocity(m, d),
    "mj_collision": lambda lib, m, d: lib.mj_collision(m, d),
    "mj_forwardSkip vel": lambda lib, m, d: lib.mj_forwardSkip(m, d, 2, 0),
    "mj_forwardSkip nosensor": lambda lib, m, d: lib.mj_forwardSkip(m, d, 0, 1),
    "mj_RungeKutta": lambda lib, m, d: lib.mj_RungeKutta(m, d, 4),
}


def run_both(call, flags=0, integrator=0):
    """The call in both engines with recording callbacks: (our log, reference log, ours, ref)."""
    results = []
    for lib in (mjsim, mujoco):
        m = lib.MjModel.from_xml_string(USER_MODEL)
        m.opt.disableflags = flags
        m.opt.integrator = integrator
        d = lib.MjData(m)
        d.act[:] = [0.5, 0.7, 0.9]
        lib.mj_forward(m, d)  # a state to start from, before the callbacks
        log = []
        install(lib, recording_callbacks(log))
        call(lib, m, d)
        for name in NAMES:
            getattr(lib, "set_mjcb_" + name)(None)
        results.append((log, d))
    return results[0][0], results[1][0], results[0][1], results[1][1]


@pytest.mark.parametrize("name", list(CALLS))
def test_callbacks_are_called_where_the_reference_calls_them(name):
    ours, ref, d, ref_d = run_both(CALLS[name])
    assert ours == ref
    for field in ("ctrl", "act", "act_dot", "actuator_force", "qfrc_passive", "sensordata",
                  "qacc", "qpos", "qvel"):
        np.testing.assert_allclose(getattr(d, field), getattr(ref_d, field), rtol=1e-9,
                                   atol=1e-12, err_msg=f"{name}: {field}")
    assert [tuple(c.geom) for c in d.contact] == [tuple(c.geom) for c in ref_d.contact]


DSBL = mujoco.mjtDisableBit


@pytest.mark.parametrize("flags", [
    DSBL.mjDSBL_ACTUATION, DSBL.mjDSBL_SPRING | DSBL.mjDSBL_DAMPER, DSBL.mjDSBL_SPRING,
    DSBL.mjDSBL_SENSOR, DSBL.mjDSBL_CONTACT,
], ids=["actuation", "spring+damper", "spring", "sensor", "contact"])
def test_disabled_stages_skip_their_callbacks_as_the_reference(flags):
    ours, ref, d, ref_d = run_both(CALLS["mj_step"], flags=int(flags))
    assert ours == ref
    np.testing.assert_allclose(d.qacc, ref_d.qacc, rtol=1e-9, atol=1e-12)


def test_callbacks_during_rk4_steps():
    ours, ref, d, ref_d = run_both(CALLS["mj_step"], integrator=1)
    assert ours == ref
    np.testing.assert_allclose(d.qpos, ref_d.qpos, rtol=1e-9, atol=1e-12)


def test_callback_gets_the_callers_model_and_data():
    m = mjsim.MjModel.from_xml_string(USER_MODEL)
    d = mjsim.MjData(m)
    seen = []
    mjsim.set_mjcb_control(lambda mm, dd: seen.append((mm is m, dd is d)))
    mjsim.mj_step(m, d, 2)
    assert seen == [(True, True)] * 2


def test_getter_returns_the_installed_callable_and_none_removes_it():
    def control(m, d):
        pass
    for name in NAMES:
        assert getattr(mjsim, "get_mjcb_" + name)() is None
    mjsim.set_mjcb_control(control)
    assert mjsim.get_mjcb_control() is control
    mjsim.set_mjcb_control(None)
    assert mjsim.get_mjcb_control() is None


def test_user_clock_times_the_stages():
    m = mjsim.MjModel.from_xml_string(USER_MODEL)
    d = mjsim.MjData(m)
    ticks = iter(range(10**6))
    mjsim.set_mjcb_time(lambda: float(next(ticks)))
    mjsim.mj_step(m, d)
    step = d.timer[mjsim.mjtTimer.mjTIMER_STEP]
    assert step.number == 1 and step.duration == int(step.duration) and step.duration > 10


# ---- bad callbacks ------------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("value", [5, "f"])
def test_setting_a_non_callable_raises(name, value):
    with pytest.raises(TypeError, match="Optional\\[Callable\\]"):
        getattr(mjsim, "set_mjcb_" + name)(value)


@pytest.mark.parametrize("nstep", [1, 5])
def test_exception_in_a_callback_reaches_the_caller(nstep):
    m = mjsim.MjModel.from_xml_string(USER_MODEL)
    d = mjsim.MjData(m)

    def control(m, d):
        raise RuntimeError("controller failed")
    mjsim.set_mjcb_control(control)
    with pytest.raises(RuntimeError, match="controller failed"):
        mjsim.mj_step(m, d, nstep)
    mjsim.set_mjcb_control(None)
    mjsim.mj_step(m, d)  # the data is usable again
    assert np.isfinite(d.qpos).all()


@pytest.mark.parametrize("name,args,message", [
    ("act_dyn", "(m, d, i)", "mjcb_act_dyn callback did not return a number"),
    ("act_gain", "(m, d, i)", "mjcb_act_gain callback did not return a number"),
    ("act_bias", "(m, d, i)", "mjcb_act_bias callback did not return a number"),
    ("contactfilter", "(m, d, g1, g2)", "mjcb_contactfilter callback did not return an integer"),
    ("time", "()", "mjcb_time callback did not return a number"),
])
def test_wrong_result_type_raises_as_the_reference(name, args, message):
    m = mjsim.MjModel.from_xml_string(USER_MODEL)
    d = mjsim.MjData(m)
    ref_m = mujoco.MjModel.from_xml_string(USER_MODEL)
    ref_d = mujoco.MjData(ref_m)
    bad = eval(f"lambda {args[1:-1]}: 'text'")
    getattr(mjsim, "set_mjcb_" + name)(bad)
    getattr(mujoco, "set_mjcb_" + name)(bad)
    with pytest.raises(TypeError, match=message):
        mjsim.mj_step(m, d)
    with pytest.raises(TypeError, match=message):
        mujoco.mj_step(ref_m, ref_d)


# --- mju_user_warning: the text of a warning, the first time it is counted since a reset ---

WARNING_MODEL = """<mujoco><worldbody><body><joint name="j"/><geom size=".1"/></body></worldbody>
<actuator><motor joint="j"/></actuator></mujoco>"""


def warnings_of(lib, callback_factory=None):
    """Messages passed to mju_user_warning by a run of steps with bad qpos, ctrl and qvel."""
    messages = []
    callback = (callback_factory or (lambda out: out.append))(messages)
    lib.set_mju_user_warning(callback)
    try:
        m = lib.MjModel.from_xml_string(WARNING_MODEL)
        d = lib.MjData(m)
        d.time = 1.23456
        for field, value in [("qpos", np.nan), ("qpos", np.nan), ("ctrl", np.inf),
                             ("qvel", 1e20)]:
            getattr(d, field)[0] = value
            lib.mj_step(m, d)
    finally:
        lib.set_mju_user_warning(None)
    return messages


def test_user_warning_gets_the_references_messages():
    ours = warnings_of(mjsim)
    assert ours == warnings_of(mujoco)
    assert ours[0] == ("Nan, Inf or huge value in QPOS at DOF 0. The simulation is unstable. "
                       "Time = 1.2346.")


def test_user_warning_as_a_ctypes_function_gets_bytes():
    # dm_control installs CFUNCTYPE(None, c_char_p) at import
    import ctypes

    def factory(out):
        return ctypes.CFUNCTYPE(None, ctypes.c_char_p)(out.append)
    ours = warnings_of(mjsim, factory)
    assert ours == warnings_of(mujoco, factory)
    assert ours and all(isinstance(text, bytes) for text in ours)


def test_user_warning_getter_and_bad_callback():
    def callback(text):
        pass
    for lib in (mjsim, mujoco):
        assert lib.get_mju_user_warning() is None
        lib.set_mju_user_warning(callback)
        assert lib.get_mju_user_warning() is callback
        lib.set_mju_user_warning(None)
        assert lib.get_mju_user_warning() is None
        with pytest.raises(TypeError, match="callback is not an Optional"):
            lib.set_mju_user_warning(5)


def test_exception_in_the_user_warning_reaches_the_caller():
    def factory(out):
        def raising(text):
            raise ValueError("from the warning callback")
        return raising
    for lib in (mjsim, mujoco):
        with pytest.raises(ValueError, match="from the warning callback"):
            warnings_of(lib, factory)


def test_user_allocator_takes_model_and_data_buffers():
    """set_mju_user_malloc/free take ctypes C functions; every buffer they allocate is freed by
    them; a Python callable is the reference's TypeError; None restores mjsim's allocator."""
    import ctypes
    import gc

    import mjsim

    reference = pytest.importorskip("mujoco")
    for engine in (reference, mjsim):
        with pytest.raises(TypeError, match="mju_user_malloc must be a C function pointer"):
            engine.set_mju_user_malloc(lambda size: 0)
        with pytest.raises(TypeError, match="mju_user_free must be a C function pointer"):
            engine.set_mju_user_free(print)
    libc = ctypes.CDLL(None)
    libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    calls = []

    @ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_size_t)
    def user_malloc(size):
        calls.append("malloc")
        return libc.malloc(size)

    @ctypes.CFUNCTYPE(None, ctypes.c_void_p)
    def user_free(block):
        calls.append("free")
        libc.free(block)

    mjsim.set_mju_user_malloc(user_malloc)
    mjsim.set_mju_user_free(user_free)
    try:
        assert mjsim.get_mju_user_malloc() is user_malloc
        m = mjsim.MjModel.from_xml_string(
            "<mujoco><worldbody><body><freejoint/><geom size='.1'/></body></worldbody></mujoco>")
        d = mjsim.MjData(m)
        mjsim.mj_step(m, d)
        assert d.qpos[2] < 0 and calls.count("malloc") >= 3
        del d, m
        gc.collect()
        assert calls.count("free") == calls.count("malloc")
    finally:
        mjsim.set_mju_user_malloc(None)
        mjsim.set_mju_user_free(None)
    assert mjsim.get_mju_user_malloc() is None and mjsim.get_mju_user_free() is None
    before = len(calls)
    mjsim.MjData(mjsim.MjModel.from_xml_string("<mujoco/>"))
    assert len(calls) == before
