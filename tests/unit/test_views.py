"""Model and data arrays are zero-copy, writable NumPy views that keep their owner alive.

No oracle: the expected values are analytic and the expected shapes are MuJoCo's conventions.
"""

import gc
import sys

import numpy as np
import pytest

import mjsim
from corpus import our_models, params

# A hinge about +y at the origin, and a bob at distance LENGTH straight below it.
LENGTH = 0.8
PENDULUM = f"""
<mujoco model="pendulum">
  <worldbody>
    <body name="arm">
      <joint name="hinge" type="hinge" axis="0 1 0"/>
      <geom type="capsule" fromto="0 0 0  0 0 -{LENGTH}" size="0.02"/>
      <body name="bob" pos="0 0 -{LENGTH}">
        <geom type="sphere" size="0.05"/>
        <site name="bob" pos="0 0 0"/>
      </body>
    </body>
  </worldbody>
</mujoco>
"""
BOB = 2  # body id: world 0, arm 1, bob 2


def bob_position(angle):
    """Rotating (0, 0, -L) by `angle` about +y gives (-L sin(angle), 0, -L cos(angle))."""
    return np.array([-LENGTH * np.sin(angle), 0.0, -LENGTH * np.cos(angle)])


@pytest.fixture
def pendulum():
    m = mjsim.MjModel.from_xml_string(PENDULUM)
    return m, mjsim.MjData(m)


def test_repeated_reads_share_memory(pendulum):
    m, d = pendulum
    assert np.shares_memory(d.qpos, d.qpos)
    assert np.shares_memory(d.xpos, d.xpos)
    assert np.shares_memory(m.body_pos, m.body_pos)


def test_writing_qpos_slice_moves_the_pendulum(pendulum):
    m, d = pendulum
    for angle in (0.0, 0.3, -1.2, 2.5):
        d.qpos[:] = [angle]
        mjsim.mj_kinematics(m, d)
        np.testing.assert_allclose(d.xpos[BOB], bob_position(angle), rtol=0, atol=1e-14)
        np.testing.assert_allclose(d.site_xpos[0], bob_position(angle), rtol=0, atol=1e-14)


def test_writing_qpos_element_moves_the_pendulum(pendulum):
    m, d = pendulum
    qpos = d.qpos  # a view held across calls sees, and makes, the engine's state
    qpos[0] = 0.7
    mjsim.mj_kinematics(m, d)
    np.testing.assert_allclose(d.xpos[BOB], bob_position(0.7), rtol=0, atol=1e-14)
    xpos = d.xpos
    qpos[0] = -0.4
    mjsim.mj_kinematics(m, d)
    np.testing.assert_allclose(xpos[BOB], bob_position(-0.4), rtol=0, atol=1e-14)


def test_writing_model_array_changes_kinematics(pendulum):
    m, d = pendulum
    m.body_pos[1] = [0.1, 0.2, 0.3]  # move the pivot
    mjsim.mj_kinematics(m, d)
    np.testing.assert_allclose(d.xpos[BOB], [0.1, 0.2, 0.3 - LENGTH], rtol=0, atol=1e-14)


def test_views_are_writable(pendulum):
    m, d = pendulum
    for array in (d.qpos, d.qvel, d.ctrl, d.qfrc_applied, d.xfrc_applied, d.mocap_pos,
                  d.xpos, d.xmat, m.body_pos, m.body_mass, m.qpos0):
        assert array.flags.writeable


def test_data_view_outlives_data(pendulum):
    m, d = pendulum
    d.qpos[0] = 0.5
    mjsim.mj_kinematics(m, d)
    qpos, xpos = d.qpos, d.xpos
    expected = xpos.copy()
    del d
    gc.collect()
    assert qpos[0] == 0.5
    np.testing.assert_array_equal(xpos, expected)
    xpos[BOB, 0] = 7.0  # still writable memory
    assert xpos[BOB, 0] == 7.0


def test_model_view_outlives_model():
    m = mjsim.MjModel.from_xml_string(PENDULUM)
    body_pos, qpos0 = m.body_pos, m.qpos0
    expected = body_pos.copy()
    del m
    gc.collect()
    np.testing.assert_array_equal(body_pos, expected)
    assert qpos0.shape == (1,)
    body_pos[1, 0] = 1.0
    assert body_pos[1, 0] == 1.0


def test_data_outlives_model():
    m = mjsim.MjModel.from_xml_string(PENDULUM)
    d = mjsim.MjData(m)
    del m
    gc.collect()
    d.qpos[0] = 0.25
    assert d.xpos.shape == (3, 3)


def test_views_of_one_model_share_one_base():
    """The views' common base counts the views still alive, as the reference's does."""
    m = mjsim.MjModel.from_xml_string(PENDULUM)
    qpos0, body_pos = m.qpos0, m.body_pos
    base = qpos0.base
    assert body_pos.base is base
    del m
    gc.collect()
    dummy = []
    alone = sys.getrefcount(dummy) - 1  # the variable alone
    assert sys.getrefcount(base) - alone == 3  # base, qpos0, body_pos
    del qpos0
    assert sys.getrefcount(base) - alone == 2


def test_data_keeps_its_python_model():
    m = mjsim.MjModel.from_xml_string(PENDULUM)
    d = mjsim.MjData(m)
    assert d.model is m
    del m
    gc.collect()
    model = d.model
    assert d.model is model
    count = sys.getrefcount(d.model)  # outside assert: pytest's rewriting holds references
    assert count == 3  # d, model, the argument


def test_addresses_are_distinct(pendulum):
    m, d = pendulum
    m2 = mjsim.MjModel.from_xml_string(PENDULUM)
    d2 = mjsim.MjData(m2)
    addresses = {m._address, d._address, m2._address, d2._address}
    assert len(addresses) == 4 and min(addresses) > 0


def test_empty_rows_are_arrays_of_their_own(pendulum):
    """No constraint rows: efc_* are empty arrays owning their (no) data; with rows, views."""
    m, d = pendulum
    mjsim.mj_forward(m, d)
    assert d.nefc == 0 and d.efc_type.shape == (0,) and d.efc_type.flags["OWNDATA"]
    assert d.efc_J.shape == (0,)
    limited = mjsim.MjModel.from_xml_string(PENDULUM.replace(
        'axis="0 1 0"/>', 'axis="0 1 0" range="-1 1" limited="true"/>'))
    d = mjsim.MjData(limited)
    d.qpos[0] = 2
    mjsim.mj_forward(limited, d)
    assert d.nefc == 1 and not d.efc_type.flags["OWNDATA"]


def test_reset_data_restores_qpos0(pendulum):
    m, d = pendulum
    d.qpos[0] = 1.0
    d.time = 2.0
    mjsim.mj_resetData(m, d)
    assert d.qpos[0] == m.qpos0[0] == 0.0
    assert d.time == 0.0


def expected_shapes(m):
    """MuJoCo's shapes: one row per object, vectors 1-d, matrices flattened row-major (9)."""
    return {
        "model": {
            "body_pos": (m.nbody, 3), "body_quat": (m.nbody, 4), "body_ipos": (m.nbody, 3),
            "body_iquat": (m.nbody, 4), "body_mass": (m.nbody,), "body_inertia": (m.nbody, 3),
            "body_parentid": (m.nbody,), "body_rootid": (m.nbody,), "body_jntnum": (m.nbody,),
            "body_jntadr": (m.nbody,), "body_mocapid": (m.nbody,),
            "jnt_type": (m.njnt,), "jnt_qposadr": (m.njnt,), "jnt_dofadr": (m.njnt,),
            "jnt_bodyid": (m.njnt,), "jnt_pos": (m.njnt, 3), "jnt_axis": (m.njnt, 3),
            "dof_bodyid": (m.nv,), "qpos0": (m.nq,),
            "geom_pos": (m.ngeom, 3), "geom_quat": (m.ngeom, 4), "geom_size": (m.ngeom, 3),
            "geom_bodyid": (m.ngeom,), "site_pos": (m.nsite, 3), "site_quat": (m.nsite, 4),
            "site_bodyid": (m.nsite,),
        },
        "data": {
            "qpos": (m.nq,), "qvel": (m.nv,), "act": (m.na,), "ctrl": (m.nu,),
            "qfrc_applied": (m.nv,), "xfrc_applied": (m.nbody, 6),
            "mocap_pos": (m.nmocap, 3), "mocap_quat": (m.nmocap, 4),
            "xpos": (m.nbody, 3), "xquat": (m.nbody, 4), "xmat": (m.nbody, 9),
            "xanchor": (m.njnt, 3), "xaxis": (m.njnt, 3),
            "xipos": (m.nbody, 3), "ximat": (m.nbody, 9),
            "geom_xpos": (m.ngeom, 3), "geom_xmat": (m.ngeom, 9),
            "site_xpos": (m.nsite, 3), "site_xmat": (m.nsite, 9),
            "subtree_com": (m.nbody, 3), "cinert": (m.nbody, 10), "cdof": (m.nv, 6),
        },
    }


INTEGER_FIELDS = {"body_parentid", "body_rootid", "body_jntnum", "body_jntadr", "body_mocapid",
                  "jnt_type", "jnt_qposadr", "jnt_dofadr", "jnt_bodyid", "dof_bodyid",
                  "geom_bodyid", "site_bodyid"}


@pytest.mark.parametrize("model", params(our_models()))
def test_shapes_and_dtypes_follow_mujoco(model):
    m = mjsim.MjModel.from_xml_path(str(model))
    d = mjsim.MjData(m)
    shapes = expected_shapes(m)
    for owner, fields in (("model", m), ("data", d)):
        for field, shape in shapes[owner].items():
            array = getattr(fields, field)
            assert isinstance(array, np.ndarray), f"{owner}.{field} is {type(array).__name__}"
            assert array.shape == shape, f"{owner}.{field}: shape {array.shape}, expected {shape}"
            dtype = np.int32 if field in INTEGER_FIELDS else np.float64
            assert array.dtype == dtype, f"{owner}.{field}: dtype {array.dtype}, expected {dtype}"
    assert isinstance(d.time, float)
