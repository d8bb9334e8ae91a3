"""Figures of mjsim's renderer against the reference's, both through Mesa's OSMesa: for each
model (models/*.xml and the dm_control suite, or the paths given), each camera (the free camera,
then the model's), at 240x320 after a few steps from the first keyframe: the fraction of
segmentation pixels that agree, of depth pixels within 1e-3 of the extent, and the RGB SSIM.

    PYTHONPATH=<overlay> python tests/tools/render_report.py [--no-shadows] [model.xml ...]

--no-shadows renders both with mjRND_SHADOW off, to see the rest. mjsim's model is given the reference's texture bytes
(render_support.share_reference_texels).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import render_support  # noqa: E402  (before mujoco: PyOpenGL's platform)

import corpus  # noqa: E402
import mujoco  # noqa: E402

import mjsim  # noqa: E402

UNDRAWN_FLAGS = ("mjRND_SHADOW",)
REFERENCE_TEXELS = True  # render_support.share_reference_texels


def figures_of(path: Path, no_shadows: bool, steps: int = 20):
    rows = []
    engines = {}
    reference_model = mujoco.MjModel.from_xml_path(str(path))
    for name, module in (("mjsim", mjsim), ("mujoco", mujoco)):
        model = module.MjModel.from_xml_path(str(path))
        if module is mjsim:
            render_support.share_reference_texels(model, reference_model)
        data = module.MjData(model)
        render_support.settle(module, model, data, steps)
        renderer = module.Renderer(model, 240, 320)
        if no_shadows:
            for flag in UNDRAWN_FLAGS:
                renderer.scene.flags[getattr(module.mjtRndFlag, flag)] = 0
        engines[name] = (model, data, renderer)
    model = engines["mujoco"][0]
    for camera in range(-1, model.ncam):
        images = {name: render_support.render_modes(renderer, data, camera)
                  for name, (_, data, renderer) in engines.items()}
        rows.append((camera, render_support.compare(images["mjsim"], images["mujoco"],
                                                    model.stat.extent)))
    for _, _, renderer in engines.values():
        renderer.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("models", nargs="*", type=Path)
    parser.add_argument("--no-shadows", action="store_true")
    args = parser.parse_args()
    render_support.use_osmesa(mjsim)
    render_support.use_osmesa(mujoco)
    paths = args.models or corpus.our_models() + corpus.dm_control_models()
    for path in paths:
        if path.suffix != ".xml":
            continue
        try:
            rows = figures_of(path, args.no_shadows)
        except Exception as error:  # noqa: BLE001 (report and go on)
            print(f"{path.name:36s} error: {type(error).__name__}: {error}")
            continue
        for camera, figures in rows:
            print(f"{path.name:36s} cam {camera:2d}  {figures}", flush=True)


if __name__ == "__main__":
    main()
