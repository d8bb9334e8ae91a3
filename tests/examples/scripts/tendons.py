import mujoco

XML = """
<mujoco>
  <worldbody>
    <site name="anchor" pos="0 0 1"/>
    <body name="link" pos="0 0 1">
      <joint name="a" type="hinge" axis="0 1 0"/>
      <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.02"/>
      <site name="mid" pos="0.15 0 0.02"/>
      <body name="link2" pos="0.3 0 0">
        <joint name="b" type="hinge" axis="0 1 0"/>
        <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.02"/>
        <site name="end" pos="0.3 0 0"/>
      </body>
    </body>
  </worldbody>
  <tendon>
    <fixed name="coupled" stiffness="2"><joint joint="a" coef="1"/><joint joint="b" coef="-0.5"/></fixed>
    <spatial name="string" limited="true" range="0 0.7">
      <site site="anchor"/><site site="mid"/><site site="end"/>
    </spatial>
  </tendon>
  <actuator><motor tendon="string" gear="1"/></actuator>
</mujoco>
"""
m = mujoco.MjModel.from_xml_string(XML)
d = mujoco.MjData(m)
d.qpos[:] = [0.3, -0.6]
d.qvel[:] = [0.5, 0.2]
d.ctrl[0] = -1.0
mujoco.mj_forward(m, d)
results = {"lengths": d.ten_length, "velocity": d.ten_velocity, "J": d.ten_J,
           "string": (d.tendon("string").length, m.tendon_range[1]),
           "coupled": (m.tendon_stiffness[0], m.tendon_length0),
           "wrap": (d.ten_wrapnum, d.wrap_xpos[:3 * d.ten_wrapnum[1]]),
           "qacc": d.qacc}
