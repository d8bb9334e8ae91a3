import mujoco
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
results = {"before": mujoco.mj_getTotalmass(m)}
mujoco.mj_setTotalmass(m, 10.0)
# mj_setTotalmass leaves body_subtreemass and the other derived constants stale (the reference
# then uses the stale subtree mass for the free ball: qacc_z = -15.9); mj_setConst renews them
mujoco.mj_setConst(m, mujoco.MjData(m))
results["after"] = mujoco.mj_getTotalmass(m)
results["mass"] = m.body_mass
results["inertia"] = m.body_inertia
d = mujoco.MjData(m)
mujoco.mj_forward(m, d)
results["qacc"] = d.qacc
