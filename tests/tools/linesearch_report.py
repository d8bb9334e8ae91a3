"""Per-iteration statistics of the primal solvers' line search against the reference: every
corpus model at random states (as constraint_report.py), for CG and Newton and both cones.

    PYTHONPATH=python python tests/tools/linesearch_report.py [--seeds N] [--solver CG]
        [--cone elliptic] [--filter humanoid] [--verbose]

For each island's iterations (up to the smaller of the two iteration counts) an iteration
matches when neval equals the reference's and lineslope agrees (both below the line search's
threshold tolerance * ls_tolerance, or within 1e-4 relative). Prints the fraction of matching
iterations, and of matching first iterations (the first search of each island starts from the
same point in both engines; later ones drift apart once the iterates differ).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/

import mujoco  # noqa: E402

import corpus  # noqa: E402
import mjsim  # noqa: E402
from support import load_pair, use_reference_geom_fluid  # noqa: E402

SOLVERS = {"Newton": 2, "CG": 1}
CONES = {"pyramidal": 0, "elliptic": 1}
NSOLVER = 200  # statistics slots per island


def lineslope_equal(ours: float, ref: float, threshold: float) -> bool:
    if abs(ours) < threshold and abs(ref) < threshold:
        return True
    return abs(ours - ref) <= 1e-4 * max(abs(ours), abs(ref))


def iteration_matches(pair) -> list[tuple[int, int, bool]]:
    """(island, iteration, matches) for every iteration both engines made"""
    d, ref = pair.d, pair.ref_d
    threshold = pair.ref_m.opt.tolerance * pair.ref_m.opt.ls_tolerance
    rows = []
    for island in range(max(1, ref.nisland)):
        count = min(int(d.solver_niter[island]), int(ref.solver_niter[island]), NSOLVER)
        for k in range(count):
            ours, theirs = d.solver[NSOLVER * island + k], ref.solver[NSOLVER * island + k]
            same = (ours.neval == theirs.neval and
                    lineslope_equal(ours.lineslope, theirs.lineslope, threshold))
            rows.append((island, k, same))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--solver", choices=list(SOLVERS), help="only this solver")
    parser.add_argument("--cone", choices=list(CONES), help="only this cone")
    parser.add_argument("--filter", default="", help="only models whose label contains this")
    parser.add_argument("--verbose", action="store_true", help="list the states with misses")
    args = parser.parse_args()
    for solver_name, solver in SOLVERS.items():
        if args.solver and solver_name != args.solver:
            continue
        for cone_name, cone in CONES.items():
            if args.cone and cone_name != args.cone:
                continue
            total = same = first_total = first_same = 0
            for path in corpus.corpus_models():
                if args.filter not in corpus.label(path):
                    continue
                pair = load_pair(path, seed=None)
                use_reference_geom_fluid(pair)
                for model in (pair.m, pair.ref_m):
                    model.opt.solver, model.opt.cone = solver, cone
                for seed in range(args.seeds):
                    pair.randomize_state(seed)
                    mjsim.mj_forward(pair.m, pair.d)
                    mujoco.mj_forward(pair.ref_m, pair.ref_d)
                    rows = iteration_matches(pair)
                    total += len(rows)
                    same += sum(row[2] for row in rows)
                    firsts = [row for row in rows if row[1] == 0]
                    first_total += len(firsts)
                    first_same += sum(row[2] for row in firsts)
                    if args.verbose and not all(row[2] for row in rows):
                        misses = [f"{island}:{k}" for island, k, ok in rows if not ok]
                        print(f"    {corpus.label(path)} seed {seed}: {len(misses)} of "
                              f"{len(rows)} differ ({' '.join(misses[:8])})")
            print(f"{solver_name:6s} {cone_name:9s} iterations {same}/{total} "
                  f"({same / max(1, total):.1%}), first searches {first_same}/{first_total} "
                  f"({first_same / max(1, first_total):.1%})")


if __name__ == "__main__":
    main()
