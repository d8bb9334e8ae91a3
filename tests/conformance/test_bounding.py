"""Collision bounds and fluid coefficients (compiler/bounding.cc) against the reference:
geom_rbound, geom_aabb, body_contype/conaffinity/margin, the per-body bounding volume
hierarchies (body_bvhadr/bvhnum, bvh_depth/child/nodeid/aabb, nbvh*) and geom_fluid.

Besides the reference, the trees are checked for properties that need no oracle: every node's
box holds its children's, every leaf's box holds its geom's box, and a body's tree has 2n - 1
nodes over its n colliding geoms."""

import itertools
from pathlib import Path

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from support import assert_fields_close  # noqa: E402

TREE_FIELDS = ["nbvh", "nbvhstatic", "nbvhdynamic", "body_bvhadr", "body_bvhnum", "bvh_depth",
               "bvh_child", "bvh_nodeid"]
BOUND_FIELDS = ["geom_rbound", "geom_aabb", "body_contype", "body_conaffinity", "body_margin"]
# The reference integrates the added-mass coefficients (kappa) with an approximate quadrature
# whose relative error oscillates with the ellipsoid's aspect ratio: ~4e-7 for aspect ratios
# up to 10, up to ~6e-5 at 100; mjsim evaluates them exactly (Carlson's R_D).
FLUID_RTOL = 1e-6
FLAT_FLUID_RTOL = 1e-4


def load_both(xml):
    return mjsim.MjModel.from_xml_string(xml), mujoco.MjModel.from_xml_string(xml)


def assert_boxes_close(ours, ref, context):
    """bvh_aabb rows agree within 1e-10 plus 1e-12 of the box's size: plane boxes are 1e10
    wide and their centers carry rounding of that size; and body_iquat, whose frame the boxes
    are in, agrees with the reference to ~1e-11 (mass stage)."""
    __tracebackhide__ = True
    assert ours.shape == ref.shape, f"{context}: bvh_aabb shape {ours.shape} != {ref.shape}"
    scale = np.max(np.abs(ref[:, 3:]), axis=1, keepdims=True) if len(ref) else 0
    error = np.abs(ours - ref) - (1e-10 + 1e-12 * scale)
    if np.any(error > 0):
        row = int(np.argmax(np.max(error, axis=1)))
        raise AssertionError(f"{context}: bvh_aabb row {row} differs\n  ours {list(ours[row])}\n"
                             f"  ref  {list(ref[row])}")


def assert_bounds_match(xml, context=""):
    ours, ref = load_both(xml)
    for name in ["nbvh", "nbvhstatic", "nbvhdynamic"]:
        assert getattr(ours, name) == getattr(ref, name), f"{context}: {name}"
    assert_fields_close(ours, ref, TREE_FIELDS[3:] + BOUND_FIELDS, atol=1e-12, context=context)
    assert_boxes_close(ours.bvh_aabb, ref.bvh_aabb, context)
    assert_fields_close(ours, ref, ["geom_fluid"], atol=1e-12, rtol=FLUID_RTOL, context=context)
    return ours


PRIMITIVES = """
<mujoco>
  <asset>
    <hfield name="terrain" nrow="3" ncol="4" size="1 2 0.5 0.7" elevation="0 1 2 3 4 5 6 7 8 9 10 11"/>
    <hfield name="shallow" nrow="2" ncol="2" size="2 1 0.5 0.1" elevation="0 1 2 3"/>
  </asset>
  <worldbody>
    <geom type="plane" size="1 1 1"/>
    <geom type="plane" size="0 0 1" pos="0 0 3" euler="30 40 0"/>
    <geom type="hfield" hfield="terrain" pos="1 1 1" euler="10 20 30"/>
    <geom type="hfield" hfield="shallow" pos="-3 0 0"/>
    <geom type="sphere" size="0.1" pos="-1 1 1" contype="0" conaffinity="0" margin="0.4"/>
    <body name="all_types" pos="0 0 1">
      <freejoint/>
      <geom type="sphere" size="0.3" margin="0.05"/>
      <geom type="capsule" size="0.1 0.2" pos="0.1 0.2 0.3" euler="10 20 30"/>
      <geom type="ellipsoid" size="0.1 0.2 0.3" pos="-0.2 0 0.1" euler="0 90 0"/>
      <geom type="cylinder" size="0.1 0.2" pos="0 -0.3 0" contype="2" conaffinity="0"/>
      <geom type="box" size="0.1 0.2 0.3" pos="0.4 0 0" euler="45 0 45" contype="0" conaffinity="4"/>
      <geom type="box" size="0.05 0.05 0.05" pos="0 0 -0.4" contype="0" conaffinity="0" margin="0.2"/>
    </body>
    <body name="visual_only" pos="2 0 0">
      <freejoint/>
      <geom size="0.1" contype="0" conaffinity="0"/>
    </body>
    <body name="no_geoms" pos="3 0 0">
      <freejoint/>
      <inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/>
    </body>
  </worldbody>
</mujoco>
"""


def test_every_geom_type_matches_reference():
    ours = assert_bounds_match(PRIMITIVES, "primitives")
    all_types, visual_only = 1, 2
    assert ours.body_bvhadr[visual_only] == -1  # visual geoms stay out of trees
    assert ours.body_margin[all_types] == 0.2   # margin counts every geom, visual ones too


def test_fluid_coefficients_match_reference():
    xml = """
    <mujoco><worldbody>
      <geom type="plane" size="1 1 1" fluidshape="ellipsoid"/>
      <body><freejoint/>
        <geom size="0.1" fluidshape="ellipsoid"/>
        <geom type="box" size="0.1 0.2 0.3" fluidshape="ellipsoid" fluidcoef="1 2 3 4 5"/>
        <geom type="capsule" size="0.1 0.2" fluidshape="ellipsoid" euler="10 20 30"/>
        <geom type="cylinder" size="0.1 0.2" fluidshape="ellipsoid"/>
        <geom type="ellipsoid" size="0.1 0.1 0.7" fluidshape="ellipsoid" contype="0" conaffinity="0"/>
        <geom type="box" size="0.1 0.1 0.1" fluidshape="none" fluidcoef="1 1 1 1 1"/>
      </body>
    </worldbody></mujoco>"""
    ours, ref = load_both(xml)
    assert_fields_close(ours, ref, ["geom_fluid"], atol=1e-15, rtol=FLUID_RTOL)
    sphere = ours.geom_fluid[1]
    # a sphere's added mass is half the displaced volume (kappa = 2/3), with no added inertia
    assert sphere[6:9] == pytest.approx([4 / 3 * np.pi * 0.1**3 / 2] * 3, rel=1e-14)
    assert list(sphere[9:12]) == [0, 0, 0]


def test_flat_ellipsoid_fluid_coefficients_are_close_to_reference():
    xml = """<mujoco><worldbody><body><freejoint/>
      <geom type="ellipsoid" size="0.5 0.01 0.3" fluidshape="ellipsoid"/>
      <geom type="ellipsoid" size="0.01 0.01 1" fluidshape="ellipsoid"/>
    </body></worldbody></mujoco>"""
    ours, ref = load_both(xml)
    assert_fields_close(ours, ref, ["geom_fluid"], atol=1e-15, rtol=FLAT_FLUID_RTOL)


def grid_body(count, spacing, name="b", extra=""):
    geoms = "".join(f'<geom type="box" size="0.05 0.04 0.03" pos="{x} {y} {z}" euler="{7 * i} {11 * i} 0"/>'
                    for i, (x, y, z) in enumerate(itertools.islice(spacing, count)))
    return f'<body name="{name}" pos="0.1 0.2 0.3" euler="20 30 40"><freejoint/>{extra}{geoms}</body>'


@pytest.mark.parametrize("count", [1, 2, 3, 5, 8, 17, 40])
def test_tree_over_n_geoms_matches_reference(count):
    rng = np.random.default_rng(count)
    points = (tuple(np.round(p, 3)) for p in rng.uniform(-1, 1, (count, 3)))
    assert_bounds_match(f"<mujoco><worldbody>{grid_body(count, points)}</worldbody></mujoco>", f"{count} geoms")


@pytest.mark.parametrize("count", [4, 9, 27])
def test_tied_positions_split_in_geom_order(count):
    # geoms on a grid tie along every axis: ties go to the geom listed first
    grid = ((0.5 * x, 0.5 * y, 0.5 * z) for x, y, z in itertools.product(range(3), repeat=3))
    inertial = '<inertial pos="0 0 0" mass="1" diaginertia="1 2 3"/>'
    assert_bounds_match(f"<mujoco><worldbody>{grid_body(count, grid, extra=inertial)}</worldbody></mujoco>",
                        f"{count} tied geoms")


@pytest.mark.parametrize("offset", [5e-15, 9e-15, 1.1e-14, 2e-14])
def test_geom_positions_within_1e_14_tie(offset):
    """Body trees order geoms with the mesh trees' tolerance: a geom 9e-15 beyond the next one
    along the split axis still goes first when listed first (dm_control's included cube)."""
    assert_bounds_match(f"""<mujoco><worldbody>
      <geom type="box" size="1 2 1" pos="0 {offset} 0"/><geom type="sphere" size=".1"/>
    </worldbody></mujoco>""", f"offset {offset}")


@pytest.mark.parametrize("half", [1.0, 63.0, 64.0, 1e3])
def test_split_axis_ties_follow_reference_tolerance(half):
    # equal extents: the first axis wins while 1e-14 is above their rounding, the last one after
    xml = f"""<mujoco><worldbody>
      <geom type="box" size="{half} {half} {half}"/>
      <geom size="0.001" pos="-0.01 0.01 0.01"/><geom size="0.001" pos="0.01 -0.01 0.01"/>
      <geom size="0.001" pos="0.01 0.01 -0.01"/>
    </worldbody></mujoco>"""
    assert_bounds_match(xml, f"cube {half}")


def random_model(rng):
    types = ["sphere", "capsule", "ellipsoid", "cylinder", "box"]

    def geoms(n, world):
        out = ""
        for _ in range(n):
            kind = rng.choice(types + (["plane"] if world else []))
            size = " ".join(f"{v:.3f}" for v in rng.uniform(0.05, 0.5, 3))
            pos = " ".join(f"{v:.3f}" for v in rng.uniform(-1, 1, 3))
            euler = " ".join(f"{v:.1f}" for v in rng.uniform(-180, 180, 3))
            extra = ' contype="0" conaffinity="0"' if rng.random() < 0.15 else ""
            if rng.random() < 0.3:
                extra += f' margin="{rng.uniform(0, 0.1):.3f}" fluidshape="ellipsoid"'
            out += f'<geom type="{kind}" size="{size}" pos="{pos}" euler="{euler}"{extra}/>'
        return out

    body = ""
    for _ in range(3):
        pos = " ".join(f"{v:.3f}" for v in rng.uniform(-1, 1, 3))
        body += f'<body pos="{pos}" euler="{rng.uniform(-90, 90):.1f} 0 0"><freejoint/>'
        body += geoms(int(rng.integers(1, 12)), False) + "</body>"
    return f"<mujoco><worldbody>{geoms(int(rng.integers(0, 5)), True)}{body}</worldbody></mujoco>"


@pytest.mark.parametrize("seed", range(12))
def test_random_models_match_reference(seed):
    assert_bounds_match(random_model(np.random.default_rng(seed)), f"seed {seed}")


def box_corners(center, half, rotation=np.eye(3), offset=np.zeros(3)):
    signs = np.array(list(itertools.product([-1, 1], repeat=3)))
    return (center + signs * half) @ rotation.T + offset


def quat_to_mat(q):
    w, x, y, z = q
    return np.array([[w*w + x*x - y*y - z*z, 2*(x*y - w*z), 2*(x*z + w*y)],
                     [2*(x*y + w*z), w*w - x*x + y*y - z*z, 2*(y*z - w*x)],
                     [2*(x*z - w*y), 2*(y*z + w*x), w*w - x*x - y*y + z*z]])


@pytest.mark.parametrize("seed", range(4))
def test_trees_enclose_their_geoms(seed):
    m = mjsim.MjModel.from_xml_string(random_model(np.random.default_rng(100 + seed)))
    tol = 1e-9
    for b in range(m.nbody):
        colliding = [g for g in range(m.body_geomadr[b], m.body_geomadr[b] + m.body_geomnum[b])
                     if m.geom_contype[g] or m.geom_conaffinity[g]]
        assert m.body_bvhnum[b] == max(2 * len(colliding) - 1, 0)
        if not colliding:
            continue
        imat, ipos = quat_to_mat(m.body_iquat[b]), m.body_ipos[b]
        adr = m.body_bvhadr[b]
        leaves = []
        for node in range(adr, adr + m.body_bvhnum[b]):
            tol = 1e-9 + 1e-12 * np.max(m.bvh_aabb[node, 3:])  # plane boxes are 1e10 wide
            lo = m.bvh_aabb[node, :3] - m.bvh_aabb[node, 3:] - tol
            hi = m.bvh_aabb[node, :3] + m.bvh_aabb[node, 3:] + tol
            left, right = m.bvh_child[node]
            if left < 0:
                g = m.bvh_nodeid[node]
                leaves.append(g)
                # the geom's box, in the inertial frame
                corners = box_corners(m.geom_aabb[g, :3], m.geom_aabb[g, 3:], quat_to_mat(m.geom_quat[g]),
                                      m.geom_pos[g])
                corners = (corners - ipos) @ imat
                assert np.all(corners >= lo) and np.all(corners <= hi)
                continue
            for child in (left, right):
                c = adr + child
                assert m.bvh_depth[c] == m.bvh_depth[node] + 1
                assert np.all(m.bvh_aabb[c, :3] - m.bvh_aabb[c, 3:] >= lo)
                assert np.all(m.bvh_aabb[c, :3] + m.bvh_aabb[c, 3:] <= hi)
        assert sorted(leaves) == colliding


@pytest.mark.parametrize("model", ["models/replicated_legs.xml", "models/urdf/serial_arm.urdf",
                                   "models/urdf/mobile_base.urdf"])
def test_fusestatic_rebuilds_match_reference(model):
    # the reference rebuilds a body's tree after each fused body in the same storage: inner
    # nodes keep the nodeid of an earlier build, and one unused node per fusion is counted
    path = str(Path(__file__).resolve().parents[2] / model)
    ours, ref = mjsim.MjModel.from_xml_path(path), mujoco.MjModel.from_xml_path(path)
    assert ours.nbvh == ref.nbvh
    assert_fields_close(ours, ref, TREE_FIELDS[3:], atol=0, context=model)
    assert_boxes_close(ours.bvh_aabb, ref.bvh_aabb, model)


# ---- mesh geoms and mesh face trees ----

TETRA = '<mesh name="m" vertex="0 0 0  1 0 0  0 2 0  0 0 3  1 1 1"{extra}/>'
RANDOM_POINTS = " ".join(f"{x:.4f}" for x in np.random.default_rng(5).normal(size=66) * np.tile([1, 2, 3], 22))
MESH_CASES = {
    "tetra": (TETRA.format(extra=""), '<geom type="mesh" mesh="m"/>'),
    "scaled": (TETRA.format(extra=' scale="0.5 2 -1"'), '<geom type="mesh" mesh="m"/>'),
    "rotated_geom": (TETRA.format(extra=""), '<geom type="mesh" mesh="m" pos="1 2 3" euler="30 40 50"/>'),
    "random_hull": (f'<mesh name="m" vertex="{RANDOM_POINTS}"/>', '<geom type="mesh" mesh="m" quat="1 2 3 4"/>'),
    "fitted": (TETRA.format(extra=""), '<geom type="box" mesh="m"/><geom type="capsule" mesh="m"/>'
                                       '<geom type="mesh" mesh="m" contype="0" conaffinity="0"/>'),
    "unused_mesh": (TETRA.format(extra="") + '<mesh name="n" vertex="0 0 0  1 0 0  0 1 0  0 0 1"/>',
                    '<geom type="mesh" mesh="m" pos="0 0 1"/><geom size=".1"/>'),
}


def mesh_model(case):
    asset, geoms = MESH_CASES[case]
    return f"""<mujoco><asset>{asset}</asset><worldbody>
      <body pos="0 0 1"><freejoint/>{geoms}</body><geom type="plane" size="1 1 1"/></worldbody></mujoco>"""


@pytest.mark.parametrize("case", sorted(MESH_CASES))
def test_mesh_geom_bounds_and_body_trees_match_reference(case):
    ours, ref = load_both(mesh_model(case))
    for name in ["nbvh", "nbvhstatic", "nbvhdynamic"]:
        assert getattr(ours, name) == getattr(ref, name), name
    assert_fields_close(ours, ref, ["body_bvhadr", "body_bvhnum", "mesh_bvhadr", "mesh_bvhnum"]
                        + BOUND_FIELDS, atol=1e-6, context=case)
    # the body trees come first; the mesh trees after them
    body_nodes = int(ref.mesh_bvhadr.min())
    assert body_nodes == int(ref.body_bvhnum.sum())
    for name in ["bvh_depth", "bvh_child", "bvh_nodeid"]:
        np.testing.assert_array_equal(getattr(ours, name)[:body_nodes], getattr(ref, name)[:body_nodes])
    assert_boxes_close(ours.bvh_aabb[:body_nodes], ref.bvh_aabb[:body_nodes], case)


def triangle_soup(triangles):
    vertex = " ".join(repr(float(x)) for x in np.asarray(triangles, dtype=float).ravel())
    face = " ".join(str(i) for i in range(3 * len(triangles)))
    return f'<mujoco><asset><mesh name="s" inertia="shell" vertex="{vertex}" face="{face}"/></asset></mujoco>'


BOX_MESH = """<mujoco><asset><mesh name="b" vertex="-1 -2 -3  1 -2 -3  1 2 -3  -1 2 -3  -1 -2 3  1 -2 3  1 2 3  -1 2 3"/>
  </asset><worldbody><geom type="mesh" mesh="b"/></worldbody></mujoco>"""


@pytest.mark.parametrize("seed", range(4))
def test_mesh_trees_of_small_faces_match_reference(seed):
    """Meshes whose faces are small or congruent are split exactly as the reference splits them."""
    rng = np.random.default_rng(seed)
    corners = np.array([[0, 0, 0], [0.1, 0, 0], [0, 0.1, 0]])
    xml = BOX_MESH if seed == 0 else triangle_soup(rng.normal(size=(16, 1, 3)) * [1, 2, 3] + corners)
    ours, ref = load_both(xml)
    assert_fields_close(ours, ref, ["mesh_bvhadr", "mesh_bvhnum", "bvh_depth", "bvh_child", "bvh_nodeid"],
                        atol=0, context=f"seed {seed}")
    assert_boxes_close(ours.bvh_aabb, ref.bvh_aabb, f"seed {seed}")


def vertex_soup(rng, vertices=30, faces=40):
    """Large faces of every shape between random vertices; the last faces repeat earlier ones
    with their corners in another order."""
    vert = rng.normal(size=(vertices, 3)) * [1, 0.7, 0.4]
    face = [rng.choice(vertices, 3, replace=False) for _ in range(faces - 4)]
    face += [np.roll(face[i], 1) for i in range(4)]
    return (f'<mujoco><asset><mesh name="m" vertex="{" ".join(repr(float(x)) for x in vert.ravel())}" '
            f'face="{" ".join(str(i) for i in np.ravel(face))}"/></asset><worldbody><body>'
            '<freejoint/><geom type="mesh" mesh="m" contype="0" conaffinity="0"/></body>'
            '</worldbody></mujoco>')


@pytest.mark.parametrize("seed", range(6))
def test_mesh_trees_of_large_faces_match_reference(seed):
    """Faces are ordered by their circumcentres: random vertex soups, whose faces no centroid or
    box centre would order as the reference does, give the reference's trees node for node."""
    ours, ref = load_both(vertex_soup(np.random.default_rng(seed)))
    assert_fields_close(ours, ref, ["mesh_bvhadr", "mesh_bvhnum", "bvh_depth", "bvh_child",
                                    "bvh_nodeid"], atol=0, context=f"seed {seed}")
    assert_boxes_close(ours.bvh_aabb, ref.bvh_aabb, f"seed {seed}")


def mirrored_soup(rng, pairs=24):
    """Random triangles and their mirror images in x = 0 (corners in mirrored order): the
    circumcentres of a pair agree in y and z up to their last bits, the way the mirror-image
    faces of a scanned animal do."""
    half = rng.normal(size=(pairs, 3, 3)) * [0.1, 1, 0.5] + [0.2, 0, 0]
    mirror = half[:, ::-1] * [-1, 1, 1]
    order = rng.permutation(2 * pairs)
    triangles = np.concatenate([half, mirror])[order]
    return triangle_soup(triangles).replace(
        "</asset></mujoco>", '</asset><worldbody><body><freejoint/><geom type="mesh" mesh="s" '
        'contype="0" conaffinity="0"/></body></worldbody></mujoco>')


@pytest.mark.parametrize("seed", range(6))
def test_mesh_trees_of_mirrored_faces_match_reference(seed):
    """Faces whose circumcentres differ by less than 1e-15 along the split axis are tied and
    keep their face order (exact comparisons of the last bits order such pairs otherwise)."""
    ours, ref = load_both(mirrored_soup(np.random.default_rng(seed)))
    assert_fields_close(ours, ref, ["mesh_bvhadr", "mesh_bvhnum", "bvh_depth", "bvh_child",
                                    "bvh_nodeid"], atol=0, context=f"seed {seed}")
    assert_boxes_close(ours.bvh_aabb, ref.bvh_aabb, f"seed {seed}")


def small_quads_far_out(offset, size, counts):
    """Small squares, two triangles each, in the planes x = +offset and x = -offset (counts[0]
    and counts[1] of them): the split along x cuts the faces of one plane, whose circumcentres
    are the same up to rounding, into two halves by face order."""
    triangles = []
    for x, count in zip((offset, -offset), counts):
        for i in range(count):
            y, z = 0.1 * i - 0.05 * count, 0.1 * (i % 2)
            a, b, c, d = [x, y, z], [x, y + size, z], [x, y + size, z + size], [x, y, z + size]
            triangles += [[a, b, c], [a, c, d]]
    return triangle_soup(triangles)


@pytest.mark.parametrize("offset", [0.48, 0.7, 1.1])
@pytest.mark.parametrize("size", [0.002, 0.005, 0.01])
@pytest.mark.parametrize("counts", [(3, 1), (5, 2), (6, 3)])
def test_mesh_trees_of_small_faces_far_out_match_reference(offset, size, counts):
    """Circumcentres found relative to a corner keep ties between small faces far from the
    mesh centre (metaworld's table: squares of 5 mm at 0.48); the absolute formula's
    cancellation (1e-14 there) broke 7 of these 27 meshes."""
    ours, ref = load_both(small_quads_far_out(offset, size, counts))
    context = f"offset {offset}, size {size}, counts {counts}"
    assert_fields_close(ours, ref, ["bvh_child", "bvh_nodeid"], atol=0, context=context)
    assert_boxes_close(ours.bvh_aabb, ref.bvh_aabb, context)


@pytest.mark.parametrize("case", sorted(MESH_CASES))
def test_mesh_trees_enclose_their_faces(case):
    """Each mesh tree holds every face once, in a leaf whose box is the face's box (mesh frame),
    and every inner box is the union of its children's."""
    ours = mjsim.MjModel.from_xml_string(mesh_model(case))
    for i in range(ours.nmesh):
        first, count = ours.mesh_bvhadr[i], ours.mesh_bvhnum[i]
        faces = ours.mesh_face[ours.mesh_faceadr[i]:ours.mesh_faceadr[i] + ours.mesh_facenum[i]]
        verts = ours.mesh_vert[ours.mesh_vertadr[i]:ours.mesh_vertadr[i] + ours.mesh_vertnum[i]]
        assert count == 2 * len(faces) - 1
        leaves = []
        for node in range(first, first + count):
            box = ours.bvh_aabb[node]
            lo, hi = box[:3] - box[3:], box[:3] + box[3:]
            if ours.bvh_nodeid[node] >= 0:
                corners = verts[faces[ours.bvh_nodeid[node]]]
                np.testing.assert_allclose(lo, corners.min(axis=0), atol=1e-6)
                np.testing.assert_allclose(hi, corners.max(axis=0), atol=1e-6)
                leaves.append(ours.bvh_nodeid[node])
                continue
            children = [first + c for c in ours.bvh_child[node]]
            assert all(ours.bvh_depth[c] == ours.bvh_depth[node] + 1 for c in children)
            clo = np.min([ours.bvh_aabb[c, :3] - ours.bvh_aabb[c, 3:] for c in children], axis=0)
            chi = np.max([ours.bvh_aabb[c, :3] + ours.bvh_aabb[c, 3:] for c in children], axis=0)
            np.testing.assert_allclose(lo, clo, atol=1e-12)
            np.testing.assert_allclose(hi, chi, atol=1e-12)
        assert sorted(leaves) == list(range(len(faces)))


def octagon_prism(scale):
    """A prism over an octagon whose x and y extents are both 2 (x and y inertias differ, so
    the mesh frame keeps them apart); `scale` stretches one axis by 1e-9, below single
    precision's resolution but above the split rule's 1e-14."""
    ring = [(1, .5), (.2, 1), (-.2, 1), (-1, .5), (-1, -.5), (-.2, -1), (.2, -1), (1, -.5)]
    vert = [(x, y, z) for z in (-.3, .3) for x, y in ring]
    face = []
    for i in range(8):
        j = (i + 1) % 8
        face += [(i, j, 8 + j), (i, 8 + j, 8 + i)]
    for i in range(1, 7):
        face += [(0, i + 1, i), (8, 8 + i, 8 + i + 1)]
    return (f'<mujoco><asset><mesh name="m" scale="{scale}" '
            f'vertex="{" ".join("%g %g %g" % v for v in vert)}" '
            f'face="{" ".join("%d %d %d" % f for f in face)}"/></asset>'
            '<worldbody><geom type="mesh" mesh="m"/></worldbody></mujoco>')


@pytest.mark.parametrize("scale", ["1 1 1", "1.000000001 1 1", "1 1.000000001 1"])
def test_mesh_tree_split_axis_compares_extents_in_double(scale):
    """Mesh trees choose the split axis as body trees do (a later axis wins if longer by 1e-14),
    not with the extents rounded to single precision."""
    ours, ref = load_both(octagon_prism(scale))
    assert_fields_close(ours, ref, ["bvh_child", "bvh_nodeid"], atol=0, context=scale)


def tilted_box_mesh(z_scale):
    """A 2 x 3 x 2 box mesh whose z is scaled by `z_scale`, one top corner raised by one
    single-precision step: the two top faces are tilted by 1.19e-7 z_scale."""
    top = float(np.nextafter(np.float32(1), np.float32(2)))
    vert = [(-1, -1.5, -1), (1, -1.5, -1), (1, 1.5, -1), (-1, 1.5, -1),
            (-1, -1.5, 1), (1, -1.5, 1), (1, 1.5, top), (-1, 1.5, 1)]
    face = [(0, 2, 1), (0, 3, 2), (4, 5, 6), (4, 6, 7), (0, 1, 5), (0, 5, 4), (1, 2, 6),
            (1, 6, 5), (2, 3, 7), (2, 7, 6), (3, 0, 4), (3, 4, 7)]
    return (f'<mujoco><asset><mesh name="m" scale="1 1 {z_scale}" '
            f'vertex="{" ".join("%.9g %.9g %.9g" % v for v in vert)}" '
            f'face="{" ".join("%d %d %d" % f for f in face)}"/></asset>'
            '<worldbody><geom type="mesh" mesh="m"/></worldbody></mujoco>')


THIN_GEOMS = """<mujoco><worldbody><body><freejoint/>
  <inertial pos="0 0 0" mass="1" diaginertia="1 2 3"/>
  <geom type="box" size="1e-17 7.5e-15 1e-17"/>
  <geom type="box" size="1e-17 7.5e-15 1e-17" pos="-1e-16 1e-16 0"/>
</body></worldbody></mujoco>"""


@pytest.mark.parametrize("xml", [tilted_box_mesh(s) for s in (1e-8, 8e-8, 8.4e-8, 2e-7)]
                         + [THIN_GEOMS], ids=["tilt1e-8", "tilt8e-8", "tilt8.4e-8", "tilt2e-7",
                                              "thin_geoms"])
def test_thin_boxes_are_stored_grown_by_1e_14(xml):
    """A node box thinner than 1e-14 along an axis is stored 1e-14 wider on both sides; its
    split axis is chosen from the unpadded box (thin_geoms: padded, x would win over y)."""
    ours, ref = load_both(xml)
    assert_fields_close(ours, ref, ["bvh_child", "bvh_nodeid"], atol=0)
    # the mesh's tree (the world body's box of the mesh geom carries the reference's rounding of
    # mesh_quat, 4e-15 here); a missing pad would differ by 1e-14
    first = int(ref.mesh_bvhadr[0]) if ref.nmesh else 0
    np.testing.assert_allclose(ours.bvh_aabb[first:], ref.bvh_aabb[first:], rtol=1e-12, atol=1e-15)
