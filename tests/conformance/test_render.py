"""Renderer images (python/mjsim/renderer.py over cpp/src/render/) against the reference's,
both through Mesa's OSMesa in this process, at 240x320, at 3 states (0, 20 and 100 steps from
the first keyframe, stepped by the reference and copied into mjsim's data), from the free camera
and each model camera: segmentation identical in at least 99% of pixels, depth within 1e-3 of
the extent in at least 99% of the drawn pixels, RGB SSIM at least 0.95 with the scene's default
flags (shadows and reflections on), mjsim's model holding the reference's texture bytes
(render_support.share_reference_texels: the compilers' random texture marks differ).
tests/tools/render_report.py prints the figures of every model."""

from __future__ import annotations

import pytest

import render_support  # noqa: I001  (before mujoco: PyOpenGL's platform)

mujoco = pytest.importorskip("mujoco")
render_support.skip_without_osmesa(pytest)

import corpus  # noqa: E402
import mjsim  # noqa: E402

DM_CONTROL = ["cartpole.xml", "cheetah.xml", "finger.xml", "hopper.xml", "quadruped.xml",
              "walker.xml", "humanoid.xml", "acrobot.xml", "dog.xml"]
# what mjsim does not draw yet: (model, reason); strict, so drawing it fails until removed
UNDRAWN: dict = {}
# RGB not like the reference's yet: model or (model, camera) -> reason, strict
UNLIKE: dict = {}
STATES = (0, 20, 100)  # steps from the first keyframe


def views(known_failures: dict):
    paths = [p for p in corpus.our_models() if p.suffix == ".xml"]
    paths += [p for p in corpus.dm_control_models() if p.name in DM_CONTROL]
    cases = []
    for path in paths:
        model = mujoco.MjModel.from_xml_path(str(path))
        if any(model.light_type == mujoco.mjtLightType.mjLIGHT_IMAGE):
            continue  # the reference's renderer stops at image lights ("Unsupported light type")
        for state in range(len(STATES)):
            for camera in range(-1, model.ncam):
                known = known_failures.get(path.name) or known_failures.get((path.name, camera))
                marks = [pytest.mark.xfail(reason=known, strict=True)] if known else []
                cases.append(pytest.param(path, state, camera, marks=marks,
                                          id=f"{path.name}-state{state}-cam{camera}"))
    return cases


VIEWS = views(UNDRAWN)
RGB_VIEWS = views(UNLIKE)


def copy_state(reference_model, reference_data, data) -> None:
    for field in ("qpos", "qvel", "act", "mocap_pos", "mocap_quat", "ctrl"):
        getattr(data, field)[:] = getattr(reference_data, field)
    data.time = reference_data.time


@pytest.fixture(scope="module")
def figures():
    """(path, state, camera) -> render_support.Figures, every view of a model rendered at once
    (the figures kept, not the images: tests run in random order)."""
    cache = {}

    def render(path, state, camera):
        if path not in cache:
            reference_model = mujoco.MjModel.from_xml_path(str(path))
            reference_data = mujoco.MjData(reference_model)
            model = mjsim.MjModel.from_xml_path(str(path))
            render_support.share_reference_texels(model, reference_model)
            data = mjsim.MjData(model)
            pair = {}
            with mjsim.Renderer(model, 240, 320) as ours, \
                    mujoco.Renderer(reference_model, 240, 320) as theirs:
                stepped = 0
                for index, steps in enumerate(STATES):
                    if stepped == 0:
                        render_support.settle(mujoco, reference_model, reference_data, steps)
                    else:
                        for _ in range(steps - stepped):
                            mujoco.mj_step(reference_model, reference_data)
                        mujoco.mj_forward(reference_model, reference_data)
                    stepped = steps
                    copy_state(reference_model, reference_data, data)
                    mjsim.mj_forward(model, data)
                    for cam in range(-1, model.ncam):
                        pair[(index, cam)] = render_support.compare(
                            render_support.render_modes(ours, data, cam),
                            render_support.render_modes(theirs, reference_data, cam),
                            reference_model.stat.extent)
            cache[path] = pair
        return cache[path][(state, camera)]

    return render


@pytest.mark.parametrize("path, state, camera", VIEWS)
def test_segmentation_and_depth_match_reference(path, state, camera, figures):
    view = figures(path, state, camera)
    assert view.segmentation >= 0.99 and view.depth >= 0.99, \
        f"{path.name} state {state} camera {camera}: {view}"


@pytest.mark.parametrize("path, state, camera", RGB_VIEWS)
def test_rgb_is_similar_to_reference(path, state, camera, figures):
    view = figures(path, state, camera)
    assert view.ssim >= 0.95, f"{path.name} state {state} camera {camera}: {view}"


def test_image_shapes_and_types():
    path = VIEWS[0].values[0]
    images = {}
    for module in (mjsim, mujoco):
        model = module.MjModel.from_xml_path(str(path))
        data = module.MjData(model)
        module.mj_forward(model, data)
        with module.Renderer(model, 240, 320) as renderer:
            images[module] = render_support.render_modes(renderer, data, -1)
    ours, reference = images[mjsim], images[mujoco]
    for mode in ("rgb", "depth", "segmentation"):
        assert ours[mode].shape == reference[mode].shape, mode
        assert ours[mode].dtype == reference[mode].dtype, mode
