"""Actuator transmissions (engine/transmission.cc) against the reference at random
configurations: actuator_length, and the sparse moments (moment_rownnz, moment_colind,
actuator_moment), for every transmission type: joint and jointinparent on hinge, slide, ball
and free joints, fixed and spatial tendons, sites with and without refsite, slider-cranks
(working and broken), and body (adhesion, without contacts). Then every corpus model mjsim
loads.
"""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from conformance.test_constants import load_or_xfail  # noqa: E402
from corpus import corpus_models, params  # noqa: E402
from support import assert_fields_close, load_pair  # noqa: E402

N_CONFIGURATIONS = 10
ATOL = 1e-10
ROUNDOFF = 1e-14

BODIES = """
<body name="upper" euler="10 20 30"><joint name="hinge"/><geom size=".1"/><site name="base" euler="0 15 0"/>
  <body name="lower" pos="0 0 1" euler="5 -10 40"><joint name="ball" type="ball"/>
    <geom size=".1" pos=".1 .2 0"/><site name="tip" pos=".1 0 0" euler="20 0 0"/></body></body>
<body name="cart" pos="2 0 0"><joint name="rail" type="slide"/><geom size=".1"/></body>
<body name="float" pos="3 0 0" euler="0 30 0"><freejoint name="free"/><geom size=".1"/>
  <site name="handle" pos=".2 0 .1"/></body>
<body name="crankbody" pos="0 2 .5"><joint name="crank" axis="0 1 0"/><geom size=".1"/>
  <site name="crank" pos=".2 0 0"/></body>
<body name="sliderbody" pos="1 2 .5" euler="10 20 0"><joint type="slide" axis="1 0 0"/>
  <joint type="hinge" axis="0 0 1"/><geom size=".1"/><site name="slider" zaxis="-1 0 .1"/></body>
"""
TENDONS = """<tendon>
<fixed name="fixed"><joint joint="hinge" coef="2"/><joint joint="rail" coef="-1"/></fixed>
<spatial name="spatial"><site site="base"/><site site="tip"/><site site="handle"/></spatial>
</tendon>"""
ACTUATORS = {
    "joint": '<motor joint="hinge" gear="2"/><motor joint="rail"/>',
    "joint_ball_free": '<motor joint="ball" gear="1 2 3 0 0 0"/><motor joint="free" gear="1 2 3 4 5 6"/>',
    "jointinparent": ('<motor jointinparent="ball" gear="1 -2 3 0 0 0"/>'
                      '<motor jointinparent="free" gear="1 2 3 4 5 6"/><motor jointinparent="hinge"/>'),
    "tendon": '<motor tendon="fixed" gear="3"/><motor tendon="spatial" gear="-2"/>',
    "site": '<motor site="tip" gear="1 2 3 4 5 6"/><motor site="handle" gear="0 0 1 0 0 0"/>',
    # refsite on another tree, and on an ancestor body ("base" on "upper" above "tip"), with
    # site frames rotated against their bodies
    "refsite": ('<motor site="tip" refsite="handle" gear="1 2 3 0 0 0"/>'
                '<motor site="tip" refsite="handle" gear="0 0 0 4 5 6"/>'
                '<motor site="tip" refsite="base" gear="1 2 3 4 5 6"/>'
                '<motor site="handle" refsite="slider" gear="-1 0 2 0 3 0"/>'),
    "slidercrank": ('<motor cranksite="crank" slidersite="slider" cranklength="1.1" gear="2"/>'
                    '<motor cranksite="crank" slidersite="slider" cranklength="0.2"/>'),
    "body": '<adhesion body="float" ctrlrange="0 1"/><motor joint="hinge"/>',
}


def model_xml(name):
    return (f"<mujoco><worldbody>{BODIES}</worldbody>{TENDONS}"
            f"<actuator>{ACTUATORS[name]}</actuator></mujoco>")


def dense_moment(m, d):
    moment = np.zeros((m.nu, m.nv))
    for i in range(m.nu):
        adr, count = d.moment_rowadr[i], d.moment_rownnz[i]
        moment[i, d.moment_colind[adr:adr + count]] = d.actuator_moment[adr:adr + count]
    return moment


def check_model(model):
    pair = load_pair(model, seed=None)
    for seed in [None, *range(N_CONFIGURATIONS)]:
        pair.randomize(seed)
        for function in ("mj_kinematics", "mj_comPos", "mj_tendon", "mj_transmission"):
            pair.call(function)
        context = f"{pair.name}, configuration {seed}"
        assert_fields_close(pair.d, pair.ref_d, ["actuator_length"], atol=ATOL, context=context)
        ours, ref = dense_moment(pair.m, pair.d), dense_moment(pair.ref_m, pair.ref_d)
        np.testing.assert_allclose(ours, ref, atol=ATOL, rtol=0, err_msg=f"{context}: actuator_moment")
        # the sparse rows list the same dofs, except entries that are round-off in one engine
        # and exactly zero in the other (a tendon moment of 6e-17, say)
        for i in range(pair.ref_m.nu):
            rows = [set(np.asarray(data.moment_colind[adr:adr + count]).tolist())
                    for data in (pair.d, pair.ref_d)
                    for adr, count in [(data.moment_rowadr[i], data.moment_rownnz[i])]]
            for dof in rows[0] ^ rows[1]:
                assert max(abs(ours[i, dof]), abs(ref[i, dof])) < ROUNDOFF, (
                    f"{context}: actuator {i} lists dof {dof} in one engine only")


@pytest.mark.parametrize("name", sorted(ACTUATORS))
def test_transmission_matches_reference(name):
    check_model(model_xml(name))


@pytest.mark.parametrize("name", ["tendon", "site", "joint"])
def test_transmission_matches_reference_with_sparse_jacobian(name):
    check_model(model_xml(name).replace("<mujoco>", '<mujoco><option jacobian="sparse"/>'))


@pytest.mark.parametrize("name", sorted(ACTUATORS))
@pytest.mark.parametrize("jacobian", ["dense", "sparse"])
def test_transmission_constants_match_reference(name, jacobian):
    xml = model_xml(name).replace("<mujoco>", f'<mujoco><option jacobian="{jacobian}"/>')
    m = mjsim.MjModel.from_xml_string(xml)
    ref = mujoco.MjModel.from_xml_string(xml)
    assert m.nJmom == ref.nJmom
    assert_fields_close(m, ref, ["actuator_length0", "actuator_acc0", "tendon_invweight0"],
                        atol=1e-12, rtol=1e-9, context=name)


@pytest.mark.parametrize("path", params(corpus_models()))
def test_transmission_matches_reference_on_corpus(path):
    load_or_xfail(path)
    check_model(path)


ADHESION = """
<mujoco>
  <worldbody>
    <body name="pad" pos="0 0 {pad}"><freejoint/>
      <geom type="box" size=".1 .1 .05" margin="{margin}" gap="{gap}"/></body>
    <geom type="plane" size="5 5 .1"/>
    <body pos="0.05 0 {ball}" euler="5 3 0"><freejoint/><geom type="sphere" size=".05"/></body>
  </worldbody>
  <actuator>
    <adhesion body="pad" gain="10" ctrlrange="0 1"/>
    <general body="pad" gear="2.5" gainprm="4" ctrllimited="true" ctrlrange="0 1"/>
  </actuator>
</mujoco>
"""


@pytest.mark.parametrize("pad,ball,margin,gap", [
    (0.04, 0.3, 0, 0),         # four box corners on the plane
    (0.07, 0.3, 0.1, 0.05),    # corners within the margin
    (0.04, 0.14, 0, 0),        # and a ball resting on the pad (the pad is geom1 there)
    (0.2, 0.3, 0, 0),          # the pad above the ball: the pad is geom2
    (0.5, 0.8, 0, 0),          # no contact: an empty row
], ids=["plane", "margin", "ball_on_pad", "pad_on_ball", "no_contact"])
def test_body_transmission_averages_the_contact_normals(pad, ball, margin, gap):
    """Adhesion (mjTRN_BODY): the moment is minus the mean normal Jacobian of the body's
    contacts, gear ignored, length 0; velocity and qfrc_actuator follow from it."""
    pair = load_pair(ADHESION.format(pad=pad, ball=ball, margin=margin, gap=gap), seed=None)
    rng = np.random.default_rng(3)
    qvel, ctrl = rng.normal(size=pair.ref_m.nv), rng.uniform(0, 1, pair.ref_m.nu)
    for data in (pair.d, pair.ref_d):
        data.qvel[:] = qvel
        data.ctrl[:] = ctrl
    pair.call("mj_forward")
    assert pair.d.ncon == pair.ref_d.ncon
    np.testing.assert_allclose(dense_moment(pair.m, pair.d), dense_moment(pair.ref_m, pair.ref_d),
                               atol=ATOL, rtol=0)
    assert_fields_close(pair.d, pair.ref_d, ["actuator_length", "actuator_velocity",
                                             "qfrc_actuator"], atol=ATOL, context="adhesion")


def test_moment_is_the_length_gradient():
    """Oracle-free: for a slider-crank and a spatial tendon, the moment equals the finite-
    difference derivative of the length along random hinge/slide directions."""
    m = mjsim.MjModel.from_xml_string(model_xml("slidercrank"))
    d = mjsim.MjData(m)
    rng = np.random.default_rng(5)
    scalar = [j for j in range(m.njnt) if m.jnt_type[j] in (2, 3)]

    def lengths(qpos):
        d.qpos[:] = qpos
        for function in (mjsim.mj_kinematics, mjsim.mj_comPos, mjsim.mj_tendon, mjsim.mj_transmission):
            function(m, d)
        return d.actuator_length.copy(), dense_moment(m, d)

    qpos = d.qpos.copy()
    length, moment = lengths(qpos)
    eps = 1e-6
    for j in scalar:
        step = qpos.copy()
        step[m.jnt_qposadr[j]] += eps
        plus, _ = lengths(step)
        step[m.jnt_qposadr[j]] -= 2 * eps
        minus, _ = lengths(step)
        np.testing.assert_allclose((plus - minus) / (2 * eps), moment[:, m.jnt_dofadr[j]],
                                   atol=1e-6)
    assert rng is not None
