"""Runs user-style scripts (tests/examples/scripts/*.py) on one engine and pickles what they
computed, for tests/examples/test_user_scripts.py.

    python run_user_scripts.py ENGINE OUT.pkl SCRIPT [SCRIPT ...]

ENGINE is `mjsim` (mjsim.install_as_mujoco() first, so the scripts' `import mujoco` gives
mjsim) or `mujoco` (the reference). Each script fills a dict named `results` (name -> number,
array, string...) and may set `TOLERANCE` (default 1e-9) or `TOLERANCES` (name -> tolerance).
A script that raises is recorded with its exception type and message; one exception does not
stop the other scripts.
"""

import pickle
import runpy
import sys
import traceback
from pathlib import Path

import numpy as np


def plain(value):
    """A picklable copy: NumPy arrays (views into engine memory) copied, containers recursed."""
    if isinstance(value, np.ndarray):
        return np.array(value)
    if isinstance(value, (list, tuple)):
        return type(value)(plain(item) for item in value)
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, (bool, int, float, str, bytes, type(None), np.generic)):
        return value
    return repr(value)


def run_script(path: str) -> dict:
    folder = str(Path(path).parent)  # as `python script.py` does: the script's folder imports
    if folder not in sys.path:
        sys.path.insert(0, folder)
    try:
        namespace = runpy.run_path(path, run_name="__main__")
    except Exception as error:  # compared between the engines by the test
        return {"error": f"{type(error).__name__}: {error}", "traceback": traceback.format_exc()}
    return {"results": plain(namespace.get("results", {})),
            "tolerance": namespace.get("TOLERANCE", 1e-9),
            "tolerances": dict(namespace.get("TOLERANCES", {}))}


def main(engine: str, out: str, scripts: list) -> None:
    if engine == "mjsim":
        import mjsim
        mjsim.install_as_mujoco()
    import mujoco

    assert (mujoco.__name__ == "mjsim") == (engine == "mjsim"), mujoco.__name__
    outcome = {Path(script).stem: run_script(script) for script in scripts}
    with open(out, "wb") as file:
        pickle.dump(outcome, file)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
