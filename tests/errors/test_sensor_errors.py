"""Bad <sensor> children raise ValueError naming where the problem is: reader errors name the
element and its line (and the attribute or value), compiler errors name the sensor (its name
and id) and the element's line. No oracle: the expected line is where the test put the error.
"""

import pytest

import mjsim
from errors.test_xml_errors import assert_names_element_and_line

WORLD = """<mujoco>
  <worldbody>
    <geom name="floor" type="plane" size="1 1 0.1"/>
    <body name="arm" pos="0 0 1">
      <joint name="hinge" type="hinge"/>
      <joint name="limited" type="slide" range="0 1"/>
      <geom name="arm_geom" size="0.1"/>
      <site name="tip" pos="0.1 0 0"/>
      <body name="hand">
        <joint name="wrist" type="ball"/>
        <geom name="hand_geom" size="0.05"/>
      </body>
    </body>
  </worldbody>
  <sensor>
"""


def sensor_xml(sensors: str) -> tuple[str, int]:
    """A model whose <sensor> holds `sensors`; returns (xml, line of the '<!--HERE-->' line)."""
    xml = WORLD + sensors.strip("\n") + "\n  </sensor>\n</mujoco>\n"
    lines = xml.split("\n")
    marked = [i for i, line in enumerate(lines, start=1) if "<!--HERE-->" in line]
    assert len(marked) == 1, "mark exactly one line with <!--HERE-->"
    return xml.replace("<!--HERE-->", ""), marked[0]


# name: (sensor content with the error on the <!--HERE--> line, element, words the message
# must contain besides element and line)
CASES = {
    "missing_site": ("""
    <touch name="palm"/><!--HERE-->""", "touch", ("site",)),
    "unknown_site": ("""
    <gyro site="tip"/>
    <accelerometer name="imu" site="nowhere"/><!--HERE-->""", "accelerometer", ("nowhere", "imu")),
    "geom_named_as_site": ("""
    <velocimeter site="arm_geom"/><!--HERE-->""", "velocimeter", ("arm_geom",)),
    "jointpos_on_ball": ("""
    <jointpos name="wrist_angle" joint="wrist"/><!--HERE-->""", "jointpos", ("wrist_angle", "slide or hinge")),
    "ballquat_on_hinge": ("""
    <ballquat joint="hinge"/><!--HERE-->""", "ballquat", ("ball",)),
    "jointactuatorfrc_on_ball": ("""
    <jointactuatorfrc joint="wrist"/><!--HERE-->""", "jointactuatorfrc", ("slide or hinge",)),
    "limit_sensor_on_unlimited_joint": ("""
    <jointlimitpos joint="limited"/>
    <jointlimitfrc name="hinge_limit" joint="hinge"/><!--HERE-->""", "jointlimitfrc", ("hinge_limit", "limited")),
    "negative_cutoff": ("""
    <touch name="palm" site="tip" cutoff="-1"/><!--HERE-->""", "touch", ("palm", "cutoff")),
    "negative_noise": ("""
    <magnetometer site="tip" noise="-0.5"/><!--HERE-->""", "magnetometer", ("noise",)),
    "cutoff_not_a_number": ("""
    <touch site="tip" cutoff="high"/><!--HERE-->""", "touch", ("cutoff", "high")),
    "cutoff_on_quaternion": ("""
    <framequat objtype="site" objname="tip" cutoff="1"/><!--HERE-->""", "framequat", ("cutoff", "quaternion")),
    "frame_on_joint": ("""
    <framepos objtype="joint" objname="hinge"/><!--HERE-->""", "framepos", ("joint", "objtype")),
    "frame_unknown_object": ("""
    <framexaxis objtype="geom" objname="ghost"/><!--HERE-->""", "framexaxis", ("ghost",)),
    "frame_refname_without_reftype": ("""
    <framelinvel objtype="site" objname="tip" refname="arm"/><!--HERE-->""", "framelinvel", ("reftype",)),
    "frame_reftype_without_refname": ("""
    <frameangvel objtype="site" objname="tip" reftype="body"/><!--HERE-->""", "frameangvel", ("refname",)),
    "framelinacc_with_reference": ("""
    <framelinacc objtype="site" objname="tip" reftype="body" refname="arm"/><!--HERE-->""", "framelinacc", ("reftype",)),
    "unknown_reference_frame": ("""
    <framepos objtype="site" objname="tip" reftype="body" refname="nobody"/><!--HERE-->""", "framepos", ("nobody",)),
    "subtree_unknown_body": ("""
    <subtreecom body="nobody"/><!--HERE-->""", "subtreecom", ("nobody",)),
    "insidesite_missing_site": ("""
    <insidesite objtype="geom" objname="arm_geom"/><!--HERE-->""", "insidesite", ("site",)),
    "distance_same_geom": ("""
    <distance name="gap" geom1="arm_geom" geom2="arm_geom"/><!--HERE-->""", "distance", ("gap", "different")),
    "distance_both_geom_and_body": ("""
    <normal geom1="arm_geom" body1="arm" geom2="floor"/><!--HERE-->""", "normal", ("geom1", "body1")),
    "fromto_missing_second": ("""
    <fromto body1="arm"/><!--HERE-->""", "fromto", ("geom2", "body2")),
    "contact_two_filters": ("""
    <contact site="tip" subtree1="arm"/><!--HERE-->""", "contact", ("site", "subtree1")),
    "contact_num_not_positive": ("""
    <contact geom1="floor" num="0"/><!--HERE-->""", "contact", ("num",)),
    "contact_data_out_of_order": ("""
    <contact geom1="floor" data="normal dist"/><!--HERE-->""", "contact", ("data", "order")),
    "contact_data_repeated": ("""
    <contact geom1="floor" data="found found"/><!--HERE-->""", "contact", ("found", "duplicate")),
    "contact_data_unknown": ("""
    <contact geom1="floor" data="found pressure"/><!--HERE-->""", "contact", ("pressure",)),
    "contact_reduce_unknown": ("""
    <contact geom1="floor" reduce="average"/><!--HERE-->""", "contact", ("average", "reduce")),
    "contact_unknown_body": ("""
    <contact body2="nobody"/><!--HERE-->""", "contact", ("nobody",)),
    "user_missing_dim": ("""
    <user objtype="body" objname="arm"/><!--HERE-->""", "user", ("dim",)),
    "user_negative_dim": ("""
    <user name="custom" dim="-2"/><!--HERE-->""", "user", ("custom", "dim")),
    "user_quaternion_dim": ("""
    <user dim="3" datatype="quaternion"/><!--HERE-->""", "user", ("quaternion", "dim=4")),
    "user_objname_without_objtype": ("""
    <user objname="arm" dim="1"/><!--HERE-->""", "user", ("objtype",)),
    "user_bad_needstage": ("""
    <user dim="1" needstage="later"/><!--HERE-->""", "user", ("later", "needstage")),
    "unknown_attribute": ("""
    <touch site="tip" class="main"/><!--HERE-->""", "touch", ("class",)),
    "unknown_sensor_element": ("""
    <thermometer site="tip"/><!--HERE-->""", "thermometer", ()),
    "plugin_not_supported": ("""
    <plugin plugin="mujoco.sensor.touch_grid"/><!--HERE-->""", "plugin", ("not supported",)),
    "tactile_without_mesh": ("""
    <tactile geom="arm_geom"/><!--HERE-->""", "tactile", ("mesh",)),
    "tactile_with_noise": ("""
    <tactile geom="arm_geom" mesh="grid" noise="0.1"/><!--HERE-->""", "tactile", ("noise",)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_sensor_error_names_element_and_line(case):
    sensors, element, words = CASES[case]
    xml, line = sensor_xml(sensors)
    with pytest.raises(ValueError) as error:
        mjsim.MjModel.from_xml_string(xml)
    assert_names_element_and_line(str(error.value), element, line, *words)


def test_repeated_sensor_name():
    xml, _ = sensor_xml("""
    <touch name="palm" site="tip"/>
    <gyro name="palm" site="tip"/><!--HERE-->""")
    with pytest.raises(ValueError, match="repeated name 'palm'"):
        mjsim.MjModel.from_xml_string(xml)


def test_sensor_error_in_a_file_names_the_file(tmp_path):
    xml, line = sensor_xml("""
    <jointpos joint="wrist"/><!--HERE-->""")
    path = tmp_path / "bad_sensor.xml"
    path.write_text(xml)
    with pytest.raises(ValueError) as error:
        mjsim.MjModel.from_xml_path(str(path))
    assert_names_element_and_line(str(error.value), "jointpos", line)
    assert "bad_sensor.xml" in str(error.value)
