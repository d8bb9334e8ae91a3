"""Where the test and benchmark models are.

Three sources, each a sorted list of paths:
  our_models()         models/*.xml and models/urdf/*.urdf, written for this project
  gymnasium_models()   gymnasium/envs/mujoco/assets/*.xml  (if gymnasium is installed)
  dm_control_models()  dm_control/suite/*.xml              (if dm_control is installed)
public_models() is the last two, corpus_models() all three.

The installed packages are located with importlib.util.find_spec, which finds their
directory without importing them (importing gymnasium.envs.mujoco or dm_control.suite would
import mujoco). Nothing here imports mujoco unless asked to inspect models.

The benchmarks import this module too, so that the corpus is defined once.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MODELS_DIR = REPO / "models"


def _package_dir(package: str) -> Path | None:
    """Directory of an installed package, found without importing it (None if absent)."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def our_models() -> list[Path]:
    """The example models in models/ (MJCF) and models/urdf/ (URDF)."""
    return sorted(MODELS_DIR.glob("*.xml")) + sorted((MODELS_DIR / "urdf").glob("*.urdf"))


def gymnasium_models() -> list[Path]:
    """The MuJoCo environments' models shipped with gymnasium (gymnasium.envs.mujoco assets)."""
    root = _package_dir("gymnasium")
    if root is None:
        return []
    return sorted((root / "envs" / "mujoco" / "assets").glob("*.xml"))


def dm_control_models() -> list[Path]:
    """The dm_control suite's domain models (files under suite/common/ are includes only)."""
    root = _package_dir("dm_control")
    if root is None:
        return []
    return sorted((root / "suite").glob("*.xml"))


def public_models() -> list[Path]:
    """The models users train on, from public packages: gymnasium's, then dm_control's."""
    return gymnasium_models() + dm_control_models()


def corpus_models() -> list[Path]:
    """Every model we compare against the reference: ours, then gymnasium, then dm_control."""
    return our_models() + gymnasium_models() + dm_control_models()


def label(path: str | Path) -> str:
    """A short, stable name for a model: 'models/robot_arm.xml', 'gymnasium/ant.xml',
    'dm_control/suite/cheetah.xml'. Used as pytest ids and benchmark row names."""
    path = Path(path).resolve()
    if path.is_relative_to(MODELS_DIR):
        return f"models/{path.relative_to(MODELS_DIR).as_posix()}"
    for package, subdir in (("gymnasium", "envs/mujoco/assets"), ("dm_control", "")):
        root = _package_dir(package)
        if root is not None and path.is_relative_to(root / subdir):
            return f"{package}/{path.relative_to(root / subdir).as_posix()}"
    return path.name


def params(paths) -> list:
    """pytest.param(path, id=label(path)) for each path, for @pytest.mark.parametrize."""
    import pytest

    return [pytest.param(path, id=label(path)) for path in paths]


_JOINT_TYPE_NAMES = ("free", "ball", "slide", "hinge")  # mjtJoint order


@functools.lru_cache(maxsize=None)
def _joint_types(path: Path) -> frozenset[str] | None:
    """Joint types used by a model, as compiled by the reference (None if unavailable)."""
    try:
        import mujoco
    except ImportError:
        return None
    model = mujoco.MjModel.from_xml_path(str(path))
    return frozenset(_JOINT_TYPE_NAMES[t] for t in model.jnt_type)


def models_with_joint_types(*types: str, paths=None) -> list[Path]:
    """Models (default: our_models()) that use at least one of the given joint types
    ('free', 'ball', 'slide', 'hinge'). Without the reference installed every model is
    returned: the conformance tests that use this skip in that case anyway."""
    unknown = set(types) - set(_JOINT_TYPE_NAMES)
    if unknown:
        raise ValueError(f"unknown joint types {sorted(unknown)}; expected {_JOINT_TYPE_NAMES}")
    paths = our_models() if paths is None else list(paths)
    selected = []
    for path in paths:
        used = _joint_types(Path(path).resolve())
        if used is None or used & set(types):
            selected.append(path)
    return selected
