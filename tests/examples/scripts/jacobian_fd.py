"""Body and site jacobians against finite differences of positions."""
import mujoco
import numpy as np
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
d = mujoco.MjData(m)
mujoco.mj_resetDataKeyframe(m, d, 1)
mujoco.mj_forward(m, d)
jacp = np.zeros((3, m.nv))
jacr = np.zeros((3, m.nv))
body = m.body("hand").id
mujoco.mj_jacBody(m, d, jacp, jacr, body)
site_p = np.zeros((3, m.nv))
mujoco.mj_jacSite(m, d, site_p, None, m.site("palm").id)
eps = 1e-6
fd = np.zeros((3, m.nv))
fd_site = np.zeros((3, m.nv))
qpos0 = d.qpos.copy()
for i in range(m.nv):
    dq = np.zeros(m.nv)
    dq[i] = eps
    q = qpos0.copy()
    mujoco.mj_integratePos(m, q, dq, 1)
    d.qpos[:] = q
    mujoco.mj_kinematics(m, d)
    fd[:, i] = d.xpos[body]
    fd_site[:, i] = d.site("palm").xpos
    d.qpos[:] = qpos0
    mujoco.mj_kinematics(m, d)
    fd[:, i] = (fd[:, i] - d.xpos[body]) / eps
    fd_site[:, i] = (fd_site[:, i] - d.site("palm").xpos) / eps
results = {"jacp": jacp, "jacr": jacr, "site": site_p,
           "fd_error": float(np.abs(fd - jacp).max()),
           "fd_site_error": float(np.abs(fd_site - site_p).max()),
           "fd_small": bool(np.abs(fd - jacp).max() < 1e-5)}
TOLERANCES = {"fd_error": 1e-6, "fd_site_error": 1e-6}
