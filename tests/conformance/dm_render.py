"""Renders dm_control suite tasks through Physics.render and saves the images, for
tests/conformance/test_render_dm_control.py.

    python dm_render.py ENGINE STEPS OUT_DIR DOMAIN:TASK [DOMAIN:TASK ...]

ENGINE is `mjsim` (mjsim.install_as_mujoco() before dm_control is imported) or `mujoco` (the
reference); each runs in its own interpreter. Each task is loaded with task_kwargs random=0,
reset, and stepped STEPS times with actions from a generator seeded independently of the
engine; then every camera (-1, the free camera, and the model's) renders 240 x 320 RGB (with
the default flags and with shadows off), depth and segmentation. Saved: OUT_DIR/DOMAIN.npz
with rgb, rgb_noshadow (cameras, 240, 320, 3), depth (cameras, 240, 320), segmentation
(cameras, 240, 320, 2), the extent and the model's texture bytes (tex_data), or
OUT_DIR/DOMAIN.error. The mjsim run gives its model the reference's tex_data first (from
OUT_DIR/../mujoco/DOMAIN.npz) when it is there: the compilers' random texture marks (the suite's
starry skyboxes) differ, which the renderer is not to blame for.
"""

import sys
import traceback
from pathlib import Path

import numpy as np

ACTION_SEED = 12345
HEIGHT, WIDTH = 240, 320


def share_reference_texels(physics, out_dir: Path, domain: str) -> None:
    reference = out_dir.parent / "mujoco" / f"{domain}.npz"
    if reference.exists():
        texels = np.load(reference)["tex_data"]
        if physics.model.tex_data.shape == texels.shape:
            physics.model.tex_data[:] = texels


def render_task(suite, domain: str, task: str, steps: int, out_dir: Path, engine: str) -> None:
    env = suite.load(domain, task, task_kwargs={"random": 0})
    spec = env.action_spec()
    actions = np.random.default_rng(ACTION_SEED).uniform(spec.minimum, spec.maximum,
                                                         size=(steps,) + spec.shape)
    env.reset()
    for action in actions:
        env.step(action)
    physics = env.physics
    if engine == "mjsim":
        share_reference_texels(physics, out_dir, domain)
    images = {"rgb": [], "rgb_noshadow": [], "depth": [], "segmentation": []}
    for camera in range(-1, physics.model.ncam):
        images["rgb"].append(physics.render(HEIGHT, WIDTH, camera_id=camera))
        images["rgb_noshadow"].append(physics.render(HEIGHT, WIDTH, camera_id=camera,
                                                     render_flag_overrides={"shadow": False}))
        images["depth"].append(physics.render(HEIGHT, WIDTH, camera_id=camera, depth=True))
        images["segmentation"].append(physics.render(HEIGHT, WIDTH, camera_id=camera,
                                                     segmentation=True))
    np.savez(out_dir / f"{domain}.npz", **{k: np.array(v) for k, v in images.items()},
             extent=physics.model.stat.extent, tex_data=np.array(physics.model.tex_data))


def main(engine: str, steps: int, out_dir: str, tasks: list) -> None:
    if engine == "mjsim":
        import mjsim
        mjsim.install_as_mujoco()
    import mujoco
    from dm_control import suite

    assert (mujoco.__name__ == "mjsim") == (engine == "mjsim"), mujoco.__name__
    out = Path(out_dir)
    for name in tasks:
        domain, task = name.split(":")
        try:
            render_task(suite, domain, task, steps, out, engine)
        except Exception as error:  # reported per task by the test
            (out / f"{domain}.error").write_text(
                f"{type(error).__name__}: {error}\n{traceback.format_exc()}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:])
