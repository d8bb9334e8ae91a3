"""Actuators (compiler/actuators.cc, xml/read_actuator.cc) against the reference: every
shortcut, the one general actuator a default class shares among shortcuts, every transmission,
autolimits, inheritrange, dampratio and the <compiler><lengthrange> options. Each case is a
small model compiled by both engines and compared on every actuator field."""

import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from support import assert_fields_close  # noqa: E402

FIELDS = ["actuator_trntype", "actuator_dyntype", "actuator_gaintype", "actuator_biastype",
          "actuator_trnid", "actuator_actadr", "actuator_actnum", "actuator_group",
          "actuator_ctrllimited", "actuator_forcelimited", "actuator_actlimited",
          "actuator_dynprm", "actuator_gainprm", "actuator_biasprm", "actuator_actearly",
          "actuator_ctrlrange", "actuator_forcerange", "actuator_actrange", "actuator_gear",
          "actuator_cranklength", "actuator_lengthrange", "actuator_plugin", "actuator_user",
          "name_actuatoradr"]

# hinge j, slide s (both with ranges, j in degrees), a ball b in a child body, a free body;
# sites on each body
WORLD = """
<worldbody>
  <body name="arm">
    <joint name="j" limited="true" range="-30 60" armature="0.1"/>
    <joint name="s" type="slide" axis="1 0 0" limited="true" range="-0.5 0.5"/>
    <geom size="0.1" pos="0.3 0 0"/>
    <site name="base" pos="0.1 0 0"/>
    <body name="hand" pos="0.6 0 0" euler="0 30 0">
      <joint name="b" type="ball"/>
      <geom type="capsule" size="0.05" fromto="0 0 0 0.2 0 0"/>
      <site name="tip" pos="0.2 0 0.05" euler="10 20 30"/>
    </body>
  </body>
  <body name="box" pos="0 1 0" euler="0 0 45">
    <freejoint name="f"/>
    <geom type="box" size="0.1 0.2 0.3"/>
    <site name="lid" pos="0 0 0.3"/>
  </body>
</worldbody>
"""

G = ('<general dyntype="filter" gaintype="affine" biastype="affine" '
     'dynprm="11 12 13 14 15 16 17 18 19 20" gainprm="21 22 23 24 25 26 27 28 29 30" '
     'biasprm="31 32 33 34 35 36 37 38 39 40" ctrlrange="-5 5" forcerange="-6 6" '
     'gear="2 0 0 0 0 0" actearly="true"/>')

MUSCLE_READY = '<general gainprm="0.7 1.1 -1 200 0.5 1.6 1.5 1.3 1.2 30" biasprm="7 7 7 7 7 7 7 7 7 7"/>'

# name: (actuator section, default section contents, compiler section contents)
CASES = {
    "motor": ('<motor joint="j"/><motor name="m2" joint="s" gear="3" ctrlrange="-1 1" '
              'forcerange="-2 2" group="2"/>', "", ""),
    "position": ('<position joint="j"/><position joint="j" kp="3" kv="2"/>'
                 '<position joint="s" kp="5" timeconst="0.1"/><position joint="s" timeconst="0"/>',
                 "", ""),
    "velocity": '<velocity joint="j"/><velocity joint="s" kv="4"/>',
    "intvelocity": ('<intvelocity joint="j" actrange="-1 1"/>'
                    '<intvelocity joint="s" kp="5" kv="2" actrange="-1 1"/>'
                    '<intvelocity joint="s" kp="5" kv="-1" actrange="0 1"/>'
                    '<intvelocity joint="s" kv="2" dampratio="1" actrange="0 1"/>'
                    '<intvelocity joint="s" dampratio="-1" actrange="0 1"/>', "", ""),
    "damper": '<damper joint="j" ctrlrange="0 1"/><damper joint="s" kv="3" ctrlrange="0 2"/>',
    "cylinder": ('<cylinder joint="s"/><cylinder joint="s" timeconst="0.3" area="2" bias="1 2 3"/>'
                 '<cylinder joint="s" diameter="2" area="5"/>', "", ""),
    "muscle": ('<muscle joint="s" lengthrange="-0.5 0.5"/>'
               '<muscle joint="s" lengthrange="0 1" force="10" timeconst="0.02 0.05" tausmooth="0.1" '
               'range="0.5 1.5" scale="100" lmin="0.4" lmax="1.7" vmax="2" fpmax="1.4" fvmax="1.3"/>'
               '<muscle joint="s" lengthrange="0 1" range="1 2" lmax="2.5" force="0" timeconst="-1 0"/>',
               "", ""),
    "adhesion": ('<adhesion body="hand" ctrlrange="0 1"/><adhesion body="box" gain="3" ctrlrange="0 2"/>',
                 "", ""),
    "general": ('<general joint="j" dyntype="user" actdim="3" gaintype="user" biastype="user" '
                'dynprm="1 2 3" gainprm="4 5" biasprm="6" actearly="true"/>'
                '<general joint="j"/><general joint="s" dyntype="filterexact" gear="3 4"/>'
                '<general joint="s" dyntype="integrator" actrange="-2 2" actlimited="true" group="-3"/>',
                "", ""),
    # transmissions
    "transmissions": ('<motor joint="j"/><motor jointinparent="j"/><motor joint="f" gear="1 2 3 4 5 6"/>'
                      '<motor jointinparent="f"/><motor joint="b" gear="0 1 0"/>'
                      '<motor site="tip"/><motor site="tip" refsite="base"/>'
                      '<motor cranksite="base" slidersite="tip" cranklength="0.5"/>'
                      '<adhesion body="box" ctrlrange="0 1"/>', "", ""),
    # limits and autolimits
    "autolimits": ('<general joint="j" ctrlrange="1 0"/><general joint="j" ctrlrange="1 1"/>'
                   '<general joint="j" forcerange="-1 0"/><general joint="j" forcerange="0 0"/>'
                   '<general joint="j" ctrlrange="-1 1" ctrllimited="false"/>'
                   '<general joint="j" actlimited="false" actrange="0 1"/>'
                   '<general joint="j" ctrlrange="" gainprm=""/>', "", ""),
    "autolimits_off": ('<general joint="j" ctrlrange="-1 1" ctrllimited="true"/>'
                       '<general joint="j" ctrlrange="0 0"/><damper joint="s" ctrlrange="0 1"/>'
                       '<intvelocity joint="s" actrange="-1 1"/>', "",
                       '<compiler autolimits="false"/>'),
    # default classes: one general actuator shared by all shortcuts of a class
    "class_motor_then_velocity": (
        '<velocity class="a" joint="j"/><motor class="a" joint="j"/><general class="a" joint="j"/>'
        '<position class="a" joint="j"/>',
        '<default class="a"><motor gear="2" ctrlrange="-1 1"/><velocity kv="3"/></default>', ""),
    "class_general_then_shortcuts": (
        '<general joint="j"/><position joint="j"/><position joint="j" kp="5"/>'
        '<position joint="j" kv="5"/><position joint="j" timeconst="0.5"/>'
        '<velocity joint="j"/><velocity joint="j" kv="3"/><cylinder joint="j"/>'
        '<cylinder joint="j" timeconst="0.3" area="2" bias="1 2 3"/><cylinder joint="j" diameter="2"/>'
        '<adhesion body="hand" gain="4" ctrlrange="0 1"/><damper joint="j" ctrlrange="0 1"/>',
        G, ""),
    "class_motor_keeps_bias": ('<motor joint="j"/><intvelocity joint="j" actrange="-1 1"/>'
                               '<intvelocity joint="j" kp="3" kv="4" actrange="-1 1"/>', G, ""),
    "class_partial_arrays": (
        '<general joint="j" gear="7" dynprm="5" gainprm="6 7" biasprm="8"/><general joint="j" user="9"/>',
        '<general gear="1 2 3 4 5 6" dynprm="11 12 13 14 15 16 17 18 19 20" '
        'gainprm="21 22 23 24 25 26 27 28 29 30" biasprm="31 32 33 34 35 36 37 38 39 40" user="1 2 3"/>',
        ""),
    "class_muscle_defaults": ('<muscle joint="j" lengthrange="0 1"/>'
                              '<muscle joint="j" lengthrange="0 1" force="5" tausmooth="0.2" '
                              'timeconst="0.1 0.2"/>', MUSCLE_READY, ""),
    "class_muscle_in_default": ('<general joint="j" lengthrange="0 1"/><muscle joint="j" lengthrange="0 1"/>',
                                MUSCLE_READY + '<muscle force="7"/>', ""),
    "class_muscle_dynprm": ('<muscle joint="j" lengthrange="0 1"/>', '<general dynprm="1 5"/>', ""),
    "class_damper_kv": ('<damper joint="j" ctrlrange="0 1"/><general joint="j" ctrlrange="0 1"/>',
                        '<damper kv="3"/>', ""),
    "class_nested": ('<general class="y" joint="j"/><general class="x" joint="j"/>',
                     f'<default class="x">{G}<default class="y"><motor/></default></default>', ""),
    "class_velocity_in_default": ('<general joint="j"/>', G + "<velocity/>", ""),
    "class_intvelocity_sets_actlimited": (
        '<general joint="j" dyntype="none" actrange="0 1"/><motor joint="j"/><position joint="j"/>'
        '<general joint="j"/>',
        '<intvelocity inheritrange="0.5"/><general actlimited="false"/>', ""),
    # inheritrange
    "inheritrange": ('<position joint="j" inheritrange="1"/><position joint="s" inheritrange="0.5"/>'
                     '<intvelocity joint="j" inheritrange="2"/><position joint="s" inheritrange="0"/>'
                     '<position joint="s" ctrlrange="0 1" inheritrange="-1"/>', "", ""),
    "inheritrange_class": ('<position joint="j"/><general joint="j"/><motor joint="j"/>'
                           '<velocity joint="j"/><intvelocity joint="j"/>'
                           '<general joint="j" dyntype="integrator"/><general joint="j" dyntype="filterexact"/>'
                           '<general joint="j" biasprm="0 -2 0"/><general joint="j" gaintype="affine" biastype="none"/>'
                           '<damper joint="j" ctrlrange="0 1"/><adhesion body="box" ctrlrange="0 1"/>',
                           '<position inheritrange="0.5"/><general ctrllimited="false"/>', ""),
    # dampratio: M(qpos0) and the moment of joint, ball, free and site transmissions
    "dampratio": ('<position joint="j" kp="3" dampratio="1"/><position joint="s" kp="3" dampratio="0.5" gear="2"/>'
                  '<position joint="b" kp="2" dampratio="1" gear="1 1 0"/>'
                  '<position joint="f" kp="2" dampratio="1" gear="0 0 1 0 1 0"/>'
                  '<position jointinparent="f" kp="2" dampratio="1" gear="0 0 0 1 0 1"/>'
                  '<position site="tip" kp="4" dampratio="1" gear="1 0 1 0 0 1"/>'
                  '<position site="lid" kp="4" dampratio="1" gear="0 1 0 0 0 0"/>'
                  '<intvelocity joint="j" kp="3" dampratio="0.7" actrange="-1 1"/>'
                  '<general joint="j" gainprm="3" biastype="affine" biasprm="0 -3 1"/>'
                  '<general joint="j" gainprm="3" biastype="affine" biasprm="0 -2 1"/>'
                  '<general joint="j" gainprm="3" biastype="affine" biasprm="0 -3 1" gear="0"/>'
                  '<position joint="j" kp="2" dampratio="0"/>', "", ""),
    "dampratio_from_class": ('<position joint="j"/><intvelocity joint="j" actrange="-7 7"/>', G, ""),
    # length range options
    "lengthrange_uselimit": ('<muscle joint="j"/><motor joint="s"/><muscle joint="s" gear="-2"/>'
                             '<muscle joint="j" lengthrange="0 0.1"/>',
                             "", '<compiler><lengthrange uselimit="true"/></compiler>'),
    "lengthrange_flat_trnid": ('<motor joint="s"/><motor joint="j" lengthrange="0 1"/><motor joint="j"/>',
                               "", '<compiler><lengthrange uselimit="true" mode="all"/></compiler>'),
    "lengthrange_no_existing": ('<muscle joint="j" lengthrange="0 0.1"/>', "",
                                '<compiler><lengthrange uselimit="true" useexisting="false"/></compiler>'),
    "lengthrange_muscleuser": ('<motor joint="j"/><motor joint="j" lengthrange="1 2"/>'
                               '<general joint="s" gaintype="user"/>',
                               "", '<compiler><lengthrange uselimit="true" mode="muscleuser"/></compiler>'),
    "lengthrange_none": ('<muscle joint="j"/><muscle joint="j" lengthrange="2 1"/><motor joint="s" lengthrange="1 3"/>',
                         "", '<compiler><lengthrange mode="none" accel="10" maxforce="1" timeconst="2" '
                             'timestep="0.001" inttotal="5" interval="1" tolrange="0.1"/></compiler>'),
    "user": ('<general joint="j" user="1 2 3"/><motor joint="j"/><motor joint="j" user="4"/>',
             '<motor user="9 8"/>', ""),
    "names": ('<motor name="first" joint="j"/><motor joint="j"/><velocity name="third" joint="s"/>', "", ""),
}


def model_xml(case) -> str:
    if isinstance(case, str):
        case = (case, "", "")
    actuators, defaults, compiler = case
    default = f"<default>{defaults}</default>" if defaults else ""
    return f"<mujoco>{compiler}{default}{WORLD}<actuator>{actuators}</actuator></mujoco>"


@pytest.mark.parametrize("name", sorted(CASES))
def test_actuator_fields_match_reference(name):
    xml = model_xml(CASES[name])
    ref = mujoco.MjModel.from_xml_string(xml)
    ours = mjsim.MjModel.from_xml_string(xml)
    for size in ("nu", "na", "nuser_actuator"):
        assert getattr(ours, size) == getattr(ref, size), f"{name}: {size}"
    assert_fields_close(ours, ref, FIELDS, atol=1e-12, rtol=1e-12, context=name)


def test_actuator_names_resolve():
    xml = model_xml(CASES["names"])
    m = mjsim.MjModel.from_xml_string(xml)
    assert mjsim.mj_name2id(m, mjsim.mjtObj.mjOBJ_ACTUATOR, "third") == 2
    assert mjsim.mj_id2name(m, mjsim.mjtObj.mjOBJ_ACTUATOR, 0) == "first"


TENDON_WORLD = WORLD + """
<tendon>
  <fixed name="t" range="-1 3"><joint joint="j" coef="2"/></fixed>
  <fixed name="t2" limited="true" range="-2 4"><joint joint="s" coef="1"/></fixed>
  <spatial name="cord" limited="true" range="0.2 2"><site site="base"/><site site="tip"/></spatial>
</tendon>
"""

TENDON_CASES = {
    "tendon_dampratio": ('<position tendon="t" kp="3" dampratio="1"/>'
                         '<position tendon="cord" kp="3" dampratio="0.5" gear="2"/>', ""),
    "tendon_dampratio_sparse": ('<position tendon="t2" kp="3" dampratio="1"/>'
                                '<position tendon="cord" kp="3" dampratio="0.5" gear="2"/>',
                                '<option jacobian="sparse"/>'),
    "tendon_muscle_uselimit": ('<muscle tendon="cord"/>', '<compiler><lengthrange uselimit="true"/></compiler>'),
    "tendon": ('<motor tendon="t"/><position tendon="t2" inheritrange="0.5"/>', ""),
    # index 2 reads the id of index 1's joint j (0), so it gets tendon 0's range, as the reference
    "tendon_uselimit": ('<motor tendon="t2"/><motor joint="j" lengthrange="0 1"/><motor tendon="t2"/>',
                        '<compiler><lengthrange uselimit="true" mode="all"/></compiler>'),
}


@pytest.mark.parametrize("name", sorted(TENDON_CASES))
def test_tendon_transmissions_match_reference(name):
    actuators, compiler = TENDON_CASES[name]
    xml = f"<mujoco>{compiler}{TENDON_WORLD}<actuator>{actuators}</actuator></mujoco>"
    ref = mujoco.MjModel.from_xml_string(xml)
    ours = mjsim.MjModel.from_xml_string(xml)
    assert_fields_close(ours, ref, FIELDS, atol=1e-12, rtol=1e-12, context=name)


def test_fusestatic_keeps_bodies_of_body_transmissions():
    """A static body an adhesion actuator names stays a body under fusestatic, as in the
    reference; unnamed static bodies still fuse."""
    xml = """<mujoco><compiler fusestatic="true"/>
      <worldbody>
        <body name="a"><joint name="j"/><geom size="0.1"/>
          <body name="pad" pos="0 0 0.2"><geom size="0.05"/><site name="s"/></body>
          <body pos="0 0 -0.2"><geom size="0.05"/></body>
        </body>
        <body name="wall"><geom size="0.1" pos="1 0 0"/></body>
      </worldbody>
      <actuator><adhesion body="pad" ctrlrange="0 1"/><adhesion body="wall" ctrlrange="0 1"/>
        <motor site="s"/><position joint="j" dampratio="1"/></actuator></mujoco>"""
    ref = mujoco.MjModel.from_xml_string(xml)
    ours = mjsim.MjModel.from_xml_string(xml)
    assert ours.nbody == ref.nbody == 4
    assert_fields_close(ours, ref, FIELDS + ["body_parentid", "site_bodyid"], atol=1e-12, rtol=1e-12)
