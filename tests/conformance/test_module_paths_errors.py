"""Module-level names of the reference that are not functions: UnexpectedError (the exception
for a broken internal invariant), HEADERS_DIR and PLUGINS_DIR (directories in the package)."""

import os
import re
from pathlib import Path

import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import REPO  # noqa: E402


def test_unexpected_error_is_an_exception_of_its_own_as_reference():
    for package in (mjsim, mujoco):
        error = package.UnexpectedError
        assert error.__name__ == "UnexpectedError"
        assert error.__mro__[1:] == (Exception, BaseException, object)
        assert not issubclass(error, package.FatalError)
        assert not issubclass(package.FatalError, error)
        with pytest.raises(package.UnexpectedError, match="x"):
            raise package.UnexpectedError("x")
    assert "UnexpectedError" in mjsim.__all__


@pytest.mark.parametrize("name", ["HEADERS_DIR", "PLUGINS_DIR"])
def test_directories_lie_in_the_package_as_the_reference_s(name):
    ours, ref = Path(getattr(mjsim, name)), Path(getattr(mujoco, name))
    assert ref.is_relative_to(Path(mujoco.__file__).parent)
    # the same place in each package, our headers under our own name
    relative = ref.relative_to(Path(mujoco.__file__).parent).as_posix()
    assert ours.relative_to(Path(mjsim.__file__).parent).as_posix() == relative.replace(
        "mujoco", "mjsim")


def test_plugins_dir_holds_nothing_a_plugin_loader_would_load_or_warn_about():
    # the reference's loader opens every .so/.dylib/.dll under PLUGINS_DIR and warns about any
    # other file but __init__.py; mjsim ships no plugin libraries yet
    assert os.path.isdir(mjsim.PLUGINS_DIR)
    found = [name for _, _, names in os.walk(mjsim.PLUGINS_DIR) for name in names
             if name != "__init__.py" and not name.endswith((".pyc",))]
    assert found == []


def test_headers_dir_is_what_the_wheel_installs():
    # CMakeLists.txt installs cpp/include/mjsim as mjsim/include/mjsim, where HEADERS_DIR
    # points; a source checkout used in place has no such directory
    cmake = (REPO / "CMakeLists.txt").read_text()
    assert re.search(r"install\(DIRECTORY cpp/include/mjsim DESTINATION mjsim/include\)", cmake)
    assert (REPO / "cpp" / "include" / "mjsim" / "api.h").is_file()
    if os.path.isdir(mjsim.HEADERS_DIR):
        assert os.path.isfile(os.path.join(mjsim.HEADERS_DIR, "api.h"))
