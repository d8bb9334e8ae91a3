"""mjsim.rollout spread over the machines of a Ray cluster (``pip install mjsim[ray]``).

    from mjsim import ray_rollout
    ray.init(address="auto")                      # or a head's "ray://host:10001", see README
    with ray_rollout.RayRollout(model, num_workers=8, nthread=4) as pool:
        state, sensordata = pool.rollout(initial_state, control)

Each worker is a Ray actor that receives the model once (pickled: its binary model file, so
the copy is exact), keeps one MjData per thread and runs the threaded rollout of
mjsim.rollout on its share of the rollouts. Shares are handed to the workers in order and the
results are put back in order, so the output is bit-identical to ``mjsim.rollout.rollout`` on
one machine. A share whose worker dies (its process killed, its node lost) is given to a new
worker and run again; each rollout starts from its initial state, so nothing is lost or
duplicated.
"""

from __future__ import annotations

import numpy as np

from mjsim import _core, rollout as _local

try:
    import ray
    from ray.exceptions import ActorDiedError, ActorUnavailableError, RayActorError
except ImportError as error:  # pragma: no cover - the extra is not installed
    raise ImportError("mjsim.ray_rollout needs Ray: pip install 'mjsim[ray]'") from error

_WORKER_LOST = (RayActorError, ActorDiedError, ActorUnavailableError)


class _Worker:
    """One actor: the model compiled once, a local thread pool, one MjData per thread."""

    def __init__(self, model, nthread: int):
        self._model = model
        self._nthread = nthread
        datas = [_core.MjData(model) for _ in range(max(nthread, 1))]
        self._datas = datas if nthread > 0 else datas[0]
        self._pool = _local.Rollout(nthread=nthread)

    def pid(self) -> int:
        import os
        return os.getpid()

    def rollout(self, initial_state, control, control_spec, nstep, initial_warmstart):
        return self._pool.rollout(self._model, self._datas, initial_state, control,
                                  control_spec=control_spec, nstep=nstep,
                                  initial_warmstart=initial_warmstart)


class RayRollout:
    """`num_workers` Ray actors (default: one per CPU the cluster has, over `nthread`), each
    rolling out with `nthread` threads (0: on the actor's own thread). `max_retries`: how many
    times one share is run again after its worker was lost before the call fails."""

    def __init__(self, model, *, num_workers: int | None = None, nthread: int = 1,
                 max_retries: int = 3):
        if not ray.is_initialized():
            raise RuntimeError("RayRollout needs a Ray cluster: call ray.init(...) first")
        if not isinstance(model, _core.MjModel):
            raise TypeError("model must be an MjModel")
        if nthread < 0:
            raise ValueError("nthread must be non-negative")
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.num_workers = num_workers or max(1, cpus // max(nthread, 1))
        if self.num_workers < 1:
            raise ValueError("num_workers must be positive")
        self.nthread = nthread
        self.max_retries = max_retries
        self._model = model
        self._model_ref = ray.put(model)  # sent to the object store once, read by every worker
        self._actor_class = ray.remote(num_cpus=max(nthread, 1) if nthread else 1)(_Worker)
        self._workers = [self._new_worker() for _ in range(self.num_workers)]
        self.restarts = 0  # workers replaced after a loss, over the object's life

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()

    def _new_worker(self):
        return self._actor_class.remote(self._model_ref, self.nthread)

    def close(self) -> None:
        """Ends the workers."""
        for worker in getattr(self, "_workers", []):
            ray.kill(worker)
        self._workers = []

    def worker_pids(self) -> list:
        """The process id of each worker (for monitoring, and for the tests that kill one)."""
        return ray.get([worker.pid.remote() for worker in self._workers])

    def rollout(self, initial_state, control=None, *, control_spec: int = _local._CTRL,
                nstep: int | None = None, initial_warmstart=None, shards: int | None = None):
        """mjsim.rollout.rollout(model, data, initial_state, control, ...) over the workers:
        the same shapes, checks and results; `shards` (default: 2 per worker) is how many
        pieces the rollouts are cut into. Returns (state, sensordata)."""
        if not self._workers:
            raise RuntimeError("rollout requested after the workers were closed")
        nbatch, nstep, initial, warmstart, control, state, sensordata = _local._prepared(
            [self._model], int(control_spec), nstep, None, initial_state=initial_state,
            initial_warmstart=initial_warmstart, control=control, state=None, sensordata=None)
        if nbatch == 0:
            return state, sensordata
        pieces = np.array_split(np.arange(nbatch), min(nbatch, shards or 2 * len(self._workers)))
        pieces = [p for p in pieces if len(p)]
        tasks = {}  # pending result -> (piece index, worker slot, attempts)

        def submit(index, slot, attempts):
            rows = pieces[index]
            future = self._workers[slot].rollout.remote(
                initial[rows], None if control is None else control[rows], int(control_spec),
                nstep, None if warmstart is None else warmstart[rows])
            tasks[future] = (index, slot, attempts)

        for index in range(len(pieces)):
            submit(index, index % len(self._workers), 0)
        while tasks:
            ready, _ = ray.wait(list(tasks), num_returns=1)
            future = ready[0]
            index, slot, attempts = tasks.pop(future)
            try:
                piece_state, piece_sensordata = ray.get(future)
            except _WORKER_LOST:
                if attempts >= self.max_retries:
                    raise
                self._replace_lost(slot)
                submit(index, slot, attempts + 1)
                continue
            state[pieces[index]] = piece_state
            sensordata[pieces[index]] = piece_sensordata
        return state, sensordata

    def _replace_lost(self, slot: int) -> None:
        """A new worker in `slot` unless an earlier loss of the same worker already made one."""
        try:
            ray.get(self._workers[slot].pid.remote(), timeout=30)
            return  # the slot's worker answers: it was replaced already
        except _WORKER_LOST:
            pass
        except ray.exceptions.GetTimeoutError:
            pass
        self._workers[slot] = self._new_worker()
        self.restarts += 1


def rollout(model, initial_state, control=None, *, num_workers: int | None = None,
            nthread: int = 1, **keywords):
    """RayRollout(model, num_workers=..., nthread=...).rollout(initial_state, control, ...) for
    one call; the workers end with it."""
    with RayRollout(model, num_workers=num_workers, nthread=nthread) as pool:
        return pool.rollout(initial_state, control, **keywords)
