"""A model or data argument that is None, of the wrong class, or of another model's sizes
raises the reference's TypeError or ValueError, never a crash (cpp/bindings/): each call runs
in a subprocess, so a segfault fails the test instead of killing pytest."""

import json

import pytest

from support import run_without_mujoco

FREE = "<mujoco><worldbody><body><freejoint/><geom size='.1'/></body></worldbody></mujoco>"
HINGE = "<mujoco><worldbody><body><joint/><geom size='.1'/></body></worldbody></mujoco>"

CALLS = {
    "MjData(None)": ("mj.MjData(None)", "TypeError", "MjModel cannot be None"),
    "MjData(1)": ("mj.MjData(1)", "TypeError", ""),
    "MjData(data)": ("mj.MjData(d)", "TypeError", ""),
    "mj_step(None, d)": ("mj.mj_step(None, d)", "TypeError", ""),
    "mj_step(m, None)": ("mj.mj_step(m, None)", "TypeError", ""),
    "mj_step(d, m)": ("mj.mj_step(d, m)", "TypeError", ""),
    "mj_forward(m, None)": ("mj.mj_forward(m, None)", "TypeError", ""),
    "mj_kinematics(None, d)": ("mj.mj_kinematics(None, d)", "TypeError", ""),
    "mj_resetData(m, None)": ("mj.mj_resetData(m, None)", "TypeError", ""),
    "mj_name2id(None, 1, 'a')": ("mj.mj_name2id(None, 1, 'a')", "TypeError", ""),
    "mj_jacBody(m, None, ...)": ("mj.mj_jacBody(m, None, None, None, 1)", "TypeError", ""),
    "mj_saveModel(None, ...)": ("mj.mj_saveModel(None, '/nonexistent/x.mjb')", "TypeError", ""),
}

CODE = """
import json, {module} as mj
m = mj.MjModel.from_xml_string({free!r})
d = mj.MjData(m)
try:
    {call}
    print(json.dumps(["ok", ""]))
except Exception as e:
    print(json.dumps([type(e).__name__, str(e)]))
"""


def run(module: str, call: str) -> list:
    code = CODE.format(module=module, free=FREE, call=call)
    if module == "mujoco":
        import subprocess
        import sys
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                timeout=120)
    else:
        result = run_without_mujoco(code)
    assert result.returncode == 0, f"{call} crashed ({result.returncode}): {result.stderr[-500:]}"
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("name", list(CALLS))
def test_bad_model_or_data_argument_raises_the_reference_exception(name):
    call, expected, words = CALLS[name]
    if not call.startswith("mj.mj_saveModel"):
        assert run("mujoco", call)[0] == expected
    kind, message = run("mjsim", call)
    assert kind == expected, message
    assert words in message


def test_data_of_other_sizes_is_rejected():
    kind, message = run("mjsim", f"mj.mj_step(m, mj.MjData(mj.MjModel.from_xml_string({HINGE!r})))")
    assert kind == "ValueError"
    assert "different MjModel" in message and "nq 1 vs 7" in message
