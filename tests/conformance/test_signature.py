"""MjModel.signature and MjData.signature (engine/support.cc ModelSignature). The reference's
value hashes a text its own compiler writes about its model tree, which we do not reproduce, so
our value is our own hash; what is compared is the property both have: on a set of model pairs,
two models get equal signatures in mjsim exactly when they do in the reference."""

import copy
import itertools
import pickle

import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402

BODY = '<body{name}><joint{joint}/><geom size="{size}"/></body>'


def xml(bodies, option=""):
    return f"<mujoco>{option}<worldbody>{bodies}</worldbody></mujoco>"


VARIANTS = {
    "one": xml(BODY.format(name="", joint="", size=".1")),
    "larger geom": xml(BODY.format(name="", joint="", size=".2")),
    "named body": xml(BODY.format(name=' name="a"', joint="", size=".1")),
    "slide joint": xml(BODY.format(name="", joint=' type="slide"', size=".1")),
    "timestep": xml(BODY.format(name="", joint="", size=".1"), '<option timestep="0.01"/>'),
    "two geoms": xml('<body><joint/><geom size=".1"/><geom size=".1"/></body>'),
    "two bodies": xml(BODY.format(name="", joint="", size=".1") * 2),
    "nested": xml('<body><joint/><geom size=".1"/>' + BODY.format(name="", joint="", size=".1")
                  + "</body>"),
    "free joint": xml('<body><freejoint/><geom size=".1"/></body>'),
    "empty": "<mujoco/>",
    "site": xml('<body><joint/><geom size=".1"/><site/></body>'),
    "sensor": xml(BODY.format(name="", joint=' name="j"', size=".1"))[:-len("</mujoco>")]
    + '<sensor><jointpos joint="j"/></sensor></mujoco>',
    "other sensor": xml(BODY.format(name="", joint=' name="j"', size=".1"))[:-len("</mujoco>")]
    + '<sensor><jointvel joint="j"/></sensor></mujoco>',
}


def signatures(package):
    return {name: package.MjModel.from_xml_string(text).signature
            for name, text in VARIANTS.items()}


def test_equal_exactly_when_the_reference_says_equal():
    ours, ref = signatures(mjsim), signatures(mujoco)
    for a, b in itertools.combinations(VARIANTS, 2):
        assert (ours[a] == ours[b]) == (ref[a] == ref[b]), (a, b)


def test_stable_over_compiles_copies_and_pickles():
    m = mjsim.MjModel.from_xml_string(VARIANTS["nested"])
    again = mjsim.MjModel.from_xml_string(VARIANTS["nested"])
    assert m.signature == again.signature
    for other in (copy.copy(m), copy.deepcopy(m), pickle.loads(pickle.dumps(m))):
        assert other.signature == m.signature
    assert isinstance(m.signature, int) and 0 <= m.signature < 2**64


def test_data_carries_the_model_signature():
    for package in (mjsim, mujoco):
        m = package.MjModel.from_xml_string(VARIANTS["site"])
        d = package.MjData(m)
        package.mj_step(m, d)
        package.mj_resetData(m, d)
        assert d.signature == m.signature
        assert copy.copy(d).signature == m.signature


@pytest.mark.parametrize("package", [mjsim, mujoco], ids=["mjsim", "mujoco"])
def test_read_only(package):
    m = package.MjModel.from_xml_string(VARIANTS["one"])
    with pytest.raises(AttributeError):
        m.signature = 5
    with pytest.raises(AttributeError):
        package.MjData(m).signature = 5
