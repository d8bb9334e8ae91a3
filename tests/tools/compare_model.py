"""Compare one model's compiled fields between mjsim and the reference.

    PYTHONPATH=python python tests/tools/compare_model.py MODEL.xml [--prefix actuator_ ...]

MODEL may be a file or an inline XML string starting with '<'. Prints the sizes that differ,
the arrays whose dtype or values differ (same rules and tolerances as
tests/conformance/test_compiler.py) and the reference fields mjsim lacks; --prefix limits all
of it to fields starting with one of the given prefixes. Exit status 1 if anything differs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/

import mujoco  # noqa: E402

import mjsim  # noqa: E402
from support import disable_reference_asset_cache  # noqa: E402
from conformance.test_compiler import (  # noqa: E402
    compared, dtype_problems, missing_fields, reference_arrays, size_problems, value_problems)


disable_reference_asset_cache(mujoco)


def load(module, model: str):
    if model.lstrip().startswith("<"):
        return module.MjModel.from_xml_string(model)
    return module.MjModel.from_xml_path(model)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model")
    parser.add_argument("--prefix", nargs="*", default=[])
    args = parser.parse_args()
    keep = (lambda name: any(name.startswith(p) for p in args.prefix)) if args.prefix else (lambda name: True)
    ref = load(mujoco, args.model)
    ours = load(mjsim, args.model)
    problems = [p for p in size_problems(ours, ref) if keep(p.split(":")[0])]
    path = None if args.model.lstrip().startswith("<") else Path(args.model)
    arrays = [name for name in compared(ours, reference_arrays(ref), path) if keep(name)]
    problems += dtype_problems(ours, ref, arrays)
    values = value_problems(ours, ref, arrays)
    missing = [name for name in missing_fields(ours, ref) if keep(name)]
    for problem in problems:
        print(problem)
    if values:
        print(values)
    if missing:
        print("missing:", ", ".join(missing))
    print(f"compared {len(arrays)} arrays; {len(problems)} size/dtype problems; "
          f"values {'differ' if values else 'match'}; {len(missing)} missing")
    return 1 if problems or values else 0


if __name__ == "__main__":
    sys.exit(main())
