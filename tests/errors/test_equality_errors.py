"""Bad <equality> and <contact> input raises ValueError naming the element (or the object) and
its line, and the offending name or value (xml/read_equality.cc, compiler/equality.cc)."""

import pytest

import mjsim
from support import line_numbers

WORLD = """
  <worldbody>
    <body name="a" pos="0 0 1"><joint name="j1"/><joint name="ball" type="ball"/>
      <geom name="g1" size=".1"/><site name="s1"/>
      <body name="b"><joint name="j2" type="slide"/><geom name="g2" size=".1"/><site name="s2"/></body>
    </body>
  </worldbody>
"""


def model_with(section: str, world: str = WORLD) -> tuple[str, int]:
    """A model of `world` followed by `section`; returns (xml, line of the '<!--HERE-->' line),
    the marker being stripped."""
    xml = f"<mujoco>{world}{section.strip(chr(10))}\n</mujoco>\n"
    lines = xml.split("\n")
    marked = [i for i, line in enumerate(lines, start=1) if "<!--HERE-->" in line]
    assert len(marked) == 1
    return xml.replace("<!--HERE-->", ""), marked[0]


# name: (section with the error on the <!--HERE--> line, words the message must contain)
CASES = {
    "connect_unknown_body": ("""
  <equality>
    <connect name="c" body1="nobody" anchor="0 0 0"/><!--HERE-->
  </equality>""", ("equality", "nobody", "connect")),
    "connect_without_anchor": ("""
  <equality>
    <connect body1="a"/><!--HERE-->
  </equality>""", ("connect", "anchor")),
    "connect_one_site": ("""
  <equality>
    <connect site1="s1"/><!--HERE-->
  </equality>""", ("connect", "site2")),
    "weld_sites_and_bodies": ("""
  <equality>
    <weld body1="a" site1="s1" site2="s2"/><!--HERE-->
  </equality>""", ("weld", "mixed")),
    "weld_without_body1": ("""
  <equality>
    <weld body2="a"/><!--HERE-->
  </equality>""", ("weld", "body1")),
    "weld_same_body_twice": ("""
  <equality>
    <weld name="w" body1="a" body2="a"/><!--HERE-->
  </equality>""", ("equality", "'w'", "'a'")),
    "weld_unknown_site": ("""
  <equality>
    <weld site1="s1" site2="nosite"/><!--HERE-->
  </equality>""", ("weld", "nosite")),
    "weld_anchor_too_long": ("""
  <equality>
    <weld body1="a" anchor="1 2 3 4"/><!--HERE-->
  </equality>""", ("weld", "anchor")),
    "joint_missing_joint1": ("""
  <equality>
    <joint joint2="j1"/><!--HERE-->
  </equality>""", ("joint", "joint1")),
    "joint_ball_joint": ("""
  <equality>
    <joint joint1="ball"/><!--HERE-->
  </equality>""", ("joint", "ball", "hinge or slide")),
    "joint_polycoef_too_long": ("""
  <equality>
    <joint joint1="j1" polycoef="1 2 3 4 5 6"/><!--HERE-->
  </equality>""", ("joint", "polycoef")),
    "tendon_unknown": ("""
  <equality>
    <tendon tendon1="notendon"/><!--HERE-->
  </equality>""", ("tendon", "notendon")),
    "active_bad_keyword": ("""
  <equality>
    <joint joint1="j1" active="yes"/><!--HERE-->
  </equality>""", ("joint", "yes")),
    "flex_not_supported": ("""
  <equality>
    <flex flex="f"/><!--HERE-->
  </equality>""", ("flex", "not supported")),
    "distance_removed": ("""
  <equality>
    <distance geom1="g1" geom2="g2"/><!--HERE-->
  </equality>""", ("distance",)),
    "pair_unknown_geom": ("""
  <contact>
    <pair name="p" geom1="g1" geom2="nogeom"/><!--HERE-->
  </contact>""", ("pair", "nogeom")),
    "pair_missing_geom2": ("""
  <contact>
    <pair geom1="g1"/><!--HERE-->
  </contact>""", ("pair", "geom2")),
    "pair_bad_condim": ("""
  <contact>
    <pair geom1="g1" geom2="g2" condim="5"/><!--HERE-->
  </contact>""", ("pair", "condim", "5")),
    "pair_friction_too_long": ("""
  <contact>
    <pair geom1="g1" geom2="g2" friction="1 2 3 4 5 6"/><!--HERE-->
  </contact>""", ("pair", "friction")),
    "exclude_unknown_body": ("""
  <contact>
    <exclude body1="a" body2="nobody"/><!--HERE-->
  </contact>""", ("exclude", "nobody")),
    "default_equality_unknown_attribute": ("""
  <default>
    <equality anchor="0 0 0"/><!--HERE-->
  </default>""", ("equality", "anchor")),
}


def assert_error_names_line_and_words(xml: str, line: int, words):
    with pytest.raises(ValueError) as error:
        mjsim.MjModel.from_xml_string(xml)
    message = str(error.value)
    assert line in line_numbers(message), f"line {line} not named: {message!r}"
    for word in words:
        assert word in message, f"message does not mention {word!r}: {message!r}"


@pytest.mark.parametrize("case", sorted(CASES))
def test_equality_error_names_element_and_line(case):
    section, words = CASES[case]
    assert_error_names_line_and_words(*model_with(section), words)
