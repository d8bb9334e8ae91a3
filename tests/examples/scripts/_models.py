"""Models shared by the user scripts (imported as a sibling module by path)."""

ARM = """
<mujoco model="arm">
  <option timestep="0.005"/>
  <worldbody>
    <geom name="floor" type="plane" size="2 2 0.1"/>
    <body name="torso" pos="0 0 1">
      <joint name="hip" type="hinge" axis="0 1 0" range="-1 1" damping="0.1"/>
      <geom name="torso_geom" type="capsule" fromto="0 0 0 0.4 0 0" size="0.05"/>
      <site name="torso_site" pos="0.2 0 0.05"/>
      <body name="upper" pos="0.4 0 0">
        <joint name="knee" type="hinge" axis="0 1 0" stiffness="1" springref="0.2"/>
        <geom name="upper_geom" type="box" size="0.15 0.04 0.04" pos="0.15 0 0"/>
        <site name="tip" pos="0.3 0 0"/>
        <body name="hand" pos="0.3 0 0">
          <joint name="wrist" type="ball"/>
          <geom name="hand_geom" type="ellipsoid" size="0.06 0.04 0.03" pos="0.05 0 0"/>
          <site name="palm" pos="0.08 0.01 0"/>
        </body>
      </body>
    </body>
    <body name="ball" pos="0.5 0.3 0.5">
      <freejoint name="ball_free"/>
      <geom name="ball_geom" type="sphere" size="0.07" mass="0.3"/>
    </body>
  </worldbody>
  <actuator>
    <motor name="hip_motor" joint="hip" gear="2" ctrlrange="-1 1" ctrllimited="true"/>
    <position name="knee_servo" joint="knee" kp="20" ctrlrange="-2 2"/>
    <velocity name="knee_damper" joint="knee" kv="0.5"/>
  </actuator>
  <sensor>
    <jointpos name="hip_pos" joint="hip"/>
    <jointvel name="knee_vel" joint="knee"/>
    <framepos name="tip_pos" objtype="site" objname="tip"/>
    <framequat name="hand_quat" objtype="body" objname="hand"/>
    <accelerometer name="acc" site="torso_site"/>
    <gyro name="gyro" site="palm"/>
    <actuatorfrc name="hip_force" actuator="hip_motor"/>
    <subtreecom name="com" body="torso"/>
  </sensor>
  <keyframe>
    <key name="bent" qpos="0.5 -0.4 1 0 0 0 0.5 0.3 0.8 1 0 0 0" ctrl="0.2 0.1 0"/>
    <key name="moving" time="1.5" qpos="-0.2 0.3 0.9239 0.3827 0 0 0.5 0.3 0.5 1 0 0 0"
         qvel="1 -1 0.5 0 0.2 0 0 1 0 0 0"/>
  </keyframe>
</mujoco>
"""

# a pendulum without contacts: smooth dynamics, comparable to round-off over long rollouts
PENDULUM = """
<mujoco model="pendulum">
  <option timestep="0.002" integrator="RK4"/>
  <worldbody>
    <body name="pole" pos="0 0 1">
      <joint name="swing" type="hinge" axis="0 1 0" damping="0.05"/>
      <geom name="rod" type="capsule" fromto="0 0 0 0 0 -0.5" size="0.02" mass="1"/>
      <site name="bob" pos="0 0 -0.5"/>
    </body>
  </worldbody>
  <actuator><motor name="torque" joint="swing" ctrlrange="-2 2"/></actuator>
  <sensor><jointpos name="angle" joint="swing"/><jointvel name="rate" joint="swing"/></sensor>
</mujoco>
"""

# boxes resting on a floor: contacts
BOXES = """
<mujoco model="boxes">
  <option timestep="0.002"/>
  <worldbody>
    <geom name="floor" type="plane" size="3 3 0.1" friction="0.8 0.01 0.001"/>
    <body name="box1" pos="0 0 0.1">
      <freejoint/>
      <geom name="box1_geom" type="box" size="0.1 0.1 0.1" mass="1"/>
    </body>
    <body name="box2" pos="0.5 0 0.2" euler="0 0 30">
      <freejoint/>
      <geom name="box2_geom" type="box" size="0.2 0.1 0.05" mass="2"/>
    </body>
    <body name="sphere" pos="-0.5 0 0.0995">
      <freejoint/>
      <geom name="sphere_geom" type="sphere" size="0.1" mass="0.5"/>
    </body>
  </worldbody>
</mujoco>
"""
