"""Sensors (<sensor> and its children) compiled against the reference, field by field: every
sensor element mjsim reads, alone and in combinations, on one small robot; the options of
the contact, frame, geom-distance and user sensors; user data; names. Models the reference
rejects must be rejected by mjsim too (the messages are checked in tests/errors).

Sensors on tendons, actuators and cameras need those elements; their cases skip while mjsim
does not read them (the skip names the element) and run once it does."""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from support import assert_fields_close  # noqa: E402

SENSOR_FIELDS = [
    "sensor_type", "sensor_datatype", "sensor_needstage", "sensor_objtype", "sensor_objid",
    "sensor_reftype", "sensor_refid", "sensor_intprm", "sensor_dim", "sensor_adr",
    "sensor_cutoff", "sensor_noise", "sensor_user", "sensor_plugin", "name_sensoradr",
]
SIZES = ["nsensor", "nsensordata", "nuser_sensor", "nnames"]

# A two-link arm with a ball wrist, a free object and a limited slide: every object kind a
# sensor can name without tendons, actuators or cameras.
WORLD = """
  <worldbody>
    <geom name="floor" type="plane" size="2 2 0.1"/>
    <site name="origin"/>
    <body name="upper" pos="0 0 1">
      <joint name="shoulder" type="hinge" axis="0 1 0" range="-90 90"/>
      <geom name="upper_geom" type="capsule" fromto="0 0 0 0.4 0 0" size="0.04"/>
      <site name="elbow_site" pos="0.4 0 0" size="0.02"/>
      <body name="fore" pos="0.4 0 0" euler="0 20 0">
        <joint name="elbow" type="hinge" axis="0 1 0"/>
        <joint name="wrist" type="ball" pos="0.3 0 0" range="0 60"/>
        <geom name="fore_geom" type="box" size="0.15 0.03 0.03" pos="0.15 0 0"/>
        <site name="tip" pos="0.3 0 0" size="0.03" type="box"/>
        <body name="knob" pos="0 0.05 0">
          <joint name="free_ball" type="ball"/>
          <geom name="knob_geom" type="sphere" size="0.01"/>
        </body>
        <body name="finger" pos="0.3 0 0">
          <joint name="slider" type="slide" axis="1 0 0" range="0 0.05"/>
          <joint name="loose_slider" type="slide" axis="0 0 1"/>
          <geom name="finger_geom" type="sphere" size="0.02"/>
          <site name="fingertip" pos="0.02 0 0"/>
        </body>
      </body>
    </body>
    <body name="ball" pos="1 0 0.2">
      <freejoint name="ball_free"/>
      <geom name="ball_geom" type="sphere" size="0.1"/>
      <site name="ball_center"/>
    </body>
  </worldbody>"""

EXTRAS = """
  <tendon>
    <fixed name="coupling" range="-1 1"><joint joint="shoulder" coef="1"/><joint joint="elbow" coef="-1"/></fixed>
    <fixed name="free_tendon"><joint joint="elbow" coef="1"/></fixed>
  </tendon>
  <actuator>
    <motor name="shoulder_motor" joint="shoulder"/>
    <motor name="tendon_motor" tendon="coupling"/>
  </actuator>"""

SITE_SENSORS = {
    "touch": '<touch site="tip"/>',
    "accelerometer": '<accelerometer site="tip"/>',
    "velocimeter": '<velocimeter site="fingertip"/>',
    "gyro": '<gyro site="elbow_site"/>',
    "force": '<force site="elbow_site"/>',
    "torque": '<torque site="elbow_site"/>',
    "magnetometer": '<magnetometer site="origin"/>',
    "rangefinder": '<rangefinder site="tip" cutoff="3"/>',
}
JOINT_SENSORS = {
    "jointpos_hinge": '<jointpos joint="shoulder"/>',
    "jointpos_slide": '<jointpos joint="slider"/>',
    "jointvel": '<jointvel joint="elbow"/>',
    "jointactuatorfrc": '<jointactuatorfrc joint="loose_slider"/>',
    "ballquat": '<ballquat joint="wrist"/>',
    "ballangvel": '<ballangvel joint="free_ball"/>',
    "jointlimitpos": '<jointlimitpos joint="shoulder"/>',
    "jointlimitvel": '<jointlimitvel joint="slider"/>',
    "jointlimitfrc_ball": '<jointlimitfrc joint="wrist"/>',
}
FRAME_SENSORS = {
    "framepos_site": '<framepos objtype="site" objname="tip"/>',
    "framequat_body": '<framequat objtype="body" objname="fore"/>',
    "framexaxis_xbody": '<framexaxis objtype="xbody" objname="fore"/>',
    "frameyaxis_geom": '<frameyaxis objtype="geom" objname="fore_geom"/>',
    "framezaxis_world": '<framezaxis objtype="body" objname="world"/>',
    "framelinvel_ref_site": '<framelinvel objtype="site" objname="tip" reftype="site" refname="origin"/>',
    "frameangvel_ref_xbody": '<frameangvel objtype="geom" objname="ball_geom" reftype="xbody" refname="upper"/>',
    "framepos_ref_body": '<framepos objtype="xbody" objname="ball" reftype="body" refname="fore"/>',
    "framequat_ref_geom": '<framequat objtype="site" objname="tip" reftype="geom" refname="floor"/>',
    "framelinacc": '<framelinacc objtype="site" objname="fingertip"/>',
    "frameangacc": '<frameangacc objtype="body" objname="finger"/>',
    "framepos_unknown_reftype": '<framepos objtype="site" objname="tip" reftype="nonsense" refname="x"/>',
}
BODY_SENSORS = {
    "subtreecom": '<subtreecom body="upper"/>',
    "subtreecom_world": '<subtreecom body="world"/>',
    "subtreelinvel": '<subtreelinvel body="fore"/>',
    "subtreeangmom": '<subtreeangmom body="ball"/>',
    "insidesite_geom": '<insidesite site="tip" objtype="geom" objname="ball_geom"/>',
    "insidesite_body": '<insidesite site="origin" objtype="body" objname="finger"/>',
    "insidesite_xbody_site": '<insidesite site="origin" objtype="xbody" objname="ball"/><insidesite site="tip" objtype="site" objname="fingertip"/>',
}
DISTANCE_SENSORS = {
    "distance_geoms": '<distance geom1="finger_geom" geom2="ball_geom"/>',
    "distance_bodies_cutoff": '<distance body1="fore" body2="ball" cutoff="0.5"/>',
    "normal_geom_body": '<normal geom1="floor" body2="ball"/>',
    "normal_cutoff": '<normal body1="world" geom2="ball_geom" cutoff="1"/>',
    "fromto": '<fromto body1="upper" geom2="finger_geom" cutoff="2"/>',
    "distance_same_body_geom": '<distance body1="finger" geom2="finger_geom"/>',
}
CONTACT_SENSORS = {
    "contact_default": "<contact/>",
    "contact_geom": '<contact geom1="ball_geom"/>',
    "contact_body_pair": '<contact body1="ball" body2="world"/>',
    "contact_subtree": '<contact subtree1="upper" subtree2="ball"/>',
    "contact_site": '<contact site="tip" geom2="floor"/>',
    "contact_second_only": '<contact body2="finger"/>',
    "contact_same": '<contact geom1="ball_geom" geom2="ball_geom"/>',
    "contact_all_data": '<contact geom1="floor" data="found force torque dist pos normal tangent" num="4"/>',
    "contact_each_datum": "".join(f'<contact geom1="floor" data="{d}"/>' for d in
                                  ["found", "force", "torque", "dist", "pos", "normal", "tangent"]),
    "contact_empty_data": '<contact geom1="floor" data=" "/>',
    "contact_reductions": "".join(f'<contact geom1="floor" reduce="{r}" num="2" data="dist normal"/>'
                                  for r in ["none", "mindist", "maxforce", "netforce"]),
    "contact_cutoff": '<contact geom1="floor" cutoff="5" data="force"/>',
}
GLOBAL_SENSORS = {
    "energy_and_clock": '<e_potential/><e_kinetic/><clock name="time"/>',
}
USER_SENSORS = {
    "user_plain": '<user dim="2"/>',
    "user_zero_dim": '<user dim="0"/><user dim="3"/>',
    "user_body": '<user objtype="body" objname="fore" dim="5" datatype="positive" needstage="vel"/>',
    "user_quat": '<user objtype="joint" objname="wrist" dim="4" datatype="quaternion" needstage="pos"/>',
    "user_axis": '<user objtype="geom" objname="floor" dim="3" datatype="axis" needstage="none"/>',
    "user_xbody_site": '<user objtype="xbody" objname="upper" dim="1"/><user objtype="site" objname="tip" dim="1" datatype="real" needstage="acc"/>',
    "user_on_sensor": '<user objtype="sensor" objname="later" dim="1"/><touch name="later" site="tip"/>',
    "user_untyped": '<user objtype="unknown" objname="whatever" dim="1"/><user objtype="nonsense" objname="x" dim="2"/><user objtype="frame" objname="x" dim="1"/>',
}
COMMON = {
    "names_noise_cutoff": '<touch name="tip_touch" site="tip" noise="0.01" cutoff="10"/>'
                          '<gyro name="elbow_gyro" site="elbow_site" noise="0.2"/>'
                          '<framepos objtype="site" objname="tip" cutoff="1"/>',
    "user_data": '<touch site="tip" user="1 2 3"/><gyro site="tip"/><jointpos joint="elbow" user="4"/>',
    "two_sections": ('<touch site="tip"/></sensor><sensor><jointpos joint="elbow"/>'),
    "every_element": "".join(list(SITE_SENSORS.values()) + list(JOINT_SENSORS.values()) +
                             list(FRAME_SENSORS.values()) + list(BODY_SENSORS.values()) +
                             list(DISTANCE_SENSORS.values()) + list(CONTACT_SENSORS.values()) +
                             list(GLOBAL_SENSORS.values()) + list(USER_SENSORS.values())),
}
# sensors on objects of other compiler stages (tendons, actuators, cameras)
EXTRA_SENSORS = {
    "tendonpos": '<tendonpos tendon="free_tendon"/>',
    "tendonvel": '<tendonvel tendon="coupling"/>',
    "tendonactuatorfrc": '<tendonactuatorfrc tendon="free_tendon"/>',
    "tendonlimits": '<tendonlimitpos tendon="coupling"/><tendonlimitvel tendon="coupling"/>'
                    '<tendonlimitfrc tendon="coupling"/>',
    "actuators": '<actuatorpos actuator="tendon_motor"/><actuatorvel actuator="shoulder_motor"/>'
                 '<actuatorfrc actuator="shoulder_motor"/>',
    "user_on_tendon_actuator": '<user objtype="tendon" objname="coupling" dim="1"/>'
                               '<user objtype="actuator" objname="tendon_motor" dim="2"/>',
}
CAMERA_WORLD = WORLD.replace('<site name="origin"/>',
                             '<site name="origin"/><camera name="eye" pos="0 -2 1" xyaxes="1 0 0 0 0.5 1"/>')
CAMERA_SENSORS = {
    "camprojection": '<camprojection site="tip" camera="eye"/>',
    "frame_camera": '<framepos objtype="camera" objname="eye"/><framequat objtype="site" objname="tip" reftype="camera" refname="eye"/>',
    "insidesite_camera": '<insidesite site="origin" objtype="camera" objname="eye"/>',
}

GROUPS = [SITE_SENSORS, JOINT_SENSORS, FRAME_SENSORS, BODY_SENSORS, DISTANCE_SENSORS,
          CONTACT_SENSORS, GLOBAL_SENSORS, USER_SENSORS, COMMON]
CASES = {name: snippet for group in GROUPS for name, snippet in group.items()}


def model_xml(sensors: str, world: str = WORLD, extras: str = "", size: str = "") -> str:
    return f"<mujoco>{size}{world}{extras}<sensor>{sensors}</sensor></mujoco>"


def assert_sensors_match(xml: str, context: str):
    ref = mujoco.MjModel.from_xml_string(xml)
    ours = mjsim.MjModel.from_xml_string(xml)
    for size in SIZES:
        assert getattr(ours, size) == getattr(ref, size), f"{context}: {size}"
    assert_fields_close(ours, ref, SENSOR_FIELDS, atol=0.0, context=context)
    for i in range(ref.nsensor):
        assert mjsim.mj_id2name(ours, mjsim.mjtObj.mjOBJ_SENSOR, i) == \
            mujoco.mj_id2name(ref, mujoco.mjtObj.mjOBJ_SENSOR, i), f"{context}: name of sensor {i}"
    return ours, ref


def load_or_skip_unsupported(xml: str):
    """mjsim's model, or a skip naming the element mjsim does not read yet."""
    try:
        return mjsim.MjModel.from_xml_string(xml)
    except ValueError as error:
        if "not supported by mjsim yet" in str(error):
            pytest.skip(str(error).splitlines()[0])
        raise


@pytest.mark.parametrize("case", sorted(CASES))
def test_sensor_fields_match_reference(case):
    assert_sensors_match(model_xml(CASES[case]), case)


@pytest.mark.parametrize("case", sorted(EXTRA_SENSORS))
def test_tendon_actuator_sensors_match_reference(case):
    xml = model_xml(EXTRA_SENSORS[case], extras=EXTRAS)
    load_or_skip_unsupported(xml)
    assert_sensors_match(xml, case)


@pytest.mark.parametrize("case", sorted(CAMERA_SENSORS))
def test_camera_sensors_match_reference(case):
    xml = model_xml(CAMERA_SENSORS[case], world=CAMERA_WORLD)
    load_or_skip_unsupported(xml)
    assert_sensors_match(xml, case)


def test_sensor_section_before_worldbody():
    xml = f"<mujoco><sensor>{CASES['names_noise_cutoff']}</sensor>{WORLD}</mujoco>"
    assert_sensors_match(xml, "sensor section first")


def test_no_sensors():
    ours, ref = assert_sensors_match(model_xml(""), "no sensors")
    assert ours.nsensor == 0 and ours.sensor_type.shape == (0,)


def test_every_element_layout():
    """The combined model: outputs are laid out back to back in document order."""
    ours, ref = assert_sensors_match(model_xml(COMMON["every_element"]), "every element")
    assert ours.nsensor > 60
    assert list(ours.sensor_adr) == list(np.concatenate([[0], np.cumsum(ours.sensor_dim)[:-1]]))
    assert ours.nsensordata == ours.sensor_dim.sum()
    # every sensor type mjsim reads except those on tendons, actuators and cameras
    missing = {int(t) for t in mujoco.mjtSensor.__members__.values()} - set(ours.sensor_type.tolist())
    names = sorted(mujoco.mjtSensor(t).name for t in missing)
    assert names == sorted([
        "mjSENS_CAMPROJECTION", "mjSENS_TENDONPOS", "mjSENS_TENDONVEL", "mjSENS_ACTUATORPOS",
        "mjSENS_ACTUATORVEL", "mjSENS_ACTUATORFRC", "mjSENS_TENDONACTFRC",
        "mjSENS_TENDONLIMITPOS", "mjSENS_TENDONLIMITVEL", "mjSENS_TENDONLIMITFRC",
        "mjSENS_TACTILE", "mjSENS_PLUGIN"]), names


def test_sensor_names_and_enums():
    m = mjsim.MjModel.from_xml_string(model_xml(
        '<touch name="tip_touch" site="tip"/><framequat name="q" objtype="site" objname="tip"/>'))
    q = mjsim.mj_name2id(m, mjsim.mjtObj.mjOBJ_SENSOR, "q")
    assert q == 1 and mjsim.mj_name2id(m, mjsim.mjtObj.mjOBJ_SENSOR, "tip_touch") == 0
    assert m.sensor_dim[q] == 4 and m.sensor_adr[q] == 1 and m.nsensordata == 5
    assert int(m.sensor_type[1]) == int(mjsim.mjtSensor.mjSENS_FRAMEQUAT)
    assert int(m.sensor_datatype[1]) == int(mjsim.mjtDataType.mjDATATYPE_QUATERNION)
    assert int(m.sensor_needstage[0]) == int(mjsim.mjtStage.mjSTAGE_ACC)


def test_enums_match_reference():
    for enum in ["mjtSensor", "mjtDataType", "mjtStage"]:
        ours = {k: int(v) for k, v in getattr(mjsim, enum).__members__.items()}
        ref = {k: int(v) for k, v in getattr(mujoco, enum).__members__.items()}
        assert ours == ref, enum


# Models both engines reject (the messages are tested in tests/errors/test_sensor_errors.py).
REJECTED = {
    "missing_site": "<touch/>",
    "unknown_site": '<touch site="nowhere"/>',
    "geom_as_site": '<touch site="floor"/>',
    "jointpos_ball": '<jointpos joint="wrist"/>',
    "jointvel_free": '<jointvel joint="ball_free"/>',
    "jointactuatorfrc_ball": '<jointactuatorfrc joint="wrist"/>',
    "ballquat_hinge": '<ballquat joint="elbow"/>',
    "jointlimit_unlimited": '<jointlimitpos joint="elbow"/>',
    "frame_joint": '<framepos objtype="joint" objname="elbow"/>',
    "frame_missing_objname": '<framepos objtype="site"/>',
    "frame_refname_only": '<framepos objtype="site" objname="tip" refname="origin"/>',
    "frame_reftype_only": '<framepos objtype="site" objname="tip" reftype="site"/>',
    "frame_reftype_joint": '<framepos objtype="site" objname="tip" reftype="joint" refname="elbow"/>',
    "framelinacc_reftype": '<framelinacc objtype="site" objname="tip" reftype="site" refname="origin"/>',
    "negative_cutoff": '<touch site="tip" cutoff="-1"/>',
    "negative_noise": '<gyro site="tip" noise="-0.1"/>',
    "cutoff_on_quaternion": '<framequat objtype="site" objname="tip" cutoff="1"/>',
    "cutoff_on_axis": '<framezaxis objtype="site" objname="tip" cutoff="1"/>',
    "distance_same_geom": '<distance geom1="ball_geom" geom2="ball_geom"/>',
    "distance_two_firsts": '<distance geom1="ball_geom" body1="ball" geom2="floor"/>',
    "distance_no_second": '<distance geom1="ball_geom"/>',
    "contact_two_firsts": '<contact site="tip" geom1="floor"/>',
    "contact_two_seconds": '<contact geom2="floor" subtree2="ball"/>',
    "contact_num_zero": '<contact num="0"/>',
    "contact_data_order": '<contact data="force found"/>',
    "contact_data_repeated": '<contact data="force force"/>',
    "contact_data_unknown": '<contact data="found speed"/>',
    "contact_reduce_unknown": '<contact reduce="most"/>',
    "contact_noise": '<contact noise="1"/>',
    "user_no_dim": '<user objtype="body" objname="fore"/>',
    "user_negative_dim": '<user dim="-1"/>',
    "user_quat_dim": '<user dim="3" datatype="quaternion"/>',
    "user_axis_dim": '<user dim="4" datatype="axis"/>',
    "user_objtype_only": '<user objtype="body" dim="1"/>',
    "user_bad_datatype": '<user dim="1" datatype="complex"/>',
    "user_unknown_object": '<user objtype="site" objname="nowhere" dim="1"/>',
    "repeated_name": '<touch name="s" site="tip"/><gyro name="s" site="tip"/>',
    "insidesite_joint": '<insidesite site="tip" objtype="joint" objname="elbow"/>',
    "insidesite_no_site": '<insidesite objtype="geom" objname="floor"/>',
    "subtree_unknown_body": '<subtreecom body="nobody"/>',
    "unknown_attribute": '<touch site="tip" class="main"/>',
    "unknown_element": '<thermometer site="tip"/>',
}


@pytest.mark.parametrize("case", sorted(REJECTED))
def test_rejects_what_the_reference_rejects(case):
    xml = model_xml(REJECTED[case])
    with pytest.raises(ValueError):
        mujoco.MjModel.from_xml_string(xml)
    with pytest.raises(ValueError):
        mjsim.MjModel.from_xml_string(xml)


def assert_both_reject(xml: str, word: str):
    """The reference rejects `xml`, and mjsim does too with a message naming `word`."""
    with pytest.raises(ValueError):
        mujoco.MjModel.from_xml_string(xml)
    with pytest.raises(ValueError, match=word):
        mjsim.MjModel.from_xml_string(xml)


def test_user_data_longer_than_nuser_sensor_is_rejected():
    xml = model_xml('<touch site="tip" user="1 2 3"/>', size='<size nuser_sensor="2"/>')
    assert_both_reject(xml, "nuser_sensor")


def test_nuser_sensor_pads_user_data():
    xml = model_xml('<touch site="tip" user="1 2"/><gyro site="tip"/>', size='<size nuser_sensor="4"/>')
    load_or_skip_unsupported(xml)
    assert_sensors_match(xml, "nuser_sensor")


def test_tendon_limit_sensor_on_unlimited_tendon_is_rejected():
    xml = model_xml('<tendonlimitpos tendon="free_tendon"/>', extras=EXTRAS)
    assert_both_reject(xml, "limited")


def test_tactile_sensor_has_three_outputs_per_mesh_vertex():
    """<tactile>: object is the mesh, reference the geom; 3 outputs per mesh vertex."""
    xml = """<mujoco><asset><mesh name="pad" vertex="0 0 0 1 0 0 0 1 0 0 0 1 1 1 1"/></asset>
      <worldbody><body><joint/><geom name="tip" size="0.1"/></body></worldbody>
      <sensor><clock/><tactile name="skin" geom="tip" mesh="pad" user="1 2"/><clock/></sensor>
      </mujoco>"""
    ours, ref = assert_sensors_match(xml, "tactile")
    assert ours.sensor_dim[1] == 3 * ref.mesh_vertnum[0]


@pytest.mark.parametrize("element", ["plugin"])
def test_unsupported_sensor_elements_say_so(element):
    xml = model_xml(f'<{element} name="x"/>')
    with pytest.raises(ValueError, match=f"'{element}' is not supported by mjsim yet"):
        mjsim.MjModel.from_xml_string(xml)
