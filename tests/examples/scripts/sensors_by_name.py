import mujoco
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
d = mujoco.MjData(m)
mujoco.mj_resetDataKeyframe(m, d, 1)
d.ctrl[:] = [0.5, 0.3, 0]
mujoco.mj_forward(m, d)
results = {name: d.sensor(name).data for name in
           ["hip_pos", "knee_vel", "tip_pos", "hand_quat", "acc", "gyro", "hip_force", "com"]}
results["meta"] = [(m.sensor(i).name, int(m.sensor(i).type[0]), int(m.sensor(i).dim[0]))
                   for i in range(m.nsensor)]
results["sensordata"] = d.sensordata
