"""The MJCF writer (cpp/src/xml/xml_writer*.cc, cpp/bindings/spec_writer.cc): MjSpec.to_xml,
to_file, to_zip and mj_saveLastXML, against the reference.

  test_text_is_the_references       small models whose text is the reference's, character for
                                    character (layout, attribute order, what is left out)
  test_corpus_round_trip            every corpus model (URDF included): from_file -> to_xml ->
                                    compile is the Model of compiling the file, bit for bit, and
                                    the reference compiles the text to its own Model of the file
  test_wild_round_trip              the same on the wild corpus (marker wild, slow)
  test_edits_*                      what Python changed in a spec is in the text
  test_bad_*                        a spec that does not compile, a file that cannot be written

Where mjsim's text differs from the reference's, it is on purpose: mjsim keeps the form an
orientation was given in (euler, axisangle, xyaxes, zaxis, fromto, <frame>) and writes numbers
with the fewest digits that read back exactly; the reference turns orientations into quaternions
and writes six significant digits, so its text does not always compile back to the same Model.
"""

from __future__ import annotations

import io
import os
import textwrap
import zipfile

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import corpus_models, label  # noqa: E402
from conformance.test_spec import assert_models_match  # noqa: E402
from conformance.test_wild import parametrize_wild_models  # noqa: E402


pytest_generate_tests = parametrize_wild_models


# ---- the reference's text ---------------------------------------------------------------------

SAME_TEXT = {
    "option_size_visual": """
        <mujoco>
          <option timestep="0.001" integrator="RK4" gravity="0 0 -1"><flag contact="disable"/></option>
          <size memory="1M"/>
          <visual><global fovy="30"/></visual>
          <statistic meansize="0.1"/>
          <worldbody><geom type="plane" size="1 1 0.1"/></worldbody>
        </mujoco>""",
    "assets": """
        <mujoco>
          <asset>
            <texture name="t" type="2d" builtin="checker" width="8" height="8" rgb1="1 1 1" rgb2="0 0 0"/>
            <material name="m" texture="t" texrepeat="2 2"/>
            <mesh name="tet" vertex="0 0 0 1 0 0 0 1 0 0 0 1"/>
          </asset>
          <worldbody><geom type="mesh" mesh="tet" material="m"/></worldbody>
        </mujoco>""",
    "tendon_equality_key": """
        <mujoco>
          <worldbody>
            <body><joint name="a"/><geom size="0.1"/><site name="s1"/></body>
            <body pos="1 0 0"><joint name="b"/><geom size="0.1"/><site name="s2"/></body>
          </worldbody>
          <tendon>
            <fixed name="f"><joint joint="a" coef="1"/><joint joint="b" coef="-1"/></fixed>
            <spatial name="sp"><site site="s1"/><site site="s2"/></spatial>
          </tendon>
          <equality><joint joint1="a" joint2="b"/></equality>
          <contact><exclude body1="world" body2="world"/></contact>
          <keyframe><key qpos="1 2"/></keyframe>
        </mujoco>""",
    "classes_actuators_sensors": """
        <mujoco model="c">
          <default>
            <joint damping="0.5"/>
            <default class="arm">
              <geom type="capsule" size="0.02 0.1" rgba="1 0 0 1"/>
              <default class="finger"><geom size="0.01"/></default>
            </default>
          </default>
          <worldbody>
            <body name="a" pos="0 0 1">
              <joint name="j" axis="0 1 0"/>
              <geom class="arm"/>
              <body name="f" childclass="finger" pos="0 0 0.5">
                <joint name="k"/>
                <geom size="0.03 0.1"/>
              </body>
            </body>
          </worldbody>
          <actuator><motor joint="j" gear="2" ctrlrange="-1 1"/><position joint="k" kp="10"/></actuator>
          <sensor><jointpos joint="j"/><framepos objtype="body" objname="f"/></sensor>
        </mujoco>""",
    "every_element_attribute_order": """
        <mujoco>
          <asset><mesh name="tet" vertex="0 0 0 1 0 0 0 1 0 0 0 1"/><material name="m"/></asset>
          <worldbody>
            <body name="b" pos="1 0 0" quat="0 1 0 0" gravcomp="0.5" user="1">
              <joint name="j" type="slide" group="1" ref="0.1" stiffness="2" springref="0.2"
                     limited="true" range="-1 1" solreflimit="0.1 1" solimplimit="0.8 0.9 0.01"
                     solreffriction="0.1 1" solimpfriction="0.8 0.9 0.01" armature="1" damping="2"
                     frictionloss="3" margin="0.1" actuatorfrclimited="true"
                     actuatorfrcrange="-1 1" actuatorgravcomp="true" user="1"/>
              <geom name="g" type="box" size="1 1 1" contype="2" conaffinity="3" condim="4"
                    group="1" priority="1" friction="1 0.1 0.01" mass="2" solmix="0.5"
                    solref="0.1 1" solimp="0.8 0.9 0.01" margin="0.1" gap="0.05" material="m"
                    rgba="1 0 0 1" fluidshape="ellipsoid" fluidcoef="1 1 1 1 1" user="1"
                    pos="0 1 0"/>
              <geom type="box" size="1 1 1" shellinertia="true"/>
              <site name="s" type="box" size="1 1 1" group="1" material="m" rgba="1 0 0 1"
                    pos="0 1 0" user="1"/>
              <camera name="c" mode="track" target="b" fovy="30" ipd="0.1" resolution="10 10"
                      pos="1 1 1" user="1"/>
              <light name="l" mode="track" directional="true" castshadow="false" active="false"
                     pos="1 1 1" dir="0 1 0" attenuation="1 0.1 0" cutoff="30" exponent="2"
                     ambient="0.1 0.1 0.1" diffuse="0.5 0.5 0.5" specular="0.2 0.2 0.2"
                     bulbradius="0.1" intensity="2" range="5"/>
            </body>
          </worldbody>
          <tendon>
            <fixed name="t" group="1" limited="true" range="0 1" solreflimit="0.1 1"
                   solimplimit="0.8 0.9 0.01" solreffriction="0.1 1" solimpfriction="0.8 0.9 0.01"
                   frictionloss="1" springlength="0.5" stiffness="1" damping="1" margin="0.1"
                   armature="0.1" user="1">
              <joint joint="j" coef="2"/>
            </fixed>
          </tendon>
          <equality><joint name="e" joint1="j" polycoef="0 2 0 0 0" active="false" solref="0.1 1"
                           solimp="0.8 0.9 0.01"/></equality>
          <actuator>
            <general name="a" joint="j" group="1" ctrllimited="true" ctrlrange="-1 1"
                     forcelimited="true" forcerange="-1 1" actlimited="true" actrange="-1 1"
                     lengthrange="0 1" gear="2" dyntype="filter" gaintype="affine"
                     biastype="affine" dynprm="1" gainprm="2" biasprm="3" actearly="true"
                     user="1"/>
          </actuator>
        </mujoco>""",
}


@pytest.mark.parametrize("name", sorted(SAME_TEXT))
def test_text_is_the_references(name):
    xml = textwrap.dedent(SAME_TEXT[name])
    assert mjsim.MjSpec.from_string(xml).to_xml() == mujoco.MjSpec.from_string(xml).to_xml()


def site_with_user_data(engine):
    spec = engine.MjSpec()
    body = spec.worldbody.add_body(name="baz", pos=[1, 2, 3], quat=[0, 1, 0, 0])
    site = body.add_site(name="sitename", type=engine.mjtGeom.mjGEOM_BOX)
    site.userdata = [1, 2, 3, 4, 5, 6]
    spec.compiler.eulerseq = "zyx"  # unused by the text: no euler is written
    return spec


def test_text_of_a_spec_built_in_python_is_the_references():
    ours = site_with_user_data(mjsim).to_xml()
    assert ours == site_with_user_data(mujoco).to_xml()
    assert '<size nuser_site="6"/>' in ours and "eulerseq" not in ours


def test_orientation_keeps_its_form_and_reads_back_exactly():
    xml = """<mujoco><compiler angle="degree" eulerseq="zyx"/><worldbody>
      <body euler="10 20 30"><geom size="0.1" axisangle="1 0 0 30"/>
        <frame xyaxes="0 1 0 -1 0 0"><geom size="0.1" zaxis="0 1 1"/></frame>
        <geom type="capsule" size="0.02" fromto="0 0 0 0.1 0.2 0.3"/>
      </body></worldbody></mujoco>"""
    text = mjsim.MjSpec.from_string(xml).to_xml()
    assert 'eulerseq="zyx"' in text and "<frame" in text and "fromto" in text
    assert 'angle="radian"' in text and 'euler="10 20 30"' not in text
    ours = mjsim.MjModel.from_xml_string(text)
    direct = mjsim.MjModel.from_xml_string(xml)
    for name in ("body_quat", "geom_quat", "geom_pos", "geom_size"):
        np.testing.assert_array_equal(getattr(ours, name), getattr(direct, name), err_msg=name)
    assert_models_match(ours, mujoco.MjModel.from_xml_string(text))


# ---- round trip on the corpus -----------------------------------------------------------------

def model_arrays(model) -> dict:
    return {name: getattr(model, name) for name in dir(model)
            if not name.startswith("_") and isinstance(getattr(model, name), np.ndarray)}


def exact_differences(a, b) -> list[str]:
    """Arrays of two mjsim Models that differ in shape or any bit (NaN equal to NaN)."""
    problems = []
    arrays_b = model_arrays(b)
    for name, x in model_arrays(a).items():
        y = arrays_b[name]
        if x.shape != y.shape:
            problems.append(f"{name}: shape {x.shape} vs {y.shape}")
        elif not np.array_equal(x, y, equal_nan=x.dtype.kind == "f"):
            rows = np.flatnonzero((x != y).reshape(len(x), -1).any(axis=1)
                                  & ~(np.isnan(x) & np.isnan(y)).reshape(len(x), -1).all(axis=1)
                                  if x.dtype.kind == "f" else
                                  (x != y).reshape(len(x), -1).any(axis=1))
            problems.append(f"{name}: row {rows[0]}: {x[rows[0]]} vs {y[rows[0]]}")
    return problems


def close_differences(a, b, rtol=1e-9) -> list[str]:
    """Sizes and arrays of two reference Models that differ beyond `rtol` (NaN equal to NaN,
    inf to inf): the reference's own rounding where mjsim's text and the file take other paths
    (a URDF's axes normalized before or after writing)."""
    problems = [f"{name}: {getattr(a, name)} vs {getattr(b, name)}" for name in dir(a)
                if name.startswith("n") and isinstance(getattr(a, name), int)
                and getattr(a, name) != getattr(b, name)]
    arrays_b = model_arrays(b)
    for name, x in model_arrays(a).items():
        y = arrays_b[name]
        if x.shape != y.shape:
            problems.append(f"{name}: shape {x.shape} vs {y.shape}")
        elif x.dtype.kind == "f":
            with np.errstate(invalid="ignore"):
                close = np.isclose(x, y, rtol=rtol, atol=rtol, equal_nan=True)
            if not close.all():
                row = int(np.flatnonzero(~close.reshape(len(x), -1).all(axis=1))[0])
                problems.append(f"{name}: row {row}: {x[row]} vs {y[row]}")
        elif not np.array_equal(x, y):
            row = int(np.flatnonzero((x != y).reshape(len(x), -1).any(axis=1))[0])
            problems.append(f"{name}: row {row}: {x[row]} vs {y[row]}")
    return problems


def assert_round_trip(path):
    """The text mjsim writes for `path` compiles, in mjsim, to the Model of `path` bit for bit,
    and in the reference to the reference's Model of `path`. Paths in the text are relative to
    the model's directory, as in the file, so both compile from there."""
    path = os.path.abspath(path)
    try:
        direct = mjsim.MjModel.from_xml_path(path)
    except ValueError as error:
        pytest.skip(f"mjsim does not load it: {str(error).splitlines()[0]}")
    text = mjsim.MjSpec.from_file(path).to_xml()
    here = os.getcwd()
    os.chdir(os.path.dirname(path))
    try:
        problems = exact_differences(mjsim.MjModel.from_xml_string(text), direct)
        assert not problems, "\n".join([label(path), *problems[:10]])
        problems = close_differences(mujoco.MjModel.from_xml_string(text),
                                     mujoco.MjModel.from_xml_path(path))
        assert not problems, "\n".join([f"{label(path)}: the reference compiling mjsim's text",
                                        *problems[:10]])
    finally:
        os.chdir(here)


@pytest.mark.parametrize("path", corpus_models(), ids=label)
def test_corpus_round_trip(path):
    assert_round_trip(path)


@pytest.mark.wild
def test_wild_round_trip(wild_model):
    assert_round_trip(wild_model)


# ---- edits --------------------------------------------------------------------------------------

ARM = """<mujoco model="arm">
  <compiler angle="degree"/>
  <worldbody>
    <body name="upper" pos="0 0 1">
      <joint name="shoulder" axis="0 1 0" range="-90 90"/>
      <geom name="upper" type="capsule" size="0.03" fromto="0 0 0 0.3 0 0"/>
    </body>
  </worldbody>
  <keyframe><key name="home" qpos="30"/></keyframe>
</mujoco>"""


def edited_arm(engine):
    spec = engine.MjSpec.from_string(ARM)
    upper = spec.body("upper")
    lower = upper.add_body(name="lower", pos=[0.3, 0, 0])
    lower.add_joint(name="elbow", axis=[0, 1, 0], range=[0, 120])
    lower.add_geom(name="lower", size=[0.05, 0, 0])
    spec.geom("upper").rgba = [0, 1, 0, 1]
    spec.add_actuator(name="elbow", target="elbow", trntype=engine.mjtTrn.mjTRN_JOINT)
    spec.option.timestep = 0.005
    return spec


def test_edits_are_written_and_compile_like_the_spec():
    spec = edited_arm(mjsim)
    text = spec.to_xml()
    assert 'name="lower"' in text and 'rgba="0 1 0 1"' in text and 'timestep="0.005"' in text
    assert not exact_differences(mjsim.MjModel.from_xml_string(text), spec.compile())
    # the reference's own text has six digits, so its compiled spec is the comparison
    assert not close_differences(mujoco.MjModel.from_xml_string(text), edited_arm(mujoco).compile())


def test_key_qpos_is_padded_with_the_refs_as_written():
    """A short key qpos is padded by the compiler with each hinge's ref as written (degrees,
    unconverted, as the reference); the text keeps that padding after converting refs."""
    xml = """<mujoco><compiler angle="degree"/><worldbody><body><joint name="a"/><geom size="1"/>
      <body><joint name="b" ref="10"/><geom size="1"/></body></body></worldbody>
      <keyframe><key qpos="0.5"/></keyframe></mujoco>"""
    text = mjsim.MjSpec.from_string(xml).to_xml()
    assert 'qpos="0.5 10"' in text
    np.testing.assert_array_equal(mjsim.MjModel.from_xml_string(text).key_qpos,
                                  mujoco.MjModel.from_xml_string(xml).key_qpos)


def test_to_file_and_save_last_xml_write_the_same_text(tmp_path):
    spec = edited_arm(mjsim)
    spec.to_file(str(tmp_path / "spec.xml"))
    assert (tmp_path / "spec.xml").read_text() == spec.to_xml()
    m = mjsim.MjModel.from_xml_string(ARM)
    mjsim.mj_saveLastXML(str(tmp_path / "last.xml"), m)
    assert (tmp_path / "last.xml").read_text() == mjsim.MjSpec.from_string(ARM).to_xml()


def test_save_last_xml_writes_a_urdf_model_as_mjcf(tmp_path):
    urdf = next(p for p in corpus_models() if p.suffix == ".urdf")
    m = mjsim.MjModel.from_xml_path(str(urdf))
    mjsim.mj_saveLastXML(str(tmp_path / "from_urdf.xml"), m)
    text = (tmp_path / "from_urdf.xml").read_text()
    assert text.startswith("<mujoco")
    os.chdir(urdf.parent)
    assert not exact_differences(mjsim.MjModel.from_xml_string(text), m)


def test_to_zip_round_trips_through_both_engines(tmp_path):
    spec = mjsim.MjSpec.from_string(
        '<mujoco model="zipped"><asset><mesh name="m" file="tet.obj"/></asset><worldbody>'
        '<geom type="mesh" mesh="m"/></worldbody></mujoco>',
        assets={"tet.obj": b"v 0 0 0\nv 2 0 0\nv 0 1 0\nv 0 0 0.5\nf 1 2 3\nf 1 2 4\nf 1 3 4\n"
                           b"f 2 3 4\n"})
    path = tmp_path / "out" / "model.zip"
    mjsim.to_zip(spec, str(path))
    assert sorted(zipfile.ZipFile(path).namelist()) == ["tet.obj", "zipped.xml"]
    ours = mjsim.MjSpec.from_zip(str(path)).compile()
    assert not exact_differences(ours, spec.compile())
    assert_models_match(ours, mujoco.MjSpec.from_zip(str(path)).compile())
    stream = io.BytesIO()
    spec.to_zip(stream)
    assert zipfile.ZipFile(stream).read("zipped.xml").decode() == spec.to_xml()


# ---- bad input ----------------------------------------------------------------------------------

@pytest.mark.parametrize("engine", [mjsim, mujoco], ids=["mjsim", "reference"])
def test_bad_spec_that_does_not_compile_raises_and_stays_usable(engine):
    spec = engine.MjSpec.from_string(ARM)
    geom = spec.worldbody.add_geom(type=engine.mjtGeom.mjGEOM_MESH, meshname="absent")
    with pytest.raises(ValueError, match="absent"):
        spec.to_xml()
    spec.delete(geom)
    assert "absent" not in spec.to_xml()


def test_bad_to_file_into_a_missing_directory(tmp_path):
    """mjsim raises; the reference writes nothing and says nothing (and refuses a spec not yet
    compiled, which mjsim compiles first, as to_xml does in both)."""
    spec = mjsim.MjSpec.from_string(ARM)
    with pytest.raises(mjsim.FatalError, match="could not open file"):
        spec.to_file(str(tmp_path / "missing" / "x.xml"))
    assert spec.compile().nbody == 2
