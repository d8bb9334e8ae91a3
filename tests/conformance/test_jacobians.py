"""Jacobians (engine/jacobian.cc): mj_jac, mj_jacBody, mj_jacBodyCom, mj_jacSubtreeCom,
mj_jacGeom, mj_jacSite, mj_jacPointAxis and mj_jacDot against the reference at random states of
every model in models/ and the corpus models mjsim loads, and against finite differences
(point positions along qvel; the Jacobian itself along qvel for mj_jacDot). mj_mulJacVec and
mj_mulJacTVec (efc_J times a vector) against the reference after mj_forward."""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import corpus_models, our_models, params  # noqa: E402
from support import load_pair  # noqa: E402
from conformance.test_constants import load_or_xfail  # noqa: E402

N_STATES = 3
ATOL = 1e-10


def prepare(pair, seed):
    pair.randomize_state(seed)
    for function in ("mj_kinematics", "mj_comPos", "mj_comVel"):
        pair.call(function)
    # mesh geoms' frames can differ by ~1e-9 (compiler mesh processing, tested elsewhere): take
    # the reference's points so that this test sees the Jacobians alone
    pair.d.geom_xpos[:] = pair.ref_d.geom_xpos


def both(pair, function, outputs, *args):
    """Runs function with fresh (3, nv) outputs in both engines; returns (ours, ref) lists."""
    nv = pair.ref_m.nv
    ours = [np.full((3, nv), np.nan) for _ in range(outputs)]
    ref = [np.full((3, nv), np.nan) for _ in range(outputs)]
    getattr(mjsim, function)(pair.m, pair.d, *ours, *args)
    getattr(mujoco, function)(pair.ref_m, pair.ref_d, *ref, *args)
    return ours, ref


def check_jacobians(pair, context):
    rng = np.random.default_rng(3)
    m = pair.ref_m
    cases = []
    for body in range(m.nbody):
        point = rng.uniform(-1, 1, 3)
        axis = rng.standard_normal(3)
        cases += [("mj_jac", 2, point, body), ("mj_jacBody", 2, body),
                  ("mj_jacBodyCom", 2, body), ("mj_jacSubtreeCom", 1, body),
                  ("mj_jacPointAxis", 2, point, axis, body), ("mj_jacDot", 2, point, body)]
    cases += [("mj_jacGeom", 2, geom) for geom in range(m.ngeom)]
    cases += [("mj_jacSite", 2, site) for site in range(m.nsite)]
    for function, outputs, *args in cases:
        ours, ref = both(pair, function, outputs, *args)
        for k, (a, b) in enumerate(zip(ours, ref)):
            np.testing.assert_allclose(a, b, atol=ATOL, rtol=1e-9,
                                       err_msg=f"{context}: {function}{tuple(args)} output {k}")


@pytest.mark.parametrize("path", params(corpus_models()))
def test_jacobians_match_reference(path):
    load_or_xfail(path)
    pair = load_pair(path, seed=None)
    for seed in range(N_STATES):
        prepare(pair, seed)
        check_jacobians(pair, f"{pair.name}, state {seed}")


def positions_after(m, qpos, qvel, eps, points_of):
    d = mjsim.MjData(m)
    d.qpos[:] = qpos
    mjsim.mj_integratePos(m, d.qpos, qvel, eps)
    mjsim.mj_kinematics(m, d)
    mjsim.mj_comPos(m, d)
    return points_of(d)


@pytest.mark.parametrize("path", params(our_models()[:12]))
def test_jacobians_match_finite_differences(path):
    """jacp qvel = d(point)/dt and jacr qvel = the angular velocity, by central differences
    of body-fixed points (xpos, xipos, subtree_com) along a random velocity."""
    m = mjsim.MjModel.from_xml_path(str(path))
    d = mjsim.MjData(m)
    rng = np.random.default_rng(5)
    qpos = d.qpos.copy()
    mjsim.mj_integratePos(m, qpos, rng.uniform(-0.5, 0.5, m.nv), 1.0)
    qvel = rng.standard_normal(m.nv)
    d.qpos[:] = qpos
    d.qvel[:] = qvel
    mjsim.mj_kinematics(m, d)
    mjsim.mj_comPos(m, d)
    mjsim.mj_comVel(m, d)
    eps = 1e-6
    for points, function in (("xpos", "mj_jacBody"), ("xipos", "mj_jacBodyCom"),
                             ("subtree_com", "mj_jacSubtreeCom")):
        def read(data, field=points):
            return getattr(data, field).copy()
        rate = (positions_after(m, qpos, qvel, eps, read) -
                positions_after(m, qpos, qvel, -eps, read)) / (2 * eps)
        for body in range(1, m.nbody):
            jacp = np.zeros((3, m.nv))
            if function == "mj_jacSubtreeCom":
                mjsim.mj_jacSubtreeCom(m, d, jacp, body)
            else:
                getattr(mjsim, function)(m, d, jacp, None, body)
            np.testing.assert_allclose(jacp @ qvel, rate[body], atol=1e-6,
                                       err_msg=f"{path.name}: {function} body {body}")
    # jacDot qvel-derivative: (J(q + eps qvel) - J(q - eps qvel)) / 2 eps at a body point
    for body in range(1, m.nbody):
        point_local = rng.uniform(-0.2, 0.2, 3)

        def jac_at(step):
            e = mjsim.MjData(m)
            e.qpos[:] = qpos
            mjsim.mj_integratePos(m, e.qpos, qvel, step)
            mjsim.mj_kinematics(m, e)
            mjsim.mj_comPos(m, e)
            point = e.xpos[body] + e.xmat[body].reshape(3, 3) @ point_local
            jacp, jacr = np.zeros((3, m.nv)), np.zeros((3, m.nv))
            mjsim.mj_jac(m, e, jacp, jacr, point, body)
            return jacp, jacr
        (p1, r1), (p0, r0) = jac_at(eps), jac_at(-eps)
        jacp_dot, jacr_dot = np.zeros((3, m.nv)), np.zeros((3, m.nv))
        point = d.xpos[body] + d.xmat[body].reshape(3, 3) @ point_local
        mjsim.mj_jacDot(m, d, jacp_dot, jacr_dot, point, body)
        np.testing.assert_allclose(jacp_dot, (p1 - p0) / (2 * eps), atol=1e-5,
                                   err_msg=f"{path.name}: mj_jacDot jacp body {body}")
        np.testing.assert_allclose(jacr_dot, (r1 - r0) / (2 * eps), atol=1e-5,
                                   err_msg=f"{path.name}: mj_jacDot jacr body {body}")


def test_bad_jacobian_arguments_raise_naming_the_argument_without_writing():
    m = mjsim.MjModel.from_xml_path(str(our_models()[0]))
    d = mjsim.MjData(m)
    mjsim.mj_forward(m, d)
    nv = m.nv
    jacr = np.full((3, nv), 5.0)
    bad = [((np.zeros(3 * nv), jacr, np.zeros(3), 1), TypeError, "jacp"),
           ((np.zeros((nv, 3)) if nv != 3 else np.zeros((2, 3)), jacr, np.zeros(3), 1),
            TypeError, "jacp"),
           ((np.zeros((3, nv), np.float32), jacr, np.zeros(3), 1), TypeError, "jacp"),
           ((None, jacr, np.zeros(4), 1), TypeError, "point"),
           ((None, jacr, np.zeros(3), m.nbody), IndexError, "body"),
           ((None, jacr, np.zeros(3), -1), IndexError, "body"),
           ((np.zeros((3, nv))[:, ::-1] if nv > 1 else np.zeros((3, nv), np.int64), jacr,
             np.zeros(3), 1), TypeError, "jacp")]
    for args, error, name in bad:
        with pytest.raises(error, match=name):
            mjsim.mj_jac(m, d, *args)
    np.testing.assert_array_equal(jacr, 5.0)
    with pytest.raises(IndexError, match="geom"):
        mjsim.mj_jacGeom(m, d, None, jacr, m.ngeom)
    with pytest.raises(IndexError, match="site"):
        mjsim.mj_jacSite(m, d, None, jacr, m.nsite)
    with pytest.raises(TypeError, match="axis"):
        mjsim.mj_jacPointAxis(m, d, None, jacr, np.zeros(3), np.zeros(2), 1)
    np.testing.assert_array_equal(jacr, 5.0)
    other = mjsim.MjData(mjsim.MjModel.from_xml_path(str(our_models()[1])))  # other sizes
    with pytest.raises(ValueError, match="different MjModel"):
        mjsim.mj_jacBody(m, other, None, None, 1)


# ---------------------------------------------------------------------------------------
# mj_mulJacVec, mj_mulJacTVec: the constraint Jacobian efc_J times a vector

MULJAC_MODELS = ["models/sensor_contacts.xml", "models/linkage_constraints.xml",
                 "models/tumbling_objects.xml"]


@pytest.mark.parametrize("name", MULJAC_MODELS)
def test_mul_jac_vec_matches_reference(name):
    """res = efc_J vec and res = efc_J' vec after mj_forward, on our efc_J and on the
    reference's (the rows must be the same constraints: same nefc and types)."""
    from corpus import MODELS_DIR

    pair = load_pair(MODELS_DIR / name.split("/", 1)[1], seed=None)
    rng = np.random.default_rng(5)
    checked = 0
    for seed in range(4):
        pair.randomize_state(seed)
        pair.call("mj_forward")
        if pair.d.nefc != pair.ref_d.nefc or \
                not np.array_equal(pair.d.efc_type, pair.ref_d.efc_type):
            continue
        nv, nefc = pair.ref_m.nv, pair.ref_d.nefc
        vec_v, vec_e = rng.normal(size=nv), rng.normal(size=nefc)
        ours, ref = np.full(nefc, np.nan), np.full(nefc, np.nan)
        mjsim.mj_mulJacVec(pair.m, pair.d, ours, vec_v)
        mujoco.mj_mulJacVec(pair.ref_m, pair.ref_d, ref, vec_v)
        np.testing.assert_allclose(ours, ref, rtol=1e-9, atol=1e-9)
        if nefc == 0:  # the reference writes nothing then (tested below)
            continue
        ours, ref = np.full(nv, np.nan), np.full(nv, np.nan)
        mjsim.mj_mulJacTVec(pair.m, pair.d, ours, vec_e)
        mujoco.mj_mulJacTVec(pair.ref_m, pair.ref_d, ref, vec_e)
        np.testing.assert_allclose(ours, ref, rtol=1e-9, atol=1e-9)
        # and against our own efc_J, densely
        J = np.asarray(pair.d.efc_J).reshape(nefc, nv)
        mjsim.mj_mulJacTVec(pair.m, pair.d, ours, vec_e)
        np.testing.assert_allclose(ours, J.T @ vec_e, rtol=1e-12, atol=1e-12)
        checked += 1
    assert checked >= 2, "too few states with the reference's constraint rows"


def test_mul_jac_vec_rejects_bad_arguments():
    m = mjsim.MjModel.from_xml_string(
        '<mujoco><worldbody><geom type="plane" size="1 1 1"/><body pos="0 0 0.09"><freejoint/>'
        '<geom size="0.1"/></body></worldbody></mujoco>')
    d = mjsim.MjData(m)
    mjsim.mj_forward(m, d)
    nefc, nv = d.nefc, m.nv
    assert nefc > 0
    cases = [
        (mjsim.mj_mulJacVec, np.zeros(nefc + 1), np.zeros(nv), "res"),
        (mjsim.mj_mulJacVec, np.zeros(nefc), np.zeros(nv + 1), "vec"),
        (mjsim.mj_mulJacVec, np.zeros(nefc, dtype=np.float32), np.zeros(nv), "res"),
        (mjsim.mj_mulJacVec, None, np.zeros(nv), "res"),
        (mjsim.mj_mulJacTVec, np.zeros(nv + 1), np.zeros(nefc), "res"),
        (mjsim.mj_mulJacTVec, np.zeros(nv), np.zeros(nefc + 2), "vec"),
        (mjsim.mj_mulJacTVec, np.zeros(2 * nv)[::2], np.zeros(nefc), "res"),
    ]
    for function, res, vec, name in cases:
        before = None if res is None else res.copy()
        with pytest.raises((TypeError, ValueError), match=name):
            function(m, d, res, vec)
        if before is not None:
            np.testing.assert_array_equal(res, before)
    other = mjsim.MjData(mjsim.MjModel.from_xml_string("<mujoco/>"))
    with pytest.raises(ValueError):
        mjsim.mj_mulJacVec(m, other, np.zeros(nefc), np.zeros(nv))
    # no constraint rows: res is left as it was, as the reference does
    d2 = mjsim.MjData(m)
    res = np.full(nv, 7.0)
    mjsim.mj_mulJacTVec(m, d2, res, np.zeros(0))
    np.testing.assert_array_equal(res, 7.0)
    mjsim.mj_mulJacVec(m, d2, np.zeros(0), np.zeros(nv))
