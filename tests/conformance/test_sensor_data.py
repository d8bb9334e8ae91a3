"""Sensor outputs (engine/sensor.cc: mj_sensorPos, mj_sensorVel, mj_sensorAcc, with the contact,
distance and limit sensors of engine/sensor_contact.cc) and object velocities
(engine/object_velocity.cc: mj_objectVelocity, mj_objectAcceleration) against the reference at
random states. tests/conformance/test_sensor.py checks the compiled sensor arrays.

Two ways of comparing a state:
- The sensor stage alone (constraints disabled): the reference runs mj_forward; mjsim runs its
  position stages, then the inputs that other stages compute (velocities, actuator forces,
  qacc, cacc, cfrc_*; COPIED below) are copied from the reference. Both sensordata arrays
  start from the same random values, so rows a stage must not write (user sensors, other
  stages) are checked too. Rtol 1e-9.
- The whole forward pass with constraints enabled (contacts, limits, the solver): mj_forward
  in both engines, every sensor, rtol 1e-6 (the issue's criterion). Models whose random states
  meet a known collision gap (a different contact set) are strict xfails with the measured
  reason.

Models: every corpus model with sensors, and small models of our own covering every sensor
type with and without reference frames, on every object type, with cutoff and noise; a
contact scene with contact sensors of every data field, reduction, num and matching
criterion, touch sensors over several contacts and joint/tendon limit sensors.

The tactile sensor is compared here in the contact scene (on the floor and on the box) and in
a box-on-floor scene; its rules are tested in detail in tests/conformance/test_sensor_tactile.py.
"""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import corpus_models, params  # noqa: E402
from support import disable_constraints, load_model, load_pair  # noqa: E402
from conformance.test_constants import load_or_xfail  # noqa: E402

RTOL = 1e-9          # relative to max(1, |reference|); the issue asks for 1e-6
N_STATES = 4
POSITION_STAGES = ["mj_kinematics", "mj_comPos", "mj_camlight", "mj_tendon", "mj_makeM",
                   "mj_factorM", "mj_transmission"]
# written by stages of other files; copied so that the sensor stage is checked alone
COPIED = ["cvel", "cdof_dot", "ten_velocity", "actuator_velocity", "actuator_force",
          "qfrc_actuator", "qacc", "cacc", "cfrc_int", "cfrc_ext", "subtree_linvel",
          "subtree_angmom"]

S = mujoco.mjtSensor
ALL_TYPES = [int(t) for t in S.__members__.values()]
FORWARD_RTOL = 1e-6  # whole forward passes with constraints: the solver's tolerance shows
# sensor types the stage does not compute (none left: the tactile sensor is complete)
MISSING_INPUT: dict[int, str] = {}


# ---------------------------------------------------------------------------------------
# running and comparing


def run_sensor_stages(pair, initial_sensordata=None):
    """The reference's mj_forward; our position stages, the copied inputs, our three sensor
    stages. Both sensordata start from `initial_sensordata` if given."""
    m, d, ref_m, ref_d = pair
    if initial_sensordata is not None:
        d.sensordata[:] = initial_sensordata
        ref_d.sensordata[:] = initial_sensordata
    mujoco.mj_forward(ref_m, ref_d)
    for function in POSITION_STAGES:
        getattr(mjsim, function)(m, d)
    for name in COPIED:
        getattr(d, name)[:] = getattr(ref_d, name)
    mjsim.mj_sensorPos(m, d)
    mjsim.mj_sensorVel(m, d)
    mjsim.mj_sensorAcc(m, d)


def sensor_rows(model, types):
    """(sensor id, slice of sensordata) of the sensors whose type is in `types`."""
    return [(s, slice(int(model.sensor_adr[s]), int(model.sensor_adr[s] + model.sensor_dim[s])))
            for s in range(model.nsensor) if int(model.sensor_type[s]) in types]


def sensor_errors(pair, types):
    """{sensor id: relative error} over the sensors of `types`: |ours - ref| / max(1, |ref|),
    inf where one is NaN and the other not."""
    errors = {}
    for s, rows in sensor_rows(pair.ref_m, types):
        ours, ref = pair.d.sensordata[rows], pair.ref_d.sensordata[rows]
        if ours.size == 0:
            errors[s] = 0.0
            continue
        if not np.array_equal(np.isnan(ours), np.isnan(ref)):
            errors[s] = np.inf
            continue
        both = ~np.isnan(ref)
        err = np.abs(ours[both] - ref[both]) / np.maximum(1.0, np.abs(ref[both]))
        errors[s] = float(err.max()) if err.size else 0.0
    return errors


def describe(model, s):
    name = mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_SENSOR, s) or ""
    return f"sensor {s} '{name}' ({S(int(model.sensor_type[s])).name})"


def assert_sensors_close(pair, types, context):
    __tracebackhide__ = True
    errors = sensor_errors(pair, types)
    bad = [(s, e) for s, e in errors.items() if not e <= RTOL]
    if bad:
        rows = dict(sensor_rows(pair.ref_m, types))
        lines = [f"  {describe(pair.ref_m, s)}: error {e:.2e}\n"
                 f"    ours {pair.d.sensordata[rows[s]]}\n    ref  {pair.ref_d.sensordata[rows[s]]}"
                 for s, e in bad]
        raise AssertionError(f"{context}: {len(bad)} sensor(s) differ (rtol {RTOL:g}):\n"
                             + "\n".join(lines))


COMPUTED = {t for t in ALL_TYPES if t not in MISSING_INPUT and t != int(S.mjSENS_PLUGIN)}


def check_model(model, states=N_STATES):
    """Every sensor of a computed type, at `states` random states."""
    pair = load_pair(model, seed=None)
    disable_constraints(pair)
    rng = np.random.default_rng(11)
    for seed in range(states):
        pair.randomize_state(seed)
        pair.d.time = pair.ref_d.time = 0.25 * seed
        run_sensor_stages(pair, rng.uniform(-10, 10, pair.ref_m.nsensordata))
        assert_sensors_close(pair, COMPUTED, f"{pair.name}, state {seed}")
    return pair


# ---------------------------------------------------------------------------------------
# small models of our own

FRAME_OBJECTS = [("body", "hand"), ("xbody", "hand"), ("geom", "hand_geom"), ("site", "hand_site"),
                 ("camera", "arm_cam")]
FRAME_REFERENCES = [("body", "float"), ("xbody", "arm"), ("geom", "float_geom"),
                    ("site", "world_site"), ("camera", "float_cam")]
FRAME_TYPES = ["framepos", "framequat", "framexaxis", "frameyaxis", "framezaxis", "framelinvel",
               "frameangvel"]
SITES = ["world_site", "static_site", "arm_site", "hand_site", "float_site"]
BODIES = ["world", "static", "arm", "hand", "float"]


def frames_xml():
    """An arm (hinge, then ball and slide) with a geom, site and camera on each link (tracking
    cameras on the hand), a static body, a free ellipsoid with a camera, a tilted floor; every
    frame, site (rangefinder too), joint, subtree, energy and user sensor, with and without
    reference frames, cutoff and noise."""
    sensors = []
    for kind in FRAME_TYPES:
        for objtype, objname in FRAME_OBJECTS:
            sensors.append(f'<{kind} objtype="{objtype}" objname="{objname}"/>')
            for reftype, refname in FRAME_REFERENCES:
                sensors.append(f'<{kind} objtype="{objtype}" objname="{objname}" '
                               f'reftype="{reftype}" refname="{refname}"/>')
    for kind in ("framelinacc", "frameangacc"):
        for objtype, objname in FRAME_OBJECTS + [("site", "static_site"), ("xbody", "world")]:
            sensors.append(f'<{kind} objtype="{objtype}" objname="{objname}"/>')
    for site in SITES:
        for kind in ("accelerometer", "velocimeter", "gyro", "force", "torque", "magnetometer",
                     "rangefinder"):
            sensors.append(f'<{kind} site="{site}"/>')
    for body in BODIES:
        for kind in ("subtreecom", "subtreelinvel", "subtreeangmom"):
            sensors.append(f'<{kind} body="{body}"/>')
    sensors += [
        '<jointpos joint="hinge"/>', '<jointpos joint="slide" cutoff="0.05"/>',
        '<jointvel joint="hinge" cutoff="0.3"/>', '<jointvel joint="slide" noise="0.1"/>',
        '<jointactuatorfrc joint="hinge"/>', '<jointactuatorfrc joint="slide" cutoff="0.2"/>',
        '<ballquat joint="ball" noise="0.01"/>', '<ballangvel joint="ball" cutoff="0.5"/>',
        '<velocimeter site="float_site" cutoff="0.4"/>', '<gyro site="hand_site" cutoff="0.7"/>',
        '<accelerometer site="hand_site" cutoff="3" noise="0.2"/>',
        '<force site="arm_site" cutoff="1"/>', '<torque site="hand_site" cutoff="0.1"/>',
        '<rangefinder site="hand_site" cutoff="0.3"/>',
        '<framepos objtype="site" objname="hand_site" cutoff="0.3"/>',
        '<framelinvel objtype="body" objname="float" reftype="site" refname="arm_site" cutoff="0.5"/>',
        '<subtreecom body="arm" cutoff="0.2"/>', '<subtreeangmom body="world" cutoff="0.01"/>',
        '<framequat objtype="camera" objname="track_cam"/>',
        '<framequat objtype="camera" objname="target_cam" reftype="camera" refname="arm_cam"/>',
        '<framepos objtype="camera" objname="target_cam" reftype="camera" refname="track_cam"/>',
        '<framexaxis objtype="camera" objname="track_cam" reftype="camera" refname="target_cam"/>',
        '<framelinvel objtype="camera" objname="target_cam" reftype="camera" refname="track_cam"/>',
        '<frameangvel objtype="camera" objname="track_cam" reftype="body" refname="hand"/>',
        '<e_potential/>', '<e_kinetic/>', '<e_kinetic cutoff="0.5"/>', '<clock/>',
        '<clock cutoff="0.3"/>',
        '<user dim="2"/>', '<user dim="2" needstage="pos" cutoff="2"/>',
        '<user dim="3" needstage="vel" cutoff="1" datatype="positive"/>',
        '<user dim="1" needstage="acc" cutoff="4"/>',
        '<user objtype="body" objname="hand" dim="4" datatype="quaternion" needstage="acc"/>',
    ]
    return f"""
<mujoco>
  <option magnetic="0.1 -0.4 0.3"/>
  <worldbody>
    <site name="world_site" pos="0.1 0.2 0.3" euler="10 20 30"/>
    <geom name="floor" type="plane" size="3 3 0.1" pos="0 0 -1.5" euler="5 -5 0"/>
    <body name="static" pos="0 0 2">
      <geom name="static_geom" size="0.1"/>
      <site name="static_site" pos="0.1 0 0" euler="0 40 0"/>
    </body>
    <body name="arm" pos="0 0 1">
      <joint name="hinge" type="hinge" axis="0 1 1" stiffness="2" springref="0.3"/>
      <geom name="arm_geom" type="capsule" fromto="0 0 0 0.4 0 0" size="0.04"/>
      <site name="arm_site" pos="0.2 0.05 0" euler="30 0 10"/>
      <camera name="arm_cam" pos="0.1 0 0.1" euler="0 20 0"/>
      <body name="hand" pos="0.4 0 0" euler="0 30 0">
        <joint name="ball" type="ball" stiffness="1"/>
        <joint name="slide" type="slide" axis="1 0 0" stiffness="5"/>
        <geom name="hand_geom" type="box" size="0.1 0.05 0.02" pos="0.1 0.02 0" euler="5 10 15"/>
        <site name="hand_site" pos="0.2 0 0" euler="0 0 45"/>
        <camera name="track_cam" mode="track" pos="0.1 0.3 0" euler="20 10 0"/>
        <camera name="target_cam" mode="targetbody" target="float" pos="0 -0.2 0.1"/>
      </body>
    </body>
    <body name="float" pos="1 0 0">
      <freejoint/>
      <geom name="float_geom" type="ellipsoid" size="0.1 0.2 0.3" pos="0.05 0 0" euler="0 0 30"/>
      <site name="float_site" pos="0 0.1 0"/>
      <camera name="float_cam" pos="0 0 0.2" xyaxes="0 1 0 -1 0 1"/>
    </body>
  </worldbody>
  <actuator>
    <motor joint="hinge" gear="2"/>
    <motor joint="slide"/>
    <general joint="ball" gear="0 1 0 0 0 0"/>
  </actuator>
  <sensor>
    {chr(10).join('    ' + s for s in sensors)}
  </sensor>
</mujoco>"""


TENDONS_ACTUATORS = """
<mujoco>
  <worldbody>
    <site name="anchor" pos="0 0 2"/>
    <body name="upper" pos="0 0 1">
      <joint name="shoulder" type="hinge" axis="0 1 0"/>
      <geom type="capsule" fromto="0 0 0 0.5 0 0" size="0.04"/>
      <site name="upper_site" pos="0.25 0 0.05"/>
      <body name="lower" pos="0.5 0 0">
        <joint name="elbow" type="hinge" axis="0 1 0"/>
        <joint name="extend" type="slide" axis="1 0 0"/>
        <geom type="capsule" fromto="0 0 0 0.4 0 0" size="0.03"/>
        <site name="lower_site" pos="0.3 0 0.03"/>
      </body>
    </body>
  </worldbody>
  <tendon>
    <fixed name="fixed">
      <joint joint="shoulder" coef="1"/>
      <joint joint="elbow" coef="-0.5"/>
    </fixed>
    <spatial name="spatial">
      <site site="anchor"/>
      <site site="upper_site"/>
      <site site="lower_site"/>
    </spatial>
  </tendon>
  <actuator>
    <motor name="fixed_motor" tendon="fixed" gear="2"/>
    <position name="fixed_servo" tendon="fixed" kp="5"/>
    <motor name="spatial_motor" tendon="spatial" gear="-3"/>
    <velocity name="elbow_damper" joint="elbow" kv="0.5"/>
    <motor name="slider" joint="extend"/>
    <general name="site_thruster" site="lower_site" gear="0 0 1 0 0 0"/>
  </actuator>
  <sensor>
    <tendonpos tendon="fixed"/>
    <tendonpos tendon="spatial" cutoff="2"/>
    <tendonvel tendon="fixed" noise="0.5"/>
    <tendonvel tendon="spatial" cutoff="0.4"/>
    <tendonactuatorfrc tendon="fixed"/>
    <tendonactuatorfrc tendon="spatial" cutoff="1"/>
    <actuatorpos actuator="fixed_motor"/>
    <actuatorpos actuator="site_thruster"/>
    <actuatorpos actuator="spatial_motor" cutoff="0.5"/>
    <actuatorvel actuator="spatial_motor"/>
    <actuatorvel actuator="site_thruster" cutoff="0.2"/>
    <actuatorfrc actuator="fixed_servo"/>
    <actuatorfrc actuator="elbow_damper" cutoff="0.3"/>
    <actuatorfrc actuator="site_thruster"/>
    <jointactuatorfrc joint="elbow"/>
    <jointactuatorfrc joint="extend"/>
  </sensor>
</mujoco>"""

SITE_SHAPES = {"sphere": "0.7", "capsule": "0.4 0.5", "cylinder": "0.6 0.4", "box": "0.5 0.7 0.4",
               "ellipsoid": "0.4 0.7 0.9"}
INSIDE_OBJECTS = [("body", "probe"), ("xbody", "probe"), ("geom", "probe_geom"),
                  ("site", "probe_site"), ("camera", "probe_cam")]


def cameras_regions_xml():
    """Cameras of every kind (fovy, focal length with sensor size, focal pixels, orthographic,
    on a moving body) watching a free probe; regions of every site shape, moving with a hinge,
    and insidesite sensors for every object type of the probe."""
    regions = "\n".join(
        f'<site name="region_{shape}" type="{shape}" size="{size}" pos="{0.1 * k} 0 0" '
        f'euler="{10 * k} {5 * k} 0"/>'
        for k, (shape, size) in enumerate(SITE_SHAPES.items()))
    inside = "\n".join(
        f'<insidesite site="region_{shape}" objtype="{objtype}" objname="{objname}"/>'
        for shape in SITE_SHAPES for objtype, objname in INSIDE_OBJECTS)
    projections = "\n".join(
        f'<camprojection site="{site}" camera="{cam}"/>'
        for cam in ("fovy", "focal", "focal_pixel", "orthographic", "moving")
        for site in ("probe_site", "fixed_site"))
    return f"""
<mujoco>
  <worldbody>
    <site name="fixed_site" pos="0.2 -0.1 -1"/>
    <camera name="fovy" pos="0 0 1" resolution="640 480" fovy="60"/>
    <camera name="focal" pos="0.1 0 1" euler="5 -5 0" resolution="320 240" focal="0.01 0.012"
            sensorsize="0.02 0.015" principal="0.001 -0.002"/>
    <camera name="focal_pixel" pos="0 0.1 1" resolution="640 480" focalpixel="500 400"
            principalpixel="10 20" sensorsize="0.02 0.015"/>
    <camera name="orthographic" pos="0 0 2" resolution="100 200" fovy="3" orthographic="true"/>
    <body name="turntable">
      <joint name="turn" type="hinge" axis="0.2 0.3 1"/>
      <geom size="0.05"/>
      {regions}
      <camera name="moving" pos="0 -2 0" xyaxes="1 0 0 0 0 1" resolution="64 64" fovy="80"/>
    </body>
    <body name="probe">
      <freejoint/>
      <geom name="probe_geom" size="0.05" pos="0.1 0.2 0"/>
      <site name="probe_site" pos="-0.1 0 0.1"/>
      <camera name="probe_cam" pos="0 0 -0.2"/>
    </body>
  </worldbody>
  <sensor>
    {projections}
    {inside}
    <insidesite site="region_box" objtype="geom" objname="probe_geom" cutoff="0.5"/>
  </sensor>
</mujoco>"""


SMALL_MODELS = {"frames": frames_xml(), "tendons_actuators": TENDONS_ACTUATORS,
                "cameras_regions": cameras_regions_xml()}


# ---------------------------------------------------------------------------------------
# tests


@pytest.mark.parametrize("name", sorted(SMALL_MODELS))
def test_sensordata_matches_reference_on_small_models(name):
    check_model(SMALL_MODELS[name], states=8)


@pytest.mark.parametrize("path", params(corpus_models()))
def test_sensordata_matches_reference_on_corpus(path):
    load_or_xfail(path)
    if load_model(mujoco, path).nsensor == 0:
        pytest.skip("no sensors")
    check_model(path)


# Corpus models whose sensordata differs in the whole forward pass with constraints enabled,
# with the measured cause (strict xfails, so a fix shows up). None left: quadruped's were its
# height-field contact normals (collide_hfield.cc).
FORWARD_GAPS: dict[str, str] = {}


def corpus_forward_params():
    params_ = []
    for param in params(corpus_models()):
        reason = FORWARD_GAPS.get(param.id)
        marks = [pytest.mark.xfail(strict=True, raises=AssertionError, reason=reason)] \
            if reason else []
        params_.append(pytest.param(*param.values, id=param.id, marks=marks))
    return params_


FORWARD_STATES = 3


@pytest.mark.parametrize("path", corpus_forward_params())
def test_sensordata_matches_reference_with_constraints(path):
    """The issue's criterion: every sensor of the model (none left out) after mj_forward with
    constraints enabled in both engines, at random states, to rtol 1e-6 of max(1, |ref|)."""
    load_or_xfail(path)
    if load_model(mujoco, path).nsensor == 0:
        pytest.skip("no sensors")
    pair = load_pair(path, seed=None)
    for seed in range(FORWARD_STATES):
        pair.randomize_state(seed)
        assert_forward_sensors_close(pair, set(ALL_TYPES), f"{pair.name}, state {seed}")


def test_small_models_cover_every_computed_type():
    """Oracle-free: the small models and the contact scene hold every sensor type the stage
    computes."""
    types = set()
    for xml in list(SMALL_MODELS.values()) + [contact_scene()]:
        model = load_model(mujoco, xml)
        types |= {int(t) for t in model.sensor_type}
    assert COMPUTED - types == set()


def test_insidesite_sees_both_inside_and_outside():
    """Oracle-free: the random states put the probe both inside and outside every region."""
    pair = load_pair(SMALL_MODELS["cameras_regions"], seed=None)
    disable_constraints(pair)
    rows = sensor_rows(pair.ref_m, {int(S.mjSENS_INSIDESITE)})
    seen = {s: set() for s, _ in rows}
    for seed in range(40):
        pair.randomize_state(seed)
        run_sensor_stages(pair)
        assert_sensors_close(pair, {int(S.mjSENS_INSIDESITE)}, f"state {seed}")
        for s, r in rows:
            seen[s].add(float(pair.d.sensordata[r][0]))
    for s, values in seen.items():
        assert values == {0.0, 1.0} or pair.ref_m.sensor_cutoff[s] > 0, describe(pair.ref_m, s)


# ---------------------------------------------------------------------------------------
# contacts, distances and limits: whole forward passes with constraints enabled

CONTACT_TYPES = {int(t) for t in (
    S.mjSENS_TOUCH, S.mjSENS_CONTACT, S.mjSENS_TACTILE, S.mjSENS_GEOMDIST, S.mjSENS_GEOMNORMAL,
    S.mjSENS_GEOMFROMTO, S.mjSENS_JOINTLIMITPOS, S.mjSENS_JOINTLIMITVEL,
    S.mjSENS_JOINTLIMITFRC, S.mjSENS_TENDONLIMITPOS, S.mjSENS_TENDONLIMITVEL,
    S.mjSENS_TENDONLIMITFRC)}
DATA_FIELDS = ["found", "force", "torque", "dist", "pos", "normal", "tangent"]
CRITERIA = [
    '', 'geom1="box_geom"', 'geom2="box_geom"', 'geom1="floor"', 'geom2="floor"',
    'geom1="box_geom" geom2="floor"', 'geom1="floor" geom2="box_geom"', 'body1="box"',
    'body2="arm"', 'body1="box" body2="ball"', 'body1="world" body2="box"', 'subtree1="box"',
    'subtree2="box"', 'subtree1="world" subtree2="box"', 'subtree1="box" subtree2="world"',
    'geom1="arm_tip" body2="world"', 'body1="arm" subtree2="world"', 'site="floor_zone"',
    'site="box_zone"', 'site="floor_zone" geom2="box_geom"', 'site="floor_zone" geom2="floor"',
    'site="box_zone" subtree2="world"', 'geom1="ball2_geom" geom2="box_geom"']


def contact_sensors():
    """Contact sensors: every criterion with every reduction at num 1, 2 and 5; each data
    field alone; fields in combinations; cutoff."""
    sensors = []
    every = " ".join(DATA_FIELDS)
    for criterion in CRITERIA:
        for reduce in ("none", "mindist", "maxforce", "netforce"):
            for num in (1, 2, 5) if reduce != "netforce" else (1,):
                sensors.append(f'<contact {criterion} data="{every}" num="{num}" '
                               f'reduce="{reduce}"/>')
    for field in DATA_FIELDS:
        sensors.append(f'<contact data="{field}" num="3"/>')
        sensors.append(f'<contact geom2="box_geom" data="{field}" reduce="netforce"/>')
    sensors += ['<contact data="found dist normal" num="40" reduce="mindist"/>',
                '<contact body1="box" data="force pos tangent" num="2" reduce="maxforce"/>',
                '<contact data="found force torque" reduce="netforce" cutoff="5"/>',
                '<contact geom1="floor" data="force dist" num="4" cutoff="0.5"/>']
    return sensors


# tactile pads. The compiler moves a mesh to its center of mass and principal axes, which the
# taxels follow: each pad is symmetric about its grid plane(s) with two far apexes, so that the
# grids stay horizontal around the geom's origin. floor_pad: a 9 x 7 grid on the floor under
# the bodies; box_pad: 5 x 4 grids near the box's bottom and top faces.
_APEXES = [(0, 0, -1), (0, 0, 1)]
_FLOOR_GRID = [(x, y, 0) for x in np.linspace(-0.4, 0.4, 9)
               for y in np.linspace(-0.45, 0.45, 7)] + _APEXES
_BOX_GRID = [(x, y, z) for z in (-0.098, 0.098) for x in np.linspace(-0.09, 0.09, 5)
             for y in np.linspace(-0.08, 0.08, 4)] + _APEXES
TACTILE_PADS = "".join(
    f'<mesh name="{name}" vertex="{" ".join(f"{c:.4f}" for v in grid for c in v)}"/>'
    for name, grid in (("floor_pad", _FLOOR_GRID), ("box_pad", _BOX_GRID)))


def contact_scene(cone="pyramidal", condim=3):
    """A box with an arm, two balls and a capsule on a tilted floor (plane, sphere, capsule
    and box pairs only, whose contacts both engines agree on), touch zones of every site shape
    on the box and the balls, distances between geoms and bodies, joint and tendon limits with
    margins (one hinge whose margin keeps both sides' rows), and the contact sensors above."""
    zones = {"sphere": "0.06", "box": "0.06 0.08 0.04", "capsule": "0.04 0.05",
             "cylinder": "0.05 0.06", "ellipsoid": "0.06 0.08 0.04"}
    # zones around the box's bottom corners and edges, some reaching past them (3 per shape)
    corners = [(0.1, 0.1, -0.1), (-0.09, 0.1, -0.12), (0.1, -0.05, -0.08), (-0.1, -0.1, -0.1),
               (0, 0.1, -0.1)]
    touch_sites = "\n".join(
        f'<site name="touch_{shape}_{k}" type="{shape}" size="{size}" '
        f'pos="{x * (1 if k % 2 else -1)} {y} {z}" euler="{15 * k} {25 * k} 0"/>'
        for j, (shape, size) in enumerate(zones.items()) for k in range(3)
        for x, y, z in [corners[(j + k) % 5]])
    touches = "\n".join(f'<touch site="touch_{shape}_{k}"/>' for shape in zones for k in range(3))
    sensors = "\n".join(contact_sensors())
    return f"""
<mujoco>
  <option cone="{cone}"/>
  <default><geom condim="{condim}" friction="0.8 0.02 0.002"/></default>
  <asset>{TACTILE_PADS}</asset>
  <worldbody>
    <geom name="floor" type="plane" size="3 3 0.1" euler="4 -3 0"/>
    <site name="floor_zone" type="box" size="0.3 0.3 0.06"/>
    <body name="box" pos="0 0 0.1">
      <freejoint/>
      <geom name="box_geom" type="box" size="0.1 0.1 0.1" margin="0.02"/>
      <site name="box_zone" type="sphere" size="0.16"/>
      {touch_sites}
      <body name="arm" pos="0.15 0 0">
        <joint name="elbow" type="hinge" axis="0 1 0" range="-30 30" margin="0.05"/>
        <joint name="wide" type="hinge" axis="0 0 1" range="-5 5" margin="2"/>
        <geom name="arm_geom" type="capsule" fromto="0 0 0 0.12 0 0" size="0.03"/>
        <geom name="arm_tip" type="sphere" pos="0.12 0 0" size="0.04"/>
      </body>
    </body>
    <body name="ball" pos="0.35 0.3 0.1">
      <freejoint/>
      <geom name="ball_geom" type="sphere" size="0.1" margin="0.05"/>
      <site name="ball_touch" type="sphere" size="0.12"/>
    </body>
    <body name="ball2" pos="-0.3 0.3 0.1">
      <freejoint/>
      <geom name="ball2_geom" type="sphere" size="0.1"/>
    </body>
    <body name="rod" pos="0 -0.4 0.1">
      <freejoint/>
      <geom name="rod_geom" type="capsule" size="0.04 0.15" euler="0 90 0"/>
      <site name="rod_touch" type="capsule" size="0.06 0.16" euler="0 90 0"/>
    </body>
    <body name="pendulum" pos="1 1 1">
      <joint name="swing" type="hinge" axis="0 1 0" range="-20 20"/>
      <joint name="twist" type="hinge" axis="1 0 0"/>
      <geom type="capsule" fromto="0 0 0 0 0 -0.3" size="0.02" contype="0" conaffinity="0"/>
      <body pos="0 0 -0.3">
        <joint name="ball_joint" type="ball" range="0 25"/>
        <geom type="capsule" fromto="0 0 0 0.2 0 0" size="0.02" contype="0" conaffinity="0"/>
        <body pos="0.2 0 0">
          <joint name="drawer" type="slide" axis="0 0 1" range="-0.1 0.1" margin="0.02"/>
          <geom type="sphere" size="0.05" contype="0" conaffinity="0"/>
        </body>
      </body>
    </body>
  </worldbody>
  <tendon>
    <fixed name="twist_tendon" limited="true" range="-0.2 0.2" margin="0.05">
      <joint joint="twist" coef="1"/>
    </fixed>
    <fixed name="wide_tendon" limited="true" range="-0.3 0.3" margin="1">
      <joint joint="swing" coef="0.5"/>
      <joint joint="elbow" coef="1"/>
    </fixed>
  </tendon>
  <sensor>
    {touches}
    <tactile geom="floor" mesh="floor_pad"/>
    <tactile geom="box_geom" mesh="box_pad"/>
    <tactile geom="ball_geom" mesh="box_pad"/>
    <touch site="ball_touch"/>
    <touch site="rod_touch" cutoff="3"/>
    <distance geom1="box_geom" geom2="ball_geom" cutoff="1"/>
    <distance geom1="box_geom" geom2="ball_geom" cutoff="0.05"/>
    <distance geom1="ball_geom" geom2="ball2_geom"/>
    <normal geom1="ball_geom" geom2="ball2_geom" cutoff="2"/>
    <fromto geom1="ball_geom" geom2="box_geom" cutoff="2"/>
    <fromto geom1="ball_geom" geom2="box_geom" cutoff="0.05"/>
    <distance body1="box" body2="rod" cutoff="2"/>
    <normal body1="arm" geom2="rod_geom" cutoff="2"/>
    <fromto geom1="arm_tip" body2="ball" cutoff="2"/>
    <jointlimitpos joint="elbow"/> <jointlimitvel joint="elbow"/> <jointlimitfrc joint="elbow"/>
    <jointlimitpos joint="wide"/> <jointlimitvel joint="wide"/> <jointlimitfrc joint="wide"/>
    <jointlimitpos joint="swing"/> <jointlimitvel joint="swing"/> <jointlimitfrc joint="swing"/>
    <jointlimitpos joint="ball_joint"/> <jointlimitvel joint="ball_joint"/>
    <jointlimitfrc joint="ball_joint" cutoff="0.5"/>
    <jointlimitpos joint="drawer" cutoff="0.01"/> <jointlimitvel joint="drawer"/>
    <jointlimitfrc joint="drawer"/>
    <tendonlimitpos tendon="twist_tendon"/> <tendonlimitvel tendon="twist_tendon"/>
    <tendonlimitfrc tendon="twist_tendon"/>
    <tendonlimitpos tendon="wide_tendon"/> <tendonlimitvel tendon="wide_tendon" cutoff="0.1"/>
    <tendonlimitfrc tendon="wide_tendon"/>
    {sensors}
  </sensor>
</mujoco>"""


def set_contact_state(pair, seed, ball_xy=(-0.02, 0.22)):
    """Bodies resting on or just above the floor, touching each other at times, random
    velocities; the pendulum's joints and tendons around and beyond their limits. The ball
    stays clear of the arm unless `ball_xy` puts it there."""
    rng = np.random.default_rng(seed)
    qpos = np.array(pair.ref_m.qpos0)
    for adr, (x, y) in zip((0, 9, 16, 23), ((0, 0), ball_xy, (-0.22, 0.05), (0, -0.3))):
        qpos[adr:adr + 3] = [x + rng.uniform(-0.05, 0.05), y + rng.uniform(-0.05, 0.05),
                             0.1 + rng.uniform(-0.01, 0.02)]
        quat = np.array([1, 0, 0, 0]) + rng.normal(0, 0.08, 4)
        qpos[adr + 3:adr + 7] = quat / np.linalg.norm(quat)
    qpos[7:9] = rng.uniform(-0.8, 0.8, 2)
    qpos[30:32] = rng.uniform(-0.6, 0.6, 2)
    axis = rng.normal(size=3)
    angle = rng.uniform(0, 0.8)
    qpos[32:36] = np.r_[np.cos(angle / 2), np.sin(angle / 2) * axis / np.linalg.norm(axis)]
    qpos[36] = rng.uniform(-0.15, 0.15)
    qvel = rng.normal(0, 0.5, pair.ref_m.nv)
    for data in (pair.d, pair.ref_d):
        data.qpos[:] = qpos
        data.qvel[:] = qvel


def forward_errors(pair, types):
    """mj_forward in both engines, then sensor_errors over `types`."""
    pair.call("mj_forward")
    return sensor_errors(pair, types)


def assert_forward_sensors_close(pair, types, context, rtol=FORWARD_RTOL):
    __tracebackhide__ = True
    errors = forward_errors(pair, types)
    bad = [(s, e) for s, e in errors.items() if not e <= rtol]
    if bad:
        rows = dict(sensor_rows(pair.ref_m, types))
        lines = [f"  {describe(pair.ref_m, s)}: error {e:.2e}\n"
                 f"    ours {pair.d.sensordata[rows[s]]}\n    ref  {pair.ref_d.sensordata[rows[s]]}"
                 for s, e in bad[:6]]
        raise AssertionError(f"{context}: {len(bad)} sensor(s) differ (rtol {rtol:g}, ncon "
                             f"{pair.d.ncon} vs {pair.ref_d.ncon}):\n" + "\n".join(lines))


CONTACT_SCENES = [("pyramidal", 3), ("pyramidal", 4), ("elliptic", 6), ("elliptic", 1)]


@pytest.mark.parametrize("cone,condim", CONTACT_SCENES)
def test_contact_and_limit_sensors_match_reference(cone, condim):
    """Every contact, touch, distance and limit sensor of the scene over random states, the
    whole forward pass with constraints enabled in both engines."""
    pair = load_pair(contact_scene(cone, condim), seed=None)
    types = CONTACT_TYPES - set(MISSING_INPUT)
    for seed in range(12):
        set_contact_state(pair, seed)
        assert_forward_sensors_close(pair, types, f"{cone} condim {condim}, state {seed}")


def test_contact_scene_reads_nonzero_values():
    """The scene's states give the reference nonzero readings in every sensor of the
    contact family except a few whose criteria never meet (so the comparison is not empty)."""
    pair = load_pair(contact_scene("elliptic", 6), seed=None)
    rows = sensor_rows(pair.ref_m, CONTACT_TYPES)
    nonzero = {s: False for s, _ in rows}
    for seed in range(12):
        set_contact_state(pair, seed)
        mujoco.mj_forward(pair.ref_m, pair.ref_d)
        for s, r in rows:
            nonzero[s] |= bool(np.any(pair.ref_d.sensordata[r] != 0))
    silent = [describe(pair.ref_m, s) for s, seen in nonzero.items() if not seen]
    assert len(silent) <= 0.05 * len(rows), silent
    for t in CONTACT_TYPES - set(MISSING_INPUT):
        assert any(nonzero[s] for s, _ in sensor_rows(pair.ref_m, {t})), S(t).name


def test_contact_sensors_follow_the_contact_order():
    """A ball touching both geoms of the arm: contacts (ball, arm_geom) and (arm_tip, ball),
    which the reference lists sorted by the collider's first geom (arm_tip first); contact
    sensors without reduction read their slots in that order."""
    pair = load_pair(contact_scene("elliptic", 6), seed=None)
    set_contact_state(pair, 0, ball_xy=(0.25, 0.1))
    assert_forward_sensors_close(pair, {int(S.mjSENS_CONTACT)}, "ball on the arm")


@pytest.mark.parametrize("bad", [np.nan, np.inf, 1e30])
def test_contact_sensors_survive_bad_states(bad):
    """NaN, Inf or huge poses and velocities: no crash, and the contact and touch sensors stay
    finite. At 1e30 mjsim's collision still finds 12 contacts (the reference none); their
    forces are finite since the solver keeps the warmstart when the cold start's cost is NaN
    (solver.cc WarmstartCheaper)."""
    m = mjsim.MjModel.from_xml_string(contact_scene("elliptic", 6))
    d = mjsim.MjData(m)
    d.qpos[:] = bad
    d.qvel[:] = bad
    mjsim.mj_forward(m, d)
    for s, rows in sensor_rows(m, {int(S.mjSENS_CONTACT), int(S.mjSENS_TOUCH)}):
        assert np.all(np.isfinite(d.sensordata[rows])), f"sensor {s}: {d.sensordata[rows]}"


TACTILE_SCENE = """
<mujoco>
  <asset><mesh name="pad" vertex="-0.05 -0.05 0  0.05 -0.05 0  0.05 0.05 0  -0.05 0.05 0  0 0 0.01"/></asset>
  <worldbody>
    <geom name="floor" type="plane" size="2 2 0.1"/>
    <body name="box" pos="0 0 0.098">
      <freejoint/>
      <geom name="box_geom" type="box" size="0.1 0.1 0.1"/>
    </body>
  </worldbody>
  <sensor>
    <tactile geom="floor" mesh="pad"/>
  </sensor>
</mujoco>"""


def test_tactile_matches_reference():
    pair = load_pair(TACTILE_SCENE, seed=None)
    pair.call("mj_forward")
    assert np.any(pair.ref_d.sensordata != 0), "the scene must give the reference readings"
    assert_forward_sensors_close(pair, {int(S.mjSENS_TACTILE)}, "box on a tactile floor")


# Contact sensors over contact sets at the edges: none, more than num, more than the slots
CONTACT_EDGE_CASES = {
    "no_contacts": ("<geom name='a' size='0.1' pos='0 0 1'/>", ""),
    "no_match": ("<geom name='a' size='0.1' pos='0 0 0.09'/>", 'geom1="floor" geom2="floor"'),
    "many_contacts": ("".join(f"<geom size='0.05' pos='{0.1 * k} 0 0.045'/>" for k in range(12)),
                      ""),
}


@pytest.mark.parametrize("case", sorted(CONTACT_EDGE_CASES))
@pytest.mark.parametrize("reduce", ["none", "mindist", "maxforce", "netforce"])
def test_contact_sensor_edge_cases(case, reduce):
    geoms, criterion = CONTACT_EDGE_CASES[case]
    num = 1 if reduce == "netforce" else 4
    slots_reduce = "none" if reduce == "netforce" else reduce
    xml = f"""<mujoco><worldbody><geom name="floor" type="plane" size="2 2 0.1"/>
      <body pos="0 0 0"><freejoint/>{geoms}</body></worldbody>
      <sensor><contact {criterion} data="{' '.join(DATA_FIELDS)}" num="{num}" reduce="{reduce}"/>
      <contact {criterion} data="found force" num="30" reduce="{slots_reduce}"/>
      </sensor></mujoco>"""
    pair = load_pair(xml, seed=None)
    assert_forward_sensors_close(pair, {int(S.mjSENS_CONTACT)}, case)
    assert not np.any(np.isnan(pair.d.sensordata))


def test_stages_write_only_their_sensors():
    """Each stage function writes the rows of its own stage's sensors and no others."""
    m = mjsim.MjModel.from_xml_string(SMALL_MODELS["frames"])
    d = mjsim.MjData(m)
    d.qvel[:] = 0.5
    for function in POSITION_STAGES + ["mj_comVel"]:
        getattr(mjsim, function)(m, d)
    for stage, function in ((1, mjsim.mj_sensorPos), (2, mjsim.mj_sensorVel),
                            (3, mjsim.mj_sensorAcc)):
        d.sensordata[:] = 12345.0
        function(m, d)
        for s in range(m.nsensor):
            rows = d.sensordata[m.sensor_adr[s]:m.sensor_adr[s] + m.sensor_dim[s]]
            computed = m.sensor_needstage[s] == stage and m.sensor_type[s] != int(S.mjSENS_USER)
            assert np.all(rows != 12345.0) == computed or m.sensor_cutoff[s] > 0, \
                f"{function.__name__}: {describe(m, s)}"


def test_sensor_disable_flag_leaves_sensordata():
    pair = load_pair(SMALL_MODELS["frames"], seed=3)
    disable_constraints(pair)
    for model in (pair.m, pair.ref_m):
        model.opt.disableflags |= int(mujoco.mjtDisableBit.mjDSBL_SENSOR)
    initial = np.random.default_rng(0).uniform(-1, 1, pair.m.nsensordata)
    run_sensor_stages(pair, initial)
    np.testing.assert_array_equal(pair.d.sensordata, initial)
    np.testing.assert_array_equal(pair.ref_d.sensordata, initial)


def test_energy_sensors_compute_energy_without_the_energy_flag():
    """e_potential and e_kinetic run mj_energyPos / mj_energyVel in mj_sensorPos, whether or
    not mjENBL_ENERGY is set (as the reference does)."""
    pair = load_pair(SMALL_MODELS["frames"], seed=5)
    disable_constraints(pair)
    pair.randomize_state(5)
    for data in (pair.d, pair.ref_d):
        data.energy[:] = [7.0, 8.0]
    run_sensor_stages(pair)
    np.testing.assert_allclose(pair.d.energy, pair.ref_d.energy, rtol=1e-12)
    assert not np.allclose(pair.d.energy, [7.0, 8.0])


# ---------------------------------------------------------------------------------------
# mj_objectVelocity, mj_objectAcceleration

OBJECTS = [(mujoco.mjtObj.mjOBJ_BODY, name) for name in BODIES] + \
          [(mujoco.mjtObj.mjOBJ_XBODY, name) for name in BODIES] + \
          [(mujoco.mjtObj.mjOBJ_GEOM, name) for name in ("static_geom", "arm_geom", "hand_geom",
                                                         "float_geom")] + \
          [(mujoco.mjtObj.mjOBJ_SITE, name) for name in SITES] + \
          [(mujoco.mjtObj.mjOBJ_CAMERA, name) for name in ("arm_cam", "float_cam")]


@pytest.mark.parametrize("function", ["mj_objectVelocity", "mj_objectAcceleration"])
def test_object_velocity_and_acceleration_match_reference(function):
    pair = load_pair(SMALL_MODELS["frames"], seed=None)
    disable_constraints(pair)
    for seed in range(5):
        pair.randomize_state(seed)
        run_sensor_stages(pair)
        mujoco.mj_rnePostConstraint(pair.ref_m, pair.ref_d)
        pair.d.cacc[:] = pair.ref_d.cacc
        for objtype, name in OBJECTS:
            objid = mujoco.mj_name2id(pair.ref_m, objtype, name)
            for flg_local in (0, 1):
                ours, ref = np.zeros(6), np.zeros(6)
                getattr(mjsim, function)(pair.m, pair.d, int(objtype), objid, ours, flg_local)
                getattr(mujoco, function)(pair.ref_m, pair.ref_d, objtype, objid, ref, flg_local)
                np.testing.assert_allclose(ours, ref, rtol=1e-12, atol=1e-12,
                                           err_msg=f"{function} {objtype.name} {name} "
                                                   f"local={flg_local} state {seed}")


def test_object_functions_reject_bad_arguments():
    m = mjsim.MjModel.from_xml_string(SMALL_MODELS["frames"])
    d = mjsim.MjData(m)
    other = mjsim.MjData(mjsim.MjModel.from_xml_string(TENDONS_ACTUATORS))
    site = int(mujoco.mjtObj.mjOBJ_SITE)
    for function in (mjsim.mj_objectVelocity, mjsim.mj_objectAcceleration):
        with pytest.raises(TypeError, match="res"):
            function(m, d, site, 0, np.zeros(5), 0)
        with pytest.raises(TypeError, match="res"):
            function(m, d, site, 0, np.zeros(6, dtype=np.float32), 0)
        with pytest.raises(TypeError, match="res"):
            function(m, d, site, 0, np.zeros(12)[::2], 0)
        with pytest.raises(ValueError, match="objtype"):
            function(m, d, int(mujoco.mjtObj.mjOBJ_JOINT), 0, np.zeros(6), 0)
        with pytest.raises(IndexError, match="objid"):
            function(m, d, site, m.nsite, np.zeros(6), 0)
        with pytest.raises(IndexError, match="objid"):
            function(m, d, site, -1, np.zeros(6), 0)
        with pytest.raises(ValueError):
            function(m, other, site, 0, np.zeros(6), 0)
    for function in (mjsim.mj_sensorPos, mjsim.mj_sensorVel, mjsim.mj_sensorAcc):
        with pytest.raises(ValueError):
            function(m, other)
        with pytest.raises(TypeError):
            function(m, None)


@pytest.mark.parametrize("name", sorted(SMALL_MODELS))
@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_bad_state_does_not_crash(name, bad):
    """NaN or Inf in qpos and qvel may spread into sensordata, never crash the stages."""
    m = mjsim.MjModel.from_xml_string(SMALL_MODELS[name])
    d = mjsim.MjData(m)
    d.qpos[:] = bad
    d.qvel[:] = bad
    d.ctrl[:] = bad
    for function in POSITION_STAGES + ["mj_comVel"]:
        getattr(mjsim, function)(m, d)
    d.qacc[:] = bad
    mjsim.mj_sensorPos(m, d)
    mjsim.mj_sensorVel(m, d)
    mjsim.mj_sensorAcc(m, d)
    res = np.zeros(6)
    mjsim.mj_objectAcceleration(m, d, int(mujoco.mjtObj.mjOBJ_XBODY), m.nbody - 1, res, 1)


def test_named_access_reads_sensordata():
    m = mjsim.MjModel.from_xml_string(TENDONS_ACTUATORS)
    d = mjsim.MjData(m)
    for function in POSITION_STAGES:
        getattr(mjsim, function)(m, d)
    mjsim.mj_sensorPos(m, d)
    np.testing.assert_array_equal(d.sensor(1).data, d.ten_length[1:2])
    assert d.sensor(1).data.base is not None


BOUNDARY_SITES = [("sphere", ".5", ".5 0 0"), ("box", ".5 .5 .5", "0 .5 0"),
                  ("cylinder", ".5 .5", "0 0 .5"), ("cylinder", ".5 .5", ".5 0 0"),
                  ("ellipsoid", ".5 .25 .5", "0 .25 0"), ("capsule", ".5 .5", "0 0 1")]


@pytest.mark.parametrize("site_type,size,point", BOUNDARY_SITES)
def test_points_on_a_site_boundary_are_outside(site_type, size, point):
    # insidesite, and a contact sensor restricted to a site, test strictly: a body origin or
    # a contact point exactly on the site's surface is outside (both were counted before)
    contact_site = f'pos="{" ".join(str(-float(v)) for v in point.split())}"'
    xml = f"""<mujoco><worldbody><geom type="plane" size="5 5 .1"/>
      <body pos="0 0 .1"><freejoint/><geom size=".1"/></body>
      <site name="s" type="{site_type}" size="{size}"/><body name="b" pos="{point}"/>
      <site name="c" type="{site_type}" size="{size}" {contact_site}/></worldbody>
      <sensor><insidesite site="s" objtype="xbody" objname="b"/><contact site="c" data="found"/>
      </sensor></mujoco>"""
    values = []
    for module in (mjsim, mujoco):
        m = module.MjModel.from_xml_string(xml)
        d = module.MjData(m)
        module.mj_forward(m, d)
        assert d.ncon == 1 and not d.contact.pos[0].any()
        values.append(d.sensordata.tolist())
    assert values[0] == values[1] == [0, 0]
