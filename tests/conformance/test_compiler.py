"""The model compiler (cpp/src/compiler/) against the reference: every numeric MjModel field.

The fields are not a hand list: they are whatever a reference MjModel exposes, found with dir()
on the model under test, namely every numpy array attribute and every size (every `n*` int
attribute: nq, nv, nbody, ..., nB, nM, narena).

For each model of the corpus (models/, gymnasium, dm_control):
  test_sizes_match_reference      every size mjsim has equals the reference's
  test_fields_match_reference     every array mjsim has has the reference's shape and dtype,
                                  integer and uint8 arrays equal, real arrays within
                                  RTOL*|ref| + ATOL (quaternions as they are, sign included)
  test_no_missing_physics_fields  mjsim has every reference field except VISUAL_ONLY ones

A model that mjsim rejects with "... not supported by mjsim yet" is an expected failure (xfail,
reason: the message's first line); any other exception fails the test.

tests/tools/compiler_report.py prints the same comparison as a table, for the whole corpus.
"""

from __future__ import annotations

import functools
import re
import textwrap
from pathlib import Path

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import MODELS_DIR, corpus_models, label, params  # noqa: E402
from support import assert_fields_close  # noqa: E402

RTOL, ATOL = 1e-6, 1e-9
UNSUPPORTED = "not supported by mjsim yet"

# Fields that only rendering reads; mjsim may defer them (if present they are compared).
# Deliberately NOT here, although they look visual:
#   cam_*            gymnasium and dm_control render through cameras; mj_camlight computes
#                    cam_xpos/cam_xmat in MjData; the camprojection sensor reads the intrinsics
#   geom_rgba, geom_matid, mat_rgba, nmat, name_matadr
#                    mj_ray, hence the rangefinder sensor, ignores a geom whose alpha (its own
#                    or its material's) is 0 -- checked against the reference
#   light placement  light_mode, light_bodyid, light_targetbodyid, light_pos, light_dir,
#                    light_pos0, light_poscom0, light_dir0 (and nlight, name_lightadr): mj_camlight
#                    computes MjData.light_xpos/light_xdir from them
#   *_group          geomgroup filters mj_ray; actuator_group is read by disableactuator
#   flex_rgba, flex_matid, flex_group
#                    flexes take part in mj_ray like geoms; kept until shown otherwise
VISUAL_ONLY = frozenset({
    # textures
    "ntex", "ntexdata", "name_texadr", "tex_adr", "tex_colorspace", "tex_data", "tex_height",
    "tex_nchannel", "tex_pathadr", "tex_type", "tex_width",
    # material appearance (mat_rgba is not visual only, see above)
    "mat_emission", "mat_metallic", "mat_reflectance", "mat_roughness", "mat_shininess",
    "mat_specular", "mat_texid", "mat_texrepeat", "mat_texuniform",
    # light appearance (light placement is not visual only, see above)
    "light_active", "light_ambient", "light_attenuation", "light_bulbradius", "light_castshadow",
    "light_cutoff", "light_diffuse", "light_exponent", "light_intensity", "light_range",
    "light_specular", "light_texid", "light_type",
    # skins: meshes deformed by bodies, drawn only
    "nskin", "nskinbone", "nskinbonevert", "nskinface", "nskintexvert", "nskinvert",
    "name_skinadr", "skin_boneadr", "skin_bonebindpos", "skin_bonebindquat", "skin_bonebodyid",
    "skin_bonenum", "skin_bonevertadr", "skin_bonevertid", "skin_bonevertnum",
    "skin_bonevertweight", "skin_face", "skin_faceadr", "skin_facenum", "skin_group",
    "skin_inflate", "skin_matid", "skin_pathadr", "skin_rgba", "skin_texcoord",
    "skin_texcoordadr", "skin_vert", "skin_vertadr", "skin_vertnum",
    # vertex normals and texture coordinates of meshes and flexes (collision uses faces and
    # polygons, not these)
    "nmeshnormal", "nmeshtexcoord", "mesh_normal", "mesh_normaladr", "mesh_normalnum",
    "mesh_facetexcoord", "mesh_texcoord", "mesh_texcoordadr", "mesh_texcoordnum",
    "nflextexcoord", "flex_elemtexcoord", "flex_texcoord", "flex_texcoordadr",
    # colour and look of sites and tendons (neither is hit by mj_ray)
    "site_matid", "site_rgba", "tendon_matid", "tendon_rgba", "tendon_width",
})

# Fields that describe the reference's memory layout, not the model: neither required nor
# compared. nbuffer is the byte size of its model buffer; narena the byte size of its MjData
# arena, which without <size memory> is a guess from its own struct sizes (13 MiB for an empty
# model, growing with nv: observed, formula unknown). names_map and nnames_map are compared:
# mjsim lays its name tables out as the reference does (util/names.h).
IMPLEMENTATION_DEFINED = frozenset({"nbuffer", "narena"})

# Visual-only fields compared everywhere except where mjsim is known to differ, with the reason:
# the pixels of procedural textures with mark="random" come from the reference's random number
# generator, and its gradient curve is approximated (off by at most 1 in a byte). Models whose
# textures use neither are compared in full (tests/conformance/test_assets.py checks both).
# Vertex normals of meshes (drawn only) are float averages that agree to about 2e-7, and on
# sharp vertices the reference's choice of faces to average can flip.
VISUAL_APPROXIMATE = {"tex_data": ("random", "gradient"), "mesh_normal": None}


# ---------------------------------------------------------------------------------------
# shared with tests/tools/compiler_report.py


def reference_sizes(ref_model) -> list[str]:
    """Every size of a reference MjModel: its `n*` attributes whose value is an int."""
    return sorted(name for name in dir(ref_model)
                  if name.startswith("n") and type(getattr(ref_model, name)) is int)


def reference_arrays(ref_model) -> list[str]:
    """Every numpy array attribute of a reference MjModel."""
    return sorted(name for name in dir(ref_model)
                  if not name.startswith("_") and isinstance(getattr(ref_model, name), np.ndarray))


def reference_fields(ref_model) -> list[str]:
    """Sizes and arrays, sorted."""
    return sorted(reference_sizes(ref_model) + reference_arrays(ref_model))


def missing_fields(ours, ref_model, *, physics_only: bool = True) -> list[str]:
    """Reference fields that mjsim's model lacks (without VISUAL_ONLY ones if physics_only)."""
    excused = IMPLEMENTATION_DEFINED | (VISUAL_ONLY if physics_only else frozenset())
    return [name for name in reference_fields(ref_model)
            if name not in excused and not hasattr(ours, name)]


def compared(ours, names, model: Path | None = None) -> list[str]:
    """The names that mjsim has and that are compared (not IMPLEMENTATION_DEFINED, and not
    VISUAL_APPROXIMATE where the model uses what makes them approximate)."""
    skipped = set(IMPLEMENTATION_DEFINED)
    if model is not None:
        text = model_text(model)
        skipped |= {name for name, words in VISUAL_APPROXIMATE.items()
                    if words is None or any(f'"{word}"' in text for word in words)}
    return [name for name in names if name not in skipped and hasattr(ours, name)]


def model_text(path: Path, seen: set | None = None) -> str:
    """The text of a model file and of the files it includes, recursively."""
    seen = set() if seen is None else seen
    path = path.resolve()
    if path in seen or not path.is_file():
        return ""
    seen.add(path)
    text = path.read_text(errors="replace")
    for include in re.findall(r'<include\s+file="([^"]+)"', text):
        text += model_text(path.parent / include, seen)
    return text


def size_problems(ours, ref_model) -> list[str]:
    """'nq: mjsim 3, reference 4' for every size mjsim has that differs."""
    return [f"{name}: mjsim {getattr(ours, name)}, reference {getattr(ref_model, name)}"
            for name in compared(ours, reference_sizes(ref_model))
            if getattr(ours, name) != getattr(ref_model, name)]


def dtype_problems(ours, ref_model, names) -> list[str]:
    """'geom_rgba: dtype float64, reference float32' for every array whose dtype differs."""
    problems = []
    for name in names:
        ours_dtype = np.asarray(getattr(ours, name)).dtype
        ref_dtype = getattr(ref_model, name).dtype
        if ours_dtype != ref_dtype:
            problems.append(f"{name}: dtype {ours_dtype}, reference {ref_dtype}")
    return problems


def value_problems(ours, ref_model, names, context: str = "") -> str | None:
    """assert_fields_close's message for the arrays `names` (shapes exactly, integers exactly,
    reals within RTOL/ATOL, worst row named by object), or None if they all agree.
    mesh_polynormal is compared by polygon_normal_problem()."""
    problems = []
    if "mesh_polynormal" in names:
        names = [name for name in names if name != "mesh_polynormal"]
        problems.append(polygon_normal_problem(ours, ref_model, context))
    if any(name in BVH_FIELDS for name in names):
        problems.append(bvh_problem(ours, ref_model, [n for n in names if n in BVH_FIELDS], context))
        names = [name for name in names if name not in BVH_FIELDS]
    try:
        assert_fields_close(ours, ref_model, names, atol=ATOL, rtol=RTOL, model=ref_model,
                            context=context)
    except AssertionError as error:
        problems.append(str(error))
    problems = [p for p in problems if p]
    return "\n".join(problems) if problems else None


BVH_FIELDS = ("bvh_aabb", "bvh_child", "bvh_depth", "bvh_nodeid")


def zero_area_meshes(model) -> list[int]:
    """Meshes with a BVH and a face of zero area (its corners collinear in single precision)."""
    found = []
    for mesh in range(model.nmesh):
        if model.mesh_bvhnum[mesh] <= 0 or model.mesh_facenum[mesh] <= 0:
            continue
        vert = np.asarray(model.mesh_vert[model.mesh_vertadr[mesh]:][:model.mesh_vertnum[mesh]], float)
        face = np.asarray(model.mesh_face[model.mesh_faceadr[mesh]:][:model.mesh_facenum[mesh]])
        corners = vert[face]
        edges = corners[:, 1:] - corners[:, :1]
        cross = np.linalg.norm(np.cross(edges[:, 0], edges[:, 1]), axis=1)
        scale = np.linalg.norm(edges, axis=2).max(axis=1) ** 2
        if (cross <= 1e-12 * scale).any():
            found.append(mesh)
    return found


def valid_mesh_tree(model, mesh) -> bool:
    """The mesh's BVH is a binary tree over all its faces, each once: leaves hold a face and its
    box, every other node two later children and a box around theirs."""
    first, count = model.mesh_bvhadr[mesh], model.mesh_bvhnum[mesh]
    child = np.asarray(model.bvh_child[first:first + count])
    nodeid = np.asarray(model.bvh_nodeid[first:first + count])
    box = np.asarray(model.bvh_aabb[first:first + count], float)
    vert = np.asarray(model.mesh_vert[model.mesh_vertadr[mesh]:][:model.mesh_vertnum[mesh]], float)
    face = np.asarray(model.mesh_face[model.mesh_faceadr[mesh]:][:model.mesh_facenum[mesh]])
    tol = 1e-6 * (np.abs(vert).max() + 1)
    lo, hi = box[:, :3] - box[:, 3:], box[:, :3] + box[:, 3:]
    seen, stack = set(), [0]
    while stack:
        node = stack.pop()
        if node in seen or not 0 <= node < count:
            return False
        seen.add(node)
        if (child[node] < 0).all():
            corners = vert[face[nodeid[node]]] if 0 <= nodeid[node] < len(face) else None
            if corners is None or np.abs(lo[node] - corners.min(0)).max() > tol or \
                    np.abs(hi[node] - corners.max(0)).max() > tol:
                return False
            continue
        if (child[node] <= node).any():
            return False
        for c in child[node]:
            if (lo[c] < lo[node] - tol).any() or (hi[c] > hi[node] + tol).any():
                return False
        stack.extend(int(c) for c in child[node])
    leaves = nodeid[(child < 0).all(axis=1)]
    return len(seen) == count and sorted(leaves.tolist()) == list(range(len(face)))


def bvh_problem(ours, ref_model, names, context: str = "") -> str | None:
    """The BVH arrays, exact (boxes within RTOL/ATOL), except the trees of meshes with a zero-area
    face: where a face has no circumcentre the reference's split key is rounding noise (the
    same mesh moved by 0.125 sends a collinear face's leaf to another side), so such a tree must
    only be a valid tree over the same faces with the same node count."""
    exempt = np.zeros(ref_model.nbvh, bool)
    for mesh in zero_area_meshes(ref_model):
        first, count = ref_model.mesh_bvhadr[mesh], ref_model.mesh_bvhnum[mesh]
        if ours.mesh_bvhnum[mesh] == count and valid_mesh_tree(ours, mesh):
            exempt[first:first + count] = True
    problems = []
    for name in names:
        mine, theirs = np.asarray(getattr(ours, name)), np.asarray(getattr(ref_model, name))
        if mine.shape != theirs.shape:
            problems.append(f"{name}: shape {mine.shape}, reference shape {theirs.shape}")
            continue
        tolerance = ATOL + RTOL * np.abs(theirs) if name == "bvh_aabb" else 0
        differ = np.abs(mine.astype(float) - theirs.astype(float)) > tolerance
        if differ.size == 0:
            continue
        differ = differ.reshape(len(differ), -1).any(axis=1) & ~exempt
        if differ.any():
            row = int(np.argmax(differ))
            problems.append(f"{name}: {int(differ.sum())} of {len(differ)} rows differ; first row "
                            f"{row}: ours {mine[row].tolist()} ref {theirs[row].tolist()}")
    return "\n".join(f"{context}: {p}" if context else p for p in problems) or None


# the coordinates' rounding in the move into the mesh frame, in units of their largest value:
# measured on 2187 nearly collinear polygon starts of the wild corpus, up to 5e-14
NORMAL_ROUNDING = 1e-13


def polygon_normal_conditioning(model) -> np.ndarray:
    """Per polygon: how far rounding of its mesh's vertices can move its normal,
    NORMAL_ROUNDING * max|v| * (|e1| + |e2|) / |e1 x e2| over its loop's first three vertices."""
    out = np.zeros(model.nmeshpoly)
    for mesh in range(model.nmesh):
        first, count = model.mesh_polyadr[mesh], model.mesh_polynum[mesh]
        if count <= 0:
            continue
        vert = np.asarray(model.mesh_vert[model.mesh_vertadr[mesh]:][:model.mesh_vertnum[mesh]], float)
        starts = np.asarray(model.mesh_polyvertadr[first:first + count])
        corners = vert[np.asarray(model.mesh_polyvert)[starts[:, None] + np.arange(3)]]
        e1, e2 = corners[:, 1] - corners[:, 0], corners[:, 2] - corners[:, 0]
        cross = np.linalg.norm(np.cross(e1, e2), axis=1)
        lever = np.linalg.norm(e1, axis=1) + np.linalg.norm(e2, axis=1)
        with np.errstate(divide="ignore", invalid="ignore"):
            out[first:first + count] = NORMAL_ROUNDING * np.abs(vert).max() * lever / cross
    return np.nan_to_num(out, nan=0.0)


def polygon_normal_problem(ours, ref_model, context: str = "") -> str | None:
    """mesh_polynormal within RTOL/ATOL, widened by the row's conditioning, on every row where
    the reference's normal is a unit vector. A polygon normal is that of its loop's first three
    vertices; where those are collinear (dog.xml: 1 of its 301337 polygons) the reference divides
    rounding noise by rounding noise and stores e.g. (9e20, 0, 0) or inf/nan: there mjsim's row
    must be finite. Where they are nearly collinear the normal is fixed only to the rounding of
    the vertices' move into the mesh frame: a few ulps of the coordinates, amplified by
    (|e1| + |e2|) / |e1 x e2| (NORMAL_ROUNDING)."""
    ours_n = np.asarray(ours.mesh_polynormal, dtype=float)
    ref_n = np.asarray(ref_model.mesh_polynormal, dtype=float)
    if ours_n.shape != ref_n.shape:
        return f"{context}: mesh_polynormal shape {ours_n.shape} != {ref_n.shape}"
    with np.errstate(invalid="ignore", over="ignore"):
        unit = np.abs(np.linalg.norm(ref_n, axis=1) - 1) <= 1e-6
    tolerance = ATOL + RTOL * np.abs(ref_n) + polygon_normal_conditioning(ref_model)[:, None]
    bad = ~np.isfinite(ours_n).all(axis=1) | (unit[:, None] & (
        np.abs(ours_n - ref_n) > tolerance)).any(axis=1)
    if not bad.any():
        return None
    row = int(np.argmax(bad))
    return (f"{context}: mesh_polynormal: {int(bad.sum())} of {len(bad)} rows differ; first "
            f"polygon {row}: ours {ours_n[row].tolist()} ref {ref_n[row].tolist()}")


def unsupported_reason(error: BaseException) -> str | None:
    """The first line of a ValueError saying a feature is not supported yet, else None."""
    if isinstance(error, ValueError) and UNSUPPORTED in str(error):
        return str(error).splitlines()[0]
    return None


# ---------------------------------------------------------------------------------------
# loading


@functools.lru_cache(maxsize=None)
def _reference_model(path: Path):
    """The reference's model, loaded once per session (dog.xml takes seconds)."""
    return mujoco.MjModel.from_xml_path(str(path))


def load_both(path: Path):
    """(mjsim model, reference model). xfails the test if mjsim reports an unsupported
    feature; any other exception from mjsim propagates and fails the test."""
    try:
        ours = mjsim.MjModel.from_xml_path(str(path))
    except ValueError as error:
        reason = unsupported_reason(error)
        if reason is None:
            raise
        pytest.xfail(reason)
    return ours, _reference_model(Path(path).resolve())


# ---------------------------------------------------------------------------------------
# tests

MODELS = params(corpus_models())  # corpus_models() starts with our_models()


def test_excused_fields_are_reference_fields():
    """VISUAL_ONLY and IMPLEMENTATION_DEFINED name real reference fields (no typos), and
    no field is in both."""
    fields = set(reference_fields(_reference_model(corpus_models()[0].resolve())))
    assert not (VISUAL_ONLY | IMPLEMENTATION_DEFINED) - fields, sorted(
        (VISUAL_ONLY | IMPLEMENTATION_DEFINED) - fields)
    assert not VISUAL_ONLY & IMPLEMENTATION_DEFINED


@pytest.mark.parametrize("model", MODELS)
def test_sizes_match_reference(model):
    """Every reference size (nq, nv, nbody, ..., any `n*` int) that mjsim has is equal."""
    ours, ref = load_both(model)
    problems = size_problems(ours, ref)
    assert not problems, f"{label(model)}: {len(problems)} size(s) differ\n" + "\n".join(problems)


@pytest.mark.parametrize("model", MODELS)
def test_fields_match_reference(model):
    """Every reference array that mjsim has: same dtype and shape; integer, bool and uint8
    arrays equal; real arrays within RTOL*|ref| + ATOL, quaternions sign included. A failure
    lists every differing field, with its worst row named by object.

    One documented exception, see axisymmetric_bodies(): where a body's principal moments
    repeat, its principal axes are compared as the inertia tensor they give."""
    ours, ref = load_both(model)
    names = compared(ours, reference_arrays(ref), model)
    problems = dtype_problems(ours, ref, names)
    bodies = axisymmetric_bodies(ours, ref)
    if bodies:
        names = [name for name in names if name not in AXES_DEPENDENT]
        problems += axisymmetric_problems(ours, ref, bodies)
    values = value_problems(ours, ref, names, context=label(model))
    if problems or values:
        pytest.fail("\n".join(filter(None, [*problems, values])), pytrace=False)


# A body whose principal moments repeat (a capsule and a sphere on one axis: humanoid arms) has
# no unique principal axes: any orthonormal basis of the repeated moment's plane is one. The
# reference's basis follows the rounding path of its Jacobi iterations on its own last-bit
# inertia matrix; mjsim's can turn elsewhere in that plane. For such bodies the test compares
# the inertia tensor R diag(I) R' instead of body_iquat, and skips the arrays expressed in the
# inertial frame (the body BVH boxes and their node order). Every other body's iquat is exact.
AXES_DEPENDENT = frozenset({"body_iquat", "bvh_aabb", "bvh_nodeid"})
REPEATED_MOMENT_RTOL = 1e-6


def inertia_tensor(quat, moments):
    matrix = np.zeros(9)
    mujoco.mju_quat2Mat(matrix, np.asarray(quat, dtype=float))
    rotation = matrix.reshape(3, 3)
    return rotation @ np.diag(moments) @ rotation.T


def axisymmetric_bodies(ours, ref) -> list[int]:
    """Bodies with repeated principal moments whose iquat differs from the reference."""
    bodies = []
    for body in range(ref.nbody):
        moments = np.sort(ref.body_inertia[body])
        repeated = np.any(np.diff(moments) <= REPEATED_MOMENT_RTOL * max(moments[-1], 1e-300))
        differs = not np.allclose(ours.body_iquat[body], ref.body_iquat[body], rtol=RTOL, atol=ATOL)
        if repeated and differs and moments[-1] > 0:
            bodies.append(body)
    return bodies


def axisymmetric_problems(ours, ref, bodies) -> list[str]:
    problems = []
    for body in range(ref.nbody):
        if body in bodies:
            mine = inertia_tensor(ours.body_iquat[body], ours.body_inertia[body])
            theirs = inertia_tensor(ref.body_iquat[body], ref.body_inertia[body])
            if not np.allclose(mine, theirs, rtol=RTOL, atol=ATOL * max(1, np.abs(theirs).max())):
                problems.append(f"body {body}: inertia tensor differs with repeated moments")
        elif not np.allclose(ours.body_iquat[body], ref.body_iquat[body], rtol=RTOL, atol=ATOL):
            problems.append(f"body_iquat differs at body {body}")
    return problems


@pytest.mark.parametrize("model", MODELS)
def test_no_missing_physics_fields(model):
    """mjsim has every reference size and array except the VISUAL_ONLY (and the
    IMPLEMENTATION_DEFINED) ones. A failure lists all missing fields, sorted."""
    ours, ref = load_both(model)
    missing = missing_fields(ours, ref)
    if missing:
        pytest.fail(f"{label(model)}: {len(missing)} reference field(s) missing from "
                    f"mjsim.MjModel:\n" + textwrap.fill(", ".join(missing), 100),
                    pytrace=False)


def test_tree_validity_check_rejects_broken_trees():
    """valid_mesh_tree, which judges the BVH of meshes with zero-area faces, fails a tree with a
    face twice, a leaf box that misses its face, or a child before its parent."""
    model = mjsim.MjModel.from_xml_path(str(MODELS_DIR / "mesh_game_pieces.xml"))
    assert valid_mesh_tree(model, 0)
    first = model.mesh_bvhadr[0]
    leaves = [i for i in range(first, first + model.mesh_bvhnum[0]) if model.bvh_child[i, 0] < 0]
    for corrupt in ("nodeid", "box", "child"):
        saved = (model.bvh_nodeid.copy(), model.bvh_aabb.copy(), model.bvh_child.copy())
        if corrupt == "nodeid":
            model.bvh_nodeid[leaves[1]] = model.bvh_nodeid[leaves[0]]
        elif corrupt == "box":
            model.bvh_aabb[leaves[0], :3] += 1
        else:
            model.bvh_child[first, 0] = 0
        assert not valid_mesh_tree(model, 0), corrupt
        model.bvh_nodeid[:], model.bvh_aabb[:], model.bvh_child[:] = saved
