"""State vectors, keyframes and total mass (engine/state.cc), against the reference:
mj_stateSize for every mjtState bit and combination, mj_getState/mj_setState round trips,
mj_resetDataKeyframe, mj_setKeyframe, mj_getTotalmass/mj_setTotalmass, the version, and the
bad inputs each raises on without writing anything."""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import MODELS_DIR, corpus_models, params  # noqa: E402
from support import load_pair  # noqa: E402
from conformance.test_constants import load_or_xfail  # noqa: E402

RICH = """
<mujoco>
  <size nuserdata="3"/>
  <worldbody>
    <body name="target" mocap="true" pos="0 1 0"><geom size=".1" contype="0" conaffinity="0"/></body>
    <body name="a"><freejoint/><geom size=".1"/></body>
    <body name="b" pos="1 0 0"><joint name="h"/><geom size=".1" mass="2"/></body>
  </worldbody>
  <equality><weld body1="a" body2="b"/><joint joint1="h" active="false"/></equality>
  <actuator><motor joint="h"/><position joint="h" timeconst=".1"/></actuator>
  <keyframe>
    <key name="up" time="1.5" qpos="1 2 3 1 0 0 0 .5" qvel="1 2 3 4 5 6 7" act=".25"
         ctrl=".1 .2" mpos="3 3 3" mquat="0 1 0 0"/>
    <key name="second"/>
  </keyframe>
</mujoco>"""

SIGNATURES = [1 << i for i in range(13)] + [
    int(mujoco.mjtState.mjSTATE_PHYSICS), int(mujoco.mjtState.mjSTATE_FULLPHYSICS),
    int(mujoco.mjtState.mjSTATE_USER), int(mujoco.mjtState.mjSTATE_INTEGRATION), 0, 2 | 8 | 512]


def fill_random(d, rng):
    for name in ("qpos", "qvel", "act", "qacc_warmstart", "ctrl", "qfrc_applied", "xfrc_applied",
                 "mocap_pos", "mocap_quat", "userdata"):
        getattr(d, name)[:] = rng.standard_normal(getattr(d, name).shape)
    d.time = rng.uniform(0, 10)
    d.eq_active[:] = rng.integers(0, 2, d.eq_active.shape)


@pytest.mark.parametrize("path", params(corpus_models()))
def test_state_size_matches_reference(path):
    m = load_or_xfail(path)
    ref_m = mujoco.MjModel.from_xml_path(str(path))
    for sig in SIGNATURES:
        assert mjsim.mj_stateSize(m, sig) == mujoco.mj_stateSize(ref_m, sig), sig


@pytest.mark.parametrize("sig", SIGNATURES)
def test_get_and_set_state_match_reference(sig):
    pair = load_pair(RICH, seed=None)
    rng = np.random.default_rng(sig)
    fill_random(pair.ref_d, rng)
    size = mujoco.mj_stateSize(pair.ref_m, sig)
    ref_state = np.zeros(size)
    mujoco.mj_getState(pair.ref_m, pair.ref_d, ref_state, sig)
    # setState from the reference's vector, then getState gives the same vector back
    mjsim.mj_setState(pair.m, pair.d, ref_state, sig)
    state = np.full(size, np.nan)
    mjsim.mj_getState(pair.m, pair.d, state, sig)
    np.testing.assert_array_equal(state, ref_state)
    # the full state of both engines agrees afterwards
    full = int(mujoco.mjtState.mjSTATE_INTEGRATION)
    ours, ref = np.zeros(mjsim.mj_stateSize(pair.m, full)), np.zeros(mujoco.mj_stateSize(pair.ref_m, full))
    ref_d2 = mujoco.MjData(pair.ref_m)
    mujoco.mj_setState(pair.ref_m, ref_d2, ref_state, sig)
    mjsim.mj_getState(pair.m, pair.d, ours, full)
    mujoco.mj_getState(pair.ref_m, ref_d2, ref, full)
    np.testing.assert_array_equal(ours, ref)


def test_eq_active_converts_numbers_as_reference():
    pair = load_pair(RICH, seed=None)
    sig = int(mujoco.mjtState.mjSTATE_EQ_ACTIVE)
    for values in ([0.7, 1.0], [2.0, 0.0], [-0.5, 300.0]):
        mjsim.mj_setState(pair.m, pair.d, np.array(values), sig)
        mujoco.mj_setState(pair.ref_m, pair.ref_d, np.array(values), sig)
        np.testing.assert_array_equal(pair.d.eq_active, pair.ref_d.eq_active)


# keys out of range (2, -1) reset without a keyframe, as the reference does
@pytest.mark.parametrize("key", [0, 1, 2, -1])
def test_reset_data_keyframe_matches_reference(key):
    pair = load_pair(RICH, seed=None)
    rng = np.random.default_rng(key % 7)
    fill_random(pair.d, rng)
    fill_random(pair.ref_d, rng)
    mjsim.mj_resetDataKeyframe(pair.m, pair.d, key)
    mujoco.mj_resetDataKeyframe(pair.ref_m, pair.ref_d, key)
    full = int(mujoco.mjtState.mjSTATE_INTEGRATION)
    ours, ref = np.zeros(mjsim.mj_stateSize(pair.m, full)), np.zeros(mujoco.mj_stateSize(pair.ref_m, full))
    mjsim.mj_getState(pair.m, pair.d, ours, full)
    mujoco.mj_getState(pair.ref_m, pair.ref_d, ref, full)
    np.testing.assert_array_equal(ours, ref)


def test_set_keyframe_matches_reference():
    pair = load_pair(RICH, seed=None)
    rng = np.random.default_rng(1)
    fill_random(pair.ref_d, rng)
    full = int(mujoco.mjtState.mjSTATE_INTEGRATION)
    state = np.zeros(mujoco.mj_stateSize(pair.ref_m, full))
    mujoco.mj_getState(pair.ref_m, pair.ref_d, state, full)
    mjsim.mj_setState(pair.m, pair.d, state, full)
    mjsim.mj_setKeyframe(pair.m, pair.d, 1)
    mujoco.mj_setKeyframe(pair.ref_m, pair.ref_d, 1)
    for field in ("key_time", "key_qpos", "key_qvel", "key_act", "key_ctrl", "key_mpos",
                  "key_mquat"):
        np.testing.assert_array_equal(getattr(pair.m, field), getattr(pair.ref_m, field), field)


def test_keyframe_state_round_trip_reproduces_steps():
    """Save the state after some steps, step on, restore and step again: same trajectory."""
    m = mjsim.MjModel.from_xml_string(RICH)
    d = mjsim.MjData(m)
    mjsim.mj_resetDataKeyframe(m, d, 0)
    mjsim.mj_step(m, d, 5)
    full = int(mjsim.mjtState.mjSTATE_INTEGRATION)
    saved = np.zeros(mjsim.mj_stateSize(m, full))
    mjsim.mj_getState(m, d, saved, full)
    mjsim.mj_step(m, d, 10)
    first = d.qpos.copy()
    mjsim.mj_resetData(m, d)
    mjsim.mj_setState(m, d, saved, full)
    mjsim.mj_step(m, d, 10)
    np.testing.assert_array_equal(d.qpos, first)


@pytest.mark.parametrize("name", ["gantry_crane.xml", "branching_tree.xml"])
def test_total_mass_matches_reference(name):
    pair = load_pair(MODELS_DIR / name, seed=None)
    assert mjsim.mj_getTotalmass(pair.m) == pytest.approx(mujoco.mj_getTotalmass(pair.ref_m), rel=1e-12)
    mjsim.mj_setTotalmass(pair.m, 7.5)
    mujoco.mj_setTotalmass(pair.ref_m, 7.5)
    assert mjsim.mj_getTotalmass(pair.m) == pytest.approx(7.5, rel=1e-12)
    for field in ("body_mass", "body_inertia", "body_subtreemass"):
        np.testing.assert_allclose(getattr(pair.m, field), getattr(pair.ref_m, field),
                                   rtol=1e-12, err_msg=field)


@pytest.mark.parametrize("option", ["", '<option cone="elliptic" jacobian="sparse"/>',
                                    '<option jacobian="dense"/>'])
def test_model_type_queries_match_reference(option):
    xml = RICH.replace("<mujoco>", "<mujoco>" + option, 1)
    m, ref_m = mjsim.MjModel.from_xml_string(xml), mujoco.MjModel.from_xml_string(xml)
    assert mjsim.mj_isSparse(m) == mujoco.mj_isSparse(ref_m)
    assert mjsim.mj_isPyramidal(m) == mujoco.mj_isPyramidal(ref_m)


def test_version():
    assert mjsim.mj_version() == mujoco.mj_version()
    assert mjsim.mj_versionString() == mujoco.mj_versionString() == "3.3.7"


# --- bad inputs: a clear exception naming the argument, nothing written ---

def test_bad_state_arguments_raise_without_writing():
    m = mjsim.MjModel.from_xml_string(RICH)
    d = mjsim.MjData(m)
    qpos = d.qpos.copy()
    full = int(mjsim.mjtState.mjSTATE_INTEGRATION)
    with pytest.raises(mjsim.FatalError, match="invalid state signature"):
        mjsim.mj_stateSize(m, 1 << 13)
    with pytest.raises(TypeError, match="incompatible function arguments"):  # sig is unsigned
        mjsim.mj_stateSize(m, -1)
    with pytest.raises(TypeError, match="state size should equal"):
        mjsim.mj_setState(m, d, np.ones(3), full)
    with pytest.raises(TypeError, match="state size should equal"):
        mjsim.mj_getState(m, d, np.zeros(3), full)
    with pytest.raises(TypeError, match="state"):
        mjsim.mj_getState(m, d, np.zeros(mjsim.mj_stateSize(m, full), np.float32), full)
    np.testing.assert_array_equal(d.qpos, qpos)
    with pytest.raises(mjsim.FatalError, match="keyframe index cannot be negative"):
        mjsim.mj_setKeyframe(m, d, -1)
    with pytest.raises(mjsim.FatalError, match="index must be smaller than 2"):
        mjsim.mj_setKeyframe(m, d, 2)
    other = mjsim.MjData(mjsim.MjModel.from_xml_string("<mujoco><worldbody/></mujoco>"))
    with pytest.raises(ValueError, match="different MjModel"):
        mjsim.mj_setKeyframe(m, other, 0)


def test_print_model_and_data_write_every_field(tmp_path):
    m = mjsim.MjModel.from_xml_string(RICH)
    d = mjsim.MjData(m)
    mjsim.mj_step(m, d)
    mjsim.mj_printModel(m, str(tmp_path / "model.txt"))
    mjsim.mj_printData(m, d, str(tmp_path / "data.txt"))
    model_text = (tmp_path / "model.txt").read_text()
    data_text = (tmp_path / "data.txt").read_text()
    for name in ("nq", "timestep", "body_mass", "jnt_type", "key_qpos", "names"):
        assert f"{name} " in model_text or f"{name}\n" in model_text, name
    for name in ("qpos", "qvel", "xpos", "qacc", "TIME"):
        assert name in data_text, name
    assert f"{d.time:.9g}" in data_text
    with pytest.raises(ValueError, match="could not write"):
        mjsim.mj_printModel(m, str(tmp_path / "missing" / "model.txt"))
