import mujoco
import numpy as np

XML = """
<mujoco>
  <worldbody>
    <body name="target" mocap="true" pos="0 0 1"><geom type="sphere" size="0.02" contype="0" conaffinity="0"/></body>
    <body name="follower" pos="0 0 1">
      <freejoint/>
      <geom type="box" size="0.05 0.05 0.05" mass="1"/>
    </body>
  </worldbody>
  <equality><weld body1="target" body2="follower" solref="0.02 1"/></equality>
</mujoco>
"""
m = mujoco.MjModel.from_xml_string(XML)
d = mujoco.MjData(m)
path = []
for k in range(200):
    d.mocap_pos[0] = [0.2 * np.sin(0.01 * k), 0, 1 + 0.1 * k / 200]
    mujoco.mj_step(m, d)
    path.append(d.body("follower").xpos.copy())
results = {"path": np.array(path), "mocap": (d.mocap_pos, d.mocap_quat), "efc": d.nefc,
           "body_mocapid": m.body_mocapid}
TOLERANCE = 1e-7
