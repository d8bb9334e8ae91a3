import mujoco
import numpy as np
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
d = mujoco.MjData(m)
mujoco.mj_resetDataKeyframe(m, d, 1)
d.ctrl[:] = [0.5, 0.2, -0.1]
d.qfrc_applied[0] = 0.3
results = {}
for name in ["mjSTATE_PHYSICS", "mjSTATE_FULLPHYSICS", "mjSTATE_USER", "mjSTATE_INTEGRATION",
             "mjSTATE_QPOS", "mjSTATE_CTRL"]:
    sig = int(getattr(mujoco.mjtState, name))
    size = mujoco.mj_stateSize(m, sig)
    state = np.empty(size)
    mujoco.mj_getState(m, d, state, sig)
    results[name] = (size, state)
spec = mujoco.mjtState.mjSTATE_INTEGRATION
saved = np.empty(mujoco.mj_stateSize(m, spec))
mujoco.mj_getState(m, d, saved, spec)
for _ in range(5):
    mujoco.mj_step(m, d)
first = d.qpos.copy()
mujoco.mj_setState(m, d, saved, spec)
for _ in range(5):
    mujoco.mj_step(m, d)
results["replayed_equal"] = bool(np.array_equal(first, d.qpos))
results["qpos"] = d.qpos
TOLERANCES = {"qpos": 1e-7}
