"""mjENBL_MULTICCD for polytope pairs (cpp/src/engine/collision/multiccd_polygon.cc, called by
collide_convex.cc) against the reference: box-mesh and mesh-mesh pairs touching face on face,
face on edge, edge on face, tilted within and beyond the flatness angle, and the cases that keep
one contact (edge on edge, vertex on face).

Not covered: polygons of more than four points (the reference keeps four by a rule not
reproduced; test_more_than_four_points pins what does match), positive margins and curved geoms
(the reference then perturbs the geoms: not reproduced, one contact).
"""

import numpy as np
import pytest

from contacts import compare_contacts
from support import load_pair

HALF = (0.1, 0.1, 0.1)


def quat(rotvec):
    """Unit quaternion (w, x, y, z) of a rotation vector."""
    rotvec = np.asarray(rotvec, dtype=float)
    angle = np.linalg.norm(rotvec)
    if angle == 0:
        return np.array([1.0, 0, 0, 0])
    axis = rotvec / angle
    return np.concatenate([[np.cos(angle / 2)], np.sin(angle / 2) * axis])


def compose(q1, q2):
    w1, v1, w2, v2 = q1[0], q1[1:], q2[0], q2[1:]
    return np.concatenate([[w1 * w2 - v1 @ v2], w1 * v2 + w2 * v1 + np.cross(v1, v2)])


def box_vertices(half):
    return " ".join(f"{x} {y} {z}" for x in (-half[0], half[0]) for y in (-half[1], half[1])
                    for z in (-half[2], half[2]))


# a hexagonal prism: faces of 6 and 4 vertices
HEXAGON = " ".join(f"{0.1 * np.cos(a):.6f} {0.1 * np.sin(a):.6f} {z}"
                   for a in np.arange(6) * np.pi / 3 for z in (-0.08, 0.08))
MESHES = {"cube": box_vertices(HALF), "slab": box_vertices((0.15, 0.12, 0.05)),
          "hexprism": HEXAGON}


def geom(kind, mesh):
    if kind == "box":
        return f'<geom type="box" size="{HALF[0]} {HALF[1]} {HALF[2]}"/>'
    return f'<geom type="mesh" mesh="{mesh}"/>'


def pair_xml(kind1, kind2, mesh1="cube", mesh2="cube", flags='multiccd="enable"'):
    assets = "".join(f'<mesh name="{n}" vertex="{v}"/>' for n, v in MESHES.items())
    return f"""<mujoco><option><flag {flags}/></option><asset>{assets}</asset><worldbody>
      <body><freejoint/>{geom(kind1, mesh1)}</body>
      <body><freejoint/>{geom(kind2, mesh2)}</body>
    </worldbody></mujoco>"""


def collide(pair, qpos):
    pair.d.qpos[:] = qpos
    pair.ref_d.qpos[:] = qpos
    pair.call("mj_kinematics")
    pair.call("mj_collision")


def pose(rot1, pos2, rot2):
    return np.concatenate([np.zeros(3), rot1, pos2, rot2])


def rz(angle):
    return quat([0, 0, angle])


S2 = np.sqrt(2)
# (name, qpos) for two unit-ish cubes; body 2 above body 1
POSES = [
    ("face on face, offset", pose(rz(0), [0.03, 0.05, 0.19], rz(0))),
    ("face on face, turned body 1", pose(rz(0.4), [0.03, 0.05, 0.19], rz(0.4))),
    ("face on face, quarter turn", pose(rz(0), [0.02, -0.04, 0.195], rz(np.pi / 2))),
    ("face on face, triangle overlap", pose(rz(0), [0.12, 0.12, 0.19], rz(np.pi / 4))),
    ("tilted 3e-3: edge on face", pose(rz(0), [0.03, 0.05, 0.19], quat([3e-3, 0, 0]))),
    ("tilted 0.05: edge on face", pose(rz(0), [0.03, 0.05, 0.19], quat([0.05, 0, 0]))),
    ("edge of body 2 on face", pose(rz(0), [0.03, 0.05, 0.1 * S2 + 0.09], quat([np.pi / 4, 0, 0]))),
    ("edge of body 1 under face", pose(quat([np.pi / 4, 0, 0]), [0.03, 0.05, 0.1 * S2 + 0.09],
                                       rz(0))),
    ("edge on edge", pose(quat([np.pi / 4, 0, 0]), [0, 0, 2 * 0.1 * S2 - 0.01],
                          quat([0, np.pi / 4, 0]))),
]

# Known mismatches. Faces tilted within the flatness angle: the polygon is found, but the
# normal differs: measured, the reference's multiccd contacts carry exactly minus the outward
# normal of geom 2's touching face (bit-exact in the three tilted poses below), while mjsim
# keeps the EPA normal (the collider, collide_convex.cc, writes the normal; multiccd_polygon.cc
# only returns points). Overlaps of more than four points: the reference's choice of four is
# not reproduced; over 240 random face-face overlaps of 5-8 points it is not the largest
# quadrilateral (83 of 240 agree), not the extreme points along the contact tangents, not a
# contiguous run of the clipped polygon, not a greedy farthest/largest-area pick from any
# start; octagons mostly keep alternate corners.
MISMATCHES = [
    ("tilted 1e-4 about x", pose(rz(0), [0.03, 0.05, 0.19], quat([1e-4, 0, 0]))),
    ("tilted 1e-3 about a diagonal", pose(rz(0), [0.03, 0.05, 0.19], quat([7e-4, 7e-4, 0]))),
    ("body 1 tilted 1e-3", pose(quat([1e-3, 0.3e-3, 0]), [0.03, 0.05, 0.19], rz(0))),
    ("deep face on face, octagon", pose(rz(0), [0.01, -0.02, 0.15], rz(0.2))),
]


@pytest.mark.parametrize("kind1", ["box", "mesh"])
@pytest.mark.parametrize("name,qpos", POSES, ids=[p[0] for p in POSES])
def test_cube_poses(kind1, name, qpos):
    pair = load_pair(pair_xml(kind1, "mesh"), seed=None)
    collide(pair, qpos)
    assert pair.ref_d.ncon >= 1
    problems = compare_contacts(pair.d, pair.ref_d, dist_tol=1e-6, pos_tol=1e-6,
                                normal_tol=1e-6)
    assert not problems, "\n".join(problems[:5])


@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="tilted faces: the single contact's normal; more than four points: "
                          "the reference's choice of four (see MISMATCHES)")
@pytest.mark.parametrize("name,qpos", MISMATCHES, ids=[p[0] for p in MISMATCHES])
def test_known_mismatches(name, qpos):
    pair = load_pair(pair_xml("box", "mesh"), seed=None)
    collide(pair, qpos)
    assert pair.d.ncon == pair.ref_d.ncon
    problems = compare_contacts(pair.d, pair.ref_d, dist_tol=1e-6, pos_tol=1e-6,
                                normal_tol=1e-6)
    assert not problems, "\n".join(problems[:5])


def vertex_on_face_pose():
    # body 2 turned so that a corner points down
    tilt = compose(quat([np.pi / 4, 0, 0]), quat([0, np.arctan(1 / S2), 0]))
    return pose(rz(0), [0.03, 0.05, 0.1 + 0.1 * np.sqrt(3) - 0.01], tilt)


def test_vertex_on_face_keeps_one_contact():
    pair = load_pair(pair_xml("box", "mesh"), seed=None)
    collide(pair, vertex_on_face_pose())
    assert pair.ref_d.ncon == 1
    assert not compare_contacts(pair.d, pair.ref_d, dist_tol=1e-6, pos_tol=1e-5,
                                normal_tol=1e-5)


@pytest.mark.parametrize("mesh1,mesh2,qpos", [
    ("cube", "slab", pose(rz(0.1), [0.05, 0.0, 0.14], rz(0.1))),
    ("hexprism", "cube", pose(rz(0), [0.161, 0.013, 0.17], rz(0))),
    ("cube", "hexprism", pose(rz(0), [0.163, 0.031, 0.17], rz(0.05))),
    ("hexprism", "hexprism", pose(rz(0), [0.17, 0.0, 0.15], rz(0))),
])
def test_mesh_shapes(mesh1, mesh2, qpos):
    pair = load_pair(pair_xml("mesh", "mesh", mesh1, mesh2), seed=None)
    collide(pair, qpos)
    assert 2 <= pair.ref_d.ncon <= 4
    problems = compare_contacts(pair.d, pair.ref_d, dist_tol=1e-6, pos_tol=1e-6,
                                normal_tol=1e-6)
    assert not problems, "\n".join(problems[:5])


def test_flag_off_keeps_one_contact():
    pair = load_pair(pair_xml("box", "mesh", flags=""), seed=None)
    collide(pair, POSES[0][1])
    assert pair.d.ncon == pair.ref_d.ncon == 1


def test_more_than_four_points():
    """An octagon of overlap: both keep four of its corners, with the single contact's dist and
    normal; which four differs (the reference's rule is not reproduced)."""
    pair = load_pair(pair_xml("box", "mesh"), seed=None)
    collide(pair, pose(rz(0.3), [0.01, 0.02, 0.19], rz(0.3 + np.pi / 5)))
    assert pair.d.ncon == pair.ref_d.ncon == 4
    ours = np.array([c.pos for c in pair.d.contact])
    ref = np.array([c.pos for c in pair.ref_d.contact])
    for mine, theirs in zip(pair.d.contact, pair.ref_d.contact):
        assert abs(mine.dist - theirs.dist) < 1e-6
        assert np.abs(mine.frame[:3] - theirs.frame[:3]).max() < 1e-6
    # every point lies in the reference's contact plane, inside the face of body 1 (its frame)
    assert np.abs(ours[:, 2] - ref[0, 2]).max() < 1e-6
    local = ours @ pair.d.geom_xmat[0].reshape(3, 3)
    assert np.abs(local[:, :2]).max() <= 0.1 + 1e-9


# ---- bad input --------------------------------------------------------------------------------


def engine_pair(kind1, kind2):
    import mjsim

    m = mjsim.MjModel.from_xml_string(pair_xml(kind1, kind2))
    return mjsim, m, mjsim.MjData(m)


def finite(d):
    return all(np.isfinite([c.dist, *c.pos, *c.frame]).all() for c in d.contact)


@pytest.mark.parametrize("kind1", ["box", "mesh"])
def test_degenerate_shapes(kind1):
    """Squashed meshes (flat, a segment, a point) and zero box sizes: finite contacts only."""
    mjsim, m, d = engine_pair(kind1, "mesh")
    original = np.array(m.mesh_vert)
    rng = np.random.default_rng(5)
    for squash in ([1, 1, 0], [1, 0, 0], [0, 0, 0], [1e-12, 1e-12, 1e-12]):
        m.mesh_vert[:] = original * np.array(squash, dtype=np.float32)
        m.geom_size[:] = np.array(HALF) * squash
        for qpos in [p[1] for p in POSES] + [vertex_on_face_pose()]:
            d.qpos[:] = qpos + np.concatenate([np.zeros(7), rng.normal(scale=0.01, size=3),
                                               np.zeros(4)])
            mjsim.mj_kinematics(m, d)
            mjsim.mj_collision(m, d)
            assert d.ncon <= 4
            assert finite(d)


@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_non_finite_poses(bad):
    mjsim, m, d = engine_pair("box", "mesh")
    for index in (0, 3, 7, 10):
        qpos = np.array(POSES[0][1])
        qpos[index] = bad
        d.qpos[:] = qpos
        mjsim.mj_kinematics(m, d)
        mjsim.mj_collision(m, d)
        assert finite(d)
