"""mjsim: a MuJoCo-compatible physics engine.

``import mjsim as mujoco`` runs MuJoCo scripts unchanged. Libraries that ``import mujoco``
themselves (gymnasium's MuJoCo environments, ...) run on mjsim after one line, before they are
imported::

    import mjsim; mjsim.install_as_mujoco()
    import gymnasium as gym
    env = gym.make("Hopper-v5")

``__version__`` is the MuJoCo API version mirrored (clients such as gymnasium compare it with
MuJoCo releases); mjsim's own release number is ``__mjsim_version__``.
"""

from mjsim import _core, _enums, _named, _specs

# Every public name of the extension (MjModel, MjData, mj_*, mju_*, mjd_*, the
# set_mjcb_*/get_mjcb_* and set/get_mju_user_* callbacks) is re-exported under the same name
# the mujoco package uses, and so are the mjt* enums and the numeric mj* constants (_enums.py).
__all__ = [name for name in dir(_core)
           if name.startswith(("Mj", "mj", "set_mjcb_", "get_mjcb_", "set_mju_user_",
                                "get_mju_user_"))] + ["FatalError", "UnexpectedError"]
globals().update({name: getattr(_core, name) for name in __all__})
_public_enums = {**_enums.make_enums(), **_enums.CONSTANTS}
globals().update(_public_enums)
__all__ += list(_public_enums)

_named.install()  # m.body('torso'), d.joint('hip').qpos, ...
_specs.install()  # m.bind(spec element), MjSpec.recompile
MjStruct = _specs.MjStruct
from_zip = _specs.from_zip
to_zip = _specs.to_zip
# the classes of MjSpec.visual.headlight and .rgba: mjsim's spec shares the Model's structs
MjVisualHeadlight, MjVisualRgba = _core.MjVisual.Headlight, _core.MjVisual.Rgba
__all__ += ["MjStruct", "from_zip", "to_zip", "MjVisualHeadlight", "MjVisualRgba"]


class ModelFileNotFoundError(FileNotFoundError, ValueError):
    """A model file (or a file it includes) is missing. mujoco raises ValueError there, so this
    is both: ``except ValueError`` in MuJoCo scripts and ``except FileNotFoundError`` work."""


def _file_errors_as_value_errors(load):
    def wrapped(*args, **kwargs):
        try:
            return load(*args, **kwargs)
        except FileNotFoundError as error:
            if isinstance(error, ValueError):
                raise
            raise ModelFileNotFoundError(*error.args) from None
    wrapped.__name__, wrapped.__doc__ = load.__name__, load.__doc__
    return staticmethod(wrapped)


for _loader in ("from_xml_path", "from_xml_string"):
    setattr(_core.MjModel, _loader, _file_errors_as_value_errors(getattr(_core.MjModel, _loader)))



def mju_getXMLDependencies(filename: str) -> list[str]:
    """Every file an MJCF file needs: its includes and the assets they name, followed
    recursively, the file itself among them; unordered."""
    from mjsim._dependencies import get_xml_dependencies

    return get_xml_dependencies(filename, FatalError)  # noqa: F821 (exported from _core)


__all__.append("mju_getXMLDependencies")

from mjsim import _functions  # noqa: E402  (mujoco._functions, where scripts reach for it)

# rendering: GLContext is the class of the backend MUJOCO_GL names (absent when MUJOCO_GL turns
# rendering off, as in the reference); none of these modules opens a GL library before a context
# is made
from mjsim import gl_context, glfw, renderer  # noqa: E402
from mjsim.renderer import Renderer  # noqa: E402

__all__ += ["gl_context", "glfw", "renderer", "Renderer"]
if not gl_context._RENDERING_DISABLED:
    from mjsim.gl_context import GLContext  # noqa: E402

    __all__.append("GLContext")

import os as _os

# HEADERS_DIR: the C++ headers of mjsim's public API (cpp/include/mjsim), which the wheel installs
# under the package (CMakeLists.txt); in a source checkout that is not installed the directory is
# absent. PLUGINS_DIR: where the package keeps engine plugin libraries; mjsim ships none yet, so
# it holds only the package marker (python/mjsim/plugin/__init__.py).
HEADERS_DIR = _os.path.join(_os.path.dirname(__file__), "include", "mjsim")
PLUGINS_DIR = _os.path.join(_os.path.dirname(__file__), "plugin")
__all__ += ["HEADERS_DIR", "PLUGINS_DIR"]

__version__ = "3.3.7"
__mjsim_version__ = "0.1.0"


def install_as_mujoco() -> None:
    """Make ``import mujoco`` give mjsim, for libraries that import mujoco internally.

    Call it before such a library is imported. Raises RuntimeError if the real mujoco package
    is already imported in this process (both cannot share the name ``mujoco``).
    """
    import sys

    current = sys.modules.get("mujoco")
    if current is not None and current is not sys.modules[__name__]:
        raise RuntimeError("install_as_mujoco(): the mujoco package is already imported; call "
                           "mjsim.install_as_mujoco() before anything imports mujoco")
    sys.modules["mujoco"] = sys.modules[__name__]
