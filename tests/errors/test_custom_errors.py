"""Bad <custom>, <keyframe>, <size>, <statistic>, <visual> and <extension> input raises
ValueError naming the element (or the object) and its line, and the offending value
(xml/read_custom.cc, compiler/custom.cc)."""

import pytest

from errors.test_equality_errors import assert_error_names_line_and_words, model_with

WORLD = """
  <worldbody>
    <body name="a"><joint name="j"/><geom size=".1"/></body>
    <body name="m" mocap="true"/>
  </worldbody>
"""


CASES = {
    "numeric_without_size_or_data": ("""
  <custom>
    <numeric name="n"/><!--HERE-->
  </custom>""", ("numeric", "size")),
    "numeric_negative_size": ("""
  <custom>
    <numeric name="n" size="-1" data="1"/><!--HERE-->
  </custom>""", ("numeric", "-1")),
    "numeric_data_longer_than_size": ("""
  <custom>
    <numeric name="n" size="1" data="1 2"/><!--HERE-->
  </custom>""", ("numeric", "data")),
    "numeric_without_name": ("""
  <custom>
    <numeric data="1"/><!--HERE-->
  </custom>""", ("numeric", "name")),
    "text_empty": ("""
  <custom>
    <text name="t" data=""/><!--HERE-->
  </custom>""", ("text", "empty")),
    "tuple_unknown_object": ("""
  <custom>
    <tuple name="t"><!--HERE-->
      <element objtype="body" objname="nobody"/>
    </tuple>
  </custom>""", ("tuple", "nobody")),
    "tuple_bad_objtype": ("""
  <custom>
    <tuple name="t">
      <element objtype="bogus" objname="a"/><!--HERE-->
    </tuple>
  </custom>""", ("element", "bogus")),
    "tuple_empty": ("""
  <custom>
    <tuple name="t"/><!--HERE-->
  </custom>""", ("tuple", "empty")),
    "key_qpos_too_long": ("""
  <keyframe>
    <key name="k" qpos="1 2"/><!--HERE-->
  </keyframe>""", ("key", "qpos", "2")),
    "key_qvel_too_long": ("""
  <keyframe>
    <key qvel="1 2 3"/><!--HERE-->
  </keyframe>""", ("key", "qvel")),
    "key_ctrl_without_actuators": ("""
  <keyframe>
    <key ctrl="1"/><!--HERE-->
  </keyframe>""", ("key", "ctrl")),
    "key_mpos_too_long": ("""
  <keyframe>
    <key mpos="1 2 3 4"/><!--HERE-->
  </keyframe>""", ("key", "mpos")),
    "key_not_a_number": ("""
  <keyframe>
    <key time="soon"/><!--HERE-->
  </keyframe>""", ("key", "time")),
    "size_bad_memory": ("""
  <size memory="1.5M"/><!--HERE-->""", ("size", "memory", "1.5M")),
    "size_memory_and_njmax": ("""
  <size memory="1M" njmax="100"/><!--HERE-->""", ("size", "memory", "njmax")),
    "size_nuser_below_minus_one": ("""
  <size nuser_body="-2"/><!--HERE-->""", ("size", "nuser_body")),
    "statistic_extent_zero": ("""
  <statistic extent="0"/><!--HERE-->""", ("statistic", "extent")),
    "statistic_center_short": ("""
  <statistic center="1 2"/><!--HERE-->""", ("statistic", "center")),
    "visual_znear_zero": ("""
  <visual>
    <map znear="0"/><!--HERE-->
  </visual>""", ("map", "znear")),
    "visual_unknown_attribute": ("""
  <visual>
    <global fov="30"/><!--HERE-->
  </visual>""", ("global", "fov")),
    "visual_rgba_short": ("""
  <visual>
    <rgba fog="1 0 0"/><!--HERE-->
  </visual>""", ("rgba", "fog")),
    "extension_not_supported": ("""
  <extension>
    <plugin plugin="mujoco.elasticity.solid"/><!--HERE-->
  </extension>""", ("plugin", "mujoco.elasticity.solid", "not found")),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_custom_error_names_element_and_line(case):
    section, words = CASES[case]
    assert_error_names_line_and_words(*model_with(section, WORLD), words)
