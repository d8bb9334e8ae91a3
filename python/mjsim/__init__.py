"""mjsim: a MuJoCo-compatible physics engine.

``import mjsim as mujoco`` runs MuJoCo scripts unchanged. ``__version__`` is the MuJoCo API
version mirrored (clients such as gymnasium compare it with MuJoCo releases); mjsim's own
release number is ``__mjsim_version__``.
"""

from mjsim import _core, _named

# Every public name of the extension (MjModel, MjData, mj_*, mju_*, mjd_*, mjt* enums) is
# re-exported under the same name the mujoco package uses.
__all__ = [name for name in dir(_core) if name.startswith(("Mj", "mj"))]
globals().update({name: getattr(_core, name) for name in __all__})

_named.install()  # m.body('torso'), d.joint('hip').qpos, ...

__version__ = "3.3.7"
__mjsim_version__ = "0.1.0"
