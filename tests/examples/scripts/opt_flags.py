import mujoco
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
d = mujoco.MjData(m)
results = {}
mujoco.mj_resetDataKeyframe(m, d, 1)
m.opt.enableflags |= mujoco.mjtEnableBit.mjENBL_ENERGY
mujoco.mj_forward(m, d)
results["energy"] = d.energy
for flag in ["mjDSBL_CONTACT", "mjDSBL_LIMIT", "mjDSBL_SPRING", "mjDSBL_DAMPER",
             "mjDSBL_ACTUATION", "mjDSBL_CONSTRAINT", "mjDSBL_PASSIVE" if hasattr(
                 mujoco.mjtDisableBit, "mjDSBL_PASSIVE") else "mjDSBL_GRAVITY"]:
    m.opt.disableflags = int(getattr(mujoco.mjtDisableBit, flag))
    mujoco.mj_resetDataKeyframe(m, d, 1)
    d.ctrl[:] = [1, 1, 0]
    mujoco.mj_forward(m, d)
    results[flag] = (d.qacc, d.qfrc_passive, d.qfrc_actuator, d.ncon)
results["flags"] = (m.opt.disableflags, m.opt.enableflags)
