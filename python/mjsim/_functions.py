"""mjsim's functions as one module, where the mujoco package keeps its (mujoco._functions):
the public mj_/mju_/mjd_/mjv_ functions and the private _realloc_con_efc."""

from mjsim import _core

__all__ = [name for name in dir(_core)
           if name.startswith(("mj_", "mju_", "mjd_", "mjv_")) and callable(getattr(_core, name))]
globals().update({name: getattr(_core, name) for name in __all__})
_realloc_con_efc = _core._realloc_con_efc
