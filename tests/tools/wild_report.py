"""mjsim against the reference on the wild corpus (tests/wild_corpus.py): every model of the
public packages, stage by stage.

    PYTHONPATH=python python tests/tools/wild_report.py [--filter TEXT] [--json PATH]
        [--from-json PATH] [--seeds N] [--timeout S] [--jobs N]

Each model runs in its own subprocess (a crash or a hang is reported, not fatal) through
check_model(), which runs the stages of STAGES with the existing conformance rules:
  load        mjsim loads the file (the reference does, by the corpus' definition)
  compile     every reference MjModel field mjsim has, mesh data and BVH included
              (tests/conformance/test_compiler.py: sizes, dtypes, values within its tolerances,
              principal axes of repeated moments as inertia tensors)
  kinematics  mj_kinematics and mj_comPos at random configurations, the fields of
              test_kinematics.py within KINEMATICS_RTOL of each field's largest value
  dynamics    mj_forward without constraints at random states (test_forward.check_state)
  contacts    mj_fwdPosition at random configurations: the contact sets
              (tests/contacts.py compare_contacts_by_kind)
  constraint  mj_forward at random states: nefc, the efc_type multiset, and qacc and
              qfrc_constraint within 1e-5 relative (constraint_report.py); a miss where the
              reference moves by more than 1e-5 under one-ulp changes of the state is excused
  sensors     mj_forward at random states, every sensor within FORWARD_RTOL of max(1, |ref|)
  trajectory  20 steps from the default state with seeded random controls, qpos, qvel and
              act within 1e-6 of each field's scale (test_trajectories.py)
A model fails a stage when any of its states does; the stages after a failed load are not run.
Prints one line per model, then per package, the failure categories, and the totals the
acceptance states (load >= 98%, each stage >= 90% of the loaded models).
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import json
import re
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS))

import numpy as np  # noqa: E402

STAGES = ("load", "compile", "kinematics", "dynamics", "contacts", "constraint", "sensors",
          "trajectory")
N_STATES = 3
KINEMATICS_RTOL = 1e-9
CONSTRAINT_RTOL = 1e-5
SENSOR_RTOL = 1e-6
TIMEOUT = 600


# ---------------------------------------------------------------------------------------
# the stages of one model (each returns a problem, or None)


def compile_problem(ours, ref, path):
    from conformance.test_compiler import (AXES_DEPENDENT, axisymmetric_bodies,
                                           axisymmetric_problems, compared, dtype_problems,
                                           reference_arrays, size_problems, value_problems)

    names = compared(ours, reference_arrays(ref), path)
    problems = size_problems(ours, ref) + dtype_problems(ours, ref, names)
    bodies = axisymmetric_bodies(ours, ref)
    if bodies:
        names = [name for name in names if name not in AXES_DEPENDENT]
        problems += axisymmetric_problems(ours, ref, bodies)
    bad = [name for name in names if value_problems(ours, ref, [name])]
    if bad:
        problems.append(f"fields differ: {' '.join(bad)}\n{value_problems(ours, ref, bad[:1])}")
    return "\n".join(problems) or None


def scaled_error(ours, ref) -> float:
    ours, ref = np.asarray(ours, dtype=float), np.asarray(ref, dtype=float)
    if ref.size == 0:
        return 0.0
    if ours.shape != ref.shape:
        return float("inf")
    return float(np.nanmax(np.abs(ours - ref)) / max(np.abs(ref).max(), 1e-12))


def kinematics_problem(pair, seeds):
    import mujoco

    import mjsim
    from conformance.test_kinematics import COM_FIELDS, KINEMATICS_FIELDS

    for seed in seeds:
        pair.randomize(seed)
        for engine, m, d in ((mjsim, pair.m, pair.d), (mujoco, pair.ref_m, pair.ref_d)):
            engine.mj_kinematics(m, d)
            engine.mj_comPos(m, d)
        for field in KINEMATICS_FIELDS + COM_FIELDS:
            error = scaled_error(getattr(pair.d, field), getattr(pair.ref_d, field))
            if not error <= KINEMATICS_RTOL:
                return f"seed {seed}: {field} relative error {error:.3g}"
    return None


def dynamics_problem(pair, seeds):
    from conformance.test_forward import check_state
    from support import disable_constraints

    flags = (pair.m.opt.disableflags, pair.ref_m.opt.disableflags)
    disable_constraints(pair)
    try:
        for seed in seeds:
            pair.randomize_state(seed)
            try:
                check_state(pair, f"seed {seed}")
            except AssertionError as error:
                return str(error).splitlines()[0]
    finally:
        pair.m.opt.disableflags, pair.ref_m.opt.disableflags = flags
    return None


def contacts_problem(pair, seeds):
    from contacts import corpus_state_results

    for seed, ours, ref, problems in corpus_state_results(pair, seeds):
        if problems or ours != ref:
            return f"seed {seed}: ncon {ours} vs {ref}" + (f"; {problems[0]}" if problems else "")
    return None


def constraint_problem(pair, seeds):
    import mujoco

    import mjsim
    from support import reference_spread, solution_error

    for seed in seeds:
        pair.randomize_state(seed)
        mjsim.mj_forward(pair.m, pair.d)
        mujoco.mj_forward(pair.ref_m, pair.ref_d)
        same_rows = (pair.d.nefc == pair.ref_d.nefc
                     and sorted(pair.d.efc_type) == sorted(pair.ref_d.efc_type))
        error = solution_error(pair.d, pair.ref_d)
        if same_rows and error <= CONSTRAINT_RTOL:
            continue
        if not same_rows:
            return f"seed {seed}: nefc {pair.d.nefc} vs {pair.ref_d.nefc} (or other efc_type)"
        spread = reference_spread(pair)
        if spread <= CONSTRAINT_RTOL:
            return f"seed {seed}: error {error:.2g}, reference spread {spread:.2g}"
    return None


def sensors_problem(pair, seeds):
    import mujoco

    import mjsim

    if pair.ref_m.nsensor == 0:
        return None
    for seed in seeds:
        pair.randomize_state(seed)
        mjsim.mj_forward(pair.m, pair.d)
        mujoco.mj_forward(pair.ref_m, pair.ref_d)
        ours, ref = np.asarray(pair.d.sensordata), np.asarray(pair.ref_d.sensordata)
        error = np.abs(ours - ref) / np.maximum(1.0, np.abs(ref))
        if not np.all(error <= SENSOR_RTOL):
            row = int(np.nanargmax(np.where(np.isnan(error), np.inf, error)))
            sensor = int(np.searchsorted(pair.ref_m.sensor_adr, row, side="right") - 1)
            kind = mujoco.mjtSensor(int(pair.ref_m.sensor_type[sensor])).name
            return f"seed {seed}: sensor {sensor} ({kind}) relative error {error[row]:.3g}"
    return None


def trajectory_problem(path):
    import mjsim
    import mujoco
    from conformance.test_trajectories import (SHORT_STEPS, STATE_FIELDS, first_divergence,
                                               random_controls)
    from support import load_pair

    pair = load_pair(path, seed=None)
    controls = random_controls(pair.ref_m, SHORT_STEPS)
    ours = {field: [] for field in STATE_FIELDS}
    ref = {field: [] for field in STATE_FIELDS}
    for step in range(SHORT_STEPS):
        pair.d.ctrl[:] = pair.ref_d.ctrl[:] = controls[step]
        mjsim.mj_step(pair.m, pair.d)
        mujoco.mj_step(pair.ref_m, pair.ref_d)
        for field in STATE_FIELDS:
            ours[field].append(np.array(getattr(pair.d, field), dtype=float))
            ref[field].append(np.array(getattr(pair.ref_d, field), dtype=float))
    for field in STATE_FIELDS:
        a = np.array(ours[field]).reshape(SHORT_STEPS, -1)
        b = np.array(ref[field]).reshape(SHORT_STEPS, -1)
        problem = first_divergence(field, a, b)
        if problem:
            return problem
    return None


def _run(stage, function, *args):
    try:
        return function(*args)
    except Exception as error:  # noqa: BLE001 -- reported as the stage's problem
        return f"{stage} raised {type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"


def check_model(path: Path, seeds=range(N_STATES)) -> dict[str, str | None]:
    """{stage: problem or None} for one model; only 'load' when mjsim does not load it."""
    import mujoco

    import mjsim
    from support import Pair, disable_reference_asset_cache

    disable_reference_asset_cache(mujoco)
    try:
        ours = mjsim.MjModel.from_xml_path(str(path))
    except Exception as error:  # noqa: BLE001
        return {"load": f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"}
    ref = mujoco.MjModel.from_xml_path(str(path))
    result = {"load": None, "compile": _run("compile", compile_problem, ours, ref, path)}
    pair = Pair(m=ours, d=mjsim.MjData(ours), ref_m=ref, ref_d=mujoco.MjData(ref), name=str(path))
    try:
        pair.m.geom_fluid[:] = pair.ref_m.geom_fluid  # a known compiler gap (support.py)
    except Exception:  # noqa: BLE001 -- the compile stage reports a shape difference
        pass
    result["kinematics"] = _run("kinematics", kinematics_problem, pair, seeds)
    result["dynamics"] = _run("dynamics", dynamics_problem, pair, seeds)
    result["contacts"] = _run("contacts", contacts_problem, pair, seeds)
    result["constraint"] = _run("constraint", constraint_problem, pair, seeds)
    result["sensors"] = _run("sensors", sensors_problem, pair, seeds)
    result["trajectory"] = _run("trajectory", trajectory_problem, path)
    return result


# ---------------------------------------------------------------------------------------
# running every model, each in a subprocess


def run_in_subprocess(path: Path, seeds: int, timeout: float) -> dict[str, str | None]:
    code = (f"import sys, json; sys.path.insert(0, {str(TESTS)!r}); sys.path.insert(0, "
            f"{str(TESTS / 'tools')!r}); import wild_report; print('RESULT', json.dumps("
            f"wild_report.check_model(__import__('pathlib').Path({str(path)!r}), "
            f"range({seeds}))))")
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"load": f"timeout after {timeout:g} s"}
    for line in done.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
    return {"load": f"crash (exit {done.returncode}): {tail[:200]}"}


def category(problem: str) -> str:
    """A problem without its numbers and names, to group alike ones."""
    text = problem.splitlines()[0]
    text = re.sub(r"'[^']*'", "'…'", text)
    text = re.sub(r"seed \d+: ", "", text)
    text = re.sub(r"-?\d+(\.\d+)?(e[-+]?\d+)?", "N", text)
    return text[:140]


def print_report(rows: list[dict]) -> None:
    width = max(len(r["model"]) for r in rows)
    heads = [s[:5] for s in STAGES]
    print(f"{'model':<{width}} " + " ".join(f"{h:>5}" for h in heads) + "  first problem")
    for r in rows:
        marks = ["-" if s not in r["result"] else ("ok" if r["result"][s] is None else "FAIL")
                 for s in STAGES]
        first = next((f"{s}: {r['result'][s].splitlines()[0]}" for s in STAGES
                      if r["result"].get(s)), "")
        print(f"{r['model']:<{width}} " + " ".join(f"{m:>5}" for m in marks) + f"  {first[:160]}")
    print_packages(rows)
    print_categories(rows)
    print_totals(rows)


def stage_passes(rows, stage):
    return sum(1 for r in rows if stage in r["result"] and r["result"][stage] is None)


def print_packages(rows):
    print(f"\n{'package':<20} {'models':>6} " + " ".join(f"{s[:6]:>6}" for s in STAGES)
          + f" {'all':>6}")
    for package in dict.fromkeys(r["package"] for r in rows):
        group = [r for r in rows if r["package"] == package]
        every = sum(1 for r in group if all(r["result"].get(s, "x") is None for s in STAGES))
        print(f"{package:<20} {len(group):>6} "
              + " ".join(f"{stage_passes(group, s):>6}" for s in STAGES) + f" {every:>6}")


def print_categories(rows):
    for stage in STAGES:
        counts = collections.Counter(category(r["result"][stage]) for r in rows
                                     if r["result"].get(stage))
        if stage == "compile":
            fields = collections.Counter(
                name for r in rows if r["result"].get("compile")
                for match in re.findall(r"fields differ: ([^\n]*)", r["result"]["compile"])
                for name in match.split())
            print(f"\ncompile: models per differing field: "
                  + ", ".join(f"{n} {c}" for n, c in fields.most_common()))
        if counts:
            print(f"\n{stage} failures by category:")
            for text, count in counts.most_common():
                example = next(r["model"] for r in rows if r["result"].get(stage)
                               and category(r["result"][stage]) == text)
                print(f"  {count:4d}  {text}\n        e.g. {example}")


def print_totals(rows):
    loaded = [r for r in rows if r["result"]["load"] is None]
    packages = len({r["package"] for r in rows})
    print(f"\nmodels {len(rows)} in {packages} packages; load in mjsim {len(loaded)} "
          f"({100 * len(loaded) / max(1, len(rows)):.1f}%, acceptance 98%)")
    for stage in STAGES[1:]:
        passes = stage_passes(loaded, stage)
        print(f"  {stage:11s} passes on {passes:4d} of {len(loaded)} loaded models "
              f"({100 * passes / max(1, len(loaded)):.1f}%, acceptance 90%)")
    every = sum(1 for r in loaded if all(r["result"].get(s, "x") is None for s in STAGES))
    print(f"  every stage passes on {every} of {len(loaded)} loaded models")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--filter", default="", help="only models whose label contains this")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    parser.add_argument("--from-json", metavar="PATH", help="print the results of a run")
    parser.add_argument("--seeds", type=int, default=N_STATES)
    parser.add_argument("--timeout", type=float, default=TIMEOUT)
    parser.add_argument("--jobs", type=int, default=1, help="models run at once")
    args = parser.parse_args(argv)
    if args.from_json:
        rows = json.loads(Path(args.from_json).read_text())
    else:
        from wild_corpus import wild_label, wild_models

        chosen = [(package, path) for package, path in wild_models()
                  if args.filter in wild_label(package, path)]

        def run(item):
            package, path = item
            result = run_in_subprocess(path, args.seeds, args.timeout)
            print(wild_label(package, path), "ok" if not any(result.values()) else "FAIL",
                  file=sys.stderr, flush=True)
            return {"package": package.name, "model": wild_label(package, path),
                    "result": result}

        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            rows = list(pool.map(run, chosen))
        if args.json:
            Path(args.json).write_text(json.dumps(rows, indent=1))
    print_report([r for r in rows if args.filter in r["model"]])
    return 0


if __name__ == "__main__":
    sys.exit(main())
