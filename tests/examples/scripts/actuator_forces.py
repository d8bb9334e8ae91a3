import mujoco
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
d = mujoco.MjData(m)
mujoco.mj_resetDataKeyframe(m, d, 1)
results = {}
for ctrl in ([2.0, 3.0, 0.0], [-0.3, 0.5, 1.0]):  # the first is outside ctrlrange: clamped
    d.ctrl[:] = ctrl
    mujoco.mj_forward(m, d)
    results[str(ctrl)] = (d.actuator_force, d.qfrc_actuator, d.actuator_length,
                          d.actuator_velocity, d.actuator("hip_motor").force)
results["model"] = (m.actuator_gear[:, 0], m.actuator_ctrlrange, m.actuator_ctrllimited,
                    m.actuator_gainprm[:, :3], m.actuator_biasprm[:, :3])
