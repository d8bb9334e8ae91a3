"""Conformance table of mj_collision: every corpus model at random configurations.

    PYTHONPATH=python python tests/tools/collision_report.py [--seeds N]

Per model: states compared, states whose ncon equals the reference's, states whose contact sets
match (tests/contacts.py compare_contacts_by_kind: same pairs and counts, dist 1e-6, pos and
normal 1e-5 analytic / 1e-4 convex), and the first problem seen. Then totals.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/

from contacts import corpus_state_results  # noqa: E402
from corpus import corpus_models, label  # noqa: E402
from support import load_pair  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=20)
    args = parser.parse_args()
    totals = [0, 0, 0, 0]
    print(f"{'model':45s} {'states':>6s} {'ncon=':>6s} {'match':>6s} {'contacts':>8s}  first problem")
    for path in corpus_models():
        pair = load_pair(path, seed=None)
        results = corpus_state_results(pair, range(args.seeds))
        same_ncon = sum(ours == ref for _, ours, ref, _ in results)
        match = sum(ours == ref and not problems for _, ours, ref, problems in results)
        contacts = sum(ref for _, _, ref, _ in results)
        first = next((f"seed {s}: {p[0] if p else f'ncon {o} vs {r}'}"
                      for s, o, r, p in results if p or o != r), "")
        totals = [totals[0] + len(results), totals[1] + same_ncon, totals[2] + match,
                  totals[3] + contacts]
        print(f"{label(path):45s} {len(results):6d} {same_ncon:6d} {match:6d} {contacts:8d}  "
              f"{first[:150]}")
    print(f"{'total':45s} {totals[0]:6d} {totals[1]:6d} {totals[2]:6d} {totals[3]:8d}")
    print(f"ncon equal in {100 * totals[1] / totals[0]:.1f}% of states, contact sets match in "
          f"{100 * totals[2] / totals[0]:.1f}%")


if __name__ == "__main__":
    main()
