"""mj_addContact (engine/collision/collision.cc) and mj_defaultSolRefImp (engine/support.cc)
against the reference: the appended contact, the counters and arena extent afterwards, the
full-arena return value and warning, and the exception class of every bad argument, found by
running the reference on the same argument."""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402

SPHERE_ON_PLANE = """
<mujoco>
  <worldbody>
    <geom type="plane" size="1 1 1"/>
    <body pos="0 0 .05"><freejoint/><geom size=".1"/></body>
    <body name="a" pos="1 0 1"><joint range="-.1 .1" frictionloss="1"/><geom size=".1"/></body>
  </worldbody>
  <equality><connect body1="a" anchor="1 0 1"/></equality>
</mujoco>
"""
TINY_ARENA = '<mujoco><size memory="10K"/><worldbody><geom size=".1"/></worldbody></mujoco>'
COUNTERS = ("ncon", "nefc", "nisland", "parena")


def forwarded(package, xml=SPHERE_ON_PLANE):
    m = package.MjModel.from_xml_string(xml)
    d = package.MjData(m)
    if m.njnt > 1:
        d.qpos[7] = 0.2  # the limit row too
    package.mj_forward(m, d)
    return m, d


def made_contact(package):
    con = package.MjContact()
    con.dist, con.geom, con.pos, con.dim = -0.5, [0, 1], [1, 2, 3], 3
    con.frame = np.eye(3).ravel()
    con.solref, con.friction = [0.02, 1], [1, 1, 0.005, 0.0001, 0.0001]
    return con


def contact_values(contact):
    return {name: np.array(getattr(contact, name)).tolist()
            for name in ("dist", "pos", "frame", "geom", "dim", "solref", "friction",
                         "efc_address", "exclude")}


@pytest.mark.parametrize("source", ["constructed", "existing"])
def test_appends_and_gives_up_the_rows_as_reference(source):
    results = []
    for package in (mjsim, mujoco):
        m, d = forwarded(package)
        assert d.nefc > 0
        con = made_contact(package) if source == "constructed" else d.contact[0]
        returned = package.mj_addContact(m, d, con)
        results.append((returned, {k: getattr(d, k) for k in COUNTERS},
                        [contact_values(c) for c in d.contact], d.contact.efc_address.tolist()))
    assert results[0] == results[1]
    m, d = forwarded(mjsim)
    mjsim.mj_addContact(m, d, made_contact(mjsim))
    assert d.parena == d.ncon * (d.parena // d.ncon) and d.nefc == 0
    assert d.ne == d.nf == d.nl == 0  # ours: no row count outlives the rows


def test_rows_made_again_from_all_contacts():
    out = []
    for package in (mjsim, mujoco):
        m, d = forwarded(package)
        package.mj_addContact(m, d, made_contact(package))
        package.mj_makeConstraint(m, d)
        out.append((d.nefc, d.contact.efc_address.tolist()))
    assert out[0] == out[1]


def test_full_arena_returns_1_and_warns_as_reference():
    results = []
    for package in (mjsim, mujoco):
        m = package.MjModel.from_xml_string(TINY_ARENA)
        d = package.MjData(m)
        con = package.MjContact()
        returns = [package.mj_addContact(m, d, con) for _ in range(20)]
        warning = d.warning[int(package.mjtWarning.mjWARN_CONTACTFULL)]
        results.append((returns, d.ncon, d.parena, d.maxuse_arena, warning.number,
                        warning.lastinfo))
    assert results[0] == results[1]
    assert results[0][0].count(0) == 17 and results[0][4] == 3


def bad_contact_arguments(package):
    m, d = forwarded(package)
    other = package.MjModel.from_xml_string("<mujoco/>")
    con = package.MjContact()
    return {
        "con None": (m, d, None), "con int": (m, d, 1), "con str": (m, d, "contact"),
        "con list": (m, d, d.contact), "m None": (None, d, con), "d None": (m, None, con),
        "m is a data": (d, d, con), "other model's data": (m, package.MjData(other), con),
    }


@pytest.mark.parametrize("case", list(bad_contact_arguments(mjsim)))
def test_bad_arguments_raise_as_reference(case):
    ref_args = bad_contact_arguments(mujoco)[case]
    try:
        mujoco.mj_addContact(*ref_args)
        expected = None
    except Exception as error:  # noqa: BLE001 - the class is what is compared
        expected = type(error)
    args = bad_contact_arguments(mjsim)[case]
    if expected is None:
        # the reference appends to another model's data unchecked; mjsim refuses it
        assert case == "other model's data"
        with pytest.raises(ValueError, match="different MjModel"):
            mjsim.mj_addContact(*args)
        return
    with pytest.raises(expected):
        mjsim.mj_addContact(*args)


def test_default_solref_solimp():
    solref, solimp = np.zeros(2), np.zeros(5)
    mjsim.mj_defaultSolRefImp(solref, solimp)
    m = mujoco.MjModel.from_xml_string("<mujoco/>")  # the reference's defaults, as options
    np.testing.assert_array_equal(solref, m.opt.o_solref)
    np.testing.assert_array_equal(solimp, m.opt.o_solimp)
    ref_geom = mujoco.MjModel.from_xml_string(
        '<mujoco><worldbody><geom size="1"/></worldbody></mujoco>')
    np.testing.assert_array_equal(solref, ref_geom.geom_solref[0])
    np.testing.assert_array_equal(solimp, ref_geom.geom_solimp[0])


# The reference binds both as single floats and writes 2 and 5 numbers through them: a float
# argument crashes its process (measured: SIGSEGV), so it is never called with one here. Every
# other argument is a TypeError there; here, too, except the arrays this function fills.
BAD_SOLREF_SOLIMP = {
    "None": (None, None), "None solimp": (np.zeros(2), None), "lists": ([0.0] * 2, [0.0] * 5),
    "strings": ("ab", "abcde"), "solref of 3": (np.zeros(3), np.zeros(5)),
    "solref of 1": (np.zeros(1), np.zeros(5)), "solimp of 4": (np.zeros(2), np.zeros(4)),
    "solimp of 6": (np.zeros(2), np.zeros(6)), "float32": (np.zeros(2, np.float32), np.zeros(5)),
    "int": (np.zeros(2, int), np.zeros(5)), "strided": (np.zeros(4)[::2], np.zeros(5)),
    "empty": (np.zeros(0), np.zeros(0)),
}


@pytest.mark.parametrize("case", list(BAD_SOLREF_SOLIMP))
def test_default_solref_solimp_bad_arguments(case):
    solref, solimp = BAD_SOLREF_SOLIMP[case]
    with pytest.raises(TypeError):
        mujoco.mj_defaultSolRefImp(solref, solimp)
    before = [np.array(a, copy=True) if isinstance(a, np.ndarray) else a for a in (solref, solimp)]
    with pytest.raises(TypeError):
        mjsim.mj_defaultSolRefImp(solref, solimp)
    for old, new in zip(before, (solref, solimp)):
        if isinstance(new, np.ndarray):
            np.testing.assert_array_equal(old, new)  # nothing written before the check


def test_default_solref_solimp_read_only_array():
    solref = np.zeros(2)
    solref.flags.writeable = False
    with pytest.raises(TypeError):
        mjsim.mj_defaultSolRefImp(solref, np.zeros(5))
