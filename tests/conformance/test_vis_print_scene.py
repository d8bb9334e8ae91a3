"""mj_printScene and mj_printFormattedScene (cpp/src/vis/print_scene.cc) against the
reference: the text files of updated scenes compared byte for byte, with the default and with
caller formats, the model transform on and off, skins; bad formats and counts. (mjsim loads
no flex yet, so the flex block's layout, measured on a flexcomp grid, is not compared here.)"""

from __future__ import annotations

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import MODELS_DIR  # noqa: E402
from support import load_pair  # noqa: E402

MODELS = ["tumbling_objects.xml", "robot_arm.xml", "cameras_lights.xml", "skinned_tentacle.xml",
          "materials_textures.xml"]


def updated_scene(engine, m, d, transform: bool):
    scn = engine.MjvScene(m, 2000)
    cam = engine.MjvCamera()
    engine.mjv_defaultFreeCamera(m, cam)
    opt = engine.MjvOption()
    opt.label = 3  # geom labels, so that the label line has text
    engine.mjv_updateScene(m, d, opt, None, cam, 7, scn)
    if transform:
        scn.enabletransform = 1
        scn.translate = [0.1, -0.25, 0.3]
        scn.rotate = np.array([0.9, 0.1, 0.3, 0.2]) / np.linalg.norm([0.9, 0.1, 0.3, 0.2])
        scn.scale = 1.5
    return scn


def printed(engine, scn, path, float_format):
    if float_format is None:
        engine.mj_printScene(scn, str(path))
    else:
        engine.mj_printFormattedScene(scn, str(path), float_format)
    return path.read_bytes()


def compare(pair, tmp_path, transform, float_format):
    m, d, ref_m, ref_d = pair
    ours = printed(mjsim, updated_scene(mjsim, m, d, transform), tmp_path / "ours.txt",
                   float_format)
    ref = printed(mujoco, updated_scene(mujoco, ref_m, ref_d, transform), tmp_path / "ref.txt",
                  float_format)
    if ours != ref:
        ours_lines, ref_lines = ours.decode().splitlines(), ref.decode().splitlines()
        first = next((i for i, (a, b) in enumerate(zip(ours_lines, ref_lines)) if a != b),
                     min(len(ours_lines), len(ref_lines)))
        context = "\n".join(ref_lines[max(0, first - 3):first])
        pytest.fail(f"{pair.name}: line {first + 1} differs after\n{context}\n"
                    f"mjsim:     {ours_lines[first] if first < len(ours_lines) else '<end>'!r}\n"
                    f"reference: {ref_lines[first] if first < len(ref_lines) else '<end>'!r}")


@pytest.mark.parametrize("float_format", [None, "%.3f", "%-12.5e", "%+.4g"])
@pytest.mark.parametrize("transform", [False, True])
@pytest.mark.parametrize("model", MODELS)
def test_print_scene_matches_the_reference(model, transform, float_format, tmp_path):
    pair = load_pair(MODELS_DIR / model, seed=4)
    pair.call("mj_forward")
    compare(pair, tmp_path, transform, float_format)


@pytest.mark.parametrize("float_format", ["3f", "%.3q", "%d"])
def test_invalid_format_prints_the_default(float_format, tmp_path, capsys):
    pair = load_pair(MODELS_DIR / "tumbling_objects.xml", seed=None)
    pair.call("mj_forward")
    scn = updated_scene(mjsim, pair.m, pair.d, False)
    formatted = printed(mjsim, scn, tmp_path / "formatted.txt", float_format)
    assert "WARNING" in capsys.readouterr().out
    assert formatted == printed(mjsim, scn, tmp_path / "default.txt", None)


def test_print_scene_to_standard_output(capsys, tmp_path):
    pair = load_pair(MODELS_DIR / "tumbling_objects.xml", seed=None)
    pair.call("mj_forward")
    scn = updated_scene(mjsim, pair.m, pair.d, False)
    mjsim.mj_printScene(scn, None)
    assert capsys.readouterr().out.encode() == printed(mjsim, scn, tmp_path / "s.txt", None)


def test_counts_beyond_the_buffers_are_an_error(tmp_path):
    pair = load_pair(MODELS_DIR / "tumbling_objects.xml", seed=None)
    scn = mjsim.MjvScene(pair.m, 5)
    scn.ngeom = 6
    with pytest.raises(mjsim.FatalError, match="ngeom"):
        mjsim.mj_printScene(scn, str(tmp_path / "s.txt"))
