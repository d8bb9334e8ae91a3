"""Physical checks of whole simulations (issue 6, acceptance 3), each also run in the reference.

- a box resting on a plane stays within REST_TOL of its initial pose for 10 s;
- a stack of three boxes stays stacked for 10 s;
- a four-bar linkage closed by a connect equality keeps its loop closed to LOOP_TOL under
  gravity for 2.5 s;
- a ball dropped on a plane with a bouncy contact (solref "-10000 -5": stiffness 1e4, damping
  5) rebounds to the reference's apex height within REBOUND_TOL;
- bad input (huge stiffness, a body whose mass and inertia are set to zero at run time,
  conflicting equality constraints) runs BAD_INPUT_STEPS steps without crashing, with NaN only
  where the reference has NaN, and raises the reference's warnings.
"""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402

REST_TOL = 1e-3
LOOP_TOL = 1e-4
REBOUND_TOL = 1e-3
REFERENCE_TOL = 1e-6  # our recorded quantities against the reference's
BAD_INPUT_STEPS = 2000

PLANE = '<geom type="plane" size="5 5 .1"/>'
BOX_ON_PLANE = f"""<mujoco><worldbody>{PLANE}
  <body pos="0 0 .1"><freejoint/><geom type="box" size=".1 .1 .1"/></body>
</worldbody></mujoco>"""
BOX_STACK = f"""<mujoco><worldbody>{PLANE}
  <body pos="0 0 .1"><freejoint/><geom type="box" size=".1 .1 .1"/></body>
  <body pos="0 0 .3"><freejoint/><geom type="box" size=".1 .1 .1"/></body>
  <body pos="0 0 .5"><freejoint/><geom type="box" size=".1 .1 .1"/></body>
</worldbody></mujoco>"""
# crank 0.2, coupler 0.36, rocker 0.3, ground 0.4 (a Grashof crank-rocker), closed at the
# coupler's tip by a stiff connect; light joint damping keeps the motion bounded
FOUR_BAR = """<mujoco><option timestep="0.001"/>
<default><joint type="hinge" axis="0 1 0" damping="0.005"/></default>
<worldbody>
  <body name="crank"><joint/><geom type="capsule" fromto="0 0 0 .2 0 0" size=".01"/>
    <body name="coupler" pos=".2 0 0"><joint/>
      <geom type="capsule" fromto="0 0 0 .2 0 .3" size=".01"/><site name="coupler_tip" pos=".2 0 .3"/>
    </body>
  </body>
  <body name="rocker" pos=".4 0 0"><joint/>
    <geom type="capsule" fromto="0 0 0 0 0 .3" size=".01"/><site name="rocker_tip" pos="0 0 .3"/>
  </body>
</worldbody>
<equality>
  <connect body1="coupler" body2="rocker" anchor=".2 0 .3" solref="0.002 1"
           solimp="0.9999 0.9999 0.001"/>
</equality></mujoco>"""
BOUNCY_BALL = """<mujoco><worldbody><geom type="plane" size="5 5 .1" solref="-10000 -5"/>
  <body pos="0 0 1"><freejoint/><geom type="sphere" size=".1" solref="-10000 -5"/></body>
</worldbody></mujoco>"""

HUGE_STIFFNESS = f"""<mujoco><worldbody>{PLANE}
  <body pos="0 0 .5"><joint type="hinge" axis="0 1 0" stiffness="1e12" ref="0.3"/>
    <geom type="capsule" fromto="0 0 0 .3 0 0" size=".05"/></body>
  <body pos="1 0 .2"><freejoint/><geom type="box" size=".1 .1 .1" solref="-1e12 0"/></body>
</worldbody></mujoco>"""
# body 1 gets zero mass and inertia after compiling (the compiler would refuse them)
ZERO_MASS_ON_PLANE = f"""<mujoco><worldbody>{PLANE}
  <body pos="0 0 .09"><freejoint/><geom type="box" size=".1 .1 .1"/></body>
  <body pos=".5 0 .09"><joint type="slide" axis="1 0 0"/><joint type="hinge" axis="0 1 0"/>
    <geom type="box" size=".1 .1 .1" pos=".05 0 0"/></body>
</worldbody></mujoco>"""
ZERO_MASS_FREE_BOX = f"""<mujoco><worldbody>{PLANE}
  <body pos="0 0 .09"><freejoint/><geom type="box" size=".1 .1 .1"/></body>
</worldbody></mujoco>"""
CONFLICTING_EQUALITIES = f"""<mujoco><worldbody>{PLANE}
  <body name="b" pos="0 0 .5"><freejoint/><geom type="box" size=".1 .1 .1"/></body>
</worldbody>
<equality>
  <connect body1="b" body2="world" anchor="0 0 0"/>
  <weld body1="b" relpose=".5 0 1 1 0 0 0"/>
  <weld body1="b" relpose="0 0 .2 0 1 0 0"/>
</equality></mujoco>"""


def zero_mass_bodies(model):
    for body in range(1, model.nbody):
        model.body_mass[body] = 0
        model.body_inertia[body] = 0


def simulate(engine, xml, steps, record, prepare=None):
    """(records, data): record(d) after each of `steps` steps of the model in `engine`."""
    model = engine.MjModel.from_xml_string(xml)
    if prepare is not None:
        prepare(model)
    data = engine.MjData(model)
    records = []
    for _ in range(steps):
        engine.mj_step(model, data)
        records.append(np.array(record(data), dtype=float))
    return np.array(records), data


def simulate_both(xml, steps, record, prepare=None):
    ours, _ = simulate(mjsim, xml, steps, record, prepare)
    ref, _ = simulate(mujoco, xml, steps, record, prepare)
    return ours, ref


def qpos(d):
    return d.qpos


def test_box_rests_on_plane():
    ours, ref = simulate_both(BOX_ON_PLANE, 5000, qpos)  # 10 s
    initial = np.array([0, 0, 0.1, 1, 0, 0, 0])
    assert np.abs(ours - initial).max() < REST_TOL
    assert np.abs(ours - ref).max() < REFERENCE_TOL


def test_three_box_stack_stays_stacked():
    ours, ref = simulate_both(BOX_STACK, 5000, qpos)  # 10 s
    poses = ours.reshape(len(ours), 3, 7)
    assert np.abs(poses[:, :, :2]).max() < REST_TOL, "a box slid off the stack"
    heights = poses[:, :, 2] - np.array([0.1, 0.3, 0.5])
    assert np.abs(heights).max() < 2 * REST_TOL, "the stack sank or a box lifted"
    assert np.abs(poses[:, :, 3:] - np.array([1, 0, 0, 0])).max() < REST_TOL, "a box tilted"
    assert np.abs(ours - ref).max() < REST_TOL  # the reference's stack stays as close


def test_three_box_stack_matches_reference():
    ours, ref = simulate_both(BOX_STACK, 500, qpos)
    assert np.abs(ours - ref).max() < REFERENCE_TOL


def loop_gap(d):
    return [np.linalg.norm(d.site_xpos[0] - d.site_xpos[1])]


def test_four_bar_loop_stays_closed():
    ours, ref = simulate_both(FOUR_BAR, 2500, loop_gap)  # 2.5 s
    assert ours.max() < LOOP_TOL
    assert np.abs(ours - ref).max() < REFERENCE_TOL * LOOP_TOL


def first_rebound_height(heights):
    """The highest point after the first impact (the lowest point of the first fall)."""
    impact = int(np.argmin(heights[:400]))
    return heights[impact:impact + 600].max()


def test_bouncy_ball_rebounds_as_reference():
    ours, ref = simulate_both(BOUNCY_BALL, 1000, lambda d: [d.qpos[2]])
    height, ref_height = first_rebound_height(ours[:, 0]), first_rebound_height(ref[:, 0])
    assert 0.5 < ref_height < 1.0  # it did bounce, and lost energy to the damping
    assert abs(height - ref_height) < REBOUND_TOL


def raised_warnings(data):
    return {index: int(data.warning[index].number) for index in range(len(data.warning))
            if data.warning[index].number}


@pytest.mark.parametrize("xml, prepare", [
    pytest.param(HUGE_STIFFNESS, None, id="huge_stiffness"),
    pytest.param(ZERO_MASS_FREE_BOX, zero_mass_bodies, id="zero_mass_free_box_under_contact"),
    # the non-simple body's M is singular (0): qacc_smooth is NaN, yet Newton (M + J'DJ) keeps
    # the warmstart and solves (solver.cc GaussTerm, WarmstartCheaper), as the reference does
    pytest.param(ZERO_MASS_ON_PLANE, zero_mass_bodies, id="zero_mass_hinged_body_under_contact"),
    pytest.param(CONFLICTING_EQUALITIES, None, id="conflicting_equalities"),
])
def test_bad_input_runs_like_reference(xml, prepare):
    finite = lambda d: [np.isfinite(d.qpos).all() and np.isfinite(d.qvel).all()  # noqa: E731
                        and np.isfinite(d.efc_force).all()]
    ours, our_data = simulate(mjsim, xml, BAD_INPUT_STEPS, finite, prepare)
    ref, ref_data = simulate(mujoco, xml, BAD_INPUT_STEPS, finite, prepare)
    assert ours.all() or not ref.all(), "NaN in our state where the reference has none"
    assert raised_warnings(our_data) == raised_warnings(ref_data)
    assert our_data.time == pytest.approx(ref_data.time, abs=1e-9)
