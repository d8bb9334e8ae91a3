"""Python call overhead of the API, mjsim against the reference (mujoco), in one process.

    python benchmarks/bench_overhead.py [--repeats 7] [--count 20000]

Each operation runs `count` times in a loop on a tiny model (one pendulum, one sensor), so the
engine work is small and the time is mostly the binding's: argument conversion, the GIL,
attribute lookup, building NumPy views. Operations:

  mj_step            mujoco.mj_step(m, d)
  mj_forward         mujoco.mj_forward(m, d)
  read d.qpos        d.qpos
  write d.ctrl[0]    d.ctrl[0] = x
  m.body('pole')     named model access
  d.joint('swing').qpos   named data access and the view
  d.sensor('angle').data  the same for a sensor
  mj_name2id         mujoco.mj_name2id(m, mjOBJ_BODY, 'pole')

The repetitions alternate which engine goes first; the table gives the median time per call
in microseconds for each engine and the ratio reference/mjsim (above 1: mjsim is faster).
Results are written to benchmarks/results/overhead.csv. A benchmark reports; it never passes
or fails.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import time

from harness import RESULTS_DIR, header

RESULTS = RESULTS_DIR / "overhead.csv"

XML = """
<mujoco>
  <worldbody>
    <body name="pole" pos="0 0 1">
      <joint name="swing" type="hinge" axis="0 1 0"/>
      <geom type="capsule" fromto="0 0 0 0 0 -0.5" size="0.02"/>
    </body>
  </worldbody>
  <actuator><motor joint="swing"/></actuator>
  <sensor><jointpos name="angle" joint="swing"/></sensor>
</mujoco>
"""


def operations(engine, m, d):
    """name -> a function of no arguments doing the operation once."""
    step, forward, name2id = engine.mj_step, engine.mj_forward, engine.mj_name2id
    body = engine.mjtObj.mjOBJ_BODY

    def write_ctrl():
        d.ctrl[0] = 0.1

    return {
        "mj_step": lambda: step(m, d),
        "mj_forward": lambda: forward(m, d),
        "read d.qpos": lambda: d.qpos,
        "write d.ctrl[0]": write_ctrl,
        "m.body('pole')": lambda: m.body("pole"),
        "d.joint('swing').qpos": lambda: d.joint("swing").qpos,
        "d.sensor('angle').data": lambda: d.sensor("angle").data,
        "mj_name2id": lambda: name2id(m, body, "pole"),
    }


def time_loop(function, count: int) -> float:
    """Seconds per call of `function` over `count` calls."""
    start = time.perf_counter()
    for _ in range(count):
        function()
    return (time.perf_counter() - start) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--count", type=int, default=20000)
    args = parser.parse_args()
    import mujoco

    import mjsim

    print(header(mjsim, mujoco, args.repeats))
    engines = {}
    for label, engine in (("mjsim", mjsim), ("mujoco", mujoco)):
        m = engine.MjModel.from_xml_string(XML)
        d = engine.MjData(m)
        engines[label] = operations(engine, m, d)
    times = {label: {name: [] for name in ops} for label, ops in engines.items()}
    for repeat in range(args.repeats):
        order = ["mjsim", "mujoco"] if repeat % 2 == 0 else ["mujoco", "mjsim"]
        for name in engines["mjsim"]:
            for label in order:
                function = engines[label][name]
                time_loop(function, args.count // 10)  # warm up
                times[label][name].append(time_loop(function, args.count))
    rows = []
    print(f"{'operation':26s} {'mjsim us':>10s} {'mujoco us':>10s} {'ratio':>7s}")
    for name in engines["mjsim"]:
        ours = statistics.median(times["mjsim"][name]) * 1e6
        ref = statistics.median(times["mujoco"][name]) * 1e6
        rows.append((name, f"{ours:.3f}", f"{ref:.3f}", f"{ref / ours:.2f}"))
        print(f"{name:26s} {ours:10.3f} {ref:10.3f} {ref / ours:7.2f}")
    RESULTS.parent.mkdir(exist_ok=True)
    with open(RESULTS, "w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["operation", "mjsim_us", "mujoco_us", "ratio_mujoco_over_mjsim"])
        writer.writerows(rows)


if __name__ == "__main__":
    main()
