"""mj_applyFT into qfrc_applied gives the same motion as the force in xfrc_applied."""
import mujoco
import numpy as np
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
m.opt.disableflags |= mujoco.mjtDisableBit.mjDSBL_CONTACT
d = mujoco.MjData(m)
mujoco.mj_resetDataKeyframe(m, d, 0)
mujoco.mj_forward(m, d)
body = m.body("hand").id
force, torque = np.array([0.5, -1.0, 2.0]), np.array([0.1, 0.2, -0.3])
qfrc = np.zeros(m.nv)
mujoco.mj_applyFT(m, d, force, torque, d.xipos[body], body, qfrc)
qfrc_point = np.zeros(m.nv)
mujoco.mj_applyFT(m, d, force, torque, np.array([0.9, 0.1, 1.0]), m.body("upper").id, qfrc_point)
results = {"qfrc": qfrc, "qfrc_point": qfrc_point}
d.qfrc_applied[:] = qfrc
mujoco.mj_forward(m, d)
via_qfrc = d.qacc.copy()
d.qfrc_applied[:] = 0
d.xfrc_applied[body] = np.concatenate([force, torque])
mujoco.mj_forward(m, d)
results["qacc"] = via_qfrc
results["equivalent"] = float(np.abs(via_qfrc - d.qacc).max())
TOLERANCES = {"equivalent": 1e-9}
