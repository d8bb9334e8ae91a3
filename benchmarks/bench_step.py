"""Simulation speed, mjsim against the reference (mujoco), in one process; by default with
constraints disabled (smooth dynamics).

    python benchmarks/bench_step.py [--repeats 5] [--seconds 0.1] [--filter TEXT]
                                    [--integrator euler|rk4|implicit|implicitfast|model]
                                    [--constraints none|nocontact|all]
                                    [--start random|default] [--models all|public]

--constraints: none sets mjDSBL_CONSTRAINT (the default); nocontact keeps equality, friction
loss and limit rows and sets mjDSBL_CONTACT (most colliders are pending); all keeps everything.

--start default starts every model from its default state (mj_resetData: qpos0, at rest, zero
controls) instead of a random one; --models public takes gymnasium's and dm_control's models
only. The speed table users see (README) is `--constraints all --start default --models public`,
written to step_public.csv.

For every model of the corpus (tests/corpus.py) both engines get the disable flags, the same
random configuration, velocities and controls (tests/support.py); after a warm-up, each
repetition times a loop in mjsim and in mujoco, alternating which goes first. Every timed loop
starts from that same initial state (restored before the timer starts), so both engines time
the same stretch of simulation: a chaotic model left running drifts into different states in
the two engines (a fallen robot with more contacts in one of them), which timed different work. The table gives
the median rate of each in simulation steps per second, the ratio mjsim/mujoco (above 1:
mjsim is faster) and the geometric mean of the ratios, for two row groups:

  mj_step(nstep=100)   mj_step(m, d, nstep=100): the stepping loop in C++
  python_loop          d.ctrl[:] = u (random); mj_step(m, d); read d.qpos, d.qvel: a
                       user's per-step loop

Results are also written to benchmarks/results/step.csv (step_constraints.csv with
--constraints all). A benchmark reports; it never passes or fails.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from harness import RESULTS_DIR, Report, common_arguments, header, load_corpus
from support import random_motion

DISABLE = {"none": 1, "nocontact": 1 << 4, "all": 0}  # mjDSBL_CONSTRAINT, mjDSBL_CONTACT
NSTEP = 100
INTEGRATORS = {"euler": 0, "rk4": 1, "implicit": 2, "implicitfast": 3}


# the state every timed loop starts from, by id(MjData) (saved by prepare)
START_STATES: dict[int, dict] = {}
STATE_FIELDS = ("qpos", "qvel", "act", "ctrl", "qacc_warmstart", "mocap_pos", "mocap_quat",
                "qfrc_applied", "xfrc_applied")


def save_start(d) -> None:
    START_STATES[id(d)] = {"time": d.time,
                           **{name: getattr(d, name).copy() for name in STATE_FIELDS}}


def restore_start(d) -> None:
    state = START_STATES[id(d)]
    d.time = state["time"]
    for name in STATE_FIELDS:
        getattr(d, name)[:] = state[name]


def loop_nstep(engine, m, d, count: int) -> float:
    step = engine.mj_step
    restore_start(d)
    start = time.perf_counter()
    for _ in range(count):
        step(m, d, NSTEP)
    return time.perf_counter() - start


loop_nstep.steps_per_call = NSTEP  # rates are simulation steps per second
def loop_python(engine, m, d, count: int) -> float:
    step = engine.mj_step
    controls = random_controls(m, 64)
    restore_start(d)
    read = m.nq > 0 and m.nv > 0
    start = time.perf_counter()
    for i in range(count):
        d.ctrl[:] = controls[i & 63]
        step(m, d)
        if read:
            d.qpos[0], d.qvel[0]
    return time.perf_counter() - start


def random_controls(m, count: int) -> np.ndarray:
    """count rows of controls, uniform in each actuator's ctrlrange (or [-1, 1] where it has
    none), the same for both engines."""
    low = np.where(m.actuator_ctrllimited, m.actuator_ctrlrange[:, 0], -1.0)
    high = np.where(m.actuator_ctrllimited, m.actuator_ctrlrange[:, 1], 1.0)
    return np.random.default_rng(0).uniform(low, high, size=(count, m.nu))


GROUPS = [
    ("mj_step(nstep=100)", loop_nstep),
    ("python_loop", loop_python),
]


def prepare(pair, integrator: int | None, seed: int, disable: int = 1,
            start: str = "random") -> None:
    """Disable flags and the integrator set; both engines in their default state (start
    "default") or in the same random configuration and motion."""
    motion = random_motion(pair[1][1], np.random.default_rng(seed))
    for engine, model, data in pair:
        model.opt.disableflags = model.opt.disableflags | disable
        if integrator is not None:
            model.opt.integrator = integrator
        if start == "default":
            engine.mj_resetData(model, data)
        else:
            data.qvel[:] = motion.qvel
            data.act[:] = motion.act
            data.ctrl[:] = motion.ctrl
        save_start(data)


def default_csv_name(args) -> str:
    """The committed tables: step.csv (constraints none), step_constraints.csv (all),
    step_public.csv (all, default start, public models); other choices get longer names."""
    if (args.constraints, args.start, args.models) == ("all", "default", "public"):
        return "step_public.csv"
    suffix = {"none": "", "all": "_constraints"}.get(args.constraints,
                                                     f"_constraints_{args.constraints}")
    suffix += "" if args.start == "random" else f"_{args.start}"
    suffix += "" if args.models == "all" else f"_{args.models}"
    return f"step{suffix}.csv"


def main(argv=None) -> int:
    parser = common_arguments(__doc__.split("\n\n")[0], None)
    parser.add_argument("--integrator", default="model", choices=[*INTEGRATORS, "model"],
                        help="integrator for every model; 'model' keeps each model's own")
    parser.add_argument("--constraints", default="none", choices=list(DISABLE),
                        help="which constraints stay enabled")
    parser.add_argument("--start", default="random", choices=["random", "default"],
                        help="the state every timed loop starts from")
    parser.add_argument("--models", default="all", choices=["all", "public"],
                        help="the whole corpus, or gymnasium's and dm_control's models")
    args = parser.parse_args(argv)

    import mjsim
    import mujoco

    if args.csv is None:
        args.csv = RESULTS_DIR / default_csv_name(args)
    print(header(mjsim, mujoco, args.repeats), f"  integrator: {args.integrator}",
          f"  constraints: {args.constraints}  start: {args.start}  models: {args.models}")
    integrator = INTEGRATORS.get(args.integrator)

    def prepare_or_skip(pair, seed):
        prepare(pair, integrator, seed, DISABLE[args.constraints], args.start)
        try:  # a model mjsim cannot simulate yet is skipped with the reason
            mjsim.mj_step(pair[0][1], pair[0][2])
        except ValueError as error:
            return " ".join(str(error).split())
        return None

    loaded = load_corpus(mjsim, mujoco, args.filter, prepare_or_skip,
                         public_only=args.models == "public")
    report = Report()
    for group, loop in GROUPS:
        report.compare_all(group, "simulation steps per second", loop, loaded, args)
    report.write_csv(args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
