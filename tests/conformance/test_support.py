"""Support functions (engine/support.cc) against the reference: mj_applyFT maps a wrench on a
body at a point to joint space for every body of every corpus model."""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import corpus_models, params  # noqa: E402
from support import load_pair  # noqa: E402


@pytest.mark.parametrize("path", params(corpus_models()))
def test_apply_ft_matches_reference(path):
    pair = load_pair(path, seed=2)
    pair.call("mj_kinematics")
    pair.call("mj_comPos")
    rng = np.random.default_rng(5)
    for body in range(pair.m.nbody):
        force, torque, point = rng.standard_normal(3), rng.standard_normal(3), rng.standard_normal(3)
        ours, ref = np.ones(pair.m.nv), np.ones(pair.m.nv)  # it adds to the target
        mjsim.mj_applyFT(pair.m, pair.d, force, torque, point, body, ours)
        mujoco.mj_applyFT(pair.ref_m, pair.ref_d, force, torque, point, body, ref)
        np.testing.assert_allclose(ours, ref, rtol=1e-12, atol=1e-12, err_msg=f"{pair.name} body {body}")


def test_apply_ft_checks_arguments():
    m = mjsim.MjModel.from_xml_string("<mujoco><worldbody><body><joint/><geom size='.1'/></body></worldbody></mujoco>")
    d = mjsim.MjData(m)
    target = np.zeros(m.nv)
    with pytest.raises(TypeError, match="force must have 3 values"):
        mjsim.mj_applyFT(m, d, np.zeros(2), np.zeros(3), np.zeros(3), 1, target)
    with pytest.raises(IndexError, match="body 5 out of range"):
        mjsim.mj_applyFT(m, d, np.zeros(3), np.zeros(3), np.zeros(3), 5, target)
    with pytest.raises(TypeError, match="qfrc_target must be a writable"):
        mjsim.mj_applyFT(m, d, np.zeros(3), np.zeros(3), np.zeros(3), 1, np.zeros(m.nv, dtype=np.float32))
