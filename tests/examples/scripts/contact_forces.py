import mujoco
import numpy as np
from _models import BOXES

m = mujoco.MjModel.from_xml_string(BOXES)
d = mujoco.MjData(m)
mujoco.mj_step(m, d, 50)
forces = []
total = np.zeros(3)
for i, contact in enumerate(d.contact):
    f = np.zeros(6)
    mujoco.mj_contactForce(m, d, i, f)
    world = contact.frame.reshape(3, 3).T @ f[:3]
    total += world
    forces.append((contact.geom1, contact.geom2, contact.dist, contact.pos, f))
results = {"ncon": d.ncon, "forces": forces, "total": total,
           "weight": float(-m.opt.gravity[2] * sum(m.body_mass)),
           "geom_pairs": [(int(d.contact.geom1[i]), int(d.contact.geom2[i])) for i in range(d.ncon)]}
TOLERANCE = 1e-6  # contact forces after 50 steps
