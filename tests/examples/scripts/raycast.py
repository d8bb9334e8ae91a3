import mujoco
import numpy as np
from _models import BOXES

m = mujoco.MjModel.from_xml_string(BOXES)
d = mujoco.MjData(m)
mujoco.mj_forward(m, d)
geomid = np.zeros(1, dtype=np.int32)
results = {}
for label, start, direction in [("down_box1", [0, 0, 2], [0, 0, -1]),
                                ("side_box2", [2, 0, 0.2], [-1, 0, 0]),
                                ("miss", [5, 5, 5], [0, 0, 1])]:
    dist = mujoco.mj_ray(m, d, np.array(start, float), np.array(direction, float), None, 1, -1,
                         geomid)
    results[label] = (dist, int(geomid[0]))
