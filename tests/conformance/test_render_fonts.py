"""The context's fonts (cpp/src/render/fonts.cc, the bitmaps of cpp/tools/bake_font.cc) against
the reference: the font scale a context gets, mjr_changeFont's allowed scales and its error,
the font display lists, and character widths and heights as close as DejaVu Sans Condensed
comes to the reference's own font (docs/REFERENCE-BEHAVIOURS.md, "Fonts")."""

from __future__ import annotations

import numpy as np
import pytest

import render_support  # noqa: I001  (before mujoco: PyOpenGL's platform)

mujoco = pytest.importorskip("mujoco")
render_support.skip_without_osmesa(pytest)

import mjsim  # noqa: E402

SCALES = [50, 100, 150, 200, 250, 300]
# mean |width error| over ' ' .. '~' allowed, normal and big font, per scale: the measured
# figures (0.78 .. 4.66 px) with a little room
WIDTH_TOLERANCE = {50: (1.0, 1.1), 100: (1.1, 1.7), 150: (1.4, 2.8), 200: (1.7, 3.2),
                   250: (2.4, 4.1), 300: (2.8, 4.9)}


def fonts_of(module, fontscale, change_to=None):
    gl = module.osmesa.GLContext(64, 64) if module is mujoco else mjsim.osmesa.GLContext(64, 64)
    gl.make_current()
    try:
        model = module.MjModel.from_xml_string("<mujoco/>")
        con = module.MjrContext(model, fontscale)
        if change_to is not None:
            module.mjr_changeFont(change_to, con)
        values = dict(fontScale=con.fontScale, charHeight=con.charHeight,
                      charHeightBig=con.charHeightBig, rangeFont=con.rangeFont,
                      bases=(con.baseFontNormal, con.baseFontShadow, con.baseFontBig),
                      charWidth=np.array(con.charWidth), charWidthBig=np.array(con.charWidthBig))
        con.free()
    finally:
        gl.free()
    return values


@pytest.fixture(scope="module", autouse=True)
def reference_osmesa():
    import mujoco.osmesa  # noqa: F401


@pytest.mark.parametrize("fontscale", [-10, 0, 49, 50, 51, 100, 124, 125, 174, 175, 224, 225,
                                       274, 275, 300, 301, 1000])
def test_context_font_scale_matches_reference(fontscale):
    assert fonts_of(mjsim, fontscale)["fontScale"] == fonts_of(mujoco, fontscale)["fontScale"]


@pytest.mark.parametrize("fontscale", SCALES)
def test_change_font_metrics_close_to_reference(fontscale):
    ours, reference = fonts_of(mjsim, 100, fontscale), fonts_of(mujoco, 100, fontscale)
    assert ours["fontScale"] == reference["fontScale"] == fontscale
    assert ours["rangeFont"] == reference["rangeFont"]
    assert ours["charHeightBig"] == reference["charHeightBig"]
    # the normal font at 50: DejaVu needs 14 px where the reference's font takes 11
    assert abs(ours["charHeight"] - reference["charHeight"]) <= (3 if fontscale == 50 else 0)
    for key, tolerance in zip(["charWidth", "charWidthBig"], WIDTH_TOLERANCE[fontscale]):
        error = np.abs(ours[key][32:127] - reference[key][32:127])
        assert error.mean() <= tolerance, (key, error.mean())
        assert np.all(ours[key][:32] == 0) and np.all(reference[key][:32] == 0)


def test_font_lists_follow_the_models_lists_like_the_reference():
    # three fonts of rangeFont lists each, one after the other
    ours, reference = fonts_of(mjsim, 150), fonts_of(mujoco, 150)
    base = ours["bases"][0]
    assert ours["bases"] == (base, base + ours["rangeFont"], base + 2 * ours["rangeFont"])
    assert ours["bases"] == reference["bases"]


def test_context_widths_are_its_scales_fonts():
    made, changed = fonts_of(mjsim, 200), fonts_of(mjsim, 100, 200)
    np.testing.assert_array_equal(made["charWidth"], changed["charWidth"])
    np.testing.assert_array_equal(made["charWidthBig"], changed["charWidthBig"])
    small, large = fonts_of(mjsim, 100), fonts_of(mjsim, 300)
    assert np.all(large["charWidth"][33:127] > small["charWidth"][33:127])
    assert large["charHeight"] > small["charHeight"]


@pytest.mark.parametrize("fontscale", [0, 49, 120, 301, -50])
def test_change_font_rejects_other_scales_like_reference(fontscale):
    errors = []
    for module in (mujoco, mjsim):
        gl = module.osmesa.GLContext(64, 64) if module is mujoco else mjsim.osmesa.GLContext(64, 64)
        gl.make_current()
        con = module.MjrContext(module.MjModel.from_xml_string("<mujoco/>"), 100)
        with pytest.raises(module.FatalError) as info:
            module.mjr_changeFont(fontscale, con)
        errors.append(str(info.value))
        assert con.fontScale == 100  # unchanged
        con.free()
        gl.free()
    assert errors[0] == errors[1] == "Invalid fontscale"


def test_change_font_gives_an_empty_context_fonts_like_reference():
    for module in (mujoco, mjsim):
        gl = module.osmesa.GLContext(64, 64) if module is mujoco else mjsim.osmesa.GLContext(64, 64)
        gl.make_current()
        con = module.MjrContext()
        assert con.charHeight == 0
        module.mjr_changeFont(150, con)
        assert (con.fontScale, con.rangeFont) == (150, 128)
        assert con.charHeight > 0 and con.charWidth[ord("M")] > 0
        con.free()
        gl.free()


def test_change_font_needs_a_context_object():
    with pytest.raises(TypeError):
        mjsim.mjr_changeFont(100, None)
