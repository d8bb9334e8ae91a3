import mujoco
from _models import PENDULUM

results = {}
for integrator in ["mjINT_EULER", "mjINT_RK4", "mjINT_IMPLICIT", "mjINT_IMPLICITFAST"]:
    m = mujoco.MjModel.from_xml_string(PENDULUM)
    m.opt.integrator = getattr(mujoco.mjtIntegrator, integrator)
    d = mujoco.MjData(m)
    d.qpos[0] = 1.2
    mujoco.mj_step(m, d, 200)
    results[integrator] = (d.qpos[0], d.qvel[0], int(m.opt.integrator))
TOLERANCE = 1e-9
