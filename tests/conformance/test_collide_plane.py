"""Plane colliders (engine/collision/collide_plane.cc) against the reference: a plane and one
free body holding a sphere, capsule, cylinder, box, ellipsoid or mesh, at designed poses
(upright, lying, upside down, on an edge and a corner, tilted by 1e-9 and by 0.3, at heights
from deep penetration through touching to beyond the margin) and at 50 seeded random poses,
with margin 0 and 0.05 (contacts with 0 <= dist < margin are reported), on a level and on a
tilted, shifted plane.

Contact sets are compared with tests/contacts.py: same count per geom pair, dist, pos and the
whole frame (the capsule's first tangent is its axis projected on the plane) to 1e-9. Mesh
contacts get 1e-8: the compiler's mesh_vert and mesh frame differ from the reference's by
float rounding. The mesh cases also check that the compiled convex hull graph (whose
neighbour order decides the second and third contact) is the reference's.

Degenerate inputs: sizes set to zero at run time (compared with the reference), and NaN or
infinite qpos, which must not crash nor give a non-finite contact.
"""

import numpy as np
import pytest

pytest.importorskip("mujoco")

from collider_poses import (  # noqa: E402
    MESH_VERTICES, assert_finite_contacts, assert_same_contacts, collide, plane_model, quat,
    random_quat)
from support import load_pair  # noqa: E402

SHAPES = {
    "sphere": 'type="sphere" size=".1"',
    "capsule": 'type="capsule" size=".1 .3"',
    "cylinder": 'type="cylinder" size=".1 .3"',
    "box": 'type="box" size=".1 .2 .3"',
    "ellipsoid": 'type="ellipsoid" size=".1 .2 .3"',
    **{f"mesh-{name}": f'type="mesh" mesh="{name}"' for name in MESH_VERTICES},
}
TOLERANCE = {"mesh": 1e-8}
PLANES = {"level": "", "tilted": 'pos="0.1 -0.2 0.05" euler="20 -10 30"'}

CORNER_DOWN = quat([1, -1, 0], np.arctan(np.sqrt(2)))
ORIENTATIONS = {
    "upright": [1, 0, 0, 0],
    "upside-down": [0, 1, 0, 0],
    "lying-x": quat([1, 0, 0], np.pi / 2),
    "lying-y": quat([0, 1, 0], np.pi / 2),
    "edge": quat([1, 0, 0], np.pi / 4),
    "corner": CORNER_DOWN,
    "tilt-1e-9": quat([1, 0, 0], 1e-9),
    "tilt-0.3": quat([1, 1, 0], 0.3),
}
# body heights: deep, shallow and grazing penetration, touching (0.1, 0.2, 0.3 are extents
# of the shapes), inside a 0.05 margin, beyond it
HEIGHTS = [-0.1, 0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.29, 0.3, 0.31, 0.34, 0.45, 1.0]
N_RANDOM = 50


def shape_pair(shape, margin, plane="level"):
    geom = f'<geom name="shape" {SHAPES[shape]} margin="{margin}"/>'
    return load_pair(plane_model(geom, PLANES[plane]), seed=None)


def tolerance(shape):
    return TOLERANCE.get(shape.split("-")[0], 1e-9)


def designed_poses():
    for name, q in ORIENTATIONS.items():
        for z in HEIGHTS:
            yield f"{name} z={z}", np.r_[0.3, -0.2, z, q]


def random_poses(seed):
    rng = np.random.default_rng(seed)
    for k in range(N_RANDOM):
        yield f"random {k}", np.r_[rng.uniform(-1, 1, 2), rng.uniform(-0.3, 0.5), random_quat(rng)]


@pytest.mark.parametrize("plane", PLANES)
@pytest.mark.parametrize("margin", [0, 0.05])
@pytest.mark.parametrize("shape", SHAPES)
def test_plane_contacts_match_reference(shape, margin, plane):
    pair = shape_pair(shape, margin, plane)
    seed = sorted(SHAPES).index(shape) + 100 * int(margin > 0)
    total = 0
    for label, qpos in [*designed_poses(), *random_poses(seed)]:
        collide(pair, qpos)
        assert_same_contacts(pair, f"{shape} margin {margin} {plane} plane, {label}",
                             tolerance(shape))
        total += pair.ref_d.ncon
    assert total > 0


# the reference's contact counts at rest on the plane, upright, penetrating 0.01
RESTING_COUNTS = {"sphere": 1, "capsule": 1, "cylinder": 3, "box": 4, "ellipsoid": 1,
                  "mesh-cube": 3, "mesh-prism12": 3}


@pytest.mark.parametrize("shape", RESTING_COUNTS)
def test_resting_contact_counts(shape):
    pair = shape_pair(shape, 0)
    extent = {"sphere": 0.1}.get(shape, 0.3 if shape in ("capsule", "box", "cylinder") else None)
    if extent is None:  # ellipsoid and meshes: their lowest point from the reference
        collide(pair, np.r_[0, 0, 0, 1, 0, 0, 0])
        extent = -min(pair.ref_d.contact[i].dist for i in range(pair.ref_d.ncon))
    collide(pair, np.r_[0, 0, extent - 0.01, 1, 0, 0, 0])
    assert pair.ref_d.ncon == RESTING_COUNTS[shape]
    assert_same_contacts(pair, f"{shape} resting", tolerance(shape))


@pytest.mark.parametrize("mesh", MESH_VERTICES)
def test_hull_graph_matches_reference(mesh):
    pair = shape_pair(f"mesh-{mesh}", 0)
    assert np.array_equal(np.asarray(pair.m.mesh_graph), np.asarray(pair.ref_m.mesh_graph))


# sizes zeroed at run time (the compiler refuses them): the reference's behaviour, or at least
# finite contacts
ZERO_SIZES = {
    "sphere": [[0, 0, 0]],
    "capsule": [[0.1, 0, 0], [0, 0.3, 0], [0, 0, 0]],
    "cylinder": [[0.1, 0, 0], [0, 0.3, 0], [0, 0, 0]],
    "box": [[0, 0.2, 0.3], [0.1, 0, 0], [0, 0, 0]],
    "ellipsoid": [[0.1, 0, 0.3], [0, 0, 0.3], [0, 0, 0]],
}


@pytest.mark.parametrize("shape", ZERO_SIZES)
def test_zero_sizes(shape):
    pair = shape_pair(shape, 0.05)
    rng = np.random.default_rng(7)
    for size in ZERO_SIZES[shape]:
        for k in range(10):
            qpos = np.r_[0, 0, rng.uniform(-0.2, 0.1), random_quat(rng)]
            collide(pair, qpos, sizes={1: size})
            assert_finite_contacts(pair.d)
            assert_same_contacts(pair, f"{shape} size {size}, pose {k}")


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
@pytest.mark.parametrize("shape", SHAPES)
def test_bad_qpos_gives_no_bad_contact(shape, bad):
    pair = shape_pair(shape, 0.05)
    for index in range(7):
        qpos = np.r_[0, 0, 0.1, quat([1, 1, 0], 0.3)]
        qpos[index] = bad
        collide(pair, qpos)
        assert_finite_contacts(pair.d)
