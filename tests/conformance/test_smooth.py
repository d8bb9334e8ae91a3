"""The inertia matrix and its factorization (engine/inertia.cc, engine/factorization.cc)
against the reference at random configurations: mj_crb (crb, M), mj_makeM (qM), mj_factorM
(qLD, qLDiagInv), and mj_solveM, mj_mulM, mj_fullM on random vectors.

Models: every model in models/ (branching trees, every joint type, armature, simple bodies),
the small trees of test_constants.py, and the corpus models mjsim loads. mj_tendon runs
before mj_makeM, which adds tendon armature. Each is compared at
N_CONFIGURATIONS random configurations.
"""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import corpus_models, params  # noqa: E402
from support import assert_fields_close, load_pair  # noqa: E402
from conformance.test_constants import TREES, load_or_xfail, tree_xml  # noqa: E402

N_CONFIGURATIONS = 10
ATOL, RTOL = 1e-10, 1e-10
SMOOTH_FIELDS = ["crb", "M", "qM", "qLD", "qLDiagInv"]


def run_smooth(pair):
    for function in ("mj_kinematics", "mj_comPos", "mj_tendon", "mj_makeM", "mj_factorM"):
        pair.call(function)


def check_model(model):
    pair = load_pair(model, seed=None)
    rng = np.random.default_rng(7)
    nv = pair.ref_m.nv
    for seed in [None, *range(N_CONFIGURATIONS)]:
        pair.randomize(seed)
        context = f"{pair.name}, configuration {seed}"
        run_smooth(pair)
        assert_fields_close(pair.d, pair.ref_d, SMOOTH_FIELDS, atol=ATOL, rtol=RTOL, context=context)

        y = rng.standard_normal((3, nv))
        x, ref_x = np.zeros((3, nv)), np.zeros((3, nv))
        mjsim.mj_solveM(pair.m, pair.d, x, y)
        mujoco.mj_solveM(pair.ref_m, pair.ref_d, ref_x, y)
        np.testing.assert_allclose(x, ref_x, rtol=1e-9, atol=ATOL, err_msg=f"{context}: mj_solveM")

        res, ref_res = np.zeros(nv), np.zeros(nv)
        mjsim.mj_mulM(pair.m, pair.d, res, y[0])
        mujoco.mj_mulM(pair.ref_m, pair.ref_d, ref_res, y[0])
        np.testing.assert_allclose(res, ref_res, rtol=RTOL, atol=ATOL, err_msg=f"{context}: mj_mulM")

        full, ref_full = np.zeros((nv, nv)), np.zeros((nv, nv))
        mjsim.mj_fullM(pair.m, full, pair.d.qM)
        mujoco.mj_fullM(pair.ref_m, ref_full, pair.ref_d.qM)
        np.testing.assert_allclose(full, ref_full, rtol=RTOL, atol=ATOL, err_msg=f"{context}: mj_fullM")


@pytest.mark.parametrize("name", sorted(TREES))
def test_inertia_and_factorization_match_reference_on_small_trees(name):
    check_model(tree_xml(name))


@pytest.mark.parametrize("path", params(corpus_models()))
def test_inertia_and_factorization_match_reference_on_corpus(path):
    load_or_xfail(path)
    check_model(path)


def with_sparse_jacobian(path):
    """The model's XML with <option jacobian="sparse"/> (ten_J in the sparse layout)."""
    import re
    from pathlib import Path
    text = Path(path).read_text()
    return re.sub(r"(<mujoco[^>]*>)", r'\1<option jacobian="sparse"/>', text, count=1)


@pytest.mark.parametrize("name", ["tendon_fixed.xml", "tendon_arm.xml"])
def test_tendon_armature_with_sparse_jacobian(name):
    from corpus import MODELS_DIR
    check_model(with_sparse_jacobian(MODELS_DIR / name))


@pytest.mark.parametrize("name", ["branching_every_joint", "armature", "several_trees"])
def test_solve_inverts_multiply(name):
    """Oracle-free: mj_solveM(mj_mulM(x)) = x, and the dense M is symmetric positive definite
    and equals L'DL rebuilt from qLD."""
    m = mjsim.MjModel.from_xml_string(tree_xml(name))
    d = mjsim.MjData(m)
    rng = np.random.default_rng(3)
    d.qpos[:] = d.qpos + 0.3 * rng.standard_normal(m.nq)
    for function in (mjsim.mj_kinematics, mjsim.mj_comPos, mjsim.mj_makeM, mjsim.mj_factorM):
        function(m, d)
    x = rng.standard_normal(m.nv)
    Mx = np.zeros(m.nv)
    mjsim.mj_mulM(m, d, Mx, x)
    back = np.zeros((1, m.nv))
    mjsim.mj_solveM(m, d, back, Mx[None, :])
    np.testing.assert_allclose(back[0], x, rtol=1e-9, atol=1e-12)

    M = np.zeros((m.nv, m.nv))
    mjsim.mj_fullM(m, M, d.qM)
    np.testing.assert_array_equal(M, M.T)
    assert np.linalg.eigvalsh(M).min() > 0
    L = np.eye(m.nv)
    D = np.zeros(m.nv)
    for i in range(m.nv):
        for k in range(m.M_rowadr[i], m.M_rowadr[i] + m.M_rownnz[i]):
            j = m.M_colind[k]
            if j == i:
                D[i] = d.qLD[k]
            else:
                L[i, j] = d.qLD[k]
    np.testing.assert_allclose(L.T @ np.diag(D) @ L, M, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(d.qLDiagInv, 1 / D, rtol=1e-15)
