"""Conformance of the constraint stage with everything enabled: every corpus model at random
states, for each solver and cone.

    PYTHONPATH=python python tests/tools/constraint_report.py [--seeds N] [--solver PGS]
        [--cone elliptic] [--filter quadruped]

A state matches when nefc and the multiset of efc_type equal the reference's and qacc and
qfrc_constraint are within 1e-5 of the reference relative to each field's largest value
(issue 6, acceptance 1). Prints, per solver and cone, the matching states and the misses.

Each miss with the same rows gets two measurements of whether the reference itself determines
its answer to 1e-5 there:
  spread    the reference against itself after one-ulp changes of qpos and qvel entries (each
            entry up and down for small models, the whole vectors scaled by 1 +- 2^-52 for all):
            above 1e-5, rounding alone moves the reference's answer by more than the tolerance
            (a CG run ended at its iteration limit far from the minimum, a degenerate contact);
  given     the reference given our contacts (frame, pos, dist written after its mj_collision,
            the rest of mj_forward run stage by stage) against us: at or below 1e-5 the whole
            difference comes from the contacts' rounding, the constraint stage agrees.
A miss with spread <= 1e-5 and given > 1e-5 is a real one; the last line counts them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/

import mujoco  # noqa: E402

import corpus  # noqa: E402
import mjsim  # noqa: E402
from support import (load_pair, reference_given_our_contacts, reference_spread,  # noqa: E402
                     solution_error, use_reference_geom_fluid)

SOLVERS = {"Newton": 2, "PGS": 0, "CG": 1}
CONES = {"pyramidal": 0, "elliptic": 1}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--solver", choices=list(SOLVERS), help="only this solver")
    parser.add_argument("--cone", choices=list(CONES), help="only this cone")
    parser.add_argument("--filter", default="", help="only models whose label contains this")
    args = parser.parse_args()
    real_misses = 0
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
                    error = solution_error(pair.d, pair.ref_d)
                    same_rows = (pair.d.nefc == pair.ref_d.nefc and
                                 sorted(pair.d.efc_type) == sorted(pair.ref_d.efc_type))
                    if same_rows and error <= 1e-5:
                        continue
                    text = (f"{corpus.label(path)} seed {seed}: nefc {pair.d.nefc}/"
                            f"{pair.ref_d.nefc}, error {error:.1e}")
                    real = not same_rows
                    if same_rows:
                        spread = reference_spread(pair)
                        given = reference_given_our_contacts(pair)
                        real = spread <= 1e-5 and given > 1e-5
                        text += f"; reference spread {spread:.1e}, given our contacts {given:.1e}"
                    misses.append(text + (" REAL" if real else ""))
                    real_misses += real
            print(f"{solver_name:6s} {cone_name:9s} {total - len(misses):4d} of {total} states match")
            for miss in misses:
                print("   ", miss)
    print(f"misses where the reference determines its answer to 1e-5: {real_misses}")


if __name__ == "__main__":
    main()
