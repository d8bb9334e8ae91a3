"""GLContext: the class of the backend the environment variable MUJOCO_GL names, read when this
module is imported: egl, osmesa, or glfw (the default; also for '', 'glx', '1', 'on', 'true',
'enable', 'enabled'), as the mujoco package reads it. 'disable', 'disabled', 'off', 'false' and
'0' turn rendering off: this module, and mjsim, then have no GLContext (measured: so has the
reference, whose Renderer then raises AttributeError). An invalid value raises when a context is
made (the reference raises on import; mjsim imports without GL)."""

import os
import platform

_SYSTEM = platform.system()
_MUJOCO_GL = os.environ.get("MUJOCO_GL", "").lower().strip()
_VALID_MUJOCO_GL = ("enable", "enabled", "on", "true", "1", "glfw", "", "glx", "egl", "osmesa")
_DISABLED_MUJOCO_GL = ("disable", "disabled", "off", "false", "0")
_RENDERING_DISABLED = _MUJOCO_GL in _DISABLED_MUJOCO_GL

if _RENDERING_DISABLED:
    def __getattr__(name):
        if name == "GLContext":
            raise AttributeError(f"module 'mjsim.gl_context' has no attribute 'GLContext': "
                                 f"rendering is disabled (MUJOCO_GL={_MUJOCO_GL})")
        raise AttributeError(f"module 'mjsim.gl_context' has no attribute '{name}'")
elif _MUJOCO_GL not in _VALID_MUJOCO_GL:
    class GLContext:  # noqa: D101 (the error says it)
        def __init__(self, max_width: int, max_height: int):
            raise RuntimeError(f"invalid value for environment variable MUJOCO_GL: {_MUJOCO_GL}")
elif _MUJOCO_GL == "egl":
    from mjsim.egl import GLContext
elif _MUJOCO_GL == "osmesa":
    from mjsim.osmesa import GLContext
else:
    from mjsim.glfw import GLContext
