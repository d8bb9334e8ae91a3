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


def field_error(d, ref_d) -> float:
    return max(relative_error(d.qacc, ref_d.qacc),
               relative_error(d.qfrc_constraint, ref_d.qfrc_constraint))


def ulp_perturbations(model, qpos, qvel, entries_each: int = 64):
    """(qpos, qvel) pairs one ulp away from the state: whole vectors scaled, and each entry
    moved up and down when there are at most entries_each of them."""
    ulp = 2.0 ** -52
    for scale_pos, scale_vel in ((1 + ulp, 1), (1 - ulp, 1), (1, 1 + ulp), (1, 1 - ulp)):
        yield qpos * scale_pos, qvel * scale_vel
    if model.nq + model.nv > entries_each:
        return
    for vector, index in [(0, i) for i in range(model.nq)] + [(1, i) for i in range(model.nv)]:
        for direction in (np.inf, -np.inf):
            state = [qpos.copy(), qvel.copy()]
            state[vector][index] = np.nextafter(state[vector][index], direction)
            yield state


def reference_spread(pair) -> float:
    """the reference's largest change of qacc or qfrc_constraint under ulp_perturbations"""
    m, d = pair.ref_m, pair.ref_d
    qpos, qvel = d.qpos.copy(), d.qvel.copy()
    mujoco.mj_forward(m, d)
    qacc, qfrc = d.qacc.copy(), d.qfrc_constraint.copy()
    spread = 0.0
    for perturbed_pos, perturbed_vel in ulp_perturbations(m, qpos, qvel):
        d.qpos[:], d.qvel[:] = perturbed_pos, perturbed_vel
        mujoco.mj_forward(m, d)
        spread = max(spread, relative_error(d.qacc, qacc), relative_error(d.qfrc_constraint, qfrc))
    d.qpos[:], d.qvel[:] = qpos, qvel
    mujoco.mj_forward(m, d)
    return spread


POSITION_STAGES = ("mj_kinematics", "mj_comPos", "mj_camlight", "mj_flex", "mj_tendon", "mj_crb",
                   "mj_factorM", "mj_collision")
LATER_STAGES = ("mj_makeConstraint", "mj_transmission", "mj_projectConstraint", "mj_fwdVelocity",
                "mj_fwdActuation", "mj_fwdAcceleration", "mj_fwdConstraint")


def reference_given_our_contacts(pair) -> float:
    """the reference's mj_forward run stage by stage with our contact frames, positions and
    distances written over its own after mj_collision, against our qacc and
    qfrc_constraint; inf when the contact counts differ"""
    m, d = pair.ref_m, pair.ref_d
    for stage in POSITION_STAGES:
        getattr(mujoco, stage)(m, d)
    if d.ncon != pair.d.ncon:
        return float("inf")
    for ours, theirs in zip(pair.d.contact, d.contact):
        theirs.frame[:], theirs.pos[:], theirs.dist = ours.frame, ours.pos, ours.dist
    for stage in LATER_STAGES:
        getattr(mujoco, stage)(m, d)
    error = field_error(pair.d, d)
    mujoco.mj_forward(m, d)
    return error


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
                    error = field_error(pair.d, pair.ref_d)
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
