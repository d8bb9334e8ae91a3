import mujoco
import numpy as np
from _models import BOXES

m = mujoco.MjModel.from_xml_string(BOXES)
m.opt.gravity = [0, 0, -1.62]  # the moon
d = mujoco.MjData(m)
d.qpos[2] += 1.0  # lift box1 into the air
mujoco.mj_step(m, d, 20)
results = {"moon": (d.qpos[:3], d.qvel[:3]), "gravity": m.opt.gravity}
m.opt.gravity[:] = 0
m.opt.gravity[0] = 2.0
mujoco.mj_forward(m, d)
results["sideways_qacc"] = d.qacc[:3]
m.opt.disableflags = mujoco.mjtDisableBit.mjDSBL_GRAVITY
mujoco.mj_forward(m, d)
results["disabled_qacc"] = d.qacc[:3]
