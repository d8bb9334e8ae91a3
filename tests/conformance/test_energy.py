"""Potential and kinetic energy (engine/energy.cc) against the reference at random states:
mj_energyPos (gravity, joint springs of every joint type, tendon springs with a dead band)
and mj_energyVel (0.5 qvel' M qvel), with mjENBL_ENERGY set in the reference, whose mj_forward
then computes both. Also with gravity or springs disabled, and oracle-free identities.

Models: small ones with springs on free, ball, slide and hinge joints and on fixed and spatial
tendons, the small models of test_velocity.py, and every corpus model; N_STATES random states
each, constraints disabled.
"""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from conformance.test_velocity import (  # noqa: E402
    SMALL_MODELS, TENDON_BODIES, TENDONS, assert_close_scaled, load_smooth_pair, prepare_state,
    small_params, wrap)
from corpus import corpus_models, params  # noqa: E402

N_STATES = 4
ENBL_ENERGY = 1 << 1
DSBL_SPRING, DSBL_GRAVITY = 1 << 5, 1 << 7

SPRINGS = wrap("""
<body name="a" pos="0 0 1"><joint type="hinge" axis="0 1 0" stiffness="3" springref="20"/>
  <geom type="box" size=".1 .15 .2"/>
  <body name="b" pos=".3 0 0"><joint type="ball" stiffness="2"/>
    <geom type="box" size=".1 .2 .05" pos="0 .1 0"/></body></body>
<body name="c" pos="2 0 0" euler="10 20 30"><joint type="free" stiffness="5"/><geom size=".1"/></body>
<body name="s" pos="0 3 0"><joint type="slide" axis="0 0 1" stiffness="4" springref="-.1"/>
  <geom size=".1"/></body>
""")
SPRING_MODELS = {
    "joint_springs": SPRINGS,
    "tendon_springs": wrap(TENDON_BODIES, TENDONS),
}


def energy_params():
    return small_params() + [pytest.param(xml, id=name) for name, xml in SPRING_MODELS.items()]


class Energy:
    def __init__(self, d):
        self.energy = np.array(d.energy)


def check_energy(model, disable=0):
    pair = load_smooth_pair(model)
    for m in (pair.m, pair.ref_m):
        m.opt.enableflags = m.opt.enableflags | ENBL_ENERGY
        m.opt.disableflags = m.opt.disableflags | disable
    m, d, ref_m, ref_d = pair
    for seed in range(N_STATES):
        prepare_state(pair, seed)  # the reference's mj_forward computes both energies
        d.energy[:] = np.nan
        mjsim.mj_energyPos(m, d)
        mjsim.mj_energyVel(m, d)
        assert_close_scaled(Energy(d), Energy(ref_d), ["energy"], f"{pair.name}, state {seed}")


@pytest.mark.parametrize("model", energy_params())
def test_energy_matches_reference_on_small_models(model):
    check_energy(model)


@pytest.mark.parametrize("disable", [DSBL_SPRING, DSBL_GRAVITY, DSBL_SPRING | DSBL_GRAVITY],
                         ids=["no_springs", "no_gravity", "neither"])
@pytest.mark.parametrize("name", sorted(SPRING_MODELS))
def test_energy_with_gravity_or_springs_disabled(name, disable):
    check_energy(SPRING_MODELS[name], disable)


@pytest.mark.parametrize("path", params(corpus_models()))
def test_energy_matches_reference_on_corpus(path):
    check_energy(path)


def test_kinetic_energy_is_half_the_mass_matrix_norm():
    """Oracle-free: energy[1] = 0.5 qvel' M qvel with the dense M, and a body at rest has none."""
    pair = load_smooth_pair(SMALL_MODELS["every_joint"])
    m, d = pair.m, pair.d
    prepare_state(pair, 1)
    M = np.zeros((m.nv, m.nv))
    mjsim.mj_fullM(m, M, d.qM)
    mjsim.mj_energyVel(m, d)
    assert d.energy[1] == pytest.approx(0.5 * d.qvel @ M @ d.qvel, rel=1e-12)
    d.qvel[:] = 0
    mjsim.mj_energyVel(m, d)
    assert d.energy[1] == 0


def test_spring_energy_is_zero_at_the_spring_pose():
    """Oracle-free: without gravity, nothing is stored at qpos = qpos_spring; a rotation
    of a ball joint by angle a from it stores k a^2 / 2."""
    m = mjsim.MjModel.from_xml_string(SPRINGS)
    d = mjsim.MjData(m)
    m.opt.disableflags = m.opt.disableflags | DSBL_GRAVITY
    d.qpos[:] = m.qpos_spring
    mjsim.mj_kinematics(m, d)
    mjsim.mj_energyPos(m, d)
    assert abs(d.energy[0]) < 1e-15
    ball = m.jnt_qposadr[1]
    angle = 2.5  # beyond pi/2, below pi
    spring = np.array(m.qpos_spring[ball:ball + 4])
    turn = np.array([np.cos(angle / 2), 0, np.sin(angle / 2), 0])
    w1, v1, w2, v2 = spring[0], spring[1:], turn[0], turn[1:]
    d.qpos[ball:ball + 4] = [w1 * w2 - v1 @ v2, *(w1 * v2 + w2 * v1 + np.cross(v1, v2))]
    mjsim.mj_energyPos(m, d)
    assert d.energy[0] == pytest.approx(0.5 * m.jnt_stiffness[1] * angle**2, rel=1e-12)


@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_nonfinite_state_does_not_crash(bad):
    pair = load_smooth_pair(SPRINGS)
    m, d = pair.m, pair.d
    prepare_state(pair, 0)
    d.qpos[3] = bad
    d.qvel[0] = bad
    mjsim.mj_energyPos(m, d)
    mjsim.mj_energyVel(m, d)
    assert not np.isfinite(d.energy).all()


def test_energy_bindings_check_their_arguments():
    m = mjsim.MjModel.from_xml_string(SPRINGS)
    other = mjsim.MjData(mjsim.MjModel.from_xml_string(SMALL_MODELS["hinge_chain"]))
    for function in (mjsim.mj_energyPos, mjsim.mj_energyVel):
        with pytest.raises(ValueError, match="different MjModel"):
            function(m, other)
        with pytest.raises(TypeError):
            function(m, None)
