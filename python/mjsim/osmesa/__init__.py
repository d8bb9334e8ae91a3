"""OSMesa: Mesa's off-screen software renderer (MUJOCO_GL=osmesa); needs libOSMesa (Debian:
libosmesa6), no display and no GPU."""

from mjsim._gl import BackendContext


class GLContext(BackendContext):
    """An OSMesa context drawing into a buffer of max_width x max_height pixels."""

    _BACKEND = "osmesa"
