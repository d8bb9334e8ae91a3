"""Bad input to the renderer: sizes beyond the offscreen buffer, bad cameras and out arrays,
rendering after close (the reference's exceptions and words), and a GL library that cannot be
had (a clear error naming MUJOCO_GL and the library, while simulation goes on)."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import render_support  # noqa: I001  (before mujoco: PyOpenGL's platform)

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402

XML = """<mujoco><visual><global offwidth="200" offheight="100"/></visual><worldbody>
  <light pos="0 0 3"/><camera name="c" pos="0 -2 1" xyaxes="1 0 0 0 .5 1"/>
  <geom type="plane" size="2 2 .1"/><body><freejoint/><geom size=".3" pos="0 0 .3"/></body>
</worldbody></mujoco>"""


def error_of(call):
    try:
        call()
    except Exception as error:  # noqa: BLE001 (the class is compared)
        return type(error), str(error)
    return None, None


@pytest.fixture(scope="module")
def pair():
    render_support.skip_without_osmesa(pytest)
    return [(module, module.MjModel.from_xml_string(XML)) for module in (mjsim, mujoco)]


@pytest.mark.parametrize("height, width", [(100, 201), (101, 200)])
def test_oversized_renderer_matches_reference(pair, height, width):
    (ours, m_ours), (reference, m_ref) = pair
    expected = error_of(lambda: reference.Renderer(m_ref, height, width))
    assert expected[0] is ValueError
    assert error_of(lambda: ours.Renderer(m_ours, height, width)) == expected


@pytest.mark.parametrize("camera", [5, -2, "nope", 1.5])
def test_bad_camera_matches_reference(pair, camera):
    errors = []
    for module, model in pair:
        with module.Renderer(model, 50, 60) as renderer:
            errors.append(error_of(lambda: renderer.update_scene(module.MjData(model), camera)))
    assert errors[0] == errors[1] and errors[0][0] is ValueError


@pytest.mark.parametrize("shape, depth", [((51, 60, 3), False), ((50, 60), False),
                                          ((50, 60, 3), True)])
def test_bad_out_shape_raises_value_error(pair, shape, depth):
    for module, model in pair:
        with module.Renderer(model, 50, 60) as renderer:
            if depth:
                renderer.enable_depth_rendering()
            renderer.update_scene(module.MjData(model))
            with pytest.raises(ValueError, match="Expected `out.shape =="):
                renderer.render(out=np.zeros(shape, np.float32))


def test_render_after_close_matches_reference(pair):
    errors = []
    for module, model in pair:
        renderer = module.Renderer(model, 50, 60)
        renderer.close()
        renderer.close()  # twice is fine
        errors.append(error_of(renderer.render))
    assert errors[0] == errors[1] == (RuntimeError, "render cannot be called after close.")


def run(code: str, **environment) -> subprocess.CompletedProcess:
    import os

    env = {**os.environ, **environment}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env=env)


SIMULATE = ("import mjsim\nm = mjsim.MjModel.from_xml_string('<mujoco><worldbody><body>"
            "<freejoint/><geom size=\".1\"/></body></worldbody></mujoco>')\n"
            "d = mjsim.MjData(m)\nmjsim.mj_step(m, d)\nprint('simulated', d.time)\n")


def test_invalid_mujoco_gl_raises_at_first_context():
    result = run(SIMULATE + "try:\n    mjsim.Renderer(m, 10, 10)\nexcept RuntimeError as e:\n"
                 "    print(e)\n", MUJOCO_GL="bogus")
    assert "simulated" in result.stdout, result.stderr
    assert "invalid value for environment variable MUJOCO_GL: bogus" in result.stdout


def test_missing_gl_library_names_backend_and_library():
    with pytest.raises(RuntimeError) as error:
        mjsim._core._GLContext("osmesa", 8, 8, "libOSMesa-not-here.so")
    text = str(error.value)
    assert "MUJOCO_GL=osmesa" in text and "libOSMesa-not-here.so" in text and "libosmesa6" in text


@pytest.mark.parametrize("backend", ["egl", "glfw"])
def test_unusable_backend_is_a_clear_error_or_works(backend):
    """EGL needs a device and GLFW a display: where they are missing, making a context raises
    RuntimeError naming MUJOCO_GL; where they are there, a frame renders."""
    result = run(SIMULATE + "try:\n    r = mjsim.Renderer(m, 10, 10)\n    r.update_scene(d)\n"
                 "    print('rendered', r.render().shape)\nexcept RuntimeError as e:\n"
                 "    print('error:', e)\n", MUJOCO_GL=backend)
    assert "simulated" in result.stdout, result.stderr
    assert "rendered (10, 10, 3)" in result.stdout or f"MUJOCO_GL={backend}" in result.stdout, \
        result.stdout + result.stderr


def test_nonpositive_context_size_raises():
    with pytest.raises(RuntimeError, match="max_width and max_height must be positive"):
        mjsim.osmesa.GLContext(0, 10)


@pytest.mark.parametrize("value", ["disable", "Off", " false ", "0"])
def test_disabled_mujoco_gl_has_no_gl_context_like_reference(value):
    """MUJOCO_GL turning rendering off: neither package has GLContext (the peer render tests
    skip on that), and Renderer raises AttributeError; simulation goes on."""
    code = ("import {m}\nprint('GLContext' in dir({m}), hasattr({m}.gl_context, 'GLContext'))\n"
            "model = {m}.MjModel.from_xml_string('<mujoco/>')\n"
            "try:\n    {m}.Renderer(model, 10, 10)\nexcept Exception as e:\n"
            "    print(type(e).__name__)\n")
    outputs = [run(code.format(m=m), MUJOCO_GL=value) for m in ("mujoco", "mjsim")]
    assert outputs[0].stdout.split() == ["False", "False", "AttributeError"], outputs[0].stderr
    assert outputs[1].stdout.split() == outputs[0].stdout.split(), outputs[1].stderr


def test_freed_gl_context_raises_and_renderer_still_closes(pair):
    """make_current after free raises (the reference goes on silently, drawing into whatever
    context is current); a Renderer whose GL context was freed raises on render and closes
    quietly."""
    (ours, model), _ = pair
    context = ours.osmesa.GLContext(20, 20)
    context.free()
    context.free()  # twice is fine
    with pytest.raises(RuntimeError, match="the GL context has been freed"):
        context.make_current()
    renderer = ours.Renderer(model, 20, 20)
    renderer._gl_context.free()
    renderer.update_scene(ours.MjData(model))
    with pytest.raises(RuntimeError, match="the GL context has been freed"):
        renderer.render()
    renderer.close()
    with pytest.raises(RuntimeError, match="render cannot be called after close."):
        renderer.render()


def test_freed_mjr_context_raises_fatal_error(pair):
    (ours, model), _ = pair
    context = ours.osmesa.GLContext(20, 20)
    context.make_current()
    mjr = ours.MjrContext(model, 150)
    mjr.free()
    mjr.free()  # twice is fine (the reference's own test)
    scene = ours.MjvScene(model, 10)
    for call in (lambda: ours.mjr_render(ours.MjrRect(0, 0, 20, 20), scene, mjr),
                 lambda: ours.mjr_setBuffer(ours.mjtFramebuffer.mjFB_OFFSCREEN, mjr)):
        with pytest.raises(ours.FatalError, match="the MjrContext has been freed"):
            call()
    context.free()
