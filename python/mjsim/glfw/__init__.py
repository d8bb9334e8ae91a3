"""GLFW (MUJOCO_GL=glfw, the default): a hidden window of the display's GL. The library is
libglfw.so.3 (Debian: libglfw3) or the one the `glfw` package from PyPI ships."""

from mjsim._gl import BackendContext


class GLContext(BackendContext):
    """A hidden GLFW window of max_width x max_height pixels."""

    _BACKEND = "glfw"

    @classmethod
    def _library(cls) -> str:
        try:
            import glfw.library  # the PyPI package's bundled libglfw, when it is installed
        except Exception:  # noqa: BLE001 (absent, or no library for this platform)
            return ""
        library = getattr(glfw.library, "glfw", None)
        return getattr(library, "_name", "") or ""
