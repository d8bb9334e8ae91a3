"""Sphere, capsule and cylinder colliders (engine/collision/collide_sphere_capsule.cc) against
the reference: sphere-sphere, sphere-capsule, capsule-capsule and sphere-cylinder, as an
explicit <pair> (so that the broadphase does not decide near-touching cases) in both geom
orders, at designed poses and at 50 seeded random poses per pair, with margin 0 and 0.05.

Designed poses: side by side, end to end, crossed, T-shaped; parallel capsules overlapping,
offset, disjoint and anti-parallel (two contacts), nearly parallel on both sides of the
reference's parallel test; coincident centres; sphere centres in every region of a cylinder
(side, cap, rim, inside nearer the side or a cap, on the axis, exactly on the surface); all
of it also turned as a whole by a fixed rotation. Distances from deep penetration through
touching to beyond the margin.

Contact sets are compared with tests/contacts.py: count per pair, dist, pos and the whole frame
to 1e-9; a contact within 1e-12 of the margin may be kept by one engine only. Nearly parallel
capsule axes (ill-conditioned nearest points) are compared on the reference's own geom poses
to 1e-9, and through our kinematics to 1e-16 / angle^2.

Degenerate inputs: capsule half-lengths and sphere radii zeroed at run time (compared with the
reference, except where the reference returns NaN contacts: a capsule of zero length against
a capsule, in its parallel branch), and NaN or infinite qpos, which must not crash nor give a
non-finite contact.
"""

import numpy as np
import pytest

pytest.importorskip("mujoco")

from collider_poses import (  # noqa: E402
    assert_finite_contacts, assert_same_contacts, collide, finite_contacts, quat, random_quat)
from support import load_pair  # noqa: E402

SHAPES = {
    "sphere": 'type="sphere" size=".1"',
    "capsule": 'type="capsule" size=".1 .3"',
    "capsule2": 'type="capsule" size=".15 .2"',
    "cylinder": 'type="cylinder" size=".2 .3"',
}
PAIRS = [("sphere", "sphere"), ("sphere", "capsule"), ("capsule", "capsule2"),
         ("capsule", "capsule"), ("sphere", "cylinder")]


def pair_of(shape1, shape2, margin, swap=False):
    """Bodies 1 and 2 hold shape1 and shape2; the explicit pair lists them in the given order
    or swapped."""
    first, second = ("b", "a") if swap else ("a", "b")
    xml = f"""<mujoco><option gravity="0 0 0"/><worldbody>
      <body><freejoint/><geom name="a" {SHAPES[shape1]} contype="0" conaffinity="0"/></body>
      <body><freejoint/><geom name="b" {SHAPES[shape2]} contype="0" conaffinity="0"/></body>
      </worldbody><contact><pair geom1="{first}" geom2="{second}" margin="{margin}"/>
      </contact></mujoco>"""
    return load_pair(xml, seed=None)


UPRIGHT = np.array([1.0, 0, 0, 0])
LYING_X = quat([1, 0, 0], np.pi / 2)
LYING_Y = quat([0, 1, 0], np.pi / 2)
FLIPPED = np.array([0.0, 1, 0, 0])
# offsets of body 2 from body 1 (body 1 upright at the origin), and body 2's orientation
DESIGNED = {
    ("sphere", "sphere"): [
        *[([x, 0, 0], UPRIGHT) for x in (0.0, 1e-12, 0.1, 0.25, 0.3, 0.32, 0.36, 0.5)],
        ([0.1, 0.2, -0.15], UPRIGHT)],
    ("sphere", "capsule"): [
        *[([x, 0, 0.1], UPRIGHT) for x in (0.0, 0.05, 0.15, 0.2, 0.22, 0.26, 0.4)],
        *[([0, 0, z], UPRIGHT) for z in (0.0, 0.3, 0.45, 0.5, 0.52, 0.6)],
        ([0.1, 0.1, 0.4], UPRIGHT), ([0.1, 0.05, 0.2], LYING_X), ([0.0, 0.0, 0.0], FLIPPED)],
    ("capsule", "capsule2"): [
        *[([0.2, 0, z], q) for z in (0.0, 0.2, 0.45, 0.55, 0.7, 1.2) for q in (UPRIGHT, FLIPPED)],
        *[([x, 0, 0], LYING_X) for x in (0.0, 0.1, 0.25, 0.27, 0.3, 0.5)],
        *[([0.2, 0, 0], quat([1, 0, 0], a)) for a in (1e-3, 1e-9, np.pi - 1e-9)],
        ([0, 0, 0.6], LYING_Y), ([0, 0, 0.62], LYING_Y), ([0, 0, 0.75], UPRIGHT),
        ([0, 0, 0], UPRIGHT), ([0.1, 0.2, 0.05], quat([1, 1, 0], 0.8))],
    ("capsule", "capsule"): [
        *[([0.2, 0, z], UPRIGHT) for z in (0.0, 0.3, 0.6, 0.7)],
        ([0, 0, 0], UPRIGHT), ([0, 0, 0], LYING_X), ([0.15, 0, 0], quat([0, 1, 0], 1e-7))],
    ("sphere", "cylinder"): [
        *[([x, 0, z], UPRIGHT)
          for x in (0.0, 0.1, 0.15, 0.2, 0.25, 0.3, 0.32, 0.35)
          for z in (0.0, 0.1, 0.2, 0.28, 0.3, 0.35, 0.4, 0.45)],
        ([0.05, 0.12, -0.33], UPRIGHT), ([0.2, 0.2, 0.2], LYING_Y),
        ([0.0, 0.0, 0.0], quat([1, 2, 3], 1.0)), ([0.0, 0.0, 0.05], quat([0, 1, 0], 0.3))],
}
TURN = quat([0.3, -1, 0.5], 1.1)  # the whole scene turned: general world orientations


def rotate(q, v):
    w, x, y, z = q
    R = np.array([[w*w + x*x - y*y - z*z, 2*(x*y - w*z), 2*(x*z + w*y)],
                  [2*(x*y + w*z), w*w - x*x + y*y - z*z, 2*(y*z - w*x)],
                  [2*(x*z - w*y), 2*(y*z + w*x), w*w - x*x - y*y + z*z]])
    return R @ v


def compose(q1, q2):
    w1, x1, y1, z1 = q1
    w2, x2, y2, z2 = q2
    return np.array([w1*w2 - x1*x2 - y1*y2 - z1*z2, w1*x2 + x1*w2 + y1*z2 - z1*y2,
                     w1*y2 - x1*z2 + y1*w2 + z1*x2, w1*z2 + x1*y2 - y1*x2 + z1*w2])


def designed_poses(shapes):
    origin = np.array([0.3, -0.2, 0.1])
    for offset, q2 in DESIGNED[shapes]:
        yield f"offset {offset} quat {np.round(q2, 3)}", np.r_[origin, UPRIGHT, origin + offset, q2]
        turned = compose(TURN, q2)
        yield (f"turned, offset {offset} quat {np.round(q2, 3)}",
               np.r_[origin, TURN, origin + rotate(TURN, np.asarray(offset, float)), turned])


def random_poses(seed, parallel_every=4):
    rng = np.random.default_rng(seed)
    for k in range(50):
        q1, q2 = random_quat(rng), random_quat(rng)
        if k % parallel_every == 0:
            q2 = q1.copy()
        p1 = rng.uniform(-0.5, 0.5, 3)
        yield f"random {k}", np.r_[p1, q1, p1 + rng.uniform(-0.5, 0.5, 3), q2]


@pytest.mark.parametrize("swap", [False, True])
@pytest.mark.parametrize("margin", [0, 0.05])
@pytest.mark.parametrize("shapes", PAIRS, ids=lambda s: "-".join(s))
def test_contacts_match_reference(shapes, margin, swap):
    pair = pair_of(*shapes, margin, swap)
    seed = PAIRS.index(shapes) + 10 * int(margin > 0)
    total = 0
    for label, qpos in [*designed_poses(shapes), *random_poses(seed)]:
        collide(pair, qpos)
        assert_same_contacts(pair, f"{'-'.join(shapes)} margin {margin} swap {swap}, {label}",
                             margin=margin)
        total += pair.ref_d.ncon
    assert total > 0


NEARLY_PARALLEL = [1e-6, 3e-6, 1e-5, 1e-4]  # radians: above the reference's parallel test


@pytest.mark.parametrize("angle", NEARLY_PARALLEL)
def test_nearly_parallel_capsules(angle):
    """Nearest points of nearly parallel axes are ill-conditioned (error ~ 1e-16 / angle^2):
    on the reference's own geom poses the contacts agree to 1e-9; through our kinematics, whose
    geom_xmat may differ in the last bit, to 1e-16 / angle^2."""
    pair = pair_of("capsule", "capsule2", 0.05)
    origin = np.array([0.3, -0.2, 0.1])
    for offset in ([0.2, 0, 0], [0.2, 0, 0.1], [0.25, 0.03, -0.05], [0.2, 0.01, 0.45]):
        for q1 in (UPRIGHT, TURN):
            q2 = compose(q1, quat([1, 0.3, 0], angle))
            qpos = np.r_[origin, q1, origin + rotate(q1, np.asarray(offset, float)), q2]
            label = f"angle {angle}, offset {offset}, quat {np.round(q1, 3)}"
            collide(pair, qpos, reference_poses=True)
            assert_same_contacts(pair, label + ", same poses")
            collide(pair, qpos)
            assert_same_contacts(pair, label, tol=max(1e-9, 1e-16 / angle**2))


def test_parallel_capsules_give_two_contacts():
    pair = pair_of("capsule", "capsule2", 0)
    origin = np.array([0.0, 0, 0])
    for z in (0.0, 0.2, 0.45):
        collide(pair, np.r_[origin, UPRIGHT, 0.2, 0, z, UPRIGHT])
        assert pair.ref_d.ncon == 2 and pair.d.ncon == 2
    collide(pair, np.r_[origin, UPRIGHT, 0.2, 0, 0, quat([1, 0, 0], 1e-3)])
    assert pair.ref_d.ncon == 1 and pair.d.ncon == 1


# sizes zeroed at run time (the compiler refuses them)
ZERO_SIZES = [
    (("sphere", "capsule"), {1: [0.1, 0, 0]}),
    (("sphere", "capsule"), {0: [0, 0, 0]}),
    (("capsule", "capsule2"), {0: [0.1, 0, 0]}),
    (("capsule", "capsule2"), {1: [0.15, 0, 0]}),
    (("sphere", "cylinder"), {1: [0.2, 0, 0]}),
    (("sphere", "cylinder"), {1: [0, 0.3, 0]}),
]


@pytest.mark.parametrize("shapes,sizes", ZERO_SIZES, ids=lambda v: str(v))
def test_zero_sizes(shapes, sizes):
    pair = pair_of(*shapes, 0.05)
    for label, qpos in random_poses(3, parallel_every=2):
        collide(pair, qpos, sizes=sizes)
        assert_finite_contacts(pair.d)
        if finite_contacts(pair.ref_d):  # else the reference's 0/0 (one zero-length capsule)
            assert_same_contacts(pair, f"{shapes} sizes {sizes}, {label}", margin=0.05)


def test_two_zero_length_capsules_give_finite_contacts():
    """The reference returns NaN contacts here (0/0 in its parallel branch); ours stay finite:
    two spheres."""
    pair = pair_of("capsule", "capsule2", 0.05)
    for label, qpos in random_poses(4):
        collide(pair, qpos, sizes={0: [0.1, 0, 0], 1: [0.15, 0, 0]})
        assert_finite_contacts(pair.d)
        distance = np.linalg.norm(qpos[7:10] - qpos[0:3])
        assert pair.d.ncon == (2 if distance - 0.25 <= 0.05 else 0), label


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
@pytest.mark.parametrize("shapes", PAIRS, ids=lambda s: "-".join(s))
def test_bad_qpos_gives_no_bad_contact(shapes, bad):
    pair = pair_of(*shapes, 0.05)
    for index in range(14):
        qpos = np.r_[0, 0, 0, UPRIGHT, 0.1, 0.05, 0.1, quat([1, 1, 0], 0.3)]
        qpos[index] = bad
        collide(pair, qpos)
        assert_finite_contacts(pair.d)


def test_scene_contacts_and_their_order():
    """Six free spheres and capsules (some with margins) between a floor and a tilted ceiling
    plane, dynamic pairs through the broadphase: every contact matches, in the reference's
    order (the driver's order, and the colliders' order within a pair)."""
    bodies = "".join(
        f'<body><freejoint/><geom type="{kind}" size="{size}" margin="{margin}"/></body>'
        for kind, size, margin in [("sphere", ".1", 0), ("capsule", ".08 .2", 0.02),
                                   ("sphere", ".15", 0.01), ("capsule", ".1 .1", 0),
                                   ("sphere", ".05", 0), ("capsule", ".05 .3", 0)])
    xml = f"""<mujoco><worldbody><geom type="plane" size="5 5 .1"/>
      <geom type="plane" size="1 1 .1" pos="0 0 0.5" euler="0 170 0"/>{bodies}
      </worldbody></mujoco>"""
    pair = load_pair(xml, seed=None)
    rng = np.random.default_rng(0)
    total = 0
    for k in range(100):
        qpos = np.concatenate([np.r_[rng.uniform([-0.25, -0.25, -0.05], [0.25, 0.25, 0.45]),
                                     random_quat(rng)] for _ in range(6)])
        collide(pair, qpos)
        assert_same_contacts(pair, f"scene {k}")
        for i in range(pair.ref_d.ncon):
            ours, ref = pair.d.contact[i], pair.ref_d.contact[i]
            assert tuple(ours.geom) == tuple(ref.geom), f"scene {k}, contact {i}"
            assert np.allclose(ours.pos, ref.pos, atol=1e-9), f"scene {k}, contact {i}"
        total += pair.ref_d.ncon
    assert total > 100
