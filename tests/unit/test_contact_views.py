"""d.contact and d.ncon: views over this step's contacts, bounded by the arena, copied and
pickled with the Data; the contact-full warning instead of an overflow. No reference needed."""

from __future__ import annotations

import copy
import importlib
import pickle

import numpy as np
import pytest

import mjsim

SPHERES = """
<mujoco>
  {size}
  <worldbody>
    <geom type="plane" size="10 10 1"/>
    {bodies}
  </worldbody>
</mujoco>
"""


def spheres(count, size=""):
    bodies = "".join(f'<body pos="{0.3 * i} 0 0.09"><freejoint/>'
                     f'<geom type="sphere" size=".1"/></body>' for i in range(count))
    m = mjsim.MjModel.from_xml_string(SPHERES.format(size=size, bodies=bodies))
    return m, mjsim.MjData(m)


def test_contact_views_have_the_current_length():
    m, d = spheres(3)
    assert d.ncon == 0 and len(d.contact) == 0 and d.contact.dist.shape == (0,)
    mjsim.mj_forward(m, d)
    assert d.ncon == 3 and len(d.contact) == 3
    assert d.contact.frame.shape == (3, 9) and d.contact.H.shape == (3, 36)
    assert d.contact.geom.tolist() == [[0, 1], [0, 2], [0, 3]]
    np.testing.assert_allclose(d.contact.dist, -0.01, atol=1e-15)
    assert d.contact[1].geom2 == 2 and d.contact[-1].geom2 == 3
    np.testing.assert_allclose(d.contact[0].frame[:3], [0, 0, 1])


def test_contact_views_share_memory_and_write_through():
    m, d = spheres(2)
    mjsim.mj_forward(m, d)
    view = d.contact.dist
    view[0] = 5.0
    assert d.contact[0].dist == 5.0
    d.contact[1].pos = [1, 2, 3]
    np.testing.assert_array_equal(d.contact.pos[1], [1, 2, 3])


def test_contact_index_out_of_range():
    m, d = spheres(2)
    mjsim.mj_forward(m, d)
    with pytest.raises(IndexError, match="contact index"):
        d.contact[2]
    with pytest.raises(IndexError):
        d.contact[-3]


def test_stale_contact_reads_the_arena_safely():
    # as the reference's, d.contact[i] is a view of the arena slot, which the Data keeps
    m, d = spheres(2)
    mjsim.mj_forward(m, d)
    second = d.contact[1]
    mjsim.mj_resetData(m, d)
    del d
    assert isinstance(second.dist, float)


def test_copy_and_pickle_keep_contacts():
    m, d = spheres(3)
    mjsim.mj_forward(m, d)
    for other in (copy.copy(d), copy.deepcopy(d), pickle.loads(pickle.dumps(d))):
        assert other.ncon == 3
        np.testing.assert_array_equal(other.contact.pos, d.contact.pos)


def test_full_arena_warns_instead_of_overflowing():
    # 16K: collision's scratch (boxes, sweep, pairs) takes about 8K of it from the end
    m, d = spheres(40, size='<size memory="16K"/>')
    mjsim.mj_forward(m, d)
    capacity = 16 * 1024 // 584  # sizeof(mjContact)
    assert 0 < d.ncon <= capacity
    assert d.warning[1].number > 0  # mjWARN_CONTACTFULL
    assert np.isfinite(d.contact.dist).all()


def test_nan_pose_gives_no_nan_contact():
    m, d = spheres(3)
    d.qpos[2] = np.nan
    d.qpos[10] = np.inf
    mjsim.mj_kinematics(m, d)
    mjsim.mj_collision(m, d)
    assert np.isfinite(d.contact.dist).all() and np.isfinite(d.contact.pos).all()


def test_collision_checks_model_and_data_match():
    m, d = spheres(2)
    other, _ = spheres(3)
    with pytest.raises((ValueError, TypeError)):
        mjsim.mj_collision(other, d)


def test_contact_list_slices():
    m, d = spheres(4)
    mjsim.mj_forward(m, d)
    head = d.contact[:2]
    assert len(head) == 2 and head.geom.tolist() == [[0, 1], [0, 2]]
    tail = d.contact[1:]
    assert len(tail) == 3 and tail[0].geom2 == 2 and tail.dist.shape == (3,)
    assert len(d.contact[10:]) == 0
    with pytest.raises(ValueError, match="step 1"):
        d.contact[::2]


@pytest.mark.parametrize("engine_name", ["mujoco", "mjsim"])
def test_realloc_con_efc_lays_out_zeroed_rows(engine_name):
    """_realloc_con_efc (the reference's private helper, in its _functions module): contacts
    and rows of the sizes asked for, nJ Jacobian entries; what does not fit (or a negative
    count) is a FatalError that leaves no contacts or rows. The reference leaves the arena's
    old bytes in them; mjsim zeroes them."""
    engine = pytest.importorskip(engine_name)
    functions = importlib.import_module(f"{engine_name}._functions")
    m = engine.MjModel.from_xml_string(SPHERES.format(size="", bodies=(
        '<body><freejoint/><geom type="sphere" size=".1"/></body>')))
    d = engine.MjData(m)
    engine.mj_forward(m, d)
    functions._realloc_con_efc(d, 3, 5)
    assert (d.ncon, d.nefc) == (3, 5) and len(d.contact) == 3
    assert d.efc_KBIP.shape == (5, 4)
    if engine_name == "mjsim":
        assert not d.contact.dist.any() and not d.efc_id.any()
    functions._realloc_con_efc(d, ncon=2, nefc=4, nJ=30)
    assert d.nJ == 30 and d.efc_J.shape == (30,) and d.efc_type.shape == (4,)
    for ncon, nefc in [(10**8, 10**8), (-1, 0), (0, -1)]:
        with pytest.raises(engine.FatalError, match="insufficient arena memory available"):
            functions._realloc_con_efc(d, ncon, nefc)
        assert d.ncon == 0 and d.efc_id.shape == (0,)
    engine.mj_forward(m, d)
    assert d.ncon == 1 and d.nJ == d.nefc * m.nv
