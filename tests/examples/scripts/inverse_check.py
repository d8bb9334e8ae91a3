"""mj_rne: the bias force C(q, v) and M*qacc + C, against the forward dynamics."""
import mujoco
import numpy as np
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
m.opt.disableflags |= mujoco.mjtDisableBit.mjDSBL_CONSTRAINT
d = mujoco.MjData(m)
mujoco.mj_resetDataKeyframe(m, d, 1)
mujoco.mj_forward(m, d)
bias = np.zeros(m.nv)
mujoco.mj_rne(m, d, 0, bias)
total = np.zeros(m.nv)
mujoco.mj_rne(m, d, 1, total)
results = {"bias": bias, "total": total, "qfrc_bias": d.qfrc_bias,
           "balance": float(np.abs(total - d.qfrc_passive - d.qfrc_actuator
                                   - d.qfrc_applied).max())}
TOLERANCES = {"balance": 1e-9}
