"""Collision detection speed, mjsim against the reference (mujoco), in one process.

    python benchmarks/bench_collision.py [--repeats 5] [--seconds 0.1] [--filter TEXT]
        [--shapes sphere,box]

For every model of the corpus (tests/corpus.py) at the same random configuration, and for a
scene of 240 free geoms (spheres, capsules, boxes, cylinders, ellipsoids) piled in a box on a
plane, each engine runs mj_kinematics once, then a timed loop of mj_collision(m, d). The table
gives the median rate in calls per second, the ratio mjsim/mujoco (above 1: mjsim is faster) and
the geometric mean. Results are also written to benchmarks/results/collision.csv. A benchmark
reports; it never passes or fails. --shapes adds a pile of only the listed shapes (e.g.
`--shapes cylinder` or `--shapes sphere,box --filter pile`), which tells one collider's
speed, with the broadphase and the contact bookkeeping around it, from the others'.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from harness import RESULTS_DIR, Report, common_arguments, header, load_corpus

RESULTS = RESULTS_DIR / "collision.csv"
PILE_GEOMS = 240


def loop_collision(engine, m, d, count: int) -> float:
    collide = engine.mj_collision
    start = time.perf_counter()
    for _ in range(count):
        collide(m, d)
    return time.perf_counter() - start


PILE_SHAPES = {"sphere": 'type="sphere" size=".05"', "capsule": 'type="capsule" size=".03 .04"',
               "box": 'type="box" size=".04 .04 .04"',
               "cylinder": 'type="cylinder" size=".04 .03"',
               "ellipsoid": 'type="ellipsoid" size=".05 .04 .03"'}


def pile_xml(count: int = PILE_GEOMS, seed: int = 0, kinds=tuple(PILE_SHAPES)) -> str:
    """`count` free bodies of the shapes `kinds` (in turn) on a jittered grid, touching
    neighbours."""
    rng = np.random.default_rng(seed)
    shapes = [PILE_SHAPES[kind] for kind in kinds]
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


def load_pile(mjsim, mujoco, kinds=tuple(PILE_SHAPES)):
    xml = pile_xml(kinds=kinds)
    pair = []
    for engine in (mjsim, mujoco):
        m = engine.MjModel.from_xml_string(xml)
        pair.append((engine, m, engine.MjData(m)))
    return tuple(pair)


def main(argv=None) -> int:
    parser = common_arguments(__doc__.split("\n\n")[0], RESULTS)
    parser.add_argument("--shapes", help="also a pile of only these shapes (comma-separated: "
                        + ", ".join(PILE_SHAPES) + ")")
    args = parser.parse_args(argv)
    kinds = args.shapes.split(",") if args.shapes else []
    unknown = [kind for kind in kinds if kind not in PILE_SHAPES]
    if unknown:
        parser.error(f"--shapes: unknown shape {unknown[0]!r} (one of {', '.join(PILE_SHAPES)})")

    import mjsim
    import mujoco

    print(header(mjsim, mujoco, args.repeats))
    loaded = []
    if args.filter in "pile":
        loaded.append((f"pile of {PILE_GEOMS} free geoms", load_pile(mjsim, mujoco)))
        if kinds:
            loaded.append((f"pile of {PILE_GEOMS} free {'/'.join(kinds)}",
                           load_pile(mjsim, mujoco, kinds)))
    loaded += load_corpus(mjsim, mujoco, args.filter)
    for _, pair in loaded:
        for engine, m, d in pair:
            engine.mj_kinematics(m, d)
            engine.mj_collision(m, d)
    # the label names the reference's contact count, so a row says how much work it times
    loaded = [(f"{label} ({pair[1][2].ncon} contacts)", pair) for label, pair in loaded]

    report = Report()
    report.compare_all("mj_collision", "calls per second", loop_collision, loaded, args)
    report.write_csv(args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
