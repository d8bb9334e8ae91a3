"""Runs one gymnasium MuJoCo environment for a number of steps with a fixed action sequence and
saves what it saw (OUT_DIR/ENV_ID.npz), for tests/examples/test_gymnasium_envs.py.

    python gym_rollout.py ENGINE STEPS OUT_DIR ENV_ID [ENV_ID ...]

ENGINE is `mjsim` (mjsim.install_as_mujoco() before gymnasium is imported) or `mujoco` (the
reference). Each engine runs in its own interpreter, since both cannot be `mujoco` in one.
The actions come from a NumPy generator seeded independently of the engine, and the
environment is reset with seed 0 (and again, unseeded, whenever an episode ends), so both
engines see the same inputs. Saved: obs (steps+1 rows: the reset observation, then one per
step), reward, terminated, truncated (per step), and qpos/qvel after each step.
"""

import sys

import numpy as np

ACTION_SEED = 12345


def rollout(gym, env_id: str, steps: int, out: str) -> None:
    env = gym.make(env_id)
    space = env.action_space
    actions = np.random.default_rng(ACTION_SEED).uniform(space.low, space.high,
                                                         size=(steps,) + space.shape)
    obs, _ = env.reset(seed=0)
    data = env.unwrapped.data
    observations, rewards, terminated, truncated, qpos, qvel = [obs], [], [], [], [], []
    for action in actions:
        obs, reward, term, trunc, _ = env.step(action)
        observations.append(obs)
        rewards.append(reward)
        terminated.append(term)
        truncated.append(trunc)
        qpos.append(np.array(data.qpos))
        qvel.append(np.array(data.qvel))
        if term or trunc:
            env.reset()
    np.savez(out, obs=np.array(observations), reward=np.array(rewards),
             terminated=np.array(terminated), truncated=np.array(truncated),
             qpos=np.array(qpos), qvel=np.array(qvel))


def main(engine: str, steps: int, out_dir: str, env_ids: list) -> None:
    if engine == "mjsim":
        import mjsim
        mjsim.install_as_mujoco()
    import gymnasium as gym
    import mujoco

    assert (mujoco.__name__ == "mjsim") == (engine == "mjsim"), mujoco.__name__
    for env_id in env_ids:
        try:
            rollout(gym, env_id, steps, f"{out_dir}/{env_id}.npz")
        except Exception as error:  # reported per environment by the test
            with open(f"{out_dir}/{env_id}.error", "w") as file:
                file.write(f"{type(error).__name__}: {error}")
                import traceback
                file.write(traceback.format_exc())


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:])
