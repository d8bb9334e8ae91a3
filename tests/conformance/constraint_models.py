"""Small models for the constraint tests (test_constraint.py, test_solver.py): every kind of
constraint row, sphere contacts under both cones, and coupled box and sphere contacts."""

# every equality type, dof and tendon friction loss, hinge/slide/ball/tendon limits
EQUALITY_LIMIT_FRICTION = """
<mujoco>
  <option timestep="0.005"/>
  <worldbody>
    <body name="a" pos="0 0 1">
      <joint name="h1" type="hinge" axis="0 1 0" range="-0.5 0.5" limited="true"
             frictionloss="0.3" margin="0.01"/>
      <geom type="capsule" fromto="0 0 0 0.5 0 0" size="0.05"/>
      <body name="b" pos="0.5 0 0">
        <joint name="s1" type="slide" axis="1 0 0" range="-0.1 0.1" limited="true"
               solreflimit="-2000 -30" solimplimit="0.5 0.9 0.2 0.3 3"/>
        <geom type="sphere" size="0.1"/>
        <body name="c" pos="0.3 0 0">
          <joint name="b1" type="ball" range="0 0.4" limited="true" frictionloss="0.1"/>
          <geom type="box" size="0.1 0.05 0.05"/>
          <site name="cs" pos="0.1 0 0"/>
        </body>
      </body>
    </body>
    <body name="d" pos="1 1 1">
      <freejoint/>
      <geom type="sphere" size="0.1"/>
      <site name="ds" pos="0 0.1 0" quat="0.9 0.1 0 0.2"/>
    </body>
    <body name="e" pos="0 1 1">
      <joint name="h2" type="hinge" axis="0 1 0"/>
      <joint name="h3" type="hinge" axis="1 0 0"/>
      <geom type="capsule" fromto="0 0 0 0.5 0 0" size="0.05"/>
    </body>
  </worldbody>
  <tendon>
    <fixed name="t1" limited="true" range="-0.2 0.2" frictionloss="0.05">
      <joint joint="h2" coef="1"/>
      <joint joint="h3" coef="-0.5"/>
    </fixed>
  </tendon>
  <equality>
    <connect body1="e" body2="b" anchor="0.5 0 0"/>
    <weld body1="c" body2="d" relpose="0.1 0.2 0.3 1 0 0 0" torquescale="2"/>
    <joint joint1="h2" joint2="h3" polycoef="0.1 0.5 0.2 0.1 0.05" solref="0.05 0.7"/>
    <tendon tendon1="t1" polycoef="0.05 0 0 0 0" solimp="0.3 0.8 0.5 0.4 1"/>
    <connect site1="cs" site2="ds"/>
    <weld site1="cs" site2="ds" active="false"/>
  </equality>
</mujoco>
"""


def sphere_contacts(cone: str, condim: int, impratio: float = 3) -> str:
    """Three spheres: one resting in the plane with margin and gap, one touching it, one on a
    limited hinge; friction differs per geom so that the mixing and mu_j matter."""
    return f"""
<mujoco>
  <option cone="{cone}" impratio="{impratio}"/>
  <worldbody>
    <geom type="plane" size="5 5 .1" friction="0.8 0.02 0.003" condim="1"/>
    <body pos="0 0 0.09"><freejoint/>
      <geom type="sphere" size="0.1" condim="{condim}" margin="0.02" gap="0.005"/></body>
    <body pos="0.15 0.05 0.25"><freejoint/>
      <geom type="sphere" size="0.1" condim="{condim}" friction="0.5 0.01 0.002"
            solref="0.03 0.8" solimp="0.5 0.95 0.01 0.4 3"/></body>
    <body pos="0.5 0.05 0.25">
      <joint type="hinge" axis="0 1 0" range="-0.1 0.1" limited="true"/>
      <geom type="sphere" size="0.1" pos="0 0 -0.2" condim="{condim}"/></body>
  </worldbody>
</mujoco>
"""


def box_and_sphere(condim: int, option: str = "", hinged_capsule: bool = False) -> str:
    """A box resting on the plane (four corner contacts) and a sphere touching it: coupled
    contacts (test_solver.py, test_solver_noslip.py). `option` holds <option> attributes;
    hinged_capsule adds a capsule on a hinge with friction loss (a friction row)."""
    capsule = """
    <body pos="0.5 0 0.5"><joint type="hinge" axis="0 1 0" frictionloss=".2"/>
      <geom type="capsule" size=".05" fromto="0 0 0 .2 0 0"/></body>""" if hinged_capsule else ""
    return f"""
<mujoco>
  <option {option}/>
  <worldbody>
    <geom type="plane" size="5 5 .1"/>
    <body pos="0 0 0.098"><freejoint/>
      <geom type="box" size=".1 .15 .1" condim="{condim}" friction="0.7 0.05 0.01"/></body>
    <body pos="0.05 0.1 0.26" euler="10 20 30"><freejoint/>
      <geom type="sphere" size=".07" condim="{condim}" friction="0.6 0.03 0.02"/></body>{capsule}
  </worldbody>
</mujoco>
"""
