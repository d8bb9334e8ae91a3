"""Bad actuators raise ValueError naming the element and its line, and the offending attribute,
value or target. Reader errors name the element; compiler errors also name the actuator. Every
case is also an error for the reference (checked when mujoco is installed)."""

import re

import pytest

import mjsim
from errors.test_xml_errors import assert_names_element_and_line

WORLD = """<worldbody>
  <body name="arm">
    <joint name="elbow" limited="true" range="-1 1"/>
    <joint name="free_spin" axis="1 0 0"/>
    <geom size="0.1"/>
    <site name="hand"/>
    <site name="wrist" pos="0 0 0.1"/>
  </body>
</worldbody>"""


def actuator_model(actuators: str, head: str = "") -> tuple[str, int]:
    """A model whose <actuator> section holds `actuators`; returns (xml, line of the line
    marked <!--HERE-->, the marker stripped)."""
    xml = f"<mujoco>\n{head}\n{WORLD}\n<actuator>\n{actuators.strip(chr(10))}\n</actuator>\n</mujoco>\n"
    lines = xml.split("\n")
    marked = [i for i, line in enumerate(lines, start=1) if "<!--HERE-->" in line]
    assert len(marked) == 1, "mark exactly one line with <!--HERE-->"
    return xml.replace("<!--HERE-->", ""), marked[0]


# name: (actuator section, element, words the message must contain, model head)
CASES = {
    "unknown_joint": ('<motor name="m" joint="knee"/><!--HERE-->', "motor", ("knee", "'m'"), ""),
    "unknown_site": ('<motor site="nose"/><!--HERE-->', "motor", ("nose",), ""),
    "unknown_refsite": ('<motor site="hand" refsite="nose"/><!--HERE-->', "motor", ("nose",), ""),
    "two_targets": ('<motor joint="elbow" site="hand"/><!--HERE-->', "motor", ("joint", "site"), ""),
    "missing_target": ('<motor name="lost"/><!--HERE-->', "motor", ("lost", "target"), ""),
    "refsite_without_site": ('<motor joint="elbow" refsite="hand"/><!--HERE-->', "motor", ("refsite",), ""),
    "crank_without_length": ('<motor cranksite="hand" slidersite="wrist"/><!--HERE-->', "motor",
                             ("cranklength",), ""),
    "crank_without_slider": ('<motor cranksite="hand" cranklength="1"/><!--HERE-->', "motor",
                             ("slidersite",), ""),
    "cranklength_on_joint": ('<general joint="elbow" cranklength="1"/><!--HERE-->', "general",
                             ("cranklength",), ""),
    "bad_ctrlrange": ('<motor joint="elbow" ctrllimited="true" ctrlrange="1 -1"/><!--HERE-->', "motor",
                      ("ctrlrange",), ""),
    "bad_forcerange": ('<motor joint="elbow" forcelimited="true" forcerange="1 1"/><!--HERE-->', "motor",
                       ("forcerange",), ""),
    "range_without_autolimits": ('<motor joint="free_spin" ctrlrange="-1 1"/><!--HERE-->', "motor",
                                 ("ctrllimited", "autolimits"), '<compiler autolimits="false"/>'),
    "actrange_without_dynamics": ('<general joint="elbow" actrange="0 1"/><!--HERE-->', "general",
                                  ("dyntype",), ""),
    "intvelocity_without_actrange": ('<intvelocity joint="elbow"/><!--HERE-->', "intvelocity",
                                     ("actrange",), ""),
    "kv_and_dampratio": ('<position joint="elbow" kv="1" dampratio="1"/><!--HERE-->', "position",
                         ("kv", "dampratio"), ""),
    "negative_kv": ('<position joint="elbow" kv="-1"/><!--HERE-->', "position", ("kv",), ""),
    "ctrlrange_and_inheritrange": ('<position joint="elbow" ctrlrange="0 1" inheritrange="1"/><!--HERE-->',
                                   "position", ("inheritrange",), ""),
    "inheritrange_on_site": ('<position site="hand" inheritrange="1"/><!--HERE-->', "position",
                             ("inheritrange",), ""),
    "inheritrange_without_range": ('<position joint="free_spin" inheritrange="1"/><!--HERE-->', "position",
                                   ("free_spin", "range"), ""),
    "damper_negative_ctrlrange": ('<damper joint="elbow" ctrlrange="-1 1"/><!--HERE-->', "damper",
                                  ("negative",), ""),
    "adhesion_negative_gain": ('<adhesion body="arm" ctrlrange="0 1" gain="-2"/><!--HERE-->', "adhesion",
                               ("gain",), ""),
    "muscle_bad_lmin": ('<muscle joint="elbow" lengthrange="0 1" lmin="1.2"/><!--HERE-->', "muscle",
                        ("lmin",), ""),
    "muscle_length_not_settling": ('<muscle name="biceps" joint="free_spin"/><!--HERE-->',
                                   "muscle", ("biceps", "Lengthrange", "converge"), ""),
    "actdim_too_large": ('<general joint="elbow" dyntype="filter" actdim="2"/><!--HERE-->', "general",
                         ("actdim",), ""),
    "too_many_gainprm": ('<general joint="elbow" gainprm="1 2 3 4 5 6 7 8 9 10 11"/><!--HERE-->',
                         "general", ("gainprm",), ""),
    "bad_dyntype": ('<general joint="elbow" dyntype="fast"/><!--HERE-->', "general", ("fast",), ""),
    "lengthrange_in_default": ('<motor joint="elbow"/>',
                               "general", ("lengthrange",),
                               '<default>\n<general lengthrange="0 1"/><!--HERE-->\n</default>'),
    "muscle_site": ('<muscle site="hand" lengthrange="0 1"/><!--HERE-->', "muscle", ("site",), ""),
    "plugin_actuator": ('<plugin joint="elbow"/><!--HERE-->', "plugin", ("not supported",), ""),
    "dampratio_slidercrank": ('<position cranksite="hand" slidersite="wrist" cranklength="1" '
                              'dampratio="1"/><!--HERE-->', "position", ("dampratio",), ""),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_actuator_error_names_element_and_line(case):
    actuators, element, words, head = CASES[case]
    xml, line = actuator_model(actuators, head)
    with pytest.raises(ValueError) as error:
        mjsim.MjModel.from_xml_string(xml)
    assert_names_element_and_line(str(error.value), element, line, *words)


# the reference rejects the same models (except the two mjsim cannot compute yet)
MJSIM_ONLY = {"dampratio_slidercrank", "plugin_actuator"}


@pytest.mark.parametrize("case", sorted(set(CASES) - MJSIM_ONLY))
def test_reference_rejects_the_same_model(case):
    mujoco = pytest.importorskip("mujoco")
    actuators, _, _, head = CASES[case]
    with pytest.raises(ValueError):
        mujoco.MjModel.from_xml_string(actuator_model(actuators, head)[0])


def test_compile_error_names_actuator_id():
    xml, _ = actuator_model('<motor joint="elbow"/>\n<motor name="m" joint="knee"/><!--HERE-->')
    with pytest.raises(ValueError) as error:
        mjsim.MjModel.from_xml_string(xml)
    assert re.search(r"Element name 'm', id 1", str(error.value)), str(error.value)
