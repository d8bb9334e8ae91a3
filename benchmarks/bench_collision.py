"""Collision detection speed, mjsim against the reference (mujoco), in one process.

    python benchmarks/bench_collision.py [--repeats 5] [--seconds 0.1] [--filter TEXT]

For every model of the corpus (tests/corpus.py) at the same random configuration, and for a
scene of 240 free geoms (spheres, capsules, boxes, cylinders, ellipsoids) piled in a box on a
plane, each engine runs mj_kinematics once, then a timed loop of mj_collision(m, d). The table
gives the median rate in calls per second, the ratio mjsim/mujoco (above 1: mjsim is faster) and
the geometric mean. Results are also written to benchmarks/results/collision.csv. A benchmark
reports; it never passes or fails.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO / "benchmarks"))

import corpus  # noqa: E402
from bench_kinematics import Report, compare, header, load_both  # noqa: E402

RESULTS = REPO / "benchmarks" / "results" / "collision.csv"
PILE_GEOMS = 240


def loop_collision(engine, m, d, count: int) -> float:
    collide = engine.mj_collision
    start = time.perf_counter()
    for _ in range(count):
        collide(m, d)
    return time.perf_counter() - start


def pile_xml(count: int = PILE_GEOMS, seed: int = 0) -> str:
    """`count` free bodies of mixed primitive shapes on a jittered grid, touching neighbours."""
    rng = np.random.default_rng(seed)
    shapes = ['type="sphere" size=".05"', 'type="capsule" size=".03 .04"',
              'type="box" size=".04 .04 .04"', 'type="cylinder" size=".04 .03"',
              'type="ellipsoid" size=".05 .04 .03"']
    side = int(np.ceil(count ** (1 / 3)))
    bodies = []
    for i in range(count):
        x, y, z = i % side, (i // side) % side, i // (side * side)
        pos = np.array([x, y, z]) * 0.085 + [0, 0, 0.06] + rng.uniform(-0.01, 0.01, 3)
        euler = rng.uniform(0, 180, 3)
        bodies.append(f'<body pos="{pos[0]:.4f} {pos[1]:.4f} {pos[2]:.4f}" '
                      f'euler="{euler[0]:.1f} {euler[1]:.1f} {euler[2]:.1f}"><freejoint/>'
                      f'<geom {shapes[i % len(shapes)]}/></body>')
    return ('<mujoco><worldbody><geom type="plane" size="5 5 .1"/>' + "".join(bodies) +
            "</worldbody></mujoco>")


def load_pile(mjsim, mujoco):
    xml = pile_xml()
    pair = []
    for engine in (mjsim, mujoco):
        m = engine.MjModel.from_xml_string(xml)
        pair.append((engine, m, engine.MjData(m)))
    return tuple(pair)


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
    loaded = []
    if args.filter in "pile":
        loaded.append((f"pile of {PILE_GEOMS} free geoms", load_pile(mjsim, mujoco)))
    for seed, path in enumerate(corpus.corpus_models()):
        if args.filter not in corpus.label(path):
            continue
        pair, reason = load_both(mjsim, mujoco, path, seed)
        if pair is None:
            print(f"skip {corpus.label(path)}: {reason}")
            continue
        loaded.append((corpus.label(path), pair))
    for _, pair in loaded:
        for engine, m, d in pair:
            engine.mj_kinematics(m, d)

    report = Report()
    group = "mj_collision"
    report.group(group, "calls per second")
    for label, (ours, reference) in loaded:
        ncon = (ours[2], reference[2])
        for engine, m, d in (ours, reference):
            engine.mj_collision(m, d)
        rates = compare(loop_collision, ours, reference, args.repeats, args.seconds)
        report.add(group, f"{label} ({ncon[1].ncon} contacts)", *rates)
    report.geomean(group)
    report.write_csv(args.csv)
    print(f"\nwrote {args.csv.relative_to(REPO) if args.csv.is_relative_to(REPO) else args.csv}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
