"""Velocity kinematics (engine/velocity.cc) against the reference at random states: mj_comVel
(cvel, cdof_dot), the tendon and actuator velocities (ten_velocity, actuator_velocity) and
mj_subtreeVel (subtree_linvel, subtree_angmom).

Models: small ones covering every joint type alone, in mixed chains and several in one body
(free, ball, slide, hinge), a massless subtree, fixed and spatial tendons (dense and sparse
ten_J) and actuators of every transmission; then every corpus model. Each is compared at
N_STATES random states (configuration, velocity, controls). Our position stages run in
mjsim; the reference's values come from its mj_forward with constraints disabled.

The tolerance is relative (RTOL, the issue's bar) plus an absolute part scaled by the field's
largest reference value (ATOL_SCALE), so that entries that cancel to near zero are judged
against the size of the terms they came from.

Also exercised here: NaN and Inf velocities do not crash, and the bindings reject bad
arguments. The other smooth-dynamics tests (test_rne.py, test_energy.py) import the models
and helpers from here.
"""

import re

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from conformance.test_constants import load_or_xfail  # noqa: E402
from conformance.test_transmission import BODIES  # noqa: E402
from corpus import corpus_models, params  # noqa: E402
from support import assert_fields_close, disable_constraints, load_pair  # noqa: E402

N_STATES = 4
RTOL = 1e-8
ATOL_SCALE = 1e-11
POSITION_STAGES = ("mj_kinematics", "mj_comPos", "mj_tendon", "mj_transmission", "mj_makeM",
                   "mj_factorM")
VELOCITY_FIELDS = ["cvel", "cdof_dot", "ten_velocity", "actuator_velocity", "subtree_linvel",
                   "subtree_angmom"]

# --- small models -------------------------------------------------------------------------

EVERY_JOINT = """
<body name="float" pos="0 0 1" euler="10 20 30"><freejoint name="free"/>
  <geom type="box" size=".1 .15 .2" pos=".1 .2 .3" mass="2"/>
  <body name="shoulder" pos=".3 0 0"><joint name="ball" type="ball" pos=".1 0 0"/>
    <geom type="box" size=".1 .2 .05" pos="0 .1 0"/>
    <body name="forearm" pos="0 .4 0" euler="0 30 0">
      <joint name="h1" axis="1 0 0" pos="0 0 .1"/><joint name="s1" type="slide" axis="0 1 1"/>
      <joint name="h2" axis="0 1 0"/><geom type="capsule" size=".05 .2" pos="0 .1 0"/>
      <body name="empty" pos=".2 0 0"><site name="marker"/></body></body></body></body>
<body name="cart" pos="2 0 0"><joint name="rail" type="slide" axis="1 0 0"/>
  <geom type="box" size=".2 .1 .1"/>
  <body name="pole" pos="0 0 .1"><joint name="pivot" axis="0 1 0"/>
    <geom type="capsule" fromto="0 0 0 0 0 .6" size=".04"/>
    <body name="mixed" pos="0 0 .6" euler="20 0 10"><joint type="slide" axis="0 0 1"/>
      <joint type="ball" pos=".1 0 0"/><joint type="slide" axis="1 0 0"/>
      <geom type="ellipsoid" size=".1 .05 .08" pos=".05 0 0"/></body></body></body>
<body name="spinner" pos="-2 0 0"><freejoint/><geom type="cylinder" size=".3 .05" mass="3"/>
  <body name="welded" pos=".4 0 0"><geom type="sphere" size=".1"/></body></body>
<body name="mocap" mocap="true" pos="0 3 0"><geom type="sphere" size=".1"/></body>
"""

# the transmission test's bodies (every joint type, sites for every transmission) and two
# arms with a fixed cylinder between them, which the "wrapped" tendon always wraps over
TENDON_BODIES = BODIES + """
<geom name="wrap" type="cylinder" size=".1 .1" pos="0 -2 0" euler="90 0 0"/>
<site name="above" pos="0 -2 .3"/>
<body name="left" pos="-.6 -2 0"><joint axis="0 1 0" limited="true" range="-30 30"/>
  <geom size=".05"/><site name="left" pos=".1 0 0"/></body>
<body name="right" pos=".6 -2 0"><joint axis="0 1 0" limited="true" range="-30 30"/>
  <geom size=".05"/><site name="right" pos="-.1 0 0"/></body>
"""
TENDONS = """<tendon>
<fixed name="fixed" stiffness="3" springlength=".1 .4"><joint joint="hinge" coef="2"/>
  <joint joint="rail" coef="-1"/><joint joint="crank" coef=".5"/></fixed>
<spatial name="spatial" stiffness="2" springlength=".8"><site site="base"/><site site="tip"/>
  <site site="handle"/></spatial>
<spatial name="wrapped"><site site="left"/><geom geom="wrap" sidesite="above"/><site site="right"/></spatial>
</tendon>"""
ACTUATORS = """<actuator>
<motor joint="hinge" gear="2"/><motor joint="ball" gear="1 2 3 0 0 0"/>
<motor joint="free" gear="1 2 3 4 5 6"/><motor jointinparent="ball" gear="1 -2 3 0 0 0"/>
<motor tendon="fixed" gear="3"/><motor tendon="spatial" gear="-2"/><motor tendon="wrapped"/>
<motor site="tip" gear="1 2 3 4 5 6"/><motor site="tip" refsite="handle" gear="1 2 3 4 5 6"/>
<motor cranksite="crank" slidersite="slider" cranklength="1.1" gear="2"/>
<position joint="rail" kp="10" kv="2"/><velocity joint="crank" kv="3"/>
</actuator>"""


def wrap(worldbody, extra="", option=""):
    return f"<mujoco>{option}<worldbody>{worldbody}</worldbody>{extra}</mujoco>"


SMALL_MODELS = {
    "every_joint": wrap(EVERY_JOINT),
    "hinge_chain": wrap('<body><joint axis="0 1 0"/><geom size=".1" pos=".2 0 0"/>'
                        '<body pos=".4 0 0"><joint axis="1 0 1"/><geom size=".1" pos=".2 0 0"/>'
                        '<body pos=".4 0 0"><joint axis="0 0 1"/><geom type="box" size=".2 .1 .05"/>'
                        '</body></body></body>'),
    "slide_only": wrap('<body><joint type="slide" axis="1 0 0"/><geom size=".1"/>'
                       '<body><joint type="slide" axis="0 1 0"/><geom size=".1" pos="0 0 .3"/>'
                       '</body></body>'),
    "ball_chain": wrap('<body><joint type="ball"/><geom type="box" size=".1 .2 .3" pos=".2 0 0"/>'
                       '<body pos=".4 0 0"><joint type="ball"/><geom type="box" size=".3 .1 .1" pos=".3 0 0"/>'
                       '</body></body>'),
    "free_only": wrap('<body euler="30 40 50"><freejoint/><geom type="box" size=".1 .2 .3" pos=".1 0 .2"/></body>'),
    "tendons_actuators": wrap(TENDON_BODIES, TENDONS + ACTUATORS),
    "tendons_actuators_sparse": wrap(TENDON_BODIES, TENDONS + ACTUATORS, '<option jacobian="sparse"/>'),
}


def small_params():
    return [pytest.param(xml, id=name) for name, xml in SMALL_MODELS.items()]


# --- helpers shared with test_rne.py and test_energy.py -----------------------------------


def assert_close_scaled(ours, ref, names, context, rtol=RTOL, atol_scale=ATOL_SCALE):
    """Each field: |ours - ref| <= rtol |ref| + atol_scale * max(1, max |ref|)."""
    __tracebackhide__ = True
    for name in names:
        scale = max(1.0, float(np.nan_to_num(np.abs(np.asarray(getattr(ref, name))), nan=0).max(initial=0)))
        assert_fields_close(ours, ref, [name], atol=atol_scale * scale, rtol=rtol, context=context)


def relative_error(ours, ref):
    """Largest |ours - ref| / max(1, max |ref|): what the report quotes."""
    ours, ref = np.asarray(ours, float), np.asarray(ref, float)
    if ref.size == 0:
        return 0.0
    return float(np.abs(ours - ref).max() / max(1.0, np.abs(ref).max()))


def load_smooth_pair(model):
    """load_pair with constraints disabled in both engines (xfail where mjsim cannot load)."""
    if not isinstance(model, str):
        load_or_xfail(model)
    pair = load_pair(model, seed=None)
    disable_constraints(pair)
    return pair


def prepare_state(pair, seed):
    """Random state in both; our position stages and mj_comVel; the reference's mj_forward."""
    pair.randomize_state(seed)
    for function in POSITION_STAGES:
        getattr(mjsim, function)(pair.m, pair.d)
    mjsim.mj_comVel(pair.m, pair.d)
    mujoco.mj_forward(pair.ref_m, pair.ref_d)


def run_velocity(pair):
    mjsim.mj_comVel(pair.m, pair.d)
    mjsim._core._tendon_actuator_velocity(pair.m, pair.d)
    mjsim.mj_subtreeVel(pair.m, pair.d)
    mujoco.mj_subtreeVel(pair.ref_m, pair.ref_d)


# --- conformance --------------------------------------------------------------------------


def check_velocity(model):
    pair = load_smooth_pair(model)
    for seed in range(N_STATES):
        prepare_state(pair, seed)
        run_velocity(pair)
        assert_close_scaled(pair.d, pair.ref_d, VELOCITY_FIELDS, f"{pair.name}, state {seed}")


@pytest.mark.parametrize("model", small_params())
def test_velocities_match_reference_on_small_models(model):
    check_velocity(model)


@pytest.mark.parametrize("path", params(corpus_models()))
def test_velocities_match_reference_on_corpus(path):
    check_velocity(path)


def test_cdof_dot_is_the_rate_of_the_dof_axes():
    """Oracle-free: the angular part of sum_i cdof_dot_i qvel_i over a body's dofs equals
    sum_i (d cdof_i / dt) qvel_i, by central differences of cdof along the motion (the
    grouping of velocity.cc does not change this sum; a different grouping would). Linear
    parts are left out: the c-frame origin moves as well."""
    pair = load_smooth_pair(SMALL_MODELS["every_joint"])
    m, d = pair.m, pair.d
    pair.randomize_state(5)
    for function in POSITION_STAGES:
        getattr(mjsim, function)(m, d)
    mjsim.mj_comVel(m, d)
    qpos, qvel = d.qpos.copy(), d.qvel.copy()
    cdof_dot_sum = np.array([d.cdof_dot[i] * qvel[i] for i in range(m.nv)])

    def cdof_at(h):
        position = qpos.copy()
        mujoco_free_integrate(m, position, qvel, h)
        d.qpos[:] = position
        mjsim.mj_kinematics(m, d)
        mjsim.mj_comPos(m, d)
        return d.cdof.copy()

    h = 1e-6
    derivative = (cdof_at(h) - cdof_at(-h)) / (2 * h)
    moved = derivative * qvel[:, None]
    for b in range(1, m.nbody):
        dofs = range(m.body_dofadr[b], m.body_dofadr[b] + m.body_dofnum[b])
        if not dofs:
            continue
        ours = cdof_dot_sum[list(dofs)].sum(axis=0)
        numeric = moved[list(dofs)].sum(axis=0)
        np.testing.assert_allclose(ours[:3], numeric[:3], atol=1e-6, err_msg=f"body {b}")


def mujoco_free_integrate(m, qpos, qvel, h):
    """qpos += h qvel on the joint manifolds (reference-free: quaternions by exponential map)."""
    for j in range(m.njnt):
        q, v = m.jnt_qposadr[j], m.jnt_dofadr[j]
        kind = m.jnt_type[j]
        if kind == 0:
            qpos[q:q + 3] += h * qvel[v:v + 3]
            q, v = q + 3, v + 3
        if kind in (0, 1):
            w = qvel[v:v + 3] * h
            angle = np.linalg.norm(w)
            if angle > 0:
                axis = w / angle
                dq = np.concatenate([[np.cos(angle / 2)], np.sin(angle / 2) * axis])
                a = qpos[q:q + 4].copy()
                qpos[q:q + 4] = [a[0] * dq[0] - a[1:] @ dq[1:],
                                 *(a[0] * dq[1:] + dq[0] * a[1:] + np.cross(a[1:], dq[1:]))]
        else:
            qpos[q] += h * qvel[v]


# --- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_nonfinite_velocity_does_not_crash(bad):
    pair = load_smooth_pair(SMALL_MODELS["tendons_actuators"])
    m, d = pair.m, pair.d
    pair.randomize_state(0)
    for function in POSITION_STAGES:
        getattr(mjsim, function)(m, d)
    d.qvel[0] = bad
    run_velocity(pair)
    assert not np.isfinite(d.cvel).all()
    assert np.isfinite(d.cvel[0]).all()  # the world does not move


def test_bindings_reject_a_data_of_another_model():
    m = mjsim.MjModel.from_xml_string(SMALL_MODELS["hinge_chain"])
    other = mjsim.MjModel.from_xml_string(SMALL_MODELS["ball_chain"])
    d = mjsim.MjData(other)
    for function in (mjsim.mj_comVel, mjsim.mj_subtreeVel):
        with pytest.raises(ValueError, match="different MjModel"):
            function(m, d)
    with pytest.raises(TypeError):
        mjsim.mj_comVel(m, "not data")
    with pytest.raises(TypeError):
        mjsim.mj_subtreeVel(d, m)


def test_binding_signatures_match_mujoco():
    for name in ("mj_comVel", "mj_subtreeVel"):
        ours = re.findall(r"(\w+):", getattr(mjsim, name).__doc__.splitlines()[0])
        theirs = re.findall(r"(\w+):", getattr(mujoco, name).__doc__.splitlines()[0])
        assert ours == theirs, name
