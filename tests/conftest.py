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

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
if str(TESTS) not in sys.path:  # `import corpus, support` under any --import-mode
    sys.path.insert(0, str(TESTS))


def pytest_report_header(config):
    lines = []
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
