"""The extension links no GL library (cpp/src/render/ opens them at run time), so `import mjsim`
and simulation need none; the GL entry points come from one table."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

import mjsim

GL_LIBRARIES = re.compile(r"lib(GL|GLX|EGL|OSMesa|OpenGL|glfw|GLESv\d)\b")


def test_extension_links_no_gl_library():
    if shutil.which("ldd") is None:
        pytest.skip("no ldd here")
    listing = subprocess.run(["ldd", mjsim._core.__file__], capture_output=True, text=True).stdout
    assert not GL_LIBRARIES.search(listing), listing


def test_only_the_render_layer_names_gl():
    """GL calls (gl.X through the loaded table) appear under cpp/src/render/ only."""
    root = Path(__file__).resolve().parents[2] / "cpp"
    offenders = [path for path in root.rglob("*.cc")
                 if "render" not in path.parts and "glapi" in path.read_text()]
    assert not offenders, offenders
