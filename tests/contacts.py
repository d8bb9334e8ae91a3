"""Comparing contact sets of the two engines (collision conformance).

  contact_table(d) -> list[dict]
      The contacts of an MjData (either engine) as plain records.
  compare_contacts(ours, ref, *, dist_tol=1e-6, pos_tol=1e-5, normal_tol=1e-5,
                   frame_tol=None, params=True) -> list[str]
      Matches the contacts of two MjData as sets: per geom pair the counts must agree, then each
      reference contact is paired with our nearest contact (by position) of the same geom pair.
      Returns a list of mismatch descriptions (empty: the sets match). With frame_tol the
      tangents are compared too; with params the mixed parameters (dim, friction, solref,
      solreffriction, solimp, includemargin) are compared to 1e-12, dim and exclude exactly.
  compare_contact_order(ours, ref, *, pos_tol=1e-5) -> list[str]
      The contacts as ordered lists: the same geom pairs row by row and each row's position
      within pos_tol of the reference's row (the order matters to PGS, a Gauss-Seidel sweep).
"""

from __future__ import annotations

import re
from collections import defaultdict

import numpy as np

PARAMETERS = ("friction", "solref", "solreffriction", "solimp", "includemargin")


def contact_table(d) -> list[dict]:
    rows = []
    for i in range(d.ncon):
        c = d.contact[i]
        rows.append({
            "index": i,
            "geom": (int(c.geom1), int(c.geom2)),
            "dist": float(c.dist),
            "pos": np.array(c.pos, dtype=float),
            "frame": np.array(c.frame, dtype=float),
            "dim": int(c.dim),
            "exclude": int(c.exclude),
            **{name: np.array(getattr(c, name), dtype=float) for name in PARAMETERS},
        })
    return rows


def _by_pair(rows):
    groups = defaultdict(list)
    for row in rows:
        groups[row["geom"]].append(row)
    return groups


def compare_contacts(ours, ref, *, dist_tol=1e-6, pos_tol=1e-5, normal_tol=1e-5,
                     frame_tol=None, params=True) -> list[str]:
    problems = []
    mine, theirs = _by_pair(contact_table(ours)), _by_pair(contact_table(ref))
    for pair in sorted(set(mine) | set(theirs)):
        a, b = mine.get(pair, []), theirs.get(pair, [])
        if len(a) != len(b):
            problems.append(f"geoms {pair}: {len(a)} contacts, reference {len(b)} "
                            f"(ours dist {[round(r['dist'], 6) for r in a]}, "
                            f"reference {[round(r['dist'], 6) for r in b]})")
            continue
        unused = list(a)
        for want in b:
            got = min(unused, key=lambda r: np.linalg.norm(r["pos"] - want["pos"]))
            unused.remove(got)
            errors = {
                "dist": (abs(got["dist"] - want["dist"]), dist_tol),
                "pos": (np.abs(got["pos"] - want["pos"]).max(), pos_tol),
                "normal": (np.abs(got["frame"][:3] - want["frame"][:3]).max(), normal_tol),
            }
            if frame_tol is not None:
                errors["frame"] = (np.abs(got["frame"] - want["frame"]).max(), frame_tol)
            if params:
                errors["dim"] = (abs(got["dim"] - want["dim"]), 0)
                # exclude flips with dist at dist == includemargin: compared away from it
                if abs(want["dist"] - float(want["includemargin"])) > dist_tol:
                    errors["exclude"] = (abs(got["exclude"] - want["exclude"]), 0)
                for name in PARAMETERS:
                    errors[name] = (np.abs(got[name] - want[name]).max(), 1e-12)
            for name, (error, tol) in errors.items():
                if not error <= tol:
                    problems.append(f"geoms {pair} contact at {np.round(want['pos'], 5)}: {name} "
                                    f"error {error:.3g} > {tol:g} (ours {got[name] if name in got else ''}"
                                    f", reference {want[name] if name in want else ''})")
    return problems


def compare_contact_order(ours, ref, *, pos_tol=1e-5) -> list[str]:
    mine, theirs = contact_table(ours), contact_table(ref)
    if len(mine) != len(theirs):
        return [f"{len(mine)} contacts, reference {len(theirs)}"]
    problems = []
    for got, want in zip(mine, theirs):
        error = np.abs(got["pos"] - want["pos"]).max()
        if got["geom"] != want["geom"] or not error <= pos_tol:
            problems.append(f"row {want['index']}: geoms {got['geom']} at "
                            f"{np.round(got['pos'], 5)}, reference {want['geom']} at "
                            f"{np.round(want['pos'], 5)}")
    return problems


# geom type ids (mjtGeom)
PLANE, HFIELD, SPHERE, CAPSULE, ELLIPSOID, CYLINDER, BOX, MESH = range(8)
# pairs with a dedicated analytic collider in the reference; every other pair goes through the
# general convex path (GJK/EPA) or the height-field path, compared to the looser tolerance
ANALYTIC_PAIRS = {
    (PLANE, SPHERE), (PLANE, CAPSULE), (PLANE, CYLINDER), (PLANE, BOX),
    (SPHERE, SPHERE), (SPHERE, CAPSULE), (SPHERE, CYLINDER), (SPHERE, BOX),
    (CAPSULE, CAPSULE), (CAPSULE, BOX), (BOX, BOX),
}


def is_analytic(model, geom1: int, geom2: int) -> bool:
    types = tuple(sorted((int(model.geom_type[geom1]), int(model.geom_type[geom2]))))
    return types in ANALYTIC_PAIRS


def compare_contacts_by_kind(ours, ref, model) -> list[str]:
    """compare_contacts with the issue's tolerances: dist 1e-6; pos and normal 1e-5 for
    analytic pairs and 1e-4 for convex, mesh and height-field pairs."""
    problems = []
    analytic = compare_contacts(ours, ref, params=True)
    loose = compare_contacts(ours, ref, pos_tol=1e-4, normal_tol=1e-4, params=True)
    for text in analytic:
        geoms = map(int, re.match(r"geoms \((\d+), (\d+)\)", text).groups())
        if is_analytic(model, *geoms) or text in loose:
            problems.append(text)
    return problems


def corpus_state_results(pair, seeds) -> list[tuple[int, int, int, list[str]]]:
    """For each seed: a random configuration in both engines, mj_forward's collision stage
    (mj_fwdPosition) in each; returns (seed, ncon ours, ncon reference, problems)."""
    import mujoco

    import mjsim

    results = []
    for seed in seeds:
        pair.randomize(seed)
        mjsim.mj_fwdPosition(pair.m, pair.d)
        mujoco.mj_fwdPosition(pair.ref_m, pair.ref_d)
        results.append((seed, pair.d.ncon, pair.ref_d.ncon,
                        compare_contacts_by_kind(pair.d, pair.ref_d, pair.ref_m)))
    return results
