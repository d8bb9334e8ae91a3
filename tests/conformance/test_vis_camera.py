"""The abstract camera (cpp/src/vis/camera.cc) against the reference: the eyes and frustum of
free, tracking and fixed cameras (model cameras with fovy, orthographic and sensor
intrinsics included), scripted mouse motions of each kind for each camera type, and the
geometry helpers (mjv_frustumHeight, mjv_alignToCamera, mjv_averageCamera, room <-> model)."""

from __future__ import annotations

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import corpus_models  # noqa: E402
from support import load_pair  # noqa: E402
from conformance.vis_compare import CAMERA_FIELDS, struct_problems  # noqa: E402

CAMERAS = next(p for p in corpus_models() if p.name == "cameras_lights.xml")
MOTIONS = [(action, dx, dy) for action in range(1, 6)
           for dx, dy in ((0.1, 0.05), (-0.3, 0.2), (0.02, -0.4))]


@pytest.fixture(scope="module")
def pair():
    pair = load_pair(CAMERAS, seed=3)
    pair.call("mj_forward")
    return pair


def both(pair, script):
    m, d, ref_m, ref_d = pair
    return script(mjsim, m, d), script(mujoco, ref_m, ref_d)


def camera_values(cam):
    return (cam.type, cam.fixedcamid, cam.trackbodyid, *cam.lookat, cam.distance, cam.azimuth,
            cam.elevation, cam.orthographic)


def eyes_problems(ours, ref):
    return [p for eye in range(2) for p in struct_problems(ours.camera[eye], ref.camera[eye],
                                                           CAMERA_FIELDS, f"eye {eye}")]


def test_default_free_camera(pair):
    def script(engine, m, d):
        cam = engine.MjvCamera()
        engine.mjv_defaultFreeCamera(m, cam)
        return camera_values(cam)
    ours, ref = both(pair, script)
    np.testing.assert_allclose(ours, ref, atol=1e-12)


def update(engine, m, d, cam):
    scn = engine.MjvScene(m, 10)
    engine.mjv_updateCamera(m, d, cam, scn)
    return scn


@pytest.mark.parametrize("camid", range(8))
def test_fixed_camera_eyes_and_frustum(pair, camid):
    def script(engine, m, d):
        cam = engine.MjvCamera()
        cam.type = engine.mjtCamera.mjCAMERA_FIXED
        cam.fixedcamid = camid
        return update(engine, m, d, cam)
    assert not eyes_problems(*both(pair, script))


@pytest.mark.parametrize("orthographic", [0, 1])
def test_tracking_camera_follows_the_subtree_com(pair, orthographic):
    def script(engine, m, d):
        cam = engine.MjvCamera()
        engine.mjv_defaultFreeCamera(m, cam)
        cam.type = engine.mjtCamera.mjCAMERA_TRACKING
        cam.trackbodyid = 1
        cam.orthographic = orthographic
        scn = update(engine, m, d, cam)
        return scn, camera_values(cam)
    (ours, ours_cam), (ref, ref_cam) = both(pair, script)
    assert not eyes_problems(ours, ref)
    np.testing.assert_allclose(ours_cam, ref_cam, atol=1e-12)


@pytest.mark.parametrize("camera_type", [0, 1, 2])
@pytest.mark.parametrize("action,dx,dy", MOTIONS)
def test_mouse_motion(pair, camera_type, action, dx, dy):
    def script(engine, m, d):
        cam = engine.MjvCamera()
        engine.mjv_defaultFreeCamera(m, cam)
        cam.type, cam.trackbodyid, cam.fixedcamid = camera_type, 1, 0
        scn = update(engine, m, d, cam)
        trace = []
        for _ in range(3):
            engine.mjv_moveCamera(m, action, dx, dy, scn, cam)
            engine.mjv_updateCamera(m, d, cam, scn)
            trace.append(camera_values(cam))
        return scn, trace
    (ours, ours_trace), (ref, ref_trace) = both(pair, script)
    # the motion is scaled by the eyes' float32 frustum: agreement to float precision
    np.testing.assert_allclose(ours_trace, ref_trace, atol=1e-6, rtol=1e-6)
    assert not eyes_problems(ours, ref)


def test_zoom_and_elevation_are_clamped(pair):
    def script(engine, m, d):
        cam = engine.MjvCamera()
        engine.mjv_defaultFreeCamera(m, cam)
        scn = update(engine, m, d, cam)
        values = []
        for action, dy in ((5, 100), (5, -100), (5, -1000), (1, 5), (1, -5)):
            engine.mjv_moveCamera(m, action, 0, dy, scn, cam)
            values.append(camera_values(cam))
        return values
    ours, ref = both(pair, script)
    np.testing.assert_allclose(ours, ref, atol=1e-9)


def test_helpers(pair):
    def script(engine, m, d):
        cam = engine.MjvCamera()
        engine.mjv_defaultFreeCamera(m, cam)
        scn = update(engine, m, d, cam)
        out = [engine.mjv_frustumHeight(scn)]
        for forward in ([0.6, 0.8, 0.3], [3.0, -1.0, 0.5], [0.0, 0.0, 1.0]):
            res = np.zeros(3)
            engine.mjv_alignToCamera(res, np.array([1.0, 2.0, 3.0]), np.array(forward))
            out += list(res)
        average = engine.mjv_averageCamera(scn.camera[0], scn.camera[1])
        out += [*average.pos, *average.forward, *average.up, average.frustum_top]
        scn.enabletransform = 1
        scn.translate[:] = [0.1, -0.2, 0.3]
        scn.rotate[:] = [0.9, 0.1, 0.3, -0.2] / np.linalg.norm([0.9, 0.1, 0.3, -0.2])
        scn.scale = 2.5
        pos, quat = np.zeros(3), np.zeros(4)
        roompos, roomquat = np.array([0.3, 0.4, 0.5]), np.array([0.5, 0.5, 0.5, 0.5])
        engine.mjv_room2model(pos, quat, roompos, roomquat, scn)
        out += [*pos, *quat]
        engine.mjv_model2room(roompos, roomquat, pos, quat, scn)
        out += [*roompos, *roomquat]
        for locate in (engine.mjv_cameraInModel, engine.mjv_cameraInRoom):
            head, forward, up = np.zeros(3), np.zeros(3), np.zeros(3)
            locate(head, forward, up, scn)
            out += [*head, *forward, *up]
        return out
    ours, ref = both(pair, script)
    np.testing.assert_allclose(ours, ref, atol=1e-6)


@pytest.mark.parametrize("camera_type,camid,bodyid", [(2, 99, -1), (2, -5, -1), (1, -1, 999),
                                                     (1, -1, -7)])
def test_bad_camera_ids_raise_fatal_error(pair, camera_type, camid, bodyid):
    m, d, ref_m, ref_d = pair
    for engine, model, data in ((mjsim, m, d), (mujoco, ref_m, ref_d)):
        cam = engine.MjvCamera()
        cam.type, cam.fixedcamid, cam.trackbodyid = camera_type, camid, bodyid
        with pytest.raises(engine.FatalError, match="outside"):
            update(engine, model, data, cam)


def test_bad_arrays():
    scn = mjsim.MjvScene()
    with pytest.raises(TypeError):
        mjsim.mjv_alignToCamera(np.zeros(2), np.zeros(3), np.zeros(3))
    with pytest.raises(TypeError):
        mjsim.mjv_room2model(np.zeros(3), np.zeros(4), np.zeros(3), np.zeros(3), scn)
