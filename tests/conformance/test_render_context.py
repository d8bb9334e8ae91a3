"""MjrContext and the buffer calls (cpp/src/render/context.cc) against the reference, both in
OSMesa contexts of this process: the settings copied from <visual>, the display-list counts, the
offscreen buffer, mjr_setBuffer / mjr_maxViewport / mjr_rectangle / mjr_readPixels (colour and
both depth maps), mjr_getError, mjr_finish, MjrRect; and the errors mjsim adds where the
reference writes past an array or draws nothing (a freed context)."""

from __future__ import annotations

import numpy as np
import pytest

import render_support  # noqa: I001  (before mujoco: PyOpenGL's platform)

mujoco = pytest.importorskip("mujoco")
render_support.skip_without_osmesa(pytest)

import mjsim  # noqa: E402
from corpus import MODELS_DIR  # noqa: E402

SETTINGS = ["lineWidth", "shadowClip", "shadowScale", "fogStart", "fogEnd", "shadowSize",
            "offWidth", "offHeight", "offSamples", "fontScale", "rangePlane", "rangeMesh",
            "rangeHField", "rangeBuiltin", "nskin", "glInitialized", "windowAvailable",
            "windowSamples", "windowStereo", "windowDoublebuffer", "currentBuffer",
            "readPixelFormat", "readDepthMap"]
MODELS = ["robot_arm.xml", "terrain_hfield.xml", "mesh_game_pieces.xml", "collision_shapes.xml"]


def make_context(module, path, fontscale=150):
    import importlib

    gl = importlib.import_module(module.__name__ + ".osmesa").GLContext(200, 150)
    gl.make_current()
    model = module.MjModel.from_xml_path(str(path))
    return gl, model, module.MjrContext(model, fontscale)


@pytest.mark.parametrize("name", MODELS)
def test_context_settings_match_reference(name):
    values = {}
    for module in (mujoco, mjsim):
        gl, model, con = make_context(module, MODELS_DIR / name, 200)
        values[module] = {key: getattr(con, key) for key in SETTINGS}
        values[module]["fogRGBA"] = list(con.fogRGBA)
        con.free()
        gl.free()
    for key, expected in values[mujoco].items():
        assert values[mjsim][key] == pytest.approx(expected, rel=1e-6), key


def test_buffers_viewports_and_rectangles_match_reference():
    pixels = {}
    for module in (mujoco, mjsim):
        gl, model, con = make_context(module, MODELS_DIR / "robot_arm.xml")
        window = module.mjr_maxViewport(con)
        module.mjr_setBuffer(module.mjtFramebuffer.mjFB_OFFSCREEN, con)
        offscreen = module.mjr_maxViewport(con)
        assert con.currentBuffer == 1
        module.mjr_rectangle(module.MjrRect(10, 10, 50, 40), 0.2, 0.4, 0.6, 1.0)
        module.mjr_rectangle(module.MjrRect(30, 20, 50, 40), 1, 0, 0, 0.5)  # blends
        rgb = np.zeros((60, 80, 3), np.uint8)
        module.mjr_readPixels(rgb, None, module.MjrRect(0, 0, 80, 60), con)
        module.mjr_finish()
        pixels[module] = (rgb, (window.width, window.height),
                          (offscreen.left, offscreen.bottom, offscreen.width, offscreen.height),
                          module.mjr_getError())
        module.mjr_setBuffer(module.mjtFramebuffer.mjFB_WINDOW, con)
        assert con.currentBuffer == 0
        con.free()
        gl.free()
    ours, reference = pixels[mjsim], pixels[mujoco]
    np.testing.assert_array_equal(ours[0], reference[0])
    assert ours[1:] == reference[1:]


@pytest.mark.parametrize("depth_map", ["mjDEPTH_ZERONEAR", "mjDEPTH_ZEROFAR"])
def test_read_depth_matches_reference(depth_map):
    depths = {}
    for module in (mujoco, mjsim):
        gl, model, con = make_context(module, MODELS_DIR / "collision_shapes.xml")
        data = module.MjData(model)
        module.mj_forward(model, data)
        scene = module.MjvScene(model, 1000)
        camera = module.MjvCamera()
        module.mjv_defaultFreeCamera(model, camera)
        module.mjv_updateScene(model, data, module.MjvOption(), None, camera, 7, scene)
        scene.flags[module.mjtRndFlag.mjRND_SEGMENT] = 1  # pixel-centre depth
        module.mjr_setBuffer(module.mjtFramebuffer.mjFB_OFFSCREEN, con)
        con.readDepthMap = getattr(module.mjtDepthMap, depth_map)
        rect = module.MjrRect(0, 0, 160, 120)
        module.mjr_render(rect, scene, con)
        depth = np.zeros((120, 160), np.float32)
        module.mjr_readPixels(None, depth, rect, con)
        depths[module] = depth
        con.free()
        gl.free()
    np.testing.assert_allclose(depths[mjsim], depths[mujoco], atol=2e-6)


def test_rect_fields_and_repr_match_reference():
    ours, reference = mjsim.MjrRect(1, 2, 3, 4), mujoco.MjrRect(1, 2, 3, 4)
    for key in ("left", "bottom", "width", "height"):
        assert getattr(ours, key) == getattr(reference, key)
    assert repr(ours) == repr(reference)
    ours.width = 7
    assert ours.width == 7


def test_read_pixels_checks_its_arrays():
    """The reference writes past a small array (glibc then aborts); mjsim raises."""
    gl, model, con = make_context(mjsim, MODELS_DIR / "robot_arm.xml")
    mjsim.mjr_setBuffer(mjsim.mjtFramebuffer.mjFB_OFFSCREEN, con)
    rect = mjsim.MjrRect(0, 0, 20, 20)
    with pytest.raises(ValueError, match="rgb has 300 elements; the viewport needs 1200"):
        mjsim.mjr_readPixels(np.zeros((10, 10, 3), np.uint8), None, rect, con)
    with pytest.raises(ValueError, match="depth has 100 elements"):
        mjsim.mjr_readPixels(None, np.zeros((10, 10), np.float32), rect, con)
    with pytest.raises(TypeError, match="rgb must be a NumPy array of uint8"):
        mjsim.mjr_readPixels(np.zeros((20, 20, 3), np.float32), None, rect, con)
    with pytest.raises(TypeError, match="writable C-contiguous"):
        mjsim.mjr_readPixels(np.zeros((20, 40, 3), np.uint8)[:, ::2], None, rect, con)
    con.free()
    gl.free()


def test_freed_context_raises():
    """The reference draws nothing into a freed context, silently; mjsim says so."""
    gl, model, con = make_context(mjsim, MODELS_DIR / "robot_arm.xml")
    con.free()
    assert con.glInitialized == 0 and con.offWidth == 0
    scene = mjsim.MjvScene(model, 10)
    rect = mjsim.MjrRect(0, 0, 10, 10)
    for call in (lambda: mjsim.mjr_render(rect, scene, con),
                 lambda: mjsim.mjr_readPixels(np.zeros(300, np.uint8), None, rect, con),
                 lambda: mjsim.mjr_setBuffer(1, con)):
        with pytest.raises(mjsim.FatalError, match="MjrContext has been freed"):
            call()
    gl.free()


def test_context_without_current_gl_raises():
    import subprocess
    import sys

    code = ("import mjsim\nm = mjsim.MjModel.from_xml_string('<mujoco/>')\n"
            "try:\n    mjsim.MjrContext(m, 150)\nexcept mjsim.FatalError as e:\n    print(e)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60)
    assert "no OpenGL context is current" in result.stdout, result.stdout + result.stderr


def test_draw_pixels_and_blit_match_reference():
    results = {}
    for module in (mujoco, mjsim):
        gl, model, con = make_context(module, MODELS_DIR / "robot_arm.xml")
        module.mjr_setBuffer(module.mjtFramebuffer.mjFB_OFFSCREEN, con)
        module.mjr_rectangle(module.mjr_maxViewport(con), 0, 0, 0, 1)
        rgb = (np.arange(10 * 10 * 3) % 256).astype(np.uint8)
        module.mjr_drawPixels(rgb, None, module.MjrRect(2, 3, 10, 10), con)
        out = np.zeros((20, 20, 3), np.uint8)
        module.mjr_readPixels(out, None, module.MjrRect(0, 0, 20, 20), con)
        module.mjr_blitBuffer(module.MjrRect(0, 0, 20, 20), module.MjrRect(0, 0, 20, 20), 1, 0, con)
        module.mjr_setBuffer(module.mjtFramebuffer.mjFB_WINDOW, con)
        window = np.zeros((20, 20, 3), np.uint8)
        module.mjr_readPixels(window, None, module.MjrRect(0, 0, 20, 20), con)
        results[module] = out, window
        con.free()
        gl.free()
    for ours, reference in zip(results[mjsim], results[mujoco]):
        np.testing.assert_array_equal(ours, reference)


def test_resize_offscreen_and_uploads_match_reference():
    seen = {}
    for module in (mujoco, mjsim):
        gl, model, con = make_context(module, MODELS_DIR / "terrain_hfield.xml")
        module.mjr_resizeOffscreen(300, 200, con)
        module.mjr_uploadHField(model, con, 1)
        errors = [error_text(lambda: module.mjr_uploadMesh(model, con, 0)),
                  error_text(lambda: module.mjr_uploadHField(model, con, model.nhfield))]
        seen[module] = (con.offWidth, con.offHeight, con.offSamples, errors)
        module.mjr_setBuffer(module.mjtFramebuffer.mjFB_OFFSCREEN, con)
        assert module.mjr_maxViewport(con).width == 300
        con.free()
        gl.free()
    assert seen[mjsim] == seen[mujoco]


def error_text(call):
    try:
        call()
    except Exception as error:  # noqa: BLE001 (the class is compared)
        return type(error).__name__, str(error)
    return None


@pytest.mark.parametrize("x, y", [(6, 6), (1, 1), (15, 15), (5, 5), (14, 14)])
def test_find_rect_matches_reference(x, y):
    rect = (5, 5, 10, 10)
    assert mjsim.mjr_findRect(x, y, 1, mjsim.MjrRect(*rect)) == \
        mujoco.mjr_findRect(x, y, 1, mujoco.MjrRect(*rect))
    assert mjsim.mjr_findRect(x, y, 0, mjsim.MjrRect(*rect)) == -1
    inside_small = 0 <= x < 3 and 0 <= y < 3
    expected = 0 if inside_small else (1 if mujoco.mjr_findRect(x, y, 1, mujoco.MjrRect(*rect)) == 0 else -1)
    assert mjsim.mjr_findRect(x, y, 2, [mjsim.MjrRect(0, 0, 3, 3), mjsim.MjrRect(*rect)]) == expected


@pytest.mark.parametrize("idcolor", [0, 1])
def test_segmentation_colours_match_reference(idcolor):
    """mjRND_SEGMENT colours, with and without mjRND_IDCOLOR, of a scene of 120 geoms seen from
    above: the same bytes in every pixel."""
    boxes = "".join(f'<geom type="box" size=".4 .4 .01" pos="{i % 12} {i // 12} 0"/>'
                    for i in range(120))
    xml = (f'<mujoco><worldbody><camera pos="5.5 4.5 20" fovy="40"/>{boxes}</worldbody>'
           "</mujoco>")
    pixels = {}
    for module in (mujoco, mjsim):
        import importlib

        gl = importlib.import_module(module.__name__ + ".osmesa").GLContext(200, 150)
        gl.make_current()
        model = module.MjModel.from_xml_string(xml)
        data = module.MjData(model)
        module.mj_forward(model, data)
        con = module.MjrContext(model, 150)
        scene = module.MjvScene(model, 200)
        camera = module.MjvCamera()
        camera.type, camera.fixedcamid = module.mjtCamera.mjCAMERA_FIXED, 0
        module.mjv_updateScene(model, data, module.MjvOption(), None, camera, 7, scene)
        scene.flags[module.mjtRndFlag.mjRND_SEGMENT] = 1
        scene.flags[module.mjtRndFlag.mjRND_IDCOLOR] = idcolor
        module.mjr_setBuffer(module.mjtFramebuffer.mjFB_OFFSCREEN, con)
        rect = module.MjrRect(0, 0, 320, 240)
        module.mjr_render(rect, scene, con)
        rgb = np.zeros((240, 320, 3), np.uint8)
        module.mjr_readPixels(rgb, None, rect, con)
        pixels[module] = rgb
        con.free()
        gl.free()
    assert len(np.unique(pixels[mujoco].reshape(-1, 3), axis=0)) > 100
    np.testing.assert_array_equal(pixels[mjsim], pixels[mujoco])


def test_aux_buffers_match_reference():
    seen = {}
    for module in (mujoco, mjsim):
        gl, model, con = make_context(module, MODELS_DIR / "robot_arm.xml")
        module.mjr_addAux(2, 50, 40, 4, con)
        sizes = (con.auxWidth[2], con.auxHeight[2], con.auxSamples[2], con.auxFBO[2] > 0)
        module.mjr_setBuffer(module.mjtFramebuffer.mjFB_OFFSCREEN, con)
        module.mjr_rectangle(module.mjr_maxViewport(con), 0, 0, 0, 1)
        module.mjr_setAux(2, con)
        module.mjr_rectangle(module.MjrRect(0, 0, 50, 40), 0.2, 0.4, 0.6, 1)
        module.mjr_restoreBuffer(con)
        module.mjr_blitAux(2, module.MjrRect(0, 0, 50, 40), 10, 20, con)
        out = np.zeros((100, 100, 3), np.uint8)
        module.mjr_readPixels(out, None, module.MjrRect(0, 0, 100, 100), con)
        errors = [error_text(lambda: module.mjr_addAux(10, 5, 5, 1, con)),
                  error_text(lambda: module.mjr_setAux(-1, con)),
                  error_text(lambda: module.mjr_setAux(5, con))]
        seen[module] = sizes, out, errors, con.currentBuffer
        con.free()
        gl.free()
    ours, reference = seen[mjsim], seen[mujoco]
    assert ours[0] == reference[0] and ours[2:] == reference[2:]
    np.testing.assert_array_equal(ours[1], reference[1])
