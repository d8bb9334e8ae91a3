"""Rollouts over Ray (mjsim.ray_rollout) against the local threaded rollout (mjsim.rollout).

    python benchmarks/bench_ray_rollout.py [--address ADDRESS] [--repeats 3]

Without --address a local cluster is started (a head and two worker nodes of one CPU each); with
it, the cluster at that address is used. For gymnasium's humanoid, ant and half_cheetah,
`nrollout` rollouts of `nstep` steps are timed through RayRollout (its workers already started)
and through the local rollout with 2 threads; the table gives steps per second and the ratio
Ray / local. On one machine Ray pays for shipping arrays between processes; its use is the
machines a local pool does not have. Results go to benchmarks/results/ray_rollout.csv. A
benchmark reports; it never passes or fails.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np
from bench_rollout import MODELS, model_path
from harness import RESULTS_DIR, git_short_hash, write_rows

RESULTS = RESULTS_DIR / "ray_rollout.csv"


def rate(call, steps: int, repeats: int) -> float:
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        seconds.append(time.perf_counter() - start)
    return steps / statistics.median(seconds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address", default=None)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--nrollout", type=int, default=16)
    parser.add_argument("--nstep", type=int, default=500)
    args = parser.parse_args()

    import ray

    import mjsim
    from mjsim import ray_rollout, rollout

    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    cluster = None
    if args.address is None:
        from ray.cluster_utils import Cluster
        cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 0})
        for _ in range(2):
            cluster.add_node(num_cpus=1)
        ray.init(address=cluster.address, include_dashboard=False, log_to_driver=False)
    else:
        ray.init(address=args.address, log_to_driver=False)
    print(f"mjsim ({git_short_hash()}), Ray {ray.__version__}, cluster CPUs "
          f"{ray.cluster_resources().get('CPU', 0):.0f}, median of {args.repeats}")
    row = "{:<14} {:>14} {:>14} {:>8}"
    print(row.format("model", "ray steps/s", "local 2t", "ratio"))
    rows = []
    for name in MODELS:
        model = mjsim.MjModel.from_xml_path(str(model_path(name)))
        data = mjsim.MjData(model)
        full = mjsim.mjtState.mjSTATE_FULLPHYSICS
        state = np.empty(mjsim.mj_stateSize(model, full))
        mjsim.mj_getState(model, data, state, full)
        initial = np.tile(state, (args.nrollout, 1))
        control = np.random.default_rng(0).uniform(-0.1, 0.1, (args.nrollout, args.nstep, model.nu))
        steps = args.nrollout * args.nstep
        datas = [mjsim.MjData(model) for _ in range(2)]
        local = rate(lambda: rollout.rollout(model, datas, initial, control), steps, args.repeats)
        with ray_rollout.RayRollout(model, nthread=1) as pool:
            pool.rollout(initial, control)  # warm-up: workers started, model received
            remote = rate(lambda: pool.rollout(initial, control), steps, args.repeats)
        rows.append({"model": name, "ray": remote, "local_2t": local, "ratio": remote / local})
        print(row.format(name, f"{remote:.0f}", f"{local:.0f}", f"{remote / local:.2f}"))
    ray.shutdown()
    if cluster is not None:
        cluster.shutdown()
    write_rows(RESULTS, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
