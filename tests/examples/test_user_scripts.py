"""User-style scripts (tests/examples/scripts/*.py) give the same results on mjsim as on the
reference. Each script is plain MuJoCo code (`import mujoco`); both engines run all of them,
each in its own interpreter (mjsim under mjsim.install_as_mujoco()), and every value a script
put in its `results` dict must agree: numbers and arrays to the script's TOLERANCE (default
1e-9, relative to max(1, |reference|)), or its TOLERANCES entry for that name; strings, shapes,
dtypes and exception type names exactly."""

import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from support import child_environment

HERE = Path(__file__).resolve().parent
SCRIPTS = sorted(s for s in (HERE / "scripts").glob("*.py") if not s.name.startswith("_"))
RUNNER = HERE / "run_user_scripts.py"


def _start(engine: str, out: Path) -> subprocess.Popen:
    env = child_environment()
    return subprocess.Popen([sys.executable, str(RUNNER), engine, str(out)] +
                            [str(s) for s in SCRIPTS], env=env, cwd=HERE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    """{engine: {script: outcome}} from one run of all scripts per engine, both in parallel."""
    pytest.importorskip("mujoco")
    folder = tmp_path_factory.mktemp("user_scripts")
    runs = {engine: (_start(engine, folder / f"{engine}.pkl"), folder / f"{engine}.pkl")
            for engine in ("mujoco", "mjsim")}
    loaded = {}
    for engine, (process, out) in runs.items():
        _, stderr = process.communicate(timeout=300)
        assert process.returncode == 0, f"{engine} runner failed:\n{stderr[-3000:]}"
        loaded[engine] = pickle.loads(out.read_bytes())
    return loaded


def compare(name, ours, ref, tolerance, tolerances, path=""):
    """Asserts that `ours` matches `ref`; `path` names the value in a failure."""
    where = f"{name}{path}"
    if isinstance(ref, dict):
        assert isinstance(ours, dict) and sorted(ours) == sorted(ref), f"{where}: keys differ"
        for key in ref:
            compare(name, ours[key], ref[key], tolerances.get(key, tolerance), tolerances,
                    f"{path}[{key!r}]")
        return
    if isinstance(ref, (list, tuple)) and not all(isinstance(v, (int, float)) for v in ref):
        assert isinstance(ours, (list, tuple)) and len(ours) == len(ref), f"{where}: length differs"
        for i, (a, b) in enumerate(zip(ours, ref)):
            compare(name, a, b, tolerance, tolerances, f"{path}[{i}]")
        return
    if isinstance(ref, (str, bytes, type(None), bool)):
        assert ours == ref, f"{where}: {ours!r} != reference {ref!r}"
        return
    ref_array, our_array = np.asarray(ref), np.asarray(ours)
    assert our_array.shape == ref_array.shape, \
        f"{where}: shape {our_array.shape} != reference {ref_array.shape}"
    if ref_array.dtype.kind in "iub":
        assert np.array_equal(our_array, ref_array), f"{where}: {ours} != reference {ref}"
        return
    scale = np.maximum(1.0, np.abs(ref_array))
    error = np.abs(our_array - ref_array) / scale
    assert np.all(np.isfinite(our_array) == np.isfinite(ref_array)), f"{where}: non-finite values"
    worst = np.nanmax(error) if error.size else 0.0
    assert worst <= tolerance, f"{where}: error {worst:.3g} > tolerance {tolerance:g}"


def test_enough_scripts():
    assert len(SCRIPTS) >= 30


@pytest.mark.parametrize("script", [s.stem for s in SCRIPTS])
def test_script_matches_reference(outcomes, script):
    ref, ours = outcomes["mujoco"][script], outcomes["mjsim"][script]
    assert "error" not in ref, f"the script fails on the reference:\n{ref.get('traceback')}"
    assert "error" not in ours, f"mjsim raised:\n{ours.get('traceback')}"
    assert ref["results"], "the script computed nothing"
    compare(script, ours["results"], ref["results"], ref["tolerance"], ref["tolerances"])
