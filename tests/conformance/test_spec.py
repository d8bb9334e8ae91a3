"""MjSpec in Python (cpp/bindings/spec.cc, spec_tables.cc, python/mjsim/_specs.py) against the
reference: the same scripts run with mujoco and with mjsim.

  test_built_model_matches_reference   a model built element by element through the Python API
                                       compiles to the reference's Model (every array and size)
  test_from_file_compiles_like_xml     MjSpec.from_file(p).compile() is the Model that
                                       MjModel.from_xml_path(p) gives, on every corpus model
  test_recompile_*                     recompile after adding and deleting bodies keeps the
                                       state of surviving joints as the reference does
  test_bad_*                           wrong types and sizes, repeated names, dangling
                                       references: the reference's exception classes, and the
                                       spec and earlier Models stay usable
"""

from __future__ import annotations

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import corpus_models, label  # noqa: E402
from conformance.test_compiler import (compared, dtype_problems, reference_arrays,  # noqa: E402
                                       size_problems, value_problems)


def assert_models_match(ours, ref, context=""):
    """Every size and array of `ref` that mjsim compares (test_compiler's rules and tolerances)."""
    problems = size_problems(ours, ref)
    names = compared(ours, reference_arrays(ref))
    problems += dtype_problems(ours, ref, names)
    values = value_problems(ours, ref, names, context=context)
    if problems or values:
        pytest.fail("\n".join(filter(None, [context, *problems, values])), pytrace=False)


# ---- a model built through the API ------------------------------------------------------------

def build_arm(engine):
    """A two-link arm with a gripper site, written the way a user scripts it."""
    spec = engine.MjSpec()
    spec.modelname = "arm"
    spec.option.timestep = 0.004
    main = spec.default
    main.geom.rgba = [0.2, 0.3, 0.4, 1]
    link = spec.add_default("link", main)
    link.geom.type = engine.mjtGeom.mjGEOM_CAPSULE
    link.geom.size = [0.04, 0, 0]
    link.joint.damping = 0.5
    spec.worldbody.add_geom(type=engine.mjtGeom.mjGEOM_PLANE, size=[2, 2, 0.1])
    spec.worldbody.add_light(pos=[0, 0, 3], dir=[0, 0, -1])
    base = spec.worldbody.add_body(name="base", pos=[0, 0, 0.1], euler=[0, 0, 30])
    base.add_geom(type=engine.mjtGeom.mjGEOM_CYLINDER, size=[0.1, 0.05, 0])
    upper = base.add_body(name="upper", pos=[0, 0, 0.12])
    upper.add_joint(link, name="shoulder", axis=[0, 1, 0], range=[-1.5, 1.5])
    upper.add_geom(link, fromto=[0, 0, 0, 0, 0, 0.4])
    frame = upper.add_frame(pos=[0, 0, 0.4], axisangle=[1, 0, 0, 20])
    lower = upper.add_body(name="lower")
    lower.set_frame(frame)
    lower.add_joint(link, name="elbow", axis=[0, 1, 0], range=[-2, 2])
    lower.add_geom(link, fromto=[0, 0, 0, 0, 0, 0.3])
    lower.add_site(name="tip", pos=[0, 0, 0.3], size=[0.01, 0, 0])
    box = spec.worldbody.add_body(name="box", pos=[0.3, 0, 0.5])
    box.add_freejoint()
    box.add_geom(type=engine.mjtGeom.mjGEOM_BOX, size=[0.05, 0.05, 0.05], mass=0.2,
                 quat=[0.9, 0.1, 0, 0])
    for name in ("shoulder", "elbow"):
        actuator = spec.add_actuator(name=name, target=name, trntype=engine.mjtTrn.mjTRN_JOINT)
        actuator.set_to_position(kp=20, kv=1)
        actuator.ctrlrange = [-1, 1]
    spec.add_sensor(name="tip_pos", type=engine.mjtSensor.mjSENS_FRAMEPOS,
                    objtype=engine.mjtObj.mjOBJ_SITE, objname="tip")
    spec.add_sensor(name="elbow_q", type=engine.mjtSensor.mjSENS_JOINTPOS,
                    objtype=engine.mjtObj.mjOBJ_JOINT, objname="elbow")
    spec.add_key(name="bent", qpos=[0.3, -0.6, 0.3, 0, 0.5, 1, 0, 0, 0])
    return spec


def test_built_model_matches_reference():
    ours, ref = build_arm(mjsim).compile(), build_arm(mujoco).compile()
    assert_models_match(ours, ref, context="API-built arm")
    d, ref_d = mjsim.MjData(ours), mujoco.MjData(ref)
    for _ in range(50):
        mjsim.mj_step(ours, d)
        mujoco.mj_step(ref, ref_d)
    np.testing.assert_allclose(d.qpos, ref_d.qpos, atol=1e-8)


def test_elements_keep_their_class_and_orientation_form():
    spec = build_arm(mjsim)
    upper_geom = spec.body("upper").geoms[0]
    assert upper_geom.classname.name == "link"
    assert spec.body("base").alt.type == mjsim.mjtOrientation.mjORIENTATION_EULER
    np.testing.assert_array_equal(spec.body("base").alt.euler, [0, 0, 30])


# ---- MJCF through the spec --------------------------------------------------------------------

@pytest.mark.parametrize("path", corpus_models(), ids=label)
def test_from_file_compiles_like_xml(path):
    try:
        direct = mjsim.MjModel.from_xml_path(str(path))
    except ValueError as error:
        with pytest.raises(ValueError):
            mjsim.MjSpec.from_file(str(path)).compile()
        pytest.skip(f"mjsim does not load it: {str(error).splitlines()[0]}")
    through_spec = mjsim.MjSpec.from_file(str(path)).compile()
    assert_models_match(through_spec, direct, context=label(path))


# ---- recompile ----------------------------------------------------------------------------------

def recompile_script(engine):
    """Steps, adds a body with a joint, recompiles, steps, deletes the first body, recompiles."""
    spec = engine.MjSpec()
    first = spec.worldbody.add_body(name="first", pos=[0, 0, 1])
    first.add_joint(type=engine.mjtJoint.mjJNT_BALL)
    first.add_geom(size=[0.1, 0, 0], pos=[0.2, 0, 0])
    second = spec.worldbody.add_body(name="second", pos=[1, 0, 1])
    second.add_joint(name="slide", type=engine.mjtJoint.mjJNT_SLIDE, axis=[0, 0, 1])
    second.add_geom(size=[0.1, 0, 0])
    model = spec.compile()
    data = engine.MjData(model)
    data.qvel[:] = [0.3, -0.2, 0.1, 0.5]
    states = []
    for edit in ("add", "delete"):
        for _ in range(20):
            engine.mj_step(model, data)
        if edit == "add":
            third = spec.worldbody.add_body(name="third", pos=[0, 1, 1])
            third.add_joint(type=engine.mjtJoint.mjJNT_HINGE)
            third.add_geom(size=[0.1, 0, 0], pos=[0, 0.2, 0])
        else:
            spec.delete(spec.body("first"))
        model, data = spec.recompile(model, data)
        states.append((data.time, data.qpos.copy(), data.qvel.copy()))
    return states


def test_recompile_keeps_state_like_reference():
    ours, ref = recompile_script(mjsim), recompile_script(mujoco)
    for (t, q, v), (ref_t, ref_q, ref_v) in zip(ours, ref):
        assert t == pytest.approx(ref_t)
        np.testing.assert_allclose(q, ref_q, atol=1e-10)
        np.testing.assert_allclose(v, ref_v, atol=1e-10)


# ---- bad input ------------------------------------------------------------------------------------

@pytest.mark.parametrize("engine", [mjsim, mujoco], ids=["mjsim", "mujoco"])
def test_bad_keyword_arguments(engine):
    body = engine.MjSpec().worldbody
    with pytest.raises(TypeError, match="Invalid vel keyword argument"):
        body.add_geom(vel=[1, 2, 3])
    with pytest.raises(ValueError, match="pos should be a list/array of size 3"):
        body.add_geom(pos=[0, 1])
    with pytest.raises(ValueError, match="type is the wrong type"):
        body.add_geom(type="box")
    with pytest.raises(ValueError, match="Only one of"):
        body.add_geom(euler=[0, 0, 1], zaxis=[0, 0, 1])


def test_bad_attribute_values_raise_and_leave_the_element():
    geom = mjsim.MjSpec().worldbody.add_geom(pos=[1, 2, 3])
    with pytest.raises(TypeError, match="pos"):
        geom.pos = "1 2 3"
    with pytest.raises(ValueError, match="pos"):
        geom.pos = [1, 2]
    with pytest.raises(TypeError, match="type"):
        geom.type = "sphere"
    with pytest.raises(TypeError, match="name"):
        geom.name = 3
    np.testing.assert_array_equal(geom.pos, [1, 2, 3])


@pytest.mark.parametrize("engine", [mjsim, mujoco], ids=["mjsim", "mujoco"])
def test_bad_repeated_name(engine):
    spec = engine.MjSpec()
    spec.worldbody.add_body(name="b")
    with pytest.raises(ValueError, match="repeated name 'b'"):
        spec.worldbody.add_body().name = "b"


def test_bad_dangling_reference_names_both_and_spec_stays_valid():
    spec = mjsim.MjSpec()
    mesh = spec.add_mesh(name="cube", uservert=[0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1])
    body = spec.worldbody.add_body()
    body.add_geom(name="g", type=mjsim.mjtGeom.mjGEOM_MESH, meshname="cube")
    model = spec.compile()
    spec.delete(mesh)
    with pytest.raises(ValueError) as error:
        spec.compile()
    assert "cube" in str(error.value) and "'g'" in str(error.value)
    data = mjsim.MjData(model)  # the Model compiled before is still whole
    mjsim.mj_step(model, data)
    spec.add_mesh(name="cube", uservert=[0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1])
    assert spec.compile().nmesh == 1


def test_bad_bind_to_another_model():
    spec = build_arm(mjsim)
    other = build_arm(mjsim).compile()
    spec.compile()
    with pytest.raises(ValueError, match="does not match"):
        other.bind(spec.joint("elbow"))


def test_element_keeps_its_spec_alive():
    # as the reference: an element's Python object holds its spec, so it stays usable
    body = mjsim.MjSpec().worldbody.add_body(name="orphan")
    import gc
    gc.collect()
    assert body.name == "orphan"
    assert body.add_geom(size=[0.1, 0, 0]) is not None


def test_delete_frees_nothing_held_by_python():
    spec = mjsim.MjSpec()
    geom = spec.worldbody.add_geom(name="kept", size=[1, 0, 0])
    spec.delete(geom)
    assert geom.name == "kept"  # still a valid object, no longer in the spec
    assert spec.geom("kept") is None
    with pytest.raises(ValueError, match="not in the spec"):
        spec.delete(geom)


# ---- bind_scalar and zip archives (python/mjsim/_specs.py) -------------------------------------

def test_bind_scalar_is_bind_of_one_element():
    spec = build_arm(mjsim)
    model = spec.compile()
    data = mjsim.MjData(model)
    elbow = spec.joint("elbow")
    assert model.bind_scalar(elbow).qposadr == model.bind(elbow).qposadr
    data.bind_scalar(elbow).qpos[:] = 0.3
    assert data.bind(elbow).qpos == pytest.approx(0.3)
    with pytest.raises(TypeError):
        model.bind_scalar([elbow])


MESH_OBJ = b"v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n"
ZIPPED_XML = """<mujoco model="zipped"><asset><mesh name="tet" file="tet.obj"/></asset>
<worldbody><body><freejoint/><geom type="mesh" mesh="tet"/></body></worldbody></mujoco>"""


def zip_bytes(entries: dict) -> bytes:
    import io
    import zipfile
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, contents in entries.items():
            archive.writestr(name, contents)
    return buffer.getvalue()


def test_from_zip_reads_model_and_assets_like_reference(tmp_path):
    path = tmp_path / "model.zip"
    path.write_bytes(zip_bytes({"zipped.xml": ZIPPED_XML, "tet.obj": MESH_OBJ}))
    ours, ref = mjsim.MjSpec.from_zip(str(path)).compile(), mujoco.MjSpec.from_zip(str(path)).compile()
    assert_models_match(ours, ref, "from_zip")
    import io
    assert mjsim.from_zip(io.BytesIO(path.read_bytes())).compile().nmesh == 1


def test_bad_zip_archives(tmp_path):
    not_zip = tmp_path / "not.zip"
    not_zip.write_bytes(b"plain text")
    no_xml = tmp_path / "empty.zip"
    no_xml.write_bytes(zip_bytes({"tet.obj": MESH_OBJ}))
    for engine in (mujoco, mjsim):
        with pytest.raises(ValueError, match="is not a zip file"):
            engine.MjSpec.from_zip(str(not_zip))
        with pytest.raises(ValueError, match="No XML file found"):
            engine.MjSpec.from_zip(str(no_xml))
    with pytest.raises(FileNotFoundError):
        mjsim.MjSpec.from_zip(str(tmp_path / "absent.zip"))
