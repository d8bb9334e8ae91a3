"""Recursive Newton-Euler (engine/rne.cc) against the reference at random states:
mj_rne (qfrc_bias without qacc, M qacc + bias with it), mj_rnePostConstraint (cacc, cfrc_int,
cfrc_ext) and the velocity derivative of the bias force that the implicit integrator uses.

Models: the small ones of test_velocity.py (every joint type, mixed chains, tendons and
actuators) and every corpus model, at N_STATES random states each, with constraints disabled
(the smooth dynamics alone). Where another stage's output is needed that mjsim does not
compute yet (qacc from the forward pass), the reference's value is copied into our data first,
so the stage under test is compared on identical inputs.

The derivative is compared with the reference's qDeriv after an implicit mj_step with
dampers, actuation and fluid switched off there: its qDeriv is then -d(qfrc_bias)/d(qvel).
It is also checked against central differences of our own mj_rne (oracle-free).
"""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from conformance.test_velocity import (  # noqa: E402
    SMALL_MODELS, assert_close_scaled, load_smooth_pair, prepare_state, small_params)
from corpus import corpus_models, params  # noqa: E402

N_STATES = 4
DSBL_DAMPER, DSBL_GRAVITY, DSBL_ACTUATION = 1 << 6, 1 << 7, 1 << 11
POST_FIELDS = ["cacc", "cfrc_int", "cfrc_ext"]


def bias(m, d, flg_acc=0):
    result = np.zeros(m.nv)
    mjsim.mj_rne(m, d, flg_acc, result)
    return result


class BiasView:
    """qfrc_bias under a field name, so assert_close_scaled can compare a plain array."""

    def __init__(self, qfrc_bias):
        self.qfrc_bias = qfrc_bias


def check_rne(model, gravity=True):
    pair = load_smooth_pair(model)
    if not gravity:
        for m in (pair.m, pair.ref_m):
            m.opt.disableflags = m.opt.disableflags | DSBL_GRAVITY
    m, d, ref_m, ref_d = pair
    rng = np.random.default_rng(11)
    for seed in range(N_STATES):
        context = f"{pair.name}, state {seed}"
        prepare_state(pair, seed)
        assert_close_scaled(BiasView(bias(m, d)), ref_d, ["qfrc_bias"], context)

        # with qacc: the same random qacc in both
        qacc = rng.standard_normal(m.nv)
        d.qacc[:] = qacc
        ref_d.qacc[:] = qacc
        ref_result = np.zeros(m.nv)
        mujoco.mj_rne(ref_m, ref_d, 1, ref_result)
        assert_close_scaled(BiasView(bias(m, d, 1)), BiasView(ref_result), ["qfrc_bias"],
                            context + ", flg_acc=1")

        # after the forward pass: the reference's qacc, our post-constraint pass
        mujoco.mj_forward(ref_m, ref_d)
        d.qacc[:] = ref_d.qacc
        mjsim.mj_rnePostConstraint(m, d)
        mujoco.mj_rnePostConstraint(ref_m, ref_d)
        assert_close_scaled(d, ref_d, POST_FIELDS, context)


@pytest.mark.parametrize("model", small_params())
def test_rne_matches_reference_on_small_models(model):
    check_rne(model)


@pytest.mark.parametrize("model", small_params())
def test_rne_without_gravity_matches_reference(model):
    check_rne(model, gravity=False)


@pytest.mark.parametrize("path", params(corpus_models()))
def test_rne_matches_reference_on_corpus(path):
    check_rne(path)


def test_rne_with_acceleration_adds_inertia_times_qacc():
    """Oracle-free: mj_rne(flg_acc=1) - mj_rne(flg_acc=0) = M qacc without the armature."""
    pair = load_smooth_pair(SMALL_MODELS["every_joint"])
    m, d = pair.m, pair.d
    prepare_state(pair, 3)
    qacc = np.random.default_rng(2).standard_normal(m.nv)
    d.qacc[:] = qacc
    Mq = np.zeros(m.nv)
    mjsim.mj_mulM(m, d, Mq, qacc)
    np.testing.assert_allclose(bias(m, d, 1) - bias(m, d, 0), Mq - m.dof_armature * qacc,
                               rtol=1e-10, atol=1e-10)


def test_post_constraint_forces_balance():
    """Oracle-free: the world's interaction force is minus the applied wrenches plus the sum
    of every body's inertial force, and a leaf's is its own inertial force minus its
    applied wrench; gravity disabled, the free body's cacc is cdof * qacc + cdof_dot * qvel."""
    pair = load_smooth_pair(SMALL_MODELS["free_only"])
    m, d = pair.m, pair.d
    prepare_state(pair, 1)
    m.opt.disableflags = m.opt.disableflags | DSBL_GRAVITY
    d.qacc[:] = np.random.default_rng(4).standard_normal(m.nv)
    mjsim.mj_rnePostConstraint(m, d)
    expected = d.cdof.T @ d.qacc + d.cdof_dot.T @ d.qvel
    np.testing.assert_allclose(d.cacc[1], expected, atol=1e-12)
    np.testing.assert_allclose(d.cacc[0], 0)
    np.testing.assert_allclose(d.cfrc_int[0], d.cfrc_int[1], atol=1e-12)
    # generalized: cdof' cfrc_int = rne with qacc minus the applied forces' projection
    np.testing.assert_allclose(d.cdof @ d.cfrc_int[1], bias(m, d, 1) - d.cdof @ d.cfrc_ext[1],
                               rtol=1e-10, atol=1e-10)


# --- the velocity derivative ----------------------------------------------------------------


def dense(m, values):
    matrix = np.zeros((m.nv, m.nv))
    for i in range(m.nv):
        for k in range(m.D_rowadr[i], m.D_rowadr[i] + m.D_rownnz[i]):
            matrix[i, m.D_colind[k]] = values[k]
    return matrix


def our_derivative(m, d, base=None):
    qDeriv = np.zeros(m.nD) if base is None else base.copy()
    mjsim._core._add_bias_velocity_derivative(m, d, qDeriv)
    return qDeriv


def check_derivative(model):
    pair = load_smooth_pair(model)
    m, d, ref_m, ref_d = pair
    ref_m.opt.disableflags = ref_m.opt.disableflags | DSBL_DAMPER | DSBL_ACTUATION
    ref_m.opt.density = 0
    ref_m.opt.viscosity = 0
    ref_m.opt.integrator = mujoco.mjtIntegrator.mjINT_IMPLICIT
    rng = np.random.default_rng(5)
    for seed in range(N_STATES):
        prepare_state(pair, seed)
        mujoco.mj_step(ref_m, ref_d)  # qDeriv at the state before the step
        base = rng.standard_normal(m.nD)
        ours = our_derivative(m, d, base) - base  # the stage adds to what is there
        scale = max(1.0, np.abs(ref_d.qDeriv).max(initial=0))
        np.testing.assert_allclose(ours, ref_d.qDeriv, rtol=1e-8, atol=1e-11 * scale,
                                   err_msg=f"{pair.name}, state {seed}: qDeriv")


@pytest.mark.parametrize("model", small_params())
def test_bias_velocity_derivative_matches_reference_on_small_models(model):
    check_derivative(model)


@pytest.mark.parametrize("path", params(corpus_models()))
def test_bias_velocity_derivative_matches_reference_on_corpus(path):
    check_derivative(path)


@pytest.mark.parametrize("name", ["every_joint", "ball_chain", "tendons_actuators"])
def test_bias_velocity_derivative_matches_finite_differences(name):
    """Oracle-free: -d(mj_rne)/d(qvel) by central differences, on the D pattern, and zero
    outside it."""
    pair = load_smooth_pair(SMALL_MODELS[name])
    m, d = pair.m, pair.d
    prepare_state(pair, 2)
    analytic = dense(m, our_derivative(m, d))
    qvel = d.qvel.copy()
    numeric = np.zeros((m.nv, m.nv))
    h = 1e-6
    for j in range(m.nv):
        columns = []
        for sign in (1, -1):
            d.qvel[:] = qvel
            d.qvel[j] += sign * h
            mjsim.mj_comVel(m, d)
            columns.append(bias(m, d))
        numeric[:, j] = -(columns[0] - columns[1]) / (2 * h)
    d.qvel[:] = qvel
    np.testing.assert_allclose(analytic, numeric, atol=1e-6 * max(1, np.abs(numeric).max()))
    pattern = dense(m, np.ones(m.nD)) > 0
    assert np.abs(numeric[~pattern]).max(initial=0) < 1e-6


# --- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_nonfinite_velocity_and_acceleration_do_not_crash(bad):
    pair = load_smooth_pair(SMALL_MODELS["every_joint"])
    m, d = pair.m, pair.d
    prepare_state(pair, 0)
    d.qvel[1] = bad
    d.qacc[2] = bad
    mjsim.mj_comVel(m, d)
    assert not np.isfinite(bias(m, d, 1)).all()
    mjsim.mj_rnePostConstraint(m, d)
    our_derivative(m, d)


def test_rne_binding_checks_its_arguments():
    m = mjsim.MjModel.from_xml_string(SMALL_MODELS["hinge_chain"])
    d = mjsim.MjData(m)
    mjsim.mj_rne(m, d, 0, np.zeros(m.nv))
    with pytest.raises(TypeError, match="result must have 3 values, got 2"):
        mjsim.mj_rne(m, d, 0, np.zeros(2))
    with pytest.raises(TypeError, match="result"):
        mjsim.mj_rne(m, d, 0, np.zeros(m.nv, dtype=np.float32))
    with pytest.raises(TypeError, match="result"):
        mjsim.mj_rne(m, d, 0, np.zeros(m.nv, dtype=np.int64))
    with pytest.raises(TypeError, match="result"):
        mjsim.mj_rne(m, d, 0, np.zeros(2 * m.nv)[::2])
    read_only = np.zeros(m.nv)
    read_only.flags.writeable = False
    with pytest.raises(TypeError, match="result"):
        mjsim.mj_rne(m, d, 0, read_only)
    with pytest.raises(TypeError):
        mjsim.mj_rne(m, d, "yes", np.zeros(m.nv))
    other = mjsim.MjData(mjsim.MjModel.from_xml_string(SMALL_MODELS["ball_chain"]))
    for call in (lambda: mjsim.mj_rne(m, other, 0, np.zeros(m.nv)),
                 lambda: mjsim.mj_rnePostConstraint(m, other)):
        with pytest.raises(ValueError, match="different MjModel"):
            call()
    with pytest.raises(TypeError, match="qDeriv must have"):
        mjsim._core._add_bias_velocity_derivative(m, d, np.zeros(m.nD + 1))
