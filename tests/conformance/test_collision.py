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


FRICTIONLESS = {
    "geoms": ('friction="0 0 0"', ""),
    "tiny_spin_and_roll": ('friction="0.5 1e-6 0"', ""),
    "pair": ("", '<contact><pair geom1="floor" geom2="ball" friction="0 0 0 0 0"/></contact>'),
    "override": ("", '<option o_friction="0 1e-6 0 0 0"><flag override="enable"/></option>'),
}


@pytest.mark.parametrize("case", sorted(FRICTIONLESS))
def test_contact_friction_is_at_least_the_floor(case):
    """Every contact friction coefficient is at least 1e-5, whether it comes from geoms, a
    pair or the override (pybullet's striker.xml: geoms of friction 0)."""
    geom_attrs, extra = FRICTIONLESS[case]
    xml = f"""<mujoco>{extra}<worldbody><geom name="floor" type="plane" size="1 1 1" {geom_attrs}/>
      <body pos="0 0 0.09"><freejoint/><geom name="ball" size=".1" condim="6" {geom_attrs}/></body>
      </worldbody></mujoco>"""
    pair = load_pair(xml, seed=None)
    collide_both(pair)
    assert pair.d.ncon == pair.ref_d.ncon == 1
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


# Bodies of several geoms of mixed types (sphere < capsule < box), all overlapping: the order of
# a body pair's geom pairs is the order of (the geom the collider takes first, the other).
MIXED_SCENE = """
<mujoco>
  <option>{flags}</option>
  <worldbody>
    <geom name="floor" type="plane" size="1 1 1" pos="0 0 -0.045"/>
    <body name="a" pos="0 0 0"><freejoint/>
      <geom name="a_box" type="box" size=".05 .05 .05"/>
      <geom name="a_ball" type="sphere" size=".05" pos=".02 0 0"/>
      <geom name="a_capsule" type="capsule" fromto=".04 0 0 .09 0 0" size=".05"/>
      <geom name="a_ball2" type="sphere" size=".05" pos=".01 0 0"/>
    </body>
    <body name="b" pos="0.01 0 0.05"><freejoint/>
      <geom name="b_capsule" type="capsule" fromto="0 0 0 .05 0 0" size=".05"/>
      <geom name="b_ball" type="sphere" size=".05" pos=".02 0 0"/>
      <geom name="b_box" type="box" size=".05 .05 .05" pos=".03 0 0"/>
    </body>
  </worldbody>
  {contact}
</mujoco>
"""


@pytest.mark.parametrize("flags", ["", '<flag midphase="disable"/>'])
@pytest.mark.parametrize("contact",
                         ["", '<contact><pair geom1="b_box" geom2="a_ball"/></contact>'])
def test_geom_pairs_of_a_body_pair_follow_the_reference_order(flags, contact):
    pair = load_pair(MIXED_SCENE.format(flags=flags, contact=contact), seed=None)
    collide_both(pair)
    ours = [tuple(g) for g in pair.d.contact.geom]
    assert len(set(ours)) >= 12, "the scene must give many geom pairs"
    np.testing.assert_array_equal(pair.d.contact.geom, pair.ref_d.contact.geom)


def crowd_xml(count=40):
    """A free slab (body 1) touched by `count` free spheres: the body of lowest id in more than
    32 broadphase pairs. The spheres also touch each other, and the slab the floor."""
    rng = np.random.default_rng(3)
    spheres = "".join(
        f'<body pos="{x:.4f} {y:.4f} 0.13"><freejoint/><geom type="sphere" size=".05"/></body>'
        for x, y in rng.uniform(-0.3, 0.3, size=(count, 2)))
    slab = '<body pos="0 0 0.04"><freejoint/><geom type="box" size=".4 .4 .04"/></body>'
    return ('<mujoco><worldbody><geom type="plane" size="2 2 .1"/>' + slab + spheres
            + '</worldbody></mujoco>')


def test_body_with_many_partners_keeps_the_reference_order():
    pair = load_pair(crowd_xml(), seed=None)
    collide_both(pair)
    assert pair.ref_d.ncon > 60, "the scene must give many contacts"
    np.testing.assert_array_equal(pair.d.contact.geom, pair.ref_d.contact.geom)
    assert not compare_contacts(pair.d, pair.ref_d)


# ---- the corpus at random configurations ------------------------------------------------------

import corpus  # noqa: E402
from contacts import corpus_state_results  # noqa: E402

CORPUS_SEEDS = range(6)

# Models whose random states hit a known gap of the narrow phase (measured with
# tests/tools/collision_report.py; each a strict xfail, so a fix shows up).
KNOWN_GAPS = {
    "models/terrain_hfield.xml": "height field against a box: counts match, dist and pos "
                                 "differ; the reference's EPA on a prism against a polytope "
                                 "ends on a face short of the boundary once ccd_iterations "
                                 ">= 6 (collide_hfield.cc)",
}


def corpus_failures(model, seeds=CORPUS_SEEDS):
    pair = load_pair(model, seed=None)
    return [f"seed {seed}: ncon {ours} vs {ref}: " + "; ".join(problems[:3])
            for seed, ours, ref, problems in corpus_state_results(pair, seeds)
            if problems or ours != ref]


def corpus_params():
    params = []
    for param in corpus.params(corpus.corpus_models()):
        reason = KNOWN_GAPS.get(param.id)
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        params.append(pytest.param(*param.values, id=param.id, marks=marks))
    return params


@pytest.mark.parametrize("model", corpus_params())
def test_corpus_contacts_match_reference(model):
    """Same geom pairs with the same number of contacts, dist to 1e-6, pos and normal to 1e-5
    (analytic pairs) or 1e-4 (convex, mesh, height field), mixed parameters exactly."""
    failures = corpus_failures(model)
    assert not failures, "\n".join(failures)


def test_corpus_contact_counts_agree_in_98_percent_of_states():
    """The issue's criterion over the whole corpus: ncon equal in at least 98% of random
    states (known gaps included)."""
    import mjsim
    import mujoco

    total = same = 0
    for path in corpus.corpus_models():
        pair = load_pair(path, seed=None)
        for seed in range(100, 104):
            pair.randomize(seed)
            mjsim.mj_fwdPosition(pair.m, pair.d)
            mujoco.mj_fwdPosition(pair.ref_m, pair.ref_d)
            total += 1
            same += pair.d.ncon == pair.ref_d.ncon
    assert same >= 0.98 * total, f"ncon equal in {same} of {total} states"


def test_collision_alone_drops_the_previous_constraint_rows_and_islands():
    """mj_collision refills the arena from its start: as in the reference, the rows and islands
    made from the previous contacts are gone (nefc and nisland 0) until mj_makeConstraint and
    mj_island run again; nidof stays."""
    pair = load_pair(corpus.MODELS_DIR / "gantry_crane.xml", seed=None)
    pair.randomize_state(0)
    pair.call("mj_forward")
    assert pair.ref_d.nefc > 0 and pair.ref_d.nisland > 0
    pair.call("mj_collision")
    for name in ("ncon", "nefc", "ne", "nf", "nl", "nisland", "nidof"):
        assert getattr(pair.d, name) == getattr(pair.ref_d, name), name
    assert pair.d.efc_force.shape == pair.ref_d.efc_force.shape == (0,)
