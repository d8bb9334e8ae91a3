"""mjsim.install_as_mujoco(): libraries that `import mujoco` internally run on mjsim. Each case
runs in a fresh interpreter so that mujoco and mjsim never share a process."""

import subprocess
import sys
import textwrap

import pytest

from support import child_environment



def run(code):
    env = child_environment(MUJOCO_GL="egl")
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, env=env, timeout=120)


def test_import_mujoco_gives_mjsim():
    result = run("""
        import mjsim
        mjsim.install_as_mujoco()
        import mujoco
        assert mujoco is mjsim, mujoco
        assert mujoco.__version__ == "3.3.7"
        print("ok")
    """)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_install_after_real_mujoco_raises():
    pytest.importorskip("mujoco")
    result = run("""
        import mujoco, mjsim
        try:
            mjsim.install_as_mujoco()
        except RuntimeError as error:
            print("raised", "already imported" in str(error))
    """)
    assert result.stdout.strip() == "raised True", result.stderr


@pytest.mark.parametrize("env_id", ["Hopper-v5", "InvertedPendulum-v5"])
def test_gymnasium_environment_resets_and_steps(env_id):
    pytest.importorskip("gymnasium")
    pytest.importorskip("imageio")  # gymnasium's MuJoCo environments import it
    result = run(f"""
        import mjsim
        mjsim.install_as_mujoco()
        import sys
        import gymnasium as gym
        import numpy as np
        env = gym.make("{env_id}")
        assert sys.modules["mujoco"] is mjsim
        assert type(env.unwrapped.model) is mjsim.MjModel
        obs, info = env.reset(seed=0)
        env.action_space.seed(0)
        for _ in range(100):
            obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
            assert np.all(np.isfinite(obs))
            if terminated or truncated:
                obs, info = env.reset()
        print("ok", obs.shape)
    """)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.startswith("ok")
