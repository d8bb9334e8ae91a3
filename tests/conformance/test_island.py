"""Constraint islands (engine/island.cc, mj_island) against the reference: nisland, nidof and
every island array (dof_island, island_nv / idofadr / dofadr, map_dof2idof / map_idof2dof,
efc_island, island_ne / nf / nefc / iefcadr, map_efc2iefc / map_iefc2efc) and the island-ordered
copies of the solver's arrays (iM, iLD, iacc, iefc_J, iefc_force, ... bindings/islands.cc), on
hand models that exercise each kind of edge and on the corpus at random states."""

import numpy as np
import pytest

import corpus
from conformance.constraint_models import EQUALITY_LIMIT_FRICTION
from support import load_pair, use_reference_geom_fluid

DOF_FIELDS = ["dof_island", "map_dof2idof", "map_idof2dof"]
ISLAND_FIELDS = ["island_nv", "island_idofadr", "island_dofadr", "island_ne", "island_nf",
                 "island_nefc", "island_iefcadr"]
EFC_FIELDS = ["efc_island", "map_efc2iefc", "map_iefc2efc"]
DSBL_ISLAND = 1 << 18


def assert_islands_match(pair, where=""):
    d, ref = pair.d, pair.ref_d
    assert (d.nefc, d.nisland, d.nidof) == (ref.nefc, ref.nisland, ref.nidof), where
    if ref.nisland == 0:  # the reference leaves the per-dof and per-row arrays unset
        return
    for field in DOF_FIELDS + ISLAND_FIELDS:
        np.testing.assert_array_equal(getattr(d, field), getattr(ref, field),
                                      f"{field} {where}")
    for field in EFC_FIELDS:
        np.testing.assert_array_equal(getattr(d, field), getattr(ref, field)[: ref.nefc],
                                      f"{field} {where}")


ISLAND_DOF_ARRAYS = ["iacc", "iacc_smooth", "ifrc_smooth", "ifrc_constraint", "iLDiagInv",
                     "iM_rownnz", "iM_rowadr"]
ISLAND_ROW_ARRAYS = ["iefc_type", "iefc_id", "iefc_frictionloss", "iefc_D", "iefc_R",
                     "iefc_aref", "iefc_state", "iefc_force"]


def assert_close(ours, theirs, what):
    scale = max(1.0, float(np.abs(theirs).max(initial=0)))
    np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-6 * scale, err_msg=what)


def agrees(ours, theirs):
    ours, theirs = np.asarray(ours), np.asarray(theirs)
    scale = max(1.0, float(np.abs(theirs).max(initial=0)))
    return ours.shape == theirs.shape and np.allclose(ours, theirs, rtol=1e-5, atol=1e-6 * scale)


def assert_island_ordered_arrays_match(pair, where=""):
    """Each island-ordered array is compared where the whole-system array it is gathered from
    agrees with the reference's (those are compared by the solver and constraint tests; here
    the order and layout are). The reference fills them when its solver works island by island
    (Newton or CG, islands on, no noslip); what it leaves unset (the tails past the entries in
    use, the dense Jacobian's pattern arrays) is not compared."""
    m, d, ref = pair.ref_m, pair.d, pair.ref_d
    if ref.nisland == 0 or m.opt.solver == 0 or m.opt.noslip_iterations > 0:
        return
    sources = {"iacc": "qacc", "iacc_smooth": "qacc_smooth", "ifrc_smooth": "qfrc_smooth",
               "ifrc_constraint": "qfrc_constraint", "iLDiagInv": "qLDiagInv",
               **{f"iefc_{name}": f"efc_{name}" for name in
                  ["type", "id", "frictionloss", "D", "R", "aref", "state", "force"]}}
    for field, source in sources.items():
        if agrees(getattr(d, source), getattr(ref, source)):
            assert_close(getattr(d, field), getattr(ref, field), f"{field} {where}")
    for field in ["iM_rownnz", "iM_rowadr"]:
        assert_close(getattr(d, field), getattr(ref, field), f"{field} {where}")
    used = ref.iM_rownnz.sum()
    for field, source in [("iM", "M"), ("iLD", "qLD"), ("iM_colind", "M")]:
        if agrees(getattr(d, source), getattr(ref, source)):
            assert_close(getattr(d, field)[:used], getattr(ref, field)[:used], f"{field} {where}")
    if not agrees(d.efc_J, ref.efc_J):
        return  # rows or their sparsity differ (constraint.cc)
    if m.opt.jacobian == 1:
        for field in ["iefc_J_rownnz", "iefc_J_rowadr", "iefc_J_rowsuper"]:
            assert_close(getattr(d, field), getattr(ref, field), f"{field} {where}")
        used = ref.iefc_J_rownnz.sum()
        for field in ["iefc_J", "iefc_J_colind"]:
            assert_close(getattr(d, field)[:used], getattr(ref, field)[:used], f"{field} {where}")
        return
    # dense: island k's rows (island_nv entries each) from island_iefcadr[k] * nidof
    for k in range(ref.nisland):
        start = ref.island_iefcadr[k] * ref.nidof
        stop = start + ref.island_nefc[k] * ref.island_nv[k]
        assert_close(d.iefc_J[start:stop], ref.iefc_J[start:stop], f"iefc_J island {k} {where}")


def forward_both(pair):
    pair.call("mj_forward")


# Two box stacks and a lone box on a plane: one island per stack, the lone box's dofs last
TWO_STACKS = """
<mujoco>
  <worldbody>
    <geom type="plane" size="5 5 .1"/>
    <body pos="0 0 .1"><freejoint/><geom type="box" size=".1 .1 .1"/></body>
    <body pos="0 0 .3"><freejoint/><geom type="box" size=".1 .1 .1"/></body>
    <body pos="1 0 .1"><freejoint/><geom type="box" size=".1 .1 .1"/></body>
    <body pos="2 0 .5"><freejoint/><geom type="box" size=".1 .1 .1"/></body>
    <body pos="1 0 .3"><freejoint/><geom type="box" size=".1 .1 .1"/></body>
  </worldbody>
</mujoco>
"""

# islands out of efc order: the first rows (equalities) join later trees, a tree alone with
# its limit rows comes first; friction loss rows, a tendon across trees
OUT_OF_ORDER = """
<mujoco>
  <worldbody>
    <body pos="0 0 2"><joint name="ja" type="hinge" limited="true" range="0 1" margin=".1"/>
      <geom size=".1" pos=".2 0 0"/></body>
    <body pos="1 0 2"><joint name="jb" type="slide" axis="0 0 1"/><geom size=".1"/></body>
    <body pos="1.5 0 2"><joint name="jc" type="slide" axis="0 0 1" frictionloss="1"/>
      <geom size=".1"/></body>
    <body pos="3 0 2"><joint name="je" type="hinge"/><geom size=".1" pos=".2 0 0"/></body>
    <body pos="4 0 2"><joint name="jf" type="hinge"/><geom size=".1" pos=".2 0 0"/></body>
    <body pos="5 0 2"><joint name="jg" type="hinge"/><geom size=".1" pos=".2 0 0"/></body>
    <body pos="6 0 2"><joint name="jh" type="slide"/><geom size=".1" pos=".2 0 0"/></body>
    <body pos="7 0 2"><joint name="ji" type="hinge"/><geom size=".1" pos=".2 0 0"/></body>
  </worldbody>
  <tendon>
    <fixed limited="true" range="-1 0" margin=".1"><joint joint="jg" coef="1"/>
      <joint joint="ji" coef="1"/></fixed>
    <fixed frictionloss="1"><joint joint="jh" coef="1"/><joint joint="ja" coef="2"/></fixed>
    {zero_coefficient}
  </tendon>
  <equality><joint joint1="jf" joint2="je"/><joint joint1="jc" joint2="jb"/></equality>
</mujoco>
"""

# a chain whose links touch the floor and carry limits and friction loss, joined to a free
# body by a connect equality
CHAIN_EQUALITY = """
<mujoco>
  <worldbody>
    <geom type="plane" size="5 5 .1"/>
    <body name="free" pos="2 0 .5"><freejoint/><geom type="sphere" size=".1"/></body>
    <body pos="1 0 0.3">
      <joint type="hinge" axis="0 1 0" range="-1 1" limited="true" frictionloss="0.1"/>
      <geom type="capsule" fromto="0 0 0 0.4 0 -0.25" size="0.05"/>
      <body name="tip" pos="0.4 0 -0.25">
        <joint type="hinge" axis="0 1 0" range="-2 2" limited="true"/>
        <geom type="capsule" fromto="0 0 0 -0.35 0 0" size="0.05"/>
      </body>
    </body>
  </worldbody>
  <equality><connect body1="tip" body2="free" anchor="0 0 0"/></equality>
</mujoco>
"""

# a tendon limit with a zero coefficient on another tree's joint: that tree joins the island
# only with a sparse Jacobian, whose efc_J_colind keeps ten_J's pattern (constraint.cc
# RowNonzeros)
ZERO_COEFFICIENT = """<fixed limited="true" range="-1 0" margin=".1"><joint joint="jb" coef="1"/>
      <joint joint="jh" coef="0"/></fixed>"""
OUT_OF_ORDER_ZERO = OUT_OF_ORDER.replace("{zero_coefficient}", ZERO_COEFFICIENT)
OUT_OF_ORDER = OUT_OF_ORDER.replace("{zero_coefficient}", "")

HAND_MODELS = {"two_stacks": TWO_STACKS, "out_of_order": OUT_OF_ORDER,
               "chain_equality": CHAIN_EQUALITY, "equality_limit_friction":
               EQUALITY_LIMIT_FRICTION}


@pytest.mark.parametrize("jacobian", [0, 1], ids=["dense", "sparse"])
@pytest.mark.parametrize("name", list(HAND_MODELS))
def test_hand_model_islands_match_reference(name, jacobian):
    pair = load_pair(HAND_MODELS[name], seed=None)
    for model in (pair.m, pair.ref_m):
        model.opt.jacobian = jacobian
    for step in range(20):
        forward_both(pair)
        assert_islands_match(pair, f"step {step}")
        assert_island_ordered_arrays_match(pair, f"step {step}")
        pair.call("mj_step")


@pytest.mark.parametrize("jacobian", [0, 1], ids=["dense", "sparse"])
def test_zero_tendon_coefficient_joins_no_tree(jacobian):
    pair = load_pair(OUT_OF_ORDER_ZERO, seed=None)
    for model in (pair.m, pair.ref_m):
        model.opt.jacobian = jacobian
    forward_both(pair)
    assert_islands_match(pair)


def test_islands_are_numbered_by_first_tree_and_unconstrained_dofs_go_last():
    pair = load_pair(TWO_STACKS, seed=None)
    forward_both(pair)
    d = pair.d
    assert d.nisland == 2 and d.nidof == 24
    assert list(d.dof_island[18:24]) == [-1] * 6  # the falling box
    assert list(d.map_idof2dof[24:]) == list(range(18, 24))


@pytest.mark.parametrize("flags", [DSBL_ISLAND, 1 << 0, (1 << 4) | (1 << 3) | (1 << 2) | 2],
                         ids=["island", "constraint", "every_row_kind"])
def test_disabled_or_no_rows_leave_no_islands(flags):
    pair = load_pair(CHAIN_EQUALITY, seed=None)
    for model in (pair.m, pair.ref_m):
        model.opt.disableflags = flags
    forward_both(pair)
    assert (pair.d.nisland, pair.d.nidof) == (pair.ref_d.nisland, pair.ref_d.nidof) == (0, 0)
    assert list(pair.d.dof_island) == [-1] * pair.m.nv
    # and mj_step runs
    pair.call("mj_step")


def test_model_without_constraints():
    pair = load_pair("<mujoco><worldbody><body><joint/><geom size='.1'/></body>"
                     "</worldbody></mujoco>", seed=None)
    forward_both(pair)
    assert (pair.d.nisland, pair.d.nidof, pair.d.nefc) == (0, 0, 0)
    empty = load_pair("<mujoco/>", seed=None)
    forward_both(empty)
    assert empty.d.nisland == 0


def test_mj_island_alone_matches_reference():
    pair = load_pair(OUT_OF_ORDER, seed=None)
    forward_both(pair)
    pair.call("mj_island")
    assert_islands_match(pair)


@pytest.mark.parametrize("model", corpus.params(corpus.corpus_models()))
def test_corpus_islands_match_reference_at_random_states(model):
    pair = load_pair(model, seed=None)
    use_reference_geom_fluid(pair)
    for seed in range(3):
        pair.randomize_state(seed)
        forward_both(pair)
        if pair.d.nefc != pair.ref_d.nefc or pair.d.ncon != pair.ref_d.ncon:
            pytest.skip("constraint rows differ (collision or constraint.cc, not islands)")
        assert_islands_match(pair, f"seed {seed}")
        assert_island_ordered_arrays_match(pair, f"seed {seed}")


def test_island_ordered_arrays_are_copies_of_this_step():
    """Gathered on each read: writing one does not reach the engine, and without islands the
    per-dof ones are empty."""
    pair = load_pair(TWO_STACKS, seed=None)
    forward_both(pair)
    d = pair.d
    assert d.nisland > 0 and d.iacc.shape == (d.nidof,) and d.iefc_force.shape == (d.nefc,)
    d.iacc[:] = 1e9
    assert not np.any(d.iacc == 1e9) and not np.any(d.qacc == 1e9)
    pair.m.opt.disableflags |= DSBL_ISLAND
    pair.call("mj_forward")
    assert d.nisland == 0 and d.iacc.shape == (0,) and d.iM_rownnz.shape == (0,)
    assert not d.iefc_force.any()
