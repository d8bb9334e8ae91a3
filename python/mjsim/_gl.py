"""The headless GL context class the backend modules (mjsim.osmesa, mjsim.egl, mjsim.glfw) share:
a context of mjsim's C++ render layer, which opens the backend's library at run time, so
nothing here needs a GL library until a context is made."""

from mjsim import _core


class BackendContext:
    """An OpenGL context with a default framebuffer of max_width x max_height pixels."""

    _BACKEND = ""

    def __init__(self, max_width: int, max_height: int):
        self._context = None
        self._context = _core._GLContext(self._BACKEND, max_width, max_height, self._library())

    @classmethod
    def _library(cls) -> str:
        return ""  # the backend's usual library names

    def make_current(self):
        """Makes the context current on the calling thread."""
        if self._context is None:
            raise RuntimeError("the GL context has been freed")
        self._context.make_current()

    def _alive(self) -> bool:
        """False once free() has been called."""
        return self._context is not None

    def free(self):
        """Releases the context; make_current afterwards raises."""
        if self._context is not None:
            self._context.free()
            self._context = None

    def __del__(self):
        self.free()
