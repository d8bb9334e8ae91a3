"""Kinematics (kinematics.cc) and com quantities (com.cc) against the reference, and the
compiled model arrays they depend on.

Each model in models/ is compared at qpos0 (after mj_resetData) and at N_CONFIGURATIONS random
configurations (random joint values within range, random unit quaternions, random mocap poses).
Quaternions are compared as they are, sign included.
"""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import our_models, params  # noqa: E402
from support import (  # noqa: E402
    JOINT_BALL, JOINT_FREE, assert_fields_close, load_pair)

N_CONFIGURATIONS = 50
ATOL = 1e-12

# Principal axes of a body whose inertia is eigen-decomposed (several geoms, or fullinertia) come
# from Jacobi rotations that the reference stops once the next rotation is below ~1.4e-6 rad; the
# axes at that stopping point agree with the reference to ~1e-11, not to the last bit (measured
# over 100 random inertia matrices: worst 2.5e-11). ximat inherits that compile-time difference,
# so its tolerance is ATOL plus the measured body_iquat difference, which is itself held to
# IQUAT_ATOL. Every other field stays at ATOL, except in a model whose free bodies the compiler
# aligned with their inertial frames (alignfree): there the body frame itself carries the
# principal-axes difference, and every field is held to ATOL plus 4 times the largest body_quat
# difference, times the model's largest distance from the origin.
IQUAT_ATOL = 1e-10

KINEMATICS_FIELDS = [
    "xpos", "xquat", "xmat", "xanchor", "xaxis", "xipos", "ximat",
    "geom_xpos", "geom_xmat", "site_xpos", "site_xmat",
]
COM_FIELDS = ["subtree_com", "cinert", "cdof"]

SIZES = ["nq", "nv", "nbody", "njnt", "ngeom", "nsite", "nmocap", "nu", "na"]
COMPILED_REAL_FIELDS = [
    "body_pos", "body_quat", "body_ipos", "body_iquat", "body_mass", "body_inertia",
    "jnt_pos", "jnt_axis", "qpos0", "geom_pos", "geom_quat", "geom_size", "site_pos", "site_quat",
]
COMPILED_INT_FIELDS = [
    "body_parentid", "body_rootid", "body_jntadr", "body_jntnum", "jnt_type", "jnt_qposadr",
    "jnt_dofadr", "dof_bodyid", "body_mocapid", "geom_bodyid", "site_bodyid",
]
COMPILED_RTOL, COMPILED_ATOL = 1e-6, 1e-9


def assert_kinematics_close(pair, fields, context):
    """All fields at ATOL; ximat at ATOL plus the body's principal-axes difference."""
    others = [f for f in fields if f != "ximat"]
    quat_error = np.abs(pair.m.body_quat - pair.ref_m.body_quat).max()
    assert quat_error <= IQUAT_ATOL, f"{context}: body_quat differs by {quat_error:.3g}"
    reach = 1 + np.abs(pair.ref_d.xpos).max()
    atol = ATOL + 4 * quat_error * reach
    assert_fields_close(pair.d, pair.ref_d, others, atol=atol, model=pair.ref_m, context=context)
    if "ximat" not in fields:
        return
    iquat_error = np.abs(pair.m.body_iquat - pair.ref_m.body_iquat).max(axis=1)
    assert iquat_error.max() <= IQUAT_ATOL, f"{context}: body_iquat differs by {iquat_error.max():.3g}"
    tolerance = (atol + 4 * iquat_error)[:, None]
    error = np.abs(pair.d.ximat - pair.ref_d.ximat)
    bad = np.argwhere(error > tolerance)
    assert bad.size == 0, (
        f"{context}: ximat differs at body {bad[0][0]} by {error[tuple(bad[0])]:.3g} "
        f"(tolerance {tolerance[bad[0][0], 0]:.3g})")


def configurations():
    """None (qpos0, via mj_resetData), then the random seeds."""
    return [None, *range(N_CONFIGURATIONS)]


@pytest.mark.parametrize("model", params(our_models()))
def test_compiled_model_matches_reference(model):
    pair = load_pair(model, seed=None)
    for size in SIZES:
        assert getattr(pair.m, size) == getattr(pair.ref_m, size), (
            f"{pair.name}: {size} = {getattr(pair.m, size)}, reference {getattr(pair.ref_m, size)}")
    assert_fields_close(pair.m, pair.ref_m, COMPILED_INT_FIELDS, atol=0, context=pair.name)
    assert_fields_close(pair.m, pair.ref_m, COMPILED_REAL_FIELDS, atol=COMPILED_ATOL,
                        rtol=COMPILED_RTOL, context=pair.name)
    assert_fields_close(pair.m, pair.ref_m, ["body_iquat"], atol=IQUAT_ATOL, context=pair.name)


@pytest.mark.parametrize("model", params(our_models()))
def test_kinematics_matches_reference(model):
    pair = load_pair(model, seed=None)
    for seed in configurations():
        pair.randomize(seed)
        pair.call("mj_kinematics")
        assert_kinematics_close(pair, KINEMATICS_FIELDS, f"{pair.name}, configuration {seed}")


@pytest.mark.parametrize("model", params(our_models()))
def test_com_matches_reference(model):
    pair = load_pair(model, seed=None)
    for seed in configurations():
        pair.randomize(seed)
        pair.call("mj_kinematics")
        pair.call("mj_comPos")
        assert_kinematics_close(pair, KINEMATICS_FIELDS + COM_FIELDS,
                                f"{pair.name}, configuration {seed}")


@pytest.mark.parametrize("model", params(our_models()))
def test_kinematics_normalizes_quaternions_as_reference(model):
    """Non-unit quaternions in qpos (ball, free) and mocap_quat are normalized for the
    computation, as the reference does, and qpos itself is left as it was."""
    pair = load_pair(model, seed=None)
    rng = np.random.default_rng(12345)
    for seed in range(10):
        config = pair.randomize(seed)
        for joint in range(pair.ref_m.njnt):
            joint_type = pair.ref_m.jnt_type[joint]
            if joint_type in (JOINT_BALL, JOINT_FREE):
                adr = pair.ref_m.jnt_qposadr[joint] + (3 if joint_type == JOINT_FREE else 0)
                config.qpos[adr:adr + 4] *= rng.uniform(0.5, 2.0)
        config.mocap_quat *= rng.uniform(0.5, 2.0, size=(pair.ref_m.nmocap, 1))
        pair.set_configuration(config)
        pair.call("mj_kinematics")
        pair.call("mj_comPos")
        assert_kinematics_close(pair, ["qpos", "mocap_quat"] + KINEMATICS_FIELDS + COM_FIELDS,
                                f"{pair.name}, configuration {seed} with scaled quaternions")
