import mujoco
import numpy as np
from _models import ARM, PENDULUM

results = {}
for label, xml in [("pendulum", PENDULUM), ("arm", ARM)]:
    m = mujoco.MjModel.from_xml_string(xml)
    a, b = mujoco.MjData(m), mujoco.MjData(m)
    a.qpos[0] = b.qpos[0] = 0.4
    a.ctrl[0] = b.ctrl[0] = 0.5
    mujoco.mj_step(m, a, nstep=25)
    for _ in range(25):
        mujoco.mj_step(m, b)
    results[label] = (a.time, a.qpos, a.qvel, bool(np.array_equal(a.qpos, b.qpos)))
TOLERANCES = {"arm": 1e-7}
