import mujoco
from _models import PENDULUM

results = {}
for timestep in (0.01, 0.004, 0.001):
    m = mujoco.MjModel.from_xml_string(PENDULUM)
    m.opt.timestep = timestep
    d = mujoco.MjData(m)
    d.qpos[0] = 1.0
    while d.time < 0.5 - 1e-12:
        mujoco.mj_step(m, d)
    results[str(timestep)] = (d.time, d.qpos[0], d.qvel[0])
TOLERANCE = 1e-8
