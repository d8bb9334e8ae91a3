"""mjv_updateScene time, mjsim against the reference (mujoco), in one process.

    python benchmarks/bench_scene.py [--repeats 5] [--calls 200] [--filter TEXT]

For every corpus model (tests/corpus.py) at its initial state after mj_forward, each
repetition times `calls` calls of mjv_updateScene with the default options and free camera,
alternating which engine goes first; the table gives the median time per call of each and the
ratio mujoco time / mjsim time (above 1: mjsim is faster), with the geometric mean over the
models. Results go to benchmarks/results/scene.csv. A benchmark reports; it never passes or
fails.
"""

from __future__ import annotations

import argparse
import time

from harness import (RESULTS_DIR, alternating_medians, corpus, geometric_mean, header,
                     without_gc, write_rows)

RESULTS = RESULTS_DIR / "scene.csv"


def scene_call(engine, path, calls: int):
    m = engine.MjModel.from_xml_path(str(path))
    d = engine.MjData(m)
    engine.mj_forward(m, d)
    opt, pert, cam = engine.MjvOption(), engine.MjvPerturb(), engine.MjvCamera()
    engine.mjv_defaultFreeCamera(m, cam)
    scn = engine.MjvScene(m, 10000)
    catmask = int(engine.mjtCatBit.mjCAT_ALL)

    def seconds_per_call():
        def run():
            start = time.perf_counter()
            for _ in range(calls):
                engine.mjv_updateScene(m, d, opt, pert, cam, catmask, scn)
            return (time.perf_counter() - start) / calls
        return without_gc(run)
    return seconds_per_call


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--filter", default="")
    args = parser.parse_args()

    import mujoco
    import mjsim

    print(header(mjsim, mujoco, args.repeats))
    row = "{:<44} {:>10} {:>10} {:>7}"
    print(row.format("model", "mjsim us", "mujoco us", "ratio"))
    rows = []
    for path in corpus.corpus_models():
        name = corpus.label(path)
        if args.filter not in name:
            continue
        try:
            ours_call = scene_call(mjsim, path, args.calls)
        except Exception as error:  # noqa: BLE001 - reported, not raised
            print(f"skipped {name}: {str(error).splitlines()[0]}")
            continue
        reference_call = scene_call(mujoco, path, args.calls)
        ours, reference = alternating_medians(ours_call, reference_call, args.repeats)
        ratio = reference / ours
        rows.append((name, ours, reference, ratio))
        print(row.format(name, f"{ours * 1e6:.1f}", f"{reference * 1e6:.1f}", f"{ratio:.2f}"))
    if rows:
        print(f"\ngeometric mean ratio over {len(rows)} models: "
              f"{geometric_mean(r[3] for r in rows):.2f}")
    if rows:
        write_rows(RESULTS, [{"model": name, "mjsim_seconds": ours, "mujoco_seconds": reference,
                              "ratio": ratio} for name, ours, reference, ratio in rows])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
