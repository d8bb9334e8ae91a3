"""The sparse layout of efc_J (engine/constraint.cc IndexJacobianNonzeros) against the
reference: efc_J_rownnz / rowadr / rowsuper / colind and the packed efc_J when the model's
jacobian is sparse; and the same solution (bit for bit) from the dense and the sparse layout,
with each solver, including the Newton solver's tree and dense Hessian layouts
(engine/solver_newton.cc)."""

import numpy as np
import pytest

import corpus
from conformance.constraint_models import EQUALITY_LIMIT_FRICTION, sphere_contacts
from support import load_pair

DENSE, SPARSE = 0, 1
NEWTON, CG, PGS = 2, 1, 0

# two free boxes stacked on a plane, a chain whose links touch each other and the floor:
# contacts between bodies on different branches (Newton's dense layout) and body-world ones
# (tree layout), every row kind
CROSS_CONTACTS = """
<mujoco>
  <option cone="{cone}"/>
  <worldbody>
    <geom type="plane" size="5 5 .1"/>
    <body pos="0 0 0.1"><freejoint/><geom type="box" size="0.1 0.1 0.1"/></body>
    <body pos="0.02 0.01 0.29"><freejoint/><geom type="box" size="0.1 0.1 0.1"/></body>
    <body pos="1 0 0.3">
      <joint type="hinge" axis="0 1 0" range="-1 1" limited="true" frictionloss="0.1"/>
      <geom type="capsule" fromto="0 0 0 0.4 0 -0.25" size="0.05"/>
      <body pos="0.4 0 -0.25">
        <joint type="hinge" axis="0 1 0" range="-2 2" limited="true"/>
        <geom type="capsule" fromto="0 0 0 -0.35 0 0" size="0.05" condim="{condim}"/>
      </body>
    </body>
  </worldbody>
</mujoco>
"""


def set_jacobian(pair, kind):
    pair.m.opt.jacobian = kind
    pair.ref_m.opt.jacobian = kind


def assert_same_rows(pair, values=True):
    d, ref = pair.d, pair.ref_d
    assert d.nefc == ref.nefc and d.nJ == ref.nJ
    for field in ("efc_J_rownnz", "efc_J_rowadr", "efc_J_rowsuper"):
        np.testing.assert_array_equal(getattr(d, field), getattr(ref, field)[: ref.nefc], field)
    np.testing.assert_array_equal(d.efc_J_colind, ref.efc_J_colind[: ref.nJ])
    if not values:
        return
    scale = max(np.abs(ref.efc_J[: ref.nJ]).max(initial=0.0), 1e-12)
    assert np.abs(d.efc_J - ref.efc_J[: ref.nJ]).max(initial=0.0) <= 1e-9 * scale


@pytest.mark.parametrize("cone", ["pyramidal", "elliptic"])
@pytest.mark.parametrize("condim", [1, 3, 6])
def test_sparse_layout_matches_reference(cone, condim):
    pair = load_pair(sphere_contacts(cone, condim), seed=None)
    set_jacobian(pair, SPARSE)
    pair.call("mj_forward")
    assert pair.d.ncon >= 2
    assert_same_rows(pair)


def test_sparse_layout_of_equality_limit_friction_rows():
    pair = load_pair(EQUALITY_LIMIT_FRICTION)
    set_jacobian(pair, SPARSE)
    for seed in range(3):
        pair.randomize_state(seed)
        pair.call("mj_forward")
        d = pair.d
        assert d.nJ == d.efc_J_rownnz.sum() and d.nefc > 10
        # the packed values are the nonzeros of the dense rows
        pair.m.opt.jacobian = DENSE
        import mjsim

        mjsim.mj_forward(pair.m, d)
        dense = np.asarray(d.efc_J).reshape(d.nefc, pair.m.nv)
        pair.m.opt.jacobian = SPARSE
        mjsim.mj_forward(pair.m, d)
        for i in range(d.nefc):
            columns = d.efc_J_colind[d.efc_J_rowadr[i]: d.efc_J_rowadr[i] + d.efc_J_rownnz[i]]
            np.testing.assert_array_equal(
                d.efc_J[d.efc_J_rowadr[i]: d.efc_J_rowadr[i] + d.efc_J_rownnz[i]],
                dense[i, columns])
            outside = np.setdiff1d(np.arange(pair.m.nv), columns)
            assert not np.any(dense[i, outside])


@pytest.mark.parametrize("cone", ["pyramidal", "elliptic"])
def test_sparse_layout_of_cross_contacts_matches_reference(cone):
    pair = load_pair(CROSS_CONTACTS.format(cone=cone, condim=3), seed=None)
    set_jacobian(pair, SPARSE)
    pair.call("mj_forward")
    if pair.d.ncon != pair.ref_d.ncon:
        pytest.skip("contact sets differ (collision, not this test)")
    # the box-box contact frames differ from the reference's (collision), the layout does not
    assert_same_rows(pair, values=False)


def solve(pair, solver, jacobian):
    import mjsim

    pair.m.opt.solver = solver
    pair.m.opt.jacobian = jacobian
    mjsim.mj_forward(pair.m, pair.d)
    return (np.array(pair.d.qacc), np.array(pair.d.efc_force), int(pair.d.solver_niter[0]))


@pytest.mark.parametrize("solver", [NEWTON, CG, PGS])
@pytest.mark.parametrize("cone", ["pyramidal", "elliptic"])
@pytest.mark.parametrize("condim", [3, 6])
def test_dense_and_sparse_layouts_solve_the_same(solver, cone, condim):
    pair = load_pair(CROSS_CONTACTS.format(cone=cone, condim=condim), seed=None)
    for _ in range(30):
        pair.call("mj_step")
    dense = solve(pair, solver, DENSE)
    sparse = solve(pair, solver, SPARSE)
    assert pair.d.ncon >= 4
    # equal to rounding: as the reference's, the row sums follow the layout (a dense row sums
    # all nv columns, a sparse row its pattern), so the last bits differ, in mujoco 3.3.7 too
    np.testing.assert_allclose(dense[0], sparse[0], rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(dense[1], sparse[1], rtol=1e-9, atol=1e-12)
    assert dense[2] == sparse[2]


@pytest.mark.parametrize("solver", [NEWTON, CG])
@pytest.mark.parametrize("cone", ["pyramidal", "elliptic"])
def test_cross_contacts_solution_and_iterations_match_reference(solver, cone):
    """Contacts between free boxes (the Newton dense layout with rank-1 updates) and of a
    chain with the floor (tree layout), stepped: qacc and the iteration count."""
    pair = load_pair(CROSS_CONTACTS.format(cone=cone, condim=3), seed=None)
    for model in (pair.m, pair.ref_m):
        model.opt.solver = solver
    for step in range(40):
        pair.call("mj_step")
        d, ref = pair.d, pair.ref_d
        if d.ncon != ref.ncon:
            pytest.skip("contact sets differ (collision, not this test)")
        scale = max(np.linalg.norm(ref.qacc), 1e-12)
        assert np.abs(d.qacc - ref.qacc).max() <= 1e-5 * scale, f"step {step}"
        assert abs(int(d.solver_niter[0]) - int(ref.solver_niter[0])) <= 1, f"step {step}"


@pytest.mark.parametrize("model", corpus.params(
    [p for p in corpus.corpus_models() if "humanoid" in str(p)]))
def test_corpus_sparse_models_same_niter_as_reference(model):
    """The Newton solver on the big corpus models after a short fall: qacc within 1e-5 and
    iteration counts within one of the reference's (dog: its qacc differs after 30 steps on
    main too, left out)."""
    pair = load_pair(model)
    for m in (pair.m, pair.ref_m):
        m.opt.solver = NEWTON
    for _ in range(30):
        pair.call("mj_step")
    pair.call("mj_forward")
    d, ref = pair.d, pair.ref_d
    if d.ncon != ref.ncon:
        pytest.skip("contact sets differ (collision, not this test)")
    scale = max(np.linalg.norm(ref.qacc), 1e-12)
    assert np.abs(d.qacc - ref.qacc).max() <= 1e-5 * scale
    assert abs(int(d.solver_niter[0]) - int(ref.solver_niter[0])) <= 1


# a two-hinge arm whose tip is held to a free sphere: an equality row's pattern is structural
EQUALITY_CHAIN = """
<mujoco>
  <worldbody>
    <geom type="plane" size="5 5 .1"/>
    <body name="free" pos="2 0 .5"><freejoint/><geom type="sphere" size=".1"/><site name="s1"/>
    </body>
    <body pos="1 0 0.3">
      <joint name="j1" type="hinge" axis="0 1 0" range="-1 1" frictionloss="0.1"/>
      <geom type="capsule" fromto="0 0 0 0.4 0 -0.25" size="0.05"/>
      <body name="tip" pos="0.4 0 -0.25">
        <joint name="j2" type="hinge" axis="0 1 0" range="-2 2"/>
        <geom type="capsule" fromto="0 0 0 -0.35 0 0" size="0.05"/><site name="s2"/>
      </body>
    </body>
  </worldbody>
  <equality>{equality}</equality>
</mujoco>
"""


@pytest.mark.parametrize("equality", [
    '<connect body1="tip" body2="free" anchor="0 0 0"/>', '<weld body1="tip" body2="free"/>',
    '<weld body1="tip"/>', '<connect site1="s2" site2="s1"/>', '<weld site1="s1" site2="s2"/>',
    '<joint joint1="j1" joint2="j2" polycoef="0 0 0 0 0"/>', '<joint joint1="j2"/>',
])
def test_equality_rows_keep_their_structural_pattern(equality):
    """A connect's or weld's row spans both bodies' chains, a joint equality's both dofs,
    whatever the row's values (the hinges are about y: the connect's y row is zero on them)."""
    pair = load_pair(EQUALITY_CHAIN.format(equality=equality), seed=None)
    set_jacobian(pair, SPARSE)
    pair.call("mj_forward")
    assert_same_rows(pair)
