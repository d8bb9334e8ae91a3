import mujoco
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
d = mujoco.MjData(m)
results = {}
for key in range(m.nkey):
    mujoco.mj_resetDataKeyframe(m, d, key)
    results[f"key{key}"] = (d.time, d.qpos, d.qvel, d.ctrl, d.act)
    mujoco.mj_forward(m, d)
    results[f"key{key}_xpos"] = d.xpos
mujoco.mj_resetData(m, d)
results["reset"] = (d.time, d.qpos, d.qvel, d.ctrl)
