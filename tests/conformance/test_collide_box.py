"""Box colliders (engine/collision/collide_box.cc) against the reference: sphere-box,
capsule-box and box-box contact sets at chosen and random relative poses of two free bodies.

Each pose is set by qpos in both engines, mj_forward runs, and d.contact is compared as a set
(tests/contacts.py): same count per geom pair, dist to 1e-6, pos and normal to 1e-5, the whole
frame (tangents included) to 1e-6, and the mixed parameters exactly.

Known gaps (measured with tests/tools/box_probe.py --poses 3000: 7 of 1224 touching random
poses differ, all on edge axes): a few deep edge-axis sets, exactly parallel faces with margin
(about 13%: an extra rectangle corner when apart within the margin, the parallel-face corner
quirk) and equal cubes nearly aligned (2 of 131); those sets assert the measured counts, so a
regression fails. Everything else must match exactly."""

import math

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

from contacts import compare_contact_order, compare_contacts  # noqa: E402
from support import load_pair  # noqa: E402

IDENTITY = (1.0, 0.0, 0.0, 0.0)
FRAME_TOL = 1e-6


def two_bodies(type1, size1, type2, size2, margin=0.0):
    return f"""<mujoco><option gravity="0 0 0"/><worldbody>
      <body><freejoint/><geom type="{type1}" size="{size1}" margin="{margin}"/></body>
      <body><freejoint/><geom type="{type2}" size="{size2}" margin="{margin}"/></body>
    </worldbody></mujoco>"""


def axis_angle(axis, angle):
    axis = np.asarray(axis, float) / np.linalg.norm(axis)
    return (math.cos(angle / 2), *(math.sin(angle / 2) * axis))


def quat_product(q1, q2):
    out = np.zeros(4)
    mujoco.mju_mulQuat(out, np.asarray(q1, float), np.asarray(q2, float))
    return out


class Scene:
    """One two-body model in both engines; pose() sets both bodies and runs mj_forward."""

    def __init__(self, xml):
        self.pair = load_pair(xml, seed=None)

    def pose(self, pos1, quat1, pos2, quat2):
        qpos = np.r_[pos1, quat1, pos2, quat2]
        for data in (self.pair.d, self.pair.ref_d):
            data.qpos[:] = qpos
        self.pair.call("mj_forward")
        return self.pair.d, self.pair.ref_d

    def mismatch(self, pos1, quat1, pos2, quat2):
        ours, ref = self.pose(pos1, quat1, pos2, quat2)
        return compare_contacts(ours, ref, frame_tol=FRAME_TOL)


def random_quat(rng):
    q = rng.standard_normal(4)
    return q / np.linalg.norm(q)


def random_poses(rng, count, spread):
    for _ in range(count):
        yield (rng.uniform(-spread, spread, 3), random_quat(rng),
               rng.uniform(-spread, spread, 3), random_quat(rng))


def resting_pose(rng, size1, size2, tilt, depth):
    """Body 2 (a box of half-sizes size2) over the top face of body 1 (unrotated, half-sizes
    size1): random yaw, a tilt up to `tilt`, its lowest point within +-depth of the face."""
    quat2 = quat_product(axis_angle(rng.standard_normal(3), rng.uniform(0, tilt)),
                         axis_angle([0, 0, 1], rng.uniform(-math.pi, math.pi)))
    rot = np.zeros(9)
    mujoco.mju_quat2Mat(rot, quat2)
    lowest = (np.abs(rot.reshape(3, 3)) @ np.asarray(size2))[2]
    pos2 = np.r_[rng.uniform(-size1[0], size1[0]), rng.uniform(-size1[1], size1[1]),
                 size1[2] + lowest + rng.uniform(-depth, depth)]
    return np.zeros(3), IDENTITY, pos2, quat2


def lying_capsule_pose(rng, box_size, radius, half_length, tilt, depth):
    """A capsule over the top face of an unrotated box, nearly horizontal."""
    quat1 = quat_product(axis_angle([0, 0, 1], rng.uniform(-math.pi, math.pi)),
                         axis_angle([0, 1, 0], math.pi / 2 + rng.uniform(-tilt, tilt)))
    rot = np.zeros(9)
    mujoco.mju_quat2Mat(rot, quat1)
    lowest = abs(rot[8]) * half_length + radius
    pos1 = np.r_[rng.uniform(-1.4, 1.4) * box_size[0], rng.uniform(-1.2, 1.2) * box_size[1],
                 box_size[2] + lowest + rng.uniform(-depth, depth)]
    return pos1, quat1, np.zeros(3), IDENTITY


def assert_all_match(scene, poses):
    failures = []
    for index, pose in enumerate(poses):
        problems = scene.mismatch(*pose)
        if problems:
            failures.append(f"pose {index}: {problems[:2]}")
    assert not failures, "\n".join(failures[:5]) + f"\n({len(failures)} poses differ)"


def count_order_mismatches(scene, poses):
    """(poses whose contacts differ as ordered lists, poses where the reference has contacts)"""
    differ = touching = 0
    for pose in poses:
        ours, ref = scene.pose(*pose)
        touching += ref.ncon > 0
        differ += bool(compare_contacts(ours, ref, frame_tol=FRAME_TOL) or
                       compare_contact_order(ours, ref))
    return differ, touching


def assert_all_match_in_order(scene, poses):
    failures = []
    for index, pose in enumerate(poses):
        ours, ref = scene.pose(*pose)
        problems = compare_contacts(ours, ref, frame_tol=FRAME_TOL) or compare_contact_order(
            ours, ref)
        if problems:
            failures.append(f"pose {index}: {problems[:2]}")
    assert not failures, "\n".join(failures[:5]) + f"\n({len(failures)} poses differ)"


def count_mismatches(scene, poses):
    """(poses that differ, poses where the reference has contacts)"""
    differ = touching = 0
    for pose in poses:
        ours, ref = scene.pose(*pose)
        touching += ref.ncon > 0
        differ += bool(compare_contacts(ours, ref, frame_tol=FRAME_TOL))
    return differ, touching


# ---- sphere-box ----------------------------------------------------------------------------

SPHERE_BOX_POSES = {
    "separated beyond margin": (0, 0, 1.2),
    "within margin": (0, 0, 0.75),
    "touching a face": (0, 0, 0.625),
    "penetrating a face": (0.1, 0.2, 0.6),
    "near an edge": (0.55, 0, 0.55),
    "near a corner": (0.29, 0.45, 0.53),
    "centre inside": (0.1, 0.05, 0.3),
    "centre on the surface": (0, 0, 0.5),
    "coincident centres": (0, 0, 0),
    "tie between two faces": (0.125, 0.125, 0),
}


@pytest.mark.parametrize("name", SPHERE_BOX_POSES)
def test_sphere_box_chosen_poses(name):
    scene = Scene(two_bodies("sphere", "0.125", "box", "0.25 0.25 0.5", margin=0.1))
    tilt = axis_angle([1, 2, 3], 0.4)
    assert_all_match(scene, [(SPHERE_BOX_POSES[name], IDENTITY, (0, 0, 0), IDENTITY),
                             (SPHERE_BOX_POSES[name], IDENTITY, (0, 0, 0), tilt)])


@pytest.mark.parametrize("margin", [0.0, 0.2])
def test_sphere_box_random_poses(margin):
    scene = Scene(two_bodies("sphere", "0.3", "box", "0.5 0.4 0.7", margin=margin))
    rng = np.random.default_rng(11)
    assert_all_match(scene, random_poses(rng, 60, 0.8))


# ---- capsule-box ---------------------------------------------------------------------------

CAPSULE = "0.125 0.5"
CAPSULE_BOX = "0.5 0.75 1"
CAPSULE_THROUGH_ALLOWED = 0  # measured: all 150 poses match
ALONG_X = axis_angle([0, 1, 0], math.pi / 2)
ALONG_Y = axis_angle([1, 0, 0], math.pi / 2)
CAPSULE_BOX_POSES = {
    "lying on the face": ((0, 0, 1.1), ALONG_X),
    "lying, shifted": ((0.3, 0.1, 1.1), ALONG_X),
    "lying, overhanging": ((0.8, 0.1, 1.1), ALONG_X),
    "upright": ((0.1, 0.2, 1.6), IDENTITY),
    "slightly tilted": ((0, 0, 1.1), axis_angle([0, 1, 0], math.pi / 2 + 0.01)),
    "tilted": ((0, 0, 1.2), axis_angle([0, 1, 0], math.pi / 2 + 0.3)),
    "end inside the box": ((0, 0, 1.0), axis_angle([0, 1, 0], math.pi / 2 + 0.3)),
    "across a top edge": ((0.55, 0, 1.05), ALONG_Y),
    "across a top edge, tilted": ((0.55, 0, 1.05), axis_angle([1, 0, 0], math.pi / 2 + 0.01)),
    "through the box": ((0.1, 0.2, 0.3), axis_angle([1, 1, 1], 0.7)),
    "separated": ((0, 0, 2), ALONG_X),
}


@pytest.mark.parametrize("name", CAPSULE_BOX_POSES)
def test_capsule_box_chosen_poses(name):
    scene = Scene(two_bodies("capsule", CAPSULE, "box", CAPSULE_BOX))
    pos, quat = CAPSULE_BOX_POSES[name]
    assert_all_match(scene, [(pos, quat, (0, 0, 0), IDENTITY)])


@pytest.mark.parametrize("margin,tilt", [(0.0, 0.2), (0.0, 0.02), (0.05, 0.2)])
def test_capsule_lying_on_box_random(margin, tilt):
    """A capsule over a box face, as in a resting simulation: matches exactly."""
    scene = Scene(two_bodies("capsule", CAPSULE, "box", CAPSULE_BOX, margin=margin))
    rng = np.random.default_rng(3)
    poses = [lying_capsule_pose(rng, (0.5, 0.75, 1), 0.125, 0.5, tilt, 0.03) for _ in range(80)]
    differ, touching = count_mismatches(scene, poses)
    # measured: all match but for margin 0.05 (about 1 in 80 touching poses: a capsule end over a
    # box edge, where the second point was fitted differently)
    allowed = 0 if margin == 0 else 2
    assert touching >= 10 and differ <= allowed, f"{differ} of {touching} poses differ"


def capsule_through_box_pose(rng, box_size, half_length):
    """A capsule centred near a random point of the box surface, randomly oriented: often
    passing through the box with both ends outside."""
    box_size = np.asarray(box_size)
    axis = rng.integers(3)
    centre = rng.uniform(-box_size, box_size)
    centre[axis] = rng.choice([-1, 1]) * box_size[axis] + rng.uniform(-0.1, 0.1)
    return centre, random_quat(rng), np.zeros(3), IDENTITY


def test_capsule_through_box_random():
    """Segments through the box with both ends outside (the nearest box feature by unsigned
    distance, then the end of a face stretch): measured to match in every pose."""
    scene = Scene(two_bodies("capsule", CAPSULE, "box", CAPSULE_BOX))
    rng = np.random.default_rng(6)
    poses = [capsule_through_box_pose(rng, (0.5, 0.75, 1), 0.5) for _ in range(150)]
    differ, touching = count_mismatches(scene, poses)
    assert touching >= 100 and differ <= CAPSULE_THROUGH_ALLOWED, \
        f"{differ} of {touching} poses differ"


def test_capsule_box_random_poses():
    """Random relative poses (deep interpenetration included): measured to match in all 89
    touching poses."""
    scene = Scene(two_bodies("capsule", CAPSULE, "box", CAPSULE_BOX))
    rng = np.random.default_rng(1)
    differ, touching = count_mismatches(scene, random_poses(rng, 200, 1.0))
    assert touching >= 50 and differ == 0, f"{differ} of {touching} poses differ"


def segment_missing_cube(rng, radius, half_length, half_size):
    """A capsule (radius, half_length) near a cube at the origin whose segment misses the cube:
    the pose, the segment's ends and the feature under the nearest segment point as the
    reference's first contact shows it ("edge" or "corner", "end" or "inside" of the segment),
    or None when the capsule does not touch or its segment enters the cube."""
    pos = rng.uniform(-2.25 * half_size, 2.25 * half_size, 3)
    quat = random_quat(rng)
    rot = np.zeros(9)
    mujoco.mju_quat2Mat(rot, quat)
    axis = rot.reshape(3, 3)[:, 2]
    a, b = pos - half_length * axis, pos + half_length * axis
    t = np.linspace(0, 1, 2001)[:, None]
    if np.any(np.all(np.abs(a + t * (b - a)) <= half_size, axis=1)):
        return None
    return (pos, quat, np.zeros(3), IDENTITY), a, b


def first_point_feature(ref, a, b, radius, half_size):
    if ref.ncon == 0:
        return None
    con = ref.contact[0]
    normal = con.frame[:3]
    center = con.pos - normal * (radius + con.dist / 2)  # the segment point (sphere-box rule)
    t = np.dot(center - a, b - a) / np.dot(b - a, b - a)
    outside = int(np.sum(np.abs(center) > half_size + 1e-9))
    at_end = t < 1e-9 or t > 1 - 1e-9
    return {2: "edge", 3: "corner"}.get(outside), "end" if at_end else "inside"


# the fraction of poses of each kind allowed to differ. Measured on 30000 random poses (capsule
# .03 x .04, cube .04): edge, t* inside 0 of 6816 differ; corner, t* inside 35 of 1697; edge,
# t* an end 295 of 3931; corner, t* an end 116 of 586 (docs/REFERENCE-BEHAVIOURS.md). Here
# (seed 11): 0 of 150, 1 of 46, 3 of 86, 0 of 16, and with the thin capsule none of 171.
SEGMENT_MISSING_ALLOWED = {("edge", "inside"): 0, ("corner", "inside"): 0.05,
                           ("edge", "end"): 0.12, ("corner", "end"): 0.3}


@pytest.mark.parametrize("radius,half_length", [(0.03, 0.04), (0.01, 0.06)])
def test_capsule_box_second_contacts_over_edges_and_corners(radius, half_length):
    """A capsule segment missing a cube, its nearest point over an edge or a corner: the second
    contact (a repeat of the first, another segment point, or none) as the reference's."""
    half_size = 0.04
    scene = Scene(two_bodies("capsule", f"{radius} {half_length}", "box",
                             f"{half_size} {half_size} {half_size}"))
    rng = np.random.default_rng(11)
    seen = {kind: 0 for kind in SEGMENT_MISSING_ALLOWED}
    differ = dict(seen)
    while seen[("edge", "inside")] < 150:
        drawn = segment_missing_cube(rng, radius, half_length, half_size)
        if drawn is None:
            continue
        pose, a, b = drawn
        ours, ref = scene.pose(*pose)
        kind = first_point_feature(ref, a, b, radius, half_size)
        if kind not in seen:
            continue
        seen[kind] += 1
        differ[kind] += bool(compare_contacts(ours, ref, frame_tol=FRAME_TOL))
    for kind, allowed in SEGMENT_MISSING_ALLOWED.items():
        assert differ[kind] <= allowed * seen[kind], f"{kind}: {differ[kind]} of {seen[kind]} differ"


# ---- box-box -------------------------------------------------------------------------------

CUBE = "0.5 0.5 0.5"


def edge_on_edge_pose(overlap):
    quat1 = axis_angle([0, 1, 0], math.pi / 4)
    quat2 = quat_product(axis_angle([0, 0, 1], math.pi / 4), axis_angle([1, 0, 0], math.pi / 4))
    return (0, 0, 0), quat1, (0, 0, math.sqrt(2) - overlap), quat2


def vertex_on_face_pose(overlap):
    quat2 = axis_angle([1, -1, 0], math.atan(math.sqrt(2)))
    return (0, 0, 0), IDENTITY, (0, 0, 0.5 + 0.5 * math.sqrt(3) - overlap), quat2


BOX_BOX_POSES = {
    "stacked": ((0, 0, 0), IDENTITY, (0, 0, 0.95), IDENTITY),
    "stacked, shifted": ((0, 0, 0), IDENTITY, (0.3, 0.2, 0.95), IDENTITY),
    "stacked, yawed": ((0, 0, 0), IDENTITY, (0, 0, 0.95), axis_angle([0, 0, 1], 0.3)),
    "stacked, apart within margin": ((0, 0, 0), IDENTITY, (0.2, 0.1, 1.05), IDENTITY),
    "stacked, tilted": ((0, 0, 0), IDENTITY, (0.1, 0.05, 0.95), axis_angle([1, 0, 0], 0.1)),
    "tilted and yawed": ((0, 0, 0), IDENTITY, (0.1, 0.05, 0.98),
                         quat_product(axis_angle([1, 0, 0], 0.1), axis_angle([0, 0, 1], 0.3))),
    "touching": ((0, 0, 0), IDENTITY, (0.2, 0.1, 1.0), IDENTITY),
    "separated beyond margin": ((0, 0, 0), IDENTITY, (0, 0, 1.3), IDENTITY),
    "side by side": ((0, 0, 0), IDENTITY, (0.97, 0.3, 0.1), axis_angle([0, 0, 1], 0.05)),
    "edge on edge": edge_on_edge_pose(0.05),
    "vertex on face": vertex_on_face_pose(0.05),
}


@pytest.mark.parametrize("name", BOX_BOX_POSES)
def test_box_box_chosen_poses(name):
    scene = Scene(two_bodies("box", CUBE, "box", CUBE))
    assert_all_match(scene, [BOX_BOX_POSES[name]])


@pytest.mark.parametrize("name", ["stacked", "stacked, shifted", "stacked, apart within margin",
                                  "stacked, tilted", "touching", "separated beyond margin",
                                  "edge on edge", "vertex on face"])
def test_box_box_chosen_poses_with_margin(name):
    """With margin > 0 the reference sometimes adds one more point of the incident face outside
    the reference rectangle ("stacked, yawed", "side by side": a known gap); these match."""
    scene = Scene(two_bodies("box", CUBE, "box", CUBE, margin=0.1))
    assert_all_match(scene, [BOX_BOX_POSES[name]])


@pytest.mark.parametrize("size1,size2,margin,tilt,depth", [
    ((0.5, 0.4, 0.3), (0.3, 0.35, 0.25), 0.0, 0.15, 0.03),
    ((0.5, 0.4, 0.3), (0.3, 0.35, 0.25), 0.05, 0.15, 0.05),
    ((0.2, 0.2, 0.2), (0.5, 0.5, 0.5), 0.0, 0.01, 0.03),
])
def test_box_resting_on_box_random(size1, size2, margin, tilt, depth):
    """Boxes resting on boxes (random yaw, small tilt, shallow overlap or gap): exact."""
    scene = Scene(two_bodies("box", " ".join(map(str, size1)), "box", " ".join(map(str, size2)),
                             margin=margin))
    rng = np.random.default_rng(7)
    assert_all_match(scene, [resting_pose(rng, size1, size2, tilt, depth) for _ in range(60)])


@pytest.mark.parametrize("tilt", [10, 25, 29, 31, 40, 55])
@pytest.mark.parametrize("depth", [0.1, 0.3])
def test_box_incident_edge_by_tilt(tilt, depth):
    """A small cube tilted about one of its axes, deep in a big box's face: the reference clips
    the incident face while the tilt is under 30 degrees (up to 4 points), else only the cube's
    deepest edge (2 points)."""
    scene = Scene(two_bodies("box", "1 1 0.5", "box", "0.2 0.2 0.2"))
    angle = math.radians(tilt)
    lowest = 0.2 * (math.cos(angle) + math.sin(angle))
    pose = ((0, 0, 0), IDENTITY, (0.1, 0.05, 0.5 + lowest - depth), axis_angle([1, 0, 0], angle))
    assert_all_match(scene, [pose])
    ours, _ = scene.pose(*pose)
    if tilt > 30:
        assert ours.ncon == 2


def test_box_incident_corner_deep():
    """A cube standing on a corner (no axis within 30 degrees of the face), deep in a big box:
    the deepest corner alone."""
    scene = Scene(two_bodies("box", "1 1 0.5", "box", "0.2 0.2 0.2"))
    quat = quat_product(axis_angle([0, 0, 1], 0.3), axis_angle([1, -1, 0], math.atan(math.sqrt(2))))
    poses = [((0, 0, 0), IDENTITY, (0.1, -0.2, 0.5 + 0.2 * math.sqrt(3) - depth), quat)
             for depth in (0.05, 0.15, 0.3)]
    assert_all_match(scene, poses)


def test_equal_boxes_stacked_random():
    """Equal cubes nearly aligned: measured 0 of these 30 touching poses differ (2 of 131 with
    300 poses, polygon corners that coincide within ~1e-4 with another); bounded here."""
    scene = Scene(two_bodies("box", CUBE, "box", CUBE))
    rng = np.random.default_rng(2)
    poses = [resting_pose(rng, (0.5, 0.5, 0.5), (0.5, 0.5, 0.5), 0.01, 0.03) for _ in range(60)]
    differ, touching = count_mismatches(scene, poses)
    assert touching >= 20 and differ <= 2, f"{differ} of {touching} poses differ"


def test_boxes_exactly_flat_with_margin():
    """Exactly parallel faces (pure yaw) with margin: the reference adds the incident face's
    (-,-) corner and breaks the tie of the two face axes by the last bits of its separations
    (both reproduced: the face separations are rounded as the reference rounds them). Still
    differing, measured 4 of these 60 (39 of 300 with another seed): boxes apart within the
    margin where we keep one more rectangle corner, and a parallel-face corner the reference
    does not add; bounded."""
    scene = Scene(two_bodies("box", CUBE, "box", CUBE, margin=0.1))
    rng = np.random.default_rng(4)
    poses = [resting_pose(rng, (0.5, 0.5, 0.5), (0.5, 0.5, 0.5), 0.0, 0.03) for _ in range(60)]
    differ, touching = count_mismatches(scene, poses)
    assert touching >= 40 and differ <= 4, f"{differ} of {touching} poses differ"


def test_box_box_random_poses():
    """Random, often deep, interpenetration: incident feature, surviving clip points (1% rule,
    docs/REFERENCE-BEHAVIOURS.md) and edge-axis sets all match in these 60 touching poses
    (box_probe: 7 of 1224 differ over 3000 poses, all deep edge axes)."""
    scene = Scene(two_bodies("box", "0.5 0.4 0.3", "box", "0.3 0.35 0.25"))
    rng = np.random.default_rng(0)
    differ, touching = count_mismatches(scene, random_poses(rng, 150, 0.8))
    assert touching >= 40 and differ == 0, f"{differ} of {touching} poses differ"


def test_exactly_touching_faces_give_zero_dist():
    """The reference rounds face heights so that exactly touching faces give dist 0 (a tilt of
    1e-33 must not turn it into -1e-35, which would add constraint rows): the three-box stack
    after one step, whose middle box is tilted by 6e-34."""
    scene = Scene(two_bodies("box", "0.1 0.1 0.1", "box", "0.1 0.1 0.1"))
    tilt = (1.0, 3.2071880640202973e-34, 0.0, 0.0)
    pose = ((-6.2773186472589639e-35, -1.0968380138406257e-35, 0.29996076), tilt,
            (0.0, 0.0, 0.49996076), IDENTITY)
    ours, ref = scene.pose(*pose)
    assert not compare_contacts(ours, ref, frame_tol=FRAME_TOL)
    assert ref.ncon == 2 and all(ours.contact[i].dist == 0 for i in range(ours.ncon))


# ---- degenerate inputs ---------------------------------------------------------------------

# (geom types, sizes; sizes written into the compiled model, the compiler refusing zeros)
DEGENERATE_MODELS = [
    ("sphere", "box", (0.1, 0, 0), (0, 0, 0)),
    ("capsule", "box", (0.1, 0.2, 0), (0, 0, 0)),
    ("capsule", "box", (0, 0, 0), (0.2, 0.3, 0.4)),
    ("box", "box", (0, 0, 0), (0.2, 0.2, 0.2)),
    ("box", "box", (0.2, 0, 0.2), (0.2, 0.2, 0)),
    ("box", "box", (0.2, 0.3, 0.4), (0.2, 0.3, 0.4)),
]


@pytest.mark.parametrize("type1,type2,size1,size2", DEGENERATE_MODELS)
def test_degenerate_inputs_never_crash_nor_nan(type1, type2, size1, size2):
    import mjsim

    m = mjsim.MjModel.from_xml_string(two_bodies(type1, "0.1 0.1 0.1", type2, "0.1 0.1 0.1"))
    m.geom_size[0] = size1
    m.geom_size[1] = size2
    m.geom_rbound[:] = 1.0  # keep the pair past the bounding-sphere test
    d = mjsim.MjData(m)
    rng = np.random.default_rng(5)
    poses = [((0, 0, 0), IDENTITY, (0, 0, 0), IDENTITY),                     # coincident
             ((0, 0, 0), IDENTITY, (0, 0, 0), axis_angle([1, 1, 0], 0.7)),
             ((np.nan, 0, 0), IDENTITY, (0, 0, 0), IDENTITY),                # NaN position
             ((0, 0, 0), (np.nan,) * 4, (0, 0, 0), IDENTITY),                # NaN rotation
             ((0, 0, 0), IDENTITY, (np.inf, 0, 0), IDENTITY)]
    poses += list(random_poses(rng, 20, 0.2))
    found = 0
    for pose in poses:
        d.qpos[:] = np.r_[pose[0], pose[1], pose[2], pose[3]]
        mjsim.mj_forward(m, d)
        found += d.ncon
        for i in range(d.ncon):
            contact = d.contact[i]
            values = np.r_[contact.dist, contact.pos, contact.frame]
            assert np.all(np.isfinite(values)), f"pose {pose}: contact {i} {values}"
    assert found > 0  # the colliders ran (coincident geoms touch)


# ---- box-box contact order -----------------------------------------------------------------
# PGS sweeps the constraint rows in contact order, so the order within a box pair matters
# (docs/REFERENCE-BEHAVIOURS.md, "Box-box contact order"). These compare ordered lists; the
# bounds are the measured mismatches (before the order was reproduced: parallel 33 of 33,
# grid 49 of 49, random 37 of 60).
ORDER_PARALLEL_ALLOWED = 0  # of 33 (was 2 while geom_xmat differed in its last bits)
ORDER_GRID_ALLOWED = 1      # of 49: exactly coinciding edges (half-open rules not all found)
ORDER_RANDOM_ALLOWED = 2    # of 60: edge axes (1 before geom_xmat became bit-exact: the
#                             edge-axis tie follows the last bits)

FACE_TURNS = [axis_angle([1, 0, 0], 0.0), axis_angle([1, 0, 0], math.pi),
              axis_angle([0, 1, 0], math.pi / 2), axis_angle([0, 1, 0], -math.pi / 2),
              axis_angle([1, 0, 0], math.pi / 2), axis_angle([1, 0, 0], -math.pi / 2)]


def resting_on_face(rng, size1, size2, tilt, depth, turn, lower_first=True):
    """resting_pose turned by `turn` (one of FACE_TURNS: each face of the lower box, and so
    each reference-face axis and sign), the lower box as geom 1 or geom 2."""
    _, _, pos2, quat2 = resting_pose(rng, size1, size2, tilt, depth)
    rot = np.zeros(9)
    mujoco.mju_quat2Mat(rot, np.asarray(turn, float))
    pos2 = rot.reshape(3, 3) @ pos2
    quat1, quat2 = np.asarray(turn, float), quat_product(turn, quat2)
    if lower_first:
        return np.zeros(3), quat1, pos2, quat2
    return pos2, quat2, np.zeros(3), quat1


def resting_poses_all_faces(rng, size1, size2, tilt, count):
    poses = []
    for index in range(count):
        turn = FACE_TURNS[index % 6]
        if index % 2:
            poses.append(resting_on_face(rng, size1, size2, tilt, 0.03, turn))
        else:
            poses.append(resting_on_face(rng, size2, size1, tilt, 0.03, turn, lower_first=False))
    return poses


@pytest.mark.parametrize("size1,size2,allowed", [((0.5, 0.4, 0.3), (0.3, 0.35, 0.25), 4),
                                                 ((0.15, 0.15, 0.3), (0.5, 0.1, 0.2), 2)])
def test_box_box_order_resting_random(size1, size2, allowed):
    """Tilted boxes resting on every face of another (reference face on geom 1 and on geom 2,
    each axis and sign): crossings, rectangle corners, incident corners in the reference's
    order. Measured: every face-axis pose matches; the 4 and 2 left (of 31 and 27 touching;
    before the order was reproduced 14 and 15) are edge axes (see the random test)."""
    scene = Scene(two_bodies("box", " ".join(map(str, size1)), "box", " ".join(map(str, size2))))
    rng = np.random.default_rng(8)
    differ, touching = count_order_mismatches(
        scene, resting_poses_all_faces(rng, size1, size2, 0.3, 72))
    assert touching >= 25 and differ <= allowed, f"{differ} of {touching} differ"


def test_box_box_order_exactly_parallel_faces():
    """Pure yaw on every face (the incident corners tie in height: the reference numbers them
    from the (-,-) corner, and picks A's or B's face by the last bits of its separations)."""
    scene = Scene(two_bodies("box", "0.5 0.4 0.3", "box", "0.3 0.35 0.25"))
    rng = np.random.default_rng(9)
    poses = resting_poses_all_faces(rng, (0.5, 0.4, 0.3), (0.3, 0.35, 0.25), 0.0, 60)
    differ, touching = count_order_mismatches(scene, poses)
    assert touching >= 30 and differ <= ORDER_PARALLEL_ALLOWED, f"{differ} of {touching} differ"


def test_box_box_order_aligned_grid():
    """Aligned boxes shifted on a grid, so that edges and corners lie exactly on the other
    face's border (the reference's half-open rules decide which copy of a point is listed)."""
    scene = Scene(two_bodies("box", "0.5 0.4 0.3", "box", "0.3 0.35 0.25"))
    poses = [((0, 0, 0), IDENTITY, (dx, dy, 0.53), IDENTITY)
             for dx in np.linspace(-0.6, 0.6, 7) for dy in np.linspace(-0.6, 0.6, 7)]
    differ, touching = count_order_mismatches(scene, poses)
    assert touching >= 40 and differ <= ORDER_GRID_ALLOWED, f"{differ} of {touching} differ"


def test_box_box_order_random_poses():
    """Random deep poses: face axes in the reference's order; edge axes number the incident
    corners from the deepest along the contact normal, where the edge direction's tie is
    broken by the last bits of the reference's arithmetic (not reproduced)."""
    scene = Scene(two_bodies("box", "0.5 0.4 0.3", "box", "0.3 0.35 0.25"))
    rng = np.random.default_rng(0)
    differ, touching = count_order_mismatches(scene, random_poses(rng, 150, 0.8))
    assert touching >= 40 and differ <= ORDER_RANDOM_ALLOWED, f"{differ} of {touching} differ"
