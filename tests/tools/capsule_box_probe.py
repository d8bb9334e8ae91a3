"""Capsule-box second contacts: mjsim against the reference on random poses, by the feature under
the nearest segment point (docs/REFERENCE-BEHAVIOURS.md, capsule-box).

    PYTHONPATH=python python tests/tools/capsule_box_probe.py [--poses N] [--seed S]
        [--radius R] [--half-length H] [--margin M]

A capsule of the given size around a cube of half-size 0.04 at the origin, at random centres
within 0.09 of it and random orientations; poses where the reference has no contact are
skipped. Each pose is classed as: an end inside the cube, the segment through the cube (both
ends outside), or the segment missing it with its nearest point over a face, an edge or a
corner (at an end of the segment or inside it). Prints, per class, how many poses have the same
contacts in both engines (count, dist and pos to 1e-9) and how many differ.

The rules now in collide_box.cc were found from such poses: the reference's contacts, each
turned back into its segment parameter t (pos - normal (radius + dist / 2) lies on the segment),
labelled against candidate parameters (the ends, the slab ends of each axis, the stretch over a
face), and a decision tree fitted on canonicalised features (axes ordered by the normal's
components, signs flipped to make the nearest point's coordinates positive) told which feature
decides.
"""

from __future__ import annotations

import argparse
from collections import Counter

import numpy as np

HALF_SIZE = 0.04


def model(engine, radius, half_length, margin):
    xml = f"""<mujoco><option gravity="0 0 0"/><worldbody>
      <body><freejoint/>
        <geom type="capsule" size="{radius} {half_length}" margin="{margin}"/></body>
      <body><geom type="box" size="{HALF_SIZE} {HALF_SIZE} {HALF_SIZE}" margin="{margin}"/></body>
    </worldbody></mujoco>"""
    m = engine.MjModel.from_xml_string(xml)
    return m, engine.MjData(m)


def crosses(a, b):
    lo, hi = 0.0, 1.0
    for i in range(3):
        step = b[i] - a[i]
        if step == 0:
            if abs(a[i]) > HALF_SIZE:
                return False
            continue
        t1, t2 = (-HALF_SIZE - a[i]) / step, (HALF_SIZE - a[i]) / step
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
    return lo <= hi


def pose_class(ref, a, b, radius):
    if np.all(np.abs(a) <= HALF_SIZE) or np.all(np.abs(b) <= HALF_SIZE):
        return "end inside"
    if crosses(a, b):
        return "through"
    con = ref.contact[0]
    normal = con.frame[:3]
    center = con.pos - normal * (radius + con.dist / 2)
    t = np.dot(center - a, b - a) / np.dot(b - a, b - a)
    outside = int(np.sum(np.abs(center) > HALF_SIZE + 1e-9))
    feature = {0: "face", 1: "face", 2: "edge", 3: "corner"}[outside]
    return f"missing, {feature}, t* {'an end' if t < 1e-9 or t > 1 - 1e-9 else 'inside'}"


def contacts(d):
    return [(d.contact[i].dist, d.contact[i].pos.copy()) for i in range(d.ncon)]


def same(ours, ref):
    return len(ours) == len(ref) and all(
        abs(x[0] - y[0]) < 1e-9 and np.allclose(x[1], y[1], atol=1e-9) for x, y in zip(ours, ref))


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--poses", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--radius", type=float, default=0.03)
    parser.add_argument("--half-length", type=float, default=0.04)
    parser.add_argument("--margin", type=float, default=0.0)
    args = parser.parse_args(argv)

    import mujoco

    import mjsim

    engines = [(engine, *model(engine, args.radius, args.half_length, args.margin))
               for engine in (mjsim, mujoco)]
    rng = np.random.default_rng(args.seed)
    tally = Counter()
    done = 0
    while done < args.poses:
        centre = rng.uniform(-0.09, 0.09, 3)
        quat = rng.standard_normal(4)
        quat /= np.linalg.norm(quat)
        found = []
        for engine, m, d in engines:
            d.qpos[:3], d.qpos[3:7] = centre, quat
            engine.mj_kinematics(m, d)
            engine.mj_collision(m, d)
            found.append(contacts(d))
        ref_d = engines[1][2]
        if not found[1]:
            continue
        done += 1
        axis = ref_d.geom_xmat[0].reshape(3, 3)[:, 2]
        a, b = centre - args.half_length * axis, centre + args.half_length * axis
        tally[(pose_class(ref_d, a, b, args.radius), same(*found))] += 1
    for kind in sorted({k for k, _ in tally}):
        print(f"{kind:32s} same {tally[(kind, True)]:6d}   differ {tally[(kind, False)]:6d}")


if __name__ == "__main__":
    main()
