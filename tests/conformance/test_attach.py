"""Attaching one model to another (cpp/src/spec/attach, xml/read_attach, bindings/spec_attach)
against the reference: the same scripts run with mujoco and with mjsim, the Models compared on
every field.

  test_xml_*      <asset><model> and <attach model= body= prefix=> in a body or frame
  test_python_*   MjsFrame.attach_body, MjsSite.attach_body, MjSpec.attach(site= | frame=)
  test_bad_*      missing attach points, unknown models and bodies, names doubled by an attach,
                  a body attached twice: ValueError with the reference's message
"""

from __future__ import annotations

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from conformance.test_spec import assert_models_match  # noqa: E402

ENGINES = pytest.mark.parametrize("engine", [mjsim, mujoco], ids=["mjsim", "mujoco"])

# a two-finger gripper with its own classes, actuators, sensors, tendon, contacts and keyframe
GRIPPER = """
<mujoco model="gripper">
  <compiler angle="degree"/>
  <default>
    <default class="finger">
      <joint type="slide" axis="1 0 0" range="0 0.04" damping="3"/>
      <geom type="box" size="0.005 0.01 0.03" rgba="0.8 0.2 0.2 1" friction="1.5 0.01 0.001"/>
      <default class="pad"><geom size="0.004 0.009 0.01" priority="1"/></default>
    </default>
  </default>
  <asset>
    <material name="steel" rgba="0.6 0.6 0.7 1"/>
    <mesh name="wedge" vertex="0 0 0  0.02 0 0  0 0.02 0  0 0 0.02"/>
  </asset>
  <worldbody>
    <geom name="stand" type="box" size="0.05 0.05 0.005"/>
    <body name="palm" pos="0 0 0.05" euler="0 0 45">
      <geom name="palm" type="box" size="0.03 0.02 0.01" material="steel"/>
      <geom name="wedge" type="mesh" mesh="wedge" pos="0 0 0.02"/>
      <site name="grasp" pos="0 0 0.06"/>
      <camera name="wrist" pos="0 -0.1 0" euler="90 0 0"/>
      <body name="left" childclass="finger" pos="-0.02 0 0.04">
        <joint name="left"/>
        <geom name="left"/>
        <geom name="left_pad" class="pad" pos="0.005 0 0.02"/>
        <site name="left_tip" pos="0 0 0.03"/>
      </body>
      <body name="right" childclass="finger" pos="0.02 0 0.04" euler="0 0 180">
        <joint name="right"/>
        <geom name="right"/>
        <site name="right_tip" pos="0 0 0.03"/>
      </body>
    </body>
  </worldbody>
  <tendon><fixed name="sync"><joint joint="left" coef="1"/><joint joint="right" coef="-1"/></fixed></tendon>
  <equality><joint name="mirror" joint1="left" joint2="right"/></equality>
  <contact>
    <pair name="pads" geom1="left_pad" geom2="right"/>
    <exclude body1="left" body2="right"/>
  </contact>
  <actuator>
    <position name="left" joint="left" kp="200" ctrlrange="0 0.04"/>
    <general name="right" joint="right" ctrlrange="0 0.04" dyntype="filter" dynprm="0.05"
             gainprm="200" biastype="affine" biasprm="0 -200"/>
  </actuator>
  <sensor>
    <jointpos name="left_q" joint="left"/>
    <framepos name="tip" objtype="site" objname="left_tip"/>
    <tendonpos name="sync" tendon="sync"/>
  </sensor>
  <keyframe><key name="open" qpos="0.03 0.03" ctrl="0.03 0.03" act="0.01"/></keyframe>
</mujoco>
"""

# a one-joint arm with a mount site and a mount frame
ARM = """
<mujoco model="arm">
  <default><joint damping="1"/></default>
  <worldbody>
    <light pos="0 0 3"/>
    <body name="base">
      <joint name="shoulder" axis="0 1 0" range="-90 90"/>
      <geom name="link" type="capsule" fromto="0 0 0 0 0 0.4" size="0.03"/>
      <site name="mount" pos="0 0 0.42" euler="0 0 30"/>
      <frame name="flange" pos="0 0 0.4" euler="0 15 0">{attach}</frame>
    </body>
  </worldbody>
  <asset>{assets}</asset>
  <actuator><motor name="shoulder" joint="shoulder" gear="10"/></actuator>
  <keyframe><key name="home" qpos="{home}"/></keyframe>
</mujoco>
"""


def arm_xml(attach="", assets="", home="0.2"):
    return ARM.format(attach=attach, assets=assets, home=home)


def both(script):
    """The Models the script builds with mjsim and with the reference, compared on every field."""
    ours, ref = script(mjsim), script(mujoco)
    assert_models_match(ours, ref)
    return ours, ref


# ---- XML ----------------------------------------------------------------------------------------

def test_xml_gripper_body_on_arm_frame():
    xml = arm_xml('<attach model="gripper" body="palm" prefix="g/"/>',
                  '<model name="gripper" file="gripper.xml"/>', home="0.2 0.01 0.02")
    ours, _ = both(lambda engine: engine.MjModel.from_xml_string(xml, {"gripper.xml": GRIPPER.encode()}))
    assert ours.body("g/left").name == "g/left"
    assert ours.actuator("g/right").name == "g/right"


def test_xml_whole_gripper_model_from_a_file(tmp_path):
    (tmp_path / "gripper.xml").write_text(GRIPPER)
    (tmp_path / "arm.xml").write_text(arm_xml('<attach model="hand" prefix="h-"/>',
                                              '<model name="hand" file="gripper.xml"/>'))
    ours, _ = both(lambda engine: engine.MjModel.from_xml_path(str(tmp_path / "arm.xml")))
    assert ours.nkey == 2
    np.testing.assert_allclose(ours.key_ctrl[1], [0, 0.03, 0.03])


def test_xml_arm_replicated_into_a_scene(tmp_path):
    (tmp_path / "arm.xml").write_text(arm_xml())
    attaches = "".join(
        f'<body name="slot{i}" pos="{i} 0 0"><attach model="arm" prefix="arm{i}_"/></body>'
        for i in range(3))
    scene = f"""
    <mujoco>
      <asset><model name="arm" file="arm.xml"/></asset>
      <worldbody><geom type="plane" size="5 5 0.1"/>{attaches}</worldbody>
      <actuator><motor name="extra" joint="arm1_shoulder"/></actuator>
    </mujoco>"""
    (tmp_path / "scene.xml").write_text(scene)
    ours, _ = both(lambda engine: engine.MjModel.from_xml_path(str(tmp_path / "scene.xml")))
    assert ours.nu == 4 and ours.nkey == 3


def test_xml_body_attached_twice_under_one_prefix_is_attached_once():
    attach = '<attach model="gripper" body="palm" prefix="g/"/>'
    xml = arm_xml(attach + attach, '<model name="gripper" file="gripper.xml"/>',
                  home="0.2 0.01 0.02")
    both(lambda engine: engine.MjModel.from_xml_string(xml, {"gripper.xml": GRIPPER.encode()}))


# ---- Python -------------------------------------------------------------------------------------

def gripper_on_frame(engine):
    arm = engine.MjSpec.from_string(arm_xml())
    gripper = engine.MjSpec.from_string(GRIPPER)
    palm = gripper.body("palm")
    assert arm.frame("flange").attach_body(palm, "g-", "-1") is palm
    palm.pos = [0, 0, 0.01]  # attached by reference: edits after the attach count
    return arm.compile()


def gripper_on_site(engine):
    arm = engine.MjSpec.from_string(arm_xml())
    gripper = engine.MjSpec.from_string(GRIPPER)
    arm.site("mount").attach_body(gripper.body("palm"), prefix="s-")
    return arm.compile()


def whole_gripper(engine, **where):
    arm = engine.MjSpec.from_string(arm_xml())
    gripper = engine.MjSpec.from_string(GRIPPER)
    frame = arm.attach(gripper, prefix="w-", **where)
    assert gripper.parent == arm
    frame.pos = [0, 0, 0.02]
    return arm.compile()


def test_python_attach_body_to_frame():
    ours, _ = both(gripper_on_frame)
    assert ours.sensor("g-tip-1").name == "g-tip-1"


def test_python_attach_body_to_site():
    both(gripper_on_site)


@pytest.mark.parametrize("where", [{"site": "mount"}, {"frame": "flange"}], ids=["site", "frame"])
def test_python_attach_whole_spec(where):
    ours, _ = both(lambda engine: whole_gripper(engine, **where))
    assert ours.nkey == 2


def test_python_attach_keeps_the_body_object_and_renames_it_in_both_specs():
    arm = mjsim.MjSpec.from_string(arm_xml())
    gripper = mjsim.MjSpec.from_string(GRIPPER)
    left = gripper.body("left")
    arm.frame("flange").attach_body(left, "x-")
    assert left.name == "x-left" and arm.body("x-left") is left
    assert [b.name for b in gripper.bodies] == ["world", "palm", "x-left", "right"]
    assert left.parent == arm.body("base") and left.frame == arm.frame("flange")
    with pytest.raises(ValueError, match="cannot compile child spec"):
        gripper.compile()


def test_python_attach_converts_the_childs_angle_unit():
    def script(engine):
        parent = engine.MjSpec()
        parent.compiler.degree = False
        child = engine.MjSpec()
        body = child.worldbody.add_body(name="b", euler=[0, 0, 90])
        body.add_joint(name="j", range=[-45, 45])
        body.add_geom(size=[0.1, 0, 0], pos=[0.2, 0, 0])
        parent.worldbody.add_frame(euler=[0, 0, -np.pi / 2]).attach_body(child.body("b"), "c-")
        return parent.compile()
    both(script)


def test_python_attach_renames_the_childs_asset_files():
    for engine in (mjsim, mujoco):
        parent = engine.MjSpec()
        child = engine.MjSpec()
        child.assets = {"meshes/part.obj": "v 0 0 0", "tex.png": "x"}
        child.worldbody.add_body(name="b")
        parent.attach(child, frame=parent.worldbody.add_frame(), prefix="p_", suffix="_s")
        assert parent.assets == {"meshes/p_part_s.obj": "v 0 0 0", "p_tex_s.png": "x"}


# ---- bad input ----------------------------------------------------------------------------------

@ENGINES
@pytest.mark.parametrize("where, message", [
    ({}, "One of frame or site must be specified."),
    ({"site": "nowhere"}, "Site not found."),
    ({"frame": "nowhere"}, "Frame not found."),
    ({"site": "mount", "frame": "flange"}, "Only one of frame or site can be specified."),
])
def test_bad_attach_point(engine, where, message):
    arm = engine.MjSpec.from_string(arm_xml())
    with pytest.raises(ValueError, match=message):
        arm.attach(engine.MjSpec.from_string(GRIPPER), prefix="g-", **where)


@ENGINES
def test_bad_body_attached_twice(engine):
    arm = engine.MjSpec.from_string(arm_xml())
    palm = engine.MjSpec.from_string(GRIPPER).body("palm")
    arm.frame("flange").attach_body(palm, "a-")
    with pytest.raises(ValueError, match="incompatible id in body array"):
        arm.site("mount").attach_body(palm, "b-")


@ENGINES
def test_bad_names_doubled_by_attach_fail_compile_naming_them(engine):
    arm = engine.MjSpec.from_string(arm_xml())
    arm.worldbody.add_body(name="spare").add_geom(name="g-palm", size=[0.1, 0, 0])
    arm.attach(engine.MjSpec.from_string(GRIPPER), frame="flange", prefix="g-")
    with pytest.raises(ValueError, match="repeated name 'g-palm' in geom"):
        arm.compile()


@ENGINES
def test_bad_empty_prefix_doubles_names(engine):
    arm = engine.MjSpec.from_string(arm_xml())
    child = engine.MjSpec.from_string(arm_xml())
    # the reference refuses at attach, mjsim when compiling; both name the repeated element
    with pytest.raises(ValueError, match="repeated name '(base|shoulder)'"):
        arm.attach(child, frame="flange")
        arm.compile()


@ENGINES
@pytest.mark.parametrize("attach, message", [
    ('<attach model="nothing" prefix="x"/>', "nothing"),
    ('<attach model="gripper" body="no_body" prefix="x"/>', "no_body"),
])
def test_bad_xml_attach(engine, attach, message):
    xml = arm_xml(attach, '<model name="gripper" file="gripper.xml"/>')
    with pytest.raises(ValueError, match=message):
        engine.MjModel.from_xml_string(xml, {"gripper.xml": GRIPPER.encode()})


@ENGINES
def test_bad_xml_model_content_type(engine):
    xml = arm_xml('<attach model="gripper" prefix="x"/>',
                  '<model name="gripper" file="gripper.xml" content_type="image/png"/>')
    with pytest.raises(ValueError, match="unsupported content_type: image/png"):
        engine.MjModel.from_xml_string(xml, {"gripper.xml": GRIPPER.encode()})


@ENGINES
def test_bad_xml_model_file_missing(engine):
    xml = arm_xml('<attach model="gripper" prefix="x"/>', '<model name="gripper" file="absent.xml"/>')
    with pytest.raises(ValueError, match="absent.xml"):
        engine.MjModel.from_xml_string(xml)


@ENGINES
def test_bad_xml_attach_without_prefix(engine):
    xml = arm_xml('<attach model="gripper"/>', '<model name="gripper" file="gripper.xml"/>')
    with pytest.raises(ValueError, match="prefix"):
        engine.MjModel.from_xml_string(xml, {"gripper.xml": GRIPPER.encode()})
