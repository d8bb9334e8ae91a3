"""mj_geomDistance (cpp/src/engine/collision/collision.cc) against the reference: the signed
distance of two geoms up to distmax and the closest points (fromto), plus its argument checks.
"""

import numpy as np
import pytest

from support import load_pair
from conformance.test_collide_convex import (CONVEX_PAIRS, core_truth, pair_xml, random_poses,
                                             truth_for)

import mjsim


def distances(pair, g1, g2, distmax):
    ours = np.zeros(6)
    got = mjsim.mj_geomDistance(pair.m, pair.d, g1, g2, distmax, ours)
    want, theirs = reference_distance(pair, g1, g2, distmax)
    return got, ours, want, theirs


POLYTOPES = ("box", "mesh")


@pytest.mark.parametrize("kind1,kind2", CONVEX_PAIRS + [("sphere", "sphere"), ("box", "box")])
def test_distance_and_fromto(kind1, kind2):
    """Against the reference at its default ccd options (with large ccd_iterations its
    mj_geomDistance crashes on penetrating poses). Its separated distances are converged for
    every pair, its penetrations only for polytope pairs; a curved penetration is checked
    against mjsim's own contact (at margin 0, so with distmax 0) instead."""
    pair = load_pair(pair_xml(kind1, kind2, option=""), seed=None)
    rng = np.random.default_rng(100 + len(kind1) * 7 + len(kind2))
    truth = truth_for(kind1, kind2)
    exact_penetration = kind1 in POLYTOPES + ("sphere", "capsule") and kind2 in POLYTOPES
    problems, overruled, compared = [], 0, 0
    for qpos in random_poses(rng, 25, reach=(0.05, 0.8)):
        pair.d.qpos[:] = pair.ref_d.qpos[:] = qpos
        pair.call("mj_kinematics")
        for g1, g2 in ((0, 1), (1, 0)):
            ours = np.zeros(6)
            got = mjsim.mj_geomDistance(pair.m, pair.d, g1, g2, 1.0, ours)
            if got < 0 and not exact_penetration and (g1 == 0 or kind1 != kind2):
                # margin 0 is distmax 0 (both the reference's intersection mode); a same-type
                # pair called the other way round starts elsewhere: compared below at distmax 1
                got = mjsim.mj_geomDistance(pair.m, pair.d, g1, g2, 0.0, ours)
                problems += own_contact_problems(pair, g1 == 0 or kind1 != kind2, got, ours)
                continue
            want, theirs = reference_distance(pair, g1, g2, 1.0)
            compared += 1
            if abs(got - want) <= 1e-6 and np.abs(ours - theirs).max() <= 1e-4:
                continue
            exact = truth(pair.m, pair.d) if truth else None
            if exact is not None and abs(got - exact) <= 1e-9 < abs(want - exact):
                # the reference is wrong here (its GJK reports 0 for some separated polytope
                # poses, which ones hanging on the pose's last bits): the exact distance rules,
                # and our witness points must span it
                overruled += 1
                span = np.linalg.norm(ours[3:] - ours[:3])
                if got > 0 and abs(span - got) > 1e-9:
                    problems.append(f"qpos {qpos.tolist()}: fromto spans {span}, not {got}")
                continue
            problems.append(f"qpos {np.round(qpos, 4).tolist()} ({g1}, {g2}): distance {got} "
                            f"vs {want}, fromto {ours} vs {theirs}")
    assert compared >= 20
    assert overruled <= 5, f"the reference was overruled {overruled} times"
    assert not problems, "\n".join(problems[:4])


def reference_distance(pair, g1, g2, distmax):
    import mujoco

    fromto = np.zeros(6)
    return mujoco.mj_geomDistance(pair.ref_m, pair.ref_d, g1, g2, distmax, fromto), fromto


def own_contact_problems(pair, geom0_first, dist, fromto):
    """A penetration: mj_geomDistance agrees with mj_collision's contact (pos -+ dist/2 n).
    Like the reference, a general convex pair of two geom types gives fromto in type order
    (geom 0 first here) whichever way it is called."""
    mjsim.mj_collision(pair.m, pair.d)
    if pair.d.ncon != 1:
        return [f"penetration {dist} but {pair.d.ncon} contacts"]
    c = pair.d.contact[0]
    first = c.pos - 0.5 * c.dist * c.frame[:3]
    second = c.pos + 0.5 * c.dist * c.frame[:3]
    expect = np.concatenate([first, second] if geom0_first else [second, first])
    # the same up to the iterations' tolerance (same-type pairs run in the other order)
    if abs(c.dist - dist) > 1e-9 or np.abs(expect - fromto).max() > 1e-6:
        return [f"mj_geomDistance {dist} {fromto} differs from the contact {c.dist} {expect}"]
    return []


def test_beyond_distmax_returns_distmax_and_zero_fromto():
    pair = load_pair(pair_xml("ellipsoid", "mesh", option=""), seed=None)
    pair.d.qpos[:] = pair.ref_d.qpos[:] = [0, 0, 0, 1, 0, 0, 0, 0.9, 0, 0, 1, 0, 0, 0]
    pair.call("mj_kinematics")
    got, ours, want, theirs = distances(pair, 0, 1, 0.05)
    assert got == want == 0.05
    assert np.all(ours == 0) and np.all(theirs == 0)
    full = mjsim.mj_geomDistance(pair.m, pair.d, 0, 1, 10.0, None)
    assert 0.5 < full < 0.9


def test_fromto_points_lie_on_the_surfaces():
    pair = load_pair(pair_xml("sphere", "ellipsoid"), seed=None)
    pair.d.qpos[:] = [0, 0, 0, 1, 0, 0, 0, 0.5, 0.1, 0.05, 1, 0, 0, 0]
    mjsim.mj_kinematics(pair.m, pair.d)
    fromto = np.zeros(6)
    dist = mjsim.mj_geomDistance(pair.m, pair.d, 0, 1, 1.0, fromto)
    assert np.isclose(np.linalg.norm(fromto[:3]), 0.12)  # the sphere's surface
    assert np.isclose(np.linalg.norm(fromto[3:] - fromto[:3]), dist)
    assert np.isclose(dist, core_truth(pair.d, "sphere", "ellipsoid"), atol=1e-9)


def test_plane_pair_without_collider_returns_distmax():
    xml = """<mujoco><worldbody><geom type="plane" size="1 1 1"/>
      <geom type="plane" size="1 1 1" pos="0 0 1"/></worldbody></mujoco>"""
    m = mjsim.MjModel.from_xml_string(xml)
    d = mjsim.MjData(m)
    mjsim.mj_forward(m, d)
    fromto = np.ones(6)
    assert mjsim.mj_geomDistance(m, d, 0, 1, 2.0, fromto) == 2.0
    assert np.all(fromto == 0)


@pytest.fixture
def model_and_data():
    m = mjsim.MjModel.from_xml_string(pair_xml("ellipsoid", "cylinder"))
    d = mjsim.MjData(m)
    d.qpos[:] = [0, 0, 0, 1, 0, 0, 0, 0.5, 0, 0, 1, 0, 0, 0]
    mjsim.mj_kinematics(m, d)
    return m, d


@pytest.mark.parametrize("fromto,error", [
    (np.zeros(5), (TypeError, ValueError)),
    (np.zeros(7), (TypeError, ValueError)),
    (np.zeros(6, dtype=np.float32), TypeError),
    ([0.0] * 6, TypeError),
    (np.zeros(12)[::2], TypeError),
    ("fromto", TypeError),
])
def test_bad_fromto(model_and_data, fromto, error):
    m, d = model_and_data
    with pytest.raises(error):
        mjsim.mj_geomDistance(m, d, 0, 1, 1.0, fromto)


def test_fromto_shape_2x3_is_accepted(model_and_data):
    m, d = model_and_data
    fromto = np.zeros((2, 3))
    dist = mjsim.mj_geomDistance(m, d, 0, 1, 1.0, fromto)
    assert np.isclose(np.linalg.norm(fromto[1] - fromto[0]), dist)


@pytest.mark.parametrize("geom", [-1, 2, 100])
def test_bad_geom_id(model_and_data, geom):
    m, d = model_and_data
    with pytest.raises(ValueError):
        mjsim.mj_geomDistance(m, d, geom, 1, 1.0, None)
    with pytest.raises(ValueError):
        mjsim.mj_geomDistance(m, d, 0, geom, 1.0, None)


def test_nan_pose_and_nan_distmax(model_and_data):
    m, d = model_and_data
    fromto = np.zeros(6)
    assert np.isnan(mjsim.mj_geomDistance(m, d, 0, 1, float("nan"), fromto))
    d.qpos[7] = np.nan
    mjsim.mj_kinematics(m, d)
    assert mjsim.mj_geomDistance(m, d, 0, 1, 1.0, fromto) == 1.0
    assert np.all(fromto == 0)


# Curved pairs whose penetration the reference's native ccd does not converge at its defaults
# (ccd_tolerance 1e-6, 35 iterations). With distmax > 0 mj_geomDistance runs it with a positive
# cutoff, and mjsim follows it step for step (gjk_epa.h: GJK's start and stopping rule, EPA's
# initial polytopes, bounds and stopping rule), so the unconverged distances agree to rounding
# (the witness points of capsule pairs to ~1e-6).
# With distmax 0 (as mj_collision at margin 0) the reference's GJK ends in another way (the
# walk of gjk_epa.h), which gives other unconverged answers: test_distmax_zero_penetrations.
# Not listed: sphere-ellipsoid, where 4 of 33 poses differ by 1e-10 to 1e-6 (a sphere whose
# center lies outside the ellipsoid: mjsim answers from the centers' GJK, the reference there
# from its EPA on the full shapes, for a reason not found).
CURVED_PAIRS = [("capsule", "ellipsoid"), ("capsule", "cylinder"),
                ("ellipsoid", "ellipsoid"), ("ellipsoid", "cylinder"), ("ellipsoid", "box"),
                ("cylinder", "cylinder"), ("cylinder", "box"), ("ellipsoid", "mesh"),
                ("cylinder", "mesh")]


def penetrations(pair, rng, distmax):
    """(qpos, distances(pair, 0, 1, distmax)) at 40 random poses where the reference's answer
    is a penetration."""
    for qpos in random_poses(rng, 40, reach=(0.02, 0.3)):
        pair.d.qpos[:] = pair.ref_d.qpos[:] = qpos
        pair.call("mj_kinematics")
        result = distances(pair, 0, 1, distmax)
        if result[2] < 0:
            yield qpos, result


@pytest.mark.parametrize("kind1,kind2", CURVED_PAIRS)
def test_unconverged_penetrations_follow_the_reference(kind1, kind2):
    pair = load_pair(pair_xml(kind1, kind2, option=""), seed=None)
    rng = np.random.default_rng(300 + CURVED_PAIRS.index((kind1, kind2)))
    compared, problems = 0, []
    for qpos, (got, ours, want, theirs) in penetrations(pair, rng, distmax=1.0):
        compared += 1
        if abs(got - want) > 1e-10 or np.abs(ours - theirs).max() > 1e-5:
            problems.append(f"qpos {np.round(qpos, 4).tolist()}: {got} vs {want}, "
                            f"fromto {ours} vs {theirs}")
    assert compared >= 10
    # a pose may fall on a tie that rounding decides (equally near faces of the polytope)
    assert len(problems) <= compared // 10, "\n".join(problems[:3])


@pytest.mark.parametrize("kind1,kind2", [("ellipsoid", "ellipsoid"), ("ellipsoid", "cylinder"),
                                         ("cylinder", "box"), ("capsule", "ellipsoid")])
def test_distmax_zero_penetrations(kind1, kind2):
    """distmax 0: the reference's intersection mode, other answers than at distmax > 0."""
    pair = load_pair(pair_xml(kind1, kind2, option=""), seed=None)
    rng = np.random.default_rng(400 + len(kind1) + len(kind2))
    compared, differ, problems = 0, 0, []
    for qpos, (got, ours, want, theirs) in penetrations(pair, rng, distmax=0.0):
        compared += 1
        differ += abs(distances(pair, 0, 1, 1.0)[2] - want) > 1e-9
        # capsules: witness points to ~1e-6 only, as at distmax > 0
        point_tol = 1e-5 if kind1 == "capsule" else 1e-9
        if abs(got - want) > 1e-10 or np.abs(ours - theirs).max() > point_tol:
            problems.append(f"qpos {np.round(qpos, 4).tolist()}: {got} vs {want}, "
                            f"fromto {ours} vs {theirs}")
    assert compared >= 10
    assert differ > 0, "no pose where distmax 0 and distmax 1 differ: the test shows nothing"
    # cylinder on box: a few near-flat poses (cap almost parallel to a face) where the
    # reference's walk takes another orientation (gjk_epa.h, known gap)
    assert len(problems) <= compared // 8, "\n".join(problems[:3])
