"""MjvFigure and mjv_defaultFigure (cpp/src/vis/figure.cc) against the reference: every member's
default, shape and dtype, and writes through the views."""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402


def members(figure):
    return {name: getattr(figure, name) for name in dir(figure) if not name.startswith("_")}


def test_defaults_match_reference():
    ours, ref = members(mjsim.MjvFigure()), members(mujoco.MjvFigure())
    assert sorted(ours) == sorted(ref)
    for name, value in ref.items():
        if isinstance(value, np.ndarray):
            assert ours[name].shape == value.shape and ours[name].dtype == value.dtype, name
            if value.dtype.kind == "f":  # line colours agree to the float's rounding
                np.testing.assert_allclose(ours[name], value, atol=1e-6, err_msg=name)
            else:
                np.testing.assert_array_equal(ours[name], value, err_msg=name)
        else:
            assert ours[name] == value, name


def test_default_figure_resets_and_views_write_through():
    fig = mjsim.MjvFigure()
    fig.linedata[0, :4] = [1, 2, 3, 4]
    fig.linename[1] = b"speed"
    fig.title = "velocity"
    fig.linepnt[0] = 2
    assert fig.linedata[0, 3] == 4 and fig.linename[1] == b"speed" and fig.title == "velocity"
    mjsim.mjv_defaultFigure(fig)
    assert fig.linedata[0, 3] == 0 and fig.linename[1] == b"" and fig.title == ""


def test_bad_values():
    fig = mjsim.MjvFigure()
    with pytest.raises(TypeError):
        fig.title = 3
    with pytest.raises((ValueError, TypeError)):
        fig.linergb = np.zeros(5)
    fig.title = "x" * 2000  # longer than the 1000 characters: cut, not overrun
    assert fig.title == "x" * 999
