"""Constraint forces as wrenches (engine/constraint_force.cc): mj_contactForce and the contact,
connect and weld wrenches that mj_rnePostConstraint adds to cfrc_ext; and a physical check of
the whole contact pipeline, a ball bouncing on a plane with a restitution solref."""

import numpy as np
import pytest

from conformance.constraint_models import EQUALITY_LIMIT_FRICTION, sphere_contacts
from support import load_pair

DSBL_CONTACT = 1 << 4


def forward_post_constraint(pair, seed):
    velocity = np.random.default_rng(seed).standard_normal(pair.ref_m.nv)
    pair.d.qvel[:] = velocity
    pair.ref_d.qvel[:] = velocity
    pair.call("mj_forward")
    pair.call("mj_rnePostConstraint")


def assert_close(ours, theirs, rtol, name):
    scale = max(np.abs(theirs).max(initial=0.0), 1e-12)
    err = np.abs(np.asarray(ours) - np.asarray(theirs)).max(initial=0.0)
    assert err <= rtol * scale, f"{name}: max error {err:.3g} (scale {scale:.3g})"


@pytest.mark.parametrize("cone", ["pyramidal", "elliptic"])
@pytest.mark.parametrize("condim", [1, 3, 4, 6])
def test_contact_force_and_cfrc_ext_match_reference(cone, condim):
    pair = load_pair(sphere_contacts(cone, condim), seed=None)
    forward_post_constraint(pair, condim)
    assert pair.d.ncon == pair.ref_d.ncon > 0
    import mjsim
    import mujoco

    for i in range(pair.ref_d.ncon):
        ours, theirs = np.zeros(6), np.zeros(6)
        mjsim.mj_contactForce(pair.m, pair.d, i, ours)
        mujoco.mj_contactForce(pair.ref_m, pair.ref_d, i, theirs)
        assert_close(ours, theirs, 1e-6, f"contact {i} force")
    for field in ("cfrc_ext", "cfrc_int", "cacc"):
        assert_close(getattr(pair.d, field), getattr(pair.ref_d, field), 1e-6, field)


def test_equality_wrenches_in_cfrc_ext_match_reference():
    pair = load_pair(EQUALITY_LIMIT_FRICTION)
    for model in (pair.m, pair.ref_m):
        model.opt.disableflags |= DSBL_CONTACT
    forward_post_constraint(pair, 4)
    assert np.abs(pair.ref_d.cfrc_ext).max() > 1  # connect and weld forces are there
    for field in ("cfrc_ext", "cfrc_int"):
        assert_close(getattr(pair.d, field), getattr(pair.ref_d, field), 1e-9, field)


BOUNCING_BALL = """
<mujoco>
  <option timestep="0.002"/>
  <worldbody>
    <geom type="plane" size="5 5 .1"/>
    <body pos="0 0 1"><freejoint/>
      <geom type="sphere" size="0.1" solref="-10000 -3"/></body>
  </worldbody>
</mujoco>
"""


def test_bouncing_ball_reaches_reference_rebound_height():
    pair = load_pair(BOUNCING_BALL, seed=None)
    heights = [[], []]
    for _ in range(1000):
        pair.call("mj_step")
        heights[0].append(pair.d.qpos[2])
        heights[1].append(pair.ref_d.qpos[2])
    ours, theirs = np.array(heights[0]), np.array(heights[1])
    bounce = int(np.argmin(theirs[:800]))
    assert 0.05 < theirs[bounce] < 0.1  # it did hit the plane
    rebound_ours, rebound_theirs = ours[bounce:].max(), theirs[bounce:].max()
    assert rebound_theirs > 0.5
    assert abs(rebound_ours - rebound_theirs) < 1e-3
    assert np.all(np.isfinite(ours))
