"""Bad MJCF raises ValueError (a missing file FileNotFoundError, or ValueError naming it)
whose message names the offending element and its line, and, where there is one, the
offending attribute or value. No oracle: the expected line is where the test put the error.
"""

import re

import pytest

import mjsim
from support import assert_names_element_and_line, line_numbers  # noqa: F401


def xml_with_error(body: str) -> tuple[str, int]:
    """A document whose worldbody holds `body`; returns (xml, line of the '<!--HERE-->' line),
    the marker being stripped. Lines are counted from 1, as in editors and in MuJoCo."""
    xml = f"<mujoco>\n  <worldbody>\n{body.strip(chr(10))}\n  </worldbody>\n</mujoco>\n"
    lines = xml.split("\n")
    marked = [i for i, line in enumerate(lines, start=1) if "<!--HERE-->" in line]
    assert len(marked) == 1, "mark exactly one line with <!--HERE-->"
    return xml.replace("<!--HERE-->", ""), marked[0]


# name: (worldbody content with the error on the <!--HERE--> line, element, words the message
# must contain besides element and line)
CASES = {
    "unclosed_tag": ("""
    <body name="arm">
      <geom size="0.1"><!--HERE-->
    </body>""", "geom", ()),
    "unknown_element": ("""
    <body name="arm">
      <gizmo size="0.1"/><!--HERE-->
    </body>""", "gizmo", ()),
    "unknown_attribute": ("""
    <body name="arm">
      <geom size="0.1" colour="red"/><!--HERE-->
    </body>""", "geom", ("colour",)),
    "too_few_numbers": ("""
    <body name="arm">
      <joint name="elbow" axis="0 1"/><!--HERE-->
      <geom size="0.1"/>
    </body>""", "joint", ("axis",)),
    "too_many_numbers": ("""
    <body name="arm">
      <joint name="elbow" axis="0 1 0 1"/><!--HERE-->
      <geom size="0.1"/>
    </body>""", "joint", ("axis",)),
    "bad_keyword": ("""
    <body name="arm">
      <joint name="elbow" type="hing"/><!--HERE-->
      <geom size="0.1"/>
    </body>""", "joint", ("hing",)),
    "non_numeric_value": ("""
    <body name="arm">
      <geom size="0.1" pos="0 zero 0"/><!--HERE-->
    </body>""", "geom", ("pos",)),
    "non_numeric_size": ("""
    <body name="arm">
      <geom size="abc"/><!--HERE-->
    </body>""", "geom", ("size",)),
    "unknown_default_class": ("""
    <body name="arm">
      <geom class="nope" size="0.1"/><!--HERE-->
    </body>""", "geom", ("nope",)),
    "unknown_childclass": ("""
    <body name="arm" childclass="nope"><!--HERE-->
      <geom size="0.1"/>
    </body>""", "body", ()),
    "joint_damping_not_a_number": ("""
    <body name="arm">
      <joint name="elbow" damping="lots"/><!--HERE-->
      <geom size="0.1"/>
    </body>""", "joint", ("damping", "lots")),
    "geom_solref_three_numbers": ("""
    <body name="arm">
      <geom size="0.1" solref="0.02 1 3"/><!--HERE-->
    </body>""", "geom", ("solref",)),
    "joint_in_worldbody": ("""
    <joint name="loose"/><!--HERE-->
    <geom size="0.1"/>""", "joint", ()),
    "replicate_count_too_large": ("""
    <replicate count="1000000000" offset="1 0 0"><!--HERE-->
      <geom size="0.1"/>
    </replicate>""", "replicate", ("count",)),
    "frame_unknown_childclass": ("""
    <frame childclass="nosuchclass"><!--HERE-->
      <geom size="0.1"/>
    </frame>""", "frame", ("nosuchclass",)),
    "springdamper_zero_dampratio": ("""
    <body>
      <joint springdamper="0.1 0"/><!--HERE-->
      <geom size="0.1"/>
    </body>""", "joint", ("springdamper",)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_xml_error_names_element_and_line(case):
    body, element, words = CASES[case]
    xml, line = xml_with_error(body)
    with pytest.raises(ValueError) as error:
        mjsim.MjModel.from_xml_string(xml)
    assert_names_element_and_line(str(error.value), element, line, *words)


def test_xml_error_in_a_file_names_the_file(tmp_path):
    xml, line = xml_with_error("""
    <body name="arm">
      <geom size="abc"/><!--HERE-->
    </body>""")
    path = tmp_path / "broken_arm.xml"
    path.write_text(xml)
    with pytest.raises(ValueError) as error:
        mjsim.MjModel.from_xml_path(str(path))
    message = str(error.value)
    assert_names_element_and_line(message, "geom", line, "size")
    assert "broken_arm.xml" in message, f"message does not name the file: {message!r}"


def test_missing_file(tmp_path):
    path = tmp_path / "no_such_model.xml"
    with pytest.raises((FileNotFoundError, ValueError)) as error:
        mjsim.MjModel.from_xml_path(str(path))
    assert "no_such_model.xml" in str(error.value), str(error.value)


def test_valid_model_still_loads_after_errors():
    """An error leaves nothing behind that breaks the next load."""
    for case in CASES.values():
        with pytest.raises(ValueError):
            mjsim.MjModel.from_xml_string(xml_with_error(case[0])[0])
    xml = """<mujoco><worldbody><body><joint/><geom size="0.1"/></body></worldbody></mujoco>"""
    m = mjsim.MjModel.from_xml_string(xml)
    assert (m.nbody, m.njnt) == (2, 1)


@pytest.mark.parametrize("not_xml", ["", "not xml at all", "<mujoco>", "<notmujoco/>"])
def test_garbage_raises_value_error(not_xml):
    with pytest.raises(ValueError):
        mjsim.MjModel.from_xml_string(not_xml)


def test_directory_instead_of_file_raises(tmp_path):
    """A directory instead of a file is an error, not a crash."""
    with pytest.raises((ValueError, FileNotFoundError, IsADirectoryError)):
        mjsim.MjModel.from_xml_path(str(tmp_path))


def test_file_error_lines_count_from_one(tmp_path):
    """Line numbers in a file count the XML declaration and comments too."""
    path = tmp_path / "commented.xml"
    path.write_text('<?xml version="1.0"?>\n<!-- a comment\n  over two lines -->\n'
                    '<mujoco>\n  <worldbody>\n    <geom size="1 2 3 4"/>\n  </worldbody>\n'
                    '</mujoco>\n')
    with pytest.raises(ValueError) as error:
        mjsim.MjModel.from_xml_path(str(path))
    assert_names_element_and_line(str(error.value), "geom", 6)


# (option element with the error, words the message must contain)
OPTION_CASES = {
    "bad_integrator": ('<option integrator="Euler2"/>', ("integrator", "Euler2")),
    "bad_flag_value": ('<option><flag contact="off"/></option>', ("contact", "off")),
    "unknown_flag": ('<option><flag passive="disable"/></option>', ("passive",)),
    "gravity_two_numbers": ('<option gravity="0 -9.81"/>', ("gravity",)),
    "zero_timestep": ('<option timestep="0"/>', ("timestep",)),
}


@pytest.mark.parametrize("case", sorted(OPTION_CASES))
def test_option_error_names_attribute_and_line(case):
    option, words = OPTION_CASES[case]
    xml = f"<mujoco>\n  {option}\n  <worldbody/>\n</mujoco>\n"
    with pytest.raises(ValueError) as error:
        mjsim.MjModel.from_xml_string(xml)
    element = "flag" if "flag" in option else "option"
    assert_names_element_and_line(str(error.value), element, 2, *words)
