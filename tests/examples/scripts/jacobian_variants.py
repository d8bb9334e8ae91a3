import mujoco
import numpy as np
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
d = mujoco.MjData(m)
mujoco.mj_resetDataKeyframe(m, d, 0)
mujoco.mj_forward(m, d)
results = {}
jacp, jacr = np.zeros((3, m.nv)), np.zeros((3, m.nv))
mujoco.mj_jac(m, d, jacp, jacr, np.array([0.3, 0.1, 0.9]), m.body("upper").id)
results["jac"] = (jacp.copy(), jacr.copy())
mujoco.mj_jacBodyCom(m, d, jacp, jacr, m.body("hand").id)
results["jacBodyCom"] = (jacp.copy(), jacr.copy())
mujoco.mj_jacGeom(m, d, jacp, jacr, m.geom("upper_geom").id)
results["jacGeom"] = (jacp.copy(), jacr.copy())
mujoco.mj_jacSubtreeCom(m, d, jacp, m.body("torso").id)
results["jacSubtreeCom"] = jacp.copy()
mujoco.mj_jacSite(m, d, jacp, None, 0)  # only the translational part
results["jacSite"] = jacp
