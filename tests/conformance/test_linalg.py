"""The mju_ linear-algebra and rotation utilities added for drop-in use
(cpp/bindings/linalg.cc, rotations.cc) against the reference on random inputs, and their
bad-input behaviour (a wrong size or dtype raises naming the argument)."""

import io
import contextlib

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402

RNG_SEEDS = range(8)


def spd(rng, n):
    a = rng.standard_normal((n, n))
    return a @ a.T + n * np.eye(n)


def both(name, *args):
    """Call `name` in both packages on copies of args; returns (ours, ref) results and args."""
    ours_args = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    ref_args = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    ours = getattr(mjsim, name)(*ours_args)
    ref = getattr(mujoco, name)(*ref_args)
    return ours, ref, ours_args, ref_args


# --- dense Cholesky ----------------------------------------------------------------------

@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_chol_factor_solve_update_match(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 7))
    A = spd(rng, n)
    A[np.triu_indices(n, 1)] = rng.standard_normal(n * (n - 1) // 2)  # upper: never read
    ours, ref, oa, ra = both("mju_cholFactor", A, 0.0)
    assert ours == ref
    np.testing.assert_allclose(oa[0], ra[0], atol=1e-12)
    vec = rng.standard_normal(n)
    res_o, res_r = np.zeros(n), np.zeros(n)
    mjsim.mju_cholSolve(res_o, oa[0], vec)
    mujoco.mju_cholSolve(res_r, ra[0], vec)
    np.testing.assert_allclose(res_o, res_r, rtol=1e-12, atol=1e-12)
    for plus in (1, 0):
        x = 0.3 * rng.standard_normal(n)
        ours, ref, ou, ru = both("mju_cholUpdate", oa[0], x, plus)
        assert ours == ref
        if ref == n:  # a failed downdate leaves values that only the rank describes
            np.testing.assert_allclose(np.tril(ou[0]), np.tril(ru[0]), rtol=1e-10, atol=1e-12)
            np.testing.assert_allclose(ou[1], ru[1], rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("mindiag", [1e-6, 0.5])
def test_chol_factor_rank_deficient_matches(mindiag):
    for A in (np.array([[1., 2, 0], [2, 1, 0], [0, 0, 1e-12]]), np.diag([1., -1, 0])):
        ours, ref, oa, ra = both("mju_cholFactor", A, mindiag)
        assert ours == ref
        np.testing.assert_allclose(np.tril(oa[0]), np.tril(ra[0]), atol=1e-12)


# --- band-dense --------------------------------------------------------------------------

def band_matrix(rng, n, nband, ndense):
    A = spd(rng, n)
    for i in range(n - ndense):
        for j in range(n - ndense):
            if abs(i - j) >= nband:
                A[i, j] = 0
    return A


@pytest.mark.parametrize("n,nband,ndense", [(5, 2, 1), (6, 3, 0), (4, 1, 2), (3, 3, 3)])
def test_band_functions_match(n, nband, ndense):
    rng = np.random.default_rng(n * 10 + nband)
    A = band_matrix(rng, n, nband, ndense)
    size = (n - ndense) * nband + ndense * n
    _, _, ob, rb = both("mju_dense2Band", np.zeros(size), A, n, nband, ndense)
    np.testing.assert_array_equal(ob[0], rb[0])
    for sym in (0, 1):
        _, _, od, rd = both("mju_band2Dense", np.zeros((n, n)), rb[0], n, nband, ndense, sym)
        np.testing.assert_array_equal(od[0], rd[0])
        vec = rng.standard_normal((n, 1))
        _, _, om, rm = both("mju_bandMulMatVec", np.zeros(n), rb[0].reshape(-1, 1), vec, n,
                            nband, ndense, 1, sym)
        np.testing.assert_allclose(om[0], rm[0], rtol=1e-12)
    assert [mjsim.mju_bandDiag(i, n, nband, ndense) for i in range(n)] == \
        [mujoco.mju_bandDiag(i, n, nband, ndense) for i in range(n)]
    ours, ref, of, rf = both("mju_cholFactorBand", rb[0], n, nband, ndense, 0.1, 0.01)
    assert ours == pytest.approx(ref, rel=1e-12)
    np.testing.assert_allclose(of[0], rf[0], rtol=1e-12)
    vec = rng.standard_normal(n)
    _, _, os_, rs = both("mju_cholSolveBand", np.zeros(n), rf[0], vec, n, nband, ndense)
    np.testing.assert_allclose(os_[0], rs[0], rtol=1e-10)


# --- products, sparse, sorting, conversions ---------------------------------------------

@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_sqr_mat_td_and_sparse_match(seed):
    rng = np.random.default_rng(seed)
    r, c = int(rng.integers(1, 6)), int(rng.integers(1, 6))
    mat = rng.standard_normal((r, c)) * (rng.random((r, c)) < 0.6)
    for diag in (None, rng.random(r)):
        _, _, o, f = both("mju_sqrMatTD", np.zeros((c, c)), mat, diag)
        np.testing.assert_allclose(o[0], f[0], rtol=1e-12, atol=1e-14)
    nnz = r * c
    args = (np.zeros(nnz), mat, np.zeros(r, np.int32), np.zeros(r, np.int32),
            np.zeros(nnz, np.int32))
    ours, ref, o, f = both("mju_dense2sparse", *args)
    assert ours == ref == 0
    for a, b in zip(o, f):
        np.testing.assert_array_equal(a, b)
    _, _, od, rd = both("mju_sparse2dense", np.zeros((r, c)), f[0], f[2], f[3], f[4])
    np.testing.assert_array_equal(od[0], rd[0])
    if np.count_nonzero(mat) > 1:
        small = np.count_nonzero(mat) - 1
        args = (np.zeros(small), mat, np.zeros(r, np.int32), np.zeros(r, np.int32),
                np.zeros(small, np.int32))
        ours, ref, _, _ = both("mju_dense2sparse", *args)
        assert ours == ref == 1


def test_sorting_and_conversions_match():
    rng = np.random.default_rng(0)
    values = rng.standard_normal(17)
    _, _, o, r = both("mju_insertionSort", values)
    np.testing.assert_array_equal(o[0], r[0])
    ints = rng.integers(-50, 50, 13).astype(np.int32)
    _, _, o, r = both("mju_insertionSortInt", ints)
    np.testing.assert_array_equal(o[0], r[0])
    for name, out, vec in [("mju_n2d", np.zeros(5), values[:5]), ("mju_d2n", np.zeros(5), values[:5]),
                           ("mju_f2n", np.zeros(5), values[:5].astype(np.float32)),
                           ("mju_n2f", np.zeros(5, np.float32), values[:5])]:
        _, _, o, r = both(name, out, vec)
        np.testing.assert_array_equal(o[0], r[0])


def test_scalar_and_text_helpers_match():
    for index in range(12):
        for base in (2, 3, 5):
            assert mjsim.mju_Halton(index, base) == pytest.approx(mujoco.mju_Halton(index, base),
                                                                  rel=1e-15)
    for args in [(1.0, 0.5, 10, 1, 0.1), (1.0, 0.5, 1, 10, 0.1), (1.0, 0.5, 1, 2, 0.1),
                 (-0.3, 2.0, 100, 0, 0.05), (0.2, -1, 0, 3, 0.2)]:
        assert mjsim.mju_springDamper(*args) == pytest.approx(mujoco.mju_springDamper(*args),
                                                              rel=1e-12, abs=1e-15)
    for t in list(range(-1, 30)) + [100, 101]:
        assert mjsim.mju_type2Str(t) == mujoco.mju_type2Str(t)
    for s in ["body", "geom", "plugin", "frame", "foo", "", "Body"]:
        assert mjsim.mju_str2Type(s) == mujoco.mju_str2Type(s)
    for w in range(10):
        assert mjsim.mju_warningText(w, 17) == mujoco.mju_warningText(w, 17)
    for nbytes in [0, 5, 1000, 1024, 1536, 3 << 20, (2 << 20) + 1024, 5 << 30, 3 << 40, 2 << 50]:
        assert mjsim.mju_writeNumBytes(nbytes) == mujoco.mju_writeNumBytes(nbytes)


def test_print_mat_prints_rows():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        mjsim.mju_printMat(np.array([[1.0, -2.5], [3.0, 4.0]]))
    assert out.getvalue().splitlines()[:2] == ["1.00000000 -2.50000000 ", "3.00000000 4.00000000 "]


# --- rotations and spatial ---------------------------------------------------------------

def unit_quat(rng):
    q = rng.standard_normal(4)
    return q / np.linalg.norm(q)


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_eig3_matches_up_to_eigenvector_sign(seed):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((3, 3))
    mat = (a + a.T).flatten()
    val_o, vec_o, q_o = np.zeros(3), np.zeros(9), np.zeros(4)
    val_r, vec_r, q_r = np.zeros(3), np.zeros(9), np.zeros(4)
    mjsim.mju_eig3(val_o, vec_o, q_o, mat)
    mujoco.mju_eig3(val_r, vec_r, q_r, mat)
    np.testing.assert_allclose(val_o, val_r, rtol=1e-9, atol=1e-12)
    V = vec_o.reshape(3, 3)
    # the Jacobi iteration stops at rotations below 1e-6 (as the reference's): the
    # decomposition holds to about that relative size
    np.testing.assert_allclose(V @ np.diag(val_o) @ V.T, mat.reshape(3, 3),
                               atol=1e-5 * np.abs(mat).max())
    dots = np.abs(np.sum(V * vec_r.reshape(3, 3), axis=0))  # column by column, up to sign
    np.testing.assert_allclose(dots, 1, atol=1e-8)
    R = np.zeros(9)
    mjsim.mju_quat2Mat(R, q_o)
    np.testing.assert_allclose(R, vec_o, atol=1e-12)


def test_eig3_follows_the_reference_quaternion():
    """Same Jacobi sequence as the reference (fitted): the quaternions agree to 1e-6 and the
    iteration counts agree on most matrices (a last iteration near the stopping test may
    differ)."""
    rng = np.random.default_rng(11)
    same_count = 0
    for _ in range(40):
        a = rng.standard_normal((3, 3)) * 10 ** rng.uniform(-3, 3)
        mat = (a + a.T).flatten()
        q_o, q_r = np.zeros(4), np.zeros(4)
        it_o = mjsim.mju_eig3(np.zeros(3), np.zeros(9), q_o, mat)
        it_r = mujoco.mju_eig3(np.zeros(3), np.zeros(9), q_r, mat)
        np.testing.assert_allclose(q_o, q_r, atol=1e-6)
        same_count += it_o == it_r
    assert same_count >= 34


def test_eig3_is_bitwise_reference():
    """mju_eig3 is the compiler's Jacobi decomposition with the sorting quarter turns
    renormalized: eigenvalues, quaternion and iteration count equal the reference's bit for
    bit, also on diagonal matrices sorted by two or three quarter turns."""
    rng = np.random.default_rng(12)
    mats = [np.diag(d).flatten() for d in ((1., 2, 3), (1., 3, 2), (2., 1, 3),
                                          (5.262654422649654, 6.920454058678222,
                                           6.920454058678222))]
    for _ in range(60):
        a = rng.standard_normal((3, 3)) * 10 ** rng.uniform(-3, 3)
        mats.append((a + a.T).flatten())
    for mat in mats:
        out_o = np.zeros(3), np.zeros(9), np.zeros(4)
        out_r = np.zeros(3), np.zeros(9), np.zeros(4)
        assert mjsim.mju_eig3(*out_o, mat) == mujoco.mju_eig3(*out_r, mat)
        np.testing.assert_array_equal(out_o[0], out_r[0])
        np.testing.assert_array_equal(out_o[2], out_r[2])


def test_eig3_degenerate_inputs():
    for mat in (np.zeros(9), np.eye(3).flatten(), np.diag([3., 3, 1]).flatten(),
                np.diag([1., 2, 3]).flatten(), np.diag([1., 3, 3]).flatten(),
                np.array([1., 1, 0, 1, 1, 0, 0, 0, 1])):
        val, vec, q = np.zeros(3), np.zeros(9), np.zeros(4)
        ref_val, ref_q = np.zeros(3), np.zeros(4)
        assert mjsim.mju_eig3(val, vec, q, mat) == mujoco.mju_eig3(ref_val, np.zeros(9), ref_q,
                                                                   mat)
        np.testing.assert_allclose(val, ref_val, atol=1e-12)
        np.testing.assert_allclose(q, ref_q, atol=1e-12)


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_mat2rot_converges_to_the_reference_rotation(seed):
    rng = np.random.default_rng(seed)
    R = np.zeros(9)
    mujoco.mju_quat2Mat(R, unit_quat(rng))
    A = R + 0.2 * rng.standard_normal(9)
    start = unit_quat(rng)
    q_o, q_r = start.copy(), start.copy()
    mjsim.mju_mat2Rot(q_o, A)
    mujoco.mju_mat2Rot(q_r, A)
    assert min(np.abs(q_o - q_r).max(), np.abs(q_o + q_r).max()) < 1e-7


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_transform_spatial_matches(seed):
    rng = np.random.default_rng(seed)
    R = np.zeros(9)
    mujoco.mju_quat2Mat(R, unit_quat(rng))
    vec, newpos, oldpos = rng.standard_normal(6), rng.standard_normal(3), rng.standard_normal(3)
    for force in (0, 1):
        _, _, o, r = both("mju_transformSpatial", np.zeros(6), vec, force, newpos, oldpos, R)
        np.testing.assert_allclose(o[0], r[0], rtol=1e-12, atol=1e-14)


@pytest.mark.parametrize("nmu", [1, 2, 3])
def test_pyramid_encode_decode_match(nmu):
    rng = np.random.default_rng(nmu)
    for _ in range(5):
        force = rng.standard_normal(nmu + 1)
        force[0] = abs(force[0])
        mu = rng.uniform(0.2, 1.5, nmu)
        _, _, o, r = both("mju_encodePyramid", np.zeros(2 * nmu), force, mu)
        np.testing.assert_allclose(o[0], r[0], rtol=1e-12)
        _, _, o, r = both("mju_decodePyramid", np.zeros(nmu + 1), r[0], mu)
        np.testing.assert_allclose(o[0], r[0], rtol=1e-12)


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_quaternion_derivatives_match(seed):
    rng = np.random.default_rng(seed)
    qa, qb = unit_quat(rng), unit_quat(rng)
    _, _, o, r = both("mjd_subQuat", qa, qb, np.zeros(9), np.zeros(9))
    np.testing.assert_allclose(o[2], r[2], atol=1e-9)
    np.testing.assert_allclose(o[3], r[3], atol=1e-9)
    vel, scale = rng.standard_normal(3), float(rng.uniform(-1, 1))
    _, _, o, r = both("mjd_quatIntegrate", vel, scale, np.zeros(9), np.zeros(9), np.zeros(3))
    for a, b in zip(o[2:], r[2:]):
        np.testing.assert_allclose(a, b, atol=1e-9)


def test_local2global_matches_for_every_sameframe():
    xml = """<mujoco><worldbody><body pos='1 2 3' euler='10 20 30'><joint type='ball'/>
      <geom size='.1' pos='.1 .2 .3' mass='1'/><geom type='box' size='.1 .2 .3' pos='-.1 0 0'
      mass='2'/></body></worldbody></mujoco>"""
    rng = np.random.default_rng(0)
    pos, quat = rng.standard_normal(3), unit_quat(rng)
    datas = []
    for lib in (mjsim, mujoco):
        m = lib.MjModel.from_xml_string(xml)
        d = lib.MjData(m)
        d.qpos[:] = [0.9, 0.1, -0.3, 0.2]
        lib.mj_forward(m, d)
        datas.append((lib, d))
    for sameframe in range(5):
        results = []
        for lib, d in datas:
            xpos, xmat = np.zeros(3), np.zeros(9)
            lib.mj_local2Global(d, xpos, xmat, pos, quat, 1, sameframe)
            results.append((xpos, xmat))
        np.testing.assert_allclose(results[0][0], results[1][0], atol=1e-12)
        np.testing.assert_allclose(results[0][1], results[1][1], atol=1e-12)


# --- bad input ---------------------------------------------------------------------------

BAD_CALLS = [
    ("mju_cholFactor", lambda: (np.zeros((2, 3)), 0.0), TypeError, "mat"),
    ("mju_cholFactor", lambda: (np.eye(3, dtype=np.float32), 0.0), TypeError, "mat"),
    ("mju_cholSolve", lambda: (np.zeros(2), np.eye(3), np.zeros(3)), TypeError, "res"),
    ("mju_cholSolve", lambda: (np.zeros(3), np.eye(3), np.zeros(2)), TypeError, "vec"),
    ("mju_cholUpdate", lambda: (np.eye(3), np.zeros(2), 1), TypeError, "x"),
    ("mju_dense2Band", lambda: (np.zeros(3), np.eye(3), 3, 2, 0), TypeError, "res"),
    ("mju_band2Dense", lambda: (np.zeros((3, 3)), np.zeros(2), 3, 2, 0, 1), TypeError, "mat"),
    ("mju_cholFactorBand", lambda: (np.zeros(5), 3, 2, 0, 0.0, 0.0), TypeError, "mat"),
    ("mju_bandMulMatVec", lambda: (np.zeros(3), np.zeros(6), np.zeros(2), 3, 2, 0, 1, 1),
     TypeError, "vec"),
    ("mju_sqrMatTD", lambda: (np.zeros(4), np.zeros((3, 2)), np.zeros(2)), TypeError, "diag"),
    ("mju_sqrMatTD", lambda: (np.zeros(3), np.zeros((3, 2)), None), TypeError, "res"),
    ("mju_eig3", lambda: (np.zeros(3), np.zeros(9), np.zeros(4), np.zeros(8)), TypeError, "mat"),
    ("mju_eig3", lambda: (np.zeros(2), np.zeros(9), np.zeros(4), np.zeros(9)), TypeError,
     "eigval"),
    ("mju_mat2Rot", lambda: (np.zeros(4, np.int32), np.zeros(9)), TypeError, "quat"),
    ("mju_transformSpatial", lambda: (np.zeros(6), np.zeros(5), 0, np.zeros(3), np.zeros(3),
                                      np.eye(3).flatten()), TypeError, "vec"),
    ("mju_encodePyramid", lambda: (np.zeros(2), np.zeros(3), np.zeros(2)), TypeError, "pyramid"),
    ("mju_n2f", lambda: (np.zeros(3), np.zeros(3)), TypeError, "res"),
    ("mjd_subQuat", lambda: (np.zeros(3), np.zeros(4), np.zeros(9), None), TypeError, "qa"),
    ("mjd_quatIntegrate", lambda: (np.zeros(3), 1.0, np.zeros(8), np.zeros(9), np.zeros(3)),
     TypeError, "Dquat"),
]


@pytest.mark.parametrize("name,make_args,error,argname", BAD_CALLS,
                         ids=[f"{c[0]}-{c[3]}-{i}" for i, c in enumerate(BAD_CALLS)])
def test_bad_input_raises_naming_the_argument(name, make_args, error, argname):
    with pytest.raises(error, match=argname):
        getattr(mjsim, name)(*make_args())


def test_non_finite_inputs_do_not_crash():
    bad = np.full(9, np.nan)
    val, vec, q = np.zeros(3), np.zeros(9), np.zeros(4)
    mjsim.mju_eig3(val, vec, q, bad)
    q = np.array([1.0, 0, 0, 0])
    assert mjsim.mju_mat2Rot(q, bad) >= 0
    A = np.full((3, 3), np.inf)
    mjsim.mju_cholFactor(A, 0.0)


@pytest.mark.parametrize("seed", RNG_SEEDS)
@pytest.mark.parametrize("bounds", ["both", "lower", "none"])
def test_box_qp_matches_reference(seed, bounds):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 7))
    H = spd(rng, n) / n
    g = 3 * rng.standard_normal(n)
    lower = -rng.uniform(0.1, 1, n) if bounds != "none" else None
    upper = rng.uniform(0.1, 1, n) if bounds == "both" else None
    outs = []
    for lib in (mjsim, mujoco):
        res, R, index = np.zeros(n), np.zeros((n, n + 7)), np.zeros(n, np.int32)
        nfree = lib.mju_boxQP(res, R, index, H, g, lower, upper)
        outs.append((nfree, res, R.flatten()[:nfree * nfree].reshape(nfree, nfree), index[:nfree]))
    assert outs[0][0] == outs[1][0]
    np.testing.assert_allclose(outs[0][1], outs[1][1], rtol=1e-7, atol=1e-9)
    np.testing.assert_array_equal(outs[0][3], outs[1][3])
    np.testing.assert_allclose(np.tril(outs[0][2]), np.tril(outs[1][2]), rtol=1e-9, atol=1e-12)


def test_box_qp_indefinite_fails_like_the_reference():
    n = 3
    for lib in (mjsim, mujoco):
        assert lib.mju_boxQP(np.zeros(n), np.zeros((n, n + 7)), None, -np.eye(n), np.ones(n),
                             -np.ones(n), np.ones(n)) == -1
    with pytest.raises(TypeError, match="n\\*\\(n\\+7\\)"):
        mjsim.mju_boxQP(np.zeros(n), np.zeros((n, n)), None, np.eye(n), np.ones(n), None, None)


def test_standard_normal_samples_look_normal():
    samples = np.array([mjsim.mju_standardNormal(None) for _ in range(4000)])
    assert np.isfinite(samples).all()
    assert abs(samples.mean()) < 0.1 and abs(samples.std() - 1) < 0.1


def test_print_mat_sparse_and_write_log(tmp_path, monkeypatch):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        mjsim.mju_printMatSparse(np.array([1.5, 2.0, 3.0]), np.array([2, 1], np.int32),
                                 np.array([0, 2], np.int32), np.array([0, 2, 1], np.int32))
    assert out.getvalue().splitlines()[:2] == ["(0 0):  1.500000  (0 2):  2.000000  ",
                                               "(1 1):  3.000000  "]
    monkeypatch.chdir(tmp_path)
    mjsim.mju_writeLog("WARNING", "hello there")
    lines = (tmp_path / "MUJOCO_LOG.TXT").read_text().split("\n")
    assert lines[1:4] == ["WARNING: hello there", "", ""]
