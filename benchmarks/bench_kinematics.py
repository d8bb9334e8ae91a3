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

import sys
import time

import numpy as np

from harness import (RESULTS_DIR, Report, common_arguments, compare, corpus, header,
                     load_both, load_corpus)

RESULTS = RESULTS_DIR / "kinematics.csv"
LOOP_MODEL = corpus.MODELS_DIR / "pendulum_chain.xml"


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


def main(argv=None) -> int:
    args = common_arguments(__doc__.split("\n\n")[0], RESULTS).parse_args(argv)

    import mjsim
    import mujoco

    print(header(mjsim, mujoco, args.repeats))
    loaded = load_corpus(mjsim, mujoco, args.filter)
    report = Report()
    for group, loop in GROUPS:
        report.compare_all(group, "", loop, loaded, args)

    report.group("python_loop", "per call d.qpos[0] = x; mj_kinematics(m, d); d.xpos[1]")
    pair, reason = load_both(mjsim, mujoco, LOOP_MODEL, seed=0)
    if pair is None:
        print(f"skip {corpus.label(LOOP_MODEL)}: {reason}")
    else:
        report.add("python_loop", corpus.label(LOOP_MODEL),
                   *compare(loop_python_views, *pair, args.repeats, args.seconds))
    report.write_csv(args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
