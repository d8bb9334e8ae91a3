"""mjd_transitionFD and mjd_inverseFD (cpp/src/engine/derivative_fd.cc): finite differences of
mjsim's own step and inverse dynamics against the reference's on a few models; mj_angmomMat and
mj_isDual; shapes and bad input."""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402

ARM = """
<mujoco>
  <option timestep="0.005"/>
  <worldbody>
    <body name="upper" pos="0 0 1">
      <joint name="shoulder" type="hinge" axis="0 1 0" damping="0.1"/>
      <geom type="capsule" fromto="0 0 0 0.5 0 0" size="0.05"/>
      <body name="lower" pos="0.5 0 0">
        <joint name="elbow" type="hinge" axis="0 1 0" range="-2 2" limited="true"/>
        <geom type="capsule" fromto="0 0 0 0.4 0 0" size="0.04"/>
        <site name="tip" pos="0.4 0 0"/>
      </body>
    </body>
    <body name="slider" pos="0 1 1">
      <joint name="slide" type="slide" axis="1 0 0"/>
      <joint name="spin" type="ball"/>
      <geom type="box" size="0.1 0.05 0.02" mass="0.5"/>
    </body>
  </worldbody>
  <actuator>
    <motor name="a0" joint="shoulder" gear="2" ctrlrange="-1 1" ctrllimited="true"/>
    <position name="a1" joint="elbow" kp="5" ctrlrange="-1 1"/>
    <velocity name="a2" joint="slide" kv="1"/>
    <general name="a3" joint="slide" dyntype="filter" dynprm="0.1" gainprm="1"/>
  </actuator>
  <sensor>
    <jointpos joint="elbow"/>
    <jointvel joint="shoulder"/>
    <framepos objtype="site" objname="tip"/>
    <ballquat joint="spin"/>
    <actuatorfrc actuator="a1"/>
  </sensor>
</mujoco>"""

FREE = """
<mujoco>
  <option integrator="implicitfast" timestep="0.01"/>
  <worldbody>
    <body pos="0 0 1"><freejoint/><geom type="ellipsoid" size="0.1 0.2 0.3"/></body>
  </worldbody>
  <sensor><framequat objtype="body" objname="world"/><subtreeangmom body="world"/></sensor>
</mujoco>"""

MODELS = {"arm": ARM, "free": FREE}


def make_pair(xml, seed):
    rng = np.random.default_rng(seed)
    pair = []
    for lib in (mjsim, mujoco):
        m = lib.MjModel.from_xml_string(xml)
        pair.append((lib, m, lib.MjData(m)))
    nq, nv, na, nu = pair[0][1].nq, pair[0][1].nv, pair[0][1].na, pair[0][1].nu
    qpos = pair[1][2].qpos.copy() + 0.3 * rng.standard_normal(nq)
    qvel = 0.5 * rng.standard_normal(nv)
    act = 0.2 * rng.standard_normal(na)
    ctrl = rng.uniform(-0.8, 0.8, nu)
    for lib, m, d in pair:
        d.qpos[:] = qpos
        lib.mj_normalizeQuat(m, d.qpos)
        d.qvel[:], d.act[:], d.ctrl[:] = qvel, act, ctrl
        lib.mj_forward(m, d)
    return pair


def transition_matrices(lib, m, d, eps, centered):
    nx, nu, ns = 2 * m.nv + m.na, m.nu, m.nsensordata
    A, B = np.zeros((nx, nx)), np.zeros((nx, nu))
    C, D = np.zeros((ns, nx)), np.zeros((ns, nu))
    lib.mjd_transitionFD(m, d, eps, centered, A, B, C, D)
    return A, B, C, D


@pytest.mark.parametrize("name", MODELS)
@pytest.mark.parametrize("centered", [0, 1])
def test_transition_fd_matches_reference(name, centered):
    pair = make_pair(MODELS[name], seed=1)
    state_before = [lib_d.qpos.copy() for _, _, lib_d in pair]
    ours = transition_matrices(*pair[0], 1e-6, centered)
    ref = transition_matrices(*pair[1], 1e-6, centered)
    for label, a, b in zip("ABCD", ours, ref):
        if label == "D" and centered:
            # the reference's centered D has the opposite sign (measured: its forward D and
            # the analytic d(actuatorfrc)/d(ctrl) = kp are +5 for the position actuator, its
            # centered D -5); mjsim's centered D agrees with the forward differences
            b = -b
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=2e-6, err_msg=f"{name} {label}")
    # the state is restored
    np.testing.assert_array_equal(pair[0][2].qpos, state_before[0])


def test_transition_fd_clamped_control_takes_the_inside_difference():
    pair = make_pair(ARM, seed=2)
    for _, _, d in pair:
        d.ctrl[0] = 1.0  # at the upper end of its range: only the backward side is inside
    ours = transition_matrices(*pair[0], 1e-6, 1)
    ref = transition_matrices(*pair[1], 1e-6, 1)
    np.testing.assert_allclose(ours[1], ref[1], rtol=1e-5, atol=2e-6)
    assert np.abs(ours[1][:, 0]).max() > 1e-3  # the motor still has an effect


def test_transition_fd_centered_d_agrees_with_forward_d():
    _, m, d = make_pair(ARM, seed=1)[0]
    forward, centered = (transition_matrices(mjsim, m, d, 1e-6, c)[3] for c in (0, 1))
    np.testing.assert_allclose(centered, forward, rtol=1e-5, atol=1e-5)
    assert centered[-1, 1] == pytest.approx(5.0, rel=1e-6)  # kp of the position actuator


def test_transition_fd_runs_with_rk4():
    """The reference refuses RK4 (FatalError); mjsim differentiates its RK4 step as any."""
    m = mjsim.MjModel.from_xml_string(FREE.replace("implicitfast", "RK4"))
    d = mjsim.MjData(m)
    d.qvel[:] = [0.1, 0.2, 0.3, 1.0, -0.5, 0.2]
    A = np.zeros((2 * m.nv, 2 * m.nv))
    mjsim.mjd_transitionFD(m, d, 1e-6, 1, A, None, None, None)
    assert np.isfinite(A).all()
    np.testing.assert_allclose(A[:m.nv, m.nv:], m.opt.timestep * np.eye(m.nv), atol=1e-3)


def test_transition_fd_optional_outputs_and_shapes():
    m = mjsim.MjModel.from_xml_string(ARM)
    d = mjsim.MjData(m)
    nx = 2 * m.nv + m.na
    A = np.zeros((nx, nx))
    mjsim.mjd_transitionFD(m, d, 1e-6, 0, A, None, None, None)
    assert np.isfinite(A).all() and np.abs(A).max() > 0
    with pytest.raises(TypeError, match="B"):
        mjsim.mjd_transitionFD(m, d, 1e-6, 0, None, np.zeros((nx, m.nu + 1)), None, None)
    with pytest.raises(TypeError, match="A"):
        mjsim.mjd_transitionFD(m, d, 1e-6, 0, np.zeros((nx, nx), np.float32), None, None, None)
    with pytest.raises(ValueError, match="eps"):
        mjsim.mjd_transitionFD(m, d, 0.0, 0, A, None, None, None)


def inverse_matrices(lib, m, d, eps, flg_actuation):
    nv, ns, nM = m.nv, m.nsensordata, m.nM
    outs = [np.zeros((nv, nv)) for _ in range(3)] + [np.zeros((nv, ns)) for _ in range(3)]
    outs.append(np.zeros((nv, nM)))
    lib.mjd_inverseFD(m, d, eps, flg_actuation, *outs)
    return outs


@pytest.mark.parametrize("name", MODELS)
@pytest.mark.parametrize("flg_actuation", [0, 1])
def test_inverse_fd_matches_reference(name, flg_actuation):
    pair = make_pair(MODELS[name], seed=3)
    ours = inverse_matrices(*pair[0], 1e-6, flg_actuation)
    ref = inverse_matrices(*pair[1], 1e-6, flg_actuation)
    labels = ["DfDq", "DfDv", "DfDa", "DsDq", "DsDv", "DsDa", "DmDq"]
    for label, a, b in zip(labels, ours, ref):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=2e-6, err_msg=f"{name} {label}")


def test_inverse_fd_bad_shapes_raise():
    m = mjsim.MjModel.from_xml_string(ARM)
    d = mjsim.MjData(m)
    with pytest.raises(TypeError, match="DmDq"):
        mjsim.mjd_inverseFD(m, d, 1e-6, 0, None, None, None, None, None, None,
                            np.zeros((m.nv, m.nM + 1)))


@pytest.mark.parametrize("body", [0, 1, 2, 3])
def test_angmom_mat_matches_reference(body):
    pair = make_pair(ARM, seed=4)
    mats = []
    for lib, m, d in pair:
        mat = np.zeros((3, m.nv))
        lib.mj_angmomMat(m, d, mat, body)
        mats.append(mat)
    np.testing.assert_allclose(mats[0], mats[1], rtol=1e-10, atol=1e-12)


def test_is_dual_matches_reference():
    for lib_pair in [(mjsim, mujoco)]:
        results = []
        for lib in lib_pair:
            m = lib.MjModel.from_xml_string(ARM)
            row = []
            for solver in range(3):
                for noslip in (0, 2):
                    m.opt.solver, m.opt.noslip_iterations = solver, noslip
                    row.append(lib.mj_isDual(m))
            results.append(row)
        assert results[0] == results[1]


def test_inertia_halves_match_reference():
    pair = make_pair(ARM, seed=5)
    rng = np.random.default_rng(5)
    nv = pair[0][1].nv
    vec = rng.standard_normal(nv)
    y = rng.standard_normal((3, nv))
    results = []
    for lib, m, d in pair:
        res = np.zeros(nv)
        lib.mj_mulM2(m, d, res, vec)
        x = np.zeros((3, nv))
        lib.mj_solveM2(m, d, x, y, np.sqrt(d.qLDiagInv))
        results.append((res, x))
    np.testing.assert_allclose(results[0][0], results[1][0], rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(results[0][1], results[1][1], rtol=1e-10, atol=1e-12)
    lib, m, d = pair[0]
    with pytest.raises(TypeError, match="vec"):
        mjsim.mj_mulM2(m, d, np.zeros(nv), np.zeros(nv + 1))
    with pytest.raises(TypeError, match="sqrtInvD"):
        mjsim.mj_solveM2(m, d, np.zeros((1, nv)), np.zeros((1, nv)), np.zeros(nv - 1))
