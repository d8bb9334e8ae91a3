"""Mesh assets and mesh geoms against the reference: inline meshes, OBJ/STL/MSH files written
by the test, scale/refpos/refquat, every inertia mode, convex hulls (mesh_graph), polygons,
primitive geoms fitted to meshes (inertia box and fitaabb), tiny meshes (eigen tolerances).

Known gaps, kept out of the compared fields on purpose (see test_mesh_normals_close):
mesh_normal agrees to float rounding (~2e-7), not to the 1e-6 relative tolerance everywhere.
"""

import struct

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from support import assert_fields_close  # noqa: E402

MESH_FIELDS = [
    "nmesh", "nmeshvert", "nmeshface", "nmeshgraph", "nmeshpoly", "nmeshpolyvert", "nmeshpolymap",
    "nmeshnormal", "nmeshtexcoord",
    "mesh_vertadr", "mesh_vertnum", "mesh_faceadr", "mesh_facenum", "mesh_normaladr",
    "mesh_normalnum", "mesh_texcoordadr", "mesh_texcoordnum", "mesh_graphadr", "mesh_vert",
    "mesh_texcoord", "mesh_face", "mesh_facenormal", "mesh_facetexcoord", "mesh_graph",
    "mesh_scale", "mesh_pos", "mesh_quat", "mesh_polynum", "mesh_polyadr", "mesh_polynormal",
    "mesh_polyvertadr", "mesh_polyvertnum", "mesh_polyvert", "mesh_polymapadr",
    "mesh_polymapnum", "mesh_polymap", "mesh_pathadr", "npaths", "name_meshadr",
]
GEOM_FIELDS = ["geom_size", "geom_pos", "geom_quat", "geom_dataid", "body_mass", "body_inertia",
               "body_ipos", "body_iquat"]


# ---- shapes ------------------------------------------------------------------------------------

def box(lo, hi):
    (x0, y0, z0), (x1, y1, z1) = lo, hi
    vert = [(x0, y0, z0), (x1, y0, z0), (x1, y1, z0), (x0, y1, z0),
            (x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)]
    face = [(0, 2, 1), (0, 3, 2), (4, 5, 6), (4, 6, 7), (0, 1, 5), (0, 5, 4),
            (1, 2, 6), (1, 6, 5), (2, 3, 7), (2, 7, 6), (3, 0, 4), (3, 4, 7)]
    return np.array(vert, float), np.array(face)


def u_shape():
    """A non-convex prism (U profile): convex, exact and legacy inertia all differ."""
    poly = [(0, 0), (3, 0), (3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3)]
    n = len(poly)
    vert = [(x, y, 0) for x, y in poly] + [(x, y, 1) for x, y in poly]
    face = []
    for a, b, c in [(0, 1, 4), (0, 4, 5), (1, 2, 3), (1, 3, 4), (0, 5, 6), (0, 6, 7)]:
        face += [(a, c, b), (a + n, b + n, c + n)]
    for i in range(n):
        j = (i + 1) % n
        face += [(i, j, j + n), (i, j + n, i + n)]
    return np.array(vert, float), np.array(face)


def point_cloud(seed, count=40):
    return np.random.default_rng(seed).standard_normal((count, 3)).round(6)


def numbers(array):
    return " ".join(repr(float(x)) for x in np.ravel(array))


def ints(array):
    return " ".join(str(int(x)) for x in np.ravel(array))


# ---- file writers ------------------------------------------------------------------------------

def binary_stl(vert, face):
    data = bytearray(80) + struct.pack("<I", len(face))
    for a, b, c in face:
        normal = np.cross(vert[b] - vert[a], vert[c] - vert[a])
        data += struct.pack("<12fH", *(normal / np.linalg.norm(normal)), *vert[a], *vert[b], *vert[c], 0)
    return bytes(data)


def msh(vert, face, normal=None, texcoord=None):
    normal = np.zeros((0, 3)) if normal is None else normal
    texcoord = np.zeros((0, 2)) if texcoord is None else texcoord
    header = struct.pack("<4i", len(vert), len(normal), len(texcoord), len(face))
    return (header + np.asarray(vert, np.float32).tobytes() + np.asarray(normal, np.float32).tobytes()
            + np.asarray(texcoord, np.float32).tobytes() + np.asarray(face, np.int32).tobytes())


def obj(vert, face, texcoord=False, normals=False):
    lines = [f"v {float(x)!r} {float(y)!r} {float(z)!r}" for x, y, z in vert]
    if texcoord:
        lines += [f"vt {float(x)!r} {float(y)!r}" for x, y, _ in vert]
    if normals:
        lines += ["vn 0 0 1", "vn 0 1 0", "vn 1 0 0"]
    for k, corners in enumerate(face):
        parts = []
        for i, v in enumerate(corners):
            part = str(v + 1)
            if texcoord or normals:
                part += "/" + (str(v + 1) if texcoord else "")
            if normals:
                part += "/" + str((k + i) % 3 + 1)
            parts.append(part)
        lines.append("f " + " ".join(parts))
    return ("\n".join(lines) + "\n").encode()


def quad_obj():
    """A pyramid whose base is one quad: OBJ polygons are split into fans."""
    return b"v 0 0 0\nv 1 0 0\nv 1.2 1 0\nv 0 1 0\nv 0.5 0.5 1\nf 1 4 3 2\nf 1 2 5\nf 2 3 5\nf 3 4 5\nf 4 1 5\n"


# ---- comparison --------------------------------------------------------------------------------

def compare(xml, assets=None, fields=MESH_FIELDS + GEOM_FIELDS, path=None):
    if path is not None:
        ours, ref = mjsim.MjModel.from_xml_path(str(path)), mujoco.MjModel.from_xml_path(str(path))
    else:
        ours = mjsim.MjModel.from_xml_string(xml, assets)
        ref = mujoco.MjModel.from_xml_string(xml, assets)
    assert_fields_close(ours, ref, fields, atol=1e-9, rtol=1e-6)
    assert bytes(ours.paths) == bytes(ref.paths) and bytes(ours.names) == bytes(ref.names)
    return ours, ref


def model(meshes, geoms, compiler=""):
    return (f"<mujoco><compiler {compiler}/><asset>{meshes}</asset><worldbody>"
            f"<body pos='0 0 1'><freejoint/>{geoms}</body></worldbody></mujoco>")


def inline_mesh(vert, face=None, attrs=""):
    face_attr = f' face="{ints(face)}"' if face is not None else ""
    return f'<mesh name="m" {attrs} vertex="{numbers(vert)}"{face_attr}/>'


# ---- tests -------------------------------------------------------------------------------------

SHAPES = {"box": box((0, 0, 0), (1, 2, 3)), "u": u_shape()}


@pytest.mark.parametrize("shape", sorted(SHAPES))
@pytest.mark.parametrize("inertia", ["convex", "exact", "legacy", "shell", None])
@pytest.mark.parametrize("collision", [True, False])
def test_inline_mesh_inertia_modes(shape, inertia, collision):
    vert, face = SHAPES[shape]
    attrs = f'inertia="{inertia}"' if inertia else ""
    geom = '<geom type="mesh" mesh="m" pos="0.1 0 0" euler="10 20 30"' + (
        "/>" if collision else ' contype="0" conaffinity="0"/>')
    compare(model(inline_mesh(vert, face, attrs), geom))


@pytest.mark.parametrize("pair", ['geom1="mesh" geom2="ball"', 'geom1="ball" geom2="mesh"', None])
def test_contact_pair_geom_needs_the_hull(pair):
    """A mesh geom with contype and conaffinity 0 still gets its hull (mesh_graph, hull
    polygons) when a contact pair names it (myo-sim's myolegs_osl foot)."""
    vert, face = SHAPES["u"]
    geoms = ('<geom name="mesh" type="mesh" mesh="m" contype="0" conaffinity="0"/>'
             '<geom name="ball" size=".1" pos="3 0 0"/>')
    xml = model(inline_mesh(vert, face), geoms)
    if pair:
        xml = xml.replace("</mujoco>", f"<contact><pair {pair}/></contact></mujoco>")
    compare(xml)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("attrs", ["", 'scale="1 2 0.5"', 'refquat="1 0.2 0.3 0.1" refpos="1 2 3"',
                                   'scale="1 1 -1"', 'maxhullvert="-1" smoothnormal="true"'])
def test_point_cloud_hull_graph_and_polygons(seed, attrs):
    compare(model(inline_mesh(point_cloud(seed), None, attrs), '<geom type="mesh" mesh="m"/>'))


@pytest.mark.parametrize("attrs", ['scale="1 2 3" refquat="1 0.3 0.2 0.1"', 'refpos="0.5 0.5 0.5"',
                                   'scale="2 2 2" inertia="exact"'])
def test_mesh_transform(attrs):
    vert, face = u_shape()
    compare(model(inline_mesh(vert, face, attrs), '<geom type="mesh" mesh="m"/>'))


def mesh_files():
    vert, face = u_shape()
    return {
        "u_stl.stl": binary_stl(vert, face),
        "u_msh.msh": msh(vert, face),
        "ut_msh.msh": msh(vert, face, texcoord=vert[:, :2]),
        "un_msh.msh": msh(vert, face, normal=np.ones_like(vert) / np.sqrt(3)),
        "u_obj.obj": obj(vert, face),
        "ut_obj.obj": obj(vert, face, texcoord=True),
        "un_obj.OBJ": obj(vert, face, texcoord=True, normals=True),
        "pyramid.obj": quad_obj(),
    }


@pytest.mark.parametrize("name", sorted(mesh_files()))
def test_mesh_files_from_assets(name):
    files = mesh_files()
    xml = model(f'<mesh file="{name}"/>', f'<geom type="mesh" mesh="{name.split(".")[0]}"/>')
    compare(xml, {name: files[name]})


@pytest.mark.parametrize("scale", ["-1 -1 -1", "1 -2 0.5", "-1 -1 1"])
@pytest.mark.parametrize("name", ["u_stl.stl", "ut_msh.msh", "un_obj.OBJ"])
@pytest.mark.parametrize("collision", [True, False])
def test_mirroring_scale_reverses_winding(scale, name, collision):
    """A scale of negative determinant reverses every face's winding (vertex, normal and
    texcoord faces), before the polygons are found; a positive one keeps it."""
    contact = "" if collision else ' contype="0" conaffinity="0"'
    xml = model(f'<mesh name="m" file="{name}" scale="{scale}"/>',
                f'<geom type="mesh" mesh="m"{contact}/>')
    fields = [f for f in MESH_FIELDS + GEOM_FIELDS if f != "mesh_normal"]
    compare(xml, {name: mesh_files()[name]}, fields)


@pytest.mark.parametrize("scale", ["-1 -1 -1", "1 -2 0.5"])
@pytest.mark.parametrize("per_vertex", [True, False])
def test_mirroring_scale_keeps_inline_winding(scale, per_vertex):
    vert, face = u_shape()
    attrs = f'scale="{scale}"'
    if per_vertex:
        attrs += (f' texcoord="{numbers(vert[:, :2])}"'
                  f' normal="{numbers(np.ones_like(vert) / np.sqrt(3))}"')
    compare(model(inline_mesh(vert, face, attrs), '<geom type="mesh" mesh="m"/>'))


def test_mesh_files_from_meshdir(tmp_path):
    files = mesh_files()
    (tmp_path / "assets").mkdir()
    meshes = ""
    geoms = ""
    for name, data in sorted(files.items()):
        (tmp_path / "assets" / name).write_bytes(data)
        meshes += f'<mesh class="big" file="{name}" refpos="0.1 0 0"/>'
        geoms += f'<geom type="mesh" mesh="{name.split(".")[0]}"/>'
    xml = model(meshes, geoms, 'meshdir="assets"').replace(
        "<asset>", '<default><default class="big"><mesh scale="2 2 2" inertia="shell"/></default></default><asset>')
    path = tmp_path / "model.xml"
    path.write_text(xml)
    compare(None, path=path)


@pytest.mark.parametrize("geom", ["box", "sphere", "capsule", "cylinder", "ellipsoid", "mesh"])
@pytest.mark.parametrize("fitaabb", ["false", "true"])
def test_primitive_fitted_to_mesh(geom, fitaabb):
    if geom == "capsule" and fitaabb == "true":
        pytest.skip("the fitted capsule of this mesh has no cylinder part (both engines reject it)")
    vert, face = u_shape()
    geoms = f'<geom type="{geom}" mesh="m" pos="1 0 0" euler="10 20 30" fitscale="1.5"/>'
    compare(model(inline_mesh(vert, face), geoms, f'fitaabb="{fitaabb}"'))


@pytest.mark.parametrize("scale", [0.03, 0.005, 0.001])
def test_tiny_meshes_keep_reference_principal_axes(scale):
    """The reference stops diagonalizing below 1e-12 and keeps near-equal moments in place."""
    vert, face = box((0, 0, 0), (3, 2, 1))
    attrs = f'scale="{scale} {scale} {scale}" refquat="1 0.3 0.2 0.1"'
    compare(model(inline_mesh(vert, face, attrs), '<geom type="mesh" mesh="m"/>'))


def test_vertex_normals_close_to_reference():
    vert, face = u_shape()
    ours, ref = compare(model(inline_mesh(point_cloud(0), None) + '<mesh name="u" vertex="%s" face="%s"/>'
                              % (numbers(vert), ints(face)), '<geom type="mesh" mesh="m"/>'))
    np.testing.assert_allclose(ours.mesh_normal, ref.mesh_normal, atol=3e-7)


@pytest.mark.parametrize("with_faces", [True, False])
def test_inline_normals_and_texcoords_are_per_vertex(with_faces):
    vert, face = u_shape()
    normal = np.ones_like(vert) / np.sqrt(3)
    attrs = f'normal="{numbers(normal)}" texcoord="{numbers(vert[:, :2] / 3)}" scale="1 2 1"'
    compare(model(inline_mesh(vert, face if with_faces else None, attrs), '<geom type="mesh" mesh="m"/>'),
            fields=MESH_FIELDS + GEOM_FIELDS + ["mesh_normal"])


# ---- bit for bit: the mesh frame's origin ----------------------------------------------------
# The centre of mass is where the vertices are moved to (mesh_pos); vertex coordinates that
# should be 0 keep its last bits (~1e-19), which decide ties in the mesh BVH.

def random_convex_mesh(seed, count=12):
    """Points on a perturbed sphere and the outward triangles of their hull (all on the hull)."""
    rng = np.random.default_rng(seed)
    spatial = pytest.importorskip("scipy.spatial")
    while True:
        points = rng.normal(size=(count, 3))
        points /= np.linalg.norm(points, axis=1)[:, None]
        points = (points * rng.uniform(0.9, 1.1, (count, 1)) * rng.uniform(0.1, 3)
                  + rng.uniform(-1, 1, 3)).astype(np.float32).astype(float)
        hull = spatial.ConvexHull(points)
        if len(np.unique(hull.simplices)) == count:
            break
    face = hull.simplices.copy()
    middle = points.mean(axis=0)
    for f in face:
        a, b, c = points[f]
        if np.dot(np.cross(b - a, c - a), a - middle) < 0:
            f[[1, 2]] = f[[2, 1]]
    return points, face


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("inertia", ["convex", "exact", "legacy", "shell"])
def test_mesh_centre_is_bitwise_reference(seed, inertia):
    vert, face = random_convex_mesh(seed)
    xml = model(inline_mesh(vert, face, f'inertia="{inertia}"'), '<geom type="mesh" mesh="m"/>')
    ours, ref = mjsim.MjModel.from_xml_string(xml), mujoco.MjModel.from_xml_string(xml)
    np.testing.assert_array_equal(np.asarray(ours.mesh_pos), ref.mesh_pos)


@pytest.mark.parametrize("name", ["pawn_exact", "pawn_legacy", "pawn"])
def test_pawn_vertices_are_bitwise_reference(name):
    """models/mesh_game_pieces.xml: a turned solid centred on its axis; the convex mode's
    centre uses the hull's tetrahedra with the apex at the centroid of the mesh's own faces."""
    from pathlib import Path
    path = Path(__file__).resolve().parents[2] / "models" / "mesh_game_pieces.xml"
    ours, ref = mjsim.MjModel.from_xml_path(str(path)), mujoco.MjModel.from_xml_path(str(path))
    mesh = ref.mesh(name).id
    rows = slice(ref.mesh_vertadr[mesh], ref.mesh_vertadr[mesh] + ref.mesh_vertnum[mesh])
    np.testing.assert_array_equal(np.asarray(ours.mesh_pos)[mesh], ref.mesh_pos[mesh])
    np.testing.assert_array_equal(np.asarray(ours.mesh_vert)[rows], ref.mesh_vert[rows])
