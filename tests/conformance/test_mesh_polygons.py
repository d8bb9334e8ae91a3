"""Mesh polygons (mesh_poly*: coplanar faces merged, cpp/src/compiler/mesh_geometry.cc) against
the reference, on small constructed meshes that isolate each part of the measured rule:

  threshold      adjacent faces merge while 1 - n1.n2 <= 1.28e-6, at any orientation and scale
  group key      a face is compared with its group's first face, not with its neighbour
  map order      faces are grouped by an ordered map whose order ("not near, and lexicographically
                 greater") is not transitive: a face whose normal lies between two near faces,
                 inserted before them, keeps them apart or drops one of them (all face orders)
  ties           normal components within mjMINVAL compare equal (one-ulp differences from
                 float vertices do not order the keys)
  fans           three faces around a vertex: their boundary starts in face order; larger fans
                 walk their boundary
  edges          within a group, faces join across oppositely directed shared edges, each edge
                 once: duplicated faces give duplicated polygons; disconnected faces of one group
                 are separate polygons; a face that bridges two of them joins them
  slivers        faces whose cross product is below 1e-14 (1/|cross| along +x: near every key
                 with a positive x), zero-area faces (preceding every key)
  bad input      zero-area faces (collinear corners, repeated corners; one, or two sharing an
                 edge): no crash, the same polygons as the reference, finite normals. Known
                 partial, not tested: with two zero-area faces that share no edge the reference
                 keeps at most the first; mjsim keeps both

Every corpus model, dm_control's dog.xml (162 scanned meshes) included, is compared in full by
test_compiler.py.
"""

import itertools

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from support import assert_fields_close  # noqa: E402

POLYGON_INTS = ["nmeshpoly", "nmeshpolyvert", "nmeshpolymap", "mesh_polynum", "mesh_polyadr",
                "mesh_polyvertadr", "mesh_polyvertnum", "mesh_polyvert", "mesh_polymapadr",
                "mesh_polymapnum", "mesh_polymap"]
TOLERANCE = 1.28e-6


def rotation(seed):
    q = np.random.default_rng(seed).standard_normal(4)
    mat = np.zeros(9)
    mujoco.mju_quat2Mat(mat, q / np.linalg.norm(q))
    return mat.reshape(3, 3)


def xml(vert, face, collision=False, inertia="shell", flat=False):
    """A free body holding the mesh; a flat mesh (no inertia of its own) gets a massless geom
    and a ball for the body's mass."""
    vert = np.asarray(vert, np.float32)  # what both engines store: no rounding left to the parser
    numbers = " ".join(repr(float(x)) for x in vert.ravel())
    ints = " ".join(str(int(i)) for i in np.ravel(face))
    contact = "" if collision else ' contype="0" conaffinity="0"'
    ballast = ' density="0"/><geom size="0.1"' if flat else ""
    return (f'<mujoco><asset><mesh name="m" inertia="{inertia}" vertex="{numbers}" face="{ints}"/>'
            f'</asset><worldbody><body><freejoint/><geom type="mesh" mesh="m"{contact}{ballast}/>'
            f'</body></worldbody></mujoco>')


def polygons(model):
    """The polygons of mesh 0 as vertex tuples, in order."""
    out = []
    for p in range(model.mesh_polyadr[0], model.mesh_polyadr[0] + model.mesh_polynum[0]):
        adr, num = model.mesh_polyvertadr[p], model.mesh_polyvertnum[p]
        out.append(tuple(int(v) for v in model.mesh_polyvert[adr:adr + num]))
    return out


def compare(vert, face, **kwargs):
    """Both engines on one mesh: polygon integers equal, normals within 1e-6 (rows whose
    reference normal is not finite -- zero-area faces -- must be finite in mjsim)."""
    text = xml(vert, face, **kwargs)
    ours, ref = mjsim.MjModel.from_xml_string(text), mujoco.MjModel.from_xml_string(text)
    assert_fields_close(ours, ref, POLYGON_INTS, atol=0)
    ours_n, ref_n = np.asarray(ours.mesh_polynormal), np.asarray(ref.mesh_polynormal)
    assert np.isfinite(ours_n).all()
    finite = np.isfinite(ref_n).all(axis=1) & (np.abs(ref_n).max(axis=1) <= 1)
    np.testing.assert_allclose(ours_n[finite], ref_n[finite], rtol=1e-6, atol=1e-9)
    return polygons(ref)


# ---- shapes ------------------------------------------------------------------------------------

def folded_pyramid(lift, rot):
    """A pyramid whose base quad (0 1 2 3) is two triangles folded along 0-2 by lifting 3."""
    vert = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, -lift], [0.5, 0.5, 1]]) @ rot.T
    face = [[0, 2, 1], [0, 3, 2], [0, 1, 4], [1, 2, 4], [2, 3, 4], [3, 0, 4]]
    return np.asarray(vert, np.float32).astype(float), np.array(face)


def unit_normal(vert, face):
    a, b, c = vert[face]
    n = np.cross(b - a, c - a)
    return n / np.linalg.norm(n)


def fold_gap(vert, face):
    """1 - n1.n2 of the base's two triangles."""
    return 1 - unit_normal(vert, face[0]) @ unit_normal(vert, face[1])


def roof(slopes, rot):
    """A closed prism whose top is a row of planar strips (2 triangles each) with the given
    slopes (radians); returns vertices, faces and the top vertex ids of each strip."""
    xs, zs = [0.0], [1.0]
    for slope in slopes:
        xs.append(xs[-1] + np.cos(slope) / len(slopes))
        zs.append(zs[-1] + np.sin(slope) / len(slopes))
    n = len(slopes)
    top = [[x, y, z] for x, z in zip(xs, zs) for y in (0, 1)]          # 2i (y=0), 2i+1 (y=1)
    bottom = [[x, y, 0] for x in xs for y in (0, 1)]
    vert = np.array(top + bottom) @ rot.T
    b = 2 * (n + 1)
    face = []
    for i in range(n):
        face += [[2 * i, 2 * i + 2, 2 * i + 3], [2 * i, 2 * i + 3, 2 * i + 1]]
        face += [[b + 2 * i, b + 2 * i + 1, b + 2 * i + 3], [b + 2 * i, b + 2 * i + 3, b + 2 * i + 2]]
        face += [[2 * i, b + 2 * i, b + 2 * i + 2], [2 * i, b + 2 * i + 2, 2 * i + 2]]
        face += [[2 * i + 1, b + 2 * i + 3, b + 2 * i + 1], [2 * i + 1, 2 * i + 3, b + 2 * i + 3]]
    face += [[0, 1, b + 1], [0, b + 1, b], [2 * n, b + 2 * n, b + 2 * n + 1],
             [2 * n, b + 2 * n + 1, 2 * n + 1]]
    return np.asarray(vert, np.float32).astype(float), np.array(face)


# ---- threshold and group key -------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("scale", [0.01, 1, 100])
@pytest.mark.parametrize("ratio", [0.9, 0.99, 1.01, 1.2])
def test_fold_threshold_any_orientation_and_scale(seed, scale, ratio):
    """The base merges iff 1 - n1.n2 <= 1.28e-6: the lift is chosen for ratio * 1.28e-6."""
    rot = rotation(seed) * scale
    lift = np.sqrt(ratio * TOLERANCE)  # 1 - n1.n2 is about lift^2 (unit quad, diagonal fold)
    vert, face = folded_pyramid(lift, rot)
    base = {0, 1, 2, 3}
    merged = any(set(p) == base for p in compare(vert, face))
    assert merged == (fold_gap(vert, face) <= TOLERANCE)


@pytest.mark.parametrize("seed", range(3))
def test_chain_is_compared_with_the_first_face(seed):
    """Strips bent by 0.8 of the threshold angle each: neighbours are near, strips two apart are
    not; a strip joins only while near the group's first strip."""
    step = 0.8 * np.sqrt(2 * TOLERANCE)
    vert, face = roof([0.3 + k * step for k in range(4)], rotation(seed))
    compare(vert, face)


@pytest.mark.parametrize("count", range(1, 9))
@pytest.mark.parametrize("collision", [False, True])
def test_roof_of_barely_bent_strips(count, collision):
    """Strips bent by 1e-7 rad each, as a visual mesh and as a collision mesh (polygons of the
    convex hull's faces); also with the strips exactly axis-aligned."""
    for base in (0.0, 0.3):
        vert, face = roof([base + 1e-7 * k for k in range(count)], np.eye(3))
        compare(vert, face, collision=collision, inertia="convex" if collision else "shell")


# ---- map order ---------------------------------------------------------------------------------

# dog.xml's eye_L: faces 662 and 663 (1 - n1.n2 = 2.5e-9) and face 335, whose normal lies
# lexicographically between theirs
EYE_VERT = [[0.3659072518348694, 0.030943643301725388, 0.6997747421264648],
            [0.36518171429634094, 0.033004842698574066, 0.6996673941612244],
            [0.3658308982849121, 0.03164084628224373, 0.6985294818878174],
            [0.37026190757751465, 0.019973857328295708, 0.7021602988243103],
            [0.3702940046787262, 0.019641371443867683, 0.7045496702194214],
            [0.3701876103878021, 0.0197872556746006, 0.7021086812019348],
            [0.37022027373313904, 0.019449083134531975, 0.7045389413833618]]
EYE_FACES = [[0, 2, 1], [3, 4, 6], [6, 5, 3]]  # between, first, second


@pytest.mark.parametrize("order", list(itertools.permutations(range(3))))
def test_face_between_near_faces_in_every_order(order):
    """Merged, kept apart, or the second dropped, by insertion order (the reference: 'between'
    first keeps them apart; first, between, second merges; second, between, first drops first)."""
    found = compare(EYE_VERT, [EYE_FACES[k] for k in order])
    quad = {3, 4, 5, 6}
    kept = [p for p in found if set(p) <= quad]
    if order[0] == 0:
        assert len(kept) == 2
    elif order == (2, 0, 1):
        assert kept == [(6, 5, 3)]
    else:
        assert len(kept) == 1 and set(kept[0]) == quad


# Chamfer faces of a box whose float vertices leave their normals one ulp apart in one
# component: the order treats components within mjMINVAL as equal and decides on the next one.
CHAMFER_VERT = [[-0.18817547, -0.106, -0.12908582], [-0.18817547, -0.106, 0.12908582],
                [0.18817547, -0.106, 0.12908582], [-0.18686002, -0.10404427, 0.12713009],
                [-0.18686002, -0.10404427, -0.12713009], [0.18686002, -0.10404427, -0.12713009]]
CHAMFER_FACES = [[5, 4, 0], [2, 1, 3]]  # normals (0, -a, b) and (-0, -a + 1 ulp, -b)

CORNER_VERT = [[0.098314069211483, -0.10000000149011612, 0.02949421852827072],
               [0.09592979401350021, 0.098314069211483, 0.029999999329447746],
               [0.098314069211483, -0.09592979401350021, 0.029999999329447746],
               [0.098314069211483, 0.09592979401350021, 0.029999999329447746],
               [0.098314069211483, 0.10000000149011612, 0.02949421852827072],
               [0.10000000149011612, 0.098314069211483, 0.02949421852827072],
               [0.10000000149011612, -0.098314069211483, 0.02949421852827072]]
CORNER_FACES = [[0, 6, 2], [1, 3, 5], [5, 4, 1]]  # x of the quad's halves: 1 ulp apart


def test_components_one_ulp_apart_compare_equal():
    """Ordered by the third component: exact comparison would put the second face first."""
    assert compare(CHAMFER_VERT, CHAMFER_FACES) == [(5, 4, 0), (2, 1, 3)]


def test_quad_halves_one_ulp_apart_stay_one_polygon():
    """A face whose x is one ulp above the quad's first half, and whose y is below, does not
    come between the halves (exact comparison would split the quad)."""
    assert compare(CORNER_VERT, CORNER_FACES) == [(1, 3, 5, 4), (0, 6, 2)]


def fan(count, order):
    """A pyramid whose base is a fan of `count` faces around a centre vertex 0, the fan's faces
    listed in `order`."""
    angle = np.linspace(0, 2 * np.pi, count, endpoint=False)
    vert = np.vstack([[0, 0, 0], np.c_[np.cos(angle), np.sin(angle), np.zeros(count)], [0, 0, -1]])
    ring = [[0, 1 + i, 1 + (i + 1) % count] for i in range(count)]
    sides = [[count + 1, 1 + (i + 1) % count, 1 + i] for i in range(count)]
    return vert @ rotation(0).T, [ring[i] for i in order] + sides


@pytest.mark.parametrize("count", [3, 4])
@pytest.mark.parametrize("collision", [False, True])
def test_fan_in_every_order(count, collision):
    """A triangle made of three faces lists its corners in face order (against the faces'
    winding when the second face precedes the first around the fan); larger fans walk their
    boundary from the first face's edge, whatever the order."""
    for order in itertools.permutations(range(count)):
        vert, face = fan(count, order)
        compare(np.asarray(vert, np.float32), face, collision=collision)


def sliver_and_neighbour(cross, neighbour_x):
    """A sliver (corners 0 1 2) whose cross product is `cross` along x, and a face sharing its
    edge 0-1 whose unit normal has x component `neighbour_x`."""
    z = np.sqrt(1 - neighbour_x ** 2)
    vert = [[0, 0, 0], [0, 1, 0], [0, 0.5, cross], [z, 0.5, -neighbour_x]]
    return vert, [[0, 1, 2], [1, 0, 3]]


@pytest.mark.parametrize("cross", [2e-14, 9e-15, 1e-16, -1e-16, 1e-20, -1e-20, 0])
@pytest.mark.parametrize("neighbour_x", [0.95, 1e-9, 1e-30, -0.3])
@pytest.mark.parametrize("sliver_first", [True, False])
def test_slivers(cross, neighbour_x, sliver_first):
    """A face whose cross product is shorter than 1e-14 joins a neighbour whose normal has a
    positive x (as if its normal were (1/|cross|, 0, 0)), whatever its own orientation, and is
    listed before one with a negative x; a zero-area face precedes every other."""
    vert, face = sliver_and_neighbour(cross, neighbour_x)
    found = compare(vert, face if sliver_first else face[::-1], flat=True)
    sliver = 0 < abs(cross) < 1e-14
    joins = sliver and neighbour_x / abs(cross) >= 1 - TOLERANCE
    assert len(found) == (1 if joins else 2)


def far_face_with_normal(normal, centre, size=0.3):
    """A tetrahedron (4 faces) whose face 0 has the given outward normal."""
    normal = np.asarray(normal, float) / np.linalg.norm(normal)
    t = np.cross(normal, [0.3, 0.5, 0.7])
    t /= np.linalg.norm(t)
    u = np.cross(normal, t)
    vert = [centre + size * t, centre + size * (-0.5 * t + 0.866 * u),
            centre + size * (-0.5 * t - 0.866 * u), centre - size * normal]
    face = np.array([[0, 1, 2], [0, 3, 1], [1, 3, 2], [2, 3, 0]])
    a, b, c = np.array(vert)[face[0]]
    if np.cross(b - a, c - a) @ normal < 0:
        face = face[:, ::-1]
    return np.array(vert), face


@pytest.mark.parametrize("between_first", [False, True])
@pytest.mark.parametrize("y", [0.3, -0.3])
def test_face_between_elsewhere_in_the_mesh(between_first, y):
    """A two-strip roof (1 - n1.n2 = 5e-9) plus a separate tetrahedron with a face whose normal
    has an x between the strips' (and a different y): listed before the roof, it splits it."""
    vert, face = roof([0.3, 0.3001], np.eye(3))
    x = -(np.sin(0.3) + np.sin(0.3001)) / 2
    extra_vert, extra_face = far_face_with_normal([x, y, np.sqrt(1 - x * x - y * y)], [3, 3, 3])
    extra_face = extra_face + len(vert)
    face = np.vstack([extra_face, face] if between_first else [face, extra_face])
    compare(np.vstack([vert, extra_vert]), face)


# ---- edges -------------------------------------------------------------------------------------

def pyramid(base_faces):
    vert = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0], [0.5, 0.5, 1]]) @ rotation(7).T
    face = list(base_faces) + [[0, 1, 4], [1, 2, 4], [2, 3, 4], [3, 0, 4]]
    return np.asarray(vert, np.float32).astype(float), np.array(face)


@pytest.mark.parametrize("order", ["AB", "BA", "ABab", "AaBb", "ABba", "AbBa", "ABa"])
def test_duplicated_faces(order):
    """Base triangles A, B (and copies a, b): each shared edge pairs once."""
    shapes = {"A": [0, 2, 1], "B": [0, 3, 2]}
    compare(*pyramid([shapes[c.upper()] for c in order]))


def strip_box(count, order, rot):
    """A box whose bottom is a row of `count` quads (2 triangles each), listed in `order`."""
    vert = [[i, y, 0] for i in range(count + 1) for y in (0, 1)]
    t = len(vert)
    vert += [[0, 0, 1], [count, 0, 1], [count, 1, 1], [0, 1, 1]]
    bottom = []
    for i in range(count):
        a, b, c, d = 2 * i, 2 * i + 2, 2 * i + 3, 2 * i + 1
        bottom += [[a, c, b], [a, d, c]]
    face = [bottom[k] for k in order] + [[t, t + 2, t + 1], [t, t + 3, t + 2]]
    face += [[2 * i, 2 * i + 2, t] for i in range(count)] + [[2 * count, t + 1, t]]
    face += [[2 * i + 1, t + 3, 2 * i + 3] for i in range(count)] + [[2 * count + 1, t + 3, t + 2]]
    face += [[0, t, t + 3], [0, t + 3, 1], [2 * count, 2 * count + 1, t + 2],
             [2 * count, t + 2, t + 1]]
    return np.asarray(np.array(vert, float) @ rot.T, np.float32).astype(float), np.array(face)


@pytest.mark.parametrize("order", [[0, 1, 2, 3], [1, 2, 0, 3], [1, 2, 3, 0], [3, 0, 2, 1],
                                   [0, 5, 2, 1, 3, 4], [0, 5, 3, 2, 1, 4], [5, 4, 3, 2, 1, 0]])
def test_disconnected_then_bridged(order):
    """Coplanar faces listed so that parts of the bottom are disconnected until a later face
    bridges them."""
    compare(*strip_box(len(order) // 2, order, rotation(11)))


@pytest.mark.parametrize("seed", range(2))
def test_disconnected_coplanar_parts(seed):
    """Two boxes in one mesh: each pair of parallel faces is one group, two polygons."""
    unit = np.array([[x, y, z] for x in (0, 1) for y in (0, 1) for z in (0, 1)], float)
    face = [[2, 6, 0], [6, 4, 0], [4, 5, 0], [5, 1, 0], [6, 5, 4], [5, 6, 7], [3, 2, 0],
            [1, 3, 0], [3, 6, 2], [6, 3, 7], [5, 3, 1], [3, 5, 7]]
    vert = np.vstack([unit, unit + [3, 0, 0.5]])
    rot = np.eye(3) if seed == 0 else rotation(seed)
    compare(np.asarray(vert @ rot.T, np.float32).astype(float), np.vstack([face, np.add(face, 8)]))


# ---- bad input ---------------------------------------------------------------------------------

DEGENERATE = {
    "collinear corners": [[0, 2, 5], [5, 2, 1], [0, 3, 2], [0, 5, 1]],
    "repeated corner": [[0, 2, 1], [0, 0, 1], [0, 3, 2]],
    "repeated corner first": [[0, 0, 1], [0, 2, 1], [0, 3, 2]],
    "one vertex": [[0, 2, 1], [2, 2, 2], [0, 3, 2]],
    "two paired": [[0, 0, 1], [0, 2, 1], [0, 3, 2], [1, 0, 0]],
}


@pytest.mark.parametrize("case", sorted(DEGENERATE))
def test_zero_area_faces(case):
    """Zero-area faces: their own polygons, listed first (the reference's normals for them are
    not finite; mjsim's are)."""
    vert = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0], [0.5, 0.5, 1], [0.5, 0, 0]])
    vert = np.asarray(vert @ rotation(7).T, np.float32).astype(float)
    face = DEGENERATE[case] + [[0, 1, 4], [1, 2, 4], [2, 3, 4], [3, 0, 4]]
    compare(vert, face)
