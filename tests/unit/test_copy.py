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


# ---- every Data field survives copy, deepcopy and pickle, at random states ----------------

from corpus import corpus_models, label  # noqa: E402

DUPLICATES = {"copy": copy.copy, "deepcopy": copy.deepcopy,
              "pickle": lambda d: pickle.loads(pickle.dumps(d))}


def data_field_values(d):
    """name -> value of every Data field, enumerated from the field tables (fields.h, the
    scalars, efc and island tables of data.h and efc.h, the contact members)."""
    core = mjsim._core
    values = {name: getattr(d, name) for name in core._data_field_rows}
    values.update({name: getattr(d, name) for name in core._data_efc_fields})
    values.update({name: getattr(d, name) for name in core._data_island_fields})
    values.update({f"contact.{name}": getattr(d.contact, name) for name in core._contact_members})
    for name in core._data_scalars:
        value = getattr(d, name)
        if name in ("warning", "timer", "solver"):
            members = [m for m in dir(value) if not m.startswith("_")]
            values.update({f"{name}.{m}": np.array(getattr(value, m)) for m in members})
        else:
            values[name] = value
    values.update(efc_AR=d.efc_AR, efc_AR_rownnz=d.efc_AR_rownnz, efc_AR_rowadr=d.efc_AR_rowadr,
                  efc_AR_colind=d.efc_AR_colind, nJ=d.nJ)
    return values


def assert_bitwise_equal(a, b, context, wall_clock=True):
    """wall_clock=False leaves out timer.duration (measured time, differs between two runs)."""
    va, vb = data_field_values(a), data_field_values(b)
    if not wall_clock:
        del va["timer.duration"], vb["timer.duration"]
    assert va.keys() == vb.keys()
    for name in va:
        x, y = np.asarray(va[name]), np.asarray(vb[name])
        assert x.shape == y.shape, f"{context}: {name} shape {y.shape}, expected {x.shape}"
        assert x.tobytes() == y.tobytes(), f"{context}: {name} differs"


def models_with_contacts_and_constraints():
    """Corpus models that have contacts and constraint rows after 50 steps of mjsim."""
    selected = []
    for path in corpus_models():
        try:
            m = mjsim.MjModel.from_xml_path(str(path))
        except ValueError:
            continue
        d = mjsim.MjData(m)
        mjsim.mj_step(m, d, 50)
        if d.ncon > 0 and d.nefc > 0:
            selected.append(pytest.param(path, id=label(path)))
    return selected


@pytest.mark.parametrize("path", models_with_contacts_and_constraints())
@pytest.mark.parametrize("how", sorted(DUPLICATES))
def test_every_field_survives_and_the_next_step_is_identical(path, how):
    m = mjsim.MjModel.from_xml_path(str(path))
    d = mjsim.MjData(m)
    rng = np.random.default_rng(7)
    mjsim.mj_step(m, d, 50)
    d.qvel[:] += 0.01 * rng.standard_normal(m.nv)
    d.ctrl[:] = rng.uniform(-1, 1, m.nu)
    mjsim.mj_step(m, d, 3)
    for _ in range(200):  # a state with contacts (a bouncing model may be in the air)
        if d.ncon > 0 and d.nefc > 0:
            break
        mjsim.mj_step(m, d)
    assert d.ncon > 0 and d.nefc > 0
    c = DUPLICATES[how](d)
    assert_bitwise_equal(d, c, f"{label(path)} after {how}")
    mjsim.mj_step(m, d)
    mjsim.mj_step(c.model, c)
    assert_bitwise_equal(d, c, f"{label(path)}, one step after {how}", wall_clock=False)


@pytest.mark.parametrize("state", [
    ("mjsim-data-2",), ("mjsim-data-1", None, b"", b"", b""), (1, 2, 3, 4, 5)])
def test_malformed_data_pickles_raise_value_error(state):
    blank = mjsim.MjData.__new__(mjsim.MjData)
    with pytest.raises(ValueError):
        blank.__setstate__(state)


def test_data_pickle_with_corrupted_counts_raises_value_error():
    m, d = stepped_data()
    tag, model, scalars, buffer, arena = d.__getstate__()
    with pytest.raises(ValueError, match="wrong size"):
        mjsim.MjData.__new__(mjsim.MjData).__setstate__((tag, model, scalars[:-1], buffer, arena))
    with pytest.raises(ValueError, match="malformed"):
        mjsim.MjData.__new__(mjsim.MjData).__setstate__((tag, model, scalars, buffer, arena + b"x"))
