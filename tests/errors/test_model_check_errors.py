"""A bad value written into a model array from Python (an enum out of range, an id or
address outside the array it indexes, a parent after its child) raises mujoco.FatalError
before the step instead of crashing in it (cpp/src/engine/model_check.cc, run by every
binding that simulates). Where the reference raises FatalError itself (joint type,
integrator, transmission type, sensor type) the words of its message are checked; elsewhere
the reference reads outside its arrays (garbage or a crash). Each case runs in a subprocess."""

import json
import subprocess
import sys

import pytest

from support import run_without_mujoco

XML = """<mujoco><worldbody><geom type="plane" size="1 1 1"/>
<body name="a" pos="0 0 .5"><freejoint/><geom size=".1"/>
<body name="b" pos=".2 0 0"><joint name="j" type="hinge"/><geom size=".1"/><site name="s"/></body>
</body></worldbody>
<tendon><fixed name="t"><joint joint="j" coef="1"/></fixed></tendon>
<actuator><motor joint="j"/></actuator><sensor><jointpos joint="j"/></sensor></mujoco>"""

# edit: words of the error message (the reference's, where it raises one)
REFERENCE_RAISES = {
    "m.jnt_type[0] = 7": "joint type 7",
    "m.jnt_type[0] = -2": "joint type -2",
    "m.opt.integrator = 9": "mj_step: invalid integrator",
    "m.opt.integrator = -1": "mj_step: invalid integrator",
    "m.actuator_trntype[0] = 9": "transmission type 9",
    "m.sensor_type[0] = 999": "sensor type",
}
REFERENCE_UNDEFINED = {
    "m.geom_type[1] = 99": "geom type",
    "m.geom_type[1] = -1": "geom type",
    "m.body_parentid[2] = 50": "body id 50 in m.body_parentid[2]",
    "m.body_parentid[2] = -3": "body id -3 in m.body_parentid[2]",
    "m.body_parentid[1] = 2": "parent must precede",
    "m.jnt_qposadr[0] = -1": "qpos address -1 in m.jnt_qposadr[0]",
    "m.jnt_qposadr[1] = 8": "qpos address 8 in m.jnt_qposadr[1]",
    "m.jnt_qposadr[0] = 2": "does not fit",
    "m.jnt_dofadr[0] = 100": "dof address 100 in m.jnt_dofadr[0]",
    "m.dof_parentid[1] = 99": "dof id 99 in m.dof_parentid[1]",
    "m.dof_parentid[3] = 5": "parent must precede",
    "m.dof_bodyid[0] = 99": "body id 99 in m.dof_bodyid[0]",
    "m.geom_bodyid[1] = 77": "body id 77 in m.geom_bodyid[1]",
    "m.body_jntnum[1] = 40": "joint count 40 in m.body_jntnum[1]",
    "m.body_jntadr[1] = 40": "joint address 40 in m.body_jntadr[1]",
    "m.geom_condim[1] = 7": "condim",
    "m.geom_condim[1] = 2": "condim",
    "m.geom_dataid[1] = 5": "id 5 in m.geom_dataid[1]",
    "m.actuator_trnid[0, 0] = 99": "id 99 in m.actuator_trnid[0]",
    "m.sensor_objid[0] = 99": "id 99 in m.sensor_objid[0]",
    "m.body_dofadr[1] = 50": "dof address 50 in m.body_dofadr[1]",
    "m.dof_jntid[0] = 50": "joint id 50 in m.dof_jntid[0]",
    "m.tendon_adr[0] = -4": "wrap address -4 in m.tendon_adr[0]",
    "m.wrap_objid[0] = 12": "id 12 in m.wrap_objid[0]",
    "m.opt.cone = 5": "cone",
    "m.opt.solver = 7": "solver",
    "m.opt.jacobian = 5": "Jacobian",
}

CODE = """
import json, {module} as mj
m = mj.MjModel.from_xml_string({xml!r})
d = mj.MjData(m)
{edit}
try:
    mj.mj_step(m, d)
    print(json.dumps(["ok", ""]))
except Exception as e:
    print(json.dumps([type(e).__name__, str(e)]))
"""


def step_after(module: str, edit: str):
    code = CODE.format(module=module, xml=XML, edit=edit)
    if module == "mujoco":
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    return run_without_mujoco(code)


def outcome(result) -> list:
    assert result.returncode == 0, f"crashed ({result.returncode}): {result.stderr[-500:]}"
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("edit", list(REFERENCE_RAISES))
def test_reference_fatal_errors_are_raised_alike(edit):
    ref_kind, ref_message = outcome(step_after("mujoco", edit))
    assert ref_kind == "FatalError" and REFERENCE_RAISES[edit] in ref_message
    kind, message = outcome(step_after("mjsim", edit))
    assert kind == "FatalError", message
    assert REFERENCE_RAISES[edit] in message


@pytest.mark.parametrize("edit", list(REFERENCE_UNDEFINED))
def test_out_of_range_model_values_raise_before_the_step(edit):
    kind, message = outcome(step_after("mjsim", edit))
    assert kind == "FatalError", message
    # the solver type is named in the reference's words, where it would fail with constraints
    assert REFERENCE_UNDEFINED[edit] in message
    assert message.startswith(("mj_step: ", "mj_fwdConstraint: unknown solver type"))


def test_restoring_the_value_makes_the_model_usable_again():
    result = run_without_mujoco(f"""
import mjsim as mj
m = mj.MjModel.from_xml_string({XML!r})
d = mj.MjData(m)
m.geom_type[1] = 99
try:
    mj.mj_forward(m, d)
except mj.FatalError as e:
    print("raised", e)
m.geom_type[1] = 2
mj.mj_step(m, d, 3)
print("stepped", d.time)
""")
    assert result.returncode == 0, result.stderr
    assert "raised mj_forward: invalid geom type" in result.stdout and "stepped" in result.stdout
