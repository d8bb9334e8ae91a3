import mujoco
import numpy as np
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
q1 = m.key_qpos[0].copy()
q2 = m.key_qpos[1].copy()
v = np.zeros(m.nv)
mujoco.mj_differentiatePos(m, v, 0.1, q1, q2)
q = q1.copy()
mujoco.mj_integratePos(m, q, v, 0.1)
results = {"v": v, "q": q, "roundtrip": float(np.abs(q - q2).max())}
qn = np.array(q2)
qn[3:7] *= 2.5
qn[9:13] *= 0.3
mujoco.mj_normalizeQuat(m, qn)
results["normalized"] = qn
TOLERANCES = {"roundtrip": 1e-12}
