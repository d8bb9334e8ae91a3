"""copy.copy, copy.deepcopy and pickle of MjModel and MjData (cpp/bindings/module.cc), with
mujoco's semantics: copying a Data shares its model, deep copies and pickles copy the model
too; every array, time, energy and warning counter survives; copies are independent."""

import copy
import pickle

import numpy as np
import pytest

import mjsim
from corpus import MODELS_DIR

PATH = str(MODELS_DIR / "actuator_shortcuts.xml")


def stepped_data():
    m = mjsim.MjModel.from_xml_path(PATH)
    d = mjsim.MjData(m)
    d.qpos[:] = np.linspace(0.1, 0.4, m.nq)
    d.act[:] = 0.3
    mjsim.mj_kinematics(m, d)
    d.time = 1.25
    d.warning[3].number = 2
    d.energy[:] = [1.5, 2.5]
    return m, d


def assert_same_data(a, b):
    for name in ("qpos", "act", "xpos", "xmat", "subtree_com"):
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name))
        assert not np.shares_memory(getattr(a, name), getattr(b, name))
    assert a.time == b.time
    np.testing.assert_array_equal(a.energy, b.energy)
    np.testing.assert_array_equal(a.warning.number, b.warning.number)


def test_copy_data_shares_model():
    m, d = stepped_data()
    c = copy.copy(d)
    assert c.model is d.model
    assert_same_data(c, d)
    c.qpos[0] = 9
    assert d.qpos[0] != 9


@pytest.mark.parametrize("duplicate", [copy.deepcopy, lambda d: pickle.loads(pickle.dumps(d))],
                         ids=["deepcopy", "pickle"])
def test_deep_copies_of_data_copy_the_model(duplicate):
    m, d = stepped_data()
    c = duplicate(d)
    assert c.model is not d.model
    assert_same_data(c, d)
    np.testing.assert_array_equal(c.model.body_mass, m.body_mass)
    c.model.body_mass[1] = 123
    assert m.body_mass[1] != 123


@pytest.mark.parametrize("duplicate", [copy.copy, copy.deepcopy, lambda m: pickle.loads(pickle.dumps(m))],
                         ids=["copy", "deepcopy", "pickle"])
def test_model_copies_are_independent_and_equal(duplicate):
    m = mjsim.MjModel.from_xml_path(PATH)
    m.opt.timestep = 0.004
    c = duplicate(m)
    assert c is not m
    assert c.opt.timestep == 0.004 and c.nu == m.nu and c.vis.global_.offwidth == m.vis.global_.offwidth
    for name in ("body_mass", "actuator_gainprm", "qpos0", "name_bodyadr"):
        np.testing.assert_array_equal(getattr(c, name), getattr(m, name))
    assert c.names == m.names
    c.actuator_gainprm[0, 0] = -5
    assert m.actuator_gainprm[0, 0] != -5


def test_bad_pickle_state_is_rejected():
    blank = mjsim.MjModel.__new__(mjsim.MjModel)
    with pytest.raises(ValueError, match="not a pickled mjsim MjModel"):
        blank.__setstate__(("something else",))
    blank_data = mjsim.MjData.__new__(mjsim.MjData)
    with pytest.raises(ValueError, match="not a pickled mjsim MjData"):
        blank_data.__setstate__((1, 2))
