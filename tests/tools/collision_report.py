"""Conformance table of mj_collision: every corpus model at random configurations.

    PYTHONPATH=python python tests/tools/collision_report.py [--seeds N]

Per model: states compared, states whose ncon equals the reference's, states whose contact sets
match (tests/contacts.py compare_contacts_by_kind: same pairs and counts, dist 1e-6, pos and
normal 1e-5 analytic / 1e-4 convex), states whose contacts also come in the reference's order
(the geom pairs row by row), and the first problem seen. Then totals.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/

import numpy as np  # noqa: E402

from contacts import compare_contacts_by_kind  # noqa: E402
from corpus import corpus_models, label  # noqa: E402
from support import load_pair  # noqa: E402


def state_results(pair, seeds):
    """For each seed: (ncon ours, ncon reference, problems, same order of geom pairs)."""
    import mujoco

    import mjsim

    results = []
    for seed in seeds:
        pair.randomize(seed)
        mjsim.mj_fwdPosition(pair.m, pair.d)
        mujoco.mj_fwdPosition(pair.ref_m, pair.ref_d)
        problems = compare_contacts_by_kind(pair.d, pair.ref_d, pair.ref_m)
        ordered = pair.d.ncon == pair.ref_d.ncon and np.array_equal(
            pair.d.contact.geom[:pair.d.ncon], pair.ref_d.contact.geom[:pair.ref_d.ncon])
        results.append((seed, pair.d.ncon, pair.ref_d.ncon, problems, ordered))
    return results


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=20)
    args = parser.parse_args()
    totals = [0, 0, 0, 0, 0]
    print(f"{'model':45s} {'states':>6s} {'ncon=':>6s} {'match':>6s} {'order':>6s} "
          f"{'contacts':>8s}  first problem")
    for path in corpus_models():
        pair = load_pair(path, seed=None)
        results = state_results(pair, range(args.seeds))
        same_ncon = sum(ours == ref for _, ours, ref, _, _ in results)
        match = sum(ours == ref and not problems for _, ours, ref, problems, _ in results)
        ordered = sum(ours == ref and not problems and same
                      for _, ours, ref, problems, same in results)
        contacts = sum(ref for _, _, ref, _, _ in results)
        first = next((f"seed {s}: {p[0] if p else f'ncon {o} vs {r}'}"
                      for s, o, r, p, _ in results if p or o != r), "")
        if not first:
            first = next((f"seed {s}: contact order" for s, _, _, _, same in results
                          if not same), "")
        totals = [totals[0] + len(results), totals[1] + same_ncon, totals[2] + match,
                  totals[3] + ordered, totals[4] + contacts]
        print(f"{label(path):45s} {len(results):6d} {same_ncon:6d} {match:6d} {ordered:6d} "
              f"{contacts:8d}  {first[:150]}")
    print(f"{'total':45s} {totals[0]:6d} {totals[1]:6d} {totals[2]:6d} {totals[3]:6d} "
          f"{totals[4]:8d}")
    print(f"ncon equal in {100 * totals[1] / totals[0]:.1f}% of states, contact sets match in "
          f"{100 * totals[2] / totals[0]:.1f}%, and come in the reference's order in "
          f"{100 * totals[3] / totals[0]:.1f}%")


if __name__ == "__main__":
    main()
