"""dm_control's Physics.render on mjsim installed as `mujoco` (issue 27): RGB, depth and
segmentation of 14 suite tasks from every camera (the free camera -1 and the model's), 240 x 320,
after a reset with random=0 and 20 steps of the same actions, against the reference's:
segmentation identical in at least 99% of the pixels, depth within 1e-3 of the extent in at
least 99%, RGB SSIM at least 0.95 with the default flags (shadows on) and with shadows off.

Each engine renders in an interpreter of its own (dm_render.py), the reference first: mjsim's
model takes its texture bytes (the compilers' random star marks differ). quadruped is left
out: dm_control's own quadruped task calls numpy.in1d, which numpy 2.4 no longer has, on
either engine.

Measured: segmentation 0.9986 to 1 (ball_in_cup's cameras the lowest), depth 0.9983 to 1
except where KNOWN says, SSIM 0.99 to 1 with shadows (0.9901 the lowest, reacher's camera 0)
and without.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import render_support
from support import child_environment

HERE = Path(__file__).resolve().parent
STEPS = 20
TASKS = {"acrobot": "swingup", "ball_in_cup": "catch", "cartpole": "swingup", "cheetah": "run",
         "finger": "spin", "fish": "swim", "hopper": "hop", "humanoid": "walk",
         "manipulator": "bring_ball", "pendulum": "swingup", "point_mass": "easy",
         "reacher": "easy", "swimmer": "swimmer6", "walker": "walk"}
# (figure, domain, camera) -> why it is below its bound; checked both ways, so a view that
# comes to agree fails until it is removed
KNOWN = {
    ("depth", "point_mass", -1): "the far wall's top, 20 m away, where one float step of the "
                                 "depth buffer is 4 mm, 6 times the tolerance: 1 step off in "
                                 "2% of the pixels (0.979)",
    ("depth", "reacher", -1): "the same arena (0.979)",
}
# RGB views below SSIM 0.95 with shadows on in both only (strict, checked both ways)
SHADOWED: set = set()


def _run(engine: str, folder: Path) -> None:
    env = child_environment(MUJOCO_GL="osmesa", PYOPENGL_PLATFORM="osmesa")
    folder.mkdir(parents=True)
    tasks = [f"{domain}:{task}" for domain, task in TASKS.items()]
    result = subprocess.run([sys.executable, str(HERE / "dm_render.py"), engine, str(STEPS),
                             str(folder)] + tasks, env=env, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, f"{engine} rendering failed:\n{result.stderr[-3000:]}"


@pytest.fixture(scope="module")
def images(tmp_path_factory):
    """{engine: folder of DOMAIN.npz (or DOMAIN.error)}; the reference first (its texels)."""
    pytest.importorskip("mujoco")
    pytest.importorskip("dm_control")
    reason = render_support.osmesa_unavailable() or render_support.reference_osmesa_unavailable()
    if reason:
        pytest.skip(reason)
    root = tmp_path_factory.mktemp("dm_render")
    for engine in ("mujoco", "mjsim"):
        _run(engine, root / engine)
    return {engine: root / engine for engine in ("mujoco", "mjsim")}


def load(folder: Path, domain: str) -> dict:
    error = folder / f"{domain}.error"
    assert not error.exists(), error.read_text()
    return dict(np.load(folder / f"{domain}.npz"))


def figures(ours: dict, reference: dict, camera: int) -> dict[str, float]:
    view = camera + 1
    extent = float(reference["extent"])
    return {"segmentation": render_support.segmentation_agreement(ours["segmentation"][view],
                                                                  reference["segmentation"][view]),
            "depth": render_support.depth_agreement(ours["depth"][view], reference["depth"][view],
                                                    extent),
            "rgb": render_support.ssim(ours["rgb_noshadow"][view], reference["rgb_noshadow"][view]),
            "rgb_shadows": render_support.ssim(ours["rgb"][view], reference["rgb"][view])}


BOUNDS = {"segmentation": 0.99, "depth": 0.99, "rgb": 0.95}


@pytest.mark.parametrize("domain", list(TASKS))
def test_images_match_reference(images, domain):
    ours, reference = load(images["mjsim"], domain), load(images["mujoco"], domain)
    for name in ("rgb", "rgb_noshadow", "depth", "segmentation"):
        assert ours[name].shape == reference[name].shape, name
    assert ours["rgb"].shape[1:] == (240, 320, 3) and ours["rgb"].dtype == np.uint8
    assert ours["depth"].dtype == np.float32 and ours["segmentation"].dtype == np.int32
    problems = []
    for camera in range(-1, ours["rgb"].shape[0] - 1):
        values = figures(ours, reference, camera)
        for figure, bound in BOUNDS.items():
            known = (figure, domain, camera) in KNOWN
            if (values[figure] >= bound) == known:
                state = "agrees now: remove it from KNOWN" if known else "below its bound"
                problems.append(f"camera {camera} {figure} {values[figure]:.4f}: {state}")
        shadowed = (domain, camera) in SHADOWED
        if (values["rgb_shadows"] >= BOUNDS["rgb"]) == shadowed:
            state = "agrees now: remove it from SHADOWED" if shadowed else "below 0.95"
            problems.append(f"camera {camera} rgb with shadows {values['rgb_shadows']:.4f}: {state}")
    assert not problems, f"{domain}: " + "; ".join(problems)
