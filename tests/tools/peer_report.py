"""Peer test suites (tests we did not write) against mjsim installed as `mujoco`.

    python tests/tools/peer_report.py mujoco [--files bindings_test.py ...] [-k EXPR]
    python tests/tools/peer_report.py dm_control [--files suite/...] [-k EXPR]
        [--engine mjsim|mujoco|both] [--workdir DIR] [--json PATH] [--timeout S] [--stub NAME ...]
        [--reference-json PATH]

mujoco: the *_test.py files shipped inside the installed mujoco wheel (default:
bindings_test.py), copied with its testdata/ into a scratch directory. dm_control: the test
files of the installed dm-control wheel, run in place (they import `mock`: pip install mock).
Nothing of either is kept in this repository.

"Installed as mujoco" means a package named `mujoco` in the scratch directory, first on the
path, that re-exports mjsim (its names are mjsim's objects) and holds the copied testdata/, so
tests that find their files next to the package work.
--engine both also runs the reference and reports the tests that pass on the reference and
fail on mjsim: the figure the issues ask for. Prints the totals, the failing test ids and
those failures grouped by cause (the first line of the message; with --stub, how many fail on
a stubbed name); --json writes {engine: {test id: outcome}}. --reference-json PATH takes the
reference's outcomes from an earlier --json instead of running it again (with --engine mjsim,
the figure is then reported against them; the reference does not change between runs; the
ids hold absolute paths, which for the copied mujoco files means the same --workdir).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

SHIM = '''"""mjsim under the name mujoco, for peer test suites (tests/tools/peer_report.py)."""
import mjsim
from mjsim import *  # noqa: F403

globals().update({k: v for k, v in vars(mjsim).items() if not k.startswith("__")})
__path__.extend(mjsim.__path__)  # mujoco.X finds mjsim's submodules; testdata/ is here


def __getattr__(name):
    return getattr(mjsim, name)
'''

# --stub NAME: for measuring only, a name mjsim lacks that a test file needs at import time
STUB = '''
if not hasattr(mjsim, "{name}"):
    {name} = type("{name}", (), {{"__doc__": "peer_report stub: not in mjsim"}})
'''

# dm_control test files that need rendering (the rendering issue) or the internet. The other
# files import with --stub MjvCamera MjvOption MjvScene MjvPerturb MjvFigure (dm_control names
# them at import) until mjsim has the visualization structs; no Mjr* stub is needed to import.
DM_CONTROL_EXCLUDED = ("_render", "render_", "/viewer/", "mujoco/engine_test.py", "/autowrap/",
                       "pixels_test.py")


def package_dir(name: str) -> Path:
    """Where an installed package lives, without importing it."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"{name} is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


def mjsim_dir() -> Path:
    spec = importlib.util.find_spec("mjsim")
    if spec is None:
        raise SystemExit("mjsim is not importable (install it, or set PYTHONPATH)")
    return Path(next(iter(spec.submodule_search_locations))).parent


def make_shim(workdir: Path, stubs: list[str]) -> Path:
    """workdir/shim/mujoco: mjsim named mujoco, with the reference's testdata/ copied in."""
    shim = workdir / "shim" / "mujoco"
    shim.mkdir(parents=True, exist_ok=True)
    (shim / "__init__.py").write_text(SHIM + "".join(STUB.format(name=n) for n in stubs))
    testdata = package_dir("mujoco") / "testdata"
    if testdata.is_dir() and not (shim / "testdata").exists():
        shutil.copytree(testdata, shim / "testdata")
    return shim.parent


def mujoco_tests(workdir: Path, files: list[str]) -> list[Path]:
    """The chosen test files of the mujoco wheel, copied into workdir/tests with testdata/."""
    source = package_dir("mujoco")
    target = workdir / "tests"
    target.mkdir(parents=True, exist_ok=True)
    if (source / "testdata").is_dir() and not (target / "testdata").exists():
        shutil.copytree(source / "testdata", target / "testdata")
    copied = []
    for name in files:
        shutil.copy(source / name, target / name)
        copied.append(target / name)
    return copied


def dm_control_tests(files: list[str]) -> list[Path]:
    root = package_dir("dm_control")
    if files:
        return [root / name for name in files]
    found = sorted(root.rglob("*_test.py"))
    return [p for p in found if not any(part in str(p) for part in DM_CONTROL_EXCLUDED)]


def run_pytest(tests: list[Path], engine: str, workdir: Path, keyword: str | None,
               timeout: float, stubs: list[str]) -> dict[str, str]:
    """{test id: passed|failed|error|skipped} for one engine."""
    env = dict(os.environ)
    path = [str(mjsim_dir())]
    if engine == "mjsim":
        path.insert(0, str(make_shim(workdir, stubs)))
    env["PYTHONPATH"] = os.pathsep.join(path + [env.get("PYTHONPATH", "")])
    env.setdefault("MUJOCO_GL", "disable")
    report = workdir / f"junit-{engine}.xml"
    # --import-mode=append: the default (prepend) puts site-packages, where the dm_control tests
    # live, first on sys.path, and `import mujoco` would find the reference instead of the shim
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
               "--import-mode=append",
               "--rootdir", str(workdir), "--junitxml", str(report), "-o", "junit_family=xunit1"]
    if keyword:
        command += ["-k", keyword]
    command += [str(t) for t in tests]
    try:
        subprocess.run(command, cwd=workdir, env=env, timeout=timeout, capture_output=True,
                       text=True, check=False)
    except subprocess.TimeoutExpired:
        print(f"{engine}: timed out after {timeout} s", file=sys.stderr)
    return outcomes(report, workdir)


def test_cases(report: Path, workdir: Path):
    """(test id, junit testcase element); the id's file is absolute, so runs in other workdirs
    compare."""
    if not report.exists():
        return
    for case in ET.parse(report).getroot().iter("testcase"):
        where = case.get("file")
        where = str((workdir / where).resolve()) if where else case.get("classname")
        yield f"{where}::{case.get('name')}", case


def outcomes(report: Path, workdir: Path) -> dict[str, str]:
    """{test id: passed|failed|error|skipped}"""
    result = {}
    for name, case in test_cases(report, workdir):
        kinds = {child.tag for child in case}
        if "error" in kinds:
            result[name] = "error"
        elif "failure" in kinds:
            result[name] = "failed"
        elif "skipped" in kinds:
            result[name] = "skipped"
        else:
            result[name] = "passed"
    return result


def failure_causes(report: Path, workdir: Path) -> dict[str, str]:
    """{test id: the first line of its failure or error message, numbers and addresses
    replaced by N}: tests failing for one cause share it."""
    causes = {}
    for name, case in test_cases(report, workdir):
        for child in case:
            if child.tag in ("failure", "error"):
                lines = [l for l in (child.get("message") or child.tag).strip().split("\n") if l]
                first = lines[0]
                if "Compile error raised by Mujoco" in first and len(lines) > 1:
                    first = lines[1]  # dm_control's mjcf wrapper: the engine's message follows
                causes[name] = re.sub(r"0x[0-9a-f]+|\d+(\.\d+)?", "N", first[:200])
                break
    return causes


def print_causes(failing: list[str], causes: dict[str, str], stubs: list[str]) -> None:
    """The failing tests grouped by cause, most frequent first, with the files they are in;
    and how many fail on a name given to --stub (those need what the stub stands in for)."""
    groups: dict[str, list[str]] = {}
    for test in failing:
        groups.setdefault(causes.get(test, "not run on mjsim (a parametrization mjsim lacks, "
                                           "or a collection error)"), []).append(test)
    print("failures by cause:")
    for cause, tests in sorted(groups.items(), key=lambda item: -len(item[1])):
        files = Counter(Path(t.split("::")[0]).name for t in tests)
        print(f"  {len(tests):5d}  {cause}")
        print("         in " + ", ".join(f"{f} ({n})" for f, n in files.most_common(6)))
    if stubs:
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, stubs)) + r")\b")
        on_stub = [t for t in failing if pattern.search(causes.get(t, ""))]
        print(f"of these, {len(on_stub)} fail on a stubbed name ({' '.join(stubs)})")


def earlier_outcomes(path: Path, tests: list[Path], ours: dict[str, str],
                     keyword: str | None) -> dict[str, str]:
    """The reference's outcomes of an earlier run, for the chosen files (and, with -k, only the
    tests that also ran on mjsim: the selection of -k is not repeated here)."""
    chosen = {t.resolve() for t in tests}
    earlier = json.loads(path.read_text())["mujoco"]
    return {t: o for t, o in earlier.items()
            if Path(t.split("::")[0]) in chosen and (not keyword or t in ours)}


def summary(results: dict[str, str]) -> str:
    counts = Counter(results.values())
    return ", ".join(f"{counts[k]} {k}" for k in ("passed", "failed", "error", "skipped") if counts[k])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("suite", choices=["mujoco", "dm_control"])
    parser.add_argument("--files", nargs="*", default=None)
    parser.add_argument("-k", dest="keyword")
    parser.add_argument("--engine", choices=["mjsim", "mujoco", "both"], default="both")
    parser.add_argument("--workdir")
    parser.add_argument("--json")
    parser.add_argument("--timeout", type=float, default=3600)
    parser.add_argument("--reference-json",
                        help="the reference's outcomes from an earlier --json, instead of a run")
    parser.add_argument("--stub", nargs="*", default=[],
                        help="names mjsim lacks that the test files need at import (measuring only)")
    args = parser.parse_args(argv)
    workdir = Path(args.workdir or tempfile.mkdtemp(prefix="peer-"))
    workdir.mkdir(parents=True, exist_ok=True)
    if args.suite == "mujoco":
        tests = mujoco_tests(workdir, args.files or ["bindings_test.py"])
    else:
        tests = dm_control_tests(args.files or [])
    engines = ["mujoco", "mjsim"] if args.engine == "both" else [args.engine]
    if args.reference_json and "mujoco" in engines:
        engines.remove("mujoco")
    results = {e: run_pytest(tests, e, workdir, args.keyword, args.timeout, args.stub)
               for e in engines}
    if args.reference_json:
        results = {"mujoco": earlier_outcomes(Path(args.reference_json), tests,
                                              results.get("mjsim", {}), args.keyword),
                   **results}
    if args.stub:
        print(f"stubbed for import only (tests using them fail): {' '.join(args.stub)}")
    for engine, found in results.items():
        print(f"{engine}: {summary(found)}")
    ours = results.get("mjsim", {})
    if "mujoco" in results and ours:
        passing = [t for t, o in results["mujoco"].items() if o == "passed"]
        also = [t for t in passing if ours.get(t) == "passed"]
        failing = [t for t in passing if ours.get(t) != "passed"]
        for test in failing:
            print(f"  {ours.get(test, 'missing')}: {test}")
        print(f"mjsim passes {len(also)} of the {len(passing)} tests that pass on the reference"
              f" ({100 * len(also) / max(len(passing), 1):.1f}%)")
        print_causes(failing, failure_causes(workdir / "junit-mjsim.xml", workdir), args.stub)
    elif ours:
        for test, outcome in ours.items():
            if outcome in ("failed", "error"):
                print(f"  {outcome}: {test}")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    print(f"scratch directory: {workdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
