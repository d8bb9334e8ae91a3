"""The extension module exports its init function alone (CMakeLists.txt: hidden visibility and
the linker's export list, cpp/bindings/exports.map): no engine, vendored-library or template
symbol can clash with another module's in the process."""

import shutil
import subprocess
import sys

import pytest

import mjsim


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the ELF symbol table")
def test_only_the_init_function_is_exported():
    nm = shutil.which("nm")
    if nm is None:
        pytest.skip("binutils' nm is not installed")
    listing = subprocess.run([nm, "-D", "--defined-only", mjsim._core.__file__],
                             capture_output=True, text=True, check=True).stdout
    names = [line.split()[-1] for line in listing.splitlines() if line.strip()]
    assert names == ["PyInit__core"]
