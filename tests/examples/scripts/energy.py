import mujoco
from _models import PENDULUM

m = mujoco.MjModel.from_xml_string(PENDULUM)
m.opt.enableflags |= mujoco.mjtEnableBit.mjENBL_ENERGY
m.dof_damping[:] = 0
d = mujoco.MjData(m)
d.qpos[0] = 1.0
energies = []
for _ in range(100):
    mujoco.mj_step(m, d)
    energies.append(d.energy.copy())
mujoco.mj_energyPos(m, d)
mujoco.mj_energyVel(m, d)
results = {"energies": energies, "final": d.energy}
TOLERANCE = 1e-8
