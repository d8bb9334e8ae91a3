"""Box collider experiments: random relative poses of two free bodies, our contacts against the
reference's, mismatches classified.

    PYTHONPATH=python python tests/tools/box_probe.py [--pair box|capsule] [--poses N]
        [--seed S] [--spread X] [--show K]

Per pose with reference contacts the class is one of: match, count (the number of contacts
differs), normal (same count, a normal differs), dist, pos (same count and normals). For box-box
the reference's separating axis kind (face of A, face of B, edge pair) and, for face axes, the
incident feature (face, edge or corner of the incident box, by how many of its axes are within
30 degrees of the reference face) are tabulated too, since the reference picks its contact
points by that feature (docs/REFERENCE-BEHAVIOURS.md).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/

from contacts import contact_table  # noqa: E402
from support import load_pair  # noqa: E402

PAIRS = {
    "box": ("box", "0.5 0.4 0.3", "box", "0.3 0.35 0.25"),
    "capsule": ("capsule", "0.125 0.5", "box", "0.5 0.75 1"),
}


def model(type1, size1, type2, size2, margin=0.0):
    return f"""<mujoco><option gravity="0 0 0"/><worldbody>
      <body><freejoint/><geom type="{type1}" size="{size1}" margin="{margin}"/></body>
      <body><freejoint/><geom type="{type2}" size="{size2}" margin="{margin}"/></body>
    </worldbody></mujoco>"""


def random_poses(rng, count, spread):
    for _ in range(count):
        q1, q2 = rng.standard_normal(4), rng.standard_normal(4)
        yield (rng.uniform(-spread, spread, 3), q1 / np.linalg.norm(q1),
               rng.uniform(-spread, spread, 3), q2 / np.linalg.norm(q2))


def classify(ours, ref):
    a, b = contact_table(ours), contact_table(ref)
    if len(a) != len(b):
        return "count"
    worst = Counter()
    unused = list(a)
    for want in b:
        got = min(unused, key=lambda r: np.linalg.norm(r["pos"] - want["pos"]))
        unused.remove(got)
        if np.abs(got["frame"][:3] - want["frame"][:3]).max() > 1e-5:
            worst["normal"] += 1
        elif abs(got["dist"] - want["dist"]) > 1e-6:
            worst["dist"] += 1
        elif np.abs(got["pos"] - want["pos"]).max() > 1e-5:
            worst["pos"] += 1
    for name in ("normal", "dist", "pos"):
        if worst[name]:
            return name
    return "match"


def box_feature(ref, sizes):
    """'A'/'B' face axis with the incident feature, or 'edge axis' (from the reference's
    normal and geometry)."""
    if ref.ncon == 0:
        return "none"
    normal = np.array(ref.contact[0].frame[:3])
    mats = [ref.geom_xmat[g].reshape(3, 3) for g in (0, 1)]
    for box, label in ((0, "A"), (1, "B")):
        if np.abs(np.abs(mats[box].T @ normal) - 1).min() < 1e-9:
            other = mats[1 - box]
            parallel = int((np.abs(other.T @ normal) < 0.5).sum())
            return f"face {label}, incident " + {2: "face", 1: "edge", 0: "corner"}[parallel]
    return "edge axis"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pair", choices=PAIRS, default="box")
    parser.add_argument("--poses", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--spread", type=float, default=0.8)
    parser.add_argument("--show", type=int, default=0, help="print the first K mismatches")
    args = parser.parse_args()
    pair = load_pair(model(*PAIRS[args.pair]), seed=None)
    import mjsim
    import mujoco

    table = Counter()
    shown = 0
    rng = np.random.default_rng(args.seed)
    for index, pose in enumerate(random_poses(rng, args.poses, args.spread)):
        qpos = np.concatenate(pose)
        pair.d.qpos[:] = qpos
        pair.ref_d.qpos[:] = qpos
        mjsim.mj_fwdPosition(pair.m, pair.d)
        mujoco.mj_fwdPosition(pair.ref_m, pair.ref_d)
        if pair.ref_d.ncon == 0 and pair.d.ncon == 0:
            continue
        kind = classify(pair.d, pair.ref_d)
        feature = box_feature(pair.ref_d, None) if args.pair == "box" else "capsule"
        table[(feature, kind)] += 1
        if kind != "match" and shown < args.show:
            shown += 1
            print(f"pose {index} {feature}: {kind}; ncon {pair.d.ncon} vs {pair.ref_d.ncon}")
    features = sorted({f for f, _ in table})
    kinds = ["match", "count", "normal", "dist", "pos"]
    print(f"{'feature':32s} " + " ".join(f"{k:>7s}" for k in kinds) + "  mismatch")
    for feature in features:
        row = [table[(feature, k)] for k in kinds]
        total = sum(row)
        print(f"{feature:32s} " + " ".join(f"{n:7d}" for n in row) +
              f"  {100 * (total - row[0]) / max(total, 1):5.1f}%")
    total = sum(table.values())
    bad = total - sum(table[(f, "match")] for f in features)
    print(f"{'all':32s} {total:7d} poses touching, {bad} differ ({100 * bad / max(total, 1):.1f}%)")


if __name__ == "__main__":
    main()
