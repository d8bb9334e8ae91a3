import mujoco
import numpy as np
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
d = mujoco.MjData(m)
mujoco.mj_resetDataKeyframe(m, d, 0)
mujoco.mj_forward(m, d)
M = np.zeros((m.nv, m.nv))
mujoco.mj_fullM(m, M, d.qM)
vec = np.arange(1.0, m.nv + 1)
res = np.zeros(m.nv)
mujoco.mj_mulM(m, d, res, vec)
x = np.zeros((1, m.nv))
mujoco.mj_solveM(m, d, x, vec.reshape(1, -1))
x = x[0]
results = {"M": M, "symmetric": bool(np.allclose(M, M.T)), "Mv": res, "solve": x,
           "solve_check": float(np.abs(M @ x - vec).max()), "qLD": d.qLD}
TOLERANCES = {"solve_check": 1e-12}
