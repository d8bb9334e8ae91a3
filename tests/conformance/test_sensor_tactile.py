"""The tactile sensor (cpp/src/engine/sensor_tactile.cc) against the reference.

Compared: the penetration channel of the vertices the reference reports (k with 3k < nvert,
see the file's header), for spheres, capsules, cylinders and ellipsoids touching a rotated,
offset sensor geom at random poses. The whole reading (every vertex, the slip channels, boxes)
is a strict xfail in tests/conformance/test_sensor_data.py."""

import math

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402

GRID = [(x, y, 0.05) for x in (-0.06, 0, 0.06) for y in (-0.06, 0, 0.06)] + [(0.0, 0.0, 0.0)]
VERTS = " ".join(f"{a} {b} {c}" for a, b, c in GRID)

OTHERS = {
    "sphere": '<geom type="sphere" size="0.02"/>',
    "capsule": '<geom type="capsule" size="0.015 0.02"/>',
    "cylinder": '<geom type="cylinder" size="0.02 0.015"/>',
    "ellipsoid": '<geom type="ellipsoid" size="0.015 0.02 0.025"/>',
}


def scene(other, pos, quat, joint="<freejoint/>"):
    return f"""<mujoco>
      <asset><mesh name="pad" vertex="{VERTS}"/></asset>
      <worldbody>
        <body pos="0.3 -0.2 0.1" euler="20 30 40">
          <geom name="base" type="box" size="0.5 0.5 0.5" pos="0.05 0.02 -0.01" euler="10 0 5"/>
        </body>
        <body name="probe" pos="{pos[0]} {pos[1]} {pos[2]}"
              quat="{quat[0]} {quat[1]} {quat[2]} {quat[3]}">{joint}{other}</body>
      </worldbody>
      <sensor><clock/><tactile geom="base" mesh="pad"/></sensor>
    </mujoco>"""


def readings(lib, xml):
    m = lib.MjModel.from_xml_string(xml)
    d = lib.MjData(m)
    lib.mj_forward(m, d)
    return m, d


def taxel_world(m, d, k):
    """World position of vertex k of the pad on the base geom (reference data)."""
    vert = m.mesh_vert[m.mesh_vertadr[0] + k].astype(float)
    return d.geom_xpos[0] + d.geom_xmat[0].reshape(3, 3) @ vert


@pytest.mark.parametrize("other", OTHERS)
@pytest.mark.parametrize("seed", range(4))
def test_tactile_penetration_matches_reference(other, seed):
    rng = np.random.default_rng(seed)
    m0, d0 = readings(mujoco, scene(OTHERS[other], (0, 0, 3), (1, 0, 0, 0)))
    nvert = m0.mesh_vertnum[0]
    reported = math.ceil(nvert / 3)  # the vertices the reference reports (3k < nvert)
    nonzero = 0
    for k in range(reported):
        quat = rng.standard_normal(4)
        quat /= np.linalg.norm(quat)
        center = taxel_world(m0, d0, k) + rng.uniform(-0.012, 0.012, 3)
        xml = scene(OTHERS[other], center, quat)
        _, ref = readings(mujoco, xml)
        m, ours = readings(mjsim, xml)
        adr = m.sensor_adr[1]
        got, want = ours.sensordata[adr:adr + reported], ref.sensordata[adr:adr + reported]
        np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-12, err_msg=f"{other} k={k}")
        nonzero += np.count_nonzero(want)
    assert nonzero > 0, "the poses must give the reference readings"


def test_tactile_needs_a_contact_with_the_sensor_geom():
    """A geom that overlaps a taxel without touching the sensor geom reads nothing."""
    m0, d0 = readings(mujoco, scene(OTHERS["sphere"], (0, 0, 3), (1, 0, 0, 0)))
    center = taxel_world(m0, d0, 1)
    other = '<geom type="sphere" size="0.02" contype="2" conaffinity="2"/>'
    for lib in (mjsim, mujoco):
        m, d = readings(lib, scene(other, center, (1, 0, 0, 0)))
        assert d.ncon == 0
        np.testing.assert_array_equal(d.sensordata[m.sensor_adr[1]:], 0)


def test_tactile_takes_the_deepest_of_several_geoms():
    m0, d0 = readings(mujoco, scene(OTHERS["sphere"], (0, 0, 3), (1, 0, 0, 0)))
    p = taxel_world(m0, d0, 1)
    two = ('<geom type="sphere" size="0.02"/>'
           f'<geom type="sphere" size="0.02" pos="0 0 {-0.02 - 0.016 + 0.02}"/>')
    xml = scene(two, p + [0, 0, 0.018], (1, 0, 0, 0))
    (m, ours), (_, ref) = readings(mjsim, xml), readings(mujoco, xml)
    adr = m.sensor_adr[1]
    np.testing.assert_allclose(ours.sensordata[adr:adr + 4], ref.sensordata[adr:adr + 4],
                               rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("bad", [np.nan, np.inf, 1e30])
def test_tactile_survives_bad_poses(bad):
    xml = scene(OTHERS["ellipsoid"], (0, 0, 0.3), (1, 0, 0, 0), joint="<freejoint/>")
    m = mjsim.MjModel.from_xml_string(xml)
    d = mjsim.MjData(m)
    d.qpos[:] = bad
    mjsim.mj_forward(m, d)
    assert np.all(np.isfinite(d.sensordata))
