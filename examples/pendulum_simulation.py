"""Release the triple pendulum of models/pendulum_chain.xml from a bent pose and simulate two
seconds, printing the tip's height and the total energy (which RK4 keeps nearly constant,
the joints being frictionless and the links passing through each other: contacts between the
links, which would dissipate energy, are disabled).

    python examples/pendulum_simulation.py

mjsim mirrors the mujoco Python API, so `import mjsim as mujoco` would run this unchanged.
"""

from pathlib import Path

import numpy as np

import mjsim

MODEL = Path(__file__).resolve().parent.parent / "models" / "pendulum_chain.xml"

model = mjsim.MjModel.from_xml_path(str(MODEL))
model.opt.integrator = mjsim.mjtIntegrator.mjINT_RK4
model.opt.enableflags |= mjsim.mjtEnableBit.mjENBL_ENERGY
model.opt.disableflags |= mjsim.mjtDisableBit.mjDSBL_CONTACT  # links would collide
data = mjsim.MjData(model)
data.qpos[:] = np.radians([60, -30, 45])
mjsim.mj_forward(model, data)
print(f"{MODEL.name}: {model.nv} joints, timestep {model.opt.timestep} s, RK4")

steps_per_report = round(0.25 / model.opt.timestep)
for _ in range(8):
    mjsim.mj_step(model, data, nstep=steps_per_report)  # the loop runs in C++
    energy = data.energy.sum()  # potential + kinetic, of the state before the last step
    tip_height = data.site_xpos[1][2]
    print(f"t={data.time:5.2f} s  tip z={tip_height:+.4f} m  energy={energy:+.6f} J")
