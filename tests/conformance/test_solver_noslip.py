"""The noslip post-processing (engine/solver_noslip.cc) against the reference: efc_force,
qacc and qfrc_constraint after each main solver, for both cones and every condim, with a few
and with many noslip sweeps; the sweeps' count in solver_niter."""

import numpy as np
import pytest

from conformance.constraint_models import (EQUALITY_LIMIT_FRICTION, box_and_sphere,
                                          sphere_contacts)
from conformance.test_solver import assert_dual_states
from support import load_pair

NEWTON, CG, PGS = 2, 1, 0

def assert_close(ours, ref, tol, context):
    scale = max(np.abs(ref).max(initial=0.0), 1e-9)
    err = np.abs(np.asarray(ours) - ref).max(initial=0.0)
    assert err <= tol * scale, f"{context}: error {err:.3g} of {scale:.3g}"


def run_pair(xml, solver, noslip, velocity_seed=0, tolerance=None):
    pair = load_pair(xml, seed=None)
    velocity = np.random.default_rng(velocity_seed).standard_normal(pair.ref_m.nv)
    for model, data in ((pair.m, pair.d), (pair.ref_m, pair.ref_d)):
        model.opt.solver = solver
        model.opt.noslip_iterations = noslip
        if tolerance is not None:
            model.opt.noslip_tolerance = tolerance
        data.qvel[:] = velocity
    pair.call("mj_forward")
    return pair


def assert_noslip_matches(pair, context, tol=1e-6):
    assert pair.d.nefc == pair.ref_d.nefc > 0
    for field in ("efc_force", "qacc", "qfrc_constraint"):
        assert_close(getattr(pair.d, field), getattr(pair.ref_d, field), tol,
                     f"{context} {field}")
    assert_dual_states(pair, context)


@pytest.mark.parametrize("cone", ["pyramidal", "elliptic"])
@pytest.mark.parametrize("condim", [3, 4, 6])
@pytest.mark.parametrize("solver", [NEWTON, PGS])
@pytest.mark.parametrize("noslip", [1, 3, 50])
def test_noslip_box_and_sphere(cone, condim, solver, noslip):
    pair = run_pair(box_and_sphere(condim, f'cone="{cone}"', hinged_capsule=True), solver, noslip)
    context = f"{cone} condim {condim} solver {solver} noslip {noslip}"
    assert_noslip_matches(pair, context)
    if solver == PGS:  # Newton's own count may differ by one (solver_newton)
        assert pair.d.solver_niter[0] == pair.ref_d.solver_niter[0], context
    count = min(pair.d.solver_niter[0], len(pair.ref_d.solver))
    if pair.d.solver_niter[0] == pair.ref_d.solver_niter[0]:
        # the statistics, the first noslip sweep's improvement (measured from the main
        # solver's regularized cost) among them
        ours = [pair.d.solver[i].improvement for i in range(count)]
        theirs = [pair.ref_d.solver[i].improvement for i in range(count)]
        np.testing.assert_allclose(ours, theirs, rtol=0, atol=1e-6 * max(theirs), err_msg=context)


@pytest.mark.parametrize("cone", ["pyramidal", "elliptic"])
@pytest.mark.parametrize("solver", [NEWTON, CG, PGS])
def test_noslip_sphere_contacts(cone, solver):
    pair = run_pair(sphere_contacts(cone, 4), solver, 10, velocity_seed=3)
    assert_noslip_matches(pair, f"{cone} solver {solver}", tol=1e-5)


# rolling friction 1e4 times below sliding (friction "0.5 0.01 0.0001" beside the plane's
# default "1 0.005 0.0001"): FrictionQCQP's 20 Newton steps stop far from the multiplier and
# their point can be worse than the current forces, which the reference's noslip then keeps
ELONGATED_ELLIPSE = """
<mujoco>
  <option cone="elliptic"/>
  <worldbody>
    <geom type="plane" size="5 5 .1"/>
    <body pos="0 0 0.098"><freejoint/>
      <geom type="sphere" size=".1" condim="6" friction="0.5 0.01 0.0001"/></body>
    <body pos="0.4 0 0.098"><freejoint/>
      <geom type="box" size=".1 .1 .1" condim="6" friction="0.5 0.01 0.0001"/></body>
    <body pos="0.8 0 0.098"><freejoint/>
      <geom type="capsule" size=".05 .1" euler="90 0 0" condim="4" friction="0.5 0.01 0.0001"/>
    </body>
  </worldbody>
</mujoco>
"""


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("noslip", [1, 4])
def test_noslip_elongated_friction_ellipse(seed, noslip):
    pair = load_pair(ELONGATED_ELLIPSE, seed=None)
    velocity = 3 * np.random.default_rng(seed).standard_normal(pair.ref_m.nv)
    for model, data in ((pair.m, pair.d), (pair.ref_m, pair.ref_d)):
        model.opt.noslip_iterations = noslip
        data.qvel[:] = velocity
    pair.call("mj_forward")
    assert_noslip_matches(pair, f"seed {seed} noslip {noslip}", tol=1e-8)


def test_noslip_friction_loss_rows():
    pair = run_pair(EQUALITY_LIMIT_FRICTION, NEWTON, 5, velocity_seed=1)
    assert_noslip_matches(pair, "equalities, limits and friction loss")


def test_noslip_changes_friction_only():
    """Normal forces, equalities and limits keep the main solver's values."""
    import mjsim

    m = mjsim.MjModel.from_xml_string(box_and_sphere(3, 'cone="elliptic"', hinged_capsule=True))
    # with noslip the islands are solved as one problem, without it one by one
    # (solver_island.cc): compare whole-system solves (islands disabled)
    m.opt.disableflags |= mjsim.mjtDisableBit.mjDSBL_ISLAND
    d = mjsim.MjData(m)
    d.qvel[:] = np.random.default_rng(0).standard_normal(m.nv)
    mjsim.mj_forward(m, d)
    before = d.efc_force.copy()
    m.opt.noslip_iterations = 20
    mjsim.mj_forward(m, d)
    normal = np.asarray(d.contact.efc_address)
    np.testing.assert_array_equal(d.efc_force[normal], before[normal])
    assert np.abs(d.efc_force - before).max() > 1e-3


def test_noslip_runs_where_the_main_solver_did():
    """dog under PGS: 1088 rows, whose dense A + R (9.5 MB) and noslip's A no longer both fit
    in our 16 MB arena; noslip runs in the memory PGS is done with, as the reference's 4 sweeps
    after the 100 of PGS (solver_niter 104)"""
    import corpus
    from support import use_reference_geom_fluid

    paths = [p for p in corpus.dm_control_models() if p.name == "dog.xml"]
    if not paths:
        pytest.skip("dm_control is not installed")
    pair = load_pair(paths[0], seed=None)
    use_reference_geom_fluid(pair)
    for model in (pair.m, pair.ref_m):
        model.opt.solver = PGS
    pair.randomize_state(0)
    pair.call("mj_forward")
    assert pair.ref_d.solver_niter[0] == 104 and pair.ref_m.opt.noslip_iterations == 4
    assert pair.d.solver_niter[0] == pair.ref_d.solver_niter[0]
    for field in ("qacc", "qfrc_constraint"):
        assert_close(getattr(pair.d, field), getattr(pair.ref_d, field), 1e-8, f"dog {field}")
