"""Load the triple pendulum of models/pendulum_chain.xml, bend its joints and print where
every body and the tip end up.

    python examples/pendulum_kinematics.py

mjsim mirrors the mujoco Python API, so `import mjsim as mujoco` would run this unchanged.
"""

from pathlib import Path

import numpy as np

import mjsim

MODEL = Path(__file__).resolve().parent.parent / "models" / "pendulum_chain.xml"
BODIES = ["world", "upper", "middle", "lower"]  # in model order: world is body 0

model = mjsim.MjModel.from_xml_path(str(MODEL))
data = mjsim.MjData(model)
print(f"{MODEL.name}: {model.nbody} bodies, {model.njnt} joints, {model.nq} coordinates")

for angles_deg in ([0, 0, 0], [30, 0, 0], [30, -45, 60]):
    data.qpos[:] = np.radians(angles_deg)  # shoulder, elbow, wrist (hinges take radians)
    mjsim.mj_kinematics(model, data)
    print(f"\njoint angles {angles_deg} degrees")
    for body in range(1, model.nbody):
        x, y, z = data.xpos[body]
        print(f"  body {body} {BODIES[body]:<7} x={x:+.4f}  y={y:+.4f}  z={z:+.4f}")
    x, y, z = data.site_xpos[1]  # site 0 is the pivot, site 1 the tip
    print(f"  tip            x={x:+.4f}  y={y:+.4f}  z={z:+.4f}")
