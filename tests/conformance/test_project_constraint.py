"""efc_AR = J M^-1 J' + diag(R) (engine/project_constraint.cc, mj_projectConstraint) against the
reference: filled for PGS and for noslip only, dense (nefc x nefc) or, with a sparse Jacobian,
as the nonzeros of each row (efc_AR_rownnz / rowadr / colind: rows coupled through a common
kinematic tree); PGS's solver_nnz counts them."""

import copy

import numpy as np
import pytest

import corpus
from conformance.constraint_models import EQUALITY_LIMIT_FRICTION
from conformance.test_constraint_sparse import CROSS_CONTACTS
from support import load_pair

mujoco = pytest.importorskip("mujoco")
import mjsim  # noqa: E402

DENSE, SPARSE = 0, 1
PGS, CG, NEWTON = 0, 1, 2
TOL = 1e-10  # of the largest entry


def configure(pair, solver, jacobian, noslip=0):
    for m in (pair.m, pair.ref_m):
        m.opt.solver = solver
        m.opt.jacobian = jacobian
        m.opt.noslip_iterations = noslip


def forward_both(pair):
    mjsim.mj_forward(pair.m, pair.d)
    mujoco.mj_forward(pair.ref_m, pair.ref_d)


def assert_same_dual_matrix(pair, sparse):
    d, ref = pair.d, pair.ref_d
    assert d.nefc == ref.nefc > 0
    assert d.nA == ref.nA > 0
    assert d.efc_AR.shape == (ref.nA,)
    if sparse:  # the reference leaves the pattern unset in the dense layout
        for field in ("efc_AR_rownnz", "efc_AR_rowadr"):
            np.testing.assert_array_equal(getattr(d, field), getattr(ref, field)[: ref.nefc])
        np.testing.assert_array_equal(d.efc_AR_colind, ref.efc_AR_colind[: ref.nA])
    scale = np.abs(ref.efc_AR).max()
    assert np.abs(d.efc_AR - ref.efc_AR).max() <= TOL * scale


@pytest.mark.parametrize("jacobian", [DENSE, SPARSE], ids=["dense", "sparse"])
@pytest.mark.parametrize("xml", [CROSS_CONTACTS.format(cone="elliptic", condim=4),
                                 CROSS_CONTACTS.format(cone="pyramidal", condim=6),
                                 EQUALITY_LIMIT_FRICTION], ids=["elliptic", "pyramidal", "rows"])
def test_pgs_fills_the_reference_dual_matrix(xml, jacobian):
    pair = load_pair(xml, seed=None)
    configure(pair, PGS, jacobian)
    forward_both(pair)
    assert_same_dual_matrix(pair, jacobian == SPARSE)
    assert pair.d.solver_nnz[0] == pair.ref_d.solver_nnz[0] == pair.d.nA
    np.testing.assert_allclose(pair.d.qacc, pair.ref_d.qacc, rtol=1e-7, atol=1e-7)


@pytest.mark.parametrize("jacobian", [DENSE, SPARSE], ids=["dense", "sparse"])
@pytest.mark.parametrize("solver", [CG, NEWTON], ids=["CG", "Newton"])
def test_primal_solvers_fill_it_only_with_noslip(solver, jacobian):
    pair = load_pair(CROSS_CONTACTS.format(cone="pyramidal", condim=3), seed=None)
    configure(pair, solver, jacobian)
    forward_both(pair)
    assert pair.d.nefc > 0
    assert pair.d.nA == pair.ref_d.nA == 0
    assert pair.d.efc_AR.shape == pair.d.efc_AR_rownnz.shape == (0,)
    configure(pair, solver, jacobian, noslip=3)
    forward_both(pair)
    assert_same_dual_matrix(pair, jacobian == SPARSE)


def corpus_pgs_params():
    wanted = ("dm_control/suite/humanoid.xml", "dm_control/suite/quadruped.xml",
              "gymnasium/ant.xml", "dm_control/suite/cheetah.xml")
    return [pytest.param(p, id=corpus.label(p)) for p in corpus.corpus_models()
            if corpus.label(p) in wanted]


@pytest.mark.parametrize("jacobian", [DENSE, SPARSE], ids=["dense", "sparse"])
@pytest.mark.parametrize("path", corpus_pgs_params())
def test_corpus_models_at_random_states(path, jacobian):
    for seed in range(3):
        pair = load_pair(path, seed=seed)
        configure(pair, PGS, jacobian)
        forward_both(pair)
        if pair.ref_d.nefc == 0:
            continue
        assert_same_dual_matrix(pair, jacobian == SPARSE)


@pytest.mark.parametrize("solver,noslip,filled", [(PGS, 0, True), (NEWTON, 0, False),
                                                  (NEWTON, 2, True)])
def test_called_directly_after_make_constraint(solver, noslip, filled):
    pair = load_pair(CROSS_CONTACTS.format(cone="elliptic", condim=3), seed=None)
    configure(pair, solver, SPARSE, noslip)
    for engine, m, d in ((mjsim, pair.m, pair.d), (mujoco, pair.ref_m, pair.ref_d)):
        engine.mj_fwdPosition(m, d)  # which ends with mj_projectConstraint
        assert (d.nA > 0) == filled
        engine.mj_makeConstraint(m, d)
        assert d.nA == 0  # mj_makeConstraint clears it
        engine.mj_projectConstraint(m, d)
        engine.mj_projectConstraint(m, d)  # again: the same matrix, not a second copy
    if filled:
        assert_same_dual_matrix(pair, sparse=True)
    else:
        assert pair.d.nA == pair.ref_d.nA == 0


def test_copies_keep_it_and_collision_clears_it():
    pair = load_pair(CROSS_CONTACTS.format(cone="pyramidal", condim=3), seed=None)
    configure(pair, PGS, SPARSE)
    forward_both(pair)
    for other in (copy.copy(pair.d), copy.deepcopy(pair.d)):
        assert other.nA == pair.d.nA > 0
        np.testing.assert_array_equal(other.efc_AR, pair.d.efc_AR)
        np.testing.assert_array_equal(other.efc_AR_colind, pair.d.efc_AR_colind)
    # unlike the reference, which keeps a stale nA, mj_collision leaves no view into old rows
    mjsim.mj_collision(pair.m, pair.d)
    assert pair.d.nA == 0 and pair.d.efc_AR.shape == (0,)


def test_without_rows_or_room():
    m = mjsim.MjModel.from_xml_string(EQUALITY_LIMIT_FRICTION)
    d = mjsim.MjData(m)
    mjsim.mj_projectConstraint(m, d)  # no rows yet
    assert d.nA == 0
    # an arena that holds the rows but not their dense 60 x 60 matrix: a warning, no matrix
    crowd = "".join(f'<body pos="{0.3 * i} 0 0.09"><freejoint/><geom type="box" '
                    f'size=".1 .1 .1"/></body>' for i in range(4))
    xml = (f'<mujoco><size memory="40K"/><option solver="PGS" jacobian="dense"/><worldbody>'
           f'<geom type="plane" size="5 5 .1"/>{crowd}</worldbody></mujoco>')
    m = mjsim.MjModel.from_xml_string(xml)
    d = mjsim.MjData(m)
    mjsim.mj_forward(m, d)
    assert d.nefc == 64
    assert d.nA == 0
    assert d.warning[mjsim.mjtWarning.mjWARN_CNSTRFULL].number >= 1
    assert np.all(np.isfinite(d.qacc))
    # with room for Newton's solve but not for PGS's matrix: PGS leaves the smooth acceleration,
    # no forces, and every state zeroed (not what the Newton solve before left in the arena)
    m = mjsim.MjModel.from_xml_string(xml.replace('memory="40K"', 'memory="80K"'))
    d = mjsim.MjData(m)
    m.opt.solver = mjsim.mjtSolver.mjSOL_NEWTON
    mjsim.mj_forward(m, d)
    assert d.warning[mjsim.mjtWarning.mjWARN_CNSTRFULL].number == 0
    assert np.any(d.efc_state != 0)
    m.opt.solver = mjsim.mjtSolver.mjSOL_PGS
    mjsim.mj_forward(m, d)
    assert d.warning[mjsim.mjtWarning.mjWARN_CNSTRFULL].number >= 1
    np.testing.assert_array_equal(d.qacc, d.qacc_smooth)
    assert not np.any(d.efc_force) and not np.any(d.efc_state)
