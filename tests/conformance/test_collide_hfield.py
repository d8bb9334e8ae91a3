"""Height field against convex geoms (engine/collision/collide_hfield.cc) compared with the
reference's contacts: per prism under the geom one contact (count, dist, pos, normal), with and
without margin (the reference then reports distances of inflated shapes; see the source).

The geoms are placed with their core (a sphere's center, a capsule's segment) above the
terrain, so each prism's contact is a distance between the core and the prism, which the
reference computes exactly; with the core inside a prism the reference's penetration solver
returns normals that differ from the exact ones by ~1e-3 (observed), so only the depth is
compared there. Ellipsoid, cylinder, box and mesh need the general convex collider: their
test is an expected failure until it exists.
"""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from contacts import compare_contacts, contact_table  # noqa: E402
from support import load_pair  # noqa: E402

NROW, NCOL = 6, 7
SIZE = (0.6, 0.5, 0.25, 0.1)  # sx, sy, ztop, zbottom
SHAPES = {
    "sphere": '<geom type="sphere" size="0.09"/>',
    "capsule": '<geom type="capsule" size="0.06 0.15"/>',
    "ellipsoid": '<geom type="ellipsoid" size="0.06 0.08 0.1"/>',
    "cylinder": '<geom type="cylinder" size="0.07 0.05"/>',
    "box": '<geom type="box" size="0.06 0.05 0.04"/>',
    "mesh": '<geom type="mesh" mesh="rock"/>',
}


def scene(shape, margin=0.0):
    return f"""
<mujoco>
  <asset>
    <hfield name="terrain" nrow="{NROW}" ncol="{NCOL}" size="{' '.join(map(str, SIZE))}"/>
    <mesh name="rock" vertex="0 0 0  0.1 0 0  0 0.12 0  0 0 0.08  0.07 0.06 0.05"/>
  </asset>
  <worldbody>
    <geom name="terrain" type="hfield" hfield="terrain" pos="0.1 -0.2 0.05" euler="4 -3 20"
          margin="{margin}"/>
    <body name="probe"><freejoint/>{SHAPES[shape]}</body>
  </worldbody>
</mujoco>"""


def surface_height(data, x, y):
    """Elevation of the terrain at local (x, y): the triangle of the cell holding the point."""
    sx, sy, ztop, _ = SIZE
    u, v = (x + sx) / (2 * sx) * (NCOL - 1), (y + sy) / (2 * sy) * (NROW - 1)
    c, r = min(int(u), NCOL - 2), min(int(v), NROW - 2)
    fu, fv = u - c, v - r
    h = data.reshape(NROW, NCOL)
    if fu >= fv:  # triangle (r,c), (r,c+1), (r+1,c+1)
        z = h[r, c] + fu * (h[r, c + 1] - h[r, c]) + fv * (h[r + 1, c + 1] - h[r, c + 1])
    else:         # triangle (r,c), (r+1,c+1), (r+1,c)
        z = h[r, c] + fv * (h[r + 1, c] - h[r, c]) + fu * (h[r + 1, c + 1] - h[r + 1, c])
    return z * ztop


def place(pair, rng, core_points, radius, lift=0.0):
    """A random pose of the probe whose core (points in the geom frame) lies above the terrain
    raised by `lift` and whose surface dips below it by up to most of the radius."""
    pair.call("mj_kinematics")  # the terrain's pose
    R_h = pair.ref_d.geom_xmat[0].reshape(3, 3)
    p_h = pair.ref_d.geom_xpos[0]
    quat = rng.normal(size=4)
    quat /= np.linalg.norm(quat)
    R = np.zeros(9)
    mujoco.mju_quat2Mat(R, quat)
    R = R.reshape(3, 3)
    center = np.array([rng.uniform(-0.45, 0.45), rng.uniform(-0.35, 0.35), 0.0])
    core = center + (R_h.T @ R @ np.asarray(core_points, float).T).T
    clearance = max(surface_height(pair.ref_m.hfield_data, *pt[:2]) - pt[2] for pt in core)
    center[2] += clearance + lift + rng.uniform(0.02, 0.9) * radius
    for data in (pair.d, pair.ref_d):
        data.qpos[:3] = p_h + R_h @ center
        data.qpos[3:7] = quat  # the probe's geom sits at its body frame
    pair.call("mj_kinematics")


def run_pair(shape, seed, margin=0.0):
    pair = load_pair(scene(shape, margin), seed=None)
    rng = np.random.default_rng(seed)
    data = rng.uniform(0, 1, NROW * NCOL)
    pair.m.hfield_data[:] = data
    pair.ref_m.hfield_data[:] = data
    return pair, rng


CORES = {"sphere": ([[0, 0, 0]], 0.09), "capsule": ([[0, 0, -0.15], [0, 0, 0.15]], 0.06)}


@pytest.mark.parametrize("shape", ["sphere", "capsule"])
@pytest.mark.parametrize("margin", [0.0, 0.03])
def test_contacts_match_reference(shape, margin):
    core, radius = CORES[shape]
    if shape == "capsule":
        core = [[0, 0, z] for z in np.linspace(-0.15, 0.15, 31)]
    total = 0
    for seed in range(12):
        pair, rng = run_pair(shape, seed, margin)
        for _ in range(5):
            place(pair, rng, core, radius, lift=margin)  # core outside the raised prisms
            pair.call("mj_collision")
            total += pair.ref_d.ncon
            problems = compare_contacts(pair.d, pair.ref_d, dist_tol=1e-6, pos_tol=1e-5,
                                        normal_tol=1e-5)
            assert not problems, f"seed {seed}:\n" + "\n".join(problems[:8])
    assert total > 60, f"only {total} contacts: the probes miss the terrain"


@pytest.mark.parametrize("shape", ["ellipsoid", "cylinder", "box", "mesh"])
def test_contact_counts_of_other_convex_geoms_match_reference(shape):
    """Prisms against the general convex collider: which prisms touch the geom, as the
    reference finds them (40 random poses, margin 0.05)."""
    pair, rng = run_pair(shape, 0)
    for _ in range(40):
        place(pair, rng, [[0, 0, 0]], 0.05)
        pair.call("mj_collision")
        assert pair.d.ncon == pair.ref_d.ncon
        assert np.isfinite(pair.d.contact.dist).all()


@pytest.mark.parametrize("shape", ["ellipsoid", "cylinder", "box", "mesh"])
@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="prism against ellipsoid/cylinder/box/mesh: counts match, but dist, "
                          "pos and normal differ (ellipsoid, cylinder by ~5e-4 in pos; box and "
                          "mesh by up to 0.03 in dist). The reference's prism contacts are its "
                          "EPA's choices: a face on the prism top gets one of many equally deep "
                          "points, ties get one of several normals, and some are not minimal "
                          "(box half 0.06 0.05 0.04 at (0.05, 0.03, 0.12) on a flat field at "
                          "z 0.1: dist -0.00498 along (-0.41, 0.66, 0.62) where the least "
                          "translation is 0.02 along z), unchanged at tight ccd options")
def test_contacts_of_other_convex_geoms_match_reference(shape):
    pair, rng = run_pair(shape, 0)
    for _ in range(5):
        place(pair, rng, [[0, 0, 0]], 0.05)
        pair.call("mj_collision")
        assert pair.ref_d.ncon > 0
        assert not compare_contacts(pair.d, pair.ref_d, dist_tol=1e-6, pos_tol=1e-5,
                                    normal_tol=1e-5)


def compare_by_depth(ours, ref, dist_tol, normal_tol):
    """Contacts paired by depth (pos is not comparable): counts, then each reference contact
    against our unused contact of nearest dist, its dist and normal."""
    mine, theirs = contact_table(ours), contact_table(ref)
    if len(mine) != len(theirs):
        return [f"{len(mine)} contacts, reference {len(theirs)}"]
    problems = []
    for want in theirs:
        got = min(mine, key=lambda r: (round(abs(r["dist"] - want["dist"]) / dist_tol),
                                       np.abs(r["frame"][:3] - want["frame"][:3]).max()))
        mine.remove(got)
        if abs(got["dist"] - want["dist"]) > dist_tol or \
                np.abs(got["frame"][:3] - want["frame"][:3]).max() > normal_tol:
            problems.append(f"dist {got['dist']} normal {got['frame'][:3]}, reference "
                            f"{want['dist']} {want['frame'][:3]}")
    return problems


@pytest.mark.parametrize("shape", ["sphere", "capsule"])
def test_deep_cores_match_reference_depths(shape):
    """The core (sphere center, capsule segment) partly below the surface: the same contacts
    (count, depth). Sphere: pos and normal near the reference's (its penetration solver is
    approximate, ~1e-3). Capsule: only count and depth; where a segment crosses a prism face
    the witness point along it is a choice (ours: the deeper end, or the middle if level), and
    in ~4% of the contacts the reference's solver returns a different axis of (nearly) equal
    depth, 11 of 14 the opposite one (measured on these 50 poses, 321 contacts)."""
    core, radius = CORES[shape]
    total = 0
    for seed in range(10):
        pair, rng = run_pair(shape, seed)
        for _ in range(5):
            place(pair, rng, core, radius)
            for data in (pair.d, pair.ref_d):
                data.qpos[2] -= 0.12
            pair.call("mj_kinematics")
            pair.call("mj_collision")
            total += pair.ref_d.ncon
            if shape == "sphere":
                problems = compare_contacts(pair.d, pair.ref_d, dist_tol=1e-4, pos_tol=0.02,
                                            normal_tol=0.05)
            else:
                problems = compare_by_depth(pair.d, pair.ref_d, dist_tol=1e-4, normal_tol=2.1)
            assert not problems, f"seed {seed}:\n" + "\n".join(problems[:8])
    assert total > 30


def test_cap_and_order_match_reference():
    """A sphere over the whole terrain (60 prisms): the same first mjMAXCONPAIR (50) contacts
    in the same order (cells row by row, in a cell the triangle (r,c),(r+1,c+1),(r+1,c)
    first)."""
    xml = scene("sphere").replace('size="0.09"', 'size="0.8"')
    pair = load_pair(xml, seed=None)
    data = np.random.default_rng(1).uniform(0, 1, NROW * NCOL)
    for model in (pair.m, pair.ref_m):
        model.hfield_data[:] = data
    pair.call("mj_kinematics")
    for d in (pair.d, pair.ref_d):
        d.qpos[:3] = pair.ref_d.geom_xpos[0] + [0, 0, 0.6]
    pair.call("mj_kinematics")
    pair.call("mj_collision")
    assert pair.d.ncon == pair.ref_d.ncon == 50
    for ours, ref in zip(contact_table(pair.d), contact_table(pair.ref_d)):
        assert abs(ours["dist"] - ref["dist"]) < 1e-9
        np.testing.assert_allclose(ours["pos"], ref["pos"], atol=1e-9)
        np.testing.assert_allclose(ours["frame"], ref["frame"], atol=1e-9)


def test_bad_poses_give_no_nan_contacts():
    pair, _ = run_pair("capsule", 1)
    m, d = pair.m, pair.d
    for value in (np.nan, np.inf, 1e300):
        d.qpos[:3] = [value, 0, 0]
        d.qpos[3:7] = [1, 0, 0, 0]
        mjsim.mj_kinematics(m, d)
        mjsim.mj_collision(m, d)
        for i in range(d.ncon):
            assert np.all(np.isfinite(d.contact[i].pos)) and np.isfinite(d.contact[i].dist)
