"""Derived model constants (compiler/constants.cc) against the reference: the sparse structure
of the inertia matrix (nM nC nD nB, dof_Madr, M_*, D_*, B_*, mapM2D, mapD2M, mapM2M),
body_simple and dof_simplenum, ntree, ngravcomp and body_gravcomp, and the mj_setConst values
at qpos0 (dof_M0, dof_invweight0, body_invweight0, tendon_invweight0, actuator_acc0,
actuator_length0) and nJmom.

Small inline models exercise one feature each: chains and branching trees, every joint type,
bodies without dofs in the middle of a chain, several joints in one body, static and mocap
parents, and every rule that makes a body "simple" (its tolerances included). Then every
model in models/ and the corpus models mjsim loads.
"""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import corpus_models, params  # noqa: E402
from support import assert_fields_close, load_model  # noqa: E402

UNSUPPORTED = "not supported by mjsim yet"

STRUCTURE_SIZES = ["nM", "nC", "nD", "nB", "ntree", "ngravcomp", "nJmom"]
STRUCTURE_FIELDS = [
    "body_simple", "dof_simplenum", "dof_Madr", "M_rownnz", "M_rowadr", "M_colind", "mapM2M",
    "D_rownnz", "D_rowadr", "D_diag", "D_colind", "B_rownnz", "B_rowadr", "B_colind",
    "mapM2D", "mapD2M",
]
SETCONST_FIELDS = ["dof_M0", "dof_invweight0", "body_invweight0", "tendon_invweight0",
                   "actuator_acc0", "actuator_length0"]
SETCONST_RTOL, SETCONST_ATOL = 1e-9, 1e-12

G = '<geom size=".1"/>'
BOX = '<geom type="box" size=".1 .2 .3"/>'


def body(joints="", geom=G, attrs="", children=""):
    return f"<body {attrs}>{joints}{geom}{children}</body>"


def slide(axis="0 0 1", extra=""):
    return f'<joint type="slide" axis="{axis}" {extra}/>'


def hinge(axis="0 0 1", extra=""):
    return f'<joint type="hinge" axis="{axis}" {extra}/>'


BALL = '<joint type="ball"/>'
FREE = "<freejoint/>"

# name -> worldbody content
TREES = {
    "chain": body(hinge(), children=body(hinge("0 1 0"), attrs='pos="0 0 .3"',
                                         children=body(slide(), attrs='pos="0 0 .3"'))),
    "branching_every_joint": body(FREE, children=(
        body(BALL, attrs='pos=".3 0 0"', children=body(hinge("1 0 0"), attrs='pos=".3 0 0"'))
        + body(slide("0 1 0") + hinge(), attrs='pos="0 .3 0"')
        + body("", attrs='pos="0 0 .3"', children=body(hinge(), attrs='pos="0 0 .3"')))),
    "welded_middle": body(hinge(), children=body("", attrs='pos="0 0 .2"', children=body(
        "", attrs='pos="0 0 .2"', children=body(BALL, attrs='pos="0 0 .2"')))),
    "static_root_with_trees": body("", children=body(hinge()) + body(slide(), attrs='pos="1 0 0"')),
    "two_static_levels": body("", children=body("", children=body(slide("0 1 0")))),
    "mocap_parent": body("", attrs='mocap="true"', children=body(slide())) + body(hinge()),
    "armature": body(hinge(extra='armature="0.5"'), children=body(
        BALL.replace("/>", ' armature="0.2"/>'), attrs='pos="0 0 .3"')),
    "several_trees": body(FREE) + body(hinge()) + body(slide()) + body(BALL),
    # simple bodies and their look-alikes
    "simple_slides": body(slide("1 0 0") + slide("0 1 0") + slide("0 0 -1"), BOX),
    "simple_same_slides": body(slide() + slide(extra='armature="1"'), BOX),
    "simple_slides_then_ball": body(slide() + BALL, BOX),
    "simple_hinge_each_axis": body(hinge("1 0 0"), BOX) + body(hinge("0 -2 0"), BOX) + body(hinge(), BOX),
    "simple_free": body(FREE, BOX),
    "simple_armature": body(slide(extra='armature="1"'), BOX) + body(FREE.replace("<freejoint/>", '<joint type="free" armature="1"/>'), BOX),
    "not_simple_ball_then_slide": body(BALL + slide(), BOX),
    "not_simple_two_hinges": body(hinge("1 0 0") + hinge("0 1 0"), BOX),
    "not_simple_tilted_axis": body(slide("1 1 0")) + body(hinge("1e-13 0 1")),
    "simple_axis_within_1e-14": body(hinge("1e-14 0 1")),
    "not_simple_anchor": body(hinge(extra='pos="1e-6 0 0"')) + body(slide(extra='pos="0 0 .2"')),
    "simple_anchor_within_1e-6": body(hinge(extra='pos="9.9e-7 -9.9e-7 9.9e-7"')),
    "not_simple_com_offset": body(slide(), '<geom size=".1" pos=".1 0 0"/>'),
    "not_simple_rotated_inertia": body(hinge(), '<geom type="box" size=".1 .2 .3" euler="0 0 30"/>'),
    "not_simple_child": body(FREE, children=body("")),
    "jointless_leaf": body("") + body(hinge()),
    "gravcomp": body(hinge(), attrs='gravcomp="1"') + body(hinge(), attrs='gravcomp="-1"')
    + body("", attrs='gravcomp="0.5"') + body(hinge(), attrs='gravcomp="1e-300"'),
    "no_dofs": body(""),
}


def tree_xml(name):
    return f"<mujoco><worldbody>{TREES[name]}</worldbody></mujoco>"


def assert_constants_match(ours, ref, context):
    for size in STRUCTURE_SIZES:
        assert getattr(ours, size) == getattr(ref, size), (
            f"{context}: {size} = {getattr(ours, size)}, reference {getattr(ref, size)}")
    assert_fields_close(ours, ref, STRUCTURE_FIELDS, atol=0, context=context)
    assert_fields_close(ours, ref, ["body_gravcomp"], atol=0, context=context)
    assert_fields_close(ours, ref, SETCONST_FIELDS, atol=SETCONST_ATOL, rtol=SETCONST_RTOL,
                        context=context)


@pytest.mark.parametrize("name", sorted(TREES))
def test_constants_match_reference_on_small_trees(name):
    xml = tree_xml(name)
    assert_constants_match(load_model(mjsim, xml), load_model(mujoco, xml), name)


TENDON_BODIES = """<worldbody><site name="s0" pos="1 0 1"/>
  <body><joint name="j1" type="slide"/><geom size=".1"/><site name="s1"/></body>
  <body pos="3 0 0"><joint name="j2" type="slide" axis="0 0 1"/><geom size=".1"/><site name="s2"/></body>
  <body pos="5 0 0"><geom size=".1"/><site name="s3" pos="0 0 1"/></body>
</worldbody>"""
TENDONS = {
    "spatial_armature": '<spatial armature="2"><site site="s1"/><site site="s3"/></spatial>',
    "spatial_armature_world_site": '<spatial armature="1"><site site="s0"/><site site="s2"/></spatial>',
    "spatial_no_armature": '<spatial><site site="s0"/><site site="s1"/></spatial>',
    "fixed_armature": '<fixed armature="1"><joint joint="j1" coef="1"/><joint joint="j2" coef="2"/></fixed>',
}


@pytest.mark.parametrize("name", sorted(TENDONS))
def test_tendon_armature_makes_its_site_bodies_not_simple(name):
    """A spatial tendon with armature makes the bodies of its sites (the world too) not simple;
    a fixed tendon's armature changes nothing (mjx's tendon/armature.xml)."""
    xml = f"<mujoco>{TENDON_BODIES}<tendon>{TENDONS[name]}</tendon></mujoco>"
    assert_constants_match(load_model(mjsim, xml), load_model(mujoco, xml), name)


def load_or_xfail(path):
    try:
        return load_model(mjsim, path)
    except ValueError as error:
        if UNSUPPORTED in str(error):
            pytest.xfail(str(error).splitlines()[0])
        raise


@pytest.mark.parametrize("path", params(corpus_models()))
def test_constants_match_reference_on_corpus(path):
    ours = load_or_xfail(path)
    assert_constants_match(ours, load_model(mujoco, path), str(path))


@pytest.mark.parametrize("name", ["branching_every_joint", "simple_same_slides", "several_trees"])
def test_sparse_maps_are_consistent(name):
    """Oracle-free: M_* lists ancestors then the diagonal, D_* is symmetric, and the maps
    between D and C send each entry to the same (row, column) pair."""
    m = load_model(mjsim, tree_xml(name))
    c_entries = [(i, int(m.M_colind[k])) for i in range(m.nv)
                 for k in range(m.M_rowadr[i], m.M_rowadr[i] + m.M_rownnz[i])]
    d_entries = [(i, int(m.D_colind[k])) for i in range(m.nv)
                 for k in range(m.D_rowadr[i], m.D_rowadr[i] + m.D_rownnz[i])]
    assert set(d_entries) == {(j, i) for i, j in d_entries}
    for i in range(m.nv):
        assert m.M_colind[m.M_rowadr[i] + m.M_rownnz[i] - 1] == i
        assert m.D_colind[m.D_rowadr[i] + m.D_diag[i]] == i
    for k, (i, j) in enumerate(c_entries):
        assert d_entries[m.mapD2M[k]] == (i, j)
    for k, (i, j) in enumerate(d_entries):
        if m.mapM2D[k] >= 0:
            assert c_entries[m.mapM2D[k]] == (max(i, j), min(i, j))
        else:
            assert m.body_simple[m.dof_bodyid[i]] and m.dof_bodyid[i] == m.dof_bodyid[j]
    assert len(set(np.asarray(m.mapM2M).tolist())) == m.nC
