"""Gymnasium's 11 v5 MuJoCo environments rendering on mjsim installed as `mujoco` (issue 27):
render_mode "rgb_array" and "depth_array" give frames of gymnasium's shape (480 x 480) that
agree with the reference's over the reset and the first 20 steps (same seed, same actions):
depth within 1e-3 of the extent in at least 99% of the pixels, RGB SSIM at least 0.95.

Both engines render through OSMesa, each in an interpreter of its own (gym_render.py), once
with the environments' default render flags (shadows on) and once with mjRND_SHADOW off in
both. Slow (the reference's software rendering: about 1.5 minutes): runs with MJSIM_SLOW=1 or
-m slow.

Measured at this commit, the lowest figure over the 21 frames (depth 1.0000 in every one):

    environment               SSIM, shadows on   SSIM, shadows off
    Ant                       0.9981             0.9995
    HalfCheetah               0.9809             0.9994
    Hopper                    0.9976             0.9986
    Humanoid                  0.9970             0.9992
    HumanoidStandup           0.9971             0.9983
    InvertedDoublePendulum    1.0000             1.0000
    InvertedPendulum          1.0000             1.0000
    Pusher                    0.9999             0.9999
    Reacher                   1.0000             1.0000
    Swimmer                   0.9986             0.9989
    Walker2d                  0.9983             0.9997
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import render_support
from support import child_environment

pytestmark = pytest.mark.slow

HERE = Path(__file__).resolve().parent
STEPS = 20
SIZE = 480  # gymnasium's default width and height
ENVIRONMENTS = ["Ant-v5", "HalfCheetah-v5", "Hopper-v5", "Humanoid-v5", "HumanoidStandup-v5",
                "InvertedDoublePendulum-v5", "InvertedPendulum-v5", "Pusher-v5", "Reacher-v5",
                "Swimmer-v5", "Walker2d-v5"]
# below SSIM 0.95 with the reference's shadows only (0.9799 and 0.9880 without them); strict,
# so drawing shadows fails these until they are removed
SHADOWED: dict = {}


def _start(engine: str, shadows: bool, folder: Path) -> subprocess.Popen:
    env = child_environment(MUJOCO_GL="osmesa", PYOPENGL_PLATFORM="osmesa")
    folder.mkdir(parents=True)
    return subprocess.Popen([sys.executable, str(HERE / "gym_render.py"), engine, str(STEPS),
                             "1" if shadows else "0", str(folder)] + ENVIRONMENTS, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.fixture(scope="module")
def frames(tmp_path_factory):
    """{(engine, shadows): folder of ENV.npz (or ENV.error)}, both engines in parallel."""
    pytest.importorskip("mujoco")
    pytest.importorskip("gymnasium")
    pytest.importorskip("imageio")  # gymnasium's MuJoCo environments import it
    reason = render_support.osmesa_unavailable() or render_support.reference_osmesa_unavailable()
    if reason:
        pytest.skip(reason)
    root = tmp_path_factory.mktemp("gym_render")
    folders = {}
    for shadows in (True, False):
        runs = {engine: _start(engine, shadows, root / f"{engine}-{int(shadows)}")
                for engine in ("mujoco", "mjsim")}
        for engine, process in runs.items():
            _, stderr = process.communicate(timeout=900)
            assert process.returncode == 0, f"{engine} rendering failed:\n{stderr[-3000:]}"
            folders[engine, shadows] = root / f"{engine}-{int(shadows)}"
    return folders


def load(folder: Path, env_id: str) -> dict:
    error = folder / f"{env_id}.error"
    assert not error.exists(), error.read_text()
    return dict(np.load(folder / f"{env_id}.npz"))


def distances(run: dict, depth: np.ndarray) -> np.ndarray:
    """gymnasium's depth (the buffer's values, 0 at near and 1 at far) in metres."""
    extent = float(run["extent"])
    near, far = float(run["znear"]) * extent, float(run["zfar"]) * extent
    return near * far / (far - depth.astype(np.float64) * (far - near))


@pytest.mark.parametrize("env_id", ENVIRONMENTS)
def test_frames_have_gymnasium_shapes(frames, env_id):
    ours, reference = load(frames["mjsim", True], env_id), load(frames["mujoco", True], env_id)
    assert ours["rgb"].shape == reference["rgb"].shape == (STEPS + 1, SIZE, SIZE, 3)
    assert ours["depth"].shape == reference["depth"].shape == (STEPS + 1, SIZE, SIZE)
    assert ours["rgb"].dtype == np.uint8 and ours["depth"].dtype == np.float32


@pytest.mark.parametrize("env_id", ENVIRONMENTS)
def test_depth_matches_reference(frames, env_id):
    ours, reference = load(frames["mjsim", True], env_id), load(frames["mujoco", True], env_id)
    extent = float(reference["extent"])
    for step in range(STEPS + 1):
        close = np.abs(distances(ours, ours["depth"][step])
                       - distances(reference, reference["depth"][step])) <= 1e-3 * extent
        assert close.mean() >= 0.99, f"{env_id} frame {step}: depth agrees in {close.mean():.4f}"


def _lowest_ssim(frames, env_id: str, shadows: bool) -> float:
    ours = load(frames["mjsim", shadows], env_id)["rgb"]
    reference = load(frames["mujoco", shadows], env_id)["rgb"]
    return min(render_support.ssim(ours[step], reference[step]) for step in range(STEPS + 1))


@pytest.mark.parametrize("env_id", ENVIRONMENTS)
def test_rgb_matches_reference_with_shadows_off(frames, env_id):
    lowest = _lowest_ssim(frames, env_id, shadows=False)
    assert lowest >= 0.95, f"{env_id}: SSIM {lowest:.4f}"


@pytest.mark.parametrize("env_id", [
    pytest.param(env_id, marks=[pytest.mark.xfail(reason=SHADOWED[env_id], strict=True)]
                 if env_id in SHADOWED else []) for env_id in ENVIRONMENTS])
def test_rgb_matches_reference(frames, env_id):
    lowest = _lowest_ssim(frames, env_id, shadows=True)
    assert lowest >= 0.95, f"{env_id}: SSIM {lowest:.4f}"
