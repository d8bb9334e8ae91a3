"""mj_setConst (cpp/src/compiler/set_const.cc) against the reference: after editing a model's
numbers at run time, the derived constants are recomputed as mujoco 3.3.7 does."""

import numpy as np
import pytest

import mjsim
from corpus import REPO

XML = """
<mujoco>
  <statistic meaninertia="3" center="1 2 3" extent="4"/>
  <worldbody>
    <geom type="plane" size="2 2 0.1"/>
    <body name="a" pos="0 0 1">
      <joint name="j0" type="hinge" axis="0 1 0" ref="20"/>
      <geom type="capsule" size=".05" fromto="0 0 0 0 0 -.5"/>
      <body name="b" pos="0 0 -.5">
        <joint name="j1" type="slide" axis="1 0 0" springref=".1" stiffness="2"/>
        <geom type="box" size=".1 .1 .1"/>
        <body name="c" pos="0.2 0 0"><joint type="ball"/><geom type="sphere" size=".05" pos=".05 0 0"/></body>
      </body>
    </body>
    <body name="free" pos="1 0 1"><freejoint/><geom type="sphere" size=".1"/></body>
  </worldbody>
  <tendon><fixed name="t" stiffness="3"><joint joint="j0" coef="1"/><joint joint="j1" coef="-1"/></fixed></tendon>
  <actuator><motor joint="j0" gear="2"/><position joint="j1" kp="10"/><motor tendon="t"/></actuator>
</mujoco>
"""
FIELDS = ["body_subtreemass", "dof_M0", "dof_invweight0", "body_invweight0", "tendon_invweight0",
          "tendon_length0", "tendon_lengthspring", "actuator_length0", "actuator_acc0"]
STATISTIC = ["meaninertia", "meanmass", "meansize", "extent", "center"]


def edit(m, change):
    if change == "mass":
        m.body_mass[2] *= 3
    elif change == "inertia":
        m.body_inertia[3] *= 2
    elif change == "body_pos":
        m.body_pos[2] = [0.1, 0, -0.6]
    elif change == "qpos0":
        m.qpos0[0] = 0.7
        m.qpos0[1] = 0.2
        m.qpos0[6:9] = [3, 0, 1]
    elif change == "armature":
        m.dof_armature[0] = 0.5
    elif change == "gear":
        m.actuator_gear[0, 0] = 5
    elif change == "axis":
        m.jnt_axis[0] = [1, 0, 0]
    elif change == "rbound":
        m.geom_rbound[4] = 2


@pytest.mark.parametrize("change", ["none", "mass", "inertia", "body_pos", "qpos0", "armature",
                                    "gear", "axis", "rbound"])
def test_set_const_matches_reference(reference, change):
    ours, ref = mjsim.MjModel.from_xml_string(XML), reference.MjModel.from_xml_string(XML)
    for m in (ours, ref):
        edit(m, change)
    mjsim.mj_setConst(ours, mjsim.MjData(ours))
    ref_data = reference.MjData(ref)
    reference.mj_setConst(ref, ref_data)
    for name in FIELDS:
        np.testing.assert_allclose(getattr(ours, name), getattr(ref, name), rtol=1e-9,
                                   atol=1e-9, err_msg=f"{change}: {name}")
    for name in STATISTIC:  # <statistic> values are replaced by computed ones, as mujoco does
        np.testing.assert_allclose(getattr(ours.stat, name), getattr(ref.stat, name), rtol=1e-9,
                                   atol=1e-9, err_msg=f"{change}: stat.{name}")


def test_set_const_leaves_data_at_qpos_spring(reference):
    ours = mjsim.MjModel.from_xml_string(XML)
    d = mjsim.MjData(ours)
    d.qpos[:] = 1
    mjsim.mj_setConst(ours, d)
    np.testing.assert_array_equal(d.qpos, ours.qpos_spring)


def test_set_const_on_corpus_model_changes_nothing(reference):
    path = REPO / "models" / "robot_arm.xml"
    ours = mjsim.MjModel.from_xml_path(str(path))
    before = {name: np.array(getattr(ours, name)) for name in FIELDS}
    mjsim.mj_setConst(ours, mjsim.MjData(ours))
    for name in FIELDS:
        np.testing.assert_allclose(getattr(ours, name), before[name], rtol=1e-12, atol=1e-12,
                                   err_msg=name)


def test_set_const_rejects_data_of_another_model():
    m = mjsim.MjModel.from_xml_string(XML)
    other = mjsim.MjModel.from_xml_string(XML.replace("<mujoco>", "<mujoco><size nuserdata='2'/>", 1))
    with pytest.raises(ValueError):
        mjsim.mj_setConst(m, mjsim.MjData(other))
