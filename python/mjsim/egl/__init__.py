"""EGL on a device without a window system (MUJOCO_GL=egl): a GPU's driver, or Mesa's
(Debian: libegl1 libegl-mesa0). MUJOCO_EGL_DEVICE_ID picks the device."""

from mjsim._gl import BackendContext


class GLContext(BackendContext):
    """An EGL context with a pbuffer of max_width x max_height pixels."""

    _BACKEND = "egl"
