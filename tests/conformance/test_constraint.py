"""Constraint rows (engine/constraint.cc) against the reference: mj_makeConstraint's efc_*
arrays and mj_referenceConstraint's efc_vel / efc_aref, on small models with every kind of
row and on the corpus with contacts disabled (most colliders are still pending)."""

import numpy as np
import pytest

import corpus
from conformance.constraint_models import EQUALITY_LIMIT_FRICTION, sphere_contacts
from support import load_pair

ROW_FIELDS = ["efc_type", "efc_id", "efc_pos", "efc_margin", "efc_frictionloss",
              "efc_diagApprox", "efc_KBIP", "efc_R", "efc_D", "efc_J", "efc_vel", "efc_aref"]
DSBL_CONTACT = 1 << 4


def random_state(pair, seed):
    pair.randomize_state(seed)
    pair.call("mj_forward")


def assert_rows_match(pair, rtol=1e-9, context=""):
    d, ref = pair.d, pair.ref_d
    assert (d.nefc, d.ne, d.nf, d.nl) == (ref.nefc, ref.ne, ref.nf, ref.nl), context
    for field in ROW_FIELDS:
        ours = np.asarray(getattr(d, field), float)
        theirs = np.asarray(getattr(ref, field), float)
        if field == "efc_J":  # the reference sizes efc_J before dropping empty equalities
            theirs = theirs[: ref.nefc * pair.ref_m.nv]
        assert ours.shape == theirs.shape, f"{field} shape {ours.shape} vs {theirs.shape}"
        scale = max(np.abs(theirs).max(initial=0.0), 1e-12)
        err = np.abs(ours - theirs).max(initial=0.0)
        assert err <= rtol * scale, f"{context} {field}: max error {err:.3g} (scale {scale:.3g})"


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_equality_limit_friction_rows_match_reference(seed):
    pair = load_pair(EQUALITY_LIMIT_FRICTION)
    random_state(pair, seed)
    assert pair.d.nefc > 10
    assert_rows_match(pair, context=f"seed {seed}")


SITE_WELD = """<mujoco><option><flag island="disable"/></option><worldbody>
  <body pos="0 0 1"><freejoint/><geom size=".1"/><site name="a" pos=".1 0 0" euler="30 0 10"/></body>
  <body pos=".5 0 1" euler="0 20 0"><freejoint/><geom size=".1" contype="0" conaffinity="0"/>
    <site name="b" pos="0 .1 0" euler="0 45 0"/></body>
</worldbody><equality><weld site1="a" site2="b" torquescale="2"/></equality></mujoco>"""


@pytest.mark.parametrize("seed", [None, 0, 1])
def test_site_weld_rows_match_reference(seed):
    # a weld between sites aligns their frames: the rotational rows are q2^-1 q1 of the site
    # orientations (eq_data holds no relpose for sites); they were zero before
    pair = load_pair(SITE_WELD, seed=seed)
    random_state(pair, seed or 0)
    assert np.abs(pair.ref_d.efc_pos[3:6]).max() > 0.1
    assert_rows_match(pair, context=f"seed {seed}")


@pytest.mark.parametrize("cone", ["pyramidal", "elliptic"])
@pytest.mark.parametrize("condim", [1, 3, 4, 6])
def test_contact_rows_match_reference(cone, condim):
    pair = load_pair(sphere_contacts(cone, condim), seed=None)
    velocity = np.random.default_rng(condim).standard_normal(pair.ref_m.nv)
    pair.d.qvel[:] = velocity
    pair.ref_d.qvel[:] = velocity
    pair.call("mj_forward")
    assert pair.ref_d.ncon >= 2 and pair.d.ncon == pair.ref_d.ncon
    assert_rows_match(pair, context=f"{cone} condim {condim}")
    np.testing.assert_allclose(pair.d.contact.efc_address, pair.ref_d.contact.efc_address)
    np.testing.assert_allclose(pair.d.contact.mu, pair.ref_d.contact.mu, rtol=1e-12)


@pytest.mark.parametrize("flag", [1 << 1, 1 << 2, 1 << 3, 1 << 4, 1 << 0])
def test_disable_flags_remove_their_rows(flag):
    pair = load_pair(EQUALITY_LIMIT_FRICTION)
    for model in (pair.m, pair.ref_m):
        model.opt.disableflags |= flag
    random_state(pair, 5)
    assert_rows_match(pair, context=f"disableflags {flag}")


def test_refsafe_disabled_keeps_small_timeconst():
    xml = EQUALITY_LIMIT_FRICTION.replace('solref="0.05 0.7"', 'solref="0.001 0.7"')
    pair = load_pair(xml)
    for model in (pair.m, pair.ref_m):
        model.opt.disableflags |= 1 << 12
    random_state(pair, 6)
    assert_rows_match(pair)


@pytest.mark.parametrize("model", corpus.params(corpus.corpus_models()))
def test_corpus_rows_match_reference_without_contacts(model):
    pair = load_pair(model)
    for m in (pair.m, pair.ref_m):
        m.opt.disableflags |= DSBL_CONTACT
    for seed in range(2):
        random_state(pair, seed)
        assert_rows_match(pair, rtol=1e-8, context=f"{pair.name} seed {seed}")


TENDON_ROWS = """
<mujoco><worldbody>
  <body><joint name="a" type="slide" axis="1 0 0"/><geom size=".1"/></body>
  <body pos="1 0 0"><joint name="b" type="slide" axis="1 0 0"/><geom size=".1"/></body>
  <body pos="2 0 0"><joint name="c" type="slide" axis="1 0 0"/><geom size=".1"/></body>
</worldbody><tendon>
  <fixed name="t0" frictionloss="1"><joint joint="a" coef="1"/></fixed>
  <fixed name="t1" limited="true" range="-0.1 0.1"><joint joint="b" coef="1"/></fixed>
  <fixed name="t2"><joint joint="c" coef="1"/></fixed>
  <fixed name="t3" frictionloss="1" limited="true" range="-0.1 0.1"><joint joint="c" coef="1"/></fixed>
  <fixed name="t4"><joint joint="a" coef="2"/></fixed>
</tendon><equality><tendon tendon1="t2" tendon2="t4"/></equality></mujoco>
"""


@pytest.mark.parametrize("qpos", [[0, 0, 0], [0.5, 0.5, 0.5], [0, 0.5, -0.5]])
def test_tendon_efcadr_is_each_tendons_first_row(qpos):
    """The first row of a tendon's friction loss, limit or equality (either tendon); -1: none."""
    pair = load_pair(TENDON_ROWS, seed=None)
    for d in (pair.d, pair.ref_d):
        d.qpos[:] = qpos
    pair.call("mj_forward")
    assert pair.d.nefc == pair.ref_d.nefc
    np.testing.assert_array_equal(pair.d.tendon_efcadr, pair.ref_d.tendon_efcadr)
