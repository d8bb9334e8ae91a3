"""Text with the context's fonts (cpp/src/render/overlay.cc) against the reference, both in
OSMesa contexts of this process: mjr_text, mjr_overlay at every grid position, mjr_label, and
the geom labels of mjr_render. The fonts differ (DejaVu Sans Condensed here), so text is
compared by where it lies and how large it is, colours exactly; panels and rectangles by their
pixels (docs/REFERENCE-BEHAVIOURS.md, "Text and overlays")."""

from __future__ import annotations

import numpy as np
import pytest

import render_support  # noqa: I001  (before mujoco: PyOpenGL's platform)
from render_support import colours, draw_2d, pixel_box

mujoco = pytest.importorskip("mujoco")
render_support.skip_without_osmesa(pytest)

import mjsim  # noqa: E402

WHITE, BLACK = (255, 255, 255), (0, 0, 0)
PANEL = (25, 38, 51)         # black at alpha 0.5 over the background
PANEL_TWICE = (12, 19, 25)   # where two panels overlap
GREY = (178, 178, 178)       # the first of two columns


def both(draw, **kwargs):
    return {module: draw_2d(module, lambda con: draw(module, con), **kwargs)
            for module in (mujoco, mjsim)}


def assert_boxes_close(ours, reference, position=3, size=0.15):
    """Boxes (left, bottom, right, top) with the same corner within `position` pixels plus a
    tenth of the reference's height (the fonts' baselines differ by up to 4 px in the big font at
    200), and sizes within `size` of the reference's plus `position`."""
    assert (ours is None) == (reference is None), (ours, reference)
    if ours is None:
        return
    slack = position + 0.1 * (reference[3] - reference[1])
    assert abs(ours[0] - reference[0]) <= position, (ours, reference)
    assert abs(ours[1] - reference[1]) <= slack, (ours, reference)
    for axis in (0, 1):
        extent, expected = ours[axis + 2] - ours[axis], reference[axis + 2] - reference[axis]
        assert abs(extent - expected) <= size * expected + position, (ours, reference)


# ---- mjr_text ----------------------------------------------------------------------------

@pytest.mark.parametrize("fontscale", [100, 200])
@pytest.mark.parametrize("font", [0, 1, 2])
@pytest.mark.parametrize("text, x, y", [("Hello World", 0.1, 0.5), ("gjpq", 0.5, 0.2),
                                        ("M", 0.0, 0.0), ("0.125 x 3", 0.7, 0.9)])
def test_text_lies_where_the_references_does(fontscale, font, text, x, y):
    images = both(lambda m, con: m.mjr_text(font, text, con, x, y, 1, 1, 0), fontscale=fontscale)
    ours, reference = images[mjsim], images[mujoco]
    assert colours(ours) == colours(reference)  # yellow; with the black outline for mjFONT_SHADOW
    assert_boxes_close(pixel_box(ours, (255, 255, 0)), pixel_box(reference, (255, 255, 0)))
    assert_boxes_close(pixel_box(ours), pixel_box(reference))


def test_text_is_placed_in_the_current_viewport_like_reference():
    def draw(module, con):
        module.mjr_rectangle(module.MjrRect(100, 100, 200, 100), 1, 0, 0, 1)
        module.mjr_text(0, "H", con, 0.5, 0.5, 1, 1, 1)
    images = both(draw)
    ours, reference = pixel_box(images[mjsim], WHITE), pixel_box(images[mujoco], WHITE)
    assert_boxes_close(ours, reference, position=1)
    assert 200 <= ours[0] <= 203 and 150 <= ours[1] <= 155


def test_text_skips_newlines_and_other_codes_like_reference():
    def width(module, text):
        image = draw_2d(module, lambda con: module.mjr_text(0, text, con, 0.5, 0.5, 1, 1, 1))
        box = pixel_box(image, WHITE)
        return box[2] - box[0]
    for module in (mujoco, mjsim):
        assert width(module, "H\nH") == width(module, "HH") == width(module, "H\tH")


@pytest.mark.parametrize("font", [-1, 3, 100])
def test_other_font_ids_draw_the_normal_font_like_reference(font):
    for module in (mujoco, mjsim):
        normal = draw_2d(module, lambda con: module.mjr_text(0, "Hg x", con, 0.5, 0.5, 1, 1, 1))
        other = draw_2d(module, lambda con: module.mjr_text(font, "Hg x", con, 0.5, 0.5, 1, 1, 1))
        np.testing.assert_array_equal(other, normal)


def test_text_of_an_empty_context_like_reference():
    # no text; mjr_overlay's panels all the same, for lines of height 0
    images = {}
    for module in (mujoco, mjsim):
        blank = draw_2d(module, lambda con: None)

        def text(con, module=module):
            module.mjr_text(0, "empty", module.MjrContext(), 0.5, 0.5, 1, 1, 1)
        np.testing.assert_array_equal(draw_2d(module, text), blank)

        def overlay(con, module=module):
            module.mjr_overlay(0, 0, module.MjrRect(0, 0, 50, 50), "a", "b", module.MjrContext())
        images[module] = draw_2d(module, overlay)
    np.testing.assert_array_equal(images[mjsim], images[mujoco])
    with pytest.raises(TypeError):
        mjsim.mjr_text(0, "x", None, 0.1, 0.1, 1, 1, 1)
    with pytest.raises(TypeError):
        mjsim.mjr_overlay(0, 0, mjsim.MjrRect(0, 0, 9, 9), "x", "y", None)


def test_none_text_raises_type_error():
    # the reference segfaults on some of these (docs/REFERENCE-BEHAVIOURS.md)
    def calls(con):
        viewport = mjsim.MjrRect(0, 0, 99, 99)
        for call in (lambda: mjsim.mjr_text(0, None, con, 0.1, 0.1, 1, 1, 1),
                     lambda: mjsim.mjr_overlay(0, 0, viewport, None, "x", con),
                     lambda: mjsim.mjr_overlay(0, 0, viewport, "x", None, con),
                     lambda: mjsim.mjr_label(viewport, 0, None, 1, 1, 1, 1, 0, 0, 0, con)):
            with pytest.raises(TypeError):
                call()
    draw_2d(mjsim, calls)


# ---- mjr_overlay ---------------------------------------------------------------------------

VIEWPORTS = [(40, 30, 560, 420), (0, 0, 400, 300)]
TEXTS = [("Time\nEnergy long", "1.25\n3"), ("H", ""), ("", "H"), ("HH\nH\nH", "HHH"),
         ("Hello", "World")]


LEFT = (mjsim.mjtGridPos.mjGRID_TOPLEFT, mjsim.mjtGridPos.mjGRID_BOTTOMLEFT,
        mjsim.mjtGridPos.mjGRID_LEFT)
RIGHT = (mjsim.mjtGridPos.mjGRID_TOPRIGHT, mjsim.mjtGridPos.mjGRID_BOTTOMRIGHT,
         mjsim.mjtGridPos.mjGRID_RIGHT)


def panel_pixels(image):
    return np.all(image == PANEL, axis=-1) | np.all(image == PANEL_TWICE, axis=-1)


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("gridpos", range(8))
@pytest.mark.parametrize("overlay, overlay2", TEXTS)
def test_overlay_panels_lie_where_the_references_do(viewport, gridpos, overlay, overlay2):
    images = both(lambda m, con: m.mjr_overlay(0, gridpos, m.MjrRect(*viewport), overlay,
                                              overlay2, con))
    ours, reference = images[mjsim], images[mujoco]
    # the panels' rows exactly (the same line heights and margins)
    rows = lambda image: np.nonzero(panel_pixels(image).any(axis=1))[0]  # noqa: E731
    np.testing.assert_array_equal(rows(ours), rows(reference))
    # their extent: the edge they keep to the viewport's exactly, the width within what the
    # fonts' widths differ by
    box, expected = pixel_box(ours), pixel_box(reference)
    if gridpos in LEFT:
        assert box[0] == expected[0]
    elif gridpos in RIGHT:
        assert box[2] == expected[2]
    else:
        assert abs((box[0] + box[2]) - (expected[0] + expected[2])) <= 8
    assert abs((box[2] - box[0]) - (expected[2] - expected[0])) <= 0.12 * (expected[2] - expected[0]) + 4
    if gridpos in LEFT or gridpos in RIGHT:
        # the text's colours: white alone, or the first column grey and the second white, each
        # on its panel, its lines as high as the reference's
        text = lambda image: colours(image) & {WHITE, GREY}  # noqa: E731
        assert text(ours) == text(reference)
        for colour in text(reference):
            mine, theirs = pixel_box(ours, colour), pixel_box(reference, colour)
            assert box[0] < mine[0] and mine[2] < box[2] and box[1] < mine[1] and mine[3] < box[3]
            assert abs(mine[1] - theirs[1]) <= 3 and abs(mine[3] - theirs[3]) <= 3
            assert abs((mine[2] - mine[0]) - (theirs[2] - theirs[0])) <= 0.15 * (theirs[2] - theirs[0]) + 4


@pytest.mark.parametrize("font", [1, 2])
def test_overlay_in_the_shadow_and_big_fonts_like_reference(font):
    images = both(lambda m, con: m.mjr_overlay(font, 0, m.MjrRect(0, 0, 640, 480), "Hg", "x",
                                              con))
    ours, reference = images[mjsim], images[mujoco]
    assert (BLACK in colours(ours)) == (BLACK in colours(reference)) == (font == 1)
    assert_boxes_close(pixel_box(ours), pixel_box(reference), position=4, size=0.12)


@pytest.mark.parametrize("gridpos", [-1, 8, 100])
def test_overlay_rejects_other_grid_positions(gridpos):
    # the reference darkens the whole viewport and puts the text at a place of its own
    gl = mjsim.osmesa.GLContext(64, 64)
    gl.make_current()
    con = mjsim.MjrContext(mjsim.MjModel.from_xml_string("<mujoco/>"), 100)
    with pytest.raises(ValueError, match="gridpos"):
        mjsim.mjr_overlay(0, gridpos, mjsim.MjrRect(0, 0, 64, 64), "a", "b", con)
    con.free()
    gl.free()


# ---- mjr_label -----------------------------------------------------------------------------

@pytest.mark.parametrize("font", [0, 1, 2])
@pytest.mark.parametrize("viewport, text, rgba", [((100, 100, 200, 50), "Label", (1, 0, 0, 1)),
                                                 ((100, 100, 40, 30), "Lab", (0, 1, 0, 0.5)),
                                                 ((300, 50, 300, 200), "centred", (0, 0, 1, 1))])
def test_label_matches_reference(font, viewport, text, rgba):
    images = both(lambda m, con: m.mjr_label(m.MjrRect(*viewport), font, text, *rgba, 1, 1, 0,
                                            con))
    ours, reference = images[mjsim], images[mujoco]
    # the rectangle exactly: where nothing is written over it, the same pixels
    rectangle = ~np.all(reference == (255, 255, 0), axis=-1) & ~np.all(ours == (255, 255, 0), axis=-1)
    np.testing.assert_array_equal(ours[rectangle], reference[rectangle])
    # the text centred (or left out where it does not fit), no outline
    assert colours(ours) == colours(reference)
    assert_boxes_close(pixel_box(ours, (255, 255, 0)), pixel_box(reference, (255, 255, 0)))


# ---- geom labels in mjr_render ----------------------------------------------------------------

SCENE = """<mujoco><visual><global offwidth="320" offheight="240"/></visual><worldbody>
  <light pos="0 0 3"/>
  <body name="ball" pos="0 0 .3"><geom name="g1" type="sphere" size=".1" rgba="1 0 0 1"/></body>
  <body name="box" pos=".5 0 .3"><geom name="second" type="box" size=".1 .1 .1" rgba="0 0 1 1"/></body>
</worldbody></mujoco>"""


def render_labels(module, label):
    gl = module.osmesa.GLContext(320, 240) if module is mujoco else mjsim.osmesa.GLContext(320, 240)
    gl.make_current()
    model = module.MjModel.from_xml_string(SCENE)
    data = module.MjData(model)
    module.mj_forward(model, data)
    con = module.MjrContext(model, 100)
    module.mjr_setBuffer(module.mjtFramebuffer.mjFB_OFFSCREEN, con)
    scene, camera, option = module.MjvScene(model, 100), module.MjvCamera(), module.MjvOption()
    camera.lookat[:] = [0.25, 0, 0.3]
    camera.distance, camera.elevation, camera.azimuth = 2, -20, 90
    option.label = label
    module.mjv_updateScene(model, data, option, None, camera, module.mjtCatBit.mjCAT_ALL, scene)
    viewport = module.MjrRect(0, 0, 320, 240)
    module.mjr_render(viewport, scene, con)
    rgb = np.zeros((240, 320, 3), np.uint8)
    module.mjr_readPixels(rgb, None, viewport, con)
    con.free()
    gl.free()
    return rgb


def test_geom_labels_lie_where_the_references_do():
    ours, reference = (render_labels(m, mujoco.mjtLabel.mjLABEL_GEOM) for m in (mjsim, mujoco))
    for half in (slice(0, 200), slice(200, 320)):  # one label in each
        assert_boxes_close(pixel_box(ours[:, half], WHITE), pixel_box(reference[:, half], WHITE))
    # no labels: no white text
    for module in (mjsim, mujoco):
        assert pixel_box(render_labels(module, mujoco.mjtLabel.mjLABEL_NONE), WHITE) is None
