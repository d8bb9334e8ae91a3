import copy
import mujoco
import numpy as np
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
d = mujoco.MjData(m)
mujoco.mj_resetDataKeyframe(m, d, 1)
for _ in range(3):
    mujoco.mj_step(m, d)
shallow = copy.copy(d)
deep = copy.deepcopy(d)
model_copy = copy.deepcopy(m)
model_copy.opt.timestep = 0.001
for _ in range(5):
    mujoco.mj_step(m, d)
    mujoco.mj_step(m, shallow)
results = {
    "shallow_same_model": shallow.model is d.model,
    "shallow_equal": bool(np.array_equal(shallow.qpos, d.qpos)),
    "deep_untouched": deep.qpos, "deep_time": deep.time,
    "original_timestep": m.opt.timestep, "copy_timestep": model_copy.opt.timestep,
    "independent": bool(not np.shares_memory(deep.qpos, d.qpos)),
    "qpos": d.qpos,
}
d2 = mujoco.MjData(model_copy)
d2.qpos[:] = deep.qpos
d2.qvel[:] = deep.qvel
mujoco.mj_step(model_copy, d2)
results["copy_step"] = d2.qpos
TOLERANCE = 1e-7
