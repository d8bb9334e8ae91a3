"""Helpers of the render tests: both engines rendering through Mesa's OSMesa in one process,
image comparison figures (segmentation agreement, depth agreement, SSIM), and the reason to
skip when no headless GL backend works here.

Import this module before PyOpenGL is first imported anywhere: it chooses its platform then
(this module imports it for OSMesa, the environment left as it was).
"""

from __future__ import annotations

import os

import functools  # noqa: E402
from dataclasses import dataclass  # noqa: E402

import numpy as np  # noqa: E402

import mjsim  # noqa: E402
import mjsim.osmesa  # noqa: E402,F401  (whatever MUJOCO_GL was when mjsim was imported)


def _import_reference_osmesa() -> None:
    """Imports mujoco.osmesa, and with it PyOpenGL on its OSMesa platform (PyOpenGL reads
    PYOPENGL_PLATFORM once, at its first import), leaving the environment as it was: children
    of other tests choose their own MUJOCO_GL."""
    saved = {name: os.environ.get(name) for name in ("MUJOCO_GL", "PYOPENGL_PLATFORM")}
    os.environ.update(MUJOCO_GL="osmesa", PYOPENGL_PLATFORM="osmesa")
    try:
        import mujoco.osmesa  # noqa: F401
    except Exception:  # noqa: BLE001 (absent, or PyOpenGL already on another platform)
        pass
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


_import_reference_osmesa()


@functools.lru_cache(maxsize=None)
def osmesa_unavailable() -> str | None:
    """Why mjsim cannot make an OSMesa context here (None: it can)."""
    try:
        context = mjsim.osmesa.GLContext(8, 8)
    except RuntimeError as error:
        return f"no OSMesa context: {error}"
    context.free()
    return None


@functools.lru_cache(maxsize=None)
def reference_osmesa_unavailable() -> str | None:
    """Why the reference cannot render through OSMesa here (None: it can)."""
    try:
        import mujoco.osmesa

        context = mujoco.osmesa.GLContext(8, 8)
        context.make_current()
        context.free()
    except Exception as error:  # noqa: BLE001 (PyOpenGL raises many kinds)
        return f"the reference cannot render through OSMesa: {type(error).__name__}: {error}"
    return None


def use_osmesa(module) -> None:
    """Makes `module`'s Renderer (mjsim or mujoco) create OSMesa contexts, whatever MUJOCO_GL
    was when it was imported."""
    import importlib

    context_class = importlib.import_module(module.__name__ + ".osmesa").GLContext
    module.gl_context.GLContext = context_class
    module.GLContext = context_class


# ---- comparison figures -----------------------------------------------------------------

def _gaussian_kernel(size: int = 11, sigma: float = 1.5) -> np.ndarray:
    x = np.arange(size) - (size - 1) / 2
    kernel = np.exp(-x * x / (2 * sigma * sigma))
    return kernel / kernel.sum()


def _blur(image: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    """Separable filtering over the 'valid' region (no padding), rows then columns."""
    rows = np.apply_along_axis(lambda r: np.convolve(r, kernel, mode="valid"), 1, image)
    return np.apply_along_axis(lambda c: np.convolve(c, kernel, mode="valid"), 0, rows)


def ssim(a: np.ndarray, b: np.ndarray) -> float:
    """Structural similarity (Wang et al. 2004) of two uint8 RGB images: the mean over
    channels of the mean SSIM map with an 11-tap Gaussian window of sigma 1.5,
    C1 = (0.01 * 255)^2, C2 = (0.03 * 255)^2."""
    kernel = _gaussian_kernel()
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    values = []
    for channel in range(a.shape[2]):
        x, y = a[..., channel].astype(np.float64), b[..., channel].astype(np.float64)
        mx, my = _blur(x, kernel), _blur(y, kernel)
        sxx = _blur(x * x, kernel) - mx * mx
        syy = _blur(y * y, kernel) - my * my
        sxy = _blur(x * y, kernel) - mx * my
        index = ((2 * mx * my + c1) * (2 * sxy + c2)) / ((mx * mx + my * my + c1) * (sxx + syy + c2))
        values.append(index.mean())
    return float(np.mean(values))


@dataclass
class Figures:
    segmentation: float  # fraction of pixels with the same (objid, objtype)
    depth: float         # fraction of pixels whose depths agree within 1e-3 of the extent
    ssim: float          # SSIM of the RGB images

    def __str__(self) -> str:
        return f"seg {self.segmentation:.4f}  depth {self.depth:.4f}  ssim {self.ssim:.4f}"


def depth_agreement(ours: np.ndarray, reference: np.ndarray, extent: float,
                    background: np.ndarray | None = None) -> float:
    """Fraction of pixels within 1e-3 * extent, over the pixels where something is drawn
    (`background`: True where both segmentations see nothing). There both engines return a
    distance a little beyond the far plane (the projection's float constants: 3.4e-5 beyond on
    collision_shapes.xml, 0.16% on dog.xml; docs/REFERENCE-BEHAVIOURS.md)."""
    close = np.abs(ours.astype(np.float64) - reference) <= 1e-3 * extent
    if background is not None:
        close = close[~background]
    return float(np.mean(close)) if close.size else 1.0


def segmentation_agreement(ours: np.ndarray, reference: np.ndarray) -> float:
    return float(np.mean(np.all(ours == reference, axis=-1)))


# ---- rendering both engines ----------------------------------------------------------------

def render_modes(renderer, data, camera) -> dict[str, np.ndarray]:
    """RGB, depth and segmentation images of one state from one camera."""
    images = {}
    renderer.update_scene(data, camera)
    images["rgb"] = renderer.render()
    renderer.enable_depth_rendering()
    images["depth"] = renderer.render()
    renderer.disable_depth_rendering()
    renderer.enable_segmentation_rendering()
    images["segmentation"] = renderer.render()
    renderer.disable_segmentation_rendering()
    return images


def compare(ours: dict, reference: dict, extent: float) -> Figures:
    background = (np.all(ours["segmentation"] == -1, axis=-1)
                  & np.all(reference["segmentation"] == -1, axis=-1))
    return Figures(segmentation_agreement(ours["segmentation"], reference["segmentation"]),
                   depth_agreement(ours["depth"], reference["depth"], extent, background),
                   ssim(ours["rgb"], reference["rgb"]))


def skip_without_osmesa(pytest, reference: bool = True) -> None:
    """Skips the calling module (with the reason) when mjsim, or the reference, cannot render
    through OSMesa here; otherwise makes both engines' Renderer use OSMesa."""
    reason = osmesa_unavailable() or (reference and reference_osmesa_unavailable())
    if reason:
        pytest.skip(reason, allow_module_level=True)
    use_osmesa(mjsim)
    if reference:
        import mujoco

        use_osmesa(mujoco)


def share_reference_texels(ours, reference) -> None:
    """Gives mjsim's model the reference's texture bytes. The compilers' builtin textures
    differ where `random` marks are asked for (dm_control's starry skyboxes: 2% of the bytes,
    each compiler with its own random numbers), which the renderer is not to blame for."""
    if ours.tex_data.shape == reference.tex_data.shape:
        ours.tex_data[:] = reference.tex_data


def settle(module, model, data, steps: int) -> None:
    """A state of the model a few steps into a run from its first keyframe (or qpos0)."""
    if model.nkey:
        module.mj_resetDataKeyframe(model, data, 0)
    for _ in range(steps):
        module.mj_step(model, data)
    module.mj_forward(model, data)


# ---- 2D drawing (text, overlays, labels, figures) -------------------------------------------

BACKGROUND = (0.2, 0.3, 0.4)
BACKGROUND_BYTES = (51, 76, 102)


class Canvas:
    """A `width` x `height` GL context of `module` with an MjrContext of an empty model at
    `fontscale`, drawn into offscreen."""

    def __init__(self, module, fontscale: int, width: int, height: int):
        import importlib

        self.module, self.width, self.height = module, width, height
        self.gl = importlib.import_module(module.__name__ + ".osmesa").GLContext(width, height)
        self.gl.make_current()
        self.model = module.MjModel.from_xml_string(
            f'<mujoco><visual><global offwidth="{width}" offheight="{height}"/></visual></mujoco>')
        self.con = module.MjrContext(self.model, fontscale)

    def draw(self, draw) -> np.ndarray:
        """The offscreen buffer (bottom row first) after filling it with BACKGROUND and calling
        draw(con)."""
        module = self.module
        self.gl.make_current()
        module.mjr_setBuffer(module.mjtFramebuffer.mjFB_OFFSCREEN, self.con)
        viewport = module.MjrRect(0, 0, self.width, self.height)
        module.mjr_rectangle(viewport, *BACKGROUND, 1)
        draw(self.con)
        rgb = np.zeros((self.height, self.width, 3), np.uint8)
        module.mjr_readPixels(rgb, None, viewport, self.con)
        return rgb


_canvases: dict = {}


def draw_2d(module, draw, fontscale: int = 100, width: int = 640,
            height: int = 480) -> np.ndarray:
    """What draw(con) draws over BACKGROUND in a context of `module` (one kept per module,
    font scale and size: making contexts is most of the time)."""
    key = (module.__name__, fontscale, width, height)
    if key not in _canvases:
        _canvases[key] = Canvas(module, fontscale, width, height)
    return _canvases[key].draw(draw)


def pixel_box(image: np.ndarray, colour=None):
    """(left, bottom, right, top), inclusive, of the pixels of `colour` (of anything but the
    background when None); None when there are none."""
    if colour is None:
        mask = np.any(image != np.array(BACKGROUND_BYTES), axis=-1)
    else:
        mask = np.all(image == np.array(colour), axis=-1)
    rows, cols = np.nonzero(mask)
    if rows.size == 0:
        return None
    return int(cols.min()), int(rows.min()), int(cols.max()), int(rows.max())


def colours(image: np.ndarray) -> set:
    """The image's distinct RGB colours, as tuples."""
    packed = np.unique(image.reshape(-1, 3).astype(np.uint32) @ np.array([65536, 256, 1], np.uint32))
    return {(int(v >> 16), int((v >> 8) & 255), int(v & 255)) for v in packed}
