"""The mju_ utilities (cpp/bindings/math.cc) against the reference on random inputs, and their
bad-input behaviour: a wrong size or dtype raises naming the argument and writes nothing."""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402

N_TRIALS = 20


def unit_quat(rng):
    q = rng.standard_normal(4)
    return q / np.linalg.norm(q)


def rotation(rng):
    R = np.zeros(9)
    mujoco.mju_quat2Mat(R, unit_quat(rng))
    return R


# (function, output shapes, input generators); inputs are drawn per trial
def V(n):
    return lambda rng: rng.standard_normal(n)


Q = unit_quat
R = rotation


def S(rng):
    return float(rng.uniform(-2, 2))


CASES = [
    ("mju_mulQuat", [4], [Q, Q]),
    ("mju_negQuat", [4], [Q]),
    ("mju_quat2Mat", [9], [Q]),
    ("mju_mat2Quat", [4], [R]),
    ("mju_axisAngle2Quat", [4], [V(3), S]),
    ("mju_quat2Vel", [3], [Q, S]),
    ("mju_subQuat", [3], [Q, Q]),
    ("mju_rotVecQuat", [3], [V(3), Q]),
    ("mju_mulQuatAxis", [4], [Q, V(3)]),
    ("mju_derivQuat", [4], [Q, V(3)]),
    ("mju_quatZ2Vec", [4], [V(3)]),
    ("mju_mulPose", [3, 4], [V(3), Q, V(3), Q]),
    ("mju_negPose", [3, 4], [V(3), Q]),
    ("mju_trnVecPose", [3], [V(3), Q, V(3)]),
    ("mju_unit4", [4], []),
    ("mju_zero3", [3], []),
    ("mju_zero4", [4], []),
    ("mju_copy3", [3], [V(3)]),
    ("mju_copy4", [4], [V(4)]),
    ("mju_add3", [3], [V(3), V(3)]),
    ("mju_sub3", [3], [V(3), V(3)]),
    ("mju_scl3", [3], [V(3), S]),
    ("mju_cross", [3], [V(3), V(3)]),
    ("mju_addScl3", [3], [V(3), V(3), S]),
    ("mju_symmetrize", [(4, 4)], [lambda rng: rng.standard_normal((4, 4))]),
    ("mju_mulMatVec3", [3], [V(9), V(3)]),
    ("mju_mulMatTVec3", [3], [V(9), V(3)]),
    ("mju_zero", [5], []),
    ("mju_fill", [5], [S]),
    ("mju_copy", [5], [V(5)]),
    ("mju_add", [5], [V(5), V(5)]),
    ("mju_sub", [5], [V(5), V(5)]),
    ("mju_scl", [5], [V(5), S]),
    ("mju_addScl", [5], [V(5), V(5), S]),
    ("mju_mulMatVec", [3], [lambda rng: rng.standard_normal((3, 4)), V(4)]),
    ("mju_mulMatTVec", [4], [lambda rng: rng.standard_normal((3, 4)), V(3)]),
    ("mju_mulMatMat", [(3, 2)], [lambda rng: rng.standard_normal((3, 4)),
                                 lambda rng: rng.standard_normal((4, 2))]),
    ("mju_mulMatMatT", [(3, 2)], [lambda rng: rng.standard_normal((3, 4)),
                                  lambda rng: rng.standard_normal((2, 4))]),
    ("mju_mulMatTMat", [(4, 2)], [lambda rng: rng.standard_normal((3, 4)),
                                  lambda rng: rng.standard_normal((3, 2))]),
    ("mju_transpose", [(4, 3)], [lambda rng: rng.standard_normal((3, 4))]),
    ("mju_eye", [(3, 3)], []),
]

# functions that return a value and write nothing
VALUE_CASES = [
    ("mju_dot3", [V(3), V(3)]), ("mju_dist3", [V(3), V(3)]), ("mju_norm3", [V(3)]),
    ("mju_dot", [V(6), V(6)]), ("mju_norm", [V(6)]), ("mju_sum", [V(6)]), ("mju_L1", [V(6)]),
    ("mju_max", [S, S]), ("mju_min", [S, S]), ("mju_sign", [S]), ("mju_round", [S]),
    ("mju_clip", [S, lambda rng: -0.5, lambda rng: 0.7]), ("mju_isBad", [S]),
    ("mju_sigmoid", [lambda rng: float(rng.uniform(-0.5, 1.5))]),
    ("mju_mulVecMatVec", [V(3), lambda rng: rng.standard_normal((3, 3)), V(3)]),
    ("mju_isZero", [V(4)]), ("mju_isZero", [lambda rng: np.zeros(4)]),
]


@pytest.mark.parametrize("name,outputs,inputs", CASES, ids=[c[0] for c in CASES])
def test_mju_matches_reference(name, outputs, inputs):
    rng = np.random.default_rng(0)
    for _ in range(N_TRIALS):
        args = [make(rng) for make in inputs]
        ours = [np.full(shape, np.nan) for shape in outputs]
        ref = [np.full(shape, np.nan) for shape in outputs]
        getattr(mjsim, name)(*ours, *args)
        getattr(mujoco, name)(*ref, *args)
        for a, b in zip(ours, ref):
            np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12, err_msg=f"{name}{args}")


@pytest.mark.parametrize("name,inputs", VALUE_CASES, ids=[c[0] for c in VALUE_CASES])
def test_mju_value_matches_reference(name, inputs):
    rng = np.random.default_rng(1)
    for _ in range(N_TRIALS):
        args = [make(rng) for make in inputs]
        assert getattr(mjsim, name)(*args) == pytest.approx(getattr(mujoco, name)(*args),
                                                          rel=1e-12, abs=1e-12), (name, args)


@pytest.mark.parametrize("seq", ["xyz", "XYZ", "zyx", "ZYX", "xYz", "zxz", "ZXZ", "yXy"])
def test_euler2quat_matches_reference(seq):
    rng = np.random.default_rng(2)
    for _ in range(N_TRIALS):
        euler = rng.uniform(-np.pi, np.pi, 3)
        ours, ref = np.zeros(4), np.zeros(4)
        mjsim.mju_euler2Quat(ours, euler, seq)
        mujoco.mju_euler2Quat(ref, euler, seq)
        np.testing.assert_allclose(ours, ref, atol=1e-14)


@pytest.mark.parametrize("scale", [0.0, 0.01, 1.0, 3.0])
def test_quat_integrate_matches_reference(scale):
    rng = np.random.default_rng(3)
    for _ in range(N_TRIALS):
        q, vel = unit_quat(rng), rng.standard_normal(3)
        ours, ref = q.copy(), q.copy()
        mjsim.mju_quatIntegrate(ours, vel, scale)
        mujoco.mju_quatIntegrate(ref, vel, scale)
        np.testing.assert_allclose(ours, ref, atol=1e-14)


@pytest.mark.parametrize("name,size", [("mju_normalize3", 3), ("mju_normalize4", 4),
                                       ("mju_normalize", 6)])
def test_normalize_matches_reference_including_tiny_vectors(name, size):
    rng = np.random.default_rng(4)
    for scale in (1.0, 1e-20, 0.0):
        v = scale * rng.standard_normal(size)
        ours, ref = v.copy(), v.copy()
        assert getattr(mjsim, name)(ours) == pytest.approx(getattr(mujoco, name)(ref), abs=1e-30)
        np.testing.assert_allclose(ours, ref, atol=1e-14)


def test_in_place_accumulation_matches_reference():
    rng = np.random.default_rng(5)
    base, vec = rng.standard_normal(5), rng.standard_normal(5)
    for name, extra in (("mju_addTo", []), ("mju_subFrom", []), ("mju_addToScl", [0.3]),
                        ("mju_addTo3", []), ("mju_subFrom3", []), ("mju_addToScl3", [0.3])):
        n = 3 if name.endswith("3") else 5
        ours, ref = base[:n].copy(), base[:n].copy()
        getattr(mjsim, name)(ours, vec[:n], *extra)
        getattr(mujoco, name)(ref, vec[:n], *extra)
        np.testing.assert_allclose(ours, ref, atol=1e-15, err_msg=name)


def test_bad_inputs_raise_naming_the_argument_and_write_nothing():
    res = np.full(4, 7.0)
    with pytest.raises(TypeError, match="quat2"):
        mjsim.mju_mulQuat(res, np.ones(4), np.ones(3))
    with pytest.raises(TypeError, match="res"):
        mjsim.mju_mulQuat(np.zeros(4, np.float32), np.ones(4), np.ones(4))
    with pytest.raises(TypeError, match="res"):
        mjsim.mju_mulQuat(np.zeros(5), np.ones(4), np.ones(4))
    with pytest.raises(TypeError, match="vec"):
        mjsim.mju_mulMatVec(res, np.ones((4, 3)), np.ones(4))
    with pytest.raises(mjsim.FatalError, match="seq"):
        mjsim.mju_euler2Quat(res, np.ones(3), "xyw")
    with pytest.raises(TypeError, match="vec2"):
        mjsim.mju_add(res, np.ones(4), np.ones(5))
    with pytest.raises(TypeError, match="incompatible"):
        mjsim.mju_mulMatMat(np.zeros((2, 2)), np.ones((2, 3)), np.ones((2, 2)))
    np.testing.assert_array_equal(res, 7.0)


@pytest.mark.parametrize("vec", [[0, 0, 0], [1e-20, 0, 0], [0, 0, -1e-20], [0, 0, -1], [0, 0, 2]])
def test_quat_z2vec_of_degenerate_directions(vec):
    """No direction gives the identity; -z a half turn about x."""
    ours, ref = np.zeros(4), np.zeros(4)
    mjsim.mju_quatZ2Vec(ours, np.array(vec, float))
    mujoco.mju_quatZ2Vec(ref, np.array(vec, float))
    np.testing.assert_allclose(ours, ref, atol=1e-15)
