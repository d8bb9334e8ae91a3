"""Conformance table of the model compiler: every corpus model, every reference MjModel field.

    PYTHONPATH=python python tests/tools/compiler_report.py [--csv PATH] [--missing]

Per model: whether mjsim loads it (else the error's first line), and of the reference's fields
(sizes and numeric arrays, as tests/conformance/test_compiler.py enumerates them, without its
IMPLEMENTATION_DEFINED ones): how many mjsim has, how many of those match (same rules and
tolerances as the test), which mismatch (up to 5 named), and how many are missing in all and
without the VISUAL_ONLY ones. Then totals, the load errors by message, and with --missing the
missing physics fields of the loaded models, sorted.

Needs mjsim importable (PYTHONPATH=python for the in-tree build) and the reference, mujoco.
"""

from __future__ import annotations

import argparse
import collections
import csv
import dataclasses
import sys
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/: corpus, support

import mujoco  # noqa: E402

import mjsim  # noqa: E402
from conformance.test_compiler import (  # noqa: E402
    IMPLEMENTATION_DEFINED, compared, dtype_problems, missing_fields, reference_arrays, reference_fields,
    size_problems, unsupported_reason, value_problems)
from corpus import corpus_models, label  # noqa: E402

SHOWN_MISMATCHES = 5


@dataclasses.dataclass
class Row:
    model: str
    fields: int                  # reference fields considered
    error: str = ""              # first line of mjsim's load error; "" if it loads
    present: int = 0
    mismatching: list[str] = dataclasses.field(default_factory=list)
    missing: list[str] = dataclasses.field(default_factory=list)
    missing_physics: list[str] = dataclasses.field(default_factory=list)

    @property
    def loads(self) -> bool:
        return not self.error

    @property
    def matching(self) -> int:
        return self.present - len(self.mismatching)


def load_error(error: Exception) -> str:
    """The first line of the message, with the exception type unless it is 'not supported'."""
    reason = unsupported_reason(error)
    if reason is not None:
        return reason
    first = str(error).splitlines()[0] if str(error) else ""
    return f"{type(error).__name__}: {first}"


def mismatching_fields(ours, ref, path: Path) -> list[str]:
    """Fields mjsim has that differ from the reference, by the test's rules, sorted."""
    bad = {problem.split(":")[0] for problem in size_problems(ours, ref)}
    for name in compared(ours, reference_arrays(ref), path):
        if dtype_problems(ours, ref, [name]) or value_problems(ours, ref, [name]):
            bad.add(name)
    return sorted(bad)


def report_row(path: Path) -> Row:
    """Loads one model in both engines and compares every reference field."""
    ref = mujoco.MjModel.from_xml_path(str(path))
    fields = [f for f in reference_fields(ref) if f not in IMPLEMENTATION_DEFINED]
    row = Row(model=label(path), fields=len(fields))
    try:
        ours = mjsim.MjModel.from_xml_path(str(path))
    except Exception as error:  # noqa: BLE001 -- reported, not raised
        row.error = load_error(error)
        return row
    row.missing = missing_fields(ours, ref, physics_only=False)
    row.missing_physics = missing_fields(ours, ref)
    row.present = row.fields - len(row.missing)
    row.mismatching = mismatching_fields(ours, ref, path)
    return row


def _shown(names: list[str]) -> str:
    more = len(names) - SHOWN_MISMATCHES
    return ", ".join(names[:SHOWN_MISMATCHES]) + (f", +{more} more" if more > 0 else "")


HEADER = ("model", "loads", "fields", "present", "match", "mismatch", "missing", "phys.miss",
          "mismatching fields, or the load error")


def table_line(cells, width: int) -> str:
    model, *numbers, note = cells
    return f"{model:<{width}}  " + "".join(f"{c:>10}" for c in numbers) + f"  {note}"


def print_table(rows: list[Row]) -> None:
    width = max(len(HEADER[0]), *(len(r.model) for r in rows))
    print(table_line(HEADER, width))
    print(table_line(("-" * width, *["-" * 9] * 7, "-" * 37), width))
    for r in rows:
        if r.loads:
            cells = (r.model, "yes", r.fields, r.present, r.matching, len(r.mismatching),
                     len(r.missing), len(r.missing_physics), _shown(r.mismatching))
        else:
            cells = (r.model, "no", r.fields, *["-"] * 5, r.error)
        print(table_line(cells, width))
    print_totals(rows)


def print_totals(rows: list[Row]) -> None:
    loaded = [r for r in rows if r.loads]
    print(f"\nmodels: {len(rows)}, load in mjsim: {len(loaded)}, fail to load: "
          f"{len(rows) - len(loaded)}")
    if loaded:
        total = collections.Counter()
        for r in loaded:
            total.update(fields=r.fields, present=r.present, matching=r.matching,
                         mismatching=len(r.mismatching), missing=len(r.missing),
                         physics=len(r.missing_physics))
        print(f"fields over the loaded models: {total['fields']}, present {total['present']}, "
              f"matching {total['matching']}, mismatching {total['mismatching']}, missing "
              f"{total['missing']} (physics {total['physics']})")
    errors = collections.Counter(r.error for r in rows if not r.loads)
    if errors:
        print("load errors:")
        for message, count in errors.most_common():
            print(f"  {count:3d}  {message}")


def print_missing(rows: list[Row]) -> None:
    """The missing physics fields of any loaded model, sorted."""
    missing = sorted({name for r in rows if r.loads for name in r.missing_physics})
    print(f"\nmissing physics fields (any loaded model): {len(missing)}")
    print(textwrap.fill(", ".join(missing), 100, initial_indent="  ", subsequent_indent="  "))


def write_csv(rows: list[Row], path: str) -> None:
    with open(path, "w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["model", "loads", "error", "fields", "present", "matching",
                         "mismatching", "mismatching_fields", "missing", "missing_physics",
                         "missing_physics_fields"])
        for r in rows:
            writer.writerow([r.model, int(r.loads), r.error, r.fields, r.present, r.matching,
                             len(r.mismatching), " ".join(r.mismatching), len(r.missing),
                             len(r.missing_physics), " ".join(r.missing_physics)])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--csv", metavar="PATH", help="also write the rows as CSV")
    parser.add_argument("--missing", action="store_true",
                        help="list the missing physics fields of the loaded models")
    args = parser.parse_args(argv)
    rows = [report_row(path) for path in corpus_models()]
    print_table(rows)
    if args.missing:
        print_missing(rows)
    if args.csv:
        write_csv(rows, args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
