"""Kinematics speed, mjsim against the reference (mujoco), in one process.

    python benchmarks/bench_kinematics.py [--repeats 5] [--seconds 0.1] [--filter TEXT]

For every model of the corpus (models/, then gymnasium's and dm_control's models, see
tests/corpus.py) both engines get the same random configuration; after a warm-up, each
repetition times a loop of calls in mjsim and in mujoco, alternating which goes first. The
table gives the median rate of each (calls per second, Python loop included), the ratio
mjsim/mujoco (above 1: mjsim is faster) and the geometric mean of the ratios, for three
row groups:

  mj_kinematics             mj_kinematics(m, d)
  mj_kinematics+mj_comPos   mj_kinematics(m, d); mj_comPos(m, d)
  python_loop               d.qpos[0] = x; mj_kinematics(m, d); d.xpos[1]  (view overhead)

Models mjsim cannot load yet are skipped with the reason. Results are also written to
benchmarks/results/kinematics.csv. A benchmark reports; it never passes or fails.
"""

from __future__ import annotations

import argparse
import csv
import gc
import math
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))  # the corpus and the random state are the tests'

import corpus  # noqa: E402
from support import random_configuration  # noqa: E402

RESULTS = REPO / "benchmarks" / "results" / "kinematics.csv"
LOOP_MODEL = corpus.MODELS_DIR / "pendulum_chain.xml"


def git_short_hash() -> str:
    try:
        result = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"],
                                capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return "no git"
    if result.returncode != 0:
        return "no commit"
    dirty = subprocess.run(["git", "-C", str(REPO), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True, timeout=10).stdout.strip()
    return result.stdout.strip() + ("+dirty" if dirty else "")


def header(mjsim, mujoco, repeats: int) -> str:
    own = getattr(mjsim, "__mjsim_version__", "?")
    system = f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores"
    python = f"Python {platform.python_version()}"
    return (f"mjsim {own} ({git_short_hash()}) vs mujoco {mujoco.__version__}   {system}   "
            f"{python}   median of {repeats}")


# ---------------------------------------------------------------------------------------
# the timed loops: each returns seconds for `count` iterations


def loop_kinematics(engine, m, d, count: int) -> float:
    kinematics = engine.mj_kinematics
    start = time.perf_counter()
    for _ in range(count):
        kinematics(m, d)
    return time.perf_counter() - start


def loop_kinematics_com(engine, m, d, count: int) -> float:
    kinematics, com = engine.mj_kinematics, engine.mj_comPos
    start = time.perf_counter()
    for _ in range(count):
        kinematics(m, d)
        com(m, d)
    return time.perf_counter() - start


def loop_python_views(engine, m, d, count: int) -> float:
    kinematics = engine.mj_kinematics
    angles = np.linspace(-1.0, 1.0, 64).tolist()
    start = time.perf_counter()
    for i in range(count):
        d.qpos[0] = angles[i & 63]
        kinematics(m, d)
        d.xpos[1]
    return time.perf_counter() - start


GROUPS = [
    ("mj_kinematics", loop_kinematics),
    ("mj_kinematics+mj_comPos", loop_kinematics_com),
]


def timed(loop, engine, m, d, count: int) -> float:
    """Calls per second of one run of `loop`, with the garbage collector off (as timeit)."""
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        seconds = loop(engine, m, d, count)
    finally:
        if gc_was_enabled:
            gc.enable()
    return count / max(seconds, 1e-9)


def compare(loop, ours, reference, repeats: int, seconds: float) -> tuple[float, float]:
    """Median rates (mjsim, mujoco) of `loop`, alternating engines and which goes first."""
    (mjsim, m, d), (mujoco, ref_m, ref_d) = ours, reference
    # warm-up, and a count that makes one timing last about `seconds` in the slower engine
    count = 16
    while True:
        elapsed = max(count / timed(loop, mjsim, m, d, count),
                      count / timed(loop, mujoco, ref_m, ref_d, count))
        if elapsed > seconds / 4 or count > 1 << 26:
            break
        count *= 4
    count = max(1, int(count * seconds / elapsed))
    rates_ours, rates_reference = [], []
    for repetition in range(repeats):
        order = [(rates_ours, ours), (rates_reference, reference)]
        for rates, (engine, model, data) in (order if repetition % 2 == 0 else order[::-1]):
            rates.append(timed(loop, engine, model, data, count))
    return statistics.median(rates_ours), statistics.median(rates_reference)


# ---------------------------------------------------------------------------------------
# report


def rate_text(rate: float) -> str:
    return f"{rate:,.0f}".replace(",", " ")


class Report:
    COLUMNS = "{:<44} {:>16} {:>16} {:>7}"

    def __init__(self):
        self.rows = []  # (group, model, mjsim rate, mujoco rate, ratio)

    def group(self, name: str, description: str = "") -> None:
        print()
        if description:
            print(f"{name}: {description}")
        print(self.COLUMNS.format(name, "mjsim calls/s", "mujoco calls/s", "ratio"))

    def add(self, group: str, model: str, ours: float, reference: float) -> None:
        ratio = ours / reference
        self.rows.append((group, model, ours, reference, ratio))
        print(self.COLUMNS.format(model, rate_text(ours), rate_text(reference), f"{ratio:.2f}"),
              flush=True)

    def geomean(self, group: str) -> None:
        ratios = [row[4] for row in self.rows if row[0] == group]
        if not ratios:
            return
        mean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        label = f"geomean over {len(ratios)} model{'s' if len(ratios) > 1 else ''}"
        self.rows.append((group, label, "", "", mean))
        print(self.COLUMNS.format(label, "", "", f"{mean:.2f}"))

    def write_csv(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", newline="") as file:
            writer = csv.writer(file)
            writer.writerow(["group", "model", "mjsim_calls_per_s", "mujoco_calls_per_s", "ratio"])
            for group, model, ours, reference, ratio in self.rows:
                writer.writerow([group, model,
                                 f"{ours:.0f}" if ours != "" else "",
                                 f"{reference:.0f}" if reference != "" else "",
                                 f"{ratio:.3f}"])


# ---------------------------------------------------------------------------------------


def load_both(mjsim, mujoco, path: Path, seed: int):
    """(mjsim model, data), (mujoco model, data) in the same random configuration, or the
    reason mjsim (or mujoco) could not load the model."""
    try:
        ref_m = mujoco.MjModel.from_xml_path(str(path))
    except Exception as error:
        return None, f"mujoco cannot load it: {error}".splitlines()[0]
    try:
        m = mjsim.MjModel.from_xml_path(str(path))
    except Exception as error:
        return None, f"{type(error).__name__}: {' '.join(str(error).split())}"
    d, ref_d = mjsim.MjData(m), mujoco.MjData(ref_m)
    config = random_configuration(ref_m, np.random.default_rng(seed))
    for data in (d, ref_d):
        data.qpos[:] = config.qpos
        data.mocap_pos[:] = config.mocap_pos
        data.mocap_quat[:] = config.mocap_quat
    return ((mjsim, m, d), (mujoco, ref_m, ref_d)), None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5, help="timed repetitions (median)")
    parser.add_argument("--seconds", type=float, default=0.1, help="duration of one timing")
    parser.add_argument("--filter", default="", help="only models whose label contains this")
    parser.add_argument("--csv", type=Path, default=RESULTS, help="where to write the results")
    args = parser.parse_args(argv)

    import mjsim
    import mujoco

    print(header(mjsim, mujoco, args.repeats))
    models = [p for p in corpus.corpus_models() if args.filter in corpus.label(p)]

    loaded, skipped = [], []
    for seed, path in enumerate(models):
        pair, reason = load_both(mjsim, mujoco, path, seed)
        if pair is None:
            skipped.append((corpus.label(path), reason))
        else:
            loaded.append((corpus.label(path), pair))
    for label, reason in skipped:
        print(f"skip {label}: {reason}")

    report = Report()
    for group, loop in GROUPS:
        report.group(group)
        for label, (ours, reference) in loaded:
            report.add(group, label, *compare(loop, ours, reference, args.repeats, args.seconds))
        report.geomean(group)

    report.group("python_loop", "per call d.qpos[0] = x; mj_kinematics(m, d); d.xpos[1]")
    pair, reason = load_both(mjsim, mujoco, LOOP_MODEL, seed=0)
    if pair is None:
        print(f"skip {corpus.label(LOOP_MODEL)}: {reason}")
    else:
        report.add("python_loop", corpus.label(LOOP_MODEL),
                   *compare(loop_python_views, *pair, args.repeats, args.seconds))

    report.write_csv(args.csv)
    print(f"\nwrote {args.csv.relative_to(REPO) if args.csv.is_relative_to(REPO) else args.csv}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
