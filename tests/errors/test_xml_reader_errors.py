"""MJCF the reference rejects raises ValueError naming the element and its line
(xml/xml_reader.cc, xml/reader_base.cc, xml/include.cc): default classes, elements a schema
parent may hold once, out-of-range numbers, equality names, special include files, nesting."""

import os

import pytest

import mjsim
from support import assert_names_element_and_line


def _raises(xml, element, line, *words):
    with pytest.raises(ValueError) as error:
        mjsim.MjModel.from_xml_string(xml)
    assert_names_element_and_line(str(error.value), element, line, *words)
    return str(error.value)


# top-of-document sections: (xml lines 2.., element, line, words)
SECTION_CASES = {
    "renamed_main": ("<default>\n</default>\n<default class='foo'>\n</default>", "default", 4,
                     ("main",)),
    "renamed_main_alone": ("<default class='foo'/>", "default", 2, ("main",)),
    "repeated_class_across_blocks": (
        "<default>\n<default class='a'/>\n</default>\n<default>\n<default class='a'/>\n"
        "</default>", "default", 6, ("repeated",)),
    "nested_main_is_repeated": ("<default>\n<default class='main'/>\n</default>", "default", 3,
                                ("repeated",)),
    "empty_class_name": ("<default>\n<default class=''/>\n</default>", "default", 3, ("empty",)),
    "missing_class_name": ("<default>\n<default/>\n</default>", "default", 3, ("empty",)),
    "two_joints_in_a_class": ("<default>\n<joint damping='1'/>\n<joint armature='2'/>\n"
                              "</default>", "default", 2, ("unique", "joint")),
    "two_geoms_in_a_nested_class": ("<default>\n<default class='a'>\n<geom size='1'/>\n"
                                    "<geom size='2'/>\n</default>\n</default>", "default", 3,
                                    ("unique", "geom")),
    "two_motors_in_a_class": ("<default>\n<motor/><motor/>\n</default>", "default", 2,
                              ("unique", "motor")),
    "two_global_in_visual": ("<visual>\n<global/><global/>\n</visual>", "visual", 2,
                             ("unique", "global")),
    "two_flags_in_option": ("<option>\n<flag/><flag/>\n</option>", "option", 2,
                            ("unique", "flag")),
    "two_lengthrange_in_compiler": ("<compiler>\n<lengthrange/><lengthrange/>\n</compiler>",
                                    "compiler", 2, ("unique", "lengthrange")),
}


@pytest.mark.parametrize("case", sorted(SECTION_CASES))
def test_section_error_names_element_and_line(case):
    text, element, line, words = SECTION_CASES[case]
    _raises(f"<mujoco>\n{text}\n<worldbody/>\n</mujoco>", element, line, *words)


# worldbody content: (xml lines 3.., element, line, words)
BODY_CASES = {
    "body_in_site": ("<body>\n<site>\n<body/>\n</site>\n</body>", "body", 5, ()),
    "joint_in_joint": ("<body>\n<joint>\n<joint/>\n</joint><geom size='1'/>\n</body>", "joint", 5,
                       ()),
    "geom_in_geom": ("<body>\n<geom size='1'>\n<geom size='1'/>\n</geom>\n</body>", "geom", 5, ()),
    "geom_in_camera": ("<camera>\n<geom size='1'/>\n</camera>", "geom", 4, ()),
    "unknown_in_joint": ("<body>\n<joint>\n<foo/>\n</joint>\n</body>", "foo", 5, ()),
    "two_inertials_in_body": ("<body>\n<inertial pos='0 0 0' mass='1'/>\n"
                              "<inertial pos='0 0 0' mass='1'/>\n</body>", "body", 3,
                              ("unique", "inertial")),
    "world_frame_joint": ("<frame>\n<joint/>\n</frame>", "joint", 4, ("world",)),
    "world_frame_inertial": ("<frame>\n<inertial pos='0 0 0' mass='1'/>\n</frame>", "inertial",
                             4, ("world",)),
}


@pytest.mark.parametrize("case", sorted(BODY_CASES))
def test_body_error_names_element_and_line(case):
    text, element, line, words = BODY_CASES[case]
    _raises(f"<mujoco>\n<worldbody>\n{text}\n</worldbody>\n</mujoco>", element, line, *words)


JOINT_CASES = {
    "ball_range_must_start_at_zero": ("type='ball' range='-1 1'", ("ball",)),
    "ball_range_limited_must_start_at_zero": ("type='ball' range='1 1' limited='true'",
                                              ("ball",)),
    "actuatorfrcrange_equal_bounds_limited": ("actuatorfrcrange='1 1' actuatorfrclimited='true'",
                                              ("actuatorfrcrange",)),
    "range_equal_bounds_limited": ("range='1 1' limited='true'", ("range",)),
}


@pytest.mark.parametrize("case", sorted(JOINT_CASES))
def test_joint_range_error_names_joint_and_line(case):
    values, words = JOINT_CASES[case]
    xml = f"<mujoco>\n<worldbody>\n<body>\n<joint {values}/>\n<geom size='1'/>\n</body>\n</worldbody>\n</mujoco>"
    _raises(xml, "joint", 4, *words)


# (section before worldbody, worldbody content, element, attribute): the number on line 3
NUMBER_CASES = {
    "double_overflow": ("", "<geom size='1e400'/>", "geom", "size"),
    "double_negative_overflow": ("", "<geom size='1' pos='0 0 -1e400'/>", "geom", "pos"),
    "double_underflow": ("", "<geom size='1' pos='0 0 1e-400'/>", "geom", "pos"),
    "double_subnormal": ("", "<geom size='1' pos='0 0 1e-310'/>", "geom", "pos"),
    "float_overflow": ("", "<geom size='1' rgba='1 1 1 1e39'/>", "geom", "rgba"),
    "float_subnormal": ("", "<geom size='1' rgba='1 1 1 1e-40'/>", "geom", "rgba"),
    "float_visual": ("<visual><global fovy='1e39'/></visual>", "", "global", "fovy"),
    "float_light": ("", "<light diffuse='1 1 1e39'/>", "light", "diffuse"),
    "int_overflow": ("", "<geom size='1' group='2147483648'/>", "geom", "group"),
    "int_long": ("", "<geom size='1' group='99999999999'/>", "geom", "group"),
    "int_exponent": ("", "<geom size='1' condim='1e400'/>", "geom", "condim"),
    "int_decimal": ("", "<geom size='1' condim='3.0'/>", "geom", "condim"),
    "int_pair": ("", "<camera resolution='1 1e400'/>", "camera", "resolution"),
    "option_overflow": ("<option timestep='1e400'/>", "", "option", "timestep"),
}


@pytest.mark.parametrize("case", sorted(NUMBER_CASES))
def test_number_out_of_range_names_attribute_and_line(case):
    section, content, element, attribute = NUMBER_CASES[case]
    line = 3 if content else 2
    xml = f"<mujoco>\n{section}\n<worldbody>\n{content}\n</worldbody>\n</mujoco>"
    if content:
        xml = f"<mujoco>\n<worldbody>\n{content}\n</worldbody>\n</mujoco>"
    _raises(xml, element, line, attribute)


@pytest.mark.parametrize("text", ["1.7e308", "-2147483648", "0x1p1", "3e38"])
def test_numbers_in_range_load(text):
    attr = "group" if text == "-2147483648" else "size"
    mjsim.MjModel.from_xml_string(
        f"<mujoco><worldbody><geom {attr}='{text}' size='1'/></worldbody></mujoco>"
        if attr == "group" else
        f"<mujoco><worldbody><geom size='{text}'/></worldbody></mujoco>")


_EQUALITY_WORLD = ("<worldbody><body name='a'><joint name='ja'/><geom size='1'/><site name='sa'/>"
                   "</body><body name='b'><joint name='jb'/><geom size='1'/><site name='sb'/>"
                   "</body></worldbody><tendon><fixed name='t'><joint joint='ja' coef='1'/>"
                   "</fixed></tendon>")
EQUALITY_CASES = {
    "connect_body1": ("<connect body1='' anchor='0 0 0'/>", "connect", "body1"),
    "connect_site1": ("<connect site1='' site2='sb'/>", "connect", "site1"),
    "connect_site2": ("<connect site1='sa' site2=''/>", "connect", "site2"),
    "weld_site1": ("<weld site1='' site2='sb'/>", "weld", "site1"),
    "weld_body1": ("<weld body1=''/>", "weld", "body1"),
    "joint1": ("<joint joint1=''/>", "joint", "joint1"),
    "tendon1": ("<tendon tendon1=''/>", "tendon", "tendon1"),
}


@pytest.mark.parametrize("case", sorted(EQUALITY_CASES))
def test_empty_equality_name_is_unknown(case):
    """Was std::bad_alloc (MemoryError) or garbage: an empty name is an unknown object."""
    text, element, attribute = EQUALITY_CASES[case]
    xml = f"<mujoco>{_EQUALITY_WORLD}\n<equality>\n{text}\n</equality>\n</mujoco>"
    _raises(xml, element, 3, attribute, "unknown")


@pytest.mark.parametrize("text", ["<connect body1='a' body2='' anchor='0 0 0'/>",
                                  "<weld body1='a' body2=''/>", "<joint joint1='ja' joint2=''/>",
                                  "<tendon tendon1='t' tendon2=''/>"])
def test_empty_second_equality_name_means_world_or_none(text):
    xml = f"<mujoco>{_EQUALITY_WORLD}<equality>{text}</equality></mujoco>"
    ours = mjsim.MjModel.from_xml_string(xml)
    assert ours.eq_obj2id[0] == (0 if "body1" in text else -1)


def _special_files(tmp_path):
    files = {"directory": str(tmp_path)}
    if os.path.exists("/dev/zero"):
        files["dev_zero"] = "/dev/zero"
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo.xml"
        os.mkfifo(fifo)
        files["fifo"] = str(fifo)
    return files


@pytest.mark.parametrize("kind", ["directory", "dev_zero", "fifo"])
def test_include_of_a_special_file_is_an_error_not_a_hang(tmp_path, kind):
    """/dev/zero was read forever and a FIFO blocked: only regular files are read."""
    files = _special_files(tmp_path)
    if kind not in files:
        pytest.skip(f"no {kind} on this system")
    xml = f"<mujoco>\n<include file='{files[kind]}'/>\n</mujoco>"
    _raises(xml, "include", 2, "regular file")


def test_main_file_fifo_is_an_error_not_a_hang(tmp_path):
    files = _special_files(tmp_path)
    if "fifo" not in files:
        pytest.skip("no FIFOs on this system")
    with pytest.raises(ValueError, match="regular file"):
        mjsim.MjModel.from_xml_path(files["fifo"])
