"""Body mass and inertia under the compiler's mass options (inertiafromgeom, inertiagrouprange,
boundmass, boundinertia, balanceinertia, settotalmass) against the reference."""

import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from support import assert_fields_close  # noqa: E402

BODIES = """
<worldbody>
  <body name="mixed">
    <joint/>
    <geom size=".1" group="3"/>
    <geom type="box" size=".1 .2 .3" pos=".2 0 0" group="1"/>
    <inertial pos="0 0 0.1" mass="2" diaginertia="0.1 0.1 0.15"/>
  </body>
  <body name="light" pos="1 0 0">
    <freejoint/>
    <geom size=".01" mass="0.0001"/>
    <body name="rod"><joint/><geom type="capsule" size=".02" fromto="0 0 0 .2 0 0"/></body>
  </body>
  <body name="given" pos="2 0 0">
    <freejoint/>
    <inertial pos="0 0 0" mass="1" diaginertia="0.1 0.1 0.19"/>
  </body>
  <body name="flat" pos="3 0 0">
    <freejoint/>
    <inertial pos="0 0 0" mass="1" diaginertia="0.1 0.1 0.3"/>
  </body>
</worldbody>
"""

COMPILER_OPTIONS = [
    'balanceinertia="true"',
    'balanceinertia="true" inertiafromgeom="true"',
    'balanceinertia="true" inertiafromgeom="true" inertiagrouprange="0 2"',
    'balanceinertia="true" boundmass="0.5" boundinertia="0.01"',
    'balanceinertia="true" settotalmass="10"',
    'balanceinertia="true" boundmass="0.5" settotalmass="3"',
]
FIELDS = ["body_mass", "body_inertia", "body_ipos", "body_iquat", "body_subtreemass"]


@pytest.mark.parametrize("options", COMPILER_OPTIONS)
def test_mass_options_match_reference(options):
    xml = f"<mujoco><compiler {options}/>{BODIES}</mujoco>"
    ours, ref = mjsim.MjModel.from_xml_string(xml), mujoco.MjModel.from_xml_string(xml)
    assert_fields_close(ours, ref, FIELDS, atol=1e-12, rtol=1e-9, context=options)


def test_invalid_inertia_without_balanceinertia_is_an_error():
    with pytest.raises(ValueError, match=r"A \+ B >= C"):
        mjsim.MjModel.from_xml_string(f"<mujoco>{BODIES}</mujoco>")


def test_inertiafromgeom_false_leaves_geom_only_body_massless():
    xml = f'<mujoco><compiler inertiafromgeom="false" balanceinertia="true"/>{BODIES}</mujoco>'
    with pytest.raises(ValueError, match="mass and inertia of moving bodies"):
        mjsim.MjModel.from_xml_string(xml)


def test_global_coordinates_are_rejected_as_in_the_reference():
    xml = '<mujoco>\n<compiler coordinate="global"/>\n<worldbody/></mujoco>'
    with pytest.raises(ValueError, match=r"coordinate(.|\n)*line 2"):
        mjsim.MjModel.from_xml_string(xml)
