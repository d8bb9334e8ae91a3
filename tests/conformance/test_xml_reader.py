"""MJCF the reference accepts loads to the reference's compiled arrays (xml/xml_reader.cc):
several top-level default blocks, joints/inertials/cameras/lights inside <frame>, deep
nesting, negative joint parameters. Frames are compared bit for bit."""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402


def _pair(xml, files=None):
    if files:
        return mjsim.MjModel.from_xml_path(files), mujoco.MjModel.from_xml_path(files)
    return mjsim.MjModel.from_xml_string(xml), mujoco.MjModel.from_xml_string(xml)


def _assert_equal(ours, ref, fields):
    for field in fields:
        np.testing.assert_array_equal(np.asarray(getattr(ours, field)), getattr(ref, field),
                                      err_msg=field)


_TWO_JOINTS = ('<worldbody><body><joint type="hinge"/><geom size=".1"/></body>'
               '<body pos="1 0 0"><joint class="{}" type="hinge"/><geom size=".1"/></body>'
               '</worldbody>')

# defaults blocks, class used by the second joint
DEFAULT_CASES = {
    "two_unnamed_blocks_merge": ('<default><joint damping="1"/></default>'
                                 '<default><joint armature="2"/></default>', "main"),
    "later_block_overrides": ('<default><joint damping="1"/></default>'
                              '<default><joint damping="3"/></default>', "main"),
    "explicit_main": ('<default class="main"><joint damping="1"/></default>'
                      '<default><joint armature="2"/></default>', "main"),
    "class_in_second_block_copies_main_so_far": (
        '<default><joint damping="1"/></default>'
        '<default><joint armature="2"/><default class="a"><joint stiffness="3"/></default>'
        '</default>', "a"),
    "later_main_values_do_not_reach_earlier_class": (
        '<default><joint damping="1"/><default class="a"><joint stiffness="3"/></default>'
        '</default><default><joint damping="5"/></default>', "a"),
    "default_after_worldbody": ('', "main"),
}


@pytest.mark.parametrize("case", sorted(DEFAULT_CASES))
def test_top_level_defaults_merge_as_reference(case):
    defaults, cls = DEFAULT_CASES[case]
    body = _TWO_JOINTS.format(cls)
    xml = (f"<mujoco>{defaults}{body}</mujoco>" if defaults else
           f'<mujoco>{body}<default><joint damping="2"/></default></mujoco>')
    ours, ref = _pair(xml)
    _assert_equal(ours, ref, ["dof_damping", "dof_armature", "jnt_stiffness"])


def test_defaults_of_included_files_merge(tmp_path):
    (tmp_path / "a.xml").write_text('<mujoco><default><joint damping="2"/>'
                                    '<default class="a"><geom size="0.3"/></default>'
                                    '</default></mujoco>')
    (tmp_path / "b.xml").write_text('<mujoco><default><joint armature="3"/>'
                                    '<default class="b"><geom size="0.4"/></default>'
                                    '</default></mujoco>')
    (tmp_path / "main.xml").write_text(
        '<mujoco><include file="a.xml"/><include file="b.xml"/><worldbody>'
        '<body><joint/><geom class="a"/></body><body><joint/><geom class="b"/></body>'
        '</worldbody></mujoco>')
    ours, ref = _pair(None, str(tmp_path / "main.xml"))
    _assert_equal(ours, ref, ["dof_damping", "dof_armature", "geom_size"])


_FRAMED = ("<joint axis='1 2 3' pos='3 2 1'/><joint type='slide' axis='-1 .5 2' pos='.1 0 -1'/>"
           "<joint type='ball' pos='1 1 1'/>"
           "<camera pos='1 2 3' euler='1 2 3'/><geom size='1' pos='.3 .2 .1' euler='4 5 6'/>"
           "<site pos='.3 .2 .1' euler='4 5 6'/><light pos='1 2 3' dir='3 -1 2'/>")
_FRAME_FIELDS = ["jnt_pos", "jnt_axis", "cam_pos", "cam_quat", "cam_pos0", "cam_mat0",
                 "geom_pos", "geom_quat", "site_pos", "site_quat", "light_pos", "light_pos0"]
FRAME_NESTS = {
    "one": ("<frame pos='0.1 1 0.3' euler='10 20 90'>", "</frame>"),
    "two": ("<frame pos='0 1 0' euler='0 0 90'><frame pos='1 2 3' euler='10 20 30'>",
            "</frame></frame>"),
    "three": ("<frame pos='0 1 0' euler='0 0 90'><frame pos='1 2 3' euler='10 20 30'>"
              "<frame pos='-1 .5 3' axisangle='1 1 1 30'>", "</frame></frame></frame>"),
}


@pytest.mark.parametrize("nest", sorted(FRAME_NESTS))
def test_frame_holds_joints_cameras_lights_bitwise(nest):
    """A frame's pose moves joint anchors and axes, cameras, lights, geoms and sites."""
    opening, closing = FRAME_NESTS[nest]
    xml = (f"<mujoco><worldbody><body pos='1 0 0'><geom size='.1'/>{opening}{_FRAMED}"
           f"{closing}</body></worldbody></mujoco>")
    ours, ref = _pair(xml)
    fields = _FRAME_FIELDS + (["light_dir"] if nest == "one" else [])
    _assert_equal(ours, ref, fields)


def test_unframed_joint_axis_is_divided_by_its_norm():
    xml = ("<mujoco><worldbody><body><geom size='1'/><joint axis='1 2 3'/>"
           "<joint axis='0.3 -7 1.1' type='slide'/></body></worldbody></mujoco>")
    ours, ref = _pair(xml)
    _assert_equal(ours, ref, ["jnt_axis"])


FRAME_ONLY_CASES = {
    "freejoint": "<freejoint/><geom size='.1'/>",
    "inertial_not_moved_by_frame": "<inertial pos='1 0 0' mass='2' diaginertia='1 2 3'/>",
    "inertial_twice_in_frame": "<inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/>"
                               "<inertial pos='1 0 0' mass='2' diaginertia='1 1 1'/>",
    "childclass_joint": "<joint class='c'/><geom size='.1'/>",
}


@pytest.mark.parametrize("case", sorted(FRAME_ONLY_CASES))
def test_frame_holds_freejoint_and_inertial(case):
    xml = ("<mujoco><default><default class='c'><joint damping='3' axis='1 0 0'/></default>"
           "</default><worldbody><body pos='1 0 0'>"
           f"<frame pos='0 1 0' euler='0 0 90'>{FRAME_ONLY_CASES[case]}</frame>"
           "</body></worldbody></mujoco>")
    ours, ref = _pair(xml)
    _assert_equal(ours, ref, ["jnt_pos", "jnt_axis", "jnt_type", "body_mass", "body_ipos",
                              "body_iquat", "body_inertia", "dof_damping"])


@pytest.mark.parametrize("order", ["body_first", "frame_first"])
def test_last_inertial_of_body_and_frame_counts(order):
    body = "<inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/>"
    frame = "<frame><inertial pos='1 0 0' mass='2' diaginertia='1 1 1'/></frame>"
    inner = body + frame if order == "body_first" else frame + body
    ours, ref = _pair(f"<mujoco><worldbody><body>{inner}</body></worldbody></mujoco>")
    _assert_equal(ours, ref, ["body_mass", "body_ipos"])


_JOINT_FIELDS = ["dof_damping", "dof_armature", "jnt_stiffness", "dof_frictionloss",
                 "qpos_spring", "jnt_margin", "jnt_range", "jnt_limited", "qpos0",
                 "jnt_actfrcrange", "jnt_actfrclimited", "jnt_group"]
JOINT_VALUES = ["damping='-1'", "armature='-1'", "stiffness='-1'", "frictionloss='-1'",
                "springref='-1'", "margin='-1'", "ref='-1'", "group='-1'", "range='1 -1'",
                "range='0 0'", "range='1 1'", "range='-1 -2'", "limited='false' range='1 -1'",
                "actuatorfrcrange='1 -1'", "actuatorfrcrange='-1 -2'", "actuatorfrcrange='0 0'",
                "actuatorfrcrange='1 1'"]


@pytest.mark.parametrize("joint_type", ["hinge", "slide", "ball"])
@pytest.mark.parametrize("values", JOINT_VALUES)
def test_joint_values_the_reference_accepts(values, joint_type):
    """Negative parameters load as given; autolimits limits only an ordered range."""
    xml = (f"<mujoco><worldbody><body><joint type='{joint_type}' {values}/>"
           "<geom size='.1'/></body></worldbody></mujoco>")
    ours, ref = _pair(xml)
    _assert_equal(ours, ref, _JOINT_FIELDS)


def _chain(bodies):
    return ("<mujoco><worldbody>" + "<body><joint/><geom size='.1'/>" * bodies +
            "</body>" * bodies + "</worldbody></mujoco>")


def test_deep_chain_loads_as_reference():
    """200 nested bodies (tinyxml2's depth limit was 100 here)."""
    ours, ref = _pair(_chain(200))
    _assert_equal(ours, ref, ["body_parentid", "body_pos", "jnt_bodyid", "dof_parentid"])


def test_deep_chain_loads_to_the_reference_limit():
    """496 nested bodies load and step: the reference's limit (it takes 20 s to compile them,
    so the count is compared with its measured value, 497 bodies with the world)."""
    ours = mjsim.MjModel.from_xml_string(_chain(496))
    assert ours.nbody == 497
    mjsim.mj_step(ours, mjsim.MjData(ours))


def test_chain_beyond_the_limit_is_a_parse_error():
    for bodies in (497, 5000):
        with pytest.raises(ValueError, match="DEPTH"):
            mjsim.MjModel.from_xml_string(_chain(bodies))
        with pytest.raises(ValueError, match="DEPTH"):
            mujoco.MjModel.from_xml_string(_chain(bodies))


TOP_LEVEL_BODIES = """<mujoco>
  <body name="outside"><joint/><geom size="0.1"/><body><geom size="0.1"/></body></body>
  <frame pos="1 0 0"><body><geom size="0.1"/></body></frame>
  <worldbody><body name="inside"><freejoint/><geom size="0.1"/></body></worldbody>
</mujoco>"""


def test_body_and_frame_outside_worldbody_are_checked_and_left_out():
    """An include fragment of bodies loads on its own as the reference loads it: without them."""
    ours, ref = _pair(TOP_LEVEL_BODIES)
    assert (ours.nbody, ours.ngeom, ours.njnt) == (ref.nbody, ref.ngeom, ref.njnt) == (2, 1, 1)


@pytest.mark.parametrize("inner", ['<foo/>', '<geom size="0.1" bogus="1"/>',
                                   '<body><site><body/></site></body>'])
def test_body_outside_worldbody_is_still_checked(inner, reference):
    xml = f'<mujoco><body>{inner}</body></mujoco>'
    with pytest.raises(ValueError, match="Schema violation"):
        reference.MjModel.from_xml_string(xml)
    with pytest.raises(ValueError, match="Schema violation"):
        mjsim.MjModel.from_xml_string(xml)
