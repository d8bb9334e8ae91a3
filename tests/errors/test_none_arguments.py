"""Every mj_/mju_/mjd_ function both packages have, called with None for each of its required
arguments, raises the reference's exception class (TypeError nearly everywhere), and never
crashes. The calls run in child processes, restarted past a call that kills one (the reference
segfaults on two), so a crash is a result, not a lost run. The required arguments are counted
from the reference's signature line."""

import json
import subprocess
import sys

import pytest

pytest.importorskip("mujoco")

PROBE = r"""
import json, re, sys, importlib
engine = importlib.import_module(sys.argv[1])
import mujoco as reference
start = int(sys.argv[2])
names = [n for n in sorted(dir(reference))
         if n.startswith(("mj_", "mju_", "mjd_")) and hasattr(engine, n)]
for i, name in enumerate(names[start:], start):
    lines = (getattr(reference, name).__doc__ or "").splitlines()
    signature = re.match(r"^\w+\((.*)\)\s*->", lines[0] if lines else "")
    if not signature:
        continue
    params = [p for p in re.split(r",\s*(?![^\[]*\])", signature.group(1)) if p.strip()]
    required = [p for p in params if "=" not in p]
    print(json.dumps([i, name, None]), flush=True)
    try:
        getattr(engine, name)(*([None] * len(required)))
        outcome = "returned"
    except BaseException as error:
        outcome = type(error).__name__
    print(json.dumps([i, name, outcome]), flush=True)
"""

# where mjsim differs on purpose: the reference crashes, or takes None as the C NULL string
# (mju_writeLog writes "(null): (null)"; mju_getXMLDependencies reads a file named "(null)")
DIFFERENT = {
    "mj_defaultLROpt": ("crash", "TypeError"),
    "mju_str2Type": ("crash", "TypeError"),
    "mju_writeLog": ("returned", "TypeError"),
    "mju_getXMLDependencies": ("FatalError", "TypeError"),
}


def outcomes(engine: str, tmp_path) -> dict[str, str]:
    results, start = {}, 0
    while True:
        run = subprocess.run([sys.executable, "-c", PROBE, engine, str(start)], cwd=tmp_path,
                             capture_output=True, text=True, timeout=600)
        pending = None
        for line in run.stdout.splitlines():
            index, name, outcome = json.loads(line)
            if outcome is None:
                pending = (index, name)
            else:
                results[name], pending = outcome, None
        if run.returncode == 0 or pending is None:
            assert run.returncode == 0, run.stderr[-2000:]
            return results
        results[pending[1]] = "crash"
        start = pending[0] + 1


def test_none_arguments_raise_the_reference_class(tmp_path):
    reference, ours = outcomes("mujoco", tmp_path), outcomes("mjsim", tmp_path)
    assert len(ours) > 200
    assert "crash" not in ours.values()
    differ = {name: (reference[name], ours[name]) for name in ours
              if reference[name] != ours[name] and DIFFERENT.get(name) != (reference[name], ours[name])}
    assert not differ, differ
