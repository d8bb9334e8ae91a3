import mujoco
import numpy as np
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
d = mujoco.MjData(m)
mujoco.mj_resetDataKeyframe(m, d, 1)
mujoco.mj_forward(m, d)
results = {}
res = np.zeros(6)
for objtype, name in [(mujoco.mjtObj.mjOBJ_BODY, "hand"), (mujoco.mjtObj.mjOBJ_XBODY, "upper"),
                      (mujoco.mjtObj.mjOBJ_GEOM, "upper_geom"), (mujoco.mjtObj.mjOBJ_SITE, "tip")]:
    objid = mujoco.mj_name2id(m, objtype, name)
    for local in (0, 1):
        mujoco.mj_objectVelocity(m, d, objtype, objid, res, local)
        results[f"vel_{name}_{local}"] = res.copy()
        mujoco.mj_objectAcceleration(m, d, objtype, objid, res, local)
        results[f"acc_{name}_{local}"] = res.copy()
