"""mj_saveLastXML, mj_resetDataDebug and mj_addM (cpp/bindings/model_tools.cc) against the
reference, with bad input."""

import os

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import corpus_models  # noqa: E402

ARM = """<mujoco model="arm">
  <compiler angle="degree"/>
  <default><geom rgba="0.5 0.5 0.5 1"/><default class="thin"><geom size="0.01"/></default></default>
  <asset><mesh name="tet" vertex="0 0 0  0.1 0 0  0 0.1 0  0 0 0.1"/></asset>
  <worldbody>
    <geom type="plane" size="1 1 0.1"/>
    <body name="upper" pos="0 0 0.5" euler="0 30 0">
      <joint name="shoulder" axis="0 1 0" range="-90 60"/>
      <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03"/>
      <body name="lower" pos="0.3 0 0">
        <joint name="elbow" axis="0 1 0" range="0 120"/>
        <geom class="thin" type="capsule" fromto="0 0 0 0.25 0 0"/>
        <geom type="mesh" mesh="tet" pos="0.25 0 0"/>
        <site name="tip" pos="0.25 0 0"/>
      </body>
    </body>
  </worldbody>
  <actuator><motor joint="elbow" gear="2"/></actuator>
  <sensor><framepos objtype="site" objname="tip"/></sensor>
</mujoco>"""

COMPARED = ["qpos0", "body_pos", "body_quat", "body_mass", "body_inertia", "jnt_range",
            "geom_size", "geom_pos", "geom_quat", "geom_rgba", "mesh_vert", "actuator_gear",
            "sensor_type"]


def assert_same_model(a, b):
    for name in COMPARED:
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name), err_msg=name)


def test_save_last_xml_round_trip(tmp_path):
    """The saved file recompiles to the same model, in both engines."""
    m = mjsim.MjModel.from_xml_string(ARM)
    path = str(tmp_path / "saved.xml")
    mjsim.mj_saveLastXML(path, m)
    assert_same_model(mjsim.MjModel.from_xml_path(path), m)
    assert_same_model(mujoco.MjModel.from_xml_path(path), mujoco.MjModel.from_xml_string(ARM))


def test_save_last_xml_expands_includes(tmp_path):
    (tmp_path / "body.xml").write_text(
        '<mujoco><body name="b" pos="0 0 1"><freejoint/><geom size="0.1"/></body></mujoco>')
    (tmp_path / "main.xml").write_text(
        '<mujoco><worldbody><include file="body.xml"/></worldbody></mujoco>')
    m = mjsim.MjModel.from_xml_path(str(tmp_path / "main.xml"))
    out = tmp_path / "elsewhere"
    out.mkdir()
    mjsim.mj_saveLastXML(str(out / "saved.xml"), m)
    assert "include" not in (out / "saved.xml").read_text()
    saved = mjsim.MjModel.from_xml_path(str(out / "saved.xml"))
    assert saved.nbody == 2 and saved.body_pos[1, 2] == 1


def test_save_last_xml_writes_the_last_loaded_model(tmp_path):
    """As the reference: the last model loaded from XML is written, whatever m is."""
    first = mjsim.MjModel.from_xml_string(ARM)
    mjsim.MjModel.from_xml_string('<mujoco model="second"><worldbody><geom size="0.2"/>'
                                  '</worldbody></mujoco>')
    path = str(tmp_path / "saved.xml")
    mjsim.mj_saveLastXML(path, first)
    assert mjsim.MjModel.from_xml_path(path).ngeom == 1


def test_save_last_xml_bad_input(tmp_path):
    m = mjsim.MjModel.from_xml_string(ARM)
    with pytest.raises(mjsim.FatalError):
        mjsim.mj_saveLastXML(os.path.join(str(tmp_path), "missing_dir", "x.xml"), m)
    with pytest.raises(TypeError):
        mjsim.mj_saveLastXML(str(tmp_path / "x.xml"), None)


@pytest.mark.parametrize("value", [7, 255, 0])
def test_reset_data_debug_matches_reference(value):
    """Fields the reference sets (state, inputs, qacc, qM, sensordata) and those it fills
    with the debug byte, in both engines; then mj_forward recomputes everything."""
    datas = []
    for lib in (mjsim, mujoco):
        m = lib.MjModel.from_xml_string(ARM)
        d = lib.MjData(m)
        d.qvel[:] = 1
        lib.mj_step(m, d)
        lib.mj_resetDataDebug(m, d, value)
        datas.append((m, d))
    (m, ours), (_, ref) = datas
    fields = ["qpos", "qvel", "act", "ctrl", "qfrc_applied", "xfrc_applied", "qacc",
              "qacc_warmstart", "qM", "sensordata", "xpos", "xmat", "geom_xpos", "cvel",
              "qfrc_bias", "actuator_force", "cinert", "subtree_com", "qLD", "M"]
    for name in fields:
        np.testing.assert_array_equal(np.asarray(getattr(ours, name)).view(np.uint8),
                                      np.asarray(getattr(ref, name)).view(np.uint8),
                                      err_msg=name)
    assert ours.time == ref.time == 0
    mjsim.mj_forward(m, ours)
    mujoco.mj_forward(datas[1][0], ref)
    np.testing.assert_allclose(ours.xpos, ref.xpos, atol=1e-12)


def test_add_m_matches_reference():
    for path in [p for p in corpus_models() if p.suffix == ".xml"][:6]:
        pair = []
        for lib in (mjsim, mujoco):
            m = lib.MjModel.from_xml_path(str(path))
            d = lib.MjData(m)
            d.qpos[:] = m.qpos0 + 0.1
            lib.mj_forward(m, d)
            dst = np.arange(m.nM, dtype=float)
            # as in the reference, colind has nM entries (M's pattern fills the first nC)
            colind = np.zeros(m.nM, np.int32)
            colind[:m.nC] = m.M_colind
            lib.mj_addM(m, d, dst, m.M_rownnz.copy(), m.M_rowadr.copy(), colind)
            pair.append(dst)
        np.testing.assert_allclose(pair[0], pair[1], rtol=1e-12, atol=1e-12, err_msg=str(path))


def test_add_m_bad_input():
    m = mjsim.MjModel.from_xml_string(ARM)
    d = mjsim.MjData(m)
    mjsim.mj_forward(m, d)
    colind = np.zeros(m.nM, np.int32)
    colind[:m.nC] = m.M_colind
    good = (m.M_rownnz.copy(), m.M_rowadr.copy(), colind)
    with pytest.raises(TypeError):
        mjsim.mj_addM(m, d, np.zeros(m.nM + 1), *good)
    with pytest.raises(TypeError):
        mjsim.mj_addM(m, d, np.zeros(m.nM), good[0][:-1], good[1], good[2])
    bad_columns = good[2].copy()
    bad_columns[0] = m.nv
    with pytest.raises(ValueError):
        mjsim.mj_addM(m, d, np.zeros(m.nM), good[0], good[1], bad_columns)
    bad_rows = good[1].copy()
    bad_rows[-1] = m.nM
    with pytest.raises(ValueError):
        mjsim.mj_addM(m, d, np.zeros(m.nM), good[0], bad_rows, good[2])


def test_xml_dependencies_match_reference_on_corpus():
    paths = [str(p) for p in corpus_models() if p.suffix == ".xml"]
    for path in paths:
        assert sorted(mjsim.mju_getXMLDependencies(path)) == sorted(
            mujoco.mju_getXMLDependencies(path)), path
    assert any(len(mujoco.mju_getXMLDependencies(p)) > 2 for p in paths)


def test_xml_dependencies_follow_includes_and_directories(tmp_path, monkeypatch):
    (tmp_path / "sub").mkdir()
    (tmp_path / "main.xml").write_text("""<mujoco>
      <compiler meshdir="meshes" texturedir="tex/"/>
      <include file="sub/part.xml"/>
      <asset>
        <mesh name="a" file="../a.stl"/><hfield name="h" file="hf.png"/>
        <texture name="t" type="2d" file="t.png"/>
        <texture name="c" type="cube" fileright="r.png" fileleft="l.png" fileup="u.png"
                 filedown="d.png" filefront="f.png" fileback="b.png"/>
        <model name="other" file="sub/inner.xml"/>
      </asset>
    </mujoco>""")
    (tmp_path / "sub" / "part.xml").write_text(
        '<mujoco><include file="inner.xml"/><asset><mesh name="p" file="b.obj"/></asset></mujoco>')
    (tmp_path / "sub" / "inner.xml").write_text(
        '<mujoco><compiler assetdir="assets"/><asset><skin name="s" file="sk.skn"/>'
        '<hfield name="g" file="g.png"/></asset></mujoco>')
    monkeypatch.chdir(tmp_path)
    for name in ("main.xml", str(tmp_path / "main.xml")):
        ours = sorted(mjsim.mju_getXMLDependencies(name))
        assert ours == sorted(mujoco.mju_getXMLDependencies(name))
        assert len(ours) == 15
    with pytest.raises(mjsim.FatalError):
        mjsim.mju_getXMLDependencies(str(tmp_path / "missing.xml"))
    (tmp_path / "broken.xml").write_text("<mujoco><worldbody>")
    with pytest.raises(mjsim.FatalError):
        mjsim.mju_getXMLDependencies(str(tmp_path / "broken.xml"))
