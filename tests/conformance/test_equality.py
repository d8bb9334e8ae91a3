"""Equality constraints, contact pairs and excludes compile as the reference compiles them:
every eq_*, pair_*, exclude_* field and their names, on small inline models that each exercise
one rule (compiler/equality.cc, xml/read_equality.cc)."""

import pytest

from conformance.test_custom import assert_matches_reference

mujoco = pytest.importorskip("mujoco")
import mjsim  # noqa: E402

BODIES = """
<worldbody>
  <geom name="floor" type="plane" size="1 1 1"/>
  <body name="a" pos="0 0 1" euler="10 20 30">
    <joint name="j1" type="hinge"/>
    <geom name="g1" size=".1" friction="0.7 0.01 0.001" condim="4" margin="0.01"/>
    <geom name="g1b" size=".1"/>
    <site name="s1" pos="0.1 0 0" euler="0 0 40"/>
    <body name="b" pos="0.3 0.1 0" quat="0.9 0.1 0.2 0.3">
      <joint name="j2" type="slide" ref="0.2"/>
      <geom name="g2" size=".2" condim="6" solref="0.05 3" gap="0.003"/>
      <site name="s2" pos="0 0.1 0.2"/>
    </body>
  </body>
  <body name="c" pos="1 0 0"><freejoint/><geom name="g3" size="0.1"/></body>
</worldbody>
"""

TENDONS = """
<tendon>
  <fixed name="t1"><joint joint="j1" coef="1"/></fixed>
  <fixed name="t2"><joint joint="j2" coef="2"/></fixed>
</tendon>
"""

EQUALITY = {
    "connect_bodies": '<connect name="c1" body1="a" body2="b" anchor="0.1 0.2 0.3"/>',
    "connect_world": '<connect body1="b" anchor="1 2 3"/>',
    "connect_reversed": '<connect body1="b" body2="a" anchor="0 0 1"/>',
    "connect_sites": '<connect site1="s1" site2="s2"/>',
    "weld_default_relpose": '<weld body1="a" body2="b"/>',
    "weld_anchor_torquescale": '<weld body1="a" torquescale="3" anchor="0 2 0"/>',
    "weld_relpose_given": '<weld body1="a" body2="b" relpose="1 2 3 2 0 0 0" anchor="0.1 0.2 0.3"/>',
    "weld_relpose_zero_quat": '<weld body1="b" body2="a" relpose="1 2 3 0 0 0 0" anchor="0 0 4"/>',
    "weld_sites": '<weld site1="s1" site2="s2" torquescale="2" active="false"/>',
    "joint_two": '<joint joint1="j1" joint2="j2" polycoef="1 2 3 4 5"/>',
    "joint_short_polycoef": '<joint joint1="j1" polycoef="1 2" solref="0.1" solimp="0.1 0.2 0.3"/>',
    "tendon_one": '<tendon tendon1="t1"/>',
    "tendon_two_class": '<tendon tendon1="t1" tendon2="t2" class="k"/>',
    "all_kinds": ('<connect body1="a" anchor="0 0 0"/><weld body1="c" body2="b"/>'
                  '<joint name="jj" joint1="j2"/><weld name="w" site1="s2" site2="s1"/>'),
}

CONTACT = {
    "pair_defaults": '<pair geom1="g1" geom2="g2"/>',
    "pair_sorted_and_swapped": ('<pair name="z" geom1="g3" geom2="g1"/><pair name="y" geom1="g2" geom2="g1"/>'
                                '<pair name="x" geom1="g1" geom2="floor"/><pair name="w" geom1="g1b" geom2="g1"/>'),
    "pair_all_values": ('<pair name="p" geom1="g2" geom2="g1" condim="1" friction="1 2" solref="0.1 0.2" '
                        'solreffriction="0.3 0.4" solimp="0.1 0.2 0.3 0.4 0.5" gap="0.1" margin="0.2"/>'),
    "pair_class": '<pair class="k" geom1="g1" geom2="g2" margin="0.7"/><pair geom1="g1" geom2="g3"/>',
    "pair_ties_keep_order": "".join(
        f'<pair name="p{i}" geom1="g{1 + i % 2}" geom2="g{2 - i % 2}"/>' for i in range(12)),
    "exclude_sorted": ('<exclude name="e1" body1="c" body2="b"/><exclude name="e2" body1="a" body2="world"/>'
                       '<exclude name="e3" body1="b" body2="a"/><exclude body1="a" body2="a"/>'),
}

DEFAULTS = """
<default>
  <equality solref="0.03 1.1"/>
  <pair margin="0.05" friction="0.5"/>
  <default class="k">
    <equality solimp="0.1 0.2 0.3 0.4 0.5" active="false"/>
    <pair condim="4" solreffriction="1 2"/>
  </default>
</default>
"""


def model_xml(equality: str = "", contact: str = "") -> str:
    tendons = TENDONS if "tendon1" in equality else ""  # tendons are read by another stage
    return (f"<mujoco>{DEFAULTS}{BODIES}{tendons}<equality>{equality}</equality>"
            f"<contact>{contact}</contact></mujoco>")


def assert_equality_fields_match(xml: str):
    prefixes = ("eq_", "pair_", "exclude_", "name_eqadr", "name_pairadr", "name_excludeadr")
    assert_matches_reference(xml, prefixes, ("neq", "npair", "nexclude"), min_arrays=19)


@pytest.mark.parametrize("name", sorted(EQUALITY))
def test_equality_matches_reference(name):
    assert_equality_fields_match(model_xml(equality=EQUALITY[name]))


@pytest.mark.parametrize("name", sorted(CONTACT))
def test_contact_matches_reference(name):
    assert_equality_fields_match(model_xml(contact=CONTACT[name]))


def test_weld_relpose_satisfies_the_constraint_at_qpos0():
    # no oracle: body1 origin + R1 relpose_pos == body2 origin + R2 anchor at qpos0
    import numpy as np
    m = mjsim.MjModel.from_xml_string(model_xml(equality='<weld body1="a" body2="c" anchor="0.3 -0.2 0.5"/>'))
    d = mjsim.MjData(m)
    mjsim.mj_kinematics(m, d)
    data = m.eq_data[0]
    left = d.xpos[1] + d.xmat[1].reshape(3, 3) @ data[3:6]
    right = d.xpos[3] + d.xmat[3].reshape(3, 3) @ data[0:3]
    np.testing.assert_allclose(left, right, atol=1e-12)
