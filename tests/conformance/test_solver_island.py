"""The solvers island by island (engine/solver_island.cc) against the reference: CG and Newton
solve each constraint island on its own (iterations and statistics per island), or all islands
as one problem when noslip follows; PGS takes the whole system, and disabling islands gives one
solve."""

import numpy as np
import pytest

from conformance.test_constraint_sparse import CROSS_CONTACTS
from conformance.test_island import CHAIN_EQUALITY, OUT_OF_ORDER, TWO_STACKS
from support import load_pair

NEWTON, CG, PGS = 2, 1, 0
DSBL_ISLAND = 1 << 18

MODELS = {"cross_contacts": CROSS_CONTACTS.format(cone="{cone}", condim=3),
          "two_stacks": TWO_STACKS, "chain_equality": CHAIN_EQUALITY,
          "out_of_order": OUT_OF_ORDER}


def with_cone(xml, cone):
    xml = xml.replace('<option cone="{cone}"/>', "")
    return xml.replace("<mujoco>", f'<mujoco><option cone="{cone}"/>', 1)


def configure(pair, solver, **options):
    for model in (pair.m, pair.ref_m):
        model.opt.solver = solver
        for name, value in options.items():
            setattr(model.opt, name, value)


def assert_solution_matches(pair, where, niter_slack=0):
    d, ref = pair.d, pair.ref_d
    scale = max(np.abs(ref.qacc).max(), 1e-12)
    error = np.abs(d.qacc - ref.qacc).max() / scale
    assert error <= 1e-6, f"{where}: qacc relative error {error:.1e}"
    niter = np.abs(np.asarray(d.solver_niter) - np.asarray(ref.solver_niter))
    assert niter.max() <= niter_slack, (
        f"{where}: solver_niter {d.solver_niter} vs {ref.solver_niter}")


# Partial: CG on the two stacks with elliptic cones leaves the reference at step 3 (qacc
# 7.8e-4). Not the solver: there the second stack's upper box is tilted by ~1e-18, and the
# reference's box-box collider reports its four contacts with dist -6.6e-6, twice ours (the
# h versus h/2 of an edge rather than a face axis, collide_box.cc's known near-tie of the
# separating axes). The first stack, exactly aligned, gets the reference's rows, and its
# island's statistics and qacc match exactly.
COUPLED = {("two_stacks", CG, "elliptic")}


def cases():
    for name in MODELS:
        for cone in ("pyramidal", "elliptic"):
            for solver, label in ((CG, "CG"), (NEWTON, "Newton")):
                marks = [pytest.mark.xfail(reason="box-box dist near-tie (above)")] \
                    if (name, solver, cone) in COUPLED else []
                yield pytest.param(name, cone, solver, marks=marks,
                                   id=f"{name}-{cone}-{label}")


@pytest.mark.parametrize("name, cone, solver", list(cases()))
def test_solution_and_iterations_per_island_match_reference(name, cone, solver):
    pair = load_pair(with_cone(MODELS[name], cone), seed=None)
    configure(pair, solver)
    for step in range(25):
        pair.call("mj_forward")
        if pair.d.ncon != pair.ref_d.ncon:
            pytest.skip("contact sets differ (collision, not this test)")
        assert pair.d.nisland == pair.ref_d.nisland
        assert_solution_matches(pair, f"step {step}", niter_slack=1 if solver == CG else 0)
        pair.call("mj_step")


BOXES_AND = """<mujoco><worldbody><geom type="plane" size="5 5 .1"/>
  <body pos="0 0 0.1"><freejoint/><geom type="box" size="0.1 0.1 0.1"/></body>
  <body pos="0.02 0.01 0.29"><freejoint/><geom type="box" size="0.1 0.1 0.1"/></body>
  <body pos="3 0 1"><freejoint/><geom type="sphere" size=".1" mass="50"/></body>{link}
</worldbody></mujoco>"""
LINK = """<body pos="1 0 0.3"><joint type="hinge" axis="0 1 0" range="-1 1" limited="true"/>
    <geom type="capsule" fromto="0 0 0 0.4 0 -0.25" size="0.05"/></body>"""


@pytest.mark.parametrize("link", ["", LINK], ids=["stack", "stack_and_link"])
@pytest.mark.parametrize("solver", [CG, NEWTON], ids=["CG", "Newton"])
def test_iteration_statistics_per_island_match_reference(solver, link):
    """improvement and gradient are scaled by 1 / trace(M of the island) at the current state:
    a heavy free body elsewhere (changing meaninertia) changes nothing; every island starts
    from the whole system's warmstart choice (the link's island changes the stack's start)"""
    pair = load_pair(BOXES_AND.format(link=link), seed=None)
    configure(pair, solver)
    pair.call("mj_forward")
    d, ref = pair.d, pair.ref_d
    assert d.nisland == ref.nisland
    for island in range(d.nisland):
        assert d.solver_niter[island] == ref.solver_niter[island]
        for k in range(ref.solver_niter[island]):
            ours, theirs = d.solver[200 * island + k], ref.solver[200 * island + k]
            for field in ("improvement", "gradient"):
                np.testing.assert_allclose(getattr(ours, field), getattr(theirs, field),
                                           rtol=1e-6, atol=1e-12,
                                           err_msg=f"island {island} iteration {k} {field}")


@pytest.mark.parametrize("case", ["PGS", "disabled"])
def test_whole_system_solves_leave_one_iteration_count(case):
    """PGS ignores islands (the island flag changes nothing); with islands disabled CG solves
    the whole system as the reference does"""
    import mjsim

    pair = load_pair(CROSS_CONTACTS.format(cone="pyramidal", condim=3), seed=None)
    if case == "PGS":
        configure(pair, PGS)
    else:
        configure(pair, CG, disableflags=DSBL_ISLAND)
    for step in range(10):
        pair.call("mj_step")
    pair.call("mj_forward")
    d = pair.d
    assert pair.ref_d.nisland == d.nisland
    assert d.solver_niter[0] > 0 and not np.any(d.solver_niter[1:])
    if case == "disabled":
        assert_solution_matches(pair, case)
        return
    qacc = d.qacc.copy()
    pair.m.opt.disableflags |= DSBL_ISLAND
    mjsim.mj_forward(pair.m, d)
    np.testing.assert_array_equal(d.qacc, qacc)


@pytest.mark.parametrize("cone", ["pyramidal", "elliptic"])
@pytest.mark.parametrize("solver", [CG, NEWTON], ids=["CG", "Newton"])
def test_noslip_solves_all_islands_as_one_problem(solver, cone):
    """with noslip the islands (the stack, the link) are solved together, the free sphere's dofs
    left out, scaled by the whole system's 1 / (meaninertia * nv): one iteration count (the
    main solve's plus noslip's sweeps) and its statistics in island 0's slots, as the
    reference's (neither the whole system's nor the islands' own)"""
    pair = load_pair(with_cone(BOXES_AND.format(link=LINK), cone), seed=None)
    configure(pair, solver, noslip_iterations=3)
    pair.call("mj_forward")
    d, ref = pair.d, pair.ref_d
    assert d.nisland == ref.nisland == 2
    assert d.nidof < pair.m.nv  # the sphere is in no island
    assert_solution_matches(pair, "noslip")
    for k in range(ref.solver_niter[0]):
        for field in ("improvement", "gradient"):
            np.testing.assert_allclose(getattr(d.solver[k], field), getattr(ref.solver[k], field),
                                       rtol=1e-6, atol=1e-12, err_msg=f"iteration {k} {field}")


@pytest.mark.parametrize("solver", [CG, NEWTON], ids=["CG", "Newton"])
def test_more_islands_than_statistics_slots(solver):
    boxes = "".join(f'<body pos="{0.5 * i} 0 .099"><freejoint/>'
                    f'<geom type="box" size=".1 .1 .1"/></body>' for i in range(25))
    pair = load_pair(f'<mujoco><worldbody><geom type="plane" size="20 20 .1"/>{boxes}'
                     "</worldbody></mujoco>", seed=None)
    configure(pair, solver)
    for step in range(5):
        pair.call("mj_step")
    pair.call("mj_forward")
    assert pair.d.nisland == pair.ref_d.nisland == 25
    assert_solution_matches(pair, "25 boxes")
