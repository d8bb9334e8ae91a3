"""The small structs (bindings/structs.h) against the reference: MjOption, MjVisual and its
sections, MjStatistic, MjContact, MjLROpt, MjWarningStat, MjTimerStat, MjSolverStat, and the
viewer's MjvCamera and MjvPerturb (visual.h). Each test
runs the same operation on both packages and compares: defaults of a constructed struct, repr,
equality, copies, views into the model or data, and the exception class of a bad assignment.
"""

import copy
import re

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402

CONSTRUCTIBLE = ["MjOption", "MjStatistic", "MjContact", "MjLROpt", "MjWarningStat",
                 "MjTimerStat", "MjSolverStat", "MjvCamera", "MjvPerturb"]
# a scalar member of each, set to 1 in the equality and repr tests
SCALAR = {"MjOption": "tolerance", "MjStatistic": "extent", "MjContact": "dist",
          "MjLROpt": "maxforce", "MjWarningStat": "number", "MjTimerStat": "number",
          "MjSolverStat": "neval", "MjvCamera": "fixedcamid", "MjvPerturb": "select"}

BOX_ON_PLANE = """
<mujoco>
  <visual><global fovy="50"/><quality shadowsize="51"/></visual>
  <worldbody>
    <geom type="plane" size="1 1 1"/>
    <body pos="0 0 0.099"><freejoint/><geom type="box" size="0.1 0.1 0.1"/></body>
  </worldbody>
</mujoco>
"""


def pair():
    """(model, data) of both packages after one forward: four box-plane contacts."""
    out = []
    for package in (mujoco, mjsim):
        m = package.MjModel.from_xml_string(BOX_ON_PLANE)
        d = package.MjData(m)
        package.mj_forward(m, d)
        out.append((package, m, d))
    return out


@pytest.mark.parametrize("name", CONSTRUCTIBLE)
def test_constructed_struct_has_the_reference_repr(name):
    assert repr(getattr(mjsim, name)()) == repr(getattr(mujoco, name)())


@pytest.mark.parametrize("name", CONSTRUCTIBLE)
def test_set_member_shows_in_repr_and_str(name):
    ours, theirs = getattr(mjsim, name)(), getattr(mujoco, name)()
    setattr(ours, SCALAR[name], 1)
    setattr(theirs, SCALAR[name], 1)
    assert repr(ours) == repr(theirs)
    assert str(ours) == repr(ours)


def test_model_views_have_the_reference_repr():
    (_, ref_m, _), (_, m, _) = pair()
    assert repr(m.opt) == repr(ref_m.opt)
    # the reference shows m.vis.rgba.bv and .bvactive as empty arrays; mjsim's hold the 4 values
    def without_bv(text):
        return [line for line in text.split("\n") if not line.strip().startswith("bv")]
    assert without_bv(repr(m.vis)) == without_bv(repr(ref_m.vis))
    assert repr(m.vis.global_) == repr(ref_m.vis.global_)
    assert type(m.vis.global_).__qualname__ == type(ref_m.vis.global_).__qualname__


def test_contact_views_have_the_reference_repr():
    (_, _, ref_d), (_, _, d) = pair()
    assert d.ncon == ref_d.ncon == 4
    for i in range(d.ncon):
        ours, theirs = copy.copy(d.contact[i]), copy.copy(ref_d.contact[i])
        # the order of the four contacts and the cone Hessian may differ: compare the layout
        ours.pos[:], theirs.pos[:] = 0, 0
        ours.H[:], theirs.H[:] = 0, 0
        ours.efc_address = theirs.efc_address = 0
        assert repr(ours).split("\n")[0] == repr(theirs).split("\n")[0]
        assert [line.split(":")[0] for line in repr(ours).split("\n")] == \
            [line.split(":")[0] for line in repr(theirs).split("\n")]


@pytest.mark.parametrize("name", CONSTRUCTIBLE)
def test_equality_and_hash_as_the_reference(name):
    for package in (mujoco, mjsim):
        cls = getattr(package, name)
        a, b = cls(), cls()
        assert a == b
        setattr(a, SCALAR[name], 1)
        assert a != b
        setattr(b, SCALAR[name], 1)
        assert a == b
        assert a != 3 and a is not None and a != "text"
        with pytest.raises(TypeError):
            hash(a)


def test_subclass_repr_and_equality_as_the_reference():
    results = []
    for package in (mujoco, mjsim):
        class Sub(package.MjWarningStat):
            @property
            def ptr(self):
                return self
        results.append((repr(Sub()), Sub() == package.MjWarningStat(), Sub() == Sub()))
    assert results[0] == results[1]


def test_view_writes_change_the_model_and_copies_do_not():
    for package, m, _ in pair():
        opt = m.opt
        m.opt.timestep = 0.001
        assert opt.timestep == 0.001
        gravity = opt.gravity
        m.opt.gravity = 0.2
        np.testing.assert_array_equal(gravity, [0.2, 0.2, 0.2])
        owned = copy.copy(m.opt)
        deep = copy.deepcopy(m.opt)
        assert owned == m.opt == deep
        m.opt.timestep = 0.005
        m.opt.gravity[0] = 7
        assert owned.timestep == deep.timestep == 0.001
        assert owned.gravity[0] == 0.2
        assert owned != m.opt
        vis = copy.deepcopy(m.vis)
        m.vis.global_.fovy = 100
        assert vis.global_.fovy == 50 and m.vis.global_.fovy == 100, package


def test_contact_list_equality_as_the_reference():
    results = []
    for package in (mujoco, mjsim):
        m = package.MjModel.from_xml_string(BOX_ON_PLANE)
        d, d2 = package.MjData(m), package.MjData(m)
        package.mj_forward(m, d)
        package.mj_forward(m, d2)
        equal = d.contact == d2.contact
        d2.contact[0].dist += 1
        results.append((equal, d.contact == d2.contact, d.contact == d.warning, d.contact == 5,
                        d.warning == d2.warning, d.solver == d2.solver))
    assert results[0] == results[1]


@pytest.mark.parametrize("name, member, value", [
    ("MjOption", "timestep", "a"),
    ("MjOption", "timestep", None),
    ("MjOption", "iterations", 1.5),
    ("MjOption", "integrator", "x"),
    ("MjLROpt", "useexisting", 2.5),
    ("MjContact", "geom1", None),
    ("MjWarningStat", "number", "1"),
    ("MjSolverStat", "improvement", [1.0]),
    ("MjvCamera", "fixedcamid", 0.5),
    ("MjvCamera", "type", "free"),
    ("MjvPerturb", "select", "body"),
])
def test_wrong_type_raises_the_reference_class(name, member, value):
    classes = []
    for package in (mujoco, mjsim):
        with pytest.raises(Exception) as error:
            setattr(getattr(package, name)(), member, value)
        classes.append(error.type)
    assert classes[0] is classes[1] is TypeError


@pytest.mark.parametrize("value", ["a", [1, 2], [[1, 2, 3]] * 2])
def test_bad_array_assignment_raises_the_reference_class(value):
    classes = []
    for package in (mujoco, mjsim):
        with pytest.raises(Exception) as error:
            package.MjOption().gravity = value
        classes.append(error.type)
    assert classes[0] is classes[1] is ValueError


def test_unknown_attribute_and_read_only_sections_as_the_reference():
    for package, m, _ in pair():
        with pytest.raises(AttributeError):
            m.opt.typo = 1
        with pytest.raises(AttributeError):
            package.MjContact().typo
        with pytest.raises(AttributeError):
            m.vis.global_ = 1
        with pytest.raises(TypeError):
            package.MjVisual()


def test_lropt_defaults_as_the_reference():
    ours, theirs = mjsim.MjLROpt(), mujoco.MjLROpt()
    mjsim.mj_defaultLROpt(ours)
    mujoco.mj_defaultLROpt(theirs)
    assert repr(ours) == repr(theirs)


def test_list_repr_lists_the_member_views_as_the_reference():
    (_, _, ref_d), (_, _, d) = pair()
    for name in ("contact", "warning", "solver"):
        ours, theirs = repr(getattr(d, name)), repr(getattr(ref_d, name))
        # mujoco names the list classes _MjContactList, ...; the values may differ in order
        assert ours.startswith("<Mj") and theirs.startswith("<_Mj")
        assert re.findall(r"\n  (\w+): ", ours) == re.findall(r"\n  (\w+): ", theirs)
        assert str(getattr(d, name)) == ours


@pytest.mark.parametrize("name, reset", [("MjvCamera", "mjv_defaultCamera"),
                                         ("MjvPerturb", "mjv_defaultPerturb")])
def test_viewer_struct_defaults_are_restored(name, reset):
    reprs = []
    for package in (mujoco, mjsim):
        struct = getattr(package, name)()
        for member in ("lookat", "refpos"):
            if hasattr(struct, member):
                getattr(struct, member)[:] = 7
        if name == "MjvCamera":
            struct.azimuth = 3
        getattr(package, reset)(struct)
        reprs.append(repr(struct))
    assert reprs[0] == reprs[1]
