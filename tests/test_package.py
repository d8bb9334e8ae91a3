"""The mjsim package stands alone: it imports and loads models where mujoco cannot be
imported, never imports mujoco itself, and reports the MuJoCo API version it mirrors."""

import re
from pathlib import Path

import pytest

from corpus import REPO
from support import run_without_mujoco

PENDULUM = """<mujoco><worldbody><body><joint type="hinge" axis="0 1 0"/>
<geom type="capsule" fromto="0 0 0 0 0 -1" size="0.05"/></body></worldbody></mujoco>"""

MIRRORED_MUJOCO_VERSION = "3.3.7"


def test_import_and_load_without_mujoco():
    result = run_without_mujoco(f"""
        import sys
        import mjsim
        m = mjsim.MjModel.from_xml_string({PENDULUM!r})
        d = mjsim.MjData(m)
        d.qpos[0] = 0.5
        mjsim.mj_kinematics(m, d)
        mjsim.mj_comPos(m, d)
        assert "mujoco" not in sys.modules, "mujoco was imported"
        print("ok", m.nbody, round(float(d.xpos[1][2]), 6))
    """)
    assert result.returncode == 0, f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}"
    assert result.stdout.split() == ["ok", "2", "0.0"], result.stdout


def test_blocker_blocks_mujoco():
    """The harness itself: in run_without_mujoco, `import mujoco` really fails."""
    result = run_without_mujoco("""
        try:
            import mujoco
        except ImportError:
            print("blocked")
    """)
    assert result.stdout.strip() == "blocked", result.stderr


IMPORTS_MUJOCO = re.compile(r"^\s*(import\s+mujoco\b|from\s+mujoco\b)", re.MULTILINE)


def package_sources():
    import mjsim

    roots = {Path(mjsim.__file__).resolve().parent, REPO / "python" / "mjsim"}
    return sorted({p for root in roots if root.is_dir() for p in root.rglob("*.py")})


def test_package_source_never_imports_mujoco():
    offenders = [str(p) for p in package_sources() if IMPORTS_MUJOCO.search(p.read_text())]
    assert not offenders, f"these mjsim modules import mujoco: {offenders}"


def test_version_mirrors_mujoco_api():
    version = pytest.importorskip("packaging.version")
    import mjsim

    assert version.Version(mjsim.__version__) == version.Version(MIRRORED_MUJOCO_VERSION)
    assert isinstance(mjsim.__mjsim_version__, str) and mjsim.__mjsim_version__
    version.Version(mjsim.__mjsim_version__)  # PEP 440, raises InvalidVersion otherwise
