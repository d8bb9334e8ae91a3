"""Open-loop rollouts of many simulations at once: ``mjsim.rollout`` (``mujoco.rollout``).

``rollout(model, data, initial_state, control)`` runs one simulation per initial state (rows of
``initial_state``, mjSTATE_FULLPHYSICS), applying ``control`` (mjSTATE_CTRL unless
``control_spec`` names other bits of mjSTATE_USER) before each step, and returns the state and
the sensor data after every step, shaped (nbatch, nstep, n). Dimensions of size one are tiled:
one initial state for many controls, one control for every step. With a list of datas (one per
thread) the rollouts run on that many C++ threads without the GIL; each rollout starts from a
reset Data, so the results do not depend on the thread count.
"""

from __future__ import annotations

import atexit
from collections.abc import Sequence

import numpy as np

from mjsim import _core
from mjsim._enums import make_enums

_STATE = make_enums()["mjtState"]
_FULLPHYSICS = int(_STATE.mjSTATE_FULLPHYSICS)
_USER = int(_STATE.mjSTATE_USER)
_CTRL = int(_STATE.mjSTATE_CTRL)

# argument -> its full number of dimensions ((nbatch, width) or (nbatch, nstep, width))
_LAYOUT = {"initial_state": 2, "initial_warmstart": 2, "control": 3, "state": 3, "sensordata": 3}


class Rollout:
    """A pool of ``nthread`` worker threads (0: rollouts run on the calling thread), kept
    between calls; a context manager that closes the pool on exit."""

    def __init__(self, *, nthread: int | None = None):
        self.nthread = 0 if nthread is None else nthread
        self._pool = _core._RolloutPool(self.nthread)

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()

    def close(self) -> None:
        """Stops the worker threads; the object can no longer roll out."""
        self._pool = None

    def rollout(self, model, data, initial_state, control=None, *,
                control_spec: int = _CTRL, skip_checks: bool = False, nstep: int | None = None,
                initial_warmstart=None, state=None, sensordata=None,
                chunk_size: int | None = None):
        """Rolls out from each initial state; returns (state, sensordata), each
        (nbatch, nstep, n). See the module docstring; arrays given as `state` and `sensordata`
        are written in place. With skip_checks, the arrays must already have their full shapes
        (float64, C order) and are passed as they are."""
        if self._pool is None:
            raise RuntimeError("rollout requested after thread pool shutdown")
        control_spec = int(control_spec)
        if skip_checks:
            self._pool.rollout(model, data, nstep, control_spec, initial_state,
                               initial_warmstart, control, state, sensordata, chunk_size)
            return state, sensordata
        models = [model] if isinstance(model, _core.MjModel) else list(model)
        datas = list(data) if isinstance(data, (list, tuple)) else [data]
        nbatch, nstep, initial, warmstart, control, state, sensordata = _prepared(
            models, control_spec, nstep, chunk_size, initial_state=initial_state,
            initial_warmstart=initial_warmstart, control=control, state=state,
            sensordata=sensordata)
        per_rollout = models if len(models) > 1 else models * max(nbatch, 1)
        self._pool.rollout(per_rollout, datas, nstep, control_spec, initial, warmstart, control,
                           state, sensordata, chunk_size)
        return state, sensordata


def _prepared(models, control_spec, nstep, chunk_size, **arrays):
    """(nbatch, nstep, initial_state, initial_warmstart, control, state, sensordata): the
    arguments checked as the reference checks them, tiled to nbatch rollouts of nstep steps,
    with the outputs allocated where not given."""
    arrays = _checked_arrays(control_spec, nstep, chunk_size, **arrays)
    nbatch = _common_size(0, 1, arrays)
    if len(models) > 1 and nbatch == 1:
        nbatch = len(models)
    if len(models) > 1 and len(models) != nbatch:
        raise ValueError(f"nbatch inferred as {nbatch} but model is length {len(models)}")
    nstep = _common_size(1, nstep or 1, {k: arrays[k] for k in ("control", "state", "sensordata")})
    nstate, ncontrol, nv, nsensordata = _widths(models, control_spec)
    for name, width in (("initial_state", nstate), ("state", nstate), ("control", ncontrol),
                        ("initial_warmstart", nv), ("sensordata", nsensordata)):
        if arrays[name] is not None and arrays[name].shape[-1] != width:
            raise ValueError(f"trailing dimension of {name} must be {width}, "
                             f"got {arrays[name].shape[-1]}")
    state, sensordata = arrays["state"], arrays["sensordata"]
    return (nbatch, nstep, _tiled(arrays["initial_state"], nbatch),
            _tiled(arrays["initial_warmstart"], nbatch), _tiled(arrays["control"], nbatch, nstep),
            np.empty((nbatch, nstep, nstate)) if state is None else state,
            np.empty((nbatch, nstep, nsensordata)) if sensordata is None else sensordata)


def _checked_arrays(control_spec, nstep, chunk_size, **arrays):
    """The arguments as float64 C-order arrays of their full number of dimensions (leading axes
    of size one added); the reference's ValueErrors for anything else."""
    if control_spec & ~_USER:
        raise ValueError("control_spec can only contain bits in mjSTATE_USER")
    if nstep and not isinstance(nstep, int):
        raise ValueError("nstep must be an integer")
    if chunk_size and not isinstance(chunk_size, int):
        raise ValueError("chunk_size must be an integer")
    for name, value in arrays.items():
        if value is not None and not isinstance(value, (np.ndarray, float)):
            raise ValueError(f"{name} must be a numpy array or float")
    shaped = {}
    for name, value in arrays.items():
        if value is None:
            shaped[name] = None
            continue
        ndim = _LAYOUT[name]
        value = np.asarray(value)
        if value.ndim > ndim:
            raise ValueError(f"{name} can have at most {ndim} dimensions")
        if value.ndim < ndim:
            value = value.reshape((1,) * (ndim - value.ndim) + value.shape)
        if name in ("state", "sensordata") and value.dtype == np.float64 and value.flags.c_contiguous:
            shaped[name] = value  # written in place: the caller's own array
        else:
            shaped[name] = np.ascontiguousarray(value, dtype=np.float64)
    return shaped


def _common_size(axis: int, guess: int, arrays: dict) -> int:
    """The size of `axis` that every given array has (or 1, to be tiled)."""
    size = guess
    for name, array in arrays.items():
        if array is None or array.shape[axis] == size:
            continue
        if size == 1:
            size = array.shape[axis]
        elif array.shape[axis] != 1:
            raise ValueError(f"dimension {axis} inferred as {size} but {name} has {array.shape[axis]}")
    return size


def _widths(models: Sequence, control_spec: int) -> tuple:
    """(nstate, ncontrol, nv, nsensordata), the same for every model."""
    def of(m):
        return (_core.mj_stateSize(m, _FULLPHYSICS), _core.mj_stateSize(m, control_spec), m.nv,
                m.nsensordata)
    widths = of(models[0])
    if any(of(m) != widths for m in models[1:]):
        raise ValueError("models are not compatible")
    return widths


def _tiled(array, nbatch: int, nstep: int | None = None):
    if array is None:
        return None
    reps = [nbatch if array.shape[0] == 1 else 1] + [1] * (array.ndim - 1)
    if nstep is not None and array.shape[1] == 1:
        reps[1] = nstep
    return np.ascontiguousarray(np.tile(array, reps)) if any(r != 1 for r in reps) else array


_persistent: Rollout | None = None


def shutdown_persistent_pool() -> None:
    """Stops the pool that rollout(..., persistent_pool=True) keeps (also done at exit)."""
    global _persistent
    if _persistent is not None:
        _persistent.close()
    _persistent = None


atexit.register(shutdown_persistent_pool)


def rollout(model, data, initial_state, control=None, *, control_spec: int = _CTRL,
            skip_checks: bool = False, nstep: int | None = None, initial_warmstart=None,
            state=None, sensordata=None, chunk_size: int | None = None,
            persistent_pool: bool = False):
    """Rollout(nthread=len(data) if several datas else 0).rollout(...), the pool made for this
    call, or kept between calls with persistent_pool=True (remade when the thread count
    changes). Returns (state, sensordata)."""
    global _persistent
    datas = data if isinstance(data, (list, tuple)) else [data]
    nthread = len(datas) if len(datas) > 1 else 0
    if persistent_pool:
        if _persistent is None or _persistent.nthread != nthread:
            shutdown_persistent_pool()
            _persistent = Rollout(nthread=nthread)
        runner = _persistent
    else:
        runner = Rollout(nthread=nthread)
    try:
        return runner.rollout(model, datas if isinstance(data, (list, tuple)) else data,
                              initial_state, control, control_spec=control_spec,
                              skip_checks=skip_checks, nstep=nstep,
                              initial_warmstart=initial_warmstart, state=state,
                              sensordata=sensordata, chunk_size=chunk_size)
    finally:
        if not persistent_pool:
            runner.close()
