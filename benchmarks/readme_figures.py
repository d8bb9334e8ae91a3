"""The README's speed figures, written from the committed benchmark tables.

    python benchmarks/readme_figures.py          # rewrites the README's figures block
    python benchmarks/readme_figures.py --check  # exit 1 if the README is out of date

The block lies between the README's `<!-- speed figures -->` and `<!-- end speed figures -->`
lines; everything in it comes from benchmarks/results/step_public.csv (bench_step.py
--constraints all --start default --models public) and rollout.csv (bench_rollout.py).
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RESULTS = REPO / "benchmarks" / "results"
README = REPO / "README.md"
BEGIN, END = "<!-- speed figures -->", "<!-- end speed figures -->"

# the models the performance issue names, in its order
TRAINED_ON = ["gymnasium/humanoid.xml", "gymnasium/humanoidstandup.xml", "gymnasium/ant.xml",
              "dm_control/suite/humanoid.xml", "dm_control/suite/humanoid_CMU.xml",
              "dm_control/suite/dog.xml", "dm_control/suite/quadruped.xml",
              "dm_control/suite/stacker.xml"]
# gymnasium's 5 smallest models by nv (2, 3, 3, 4, 5 dofs)
SMALLEST = ["gymnasium/inverted_pendulum.xml", "gymnasium/inverted_double_pendulum.xml",
            "gymnasium/point.xml", "gymnasium/reacher.xml", "gymnasium/swimmer.xml"]
NSTEP, PYTHON = "mj_step(nstep=100)", "python_loop"


def read_rows(name: str) -> list[dict]:
    with (RESULTS / name).open(newline="") as stream:
        return list(csv.DictReader(stream))


def model_rows(rows: list[dict], group: str) -> dict[str, dict]:
    return {row["model"]: row for row in rows
            if row["group"] == group and not row["model"].startswith("geomean")}


def geomean_of(ratios) -> float:
    ratios = list(ratios)
    product = 1.0
    for ratio in ratios:
        product *= ratio
    return product ** (1.0 / len(ratios))


def short(label: str) -> str:
    return label.replace("dm_control/suite/", "dm_control ").replace("gymnasium/", "").replace(
        ".xml", "")


def step_lines(rows: list[dict]) -> list[str]:
    nstep, python = model_rows(rows, NSTEP), model_rows(rows, PYTHON)
    ratio = {label: float(row["ratio"]) for label, row in nstep.items()}
    slowest = min(ratio, key=ratio.get)
    gym = {label: row for label, row in python.items() if label.startswith("gymnasium/")}
    smallest = [label for label in SMALLEST if label in gym]
    named = ", ".join(f"{short(label)} {ratio[label]:.2f}x" for label in TRAINED_ON
                      if label in ratio)
    return [
        f"`mj_step(m, d, nstep)` with every constraint on, from the default state: geomean "
        f"{geomean_of(ratio.values()):.2f}x the reference's steps per second over the "
        f"{len(ratio)} public models (gymnasium's and dm_control's), the slowest "
        f"{short(slowest)} at {ratio[slowest]:.2f}x; {named}.",
        f"The Python loop (new controls, `mj_step(m, d)`, read `qpos` and `qvel`): geomean "
        f"{geomean_of(float(gym[label]['ratio']) for label in gym):.2f}x over gymnasium's "
        f"{len(gym)} models, {geomean_of(float(gym[label]['ratio']) for label in smallest):.2f}x "
        f"over its 5 smallest ({', '.join(short(label) for label in smallest)}).",
    ]


def rollout_lines(rows: list[dict]) -> list[str]:
    by_steps: dict[str, list[dict]] = {}
    for row in rows:
        by_steps.setdefault(row["steps"], []).append(row)
    parts = []
    for steps, group in sorted(by_steps.items(), key=lambda item: int(item[0])):
        figures = ", ".join(f"{row['model']} {float(row['mjsim_scaling']):.2f}x / "
                            f"{float(row['ratio_2t']):.2f}x" for row in group)
        parts.append(f"{steps} steps: {figures}")
    return ["`rollout` of 16 rollouts, 2 threads over 1 thread / over the reference's 2 threads: "
            + "; ".join(parts) + "."]


def figures_block() -> str:
    lines = step_lines(read_rows("step_public.csv")) + rollout_lines(read_rows("rollout.csv"))
    return "\n".join([BEGIN, *lines, END])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check the README")
    args = parser.parse_args(argv)
    text = README.read_text()
    start, stop = text.find(BEGIN), text.find(END)
    if start < 0 or stop < 0:
        print(f"README.md has no {BEGIN} ... {END} block", file=sys.stderr)
        return 1
    updated = text[:start] + figures_block() + text[stop + len(END):]
    if args.check:
        if updated != text:
            print("README.md's speed figures differ from benchmarks/results: run "
                  "python benchmarks/readme_figures.py", file=sys.stderr)
            return 1
        return 0
    README.write_text(updated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
