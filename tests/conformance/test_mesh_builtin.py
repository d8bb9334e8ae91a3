"""Procedural meshes (cpp/src/spec/mesh_builtin.cc) against the reference: MjsMesh.make_*
writes the reference's vertices, faces and normals (same order) over a sweep of parameters,
<mesh builtin= params=> compiles to the reference's Model, and bad parameters raise the
reference's exception class with its words, from Python and from XML."""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from conformance.test_compiler import (compared, dtype_problems, reference_arrays,  # noqa: E402
                                       size_problems, value_problems)

SWEEP = (
    [("sphere", dict(subdivision=k)) for k in range(5)]
    + [("hemisphere", dict(resolution=k)) for k in (0, 1, 2, 5, 10)]
    + [("cone", dict(nedge=n, radius=r)) for n in (3, 6, 17) for r in (0, 0.3, 1, -1)]
    + [("supersphere", dict(resolution=n, e=e, n=p)) for n in (3, 4, 7) for e in (0, 0.5, 2.5)
       for p in (0, 1, 3)]
    + [("supertorus", dict(resolution=n, radius=r, s=s, t=t)) for n in (3, 4, 9) for r in (0.2, 1)
       for s in (0.3, 2) for t in (0.5, 3)]
    + [("wedge", dict(resolution=res, fov=fov, gamma=g)) for res in ([1, 1], [3, 2], [7, 5])
       for fov in ([90, 45], [180, 90], [10, 3]) for g in (0, 0.3, 1)]
    + [("plate", dict(resolution=res)) for res in ([1, 1], [2, 3], [5, 4])]
)


def made(engine, builtin, arguments):
    mesh = engine.MjSpec().add_mesh()
    getattr(mesh, "make_" + builtin)(**arguments)
    return [np.asarray(getattr(mesh, name), dtype=float)
            for name in ("uservert", "userface", "usernormal")]


@pytest.mark.parametrize("builtin,arguments", SWEEP, ids=lambda v: str(v))
def test_make_writes_the_reference_data(builtin, arguments):
    for ours, ref in zip(made(mjsim, builtin, arguments), made(mujoco, builtin, arguments)):
        assert ours.shape == ref.shape
        np.testing.assert_allclose(ours, ref, atol=1e-6)


def test_make_replaces_only_what_it_makes():
    for engine in (mujoco, mjsim):
        mesh = engine.MjSpec().add_mesh()
        mesh.make_sphere(subdivision=0)
        mesh.make_cone(nedge=3, radius=1)
        assert (len(mesh.uservert), len(mesh.userface)) == (18, 60), engine.__name__


XML = """<mujoco><asset><mesh name="m" builtin="{builtin}" params="{params}"{extra}/></asset>
<worldbody><body><freejoint/><geom type="mesh" mesh="m"/></body></worldbody></mujoco>"""

COMPILED = [("sphere", "2"), ("sphere", "1.7"), ("hemisphere", "4"), ("cone", "5 1"),
            ("cone", "6 0"), ("supersphere", "20 2 1"), ("supertorus", "10 .5 1 1"),
            ("wedge", "25 25 90 45 0"), ("wedge", "3 2 90 45 .5")]


# Builtin meshes are symmetric: points on one sphere, coplanar quads (the wedge's cells, the
# cone's caps). Where several hulls or polygon merges are equally right, the choice is a tie of
# the hull algorithm, not a property of the mesh; those fields are left out and the geometry is
# held by the rest (vertices, mass, inertia, face counts, the faces of a sphere as written).
POLYGON_TIES = {"mesh_graph", "mesh_polyvert", "mesh_polynormal", "mesh_polynum", "mesh_polyadr",
                "mesh_polyvertadr", "mesh_polyvertnum", "mesh_polymap", "mesh_polymapadr",
                "mesh_polymapnum", "npolyvert", "npolymap", "nmeshpoly", "nmeshpolyvert",
                "nmeshpolymap", "nmeshgraph"}
HULL_TIES = POLYGON_TIES | {"mesh_face", "mesh_facenormal", "bvh_aabb", "bvh_child", "bvh_depth",
                            "bvh_nodeid"}
FACELESS = {"cone", "wedge"}  # their faces are the convex hull's


def assert_matches_but_ties(ours, ref, ties, context):
    problems = [p for p in size_problems(ours, ref) if p.split(":")[0] not in ties]
    names = [n for n in compared(ours, reference_arrays(ref)) if n not in ties | {"mesh_normal"}]
    problems += dtype_problems(ours, ref, names)
    values = value_problems(ours, ref, names, context=context)
    assert not problems and not values, "\n".join(filter(None, [context, *problems, values]))
    if "mesh_face" not in ties:  # vertex normals follow the faces; they are float averages
        np.testing.assert_allclose(ours.mesh_normal, ref.mesh_normal, atol=3e-7)


@pytest.mark.parametrize("builtin,params", COMPILED)
def test_xml_builtin_compiles_like_reference(builtin, params):
    xml = XML.format(builtin=builtin, params=params, extra=' scale="1 2 .5"')
    ours, ref = mjsim.MjModel.from_xml_string(xml), mujoco.MjModel.from_xml_string(xml)
    ties = HULL_TIES if builtin in FACELESS else POLYGON_TIES
    assert_matches_but_ties(ours, ref, ties, f"{builtin} {params}")


def test_spec_builtin_with_material_compiles_like_reference():
    def build(engine):
        spec = engine.MjSpec()
        spec.add_material(name="red", rgba=[1, 0, 0, 1])
        mesh = spec.add_mesh(name="torus")
        mesh.make_supertorus(resolution=12, radius=0.3, s=1, t=1)
        mesh.material = "red"
        spec.worldbody.add_geom(type=engine.mjtGeom.mjGEOM_MESH, meshname="torus")
        return spec.compile()
    assert_matches_but_ties(build(mjsim), build(mujoco), POLYGON_TIES, "supertorus")


PY_ERRORS = [
    ("sphere", dict(subdivision=-1)), ("sphere", dict(subdivision=5)),
    ("hemisphere", dict(resolution=-1)), ("hemisphere", dict(resolution=11)),
    ("supersphere", dict(resolution=2, e=1, n=1)), ("supersphere", dict(resolution=3, e=-1, n=1)),
    ("supersphere", dict(resolution=3, e=1, n=-1)),
    ("supertorus", dict(resolution=2, radius=.5, s=1, t=1)),
    ("supertorus", dict(resolution=3, radius=0, s=1, t=1)),
    ("supertorus", dict(resolution=3, radius=1.5, s=1, t=1)),
    ("supertorus", dict(resolution=3, radius=.5, s=0, t=1)),
    ("supertorus", dict(resolution=3, radius=.5, s=1, t=-1)),
    ("wedge", dict()), ("wedge", dict(resolution=[2, 2], fov=[181, 45])),
    ("wedge", dict(resolution=[2, 2], fov=[90, 91])), ("wedge", dict(resolution=[0, 2], fov=[90, 45])),
    ("wedge", dict(resolution=[2, 2], fov=[90, 45], gamma=1.5)),
    ("plate", dict()), ("plate", dict(resolution=[3, -1])),
]


@pytest.mark.parametrize("builtin,arguments", PY_ERRORS, ids=lambda v: str(v))
def test_bad_parameters_raise_the_reference_message(builtin, arguments):
    messages = []
    for engine in (mujoco, mjsim):
        with pytest.raises(ValueError) as error:
            getattr(engine.MjSpec().add_mesh(), "make_" + builtin)(**arguments)
        messages.append(str(error.value))
    assert messages[1] == messages[0]


XML_ERRORS = [
    ('builtin="sphere"', "required attribute missing: 'params'"),
    ('builtin="sphere" params="1 2"', "Sphere mesh type requires 1 parameter"),
    ('builtin="wedge" params="3 2 90 45"', "Wedge builtin mesh types require 5 parameters"),
    ('builtin="plate" params="1"', "Plate builtin mesh type requires 2 parameters"),
    ('builtin="bogus" params="1"', "invalid keyword"),
    ('builtin="none" params="1"', "Unsupported mesh type"),
    ('builtin="sphere" params="9"', "Sphere subdivision cannot be greater than 4"),
    ('builtin="sphere" params="1" vertex="0 0 0 1 0 0 0 1 0 0 0 1"',
     "builtin mesh cannot be used with user vertex data"),
    ('builtin="sphere" params="1" file="x.stl"', "builtin cannot be used with a mesh file"),
]


@pytest.mark.parametrize("attributes,words", XML_ERRORS)
def test_bad_xml_builtin_names_mesh_and_line(attributes, words):
    xml = f'<mujoco>\n<asset>\n<mesh name="m" {attributes}/>\n</asset>\n</mujoco>'
    for engine in (mujoco, mjsim):
        with pytest.raises(ValueError) as error:
            engine.MjModel.from_xml_string(xml)
        assert words in str(error.value) and "line 3" in str(error.value), engine.__name__


def test_cone_with_negative_edges_is_a_clear_error():
    # the reference fails with an unknown C++ exception here; mjsim names the parameter
    with pytest.raises(ValueError, match="Cone number of edges cannot be negative"):
        mjsim.MjSpec().add_mesh().make_cone(nedge=-3, radius=1)
