"""mj_printFormattedModel and mj_printFormattedData (engine/print.cc) against the reference:
which float formats it accepts (it warns on standard output and prints with its default for
the others; so does mjsim), that an accepted format writes every real number, printing to
standard output for filename None, and the exception class of each bad argument. The text
layout is mjsim's own (as mj_printModel's), so file contents are not compared."""

import re

import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402

XML = """<mujoco><option timestep="0.00125"/><worldbody><geom type="plane" size="1 1 1"/>
<body pos="0 0 .05"><freejoint/><geom size=".1"/></body></worldbody></mujoco>"""

VALID = ["%.3f", "%g", "%10.4e", "%5.2g", "%-8.3f", "%+.2f", "% f", "%#g", "%E", "%G", "%0f",
         "%-+ #0f", "%.f", "%08.3f", "%1000f", "%.500f", "%Lf", "%.2Lf", "%LE",
         "%1234567890123456.3f"]
INVALID = ["%d", "%s", "abc", "", "%f%f", "%%", "%.3f x", "x%f", "%lf", "%i", "%n", "%*f",
           "%hf", "%a", "%F", "%x", "%e %%", "%llf", "%qf", "%zf", "%00f", "%.-3f",
           "%1.2.3f", "%", "f", "%5.3e ", " %5.3e", "%f\n", "%'f", "%1$f", "%LLf",
           "%3L.2f", "%f" + "x" * 30, "%12345678901234567.3f"]

# The reference reads past the end of a format that stops inside its precision, so whether it
# warns depends on the memory after the string; mjsim is held to rejecting it.
TRUNCATED = ["%.3", "%5.", "%-10.2"]


def pair(package):
    m = package.MjModel.from_xml_string(XML)
    d = package.MjData(m)
    package.mj_step(m, d)
    return m, d


def warned(package, capfd, tmp_path, fmt, data=False):
    m, d = pair(package)
    capfd.readouterr()
    if data:
        package.mj_printFormattedData(m, d, str(tmp_path / "out.txt"), fmt)
    else:
        package.mj_printFormattedModel(m, str(tmp_path / "out.txt"), fmt)
    return "WARNING" in capfd.readouterr().out


@pytest.mark.parametrize("fmt", VALID + INVALID)
def test_accepts_the_formats_the_reference_accepts(fmt, capfd, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the reference logs its warnings to MUJOCO_LOG.TXT here
    expected = warned(mujoco, capfd, tmp_path, fmt)
    assert expected == (fmt in INVALID)
    assert warned(mjsim, capfd, tmp_path, fmt) == expected
    assert warned(mjsim, capfd, tmp_path, fmt, data=True) == expected


@pytest.mark.parametrize("fmt", TRUNCATED)
def test_rejects_a_format_that_stops_in_its_precision(fmt, capfd, tmp_path):
    assert warned(mjsim, capfd, tmp_path, fmt)
    assert warned(mjsim, capfd, tmp_path, fmt, data=True)


@pytest.mark.parametrize("fmt", ["%.3f", "%12.5e", "%+g", "%-10.2f"])
def test_every_real_number_takes_the_format(fmt, tmp_path):
    m, d = pair(mjsim)
    mjsim.mj_printFormattedModel(m, str(tmp_path / "model.txt"), fmt)
    mjsim.mj_printFormattedData(m, d, str(tmp_path / "data.txt"), fmt)
    model_text = (tmp_path / "model.txt").read_text()
    data_text = (tmp_path / "data.txt").read_text()
    timestep = next(line for line in model_text.splitlines() if "timestep" in line)
    assert timestep.endswith(" " + fmt % m.opt.timestep)
    assert " " + fmt % d.time in data_text
    rows = data_text.split("\nqpos ")[1].splitlines()[1:1 + m.nq]  # "  i: value", one per row
    assert [row.split(":", 1)[1] for row in rows] == [" " + fmt % x for x in d.qpos]


def test_long_double_format_prints_the_values(tmp_path):
    # the reference passes a double where %Lf reads a long double (it prints nan); mjsim
    # converts, so the numbers appear
    m, _ = pair(mjsim)
    mjsim.mj_printFormattedModel(m, str(tmp_path / "model.txt"), "%.5Lf")
    assert re.search(r"timestep\s+0\.00125\b", (tmp_path / "model.txt").read_text())


def test_invalid_format_prints_as_print_model(tmp_path, capsys):
    m, d = pair(mjsim)
    mjsim.mj_printModel(m, str(tmp_path / "plain.txt"))
    mjsim.mj_printFormattedModel(m, str(tmp_path / "bad.txt"), "%d")
    assert "WARNING" in capsys.readouterr().out
    assert (tmp_path / "plain.txt").read_text() == (tmp_path / "bad.txt").read_text()


@pytest.mark.parametrize("name", ["mj_printModel", "mj_printFormattedModel", "mj_printData",
                                  "mj_printFormattedData"])
def test_filename_none_prints_to_standard_output(name, capfd):
    for package in (mujoco, mjsim):
        m, d = pair(package)
        args = (m, d) if "Data" in name else (m,)
        capfd.readouterr()
        getattr(package, name)(*args, None, *(["%.4f"] if "Formatted" in name else []))
        out = capfd.readouterr().out
        assert len(out.splitlines()) > 20, (package.__name__, name)
        if "Model" in name:
            assert "timestep" in out


def bad_arguments(package, tmp_path):
    m, d = pair(package)
    path = str(tmp_path / "x.txt")
    mj_model = "mj_printFormattedModel"
    return {
        "model None": (mj_model, (None, path, "%f")),
        "format None": (mj_model, (m, path, None)),
        "format int": (mj_model, (m, path, 3)),
        "format bytes": (mj_model, (m, path, b"%f")),
        "filename int": (mj_model, (m, 3, "%f")),
        "filename bytes": (mj_model, (m, path.encode(), "%f")),
        "data None": ("mj_printFormattedData", (m, None, path, "%f")),
        "data is a model": ("mj_printFormattedData", (m, m, path, "%f")),
        "model is a data": ("mj_printFormattedData", (d, d, path, "%f")),
    }


@pytest.mark.parametrize("case", ["model None", "format None", "format int", "format bytes",
                                  "filename int", "filename bytes", "data None", "data is a model",
                                  "model is a data"])
def test_bad_arguments_raise_as_reference(case, tmp_path, monkeypatch, capfd):
    monkeypatch.chdir(tmp_path)
    name, args = bad_arguments(mujoco, tmp_path)[case]
    try:
        getattr(mujoco, name)(*args)
        expected = None
    except Exception as error:  # noqa: BLE001 - the class is what is compared
        expected = type(error)
    name, args = bad_arguments(mjsim, tmp_path)[case]
    if expected is None:
        getattr(mjsim, name)(*args)  # accepted (format None: a warning, then the default)
    else:
        with pytest.raises(expected):
            getattr(mjsim, name)(*args)


def test_unwritable_file_is_a_value_error(tmp_path):
    # mj_printModel's rule (the reference only warns and returns)
    m, d = pair(mjsim)
    with pytest.raises(ValueError, match="could not write"):
        mjsim.mj_printFormattedModel(m, str(tmp_path / "missing" / "x.txt"), "%f")
    with pytest.raises(ValueError, match="could not write"):
        mjsim.mj_printFormattedData(m, d, str(tmp_path / "missing" / "x.txt"), "%f")
