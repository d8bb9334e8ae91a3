"""The small structs (bindings/structs.h) without the oracle: owned structs and views, pickling
(mjsim's own: the reference does not pickle them), keep-alive, and bad input."""

import copy
import gc
import pickle

import numpy as np
import pytest

import mjsim

STRUCTS = ["MjOption", "MjStatistic", "MjContact", "MjLROpt", "MjWarningStat", "MjTimerStat",
           "MjSolverStat"]

SPHERES = """
<mujoco><worldbody>
  <geom type="plane" size="1 1 1"/>
  <body pos="0 0 0.09"><freejoint/><geom size="0.1"/></body>
  <body pos="0.5 0 0.09"><freejoint/><geom size="0.1"/></body>
</worldbody></mujoco>
"""


def stepped():
    m = mjsim.MjModel.from_xml_string(SPHERES)
    d = mjsim.MjData(m)
    mjsim.mj_forward(m, d)
    assert d.ncon == 2
    return m, d


@pytest.mark.parametrize("name", STRUCTS)
def test_pickle_round_trips_an_owned_copy(name):
    struct = getattr(mjsim, name)()
    members = [n for n in dir(struct) if not n.startswith("_")]
    setattr(struct, members[-1], 1)
    back = pickle.loads(pickle.dumps(struct))
    assert back == struct and type(back) is type(struct)
    setattr(back, members[-1], 0)
    assert back != struct


def test_views_pickle_as_owned_structs():
    m, d = stepped()
    for view in (m.opt, m.vis, m.stat, m.vis.map, d.contact[1], d.warning[0], d.solver[3]):
        back = pickle.loads(pickle.dumps(view))
        assert back == view


def test_corrupted_pickle_raises_value_error():
    with pytest.raises(ValueError, match="wrong size"):
        mjsim.MjOption.__new__(mjsim.MjOption).__setstate__(b"short")


def test_views_keep_their_model_and_data_alive():
    m, d = stepped()
    opt, gravity, contact, pos = m.opt, m.opt.gravity, d.contact[0], d.contact[0].pos
    expected = contact.dist
    del m, d
    gc.collect()
    assert opt.timestep == 0.002
    np.testing.assert_array_equal(gravity, [0, 0, -9.81])
    assert contact.dist == expected
    pos[0] = 5
    assert contact.pos[0] == 5


def test_array_members_are_views_of_owned_and_viewed_structs():
    contact = mjsim.MjContact()
    contact.H[3] = 1
    assert contact.H[3] == 1
    m, d = stepped()
    d.contact[1].frame[0] = 0.25
    assert d.contact.frame[1, 0] == 0.25
    copied = copy.deepcopy(d.contact[1])
    copied.frame[0] = 0.5
    assert d.contact[1].frame[0] == 0.25


def test_default_functions_reset_views_and_owned_structs():
    m, _ = stepped()
    m.opt.timestep = 1
    m.vis.global_.fovy = 1
    mjsim.mj_defaultOption(m.opt)
    mjsim.mj_defaultVisual(m.vis)
    assert m.opt.timestep == 0.002 and m.vis.global_.fovy == 45
    options = mjsim.MjLROpt()
    mjsim.mj_defaultLROpt(options)
    assert options.mode == 1 and options.useexisting == 1 and options.accel == 20


@pytest.mark.parametrize("value", [None, "x", mjsim.MjOption, object()])
def test_struct_functions_refuse_other_objects(value):
    with pytest.raises(TypeError):
        mjsim.mj_defaultOption(value)
    with pytest.raises(TypeError):
        mjsim.mj_defaultLROpt(value)


def test_struct_function_refuses_a_struct_of_another_kind():
    with pytest.raises(TypeError):
        mjsim.mj_defaultOption(mjsim.MjLROpt())


@pytest.mark.parametrize("member", ["gravity", "o_solimp"])
def test_none_for_an_array_member_raises_type_error(member):
    # the reference writes NaN into every element
    with pytest.raises(TypeError, match="None"):
        setattr(mjsim.MjOption(), member, None)


def test_contact_list_slices_compare_element_wise():
    _, d = stepped()
    _, d2 = stepped()
    assert d.contact[1:] == d2.contact[1:]
    assert d.contact[:1] != d.contact[1:]
    assert d.contact != d.contact[1:]
    d2.contact[0].dist += 1
    assert d.contact[1:] == d2.contact[1:] and d.contact != d2.contact
    with pytest.raises(TypeError):
        hash(d.contact)


def test_constructed_struct_is_not_shared():
    a, b = mjsim.MjOption(), mjsim.MjOption()
    a.gravity[2] = 1
    assert b.gravity[2] == -9.81
