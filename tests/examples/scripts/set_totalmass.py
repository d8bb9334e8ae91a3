import mujoco
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
results = {"before": mujoco.mj_getTotalmass(m)}
mujoco.mj_setTotalmass(m, 10.0)
results["after"] = mujoco.mj_getTotalmass(m)
results["mass"] = m.body_mass
results["inertia"] = m.body_inertia
d = mujoco.MjData(m)
mujoco.mj_forward(m, d)
results["qacc"] = d.qacc
