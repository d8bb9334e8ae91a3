"""A fixed stretch of stepping to count instructions under callgrind, for either engine.

    valgrind --tool=callgrind --toggle-collect='*mj_step*' \\
        python benchmarks/callgrind_step.py mjsim|mujoco MODEL.xml [NSTEPS]

The model is reset to its default state, stepped 10 times unmeasured, reset again, then
stepped NSTEPS times (default 200) from Python, one mj_step call per step. Instruction counts
repeat exactly for the same build and inputs, so they compare the engines (and two builds) on
a busy machine where wall time cannot. Run valgrind on the real interpreter (not a pyenv shim).
"""

from __future__ import annotations

import importlib
import sys


def main(argv: list[str]) -> int:
    engine = importlib.import_module(argv[1])
    steps = int(argv[3]) if len(argv) > 3 else 200
    m = engine.MjModel.from_xml_path(argv[2])
    d = engine.MjData(m)
    engine.mj_step(m, d, 10)
    engine.mj_resetData(m, d)
    for _ in range(steps):
        engine.mj_step(m, d)
    print(f"{argv[1]}: {steps} steps, time {d.time:.4f}, ncon {d.ncon}, nefc {d.nefc}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
