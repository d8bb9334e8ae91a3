"""A controlled rollout of a contact-free pendulum: trajectories agree to round-off."""
import mujoco
import numpy as np
from _models import PENDULUM

m = mujoco.MjModel.from_xml_string(PENDULUM)
d = mujoco.MjData(m)
d.qpos[0] = 0.3
trajectory = []
for step in range(500):
    d.ctrl[0] = 1.5 * np.sin(0.02 * step)
    mujoco.mj_step(m, d)
    trajectory.append((d.qpos[0], d.qvel[0], d.sensor("rate").data[0]))
results = {"trajectory": np.array(trajectory), "time": d.time}
TOLERANCE = 1e-8
