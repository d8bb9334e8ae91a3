import pickle
import mujoco
import numpy as np
from _models import PENDULUM

m = mujoco.MjModel.from_xml_string(PENDULUM)
d = mujoco.MjData(m)
d.qpos[0] = 0.8
d.ctrl[0] = 0.3
mujoco.mj_step(m, d, 10)
m2 = pickle.loads(pickle.dumps(m))
d2 = pickle.loads(pickle.dumps(d))
results = {"model_equal": bool(np.array_equal(m2.body_mass, m.body_mass)),
           "timestep": m2.opt.timestep, "time": d2.time, "qpos": d2.qpos, "ctrl": d2.ctrl}
mujoco.mj_step(m, d, 10)
mujoco.mj_step(d2.model, d2, 10)
results["continued_equal"] = bool(np.array_equal(d.qpos, d2.qpos))
results["qpos_after"] = d2.qpos
