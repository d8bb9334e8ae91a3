import mujoco
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
d = mujoco.MjData(m)
d.ctrl[:] = 0.5
mujoco.mj_step(m, d, 10)
mujoco.mj_resetData(m, d)
results = {"time": d.time, "qpos": d.qpos, "qvel": d.qvel, "ctrl": d.ctrl, "act": d.act,
           "qacc_warmstart": d.qacc_warmstart, "xpos_zero": d.xpos}
mujoco.mj_forward(m, d)
results["xpos"] = d.xpos
