"""Where a step's time goes, stage by stage, in mjsim and in the reference (mujoco).

    python benchmarks/profile_stages.py [--steps 2000] [--filter TEXT] [MODEL.xml ...]

Each model (corpus models whose label contains --filter, or the files named) is reset to its
default state in both engines and stepped --steps times; the table gives each engine's
internal stage timers (d.timer) in microseconds per step, and the ratio reference/mjsim (above
1: mjsim is faster in that stage). The timers count a stage once per call of it, so a
4-stage integrator (RK4) shows 4 forward passes per step. A profile reports; it never passes or
fails.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from harness import corpus, without_gc

STAGES = ["STEP", "FORWARD", "INVERSE", "POSITION", "VELOCITY", "ACTUATION", "CONSTRAINT",
          "ADVANCE", "POS_KINEMATICS", "POS_INERTIA", "POS_COLLISION", "POS_MAKE",
          "POS_PROJECT", "COL_BROAD", "COL_NARROW"]


def stage_times(engine, path: Path, steps: int) -> tuple[dict[str, float], float]:
    """Microseconds per step of every stage, and of the whole loop, after a warm-up."""
    m = engine.MjModel.from_xml_path(str(path))
    d = engine.MjData(m)
    engine.mj_step(m, d, 10)
    engine.mj_resetData(m, d)
    start = time.perf_counter()
    without_gc(lambda: engine.mj_step(m, d, steps))
    wall = (time.perf_counter() - start) * 1e6 / steps
    timers = {}
    for name in STAGES:
        timer = d.timer[getattr(engine.mjtTimer, f"mjTIMER_{name}")]
        timers[name] = timer.duration * 1e6 / steps
    return timers, wall


def print_profile(label: str, ours: dict, theirs: dict, walls: tuple[float, float]) -> None:
    print(f"\n{label}: wall {walls[0]:.2f} us/step (mjsim) vs {walls[1]:.2f} (mujoco), "
          f"ratio {walls[1] / walls[0]:.2f}")
    print(f"  {'stage':16} {'mjsim':>9} {'mujoco':>9} {'ratio':>6}")
    for name in STAGES:
        if ours[name] == 0 and theirs[name] == 0:
            continue
        ratio = theirs[name] / ours[name] if ours[name] else float("inf")
        print(f"  {name:16} {ours[name]:9.2f} {theirs[name]:9.2f} {ratio:6.2f}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("models", nargs="*", type=Path, help="model files (default: corpus)")
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--filter", default="", help="corpus models whose label contains this")
    args = parser.parse_args(argv)

    import mjsim
    import mujoco

    paths = args.models or [path for path in corpus.public_models()
                            if args.filter in corpus.label(path)]
    for path in paths:
        ours, our_wall = stage_times(mjsim, path, args.steps)
        theirs, their_wall = stage_times(mujoco, path, args.steps)
        label = corpus.label(path) if path in corpus.public_models() else str(path)
        print_profile(label, ours, theirs, (our_wall, their_wall))
    return 0


if __name__ == "__main__":
    sys.exit(main())
