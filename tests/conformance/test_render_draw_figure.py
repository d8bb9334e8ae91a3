"""mjr_figure (cpp/src/render/draw_figure.cc) against the reference in OSMesa contexts of this
process: the pane's pixel range and the axes' data ranges it writes back, the figure and pane
colours, grid lines, plotted lines, and where the title, x-axis label, tick labels and legend
lie (the fonts differ: text by its place and size)."""

from __future__ import annotations

import numpy as np
import pytest

import render_support  # noqa: I001  (before mujoco: PyOpenGL's platform)
from render_support import draw_2d, pixel_box

mujoco = pytest.importorskip("mujoco")
render_support.skip_without_osmesa(pytest)

import mjsim  # noqa: E402

VIEWPORT = (20, 20, 600, 440)
GRID = (102, 102, 102)  # the default gridrgb 0.4
WHITE = (255, 255, 255)


def sine_and_ramp(fig):
    fig.linepnt[0], fig.linepnt[1] = 50, 20
    x = np.arange(50)
    fig.linedata[0, 0:100:2], fig.linedata[0, 1:100:2] = x, np.sin(x / 8)
    fig.linedata[1, 0:40:2], fig.linedata[1, 1:40:2] = np.arange(20), np.arange(20) / 20
    fig.linename[0], fig.linename[1] = "sine", "ramp"


def setter(**values):
    def setup(fig):
        for name, value in values.items():
            if name == "lines":
                sine_and_ramp(fig)
            elif isinstance(getattr(fig, name), np.ndarray):
                getattr(fig, name)[...] = value
            else:
                setattr(fig, name, value)
    return setup


CASES = {
    "default": setter(),
    "lines": setter(lines=True, title="Title", xlabel="xlab"),
    "no ticks": setter(lines=True, flg_ticklabel=[0, 0]),
    "no y ticks": setter(flg_ticklabel=[1, 0], title="T"),
    "wide minwidth": setter(minwidth="XXXXXX", xlabel="x"),
    "grid 5 x 3": setter(gridsize=[5, 3], range=[[0, 4], [0, 2]], flg_extend=0),
    "symmetric": setter(lines=True, flg_symmetric=1),
    "automatic": setter(lines=True, range=[[1, 0], [1, 0]]),
    "colours": setter(figurergba=[0.5, 0, 0, 1], panergba=[0, 0, 0.5, 1], gridrgb=[0, 1, 0]),
}


def draw_figure(module, setup, fontscale=100, viewport=VIEWPORT):
    fig = module.MjvFigure()
    module.mjv_defaultFigure(fig)
    setup(fig)
    image = draw_2d(module, lambda con: module.mjr_figure(module.MjrRect(*viewport), fig, con),
                    fontscale=fontscale)
    return fig, image


def both(setup, **kwargs):
    return {module: draw_figure(module, setup, **kwargs) for module in (mujoco, mjsim)}


@pytest.mark.parametrize("fontscale", [100, 200])
@pytest.mark.parametrize("case", CASES)
def test_pane_and_axes_match_reference(case, fontscale):
    results = both(CASES[case], fontscale=fontscale)
    (ours, _), (reference, _) = results[mjsim], results[mujoco]
    # the right, bottom and top edges follow from charHeight alone (the same); the left one
    # from the widest y-tick label, in our font
    assert ours.xaxispixel[1] == reference.xaxispixel[1]
    np.testing.assert_array_equal(ours.yaxispixel, reference.yaxispixel)
    assert abs(ours.xaxispixel[0] - reference.xaxispixel[0]) <= 0.15 * (reference.xaxispixel[0] - VIEWPORT[0])
    np.testing.assert_allclose(ours.xaxisdata, reference.xaxisdata, rtol=1e-6)
    np.testing.assert_allclose(ours.yaxisdata, reference.yaxisdata, rtol=1e-6)


def test_figure_and_pane_colours_match_reference():
    results = both(CASES["colours"])
    (ours_fig, ours), (reference_fig, reference) = results[mjsim], results[mujoco]
    for image, fig in ((ours, ours_fig), (reference, reference_fig)):
        x0, x1 = fig.xaxispixel
        y0, y1 = fig.yaxispixel
        assert tuple(image[VIEWPORT[1] + 2, VIEWPORT[0] + 2]) == (128, 0, 0)  # figure corner
        assert tuple(image[(y0 + y1) // 2, (x0 + x1) // 2]) == (0, 0, 128)   # pane centre
    green = lambda image: pixel_box(image, (0, 255, 0))  # noqa: E731  (the grid's frame)
    assert green(ours)[1:] == green(reference)[1:]
    assert abs(green(ours)[0] - green(reference)[0]) <= 6


def test_grid_lines_match_reference():
    results = both(CASES["grid 5 x 3"])
    (_, ours), (_, reference) = results[mjsim], results[mujoco]
    rows = lambda image: np.nonzero(np.all(image[:, 300] == GRID, axis=-1))[0]  # noqa: E731
    np.testing.assert_array_equal(rows(ours), rows(reference))
    def columns(image):  # the grey lines across row 200 (the inner ones may straddle pixels)
        row = image[200].astype(int)
        grey = (row.sum(axis=-1) > 60) & (np.ptp(row, axis=-1) == 0)
        starts = np.nonzero(grey & ~np.r_[False, grey[:-1]])[0]
        return starts
    ours_columns, reference_columns = columns(ours), columns(reference)
    assert len(ours_columns) == len(reference_columns) == 5
    # the pane starts where the y-tick labels end (our font's widths); the spacing shrinks with it
    assert ours_columns[-1] == reference_columns[-1]
    assert np.all(np.abs(ours_columns - reference_columns) <= 5)


def test_lines_pass_through_the_references_pixels():
    results = both(CASES["lines"])
    (ours_fig, ours), (reference_fig, reference) = results[mjsim], results[mujoco]
    red = (255, 76, 76)  # the first line's colour
    for x in range(100, 600, 50):
        mine = np.nonzero(np.all(ours[:, x] == red, axis=-1))[0]
        theirs = np.nonzero(np.all(reference[:, x] == red, axis=-1))[0]
        assert mine.size and theirs.size, x
        assert abs(mine.mean() - theirs.mean()) <= 3, x


def test_text_lies_where_the_references_does():
    results = both(CASES["lines"])
    (_, ours), (_, reference) = results[mjsim], results[mujoco]
    box, expected = pixel_box(ours, WHITE), pixel_box(reference, WHITE)  # ticks, title, label
    assert all(abs(a - b) <= 6 for a, b in zip(box, expected)), (box, expected)
    for colour in [(255, 76, 76), (26, 255, 26)]:  # the legend's names (and the lines)
        top = lambda image: pixel_box(image[300:, 520:], colour)  # noqa: E731
        assert all(abs(a - b) <= 10 for a, b in zip(top(ours), top(reference)))


@pytest.mark.parametrize("name, format", [("xformat", "%s"), ("yformat", "%d %d"),
                                          ("xformat", "no value"), ("yformat", "%n")])
def test_figure_rejects_formats_that_are_not_one_float(name, format):
    fig = mjsim.MjvFigure()
    mjsim.mjv_defaultFigure(fig)
    setattr(fig, name, format)
    gl = mjsim.osmesa.GLContext(64, 64)
    gl.make_current()
    con = mjsim.MjrContext(mjsim.MjModel.from_xml_string("<mujoco/>"), 100)
    with pytest.raises(mjsim.FatalError, match="format"):
        mjsim.mjr_figure(mjsim.MjrRect(0, 0, 64, 64), fig, con)
    con.free()
    gl.free()


def test_figure_of_an_empty_context_matches_reference():
    images = {}
    for module in (mujoco, mjsim):
        fig = module.MjvFigure()
        module.mjv_defaultFigure(fig)
        images[module] = draw_2d(module, lambda con, m=module, f=fig: m.mjr_figure(
            m.MjrRect(0, 0, 50, 50), f, m.MjrContext()))
    # the figure and its grid's frame, with no text: margins of a character height of 0
    ours, reference = images[mjsim], images[mujoco]
    assert pixel_box(ours[:50, :50]) == pixel_box(reference[:50, :50]) == (0, 0, 49, 49)
    frame = lambda image: pixel_box(np.where(image == 0, 51, image)[:50, :50])  # noqa: E731
    assert all(abs(a - b) <= 1 for a, b in zip(frame(ours), frame(reference)))
    assert np.all(ours[2:48, 2:48] == 0) and np.all(reference[2:48, 2:48] == 0)


@pytest.mark.parametrize("linewidth", [1, 3, 6])
@pytest.mark.parametrize("highlightid", [-1, 0])
def test_line_rows_match_reference(linewidth, highlightid):
    # a level line through pixel centres; the highlighted line 5 times as wide
    def setup(fig):
        fig.linewidth, fig.highlightid = linewidth, highlightid
        fig.linepnt[0] = 2
        fig.linedata[0, :4] = [0, 0.5, 1, 0.5]
    results = both(setup)
    column = lambda image: image[60:440, 300]  # noqa: E731  (inside the pane)
    np.testing.assert_array_equal(column(results[mjsim][1]), column(results[mujoco][1]))


def test_selection_line_matches_reference():
    def setup(fig):
        fig.flg_selection, fig.selection = 1, 0.3
        fig.textrgb[:] = [0, 1, 0]  # not its colour: the selection is white
    results = both(setup)
    row = lambda image: image[200, 70:600]  # noqa: E731
    np.testing.assert_array_equal(row(results[mjsim][1]), row(results[mujoco][1]))


def test_barplot_draws_isolated_segments_like_reference():
    def setup(fig):
        fig.flg_barplot, fig.linepnt[0] = 1, 5
        fig.linedata[0, :10] = [0, 0.2, 1, 0.5, 2, 0.9, 3, 0.4, 4, 0.1]
    results = both(setup)
    red = (255, 76, 76)
    for module in (mjsim, mujoco):
        image = results[module][1]
        # segments 0-1 and 2-3 drawn, nothing between points 1 and 2 nor after 3
        x0, x1 = results[module][0].xaxispixel
        quarter = (x1 - x0) / 4
        drawn = [np.any(np.all(image[:, int(x0 + (k + 0.5) * quarter)] == red, axis=-1))
                 for k in range(4)]
        assert drawn == [True, False, True, False], module.__name__


@pytest.mark.parametrize("point", [(0, 0), (600, 430), (600, 415), (600, 400), (560, 415),
                                   (590, 423), (590, 405)])
def test_legend_highlight_matches_reference(point):
    # a pixel point on a legend row (its name, or right of it) highlights that row's line
    def setup(fig):
        for line, y in enumerate([0.3, 0.7]):
            fig.linepnt[line] = 2
            fig.linedata[line, :4] = [0, y, 1, y]
            fig.linename[line] = "aaaa" if line == 0 else "bbbb"
        fig.highlight[:] = point
    results = both(setup)
    column = lambda image: image[60:400, 300]  # noqa: E731  (the pane, below the legend)
    np.testing.assert_array_equal(column(results[mjsim][1]), column(results[mujoco][1]))
