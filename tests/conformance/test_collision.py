"""mj_collision's driver against the reference: which geom pairs are collided, in which order,
and the contact parameters mixed from the two geoms or taken from an explicit <pair>.

The narrow phase of each geom type pair has its own test file (test_collide_*.py); here the
geoms are spheres and planes, whose colliders are exact, so that every difference is the driver's.
"""

from __future__ import annotations

import numpy as np
import pytest

from contacts import compare_contacts
from support import load_pair

SCENE = """
<mujoco>
  <option gravity="0 0 0">{flags}</option>
  <worldbody>
    <geom name="floor" type="plane" size="1 1 1" {floor}/>
    <body name="b1" pos="0 0 0.09"><freejoint/>
      <geom name="s1" type="sphere" size=".1" {s1}/>
      <geom name="s1b" type="sphere" size=".1" pos="0 .05 0" {s1}/>
    </body>
    <body name="b2" pos="0.15 0 0.09"><freejoint/>
      <geom name="s2" type="sphere" size=".1" {s2}/>
      <geom name="s2b" type="sphere" size=".1" pos="0 .05 0" {s2}/>
      <body name="b3" pos="0.15 0 0"><joint type="hinge"/>
        <geom name="s3" type="sphere" size=".1" {s1}/>
      </body>
    </body>
  </worldbody>
  {contact}
</mujoco>
"""

CASES = {
    "defaults": {},
    "priority decides alone": dict(
        floor='priority="1" friction="0.3 0.01 0.002" condim="1" solref="0.05 0.5"',
        s1='condim="6" friction="2 0.1 0.1"'),
    "solmix weights solref and solimp": dict(
        floor='solmix="0.2" solref="0.05 0.5" solimp="0.8 0.9 0.01 0.4 3"',
        s1='solmix="3" solref="0.01 2"', s2='solmix="0"'),
    "both solmix zero": dict(floor='solmix="0" solref="0.05 0.5"', s1='solmix="0"',
                             s2='solmix="0" solref="0.03 0.7"'),
    "direct solref takes the minimum": dict(floor='solref="-1000 -10"', s1='solref="-500 -30"'),
    "margin and gap take the maximum": dict(floor='margin="0.05" gap="0.01"',
                                            s1='margin="0.02" gap="0.03"', s2='margin="0.1"'),
    "contacts within the gap are excluded": dict(floor='margin="0.2" gap="0.15"'),
    "condim takes the maximum": dict(floor='condim="4"', s1='condim="3"', s2='condim="6"'),
    "contype and conaffinity": dict(floor='contype="2" conaffinity="2"',
                                    s1='contype="1" conaffinity="2"'),
    "filterparent disabled": dict(flags='<flag filterparent="disable"/>'),
    "exclude": dict(contact='<contact><exclude body1="b2" body2="b1"/></contact>'),
    "explicit pairs merge by body pair": dict(contact="""<contact>
        <pair geom1="s3" geom2="s2b"/>
        <pair geom1="s2b" geom2="s1" condim="1" margin="0.01" solreffriction="0.1 1"
              friction="0.7 0.6 0.1 0.2 0.3"/>
        <pair geom1="floor" geom2="s1b" condim="4" gap="0.002"/></contact>"""),
    "pair between parent and child": dict(
        contact='<contact><pair geom1="s3" geom2="s2"/></contact>'),
}


def scene(flags="", floor="", s1="", s2="", contact=""):
    return SCENE.format(flags=flags, floor=floor, s1=s1, s2=s2, contact=contact)


def collide_both(pair):
    import mjsim
    import mujoco

    mjsim.mj_forward(pair.m, pair.d)
    mujoco.mj_forward(pair.ref_m, pair.ref_d)


@pytest.mark.parametrize("case", CASES)
def test_driver_matches_reference(case):
    pair = load_pair(scene(**CASES[case]), seed=None)
    collide_both(pair)
    assert pair.d.ncon == pair.ref_d.ncon
    # same contacts in the same order: geom ids row by row
    np.testing.assert_array_equal(pair.d.contact.geom, pair.ref_d.contact.geom)
    assert compare_contacts(pair.d, pair.ref_d, frame_tol=1e-12) == []


@pytest.mark.parametrize("flag", ["o_margin", "o_solref", "o_solimp", "o_friction"])
def test_override_flag(flag):
    pair = load_pair(scene(contact='<contact><pair geom1="s2" geom2="s1"/></contact>'), seed=None)
    values = {"o_margin": 0.03, "o_solref": [0.04, 0.9], "o_solimp": [0.8, 0.9, 0.002, 0.3, 4],
              "o_friction": [0.5, 0.4, 0.1, 0.01, 0.02]}
    for m in (pair.m, pair.ref_m):
        m.opt.enableflags |= 1  # mjENBL_OVERRIDE
        setattr(m.opt, flag, values[flag])
    collide_both(pair)
    assert pair.d.ncon == pair.ref_d.ncon
    assert compare_contacts(pair.d, pair.ref_d, frame_tol=1e-12) == []


@pytest.mark.parametrize("flag", [1, 16])  # mjDSBL_CONSTRAINT, mjDSBL_CONTACT
def test_disabled_contacts_give_none(flag):
    pair = load_pair(scene(contact='<contact><pair geom1="s2" geom2="s1"/></contact>'), seed=None)
    for m in (pair.m, pair.ref_m):
        m.opt.disableflags |= flag
    collide_both(pair)
    assert pair.d.ncon == pair.ref_d.ncon == 0


def test_random_configurations_match_reference():
    pair = load_pair(scene(contact='<contact><pair geom1="s3" geom2="s1"/></contact>'), seed=None)
    rng = np.random.default_rng(5)
    for _ in range(50):
        qpos = pair.m.qpos0.copy()
        qpos[0:3] = rng.uniform(-0.2, 0.2, 3) + [0, 0, 0.1]
        qpos[7:10] = rng.uniform(-0.2, 0.2, 3) + [0.15, 0, 0.1]
        qpos[14] = rng.uniform(-3, 3)
        for k in (3, 10):
            q = rng.normal(size=4)
            qpos[k:k + 4] = q / np.linalg.norm(q)
        pair.d.qpos[:] = qpos
        pair.ref_d.qpos[:] = qpos
        collide_both(pair)
        np.testing.assert_array_equal(pair.d.contact.geom, pair.ref_d.contact.geom)
        assert compare_contacts(pair.d, pair.ref_d, dist_tol=1e-12, pos_tol=1e-12,
                                normal_tol=1e-12, frame_tol=1e-12) == []


# ---- the corpus at random configurations ------------------------------------------------------

import corpus  # noqa: E402
from contacts import corpus_state_results  # noqa: E402

CORPUS_SEEDS = range(6)


@pytest.mark.parametrize("model", corpus.params(corpus.corpus_models()))
def test_corpus_contacts_match_reference(model):
    """Same geom pairs with the same number of contacts, dist to 1e-6, pos and normal to 1e-5
    (analytic pairs) or 1e-4 (convex, mesh, height field), mixed parameters exactly."""
    pair = load_pair(model, seed=None)
    failures = [f"seed {seed}: ncon {ours} vs {ref}: " + "; ".join(problems[:3])
                for seed, ours, ref, problems in corpus_state_results(pair, CORPUS_SEEDS)
                if problems or ours != ref]
    assert not failures, "\n".join(failures)
