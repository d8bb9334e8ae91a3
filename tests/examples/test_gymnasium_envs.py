"""Gymnasium's v5 MuJoCo environments on mjsim (issue 7): with mjsim.install_as_mujoco() each
one resets and steps 1000 times with random actions, unchanged, and its observations agree with
the same run on the reference for the first steps.

Both engines run every environment in one interpreter each, in parallel (gym_rollout.py: fixed
action sequence, reset(seed=0), the same resets). ENVIRONMENTS gives, per environment, how
many steps must agree to 1e-6 (the reset observation included); where the runs part, the cause
is stated. Past that point the runs are chaotic and only finiteness is checked.
"""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from support import child_environment

HERE = Path(__file__).resolve().parent
STEPS = 1000
TOLERANCE = 1e-6
REQUIRED = 20  # steps that must agree (issue 7)

# environment -> steps that must agree to TOLERANCE; None: all 1000. Measured (mjsim at this
# commit): Ant first differs by > 1e-6 at observation 152, HalfCheetah at 84; the others agree
# over all 1000 steps (Humanoid and HumanoidStandup within 3e-9, Swimmer within 5e-7).
# Cause of the two divergences: the Newton solver's contact forces differ from the
# reference's by round-off with the state equal to 1e-14 (HalfCheetah step 5: one floor
# contact, 1 iteration both, efc_force 1e-11 apart; Ant step 13: two floor contacts, 3
# iterations, 5e-12 apart), and the contact dynamics amplify it.
ENVIRONMENTS = {
    "Ant-v5": 120,
    "HalfCheetah-v5": 60,
    "Hopper-v5": None,
    "Humanoid-v5": None,
    "HumanoidStandup-v5": None,
    "InvertedDoublePendulum-v5": None,
    "InvertedPendulum-v5": None,
    "Pusher-v5": None,
    "Reacher-v5": None,
    "Swimmer-v5": None,
    "Walker2d-v5": None,
}


def _start(engine: str, folder: Path) -> subprocess.Popen:
    env = child_environment(MUJOCO_GL="egl")
    folder.mkdir()
    return subprocess.Popen([sys.executable, str(HERE / "gym_rollout.py"), engine, str(STEPS),
                             str(folder)] + list(ENVIRONMENTS), env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """{engine: folder with ENV.npz (or ENV.error)}, both engines run in parallel."""
    pytest.importorskip("mujoco")
    pytest.importorskip("gymnasium")
    pytest.importorskip("imageio")  # gymnasium's MuJoCo environments import it
    root = tmp_path_factory.mktemp("gym")
    processes = {engine: _start(engine, root / engine) for engine in ("mujoco", "mjsim")}
    for engine, process in processes.items():
        _, stderr = process.communicate(timeout=600)
        assert process.returncode == 0, f"{engine} rollout failed:\n{stderr[-3000:]}"
    return {engine: root / engine for engine in processes}


def load(folder: Path, env_id: str) -> dict:
    error = folder / f"{env_id}.error"
    assert not error.exists(), error.read_text()
    return dict(np.load(folder / f"{env_id}.npz"))


def first_divergence(ours: np.ndarray, ref: np.ndarray) -> int | None:
    """The first observation row differing by more than TOLERANCE, or None."""
    bad = np.abs(ours - ref).max(axis=1) > TOLERANCE
    return int(np.argmax(bad)) if bad.any() else None


@pytest.mark.parametrize("env_id", list(ENVIRONMENTS))
def test_environment_matches_reference(runs, env_id):
    ref, ours = load(runs["mujoco"], env_id), load(runs["mjsim"], env_id)
    assert ours["obs"].shape == ref["obs"].shape == (STEPS + 1,) + ref["obs"].shape[1:]
    assert np.all(np.isfinite(ours["obs"])) and np.all(np.isfinite(ours["reward"]))
    diverged = first_divergence(ours["obs"], ref["obs"])
    required = ENVIRONMENTS[env_id]
    if required is None:
        assert diverged is None, f"{env_id}: observations differ from step {diverged}"
        return
    assert required >= REQUIRED
    assert diverged is None or diverged > required, (
        f"{env_id}: observation {diverged} differs by "
        f"{np.abs(ours['obs'][diverged] - ref['obs'][diverged]).max():.3g} "
        f"(column {np.argmax(np.abs(ours['obs'][diverged] - ref['obs'][diverged]))})")
