"""The tactile sensor (cpp/src/engine/sensor_tactile.cc) against the reference.

The whole reading (penetration and both slip channels of every taxel) is compared at rtol 1e-6
(the issue's criterion; the readings scale with |N|^2 and project on N for mesh normals N, and
mjsim's compiled mesh_normal differs from the reference's by float rounding, up to 1.3e-7):
random meshes on a moving, rotated sensor geom, touched by spheres, capsules, cylinders,
ellipsoids and boxes at random poses and velocities; several touching geoms on one taxel (the
last contact wins); a mesh followed by another mesh (whose normals the reference reads); a
plane as the touching geom and as the sensor geom. Mesh geoms read nothing in both engines; an
hfield (a fatal error in the reference) reads nothing in mjsim."""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402

RTOL = 1e-6

OTHERS = {
    "sphere": '<geom type="sphere" size="{a}"/>',
    "capsule": '<geom type="capsule" size="{a} {b}"/>',
    "cylinder": '<geom type="cylinder" size="{a} {b}"/>',
    "ellipsoid": '<geom type="ellipsoid" size="{a} {b} {c}"/>',
    "box": '<geom type="box" size="{a} {b} {c}"/>',
}


def load(lib, xml, qvel=None):
    m = lib.MjModel.from_xml_string(xml)
    d = lib.MjData(m)
    if qvel is not None:
        d.qvel[:] = qvel
    lib.mj_forward(m, d)
    return m, d


def touching_pairs(d):
    """The distinct geom pairs of d.contact in order of first appearance."""
    pairs = []
    for c in range(d.ncon):
        pair = (int(d.contact.geom1[c]), int(d.contact.geom2[c]))
        if pair not in pairs:
            pairs.append(pair)
    return pairs


def assert_tactile_close(xml, qvel=None, context=""):
    """mj_forward in both engines; every tactile sensor's whole reading compared. Returns the
    number of nonzero reference values (so callers can check the case is not empty)."""
    m, ours = load(mjsim, xml, qvel)
    ref_m, ref = load(mujoco, xml, qvel)
    # the touching geoms, in contact order, must agree (box-box pairs may differ in their number
    # of contacts: a collider matter, which the reading does not see)
    assert touching_pairs(ours) == touching_pairs(ref), context
    nonzero = 0
    for s in range(ref_m.nsensor):
        if ref_m.sensor_type[s] != mujoco.mjtSensor.mjSENS_TACTILE:
            continue
        rows = slice(ref_m.sensor_adr[s], ref_m.sensor_adr[s] + ref_m.sensor_dim[s])
        want = ref.sensordata[rows]
        # past the normal array the reference reads unrelated memory: values below 1e-30 there
        want = np.where(np.abs(want) < 1e-30, 0.0, want)
        np.testing.assert_allclose(ours.sensordata[rows], want, rtol=RTOL, atol=RTOL,
                                   err_msg=f"{context} sensor {s}")
        nonzero += np.count_nonzero(want)
    return nonzero


def random_scene(rng, nvert, probes, mesh_after=""):
    """A random pad on a box geom of a free, rotated body, and free probe bodies."""
    verts = " ".join(f"{x:.4f}" for x in rng.uniform(-0.08, 0.08, (nvert, 3)).ravel())
    bodies = ""
    for pos, kind in probes:
        a, b, c = rng.uniform(0.01, 0.03, 3)
        quat = rng.standard_normal(4)
        quat /= np.linalg.norm(quat)
        bodies += (f'<body pos="{pos[0]} {pos[1]} {pos[2]}" quat="{" ".join(map(str, quat))}">'
                   f'<freejoint/>{OTHERS[kind].format(a=a, b=b, c=c)}</body>')
    return f"""<mujoco>
      <asset><mesh name="pad" vertex="{verts}"/>{mesh_after}</asset>
      <worldbody>
        <body pos="0.1 -0.2 0.05" euler="10 20 30"><freejoint/>
          <geom name="base" type="box" size="0.5 0.5 0.5" pos="0.02 0.01 -0.03" euler="5 -10 15"/>
        </body>
        {bodies}
      </worldbody>
      <sensor><tactile geom="base" mesh="pad"/></sensor>
    </mujoco>"""


def taxel_positions(xml):
    """World positions of the pad's taxels (the compiled vertices on the sensor geom)."""
    m, d = load(mujoco, xml)
    adr, n = m.mesh_vertadr[0], m.mesh_vertnum[0]
    return d.geom_xpos[0] + m.mesh_vert[adr:adr + n].astype(float) @ d.geom_xmat[0].reshape(3, 3).T


def probed_scene(seed, kinds, mesh_after=""):
    """Probes centered near random reported taxels; returns the xml and the model's nv."""
    rng = np.random.default_rng(seed)
    nvert = int(rng.integers(8, 20))
    empty = random_scene(np.random.default_rng(seed), nvert, [], mesh_after)
    taxels = taxel_positions(empty)
    probes = []
    for _ in range(int(rng.integers(1, 4))):
        k = rng.integers(0, (len(taxels) + 2) // 3)
        probes.append((taxels[k] + rng.uniform(-0.01, 0.01, 3), kinds[rng.integers(len(kinds))]))
    return random_scene(np.random.default_rng(seed), nvert, probes, mesh_after), rng


@pytest.mark.parametrize("kind", OTHERS)
def test_tactile_whole_reading_matches_reference(kind):
    nonzero = 0
    for seed in range(8):
        xml, rng = probed_scene(seed, [kind])
        nv = mujoco.MjModel.from_xml_string(xml).nv
        nonzero += assert_tactile_close(xml, rng.standard_normal(nv), f"{kind} seed {seed}")
    assert nonzero > 0, "the poses must give the reference readings"


def test_tactile_mixed_touching_geoms_match_reference():
    """Several touching geoms of different types, often on one taxel (the last contact in
    d.contact wins, not the deepest)."""
    nonzero = 0
    for seed in range(20, 40):
        xml, rng = probed_scene(seed, list(OTHERS))
        nv = mujoco.MjModel.from_xml_string(xml).nv
        nonzero += assert_tactile_close(xml, rng.standard_normal(nv), f"seed {seed}")
    assert nonzero > 0


def test_tactile_reads_the_following_meshs_normals():
    """With a mesh after the pad, rows past the pad's normals use the next mesh's normals (the
    reference reads the global normal array): more taxels report."""
    tet = '<mesh name="tet" vertex="0 0 0  1 0 0  0 1 0  0 0 1" normal="0.6 0.8 0  0 1 0  0 0 1  1 1 1"/>'
    nonzero = 0
    for seed in range(6):
        xml, rng = probed_scene(seed, ["sphere", "box"], mesh_after=tet)
        nv = mujoco.MjModel.from_xml_string(xml).nv
        nonzero += assert_tactile_close(xml, rng.standard_normal(nv), f"seed {seed}")
    assert nonzero > 0


def test_tactile_last_contact_wins():
    """Two spheres on one taxel: the reading is the later contact's, although the other is
    deeper."""
    xml0 = random_scene(np.random.default_rng(0), 10, [])
    p = taxel_positions(xml0)[0]
    deep = (p + [0, 0, 0.002], "sphere")
    shallow = (p + [0.0, 0.0, 0.018], "sphere")
    xml = random_scene(np.random.default_rng(0), 10, [deep, shallow])
    assert assert_tactile_close(xml, None, "two spheres") > 0


PLANE_SCENE = """
<mujoco>
  <asset><mesh name="pad" vertex="-0.05 -0.05 0  0.05 -0.05 0  0.05 0.05 0  -0.05 0.05 0  0 0 0.01"/>
    <mesh name="ball_pad" vertex="-0.05 -0.03 -0.097  0.05 -0.03 -0.097  0.05 0.03 -0.097
      -0.05 0.03 -0.097  -0.05 -0.03 0.097  0.05 -0.03 0.097  0.05 0.03 0.097  -0.05 0.03 0.097"/>
  </asset>
  <worldbody>
    <geom name="floor" type="plane" size="2 2 0.1"/>
    <body name="box" pos="0 0 0.098"><freejoint/><geom type="box" size="0.1 0.1 0.1"/></body>
    <body name="ball" pos="0.5 0 0.2"><freejoint/>
      <geom name="ball" type="sphere" size="0.1"/></body>
  </worldbody>
  <sensor><tactile geom="floor" mesh="pad"/><tactile geom="ball" mesh="ball_pad"/></sensor>
</mujoco>"""


@pytest.mark.parametrize("seed", range(6))
def test_tactile_plane_as_sensor_and_as_touching_geom(seed):
    """A box on a tactile floor (box sdf) and a tactile ball on the floor (plane sdf), moving."""
    rng = np.random.default_rng(seed)
    m = mujoco.MjModel.from_xml_string(PLANE_SCENE)
    qpos = m.qpos0.copy()
    qpos[:3] = [rng.uniform(-0.05, 0.05), rng.uniform(-0.05, 0.05), rng.uniform(0.09, 0.1)]
    quat = rng.standard_normal(4) * [1, 0.05, 0.05, 0.05]
    qpos[3:7] = quat / np.linalg.norm(quat)
    qpos[7:10] = [0.5, 0, rng.uniform(0.092, 0.1)]
    xml = PLANE_SCENE.replace('pos="0 0 0.098"', 'pos="{} {} {}"'.format(*qpos[:3]))
    xml = xml.replace('<body name="box"', f'<body name="box" quat="{" ".join(map(str, qpos[3:7]))}"')
    xml = xml.replace('pos="0.5 0 0.2"', 'pos="{} {} {}"'.format(*qpos[7:10]))
    assert assert_tactile_close(xml, rng.standard_normal(m.nv), f"seed {seed}") > 0


def test_tactile_mesh_touching_geom_reads_nothing():
    xml0 = random_scene(np.random.default_rng(1), 10, [])
    p = taxel_positions(xml0)[0]
    cube = ('<mesh name="cube" vertex="-0.03 -0.02 -0.01  0.03 -0.02 -0.01  -0.03 0.02 -0.01  '
            '0.03 0.02 -0.01  -0.03 -0.02 0.01  0.03 -0.02 0.01  -0.03 0.02 0.01  0.03 0.02 0.01"/>')
    xml = random_scene(np.random.default_rng(1), 10, [], mesh_after=cube).replace(
        "</worldbody>", f'<body pos="{p[0]} {p[1]} {p[2]}"><freejoint/>'
                        '<geom type="mesh" mesh="cube"/></body></worldbody>')
    m, d = load(mjsim, xml, np.ones(12))
    assert d.ncon > 0
    assert assert_tactile_close(xml, np.ones(12), "mesh") == 0


def test_tactile_hfield_touching_geom_reads_nothing():
    """The reference stops with a fatal error ('sdf collisions not available for geom type 1');
    mjsim reads nothing and does not crash."""
    xml = """<mujoco>
      <asset><mesh name="pad" vertex="0 0 0  0.001 0 0  0 0.001 0  0 0 0.001"/>
        <hfield name="hf" nrow="3" ncol="3" size="1 1 0.02 0.01" elevation="1 1 1 1 1 1 1 1 1"/>
      </asset>
      <worldbody><geom type="hfield" hfield="hf"/>
        <body pos="0 0 0.04"><freejoint/><geom name="base" type="box" size="0.05 0.05 0.05"/></body>
      </worldbody>
      <sensor><tactile geom="base" mesh="pad"/></sensor>
    </mujoco>"""
    m, d = load(mjsim, xml, np.ones(6))
    assert d.ncon > 0
    np.testing.assert_array_equal(d.sensordata, 0)


def test_tactile_needs_a_contact_with_the_sensor_geom():
    """A geom that overlaps a taxel without touching the sensor geom reads nothing."""
    xml0 = random_scene(np.random.default_rng(2), 10, [])
    p = taxel_positions(xml0)[1]
    xml = random_scene(np.random.default_rng(2), 10, [(p, "sphere")]).replace(
        '<geom type="sphere"', '<geom type="sphere" contype="2" conaffinity="2"')
    for lib in (mjsim, mujoco):
        m, d = load(lib, xml)
        assert d.ncon == 0
        np.testing.assert_array_equal(d.sensordata, 0)


@pytest.mark.parametrize("bad", [np.nan, np.inf, 1e30])
def test_tactile_survives_bad_poses(bad):
    xml, _ = probed_scene(3, ["ellipsoid", "box"])
    m = mjsim.MjModel.from_xml_string(xml)
    d = mjsim.MjData(m)
    d.qpos[:] = bad
    d.qvel[:] = bad
    mjsim.mj_forward(m, d)
    assert np.all(np.isfinite(d.sensordata))
