import mujoco
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
d = mujoco.MjData(m)
mujoco.mj_resetDataKeyframe(m, d, 0)
d.ctrl[:] = [0.3, -0.5, 0.1]
for _ in range(10):
    mujoco.mj_step(m, d)
mujoco.mj_setKeyframe(m, d, 1)
results = {"key1": (m.key_time[1], m.key_qpos[1], m.key_qvel[1], m.key_ctrl[1], m.key_act[1]),
           "by_name": (m.key("moving").qpos, m.key("moving").time)}
d2 = mujoco.MjData(m)
mujoco.mj_resetDataKeyframe(m, d2, 1)
results["restored"] = (d2.time, d2.qpos, d2.qvel, d2.ctrl)
results["same"] = bool((d2.qpos == d.qpos).all() and (d2.qvel == d.qvel).all())
TOLERANCE = 1e-6  # 10 steps with floor contact of the ball
