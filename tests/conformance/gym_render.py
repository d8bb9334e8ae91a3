"""Renders gymnasium MuJoCo environments for a few steps and saves the frames, for
tests/conformance/test_render_gymnasium.py.

    python gym_render.py ENGINE STEPS SHADOWS OUT_DIR ENV_ID [ENV_ID ...]

ENGINE is `mjsim` (mjsim.install_as_mujoco() before gymnasium is imported) or `mujoco` (the
reference); each runs in its own interpreter. SHADOWS is 1 (the environments' default) or 0
(mjRND_SHADOW off in the viewer's scene). Per environment and render mode
(rgb_array, depth_array) one environment is made, reset with seed 0 and stepped STEPS times
with actions from a generator seeded independently of the engine; the frame after the reset and
after each step is kept. Saved: OUT_DIR/ENV_ID.npz with rgb (STEPS+1, h, w, 3) uint8, depth
(STEPS+1, h, w) float32 as gymnasium returns it (the depth buffer's values), and the model's
extent, znear and zfar (to turn depth into metres), or OUT_DIR/ENV_ID.error.
"""

import sys
import traceback

import numpy as np

ACTION_SEED = 12345
MODES = ("rgb_array", "depth_array")


def frames(gym, mujoco, env_id: str, mode: str, steps: int, shadows: bool):
    env = gym.make(env_id, render_mode=mode)
    space = env.action_space
    actions = np.random.default_rng(ACTION_SEED).uniform(space.low, space.high,
                                                         size=(steps,) + space.shape)
    env.reset(seed=0)
    # the viewer's scene keeps its render flags between frames (visual_options would set
    # mjtVisFlag entries, not these)
    viewer = env.unwrapped.mujoco_renderer._get_viewer(mode)
    viewer.scn.flags[mujoco.mjtRndFlag.mjRND_SHADOW] = shadows
    images = [env.render()]
    for action in actions:
        _, _, terminated, truncated, _ = env.step(action)
        images.append(env.render())
        if terminated or truncated:
            env.reset()
    model = env.unwrapped.model
    scale = (model.stat.extent, model.vis.map.znear, model.vis.map.zfar)
    env.close()
    return np.array(images), scale


def render_environment(gym, mujoco, env_id: str, steps: int, shadows: bool, out: str) -> None:
    rgb, scale = frames(gym, mujoco, env_id, "rgb_array", steps, shadows)
    depth, _ = frames(gym, mujoco, env_id, "depth_array", steps, shadows)
    extent, znear, zfar = scale
    np.savez(out, rgb=rgb, depth=depth, extent=extent, znear=znear, zfar=zfar)


def main(engine: str, steps: int, shadows: bool, out_dir: str, env_ids: list) -> None:
    if engine == "mjsim":
        import mjsim
        mjsim.install_as_mujoco()
    import gymnasium as gym
    import mujoco

    assert (mujoco.__name__ == "mjsim") == (engine == "mjsim"), mujoco.__name__
    for env_id in env_ids:
        try:
            render_environment(gym, mujoco, env_id, steps, shadows, f"{out_dir}/{env_id}.npz")
        except Exception as error:  # reported per environment by the test
            with open(f"{out_dir}/{env_id}.error", "w") as file:
                file.write(f"{type(error).__name__}: {error}\n{traceback.format_exc()}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", sys.argv[4], sys.argv[5:])
