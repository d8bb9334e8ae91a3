"""Renderer: offscreen images of a model (RGB, depth in metres, or segmentation ids) in a GL
context of its own, with the mujoco package's interface::

    with mjsim.Renderer(model, height=240, width=320) as renderer:
        renderer.update_scene(data, camera="track")
        pixels = renderer.render()          # (height, width, 3) uint8, top row first
"""

from __future__ import annotations

from typing import Optional, Union

import numpy as np

from mjsim import _core, _enums, gl_context

_ENUMS = _enums.make_enums()
_FONTSCALE_150 = _ENUMS["mjtFontScale"].mjFONTSCALE_150
_CAT_ALL = int(_ENUMS["mjtCatBit"].mjCAT_ALL)
_CAMERA_FREE, _CAMERA_FIXED = (int(_ENUMS["mjtCamera"].mjCAMERA_FREE),
                               int(_ENUMS["mjtCamera"].mjCAMERA_FIXED))
_OFFSCREEN = int(_ENUMS["mjtFramebuffer"].mjFB_OFFSCREEN)
_RND_SEGMENT = int(_ENUMS["mjtRndFlag"].mjRND_SEGMENT)
_RND_IDCOLOR = int(_ENUMS["mjtRndFlag"].mjRND_IDCOLOR)
_OBJ_CAMERA = int(_ENUMS["mjtObj"].mjOBJ_CAMERA)
_DEPTH_ZEROFAR = int(_ENUMS["mjtDepthMap"].mjDEPTH_ZEROFAR)


def _too_large(side: str, size: int, buffer_size: int) -> ValueError:
    # the mujoco package's words and line breaks, so that scripts matching them keep working
    if side == "width":
        text = (f"Image width {size} > framebuffer width {buffer_size}. Either reduce the image\n"
                "width or specify a larger offscreen framebuffer in the model XML using the\n"
                "clause:\n<visual>\n  <global offwidth=\"my_width\"/>\n</visual>")
    else:
        text = (f"Image height {size} > framebuffer height {buffer_size}. Either reduce the\n"
                "image height or specify a larger offscreen framebuffer in the model XML using\n"
                "the clause:\n<visual>\n  <global offheight=\"my_height\"/>\n</visual>")
    return ValueError(text)


class Renderer:
    """Renders a model's scene offscreen; see the module docstring."""

    def __init__(self, model: _core.MjModel, height: int = 240, width: int = 320,
                 max_geom: int = 10000, font_scale=_FONTSCALE_150) -> None:
        """A GL context of its own, an MjrContext drawing offscreen and a scene of max_geom
        geoms; ValueError when height x width exceeds the model's offscreen buffer."""
        self._gl_context = None
        self._mjr_context = None
        buffer_width, buffer_height = model.vis.global_.offwidth, model.vis.global_.offheight
        if width > buffer_width:
            raise _too_large("width", width, buffer_width)
        if height > buffer_height:
            raise _too_large("height", height, buffer_height)
        self._model, self._width, self._height = model, width, height
        self._rect = _core.MjrRect(0, 0, width, height)
        self._scene = _core.MjvScene(model=model, maxgeom=max_geom)
        self._scene_option = _core.MjvOption()
        self._camera = _core.MjvCamera()
        self._depth_rendering = False
        self._segmentation_rendering = False
        self._gl_context = gl_context.GLContext(width, height)
        self._gl_context.make_current()
        self._mjr_context = _core.MjrContext(model, int(font_scale))
        _core.mjr_setBuffer(_OFFSCREEN, self._mjr_context)
        self._mjr_context.readDepthMap = _DEPTH_ZEROFAR  # the reversed depth, exact far away

    @property
    def model(self):
        return self._model

    @property
    def scene(self) -> _core.MjvScene:
        return self._scene

    @property
    def height(self) -> int:
        return self._height

    @property
    def width(self) -> int:
        return self._width

    def enable_depth_rendering(self):
        self._segmentation_rendering = False
        self._depth_rendering = True

    def disable_depth_rendering(self):
        self._depth_rendering = False

    def enable_segmentation_rendering(self):
        self._segmentation_rendering = True
        self._depth_rendering = False

    def disable_segmentation_rendering(self):
        self._segmentation_rendering = False

    def update_scene(self, data: _core.MjData,
                     camera: Union[int, str, _core.MjvCamera] = -1,
                     scene_option: Optional[_core.MjvOption] = None):
        """Fills the scene for `data`, seen from the free camera (-1), a model camera (id or
        name) or an MjvCamera."""
        camera = self._camera_for(camera)
        option = scene_option if scene_option is not None else self._scene_option
        _core.mjv_updateScene(self._model, data, option, None, camera, _CAT_ALL, self._scene)

    def _camera_for(self, camera) -> _core.MjvCamera:
        if isinstance(camera, _core.MjvCamera):
            return camera
        if isinstance(camera, str):
            camera_id = _core.mj_name2id(self._model, _OBJ_CAMERA, camera)
            if camera_id == -1:
                raise ValueError(f'The camera "{camera}" does not exist.')
        else:
            camera_id = camera
        if camera_id < -1 or camera_id >= self._model.ncam:
            raise ValueError(f"The camera id {camera_id} is out of range [-1, {self._model.ncam}).")
        if camera_id == -1:
            _core.mjv_defaultFreeCamera(self._model, self._camera)
        else:
            self._camera.type = _CAMERA_FIXED
            self._camera.fixedcamid = camera_id
        return self._camera

    def render(self, *, out: Optional[np.ndarray] = None) -> np.ndarray:
        """The image of the last updated scene, top row first: (height, width, 3) uint8 RGB,
        (height, width) float32 depth in metres, or (height, width, 2) int32 segmentation
        (object id, object type; -1 for the background)."""
        if self._mjr_context is None:
            raise RuntimeError("render cannot be called after close.")
        self._gl_context.make_current()
        if self._depth_rendering:
            return self._render_depth(out)
        if self._segmentation_rendering:
            return self._render_segmentation(out)
        return self._render_rgb(out)

    def _check_out(self, out, shape):
        if out is not None and out.shape != shape:
            raise ValueError(
                f"Expected `out.shape == {shape}`. Got `out.shape={out.shape}` instead. When "
                "using depth rendering, the out array should be of shape `(width, height)` and "
                "otherwise (width, height, 3). Got `(self.height, self.width)="
                f"{(self._height, self._width)}` and `self._depth_rendering="
                f"{self._depth_rendering}`.")

    def _finish(self, image, out):
        image = image[::-1]  # GL's rows are bottom first
        if out is None:
            return image.copy()
        out[...] = image
        return out

    def _render_rgb(self, out):
        self._check_out(out, (self._height, self._width, 3))
        _core.mjr_render(self._rect, self._scene, self._mjr_context)
        pixels = np.empty((self._height, self._width, 3), np.uint8)
        _core.mjr_readPixels(pixels, None, self._rect, self._mjr_context)
        return self._finish(pixels, out)

    def _render_depth(self, out):
        self._check_out(out, (self._height, self._width))
        # drawn as for segmentation, without multisampling: every sample holds the depth at the
        # pixel centre (a multisampled buffer resolves to one sample's depth, off-centre). The
        # reference's depth images are those of the pixel centres (measured: a floor's depths
        # match the ray-plane distances through the centres to 1e-6)
        self._render_flat()
        depth = np.empty((self._height, self._width), np.float32)
        _core.mjr_readPixels(None, depth, self._rect, self._mjr_context)
        return self._finish(self._distances(depth), out)

    def _distances(self, depth: np.ndarray) -> np.ndarray:
        """Reversed depth (1 at near, 0 at far) back to distances along the view axis, the
        inverse of the projection with its float constants (render_scene.cc SetProjection):
        depth = a / distance - b. Measured: the reference's Renderer inverts the same
        constants (its background reads f b0 / b, 0.16% beyond the far plane for dog.xml's
        znear / zfar of 2e-5, where b0 = n / (f - n))."""
        camera = self._scene.camera[0]
        near, far = np.float32(camera.frustum_near), np.float32(camera.frustum_far)
        usual_z = (far + near) / (far - near)
        usual_w = np.float32(2) * far * near / (far - near)
        a = np.float64(np.float32(0.5) * usual_w)
        b = np.float64(np.float32(0.5) * usual_z - np.float32(0.5))
        return (a / (depth.astype(np.float64) + b)).astype(np.float32)

    def _render_flat(self):
        """mjr_render with mjRND_SEGMENT and mjRND_IDCOLOR on, the scene's flags restored."""
        flags = self._scene.flags
        saved = flags[_RND_SEGMENT], flags[_RND_IDCOLOR]
        flags[_RND_SEGMENT], flags[_RND_IDCOLOR] = 1, 1
        try:
            _core.mjr_render(self._rect, self._scene, self._mjr_context)
        finally:
            flags[_RND_SEGMENT], flags[_RND_IDCOLOR] = saved

    def _render_segmentation(self, out):
        self._check_out(out, (self._height, self._width, 2))
        self._render_flat()
        pixels = np.empty((self._height, self._width, 3), np.uint8)
        _core.mjr_readPixels(pixels, None, self._rect, self._mjr_context)
        # colours are segid + 1 in the bytes red (lowest), green, blue; 0 is the background
        segid = (pixels[..., 0].astype(np.int64) + (pixels[..., 1].astype(np.int64) << 8)
                 + (pixels[..., 2].astype(np.int64) << 16)) - 1
        geoms = self._scene.geoms[:self._scene.ngeom]
        table = np.array([[g.objid, g.objtype] for g in geoms] + [[-1, -1]], np.int32)
        segid = np.where((segid >= 0) & (segid < len(geoms)), segid, len(geoms))
        return self._finish(table[segid], out)

    def close(self) -> None:
        """Frees the GL resources; render raises afterwards."""
        if self._mjr_context is not None:
            # GL names belong to the context current when they are deleted: our own, not the
            # one another renderer made current since. A GL context freed already took its
            # names with it, and only the Python object is left to drop
            if self._gl_context._alive():
                self._gl_context.make_current()
                self._mjr_context.free()
            self._mjr_context = None
        if self._gl_context is not None:
            self._gl_context.free()
            self._gl_context = None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()

    def __del__(self) -> None:
        self.close()
