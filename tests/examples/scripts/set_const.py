"""Editing masses, inertias and qpos0, then mj_setConst recomputes the derived constants."""
import mujoco
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
d = mujoco.MjData(m)
m.body_mass[2] *= 3
m.body_inertia[3] *= 2
m.dof_armature[1] = 0.05
m.qpos0[1] = 0.4
m.actuator_gear[0, 0] = 4
mujoco.mj_setConst(m, d)
results = {name: getattr(m, name) for name in
           ["body_subtreemass", "dof_M0", "dof_invweight0", "body_invweight0",
            "actuator_acc0", "actuator_length0"]}
results["stat"] = (m.stat.meaninertia, m.stat.meanmass, m.stat.meansize, m.stat.extent,
                   m.stat.center)
