"""Height field against convex geoms (engine/collision/collide_hfield.cc) compared with the
reference's contacts: per prism under the geom one contact (count, dist, pos, normal), with and
without margin (the reference then reports distances of inflated shapes; see the source).

Every prism goes through GJK/EPA as in the reference, so dist and pos agree to rounding for the
curved geoms at any depth; the normal of a sphere, capsule or cylinder contact is the
reference's rule (from pos towards the core), so those agree to 1e-9 as well, including deep
penetrations where EPA's own normal is off by up to 1e-2, flipped, or (cylinders) 90 degrees
off. Ellipsoid normals (approximated), cylinder dist in a few poses, and box and mesh contacts
(the reference's EPA ends short of the boundary) are known gaps (see the source's head
comment).
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
    """Both engines on scene(shape) with the same random elevation data (seeded)."""
    pair = load_pair(scene(shape, margin), seed=None)
    rng = np.random.default_rng(seed)
    data = rng.uniform(0, 1, NROW * NCOL)
    pair.m.hfield_data[:] = data
    pair.ref_m.hfield_data[:] = data
    return pair, rng


def random_collisions(shape, seeds, poses, margin=0.0):
    """(seed, pair) after mj_collision at `poses` random poses over the terrain of each seed."""
    for seed in range(seeds):
        pair, rng = run_pair(shape, seed, margin)
        for _ in range(poses):
            random_pose(pair, rng)
            pair.call("mj_collision")
            yield seed, pair


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
            problems = compare_contacts(pair.d, pair.ref_d, dist_tol=1e-9, pos_tol=1e-9,
                                        normal_tol=1e-9)
            assert not problems, f"seed {seed}:\n" + "\n".join(problems[:8])
    assert total > 60, f"only {total} contacts: the probes miss the terrain"


@pytest.mark.parametrize("shape", ["ellipsoid", "cylinder", "box"])
def test_margin_inflates_every_geom_type_as_the_reference(shape):
    """Margin 0.02 (the prism's top raised by it, the geom grown by half of it, whatever its
    type): the same contacts, dist to 1e-6 (GJK/EPA's accuracy on these inflated shapes;
    without the geom's growth every dist was off by 0.01)."""
    total = 0
    for seed, pair in random_collisions(shape, 3, 8, margin=0.02):
        assert pair.d.ncon == pair.ref_d.ncon, f"seed {seed}"
        n = pair.ref_d.ncon
        total += n
        np.testing.assert_allclose(pair.d.contact.dist[:n], pair.ref_d.contact.dist[:n],
                                   atol=1e-6)
    assert total > 30


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


def random_pose(pair, rng, depth=(-0.12, 0.08)):
    """A random orientation and a position over the terrain's middle, the geom's center from
    `depth` (hfield frame, relative to the terrain's local height range) deep to shallow."""
    pair.call("mj_kinematics")
    R_h = pair.ref_d.geom_xmat[0].reshape(3, 3)
    p_h = pair.ref_d.geom_xpos[0]
    quat = rng.normal(size=4)
    quat /= np.linalg.norm(quat)
    local = np.array([rng.uniform(-0.45, 0.45), rng.uniform(-0.35, 0.35), 0.0])
    local[2] = surface_height(pair.ref_m.hfield_data, *local[:2]) + rng.uniform(*depth)
    for data in (pair.d, pair.ref_d):
        data.qpos[:3] = p_h + R_h @ local
        data.qpos[3:7] = quat
    pair.call("mj_kinematics")


def contacts_in_order(pair, dist_tol, pos_tol, normal_tol):
    """The contacts of both engines index by index: count, dist, pos, normal."""
    ours, ref = contact_table(pair.d), contact_table(pair.ref_d)
    if len(ours) != len(ref):
        return [f"{len(ours)} contacts, reference {len(ref)}"]
    problems = []
    for i, (got, want) in enumerate(zip(ours, ref)):
        errors = {"dist": (abs(got["dist"] - want["dist"]), dist_tol),
                  "pos": (np.abs(got["pos"] - want["pos"]).max(), pos_tol),
                  "normal": (np.abs(got["frame"][:3] - want["frame"][:3]).max(), normal_tol)}
        problems += [f"contact {i}: {name} error {error:.3g} (ours {got['frame'][:3]}, "
                     f"reference {want['frame'][:3]})"
                     for name, (error, tol) in errors.items() if not error <= tol]
    return problems


def test_cylinder_normals_match_reference_where_epa_agrees():
    """Cylinders: the radial normal or EPA's by the measured rule. Wherever EPA ends where the
    reference's does (dist to 1e-12; measured: 94% of the contacts, the rest off by < 1e-6),
    pos and normal agree to 1e-9; both normal kinds occur."""
    agreed = radial = 0
    for seed, pair in random_collisions("cylinder", 4, 10):
        assert pair.d.ncon == pair.ref_d.ncon
        for got, want in zip(contact_table(pair.d), contact_table(pair.ref_d)):
            assert abs(got["dist"] - want["dist"]) < 1e-6
            if abs(got["dist"] - want["dist"]) > 1e-12:
                continue
            agreed += 1
            np.testing.assert_allclose(got["pos"], want["pos"], atol=1e-9)
            np.testing.assert_allclose(got["frame"][:3], want["frame"][:3], atol=1e-9)
            axis = pair.ref_d.geom_xmat[1].reshape(3, 3)[:, 2]
            radial += abs(want["frame"][:3] @ axis) < 1e-9
    assert agreed > 40 and 0 < radial < agreed, f"{agreed} contacts, {radial} radial"


def test_tilted_cylinder_pressed_into_flat_ground_gets_the_radial_normal():
    """The rule's surprising case, as the reference: a cylinder tilted 20 degrees from upright,
    its rim 0.03 deep in flat terrain, gets a normal perpendicular to its axis; 0.002 deep (pos
    within 5% of the half-height below the cap), EPA's normal (near the terrain's)."""
    pair, _ = run_pair("cylinder", 0)
    for model in (pair.m, pair.ref_m):
        model.hfield_data[:] = 0
    pair.call("mj_kinematics")
    R_h = pair.ref_d.geom_xmat[0].reshape(3, 3)
    tilt = np.radians(20)
    R_local = np.array([[1, 0, 0], [0, np.cos(tilt), -np.sin(tilt)],
                        [0, np.sin(tilt), np.cos(tilt)]])
    R = R_h @ R_local
    quat = np.zeros(4)
    mujoco.mju_mat2Quat(quat, R.flatten())
    lowest = 0.05 * np.cos(tilt) + 0.07 * np.sin(tilt)  # rim below the center (hfield frame)
    for depth, perpendicular in ((0.03, True), (0.002, False)):
        center = pair.ref_d.geom_xpos[0] + R_h @ [0.11, 0.03, lowest - depth]
        for data in (pair.d, pair.ref_d):
            data.qpos[:3] = center
            data.qpos[3:7] = quat
        pair.call("mj_kinematics")
        pair.call("mj_collision")
        assert pair.d.ncon == pair.ref_d.ncon > 0
        deepest = int(np.argmin(pair.ref_d.contact.dist[:pair.ref_d.ncon]))
        assert abs(pair.ref_d.contact.dist[deepest] + depth) < 1e-6  # EPA on a curved shape
        ours, ref = pair.d.contact[deepest].frame[:3], pair.ref_d.contact[deepest].frame[:3]
        # the radial normal to rounding; EPA's (shallow) as far as EPA on a cylinder agrees
        np.testing.assert_allclose(ours, ref, atol=1e-9 if perpendicular else 1e-6)
        assert (abs(ours @ R[:, 2]) < 1e-9) == perpendicular


@pytest.mark.parametrize("shape", ["sphere", "capsule"])
def test_penetrating_contacts_match_reference_to_rounding(shape):
    """Random poses from deep (the core well inside the prisms) to shallow: the same contacts in
    the same order, dist, pos and normal to 1e-9 (measured: 5e-12). EPA's own normal differs
    from the reference's by up to 1e-2 at these depths, so this checks the normal rule."""
    total = deep = 0
    for seed, pair in random_collisions(shape, 6, 8):
        total += pair.ref_d.ncon
        deep += int(np.sum(pair.ref_d.contact.dist[:pair.ref_d.ncon] < -0.06))
        problems = contacts_in_order(pair, 1e-9, 1e-9, 1e-9)
        assert not problems, f"seed {seed}:\n" + "\n".join(problems[:8])
    assert total > 60 and deep > 5, f"{total} contacts, {deep} deep: the poses miss the terrain"


def test_ellipsoid_dist_and_pos_match_reference_to_rounding():
    """Ellipsoids take the same GJK/EPA path as the reference: dist and pos to 1e-9 (measured:
    2e-16 and 5e-14); their normals are a known gap (below)."""
    total = 0
    for seed, pair in random_collisions("ellipsoid", 4, 8):
        total += pair.ref_d.ncon
        problems = contacts_in_order(pair, 1e-9, 1e-9, np.inf)
        assert not problems, f"seed {seed}:\n" + "\n".join(problems[:8])
    assert total > 30


def test_ellipsoid_normals_are_near_the_reference():
    """The ellipsoid's normal rule (the surface normal at the surface point nearest pos) is an
    approximation of the reference's: measured, 71% of the contacts within 1e-5 (median 5e-7;
    the reference's own normals are stationary only to ~1e-6), the rest deep ones where the
    reference lands on another stationary point. EPA's normal: median 1e-3, none within 1e-5."""
    errors = []
    for seed, pair in random_collisions("ellipsoid", 4, 10):
        assert pair.d.ncon == pair.ref_d.ncon
        n = pair.ref_d.ncon
        errors += list(np.abs(pair.d.contact.frame[:n, :3] -
                              pair.ref_d.contact.frame[:n, :3]).max(axis=1))
    errors = np.array(errors)
    assert len(errors) > 40
    assert np.mean(errors < 1e-5) > 0.6 and np.median(errors) < 1e-5, \
        f"{np.mean(errors < 1e-5):.2f} within 1e-5, median {np.median(errors):.1e}"


@pytest.mark.parametrize("shape", ["ellipsoid", "cylinder", "box", "mesh"])
@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="known gaps (collide_hfield.cc): the reference's ellipsoid normal is "
                          "nearly, not exactly, the surface normal at the point of the surface "
                          "nearest pos (~1e-6, other stationary points when deep); its cylinder "
                          "EPA ends elsewhere in ~5% of the contacts (dist off by < 1e-6); for "
                          "box and mesh its EPA ends on a face short of the boundary (depth "
                          "0.059 along a tilted normal where the least is 0.06 along z) once "
                          "ccd_iterations >= 6")
def test_contacts_of_other_convex_geoms_match_reference(shape):
    pair, rng = run_pair(shape, 0)
    problems = []
    for _ in range(8):
        random_pose(pair, rng)
        pair.call("mj_collision")
        problems += contacts_in_order(pair, 1e-9, 1e-9, 1e-9)
    assert not problems, "\n".join(problems[:8])


def test_quadruped_terrain_contacts_match_reference():
    """dm_control's quadruped at random states: the terrain's contacts with the legs (capsules)
    and toes (spheres), deep ones included, to 1e-9 (the constraint problem is degenerate:
    normals off by 1e-3 changed efc_force by 1e4)."""
    dm_control = pytest.importorskip("dm_control")
    from pathlib import Path

    path = Path(dm_control.__file__).parent / "suite" / "quadruped.xml"
    pair = load_pair(path, seed=None)
    terrain = mujoco.mj_name2id(pair.ref_m, mujoco.mjtObj.mjOBJ_GEOM, "terrain")
    checked = 0
    for seed in range(6):
        pair.randomize_state(seed)
        pair.call("mj_fwdPosition")
        assert pair.d.ncon == pair.ref_d.ncon
        for i in range(pair.ref_d.ncon):
            want, got = pair.ref_d.contact[i], pair.d.contact[i]
            other = want.geom[1]
            if want.geom[0] != terrain or pair.ref_m.geom_type[other] not in (2, 3):
                continue
            checked += 1
            assert tuple(got.geom) == tuple(want.geom)
            assert abs(got.dist - want.dist) < 1e-9
            np.testing.assert_allclose(got.pos, want.pos, atol=1e-9)
            np.testing.assert_allclose(got.frame[:3], want.frame[:3], atol=1e-9)
    assert checked > 20


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


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_bad_poses_give_no_nan_contacts(shape):
    """NaN, infinite and huge positions, a NaN orientation: no crash, no non-finite contact."""
    pair, _ = run_pair(shape, 1)
    m, d = pair.m, pair.d
    poses = [([value, 0, 0], [1, 0, 0, 0]) for value in (np.nan, np.inf, -np.inf, 1e300)]
    poses.append(([0, 0, 0.1], [np.nan, 0, 0, 0]))
    for pos, quat in poses:
        d.qpos[:3] = pos
        d.qpos[3:7] = quat
        mjsim.mj_kinematics(m, d)
        mjsim.mj_collision(m, d)
        for i in range(d.ncon):
            c = d.contact[i]
            assert np.all(np.isfinite(c.pos)) and np.isfinite(c.dist)
            assert np.all(np.isfinite(c.frame))


@pytest.mark.parametrize("shape", ["sphere", "capsule", "ellipsoid", "cylinder", "box"])
def test_zero_size_geom_over_terrain_gives_finite_contacts(shape):
    """A geom shrunk to zero size (a point or a segment) pressed into the terrain: contacts,
    if any, are finite and unit-normal."""
    pair, rng = run_pair(shape, 2)
    m, d = pair.m, pair.d
    m.geom_size[1] = 0
    m.geom_rbound[1] = 0
    for _ in range(10):
        random_pose(pair, rng, depth=(-0.05, 0.0))
        mjsim.mj_collision(m, d)
        for i in range(d.ncon):
            c = d.contact[i]
            assert np.all(np.isfinite(c.pos)) and np.isfinite(c.dist)
            assert abs(np.linalg.norm(c.frame[:3]) - 1) < 1e-9
