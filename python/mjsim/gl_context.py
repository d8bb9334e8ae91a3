"""GLContext: the class of the backend the environment variable MUJOCO_GL names, read when this
module is imported: egl, osmesa, or glfw (the default; also for '', 'glx', '1', 'on', 'true',
'enable', 'enabled'), as the mujoco package reads it. An invalid value raises when a context is
made (the reference raises on import; mjsim imports without GL)."""

import os
import platform

_SYSTEM = platform.system()
_MUJOCO_GL = os.environ.get("MUJOCO_GL", "").lower().strip()
_VALID_MUJOCO_GL = ("enable", "enabled", "on", "true", "1", "glfw", "", "glx", "egl", "osmesa")

if _MUJOCO_GL not in _VALID_MUJOCO_GL:
    class GLContext:  # noqa: D101 (the error says it)
        def __init__(self, max_width: int, max_height: int):
            raise RuntimeError(f"invalid value for environment variable MUJOCO_GL: {_MUJOCO_GL}")
elif _MUJOCO_GL == "egl":
    from mjsim.egl import GLContext
elif _MUJOCO_GL == "osmesa":
    from mjsim.osmesa import GLContext
else:
    from mjsim.glfw import GLContext
