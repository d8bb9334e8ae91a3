"""Ray casting (engine/ray.cc: mj_ray, mj_multiRay, mj_rayHfield, mj_rayMesh, mju_rayGeom)
against the reference, with seeded random rays: distances to 1e-9 (in units of |vec|;
relative beyond 1, for tiny |vec|), geom ids exactly. The rangefinder sensor is compared here
and in test_sensor_data.py.

The geometry the rays meet (mesh vertices, geom frames, bounding boxes) is copied from the
reference before kinematics, so that only ray casting is compared here: the compiler is tested
elsewhere, and a mesh with equal principal moments has no unique inertial frame.
"""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from support import load_pair  # noqa: E402

ATOL = 1e-9
GEOM_TYPES = ["plane", "hfield", "sphere", "capsule", "ellipsoid", "cylinder", "box", "mesh"]
SHARED_GEOMETRY = ["mesh_vert", "mesh_face", "hfield_data", "geom_pos", "geom_quat",
                   "geom_aabb", "geom_rbound"]

ASSETS = """
  <asset>
    <hfield name="terrain" nrow="5" ncol="7" size="0.6 0.4 0.3 0.1"
      elevation="0 1 2 3 2 1 0  1 3 2 4 1 0 2  0 0 1 0 0 3 1  2 1 0 1 2 3 4  3 1 4 1 5 9 2"/>
    <hfield name="flat" nrow="2" ncol="2" size="0.3 0.3 0.2 0.2"/>
    <mesh name="wedge" vertex="0 0 0  0.4 0 0  0 0.3 0  0 0 0.2  0.3 0.2 0.1"/>
    <mesh name="dent"
      face="0 2 1 0 3 2 0 1 5 0 5 4 1 2 6 1 6 5 2 3 7 2 7 6 3 0 4 3 4 7 4 5 8 5 6 8 6 7 8 7 4 8"
      vertex="-.2 -.3 -.1  .2 -.3 -.1  .2 .3 -.1  -.2 .3 -.1  -.2 -.3 .1  .2 -.3 .1  .2 .3 .1
              -.2 .3 .1  0 0 0"/>
    <mesh name="tetra" vertex="0 0 0  1 0 0  0 1 0  0 0 1" scale="0.3 0.3 0.3"/>
  </asset>"""

# Per type: geoms of that type on a free body each (so random states move them) and, for
# plane and hfield, in the world.
TYPE_GEOMS = {
    "plane": ['<geom type="plane" size="1 0.7 0.1" pos="0 0 -0.5" euler="10 -20 0"/>',
              '<geom type="plane" size="0 0 1" pos="0 0 -2" euler="-5 3 0"/>'],
    "hfield": ['<geom type="hfield" hfield="terrain" pos="0.2 0 -0.3" euler="5 10 20"/>',
               '<geom type="hfield" hfield="flat" pos="-0.6 0.5 0.2" euler="30 0 0"/>'],
    "sphere": ['<geom type="sphere" size="0.3"/>', '<geom type="sphere" size="0.1"/>'],
    "capsule": ['<geom type="capsule" size="0.2 0.4"/>', '<geom type="capsule" size="0.1 0.05"/>'],
    "ellipsoid": ['<geom type="ellipsoid" size="0.2 0.3 0.5"/>',
                  '<geom type="ellipsoid" size="0.4 0.1 0.1"/>'],
    "cylinder": ['<geom type="cylinder" size="0.3 0.2"/>',
                 '<geom type="cylinder" size="0.1 0.5"/>'],
    "box": ['<geom type="box" size="0.3 0.2 0.1"/>', '<geom type="box" size="0.05 0.4 0.2"/>'],
    "mesh": ['<geom type="mesh" mesh="wedge"/>', '<geom type="mesh" mesh="dent"/>',
             '<geom type="mesh" mesh="tetra"/>'],
}


def scene_xml(geoms_by_body, world_geoms=()):
    bodies = "\n".join(f'<body pos="{0.7 * i} 0 0"><freejoint/>{geom}</body>'
                       for i, geom in enumerate(geoms_by_body))
    return f"""<mujoco>{ASSETS}
  <worldbody>{"".join(world_geoms)}{bodies}</worldbody>
</mujoco>"""


def type_scene(kind):
    if kind in ("plane", "hfield"):
        return scene_xml([], TYPE_GEOMS[kind])
    return scene_xml(TYPE_GEOMS[kind])


ALL_TYPES_SCENE = scene_xml(
    [g for kind in GEOM_TYPES[2:] for g in TYPE_GEOMS[kind]],
    TYPE_GEOMS["plane"][:1] + TYPE_GEOMS["hfield"])


def ray_pair(xml, seed):
    """Both engines at the same random state, geometry shared, kinematics done."""
    pair = load_pair(xml, seed=None)
    for name in SHARED_GEOMETRY:
        getattr(pair.m, name)[:] = getattr(pair.ref_m, name)
    pair.randomize(seed)
    pair.call("mj_kinematics")
    np.testing.assert_allclose(pair.d.geom_xpos, pair.ref_d.geom_xpos, atol=1e-12)
    return pair


def random_rays(pair, rng, count):
    """Origins near the geoms (many inside one) and in the scene's box; directions of random
    length."""
    centers = pair.ref_d.geom_xpos
    near = centers[rng.integers(len(centers), size=count)] + rng.normal(size=(count, 3)) * 0.3
    far = rng.uniform(-1.5, 1.5 + 0.7 * len(centers), size=(count, 3)) * [1, 0.3, 0.5]
    origins = np.where(rng.uniform(size=(count, 1)) < 0.6, near, far)
    directions = rng.normal(size=(count, 3)) * rng.uniform(0.2, 3, size=(count, 1))
    return origins, directions


def cast(engine, model, data, pnt, vec, geomgroup=None, flg_static=1, bodyexclude=-1):
    geomid = np.zeros(1, np.int32)
    x = engine.mj_ray(model, data, pnt, vec, geomgroup, flg_static, bodyexclude, geomid)
    return x, int(geomid[0])


def assert_rays_match(pair, origins, directions, **filters):
    """Every ray: same geom, distance within ATOL (relative beyond 1); returns the number of
    rays that hit."""
    __tracebackhide__ = True
    hits, failures = 0, []
    for i, (pnt, vec) in enumerate(zip(origins, directions)):
        ours = cast(mjsim, pair.m, pair.d, pnt, vec, **filters)
        ref = cast(mujoco, pair.ref_m, pair.ref_d, pnt, vec, **filters)
        hits += ref[1] >= 0
        if ours[1] != ref[1] or abs(ours[0] - ref[0]) > ATOL * max(1.0, abs(ref[0])):
            failures.append(f"ray {i} pnt {pnt} vec {vec}: ours {ours}, reference {ref}")
    assert not failures, f"{len(failures)} rays differ:\n" + "\n".join(failures[:10])
    return hits


@pytest.mark.parametrize("kind", GEOM_TYPES)
def test_ray_matches_reference_for_each_geom_type(kind):
    rng = np.random.default_rng(GEOM_TYPES.index(kind))
    hits = 0
    for seed in range(3):
        pair = ray_pair(type_scene(kind), seed)
        hits += assert_rays_match(pair, *random_rays(pair, rng, 400))
    assert hits > 60, f"only {hits} rays hit a {kind}: the test rays miss the geoms"


def test_ray_matches_reference_in_a_scene_of_every_type():
    rng = np.random.default_rng(10)
    for seed in range(3):
        pair = ray_pair(ALL_TYPES_SCENE, seed)
        assert assert_rays_match(pair, *random_rays(pair, rng, 1000)) > 200


def test_rays_starting_inside_solids_return_where_they_leave():
    """From the center of each solid geom (and from inside the height field's base and its
    terrain) the ray reports the exit distance, as the reference does."""
    pair = ray_pair(ALL_TYPES_SCENE, 4)
    rng = np.random.default_rng(5)
    geoms = [g for g in range(pair.ref_m.ngeom) if pair.ref_m.geom_type[g] not in (0, 1, 7)]
    origins = pair.ref_d.geom_xpos[geoms].repeat(20, axis=0)
    directions = rng.normal(size=(len(origins), 3))
    assert_rays_match(pair, origins, directions)
    # a random ray from a random center in the geom hits that geom (nothing else is closer)
    x, geomid = cast(mjsim, pair.m, pair.d, origins[0], directions[0])
    assert x > 0
    # height field: points in the base (z < 0) and in the terrain (0 < z < surface)
    hfield = [g for g in range(pair.ref_m.ngeom) if pair.ref_m.geom_type[g] == 1][0]
    R, center = pair.ref_d.geom_xmat[hfield].reshape(3, 3), pair.ref_d.geom_xpos[hfield]
    local = np.column_stack([rng.uniform(-0.55, 0.55, 200), rng.uniform(-0.35, 0.35, 200),
                             rng.uniform(-0.09, 0.08, 200)])
    assert_rays_match(pair, center + local @ R.T, rng.normal(size=(200, 3)))


def test_plane_is_hit_from_its_front_only_and_within_its_size():
    pair = ray_pair(scene_xml([], ['<geom type="plane" size="1 2 0.1"/>']), 0)
    m, d = pair.m, pair.d
    down, up = np.array([0, 0, -1.0]), np.array([0, 0, 1.0])
    assert cast(mjsim, m, d, [0.5, 1.5, 2], down) == (2.0, 0)
    assert cast(mjsim, m, d, [0.5, 1.5, 0], down) == (0.0, 0)   # on the plane
    assert cast(mjsim, m, d, [0.5, 1.5, -2], up) == (-1.0, -1)  # back side
    assert cast(mjsim, m, d, [1.5, 0, 2], down) == (-1.0, -1)   # beyond size[0]
    assert cast(mjsim, m, d, [1, 2, 2], [0, 0, -2.0]) == (1.0, 0)  # on the edge, |vec| = 2
    origins = np.array([[x, y, z] for x in (-1.2, 0.3, 1) for y in (-2, 0.1, 2.5)
                        for z in (-1, 0, 0.5)], float)
    assert_rays_match(pair, origins, np.tile([[0.1, -0.2, -1], [0, 0, 1], [1, 0, 0]],
                                             (len(origins) // 3, 1)))


# ---------------------------------------------------------------------------------------
# filters

FILTER_SCENE = """
<mujoco>
  <asset><material name="invisible" rgba="1 1 1 0"/><material name="visible" rgba="1 1 1 1"/>
  </asset>
  <worldbody>
    <geom name="floor" type="plane" size="0 0 1" pos="0 0 -2"/>
    <geom name="world_ball" size="0.1" pos="0 0 -1"/>
    <geom name="group7" size="0.1" pos="1 0 -1" group="7"/>
    <geom name="group_minus1" size="0.1" pos="2 0 -1" group="-1"/>
    <geom name="group3" size="0.1" pos="3 0 -1" group="3"/>
    <geom name="alpha0" size="0.1" pos="4 0 -1" rgba="1 1 1 0"/>
    <geom name="material_alpha0" size="0.1" pos="5 0 -1" material="invisible" rgba="1 1 1 1"/>
    <geom name="material_visible" size="0.1" pos="6 0 -1" material="visible" rgba="1 1 1 0"/>
    <body name="welded" pos="7 0 -1"><geom size="0.1"/></body>
    <body name="moving" pos="8 0 -1"><joint type="slide"/><geom size="0.1"/>
      <body name="child" pos="0 0 -0.5"><geom size="0.1"/></body></body>
    <body name="mocap" pos="9 0 -1" mocap="true"><geom size="0.1"/></body>
  </worldbody>
</mujoco>"""


def test_filters_match_reference():
    """geomgroup (groups outside 0..5 use the nearest flag), flg_static (world, welded and mocap
    bodies are static), bodyexclude (the body only, not its children), invisible geoms."""
    pair = ray_pair(FILTER_SCENE, 0)
    origins = np.array([[x, 0, 0.0] for x in range(10)])
    directions = np.tile([0, 0, -1.0], (10, 1))
    groups = [None] + [np.eye(6, dtype=np.uint8)[k] for k in range(6)] + \
             [np.zeros(6, np.uint8), np.ones(6, np.uint8)]
    for geomgroup in groups:
        for flg_static in (0, 1):
            for bodyexclude in (-1, 0, 1, 2, 3, 99):
                assert_rays_match(pair, origins, directions, geomgroup=geomgroup,
                                  flg_static=flg_static, bodyexclude=bodyexclude)


def test_filters_have_the_observed_effects():
    """Oracle-free statements of the filters (geom ids of FILTER_SCENE)."""
    m = mjsim.MjModel.from_xml_string(FILTER_SCENE)
    d = mjsim.MjData(m)
    mjsim.mj_kinematics(m, d)
    down = np.array([0, 0, -1.0])
    hit = lambda x, **kw: cast(mjsim, m, d, np.array([x, 0, 0.0]), down, **kw)[1]  # noqa: E731
    name = lambda g: mjsim.mj_id2name(m, mjsim.mjtObj.mjOBJ_GEOM, g)  # noqa: E731
    only = lambda k: np.eye(6, dtype=np.uint8)[k]  # noqa: E731
    assert name(hit(1, geomgroup=only(5))) == "group7"
    assert name(hit(2, geomgroup=only(0))) == "group_minus1"
    assert hit(3, geomgroup=only(2)) == -1
    assert name(hit(4)) == name(hit(5)) == "floor"            # invisible: seen through
    assert name(hit(6)) == "material_visible"
    assert hit(7, flg_static=0) == -1 and hit(9, flg_static=0) == -1 and hit(8, flg_static=0) > 0
    moving = mjsim.mj_name2id(m, mjsim.mjtObj.mjOBJ_BODY, "moving")
    assert m.geom_bodyid[hit(8, bodyexclude=moving)] == moving + 1  # the child is still seen


# ---------------------------------------------------------------------------------------
# single-geom functions and mj_multiRay


def test_ray_hfield_and_ray_mesh_match_reference():
    pair = ray_pair(ALL_TYPES_SCENE, 2)
    rng = np.random.default_rng(3)
    for g in range(pair.ref_m.ngeom):
        kind = int(pair.ref_m.geom_type[g])
        if kind not in (1, 7):
            continue
        # from around the geom, aimed near its center
        center = pair.ref_d.geom_xpos[g]
        origins = center + rng.normal(size=(300, 3)) * 0.5
        directions = center + rng.normal(size=(300, 3)) * 0.2 - origins
        function = "mj_rayHfield" if kind == 1 else "mj_rayMesh"
        ours = [getattr(mjsim, function)(pair.m, pair.d, g, p, v)
                for p, v in zip(origins, directions)]
        ref = [getattr(mujoco, function)(pair.ref_m, pair.ref_d, g, p, v)
               for p, v in zip(origins, directions)]
        np.testing.assert_allclose(ours, ref, atol=ATOL, err_msg=f"{function} geom {g}")
        assert sum(x >= 0 for x in ref) > 50


@pytest.mark.parametrize("distance", [1e6, 1e300])
def test_far_rays_at_height_fields_match_reference(distance):
    """Rays from far away: the cell range of the walls is clamped before it becomes an int
    (found by UBSan: -2147483648 - 1 in CellRange)."""
    pair = ray_pair(ALL_TYPES_SCENE, 2)
    rng = np.random.default_rng(5)
    for g in range(pair.ref_m.ngeom):
        if int(pair.ref_m.geom_type[g]) != 1:
            continue
        center = pair.ref_d.geom_xpos[g]
        for _ in range(40):
            direction = rng.normal(size=3)
            direction /= np.linalg.norm(direction)
            origin = center - distance * direction + rng.normal(size=3) * 0.1
            ours = mjsim.mj_rayHfield(pair.m, pair.d, g, origin, direction)
            ref = mujoco.mj_rayHfield(pair.ref_m, pair.ref_d, g, origin, direction)
            assert ours == pytest.approx(ref, rel=1e-9, abs=ATOL * distance)


def test_ray_geom_matches_reference():
    rng = np.random.default_rng(7)
    for geomtype in (0, 2, 3, 4, 5, 6):
        for _ in range(300):
            pos = rng.normal(size=3) * 0.3
            quat = rng.normal(size=4)
            mat = np.zeros(9)
            mujoco.mju_quat2Mat(mat, quat / np.linalg.norm(quat))
            size = rng.uniform(0.1, 1, 3)
            pnt, vec = rng.normal(size=3), rng.normal(size=3)
            ours = mjsim.mju_rayGeom(pos, mat, size, pnt, vec, geomtype)
            ref = mujoco.mju_rayGeom(pos, mat, size, pnt, vec, geomtype)
            assert abs(ours - ref) <= ATOL, (geomtype, pos, mat, size, pnt, vec, ours, ref)


def test_multi_ray_matches_reference():
    """Cutoff and filters, many rays from one point. The reference's angular culling (corners of
    the bounding box) misses some true hits; those rays must agree too, and occur."""
    pair = ray_pair(ALL_TYPES_SCENE, 1)
    rng = np.random.default_rng(8)
    nray, culled_hits = 60, 0
    for trial in range(60):
        pnt = random_rays(pair, rng, 1)[0][0]
        vec = rng.normal(size=(nray, 3)) * rng.uniform(0.2, 3, size=(nray, 1))
        cutoff = [0.3, 1.0, 2.0, 100.0][trial % 4]
        geomgroup = None if trial % 3 else rng.integers(0, 2, 6).astype(np.uint8)
        args = (geomgroup, trial % 2, [-1, 0, 2][trial % 3])
        out = {}
        for engine, m, d in ((mjsim, pair.m, pair.d), (mujoco, pair.ref_m, pair.ref_d)):
            geomid, dist = np.zeros(nray, np.int32), np.zeros(nray)
            engine.mj_multiRay(m, d, pnt, vec.ravel(), *args, geomid, dist, nray, cutoff)
            out[engine.__name__] = geomid, dist
        np.testing.assert_array_equal(out["mjsim"][0], out["mujoco"][0], f"trial {trial}")
        np.testing.assert_allclose(out["mjsim"][1], out["mujoco"][1], atol=ATOL)
        if cutoff == 100.0:
            single = [cast(mujoco, pair.ref_m, pair.ref_d, pnt, v, *args)[0] for v in vec]
            culled_hits += np.sum((np.array(single) >= 0) & (out["mujoco"][1] < 0))
    assert culled_hits > 0, "no ray exercised the reference's angular culling"


# ---------------------------------------------------------------------------------------
# the rangefinder sensor

RANGEFINDER_SCENE = """
<mujoco>
  <asset><material name="invisible" rgba="1 1 1 0"/></asset>
  <worldbody>
    <geom type="plane" size="3 3 0.1" group="4"/>
    <geom type="box" size="0.3 0.3 0.3" pos="0.6 0 0.3" material="invisible"/>
    <geom type="capsule" size="0.1 0.4" pos="-0.5 0.5 0.6" euler="0 90 0"/>
    <body pos="0 0 1"><freejoint/>
      <geom type="sphere" size="0.1"/>
      <site name="down" zaxis="0.2 0.1 -1"/>
      <site name="out" pos="0.05 0 0" zaxis="1 0 -0.3"/>
      <body pos="0 0 -0.3"><joint type="hinge" axis="1 0 0"/>
        <geom type="box" size="0.05 0.05 0.05"/>
        <site name="inside" zaxis="0 1 -1"/></body>
    </body>
  </worldbody>
  <sensor>
    <rangefinder site="down"/>
    <rangefinder site="down" cutoff="0.5"/>
    <rangefinder site="out"/>
    <rangefinder site="inside"/>
  </sensor>
</mujoco>"""


def test_rangefinder_matches_reference():
    """Along the site's z axis, its own body excluded (a child body's geom is seen), every
    group, invisible geoms skipped, -1 if nothing, cutoff clips."""
    pair = load_pair(RANGEFINDER_SCENE, seed=None)
    rng = np.random.default_rng(9)
    readings = set()
    for seed in range(30):
        for data in (pair.d, pair.ref_d):
            data.qpos[:3] = rng.uniform(-0.5, 0.5, 3) + [0, 0, 1]
            data.qpos[3:7] = rng.normal(size=4)
            data.qpos[3:7] /= np.linalg.norm(data.qpos[3:7]) if seed else 1
            data.qpos[7] = rng.uniform(-1, 1)
        pair.d.qpos[:] = pair.ref_d.qpos
        pair.call("mj_kinematics")
        mjsim.mj_sensorPos(pair.m, pair.d)
        mujoco.mj_sensorPos(pair.ref_m, pair.ref_d)
        np.testing.assert_allclose(pair.d.sensordata, pair.ref_d.sensordata, atol=ATOL,
                                   err_msg=f"state {seed}")
        readings |= {round(float(x), 6) for x in pair.ref_d.sensordata if x in (-1.0, 0.5)}
    assert readings == {-1.0, 0.5}, "the states must show both no hit and the cutoff"


# ---------------------------------------------------------------------------------------
# bad input


def test_bad_arguments_raise_naming_the_argument():
    m = mjsim.MjModel.from_xml_string(ALL_TYPES_SCENE)
    d = mjsim.MjData(m)
    mjsim.mj_kinematics(m, d)
    pnt, vec, geomid = np.zeros(3), np.array([0, 0, -1.0]), np.zeros(1, np.int32)
    with pytest.raises(TypeError, match="pnt"):
        mjsim.mj_ray(m, d, np.zeros(2), vec, None, 1, -1, geomid)
    with pytest.raises(TypeError, match="vec"):
        mjsim.mj_ray(m, d, pnt, np.zeros(4), None, 1, -1, geomid)
    with pytest.raises(TypeError, match="geomid"):
        mjsim.mj_ray(m, d, pnt, vec, None, 1, -1, np.zeros(1, np.int64))
    readonly = np.zeros(1, np.int32)
    readonly.setflags(write=False)
    with pytest.raises(TypeError, match="geomid"):
        mjsim.mj_ray(m, d, pnt, vec, None, 1, -1, readonly)
    with pytest.raises(TypeError, match="geomid"):
        mjsim.mj_ray(m, d, pnt, vec, None, 1, -1, np.zeros(2, np.int32))
    with pytest.raises(TypeError, match="geomgroup"):
        mjsim.mj_ray(m, d, pnt, vec, np.ones(6), 1, -1, geomid)
    with pytest.raises(TypeError, match="geomgroup"):
        mjsim.mj_ray(m, d, pnt, vec, np.ones(5, np.uint8), 1, -1, geomid)
    with pytest.raises(ValueError, match="too small"):  # the reference aborts the process
        mjsim.mj_ray(m, d, pnt, np.zeros(3), None, 1, -1, geomid)
    with pytest.raises(ValueError, match="geomid 0 is not a mesh"):
        mjsim.mj_rayMesh(m, d, 0, pnt, vec)
    with pytest.raises(ValueError, match="is not a height field"):
        mjsim.mj_rayHfield(m, d, m.ngeom, pnt, vec)
    with pytest.raises(ValueError, match="geom type 7"):
        mjsim.mju_rayGeom(pnt, np.eye(3).ravel(), np.ones(3), pnt, vec, 7)
    ids, dist = np.zeros(2, np.int32), np.zeros(2)
    with pytest.raises(TypeError, match="vec"):
        mjsim.mj_multiRay(m, d, pnt, np.ones(3), None, 1, -1, ids, dist, 2, 1.0)
    with pytest.raises(TypeError, match="dist"):
        mjsim.mj_multiRay(m, d, pnt, np.ones(9), None, 1, -1, np.zeros(3, np.int32), dist, 3, 1.0)
    with pytest.raises(ValueError, match="ray 1"):
        mjsim.mj_multiRay(m, d, pnt, np.array([1.0, 0, 0, 0, 0, 0]), None, 1, -1, ids, dist, 2,
                          1.0)


def test_degenerate_rays_do_not_crash():
    """NaN directions or origins hit nothing (as in the reference); huge directions scale the
    distance; tiny ones (|vec| below ~1e-7) miss most geoms in the reference, whose quadratic
    and bounding-sphere tests reject a discriminant below mjMINVAL."""
    pair = ray_pair(ALL_TYPES_SCENE, 0)
    for pnt, vec in [([0, 0, 0], [np.nan, 0, 1]), ([np.nan, 0, 0], [0, 0, -1])]:
        assert cast(mjsim, pair.m, pair.d, np.array(pnt, float), np.array(vec, float)) == \
            (-1.0, -1)
        assert cast(mujoco, pair.ref_m, pair.ref_d, np.array(pnt, float),
                    np.array(vec, float)) == (-1.0, -1)
    rng = np.random.default_rng(2)
    origins, directions = random_rays(pair, rng, 300)
    for scale in (1e-14, 1e-12, 1e-9, 1e-8, 3e-8, 1e-7, 3e-7, 1e12):
        assert_rays_match(pair, origins, directions * scale)
