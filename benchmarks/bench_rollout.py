"""Threaded rollouts, mjsim.rollout against mujoco.rollout, in one process.

    python benchmarks/bench_rollout.py [--repeats 3] [--nrollout 16] [--steps 1 100 500]

For gymnasium's humanoid, ant and half_cheetah, `nrollout` rollouts of each length in --steps
from the model's initial state (small random controls) are timed with 1 and 2 threads in each
engine (1 thread: the calling thread; 2: a pool of two, one MjData each), alternating which
engine goes first; the table gives steps per second and three ratios: each engine's 2-thread
speed over its 1-thread speed, and mjsim's 2-thread speed over mujoco's. Short rollouts show
the per-call overhead. Results go to benchmarks/results/rollout.csv. A benchmark reports; it
never passes or fails.
"""

from __future__ import annotations

import argparse
import copy
import time

import numpy as np
from harness import RESULTS_DIR, alternating_medians, corpus, header, without_gc, write_rows

RESULTS = RESULTS_DIR / "rollout.csv"
MODELS = ("humanoid", "ant", "half_cheetah")


def model_path(name: str):
    for path in corpus.gymnasium_models():
        if path.stem == name:
            return path
    raise SystemExit(f"gymnasium's {name}.xml not found (is gymnasium installed?)")


class Case:
    """One engine's model, datas and inputs for rollouts of `nstep` steps."""

    def __init__(self, engine, module, path, nrollout: int, nstep: int):
        self.module = module
        self.model = engine.MjModel.from_xml_path(str(path))
        data = engine.MjData(self.model)
        full = engine.mjtState.mjSTATE_FULLPHYSICS
        state = np.empty(engine.mj_stateSize(self.model, full))
        engine.mj_getState(self.model, data, state, full)
        self.initial = np.tile(state, (nrollout, 1))
        rng = np.random.default_rng(0)
        self.control = rng.uniform(-0.1, 0.1, (nrollout, nstep, self.model.nu))
        self.datas = {1: data, 2: [copy.copy(data) for _ in range(2)]}
        self.pools = {1: module.Rollout(nthread=0), 2: module.Rollout(nthread=2)}
        self.steps = nrollout * nstep

    def rate(self, nthread: int) -> float:
        def once():
            start = time.perf_counter()
            self.pools[nthread].rollout(self.model, self.datas[nthread], self.initial, self.control)
            return time.perf_counter() - start
        seconds = without_gc(once)
        return self.steps / seconds

    def close(self):
        for pool in self.pools.values():
            pool.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--nrollout", type=int, default=16)
    parser.add_argument("--steps", type=int, nargs="+", default=[1, 100, 500])
    args = parser.parse_args()

    import mujoco
    import mujoco.rollout as mujoco_rollout

    import mjsim
    import mjsim.rollout as mjsim_rollout

    print(header(mjsim, mujoco, args.repeats))
    row = "{:<14} {:>6} {:>12} {:>12} {:>12} {:>12} {:>8} {:>8} {:>8}"
    print(row.format("model", "steps", "mjsim 1t", "mjsim 2t", "mujoco 1t", "mujoco 2t",
                     "ours2/1", "ref2/1", "2t ratio"))
    rows = []
    for name in MODELS:
        path = model_path(name)
        for nstep in args.steps:
            ours = Case(mjsim, mjsim_rollout, path, args.nrollout, nstep)
            ref = Case(mujoco, mujoco_rollout, path, args.nrollout, nstep)
            for case in (ours, ref):  # warm-up: pools started, pages touched
                case.rate(1), case.rate(2)
            rates = {}
            for nthread in (1, 2):
                rates[nthread] = alternating_medians(lambda: ours.rate(nthread),
                                                     lambda: ref.rate(nthread), args.repeats)
            ours.close(), ref.close()
            result = {
                "model": name, "steps": nstep,
                "mjsim_1t": rates[1][0], "mjsim_2t": rates[2][0],
                "mujoco_1t": rates[1][1], "mujoco_2t": rates[2][1],
                "mjsim_scaling": rates[2][0] / rates[1][0],
                "mujoco_scaling": rates[2][1] / rates[1][1],
                "ratio_2t": rates[2][0] / rates[2][1],
            }
            rows.append(result)
            print(row.format(name, nstep, f"{result['mjsim_1t']:.0f}", f"{result['mjsim_2t']:.0f}",
                             f"{result['mujoco_1t']:.0f}", f"{result['mujoco_2t']:.0f}",
                             f"{result['mjsim_scaling']:.2f}", f"{result['mujoco_scaling']:.2f}",
                             f"{result['ratio_2t']:.2f}"))
    print("(rates in steps per second; ratios above 1 favour the first named)")
    write_rows(RESULTS, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
