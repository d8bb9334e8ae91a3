"""Bad tendons raise ValueError naming the tendon (type, name, id) or the element and its line,
and what is wrong. No oracle: the expected line is where the test put the error (the line
marked <!--HERE-->). The reference rejects each of these models too (checked when written).
"""


import pytest

import mjsim
from support import line_numbers

WORLD = """
  <worldbody>
    <site name="s0"/>
    <body name="b">
      <joint name="hinge"/>
      <geom name="ball" size="0.1"/>
      <geom name="crate" type="box" size="0.1 0.1 0.1"/>
      <site name="s1" pos="1 0 0"/>
    </body>
  </worldbody>
"""


def document(tendons: str, head: str = "") -> tuple[str, int]:
    """A model with WORLD and `tendons` in <tendon>; returns (xml, line of the marked line)."""
    xml = f"<mujoco>\n{head}{WORLD}  <tendon>\n{tendons.strip(chr(10))}\n  </tendon>\n</mujoco>\n"
    lines = xml.split("\n")
    marked = [i for i, line in enumerate(lines, start=1) if "<!--HERE-->" in line]
    assert len(marked) == 1, "mark exactly one line with <!--HERE-->"
    return xml.replace("<!--HERE-->", ""), marked[0]


# name: (tendon section with the error on the <!--HERE--> line, words the message must contain)
CASES = {
    "wrap_geom_not_sphere_or_cylinder": ("""
    <spatial name="t">
      <site site="s0"/>
      <geom geom="crate"/><!--HERE-->
      <site site="s1"/>
    </spatial>""", ["tendon", "'t'", "crate", "sphere", "cylinder"]),
    "geom_not_between_sites": ("""
    <spatial name="t">
      <site site="s0"/>
      <geom geom="ball"/><!--HERE-->
    </spatial>""", ["tendon", "'t'", "ball", "between two sites"]),
    "unknown_site": ("""
    <spatial name="t">
      <site site="s0"/>
      <site site="nowhere"/><!--HERE-->
    </spatial>""", ["tendon", "site", "'nowhere'", "not found"]),
    "unknown_side_site": ("""
    <spatial name="t">
      <site site="s0"/>
      <geom geom="ball" sidesite="nowhere"/><!--HERE-->
      <site site="s1"/>
    </spatial>""", ["tendon", "side site", "'nowhere'", "not found"]),
    "unknown_joint": ("""
    <fixed name="f">
      <joint joint="elbow" coef="1"/><!--HERE-->
    </fixed>""", ["tendon", "'f'", "joint", "'elbow'", "not found"]),
    "pulley_without_divisor": ("""
    <spatial>
      <site site="s0"/><site site="s1"/>
      <pulley/><!--HERE-->
      <site site="s0"/><site site="s1"/>
    </spatial>""", ["pulley", "divisor"]),
    "negative_divisor": ("""
    <spatial name="t">
      <site site="s0"/><site site="s1"/>
      <pulley divisor="-2"/><!--HERE-->
      <site site="s0"/><site site="s1"/>
    </spatial>""", ["tendon", "'t'", "divisor", "negative"]),
    "consecutive_pulleys": ("""
    <spatial name="t">
      <site site="s0"/><site site="s1"/>
      <pulley divisor="2"/><!--HERE-->
      <pulley divisor="2"/>
      <site site="s0"/><site site="s1"/>
    </spatial>""", ["tendon", "'t'", "consecutive pulleys"]),
    "path_ends_with_pulley": ("""
    <spatial name="t">
      <site site="s0"/><site site="s1"/>
      <pulley divisor="2"/><!--HERE-->
    </spatial>""", ["tendon", "'t'", "ends with a pulley"]),
    "branch_of_one_site": ("""
    <spatial name="t">
      <site site="s0"/><site site="s1"/>
      <pulley divisor="2"/>
      <site site="s0"/><!--HERE-->
    </spatial>""", ["tendon", "'t'", "'s0'", "neighbour"]),
    "repeated_site": ("""
    <spatial name="t">
      <site site="s0"/>
      <site site="s0"/><!--HERE-->
    </spatial>""", ["tendon", "'t'", "'s0'", "repeated"]),
    "single_object": ("""
    <spatial name="t">
      <site site="s0"/><!--HERE-->
    </spatial>""", ["tendon", "'t'", "at least two"]),
    "empty_path": ("""
    <fixed name="f"/><!--HERE-->""", ["tendon", "'f'", "empty"]),
    "coef_missing": ("""
    <fixed>
      <joint joint="hinge"/><!--HERE-->
    </fixed>""", ["joint", "coef"]),
    "width_on_fixed_tendon": ("""
    <fixed width="0.1"><!--HERE-->
      <joint joint="hinge" coef="1"/>
    </fixed>""", ["fixed", "width"]),
    "limited_with_empty_range": ("""
    <fixed name="f" limited="true" range="1 0"><!--HERE-->
      <joint joint="hinge" coef="1"/>
    </fixed>""", ["tendon", "'f'", "range"]),
    "actuatorfrcrange_inverted": ("""
    <fixed name="f" actuatorfrclimited="true" actuatorfrcrange="2 1"><!--HERE-->
      <joint joint="hinge" coef="1"/>
    </fixed>""", ["tendon", "'f'", "actuatorfrcrange"]),
    "springlength_decreasing": ("""
    <spatial name="t" springlength="0.5 0.2"><!--HERE-->
      <site site="s0"/><site site="s1"/>
    </spatial>""", ["tendon", "'t'", "springlength"]),
    "springlength_three_values": ("""
    <spatial springlength="0.1 0.2 0.3"><!--HERE-->
      <site site="s0"/><site site="s1"/>
    </spatial>""", ["spatial", "springlength"]),
    "unknown_class": ("""
    <spatial class="thin"><!--HERE-->
      <site site="s0"/><site site="s1"/>
    </spatial>""", ["spatial", "thin"]),
    "unknown_material": ("""
    <spatial name="t" material="rubber"><!--HERE-->
      <site site="s0"/><site site="s1"/>
    </spatial>""", ["tendon", "'t'", "material", "'rubber'"]),
    "unknown_child": ("""
    <spatial>
      <joint joint="hinge" coef="1"/><!--HERE-->
    </spatial>""", ["joint", "spatial"]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_tendon(name):
    tendons, words = CASES[name]
    xml, line = document(tendons)
    with pytest.raises(ValueError) as error:
        mjsim.MjModel.from_xml_string(xml)
    message = str(error.value)
    assert line in line_numbers(message), f"line {line} not named: {message!r}"
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"


def test_range_without_limited_when_autolimits_is_off():
    xml, line = document("""
    <fixed name="f" range="0 1"><!--HERE-->
      <joint joint="hinge" coef="1"/>
    </fixed>""", head='  <compiler autolimits="false"/>\n')
    with pytest.raises(ValueError) as error:
        mjsim.MjModel.from_xml_string(xml)
    message = str(error.value)
    assert line in line_numbers(message) and "'f'" in message and "autolimits" in message, message


def test_repeated_tendon_name():
    xml, _ = document("""
    <spatial name="t"><site site="s0"/><site site="s1"/></spatial>
    <fixed name="t"><joint joint="hinge" coef="1"/></fixed><!--HERE-->""")
    with pytest.raises(ValueError, match="repeated name 't' in tendon"):
        mjsim.MjModel.from_xml_string(xml)


@pytest.mark.parametrize("name", sorted(CASES))
def test_reference_rejects_too(name):
    mujoco = pytest.importorskip("mujoco")
    xml, _ = document(CASES[name][0])
    with pytest.raises(ValueError):
        mujoco.MjModel.from_xml_string(xml)
