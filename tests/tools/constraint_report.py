"""Conformance of the constraint stage with everything enabled: every corpus model at random
states, for each solver and cone.

    PYTHONPATH=python python tests/tools/constraint_report.py [--seeds N] [--solver PGS]
        [--cone elliptic] [--filter quadruped]

A state matches when nefc and the multiset of efc_type equal the reference's and qacc and
qfrc_constraint are within 1e-5 of the reference relative to each field's largest value
(issue 6, acceptance 1). Prints, per solver and cone, the matching states and the misses.
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

SOLVERS = {"Newton": 2, "PGS": 0, "CG": 1}
CONES = {"pyramidal": 0, "elliptic": 1}


def relative_error(ours, ref) -> float:
    ref = np.asarray(ref)
    if ref.size == 0:
        return 0.0
    return float(np.abs(np.asarray(ours) - ref).max() / max(1e-12, np.abs(ref).max()))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--solver", choices=list(SOLVERS), help="only this solver")
    parser.add_argument("--cone", choices=list(CONES), help="only this cone")
    parser.add_argument("--filter", default="", help="only models whose label contains this")
    args = parser.parse_args()
    for solver_name, solver in SOLVERS.items():
        if args.solver and solver_name != args.solver:
            continue
        for cone_name, cone in CONES.items():
            if args.cone and cone_name != args.cone:
                continue
            total, misses = 0, []
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
                    total += 1
                    error = max(relative_error(pair.d.qacc, pair.ref_d.qacc),
                                relative_error(pair.d.qfrc_constraint, pair.ref_d.qfrc_constraint))
                    same_rows = (pair.d.nefc == pair.ref_d.nefc and
                                 sorted(pair.d.efc_type) == sorted(pair.ref_d.efc_type))
                    if not (same_rows and error <= 1e-5):
                        misses.append(f"{corpus.label(path)} seed {seed}: nefc {pair.d.nefc}/"
                                      f"{pair.ref_d.nefc}, error {error:.1e}")
            print(f"{solver_name:6s} {cone_name:9s} {total - len(misses):4d} of {total} states match")
            for miss in misses:
                print("   ", miss)


if __name__ == "__main__":
    main()
