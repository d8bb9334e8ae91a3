"""pytest configuration for mjsim.

  unit/         properties that need no oracle (views, memory, analytic values)
  conformance/  mjsim against the reference, mujoco==3.3.7; skipped when mujoco is absent
  errors/       bad input raises ValueError / FileNotFoundError naming the element and line
  examples/     the example scripts run, with mujoco blocked

Helpers: corpus.py (where the models are) and support.py (load_pair, assert_fields_close,
run_without_mujoco). The test subdirectories are packages (they hold an empty __init__.py) so
that test files of the same name may live in different directories, e.g.
unit/engine/test_com.py next to conformance/test_com.py.
"""

import ctypes
import importlib.metadata
import os
import platform
import re
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
if str(TESTS) not in sys.path:  # `import corpus, support` under any --import-mode
    sys.path.insert(0, str(TESTS))


def pytest_report_header(config):
    """What a failure on another machine needs: the engines, the processor and what numpy
    dispatches on it (its SIMD targets and its BLAS kernel change the last bits of the random
    inputs), and the version each requirement of the test extra resolved to."""
    lines = environment_lines()
    try:
        import mjsim

        own = getattr(mjsim, "__mjsim_version__", "?")
        lines.append(f"mjsim {own} (mirrors MuJoCo {mjsim.__version__}) from {Path(mjsim.__file__).parent}")
    except Exception as error:  # report, and let the tests say what fails
        lines.append(f"mjsim: not importable ({type(error).__name__}: {error})")
    try:
        import mujoco

        lines.append(f"reference: mujoco {mujoco.__version__}")
    except ImportError:
        lines.append("reference: mujoco not installed, conformance tests skip")
    return lines


@pytest.fixture
def reference():
    """The reference engine module (mujoco); skips the test when it is not installed."""
    return pytest.importorskip("mujoco")


def pytest_sessionstart(session):
    """Under -q pytest prints no header (the README's command): the environment lines are
    written all the same, before the first test. The reference's asset cache is turned off."""
    try:
        import mujoco
    except ImportError:
        pass
    else:
        from support import disable_reference_asset_cache

        disable_reference_asset_cache(mujoco)
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None and session.config.get_verbosity() < 0:
        for line in environment_lines() + [test_order_line(session.config)]:
            reporter.write_line(line)


def test_order_line(config):
    """pytest-randomly prints its seed in the header, which -q hides."""
    seed = getattr(config.option, "randomly_seed", None)
    if seed is None or not config.pluginmanager.has_plugin("randomly"):
        return "test order: file order"
    return f"test order: random, --randomly-seed={seed} repeats it"


def environment_lines():
    return [machine_line(), numpy_line(), "test extra: " + ", ".join(test_extra_versions())]


def machine_line():
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            found = re.search(r"^model name\s*:\s*(.+)$", cpuinfo.read(), re.MULTILINE)
        model = found.group(1) if found else model
    except OSError:
        pass
    return f"machine: {model}, {os.cpu_count()} cores, {platform.platform()}"


def numpy_line():
    try:
        import numpy
        from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__
    except ImportError as error:
        return f"numpy: {error}"
    targets = [t for t in __cpu_dispatch__ if __cpu_features__.get(t)] or ["baseline"]
    return f"numpy {numpy.__version__}: SIMD {' '.join(targets)}, BLAS {blas_kernel(numpy)}"


def blas_kernel(numpy):
    """The OpenBLAS kernel numpy's bundled library chose for this processor (its name)."""
    folder = Path(numpy.__file__).parent.parent / "numpy.libs"
    for library in sorted(folder.glob("*openblas*")):
        handle = ctypes.CDLL(str(library))
        for symbol in ("scipy_openblas_get_corename64_", "openblas_get_corename64_",
                       "openblas_get_corename"):
            if hasattr(handle, symbol):
                function = getattr(handle, symbol)
                function.restype = ctypes.c_char_p
                return function().decode()
    return "unknown"


def test_extra_versions():
    """name==version for each requirement of mjsim's test extra (from its metadata)."""
    try:
        requirements = importlib.metadata.requires("mjsim") or []
    except importlib.metadata.PackageNotFoundError:
        return ["mjsim not installed"]
    names = [re.match(r"[A-Za-z0-9_.-]+", r).group(0) for r in requirements
             if re.search(r"extra\s*==\s*.test.", r)]
    found = []
    for name in names:
        try:
            found.append(f"{name}=={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            found.append(f"{name} absent")
    return found


def slow_enabled(config) -> bool:
    """Tests marked `slow` run with MJSIM_SLOW=1 in the environment or when -m names them."""
    markexpr = config.option.markexpr or ""
    chosen = "slow" in markexpr and "not slow" not in markexpr
    return os.environ.get("MJSIM_SLOW") == "1" or chosen


def pytest_collection_modifyitems(config, items):
    if slow_enabled(config):
        return
    skip = pytest.mark.skip(reason="slow: set MJSIM_SLOW=1 or run with -m slow")
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(skip)
