"""A side-by-side sheet for a person to look at: for a few models, mjsim's image and the
reference's, RGB then segmentation, at 240x320 from the free camera, with the renderer's
defaults (shadows and reflections on).

    PYTHONPATH=<overlay> python tests/tools/render_sheet.py [docs/render_sheet.png]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import render_support  # noqa: E402,I001  (before PyOpenGL: its platform)

import numpy as np  # noqa: E402
from PIL import Image, ImageDraw  # noqa: E402

import corpus  # noqa: E402
import mujoco  # noqa: E402
import mjsim  # noqa: E402

MODELS = ["collision_shapes.xml", "mesh_game_pieces.xml", "terrain_hfield.xml", "robot_arm.xml",
          "cartpole.xml", "cheetah.xml", "walker.xml", "quadruped.xml", "humanoid.xml"]


def palette(segmentation: np.ndarray) -> np.ndarray:
    """(objid, objtype) as a colour a person can tell apart; black for the background."""
    key = (segmentation[..., 0].astype(np.int64) * 7 + segmentation[..., 1] * 131) % 997
    rgb = np.stack([(key * 73) % 256, (key * 151) % 256, (key * 199) % 256], -1)
    return np.where(segmentation[..., :1] < 0, 0, rgb).astype(np.uint8)


def images_of(path: Path):
    reference_model = mujoco.MjModel.from_xml_path(str(path))
    row = []
    for module in (mjsim, mujoco):
        model = module.MjModel.from_xml_path(str(path))
        if module is mjsim:
            render_support.share_reference_texels(model, reference_model)
        data = module.MjData(model)
        render_support.settle(module, model, data, 20)
        with module.Renderer(model, 240, 320) as renderer:
            images = render_support.render_modes(renderer, data, -1)
        row.append(images)
    return [row[0]["rgb"], row[1]["rgb"], palette(row[0]["segmentation"]),
            palette(row[1]["segmentation"])]


def main() -> None:
    output = Path(sys.argv[1]) if len(sys.argv) > 1 else corpus.REPO / "docs" / "render_sheet.png"
    render_support.use_osmesa(mjsim)
    render_support.use_osmesa(mujoco)
    paths = {p.name: p for p in corpus.our_models() + corpus.dm_control_models()}
    rows = [images_of(paths[name]) for name in MODELS if name in paths]
    sheet = Image.fromarray(np.concatenate([np.concatenate(r, 1) for r in rows], 0))
    draw = ImageDraw.Draw(sheet)
    for i, name in enumerate(name for name in MODELS if name in paths):
        for j, label in enumerate(("mjsim", "mujoco 3.3.7", "mjsim segmentation",
                                   "mujoco segmentation")):
            draw.text((320 * j + 4, 240 * i + 4), f"{name}: {label}", fill=(255, 255, 0))
    sheet.save(output, optimize=True)
    print(f"wrote {output} ({sheet.width} x {sheet.height})")


if __name__ == "__main__":
    main()
