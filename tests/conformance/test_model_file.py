"""mj_saveModel / mj_sizeModel / MjModel.from_binary_path (cpp/bindings/model_file.cc: mjsim's
own binary format, not MuJoCo's MJB) and mj_defaultOption / mj_defaultVisual."""

import numpy as np
import pytest

import mjsim

XML = """<mujoco>
  <option timestep="0.004" gravity="0 0 -7" noslip_iterations="2"/>
  <visual><global fovy="33"/></visual>
  <worldbody>
    <body name="b" pos="0 0 1"><freejoint/><geom type="box" size=".1 .2 .3"/></body>
    <body pos="1 0 1"><joint type="hinge"/><geom type="capsule" size=".05 .2"/></body>
  </worldbody>
  <sensor><framepos objtype="body" objname="b"/></sensor>
</mujoco>"""


def rollout(m, steps=50):
    d = mjsim.MjData(m)
    d.qvel[:] = 0.3
    for _ in range(steps):
        mjsim.mj_step(m, d)
    return d.qpos.copy(), d.sensordata.copy()


def test_save_to_file_and_load_round_trip(tmp_path):
    m = mjsim.MjModel.from_xml_string(XML)
    path = tmp_path / "model.bin"
    mjsim.mj_saveModel(m, str(path), None)
    assert path.stat().st_size == mjsim.mj_sizeModel(m)
    loaded = mjsim.MjModel.from_binary_path(str(path))
    assert (loaded.nq, loaded.nv, loaded.ngeom, loaded.nbody) == (m.nq, m.nv, m.ngeom, m.nbody)
    assert loaded.opt.timestep == m.opt.timestep and loaded.opt.noslip_iterations == 2
    np.testing.assert_array_equal(loaded.opt.gravity, m.opt.gravity)
    assert loaded.vis.global_.fovy == m.vis.global_.fovy
    np.testing.assert_array_equal(loaded.geom_size, m.geom_size)
    assert loaded.body("b").id == m.body("b").id
    for a, b in zip(rollout(loaded), rollout(m)):
        np.testing.assert_array_equal(a, b)


def test_save_to_buffer_and_load_from_assets():
    m = mjsim.MjModel.from_xml_string(XML)
    buffer = np.zeros(mjsim.mj_sizeModel(m), np.uint8)
    mjsim.mj_saveModel(m, None, buffer)
    loaded = mjsim.MjModel.from_binary_path("mem.bin", {"mem.bin": buffer.tobytes()})
    np.testing.assert_array_equal(loaded.body_pos, m.body_pos)


def test_bad_inputs_are_rejected(tmp_path):
    m = mjsim.MjModel.from_xml_string(XML)
    with pytest.raises(ValueError, match="buffer"):
        mjsim.mj_saveModel(m, None, np.zeros(10, np.uint8))
    with pytest.raises(TypeError, match="buffer"):
        mjsim.mj_saveModel(m, None, np.zeros(mjsim.mj_sizeModel(m), np.int32))
    with pytest.raises(ValueError, match="exactly one"):
        mjsim.mj_saveModel(m, None, None)
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"MJSIMMJB" + b"\0" * 10)
    with pytest.raises(ValueError, match="truncated|version"):
        mjsim.MjModel.from_binary_path(str(bad))
    bad.write_bytes(b"not a model at all, definitely not" * 3)
    with pytest.raises(ValueError, match="not an mjsim binary model"):
        mjsim.MjModel.from_binary_path(str(bad))
    good = tmp_path / "good.bin"
    mjsim.mj_saveModel(m, str(good), None)
    bad.write_bytes(good.read_bytes()[:-8])
    with pytest.raises(ValueError, match="length"):
        mjsim.MjModel.from_binary_path(str(bad))
    with pytest.raises(ValueError):
        mjsim.MjModel.from_binary_path(str(tmp_path / "missing.bin"))


def test_default_option_and_visual_match_the_reference():
    mujoco = pytest.importorskip("mujoco")
    m = mjsim.MjModel.from_xml_string(XML)
    mjsim.mj_defaultOption(m.opt)
    mjsim.mj_defaultVisual(m.vis)
    ref = mujoco.MjModel.from_xml_string("<mujoco/>")
    for name in ["timestep", "gravity", "noslip_iterations", "iterations", "tolerance",
                 "impratio", "integrator", "cone", "solver", "o_solref", "magnetic"]:
        np.testing.assert_array_equal(getattr(m.opt, name), getattr(ref.opt, name), name)
    assert m.vis.global_.fovy == ref.vis.global_.fovy
