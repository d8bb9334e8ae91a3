"""The mouse perturbation and model motion (cpp/src/vis/perturb.cc) against the reference:
mjv_initPerturb for every body, scripted mjv_movePerturb motions of each action, the springs
of mjv_applyPerturbForce (translate, rotate, both) in xfrc_applied, the poses of
mjv_applyPerturbPose (free roots when paused, mocap bodies), mjv_moveModel of each action, and
bad selections, actions and states."""

from __future__ import annotations

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import MODELS_DIR  # noqa: E402
from support import load_pair  # noqa: E402

ATOL = 1e-6
MODELS = ["tumbling_objects.xml", "robot_arm.xml", "welded_gravcomp.xml", "gantry_crane.xml",
          "pendulum_chain.xml"]
PERT_FIELDS = ("select", "active", "active2", "refpos", "refquat", "refselpos", "localpos",
               "localmass", "scale")
MOTIONS = [(action, dx, dy) for action in range(1, 8)
           for dx, dy in ((0.1, 0.0), (0.0, 0.1), (0.07, -0.03), (-0.3, 0.45))]
LOCALPOS = np.array([0.01, 0.02, -0.03])


@pytest.fixture(scope="module", params=MODELS)
def pair(request):
    pair = load_pair(MODELS_DIR / request.param, seed=5)
    pair.randomize_state(5)
    pair.call("mj_forward")
    return pair


def scene(engine, m, d, azimuth=90.0, elevation=-45.0, transform=False):
    scn = engine.MjvScene(m, 2000)
    cam = engine.MjvCamera()
    engine.mjv_defaultFreeCamera(m, cam)
    cam.azimuth, cam.elevation = azimuth, elevation
    engine.mjv_updateScene(m, d, engine.MjvOption(), None, cam, 7, scn)
    if transform:
        scn.enabletransform = 1
        scn.translate = [0.3, -0.2, 0.1]
        scn.rotate = np.array([0.9, 0.1, 0.3, 0.2]) / np.linalg.norm([0.9, 0.1, 0.3, 0.2])
        scn.scale = 1.7
    return scn


def pert_values(pert) -> dict:
    return {name: np.array(getattr(pert, name), dtype=float) for name in PERT_FIELDS}


def assert_same(ours: dict, ref: dict, what: str) -> None:
    for name, value in ref.items():
        np.testing.assert_allclose(ours[name], value, atol=ATOL, rtol=ATOL, equal_nan=True,
                                   err_msg=f"{what}: {name}")


def both(pair, script):
    m, d, ref_m, ref_d = pair
    return script(mjsim, m, d), script(mujoco, ref_m, ref_d)


def initialized(engine, m, d, scn, body):
    pert = engine.MjvPerturb()
    pert.select = body
    pert.localpos = LOCALPOS
    engine.mjv_initPerturb(m, d, scn, pert)
    return pert


@pytest.mark.parametrize("transform", [False, True])
def test_init_perturb(pair, transform):
    def script(engine, m, d):
        scn = scene(engine, m, d, transform=transform)
        return [pert_values(initialized(engine, m, d, scn, b)) for b in range(m.nbody)]
    ours, ref = both(pair, script)
    for body, (o, r) in enumerate(zip(ours, ref)):
        assert_same(o, r, f"{pair.name} body {body}")


@pytest.mark.parametrize("transform", [False, True])
@pytest.mark.parametrize("camera", [(90.0, -45.0), (-130.0, 20.0)])
def test_move_perturb(pair, camera, transform):
    def script(engine, m, d):
        scn = scene(engine, m, d, *camera, transform=transform)
        results = []
        for body in range(1, m.nbody):
            pert = initialized(engine, m, d, scn, body)
            for action, dx, dy in MOTIONS:
                engine.mjv_movePerturb(m, d, action, dx, dy, scn, pert)
                results.append(((body, action, dx, dy), pert_values(pert)))
        return results
    ours, ref = both(pair, script)
    for (key, o), (_, r) in zip(ours, ref):
        assert_same(o, r, f"{pair.name} body, action, dx, dy {key}")


def pulled(engine, m, d, body, active, active2=0):
    """A perturbation of `body` turned and dragged by the mouse, then applied as forces onto a
    prefilled xfrc_applied."""
    scn = scene(engine, m, d)
    pert = initialized(engine, m, d, scn, body)
    engine.mjv_movePerturb(m, d, engine.mjtMouse.mjMOUSE_ROTATE_V, 0.04, -0.03, scn, pert)
    engine.mjv_movePerturb(m, d, engine.mjtMouse.mjMOUSE_MOVE_H, 0.05, 0.02, scn, pert)
    engine.mjv_movePerturb(m, d, engine.mjtMouse.mjMOUSE_MOVE_V, -0.02, 0.03, scn, pert)
    pert.active, pert.active2 = active, active2
    d.xfrc_applied[:] = np.arange(d.xfrc_applied.size).reshape(d.xfrc_applied.shape) * 0.1
    engine.mjv_applyPerturbForce(m, d, pert)
    return d.xfrc_applied.copy()


@pytest.mark.parametrize("active, active2", [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 2),
                                             (4, 0), (5, 0)])
def test_apply_perturb_force(pair, active, active2):
    def script(engine, m, d):
        return [pulled(engine, m, d, body, active, active2) for body in range(m.nbody)]
    ours, ref = both(pair, script)
    for body, (o, r) in enumerate(zip(ours, ref)):
        np.testing.assert_allclose(o, r, atol=ATOL, rtol=ATOL,
                                   err_msg=f"{pair.name} body {body} active {active}/{active2}")


def test_apply_perturb_force_without_stretch(pair):
    """Right after mjv_initPerturb the stretch is zero: its direction is (1, 0, 0)."""
    def script(engine, m, d):
        scn = scene(engine, m, d)
        results = []
        for body in range(1, m.nbody):
            pert = initialized(engine, m, d, scn, body)
            pert.active = 1
            engine.mjv_applyPerturbForce(m, d, pert)
            results.append(d.xfrc_applied[body].copy())
        return results
    ours, ref = both(pair, script)
    np.testing.assert_allclose(ours, ref, atol=ATOL, rtol=ATOL)


def test_apply_perturb_force_reads_velocities_of_the_last_forward(pair):
    def script(engine, m, d):
        d.qvel[:] *= 3  # cvel still holds the old velocities
        try:
            return [pulled(engine, m, d, body, 3) for body in range(1, m.nbody)]
        finally:
            d.qvel[:] /= 3
    ours, ref = both(pair, script)
    np.testing.assert_allclose(ours, ref, atol=ATOL, rtol=ATOL)


def test_apply_perturb_force_rotation_beyond_half_a_turn(pair):
    def script(engine, m, d):
        scn = scene(engine, m, d)
        results = []
        for body in range(1, m.nbody):
            pert = initialized(engine, m, d, scn, body)
            for _ in range(3):  # 0.45 turns each
                engine.mjv_movePerturb(m, d, engine.mjtMouse.mjMOUSE_ROTATE_H, 0.3, 0.35, scn,
                                       pert)
                pert.active = 2
                engine.mjv_applyPerturbForce(m, d, pert)
                results.append(d.xfrc_applied[body].copy())
        return results
    ours, ref = both(pair, script)
    np.testing.assert_allclose(ours, ref, atol=ATOL, rtol=ATOL)


@pytest.mark.parametrize("paused", [0, 1])
@pytest.mark.parametrize("active", [0, 1, 2])
def test_apply_perturb_pose(pair, paused, active):
    def script(engine, m, d):
        scn = scene(engine, m, d)
        qpos, mocap_pos, mocap_quat = d.qpos.copy(), d.mocap_pos.copy(), d.mocap_quat.copy()
        results = []
        for body in range(-1, m.nbody + 1):
            d.qpos[:], d.mocap_pos[:], d.mocap_quat[:] = qpos, mocap_pos, mocap_quat
            pert = initialized(engine, m, d, scn, min(max(body, 0), m.nbody - 1))
            engine.mjv_movePerturb(m, d, engine.mjtMouse.mjMOUSE_ROTATE_V, 0.1, 0.2, scn, pert)
            engine.mjv_movePerturb(m, d, engine.mjtMouse.mjMOUSE_MOVE_V, 0.1, 0.2, scn, pert)
            pert.select, pert.active = body, active
            engine.mjv_applyPerturbPose(m, d, pert, paused)
            results.append((d.qpos.copy(), d.mocap_pos.copy(), d.mocap_quat.copy()))
        d.qpos[:], d.mocap_pos[:], d.mocap_quat[:] = qpos, mocap_pos, mocap_quat
        return results
    ours, ref = both(pair, script)
    for body, (o, r) in enumerate(zip(ours, ref), start=-1):
        for name, a, b in zip(("qpos", "mocap_pos", "mocap_quat"), o, r):
            np.testing.assert_allclose(a, b, atol=ATOL, rtol=ATOL,
                                       err_msg=f"{pair.name} body {body} {name}")


def test_apply_perturb_pose_with_stale_kinematics():
    """The free root's pose is read from qpos, the selected body's from xipos and xquat."""
    pair = load_pair(MODELS_DIR / "tumbling_objects.xml", seed=2)
    pair.call("mj_forward")

    def script(engine, m, d):
        scn = scene(engine, m, d)
        pert = initialized(engine, m, d, scn, m.nbody - 1)
        engine.mjv_movePerturb(m, d, engine.mjtMouse.mjMOUSE_MOVE_H, 0.1, 0.2, scn, pert)
        d.qpos[:7] += 0.2
        d.qpos[3:7] /= np.linalg.norm(d.qpos[3:7])
        pert.active = 1
        engine.mjv_applyPerturbPose(m, d, pert, 1)
        return d.qpos.copy()
    ours, ref = both(pair, script)
    np.testing.assert_allclose(ours, ref, atol=ATOL, rtol=ATOL)


@pytest.mark.parametrize("select", [-1, -5, "nbody", "nbody+3"])
def test_selection_outside_the_bodies_changes_nothing(pair, select):
    def script(engine, m, d):
        scn = scene(engine, m, d)
        body = {"nbody": m.nbody, "nbody+3": m.nbody + 3}.get(select, select)
        pert = engine.MjvPerturb()
        pert.select, pert.active, pert.localmass = body, 3, 2.0
        pert.refpos, pert.refselpos = [1, 2, 3], [4, 5, 6]
        engine.mjv_initPerturb(m, d, scn, pert)
        for action in (3, 4, 5):  # rotations read the body's orientation
            engine.mjv_movePerturb(m, d, action, 0.1, 0.2, scn, pert)
        d.xfrc_applied[:] = 0
        engine.mjv_applyPerturbForce(m, d, pert)
        qpos = d.qpos.copy()
        engine.mjv_applyPerturbPose(m, d, pert, 1)
        return pert_values(pert), d.xfrc_applied.copy(), d.qpos - qpos
    (ours, ours_xfrc, ours_dq), (ref, ref_xfrc, ref_dq) = both(pair, script)
    assert_same(ours, ref, f"{pair.name} select {select}")
    assert not ours_xfrc.any() and not ref_xfrc.any()
    assert not ours_dq.any() and not ref_dq.any()


@pytest.mark.parametrize("action", [1, 2, 6, 7])
def test_rotation_or_relative_motion_without_a_body_is_an_error(pair, action):
    """They read the selected body's orientation, which the reference reads from outside its
    arrays here; mjsim refuses."""
    m, d = pair.m, pair.d
    scn = scene(mjsim, m, d)
    pert = mjsim.MjvPerturb()
    for select in (-1, m.nbody):
        pert.select = select
        with pytest.raises(mjsim.FatalError, match="outside"):
            mjsim.mjv_movePerturb(m, d, action, 0.1, 0.1, scn, pert)


@pytest.mark.parametrize("action", [0, -1, 8, 100])
def test_unknown_action_is_a_fatal_error(pair, action):
    for engine, m, d in ((mjsim, pair.m, pair.d), (mujoco, pair.ref_m, pair.ref_d)):
        scn = scene(engine, m, d)
        pert = initialized(engine, m, d, scn, 1)
        with pytest.raises(engine.FatalError):
            engine.mjv_movePerturb(m, d, action, 0.1, 0.1, scn, pert)
        scn.enabletransform = 1
        with pytest.raises(engine.FatalError):
            engine.mjv_moveModel(m, action, 0.1, 0.1, np.array([0.0, 0, 1]), scn)


def test_nan_state_propagates_as_the_reference(pair):
    def script(engine, m, d):
        qvel = d.qvel.copy()
        d.qvel[0] = np.nan
        engine.mj_forward(m, d)
        try:
            return [pulled(engine, m, d, body, 3) for body in range(1, m.nbody)]
        finally:
            d.qvel[:] = qvel
            engine.mj_forward(m, d)
    ours, ref = both(pair, script)
    np.testing.assert_allclose(ours, ref, atol=ATOL, rtol=ATOL, equal_nan=True)


ROOMUPS = [np.array([0.0, 0, 1]), np.array([0.0, 1, 0]), np.array([0.3, 0.2, 0.9])]


@pytest.mark.parametrize("roomup", range(len(ROOMUPS)))
@pytest.mark.parametrize("enabled", [False, True])
def test_move_model(pair, roomup, enabled):
    def script(engine, m, d):
        scn = scene(engine, m, d, -130.0, 20.0, transform=True)
        scn.enabletransform = int(enabled)
        results = []
        for action, dx, dy in MOTIONS + [(5, 0.2, 3.0), (5, 0.2, -3.0), (5, 0.0, 40.0)]:
            engine.mjv_moveModel(m, action, dx, dy, ROOMUPS[roomup], scn)
            results.append((np.array(scn.translate, dtype=float),
                            np.array(scn.rotate, dtype=float), float(scn.scale)))
        return results
    ours, ref = both(pair, script)
    for step, (o, r) in enumerate(zip(ours, ref)):
        for name, a, b in zip(("translate", "rotate", "scale"), o, r):
            np.testing.assert_allclose(a, b, atol=ATOL, rtol=ATOL,
                                       err_msg=f"{pair.name} step {step} {name}")


def test_move_model_checks_roomup(pair):
    scn = scene(mjsim, pair.m, pair.d, transform=True)
    with pytest.raises(TypeError):
        mjsim.mjv_moveModel(pair.m, 1, 0.1, 0.1, np.zeros(2), scn)
