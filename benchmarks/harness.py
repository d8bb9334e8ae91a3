"""What every benchmark here shares: the header line, timing with the garbage collector off,
alternating engines, loading the corpus into both engines, and the report (table, geometric
mean, CSV). The bench_*.py scripts hold only their timed loops and their choice of models.
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
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))  # the corpus and the random states are the tests'

import corpus  # noqa: E402
from support import random_configuration  # noqa: E402

RESULTS_DIR = REPO / "benchmarks" / "results"


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


def common_arguments(description: str, default_csv: Path | None) -> argparse.ArgumentParser:
    """The options every corpus benchmark takes: --repeats, --seconds, --filter, --csv."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--repeats", type=int, default=5, help="timed repetitions (median)")
    parser.add_argument("--seconds", type=float, default=0.1, help="duration of one timing")
    parser.add_argument("--filter", default="", help="only models whose label contains this")
    parser.add_argument("--csv", type=Path, default=default_csv, help="where to write the results")
    return parser


# ---------------------------------------------------------------------------------------
# timing


def without_gc(function):
    """function()'s result, with the garbage collector off while it runs (as timeit does)."""
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        return function()
    finally:
        if gc_was_enabled:
            gc.enable()


def timed(loop, engine, m, d, count: int) -> float:
    """Rate of one run of `loop(engine, m, d, count)`, which returns its seconds: calls per
    second, times `loop.steps_per_call` when the loop does several steps per call."""
    return count * steps_per_call(loop) / max(seconds_of(loop, engine, m, d, count), 1e-9)


def seconds_of(loop, engine, m, d, count: int) -> float:
    return without_gc(lambda: loop(engine, m, d, count))


def steps_per_call(loop) -> int:
    return getattr(loop, "steps_per_call", 1)


def alternating_medians(measure_ours, measure_reference, repeats: int) -> tuple[float, float]:
    """Medians of `repeats` measurements of each engine, alternating which goes first."""
    ours, reference = [], []
    order = [(ours, measure_ours), (reference, measure_reference)]
    for repetition in range(repeats):
        for values, measure in (order if repetition % 2 == 0 else order[::-1]):
            values.append(measure())
    return statistics.median(ours), statistics.median(reference)


def compare(loop, ours, reference, repeats: int, seconds: float) -> tuple[float, float]:
    """Median rates (mjsim, mujoco) of `loop`, alternating engines and which goes first."""
    # warm-up, and a count that makes one timing last about `seconds` in the slower engine
    count = 16
    while True:
        elapsed = max(seconds_of(loop, *ours, count), seconds_of(loop, *reference, count))
        if elapsed > seconds / 4 or count > 1 << 26:
            break
        count *= 4
    count = max(1, int(count * seconds / elapsed))
    return alternating_medians(lambda: timed(loop, *ours, count),
                               lambda: timed(loop, *reference, count), repeats)


def write_rows(path: Path, rows: list) -> None:
    """Rows of equal keys (dicts) as a CSV file with a header, the directory made if needed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as stream:
        writer = csv.DictWriter(stream, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def geometric_mean(values) -> float:
    values = list(values)
    return math.exp(sum(math.log(v) for v in values) / len(values))


# ---------------------------------------------------------------------------------------
# models


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


def load_corpus(mjsim, mujoco, label_filter: str, prepare=None, public_only: bool = False):
    """[(label, pair)] for every corpus model (public_only: corpus.public_models()) whose label
    contains `label_filter`, in the same random configuration; `prepare(pair, seed)` may set
    more state and return a reason to skip the model. Skipped models are printed with the
    reason. A model's seed is its place in the whole corpus, whichever models are chosen."""
    loaded = []
    public = {path.resolve() for path in corpus.public_models()}
    for seed, path in enumerate(corpus.corpus_models()):
        if public_only and path.resolve() not in public:
            continue
        label = corpus.label(path)
        if label_filter not in label:
            continue
        pair, reason = load_both(mjsim, mujoco, path, seed)
        if pair is not None and prepare is not None:
            reason = prepare(pair, seed)
        if pair is None or reason:
            print(f"skip {label}: {reason}")
            continue
        loaded.append((label, pair))
    return loaded


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

    def compare_all(self, group: str, description: str, loop, loaded, args) -> None:
        """One row per loaded model of `loop`'s rates, then the group's geometric mean."""
        self.group(group, description)
        for label, (ours, reference) in loaded:
            self.add(group, label, *compare(loop, ours, reference, args.repeats, args.seconds))
        self.geomean(group)

    def geomean(self, group: str) -> None:
        ratios = [row[4] for row in self.rows if row[0] == group]
        if not ratios:
            return
        mean = geometric_mean(ratios)
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
        shown = path.relative_to(REPO) if path.is_relative_to(REPO) else path
        print(f"\nwrote {shown}")
