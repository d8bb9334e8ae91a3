import mujoco
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
d = mujoco.MjData(m)
d.joint("hip").qpos[0] = 0.3
d.joint("knee").qpos = -0.2
d.joint("wrist").qpos[:] = [0.9238795, 0, 0.3826834, 0]
d.joint("hip").qvel[0] = 1.5
d.actuator("hip_motor").ctrl[0] = 0.7
d.actuator(1).ctrl = 0.4
m.body("hand").mass[0] = 0.5
m.joint("knee").damping = 0.3
m.actuator("hip_motor").gear[0] = 3.0
mujoco.mj_forward(m, d)
results = {"qpos": d.qpos, "ctrl": d.ctrl, "qacc": d.qacc, "qfrc_actuator": d.qfrc_actuator,
           "mass": m.body_mass, "gear": m.actuator_gear[:, 0], "damping": m.dof_damping}
for _ in range(20):
    mujoco.mj_step(m, d)
results["after"] = (d.qpos, d.qvel)
TOLERANCES = {"after": 1e-6}  # 20 steps with floor contact of the ball
