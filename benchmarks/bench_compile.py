"""Model compile time, mjsim against the reference (mujoco), in one process.

    python benchmarks/bench_compile.py [--repeats 5] [--filter TEXT]

For every model of the corpus (models/ and models/urdf/, then gymnasium's and dm_control's
models, see tests/corpus.py) each repetition times MjModel.from_xml_path in mjsim and in mujoco,
alternating which goes first; the table gives the median time of each, the ratio
mujoco time / mjsim time (above 1: mjsim compiles faster) and the geometric mean of the ratios
over the models both engines compile. Models mjsim cannot load yet are listed with the reason.
Results are also written to benchmarks/results/compile.csv. A benchmark reports; it never
passes or fails.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

from harness import (RESULTS_DIR, alternating_medians, corpus, geometric_mean, header,
                     without_gc)

RESULTS = RESULTS_DIR / "compile.csv"


def compile_seconds(engine, path: Path) -> float:
    def compile_once():
        start = time.perf_counter()
        engine.MjModel.from_xml_path(str(path))
        return time.perf_counter() - start
    return without_gc(compile_once)


def measure(mjsim, mujoco, path: Path, repeats: int) -> tuple[float, float]:
    """Median compile seconds (mjsim, mujoco), alternating which engine goes first."""
    return alternating_medians(lambda: compile_seconds(mjsim, path),
                               lambda: compile_seconds(mujoco, path), repeats)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--filter", default="")
    args = parser.parse_args()

    import mujoco
    import mjsim

    print(header(mjsim, mujoco, args.repeats))
    row = "{:<44} {:>12} {:>12} {:>7}"
    print(row.format("model", "mjsim ms", "mujoco ms", "ratio"))
    rows, skipped = [], []
    for path in corpus.corpus_models():
        name = corpus.label(path)
        if args.filter not in name:
            continue
        try:
            mjsim.MjModel.from_xml_path(str(path))
        except Exception as error:  # noqa: BLE001 - reported, not raised
            skipped.append((name, str(error).splitlines()[0]))
            continue
        mujoco.MjModel.from_xml_path(str(path))  # warm-up: file cache, lazy imports
        ours, reference = measure(mjsim, mujoco, path, args.repeats)
        ratio = reference / ours
        rows.append((name, ours, reference, ratio))
        print(row.format(name, f"{ours * 1e3:.2f}", f"{reference * 1e3:.2f}", f"{ratio:.2f}"))
    if rows:
        geomean = geometric_mean(r[3] for r in rows)
        total_ours = sum(r[1] for r in rows)
        total_reference = sum(r[2] for r in rows)
        print(f"\ngeometric mean ratio over {len(rows)} models: {geomean:.2f}   "
              f"total {total_ours * 1e3:.1f} ms vs {total_reference * 1e3:.1f} ms")
    for name, reason in skipped:
        print(f"skipped {name}: {reason}")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    with RESULTS.open("w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["model", "mjsim_seconds", "mujoco_seconds", "ratio"])
        for name, ours, reference, ratio in rows:
            writer.writerow([name, f"{ours:.6f}", f"{reference:.6f}", f"{ratio:.3f}"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
