"""mj_step1 / controller / mj_step2 equals setting ctrl then mj_step (Euler)."""
import mujoco
import numpy as np
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
m.opt.integrator = mujoco.mjtIntegrator.mjINT_EULER
a, b = mujoco.MjData(m), mujoco.MjData(m)
for d in (a, b):
    mujoco.mj_resetDataKeyframe(m, d, 0)
trace = []
for k in range(30):
    mujoco.mj_step1(m, a)
    a.ctrl[:] = [-0.5 * a.qpos[0], 0.3, 0.1 * a.sensor("knee_vel").data[0]]
    mujoco.mj_step2(m, a)
    mujoco.mj_forward(m, b)
    b.ctrl[:] = [-0.5 * b.qpos[0], 0.3, 0.1 * b.sensor("knee_vel").data[0]]
    mujoco.mj_step(m, b)
    trace.append(a.qpos[:2].copy())
results = {"trace": trace, "same": float(np.abs(a.qpos - b.qpos).max())}
TOLERANCE = 1e-7
