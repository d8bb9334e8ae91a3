"""Bit-for-bit agreement of the smooth pipeline with the reference, stage by stage.

    PYTHONPATH=python python tests/tools/bitwise_report.py [--seeds N] [--filter TEXT]
        [--constraints] [--show FIELD] [--reference-model]

Every corpus model at N random states (tests/support.py randomize_state) with the constraint
stage disabled unless --constraints: both engines run mj_forward from the same state, and for
each field (in pipeline order) the table gives the number of states in which it equals the
reference's bit for bit, and the largest relative difference otherwise. --show FIELD lists the
models where FIELD differs. The tests compare to tolerances; this report shows how far the
arithmetic itself agrees (operation order, rounding), which decides ties such as a contact at
distance exactly 0. --reference-model first copies every floating-point Model array of the
reference into mjsim's model, so that the engine's arithmetic is measured apart from the
compiler's last bits.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/

import corpus  # noqa: E402
import mjsim  # noqa: E402
from support import disable_constraints, load_pair, use_reference_geom_fluid  # noqa: E402

FIELDS = ("xpos", "xquat", "xmat", "xipos", "ximat", "xanchor", "xaxis", "geom_xpos",
          "geom_xmat", "site_xpos", "site_xmat", "subtree_com", "cinert", "cdof", "ten_length",
          "actuator_length", "actuator_moment", "crb", "qM", "qLD", "qLDiagInv", "cvel",
          "cdof_dot", "ten_velocity", "actuator_velocity", "qfrc_bias", "qfrc_passive",
          "actuator_force", "qfrc_actuator", "qfrc_smooth", "qacc_smooth", "qacc",
          "sensordata")
CONSTRAINT_FIELDS = ("efc_J", "efc_pos", "efc_margin", "efc_diagApprox", "efc_R", "efc_D",
                     "efc_aref", "efc_b", "efc_force", "qfrc_constraint")


def copy_reference_model_arrays(ours, ref) -> int:
    """Copies every float64 Model array the two models share (same shape) from ref into ours."""
    copied = 0
    for name in dir(ref):
        if name.startswith("_") or not hasattr(ours, name):
            continue
        theirs = getattr(ref, name)
        if not isinstance(theirs, np.ndarray) or theirs.dtype != np.float64:
            continue
        mine = getattr(ours, name)
        if isinstance(mine, np.ndarray) and mine.shape == theirs.shape and mine.flags.writeable:
            mine[...] = theirs
            copied += 1
    return copied


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--filter", default="")
    parser.add_argument("--constraints", action="store_true")
    parser.add_argument("--show", default="")
    parser.add_argument("--reference-model", action="store_true")
    args = parser.parse_args()
    import mujoco

    fields = FIELDS + (CONSTRAINT_FIELDS if args.constraints else ())
    equal = {f: 0 for f in fields}
    total = {f: 0 for f in fields}
    worst = {f: 0.0 for f in fields}
    shown = []
    for path in corpus.corpus_models():
        name = corpus.label(path)
        if args.filter not in name:
            continue
        pair = load_pair(path, seed=None)
        use_reference_geom_fluid(pair)
        if args.reference_model:
            copy_reference_model_arrays(pair.m, pair.ref_m)
        if not args.constraints:
            disable_constraints(pair)
        for seed in range(args.seeds):
            pair.randomize_state(seed)
            mjsim.mj_forward(pair.m, pair.d)
            mujoco.mj_forward(pair.ref_m, pair.ref_d)
            for f in fields:
                ours = np.asarray(getattr(pair.d, f), dtype=float).ravel()
                ref = np.asarray(getattr(pair.ref_d, f), dtype=float).ravel()
                if ours.size == 0 or ours.shape != ref.shape:
                    continue
                total[f] += 1
                if np.array_equal(ours, ref, equal_nan=True):
                    equal[f] += 1
                    continue
                scale = max(np.abs(ref).max(), 1e-300)
                worst[f] = max(worst[f], float(np.nanmax(np.abs(ours - ref)) / scale))
                if f == args.show:
                    shown.append(f"{name} seed {seed}: entry {int(np.argmax(np.abs(ours - ref)))}")
    print(f"{'field':20s} {'bit-equal':>12s}   largest relative difference")
    for f in fields:
        if total[f]:
            print(f"{f:20s} {equal[f]:5d} of {total[f]:4d}   {worst[f]:.1e}")
    for line in shown:
        print("   ", line)


if __name__ == "__main__":
    main()
