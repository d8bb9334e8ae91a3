"""A user's per-step Python loop (gymnasium style) to count instructions under callgrind.

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*functools_reduce*' \\
        python benchmarks/callgrind_loop.py mjsim|mujoco MODEL.xml [NSTEPS]

Each step sets d.ctrl from a table, calls mj_step(m, d) and reads d.qpos and d.qvel (copies,
as an observation). The loop runs inside functools.reduce so that callgrind counts it alone
(the toggle above): the Python overhead of every call is in the count, not the import.
"""

from __future__ import annotations

import functools
import importlib
import sys

import numpy as np


def main(argv: list[str]) -> int:
    engine = importlib.import_module(argv[1])
    steps = int(argv[3]) if len(argv) > 3 else 200
    m = engine.MjModel.from_xml_path(argv[2])
    d = engine.MjData(m)
    controls = [np.full(m.nu, x) for x in np.linspace(-0.5, 0.5, 16)]
    step = engine.mj_step

    def body(observation, i):
        d.ctrl[:] = controls[i & 15]
        step(m, d)
        return np.concatenate((d.qpos, d.qvel))

    step(m, d, 10)
    engine.mj_resetData(m, d)
    observation = functools.reduce(body, range(steps), None)
    print(f"{argv[1]}: {steps} steps, time {d.time:.4f}, obs[0] {observation[0]:.6f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
