"""Helpers shared by the tests: the same model and state in both engines, field comparison,
and running Python without the reference.

  load_pair(model, seed=0) -> Pair
      Loads a model (a path, or an XML string) in mjsim and in mujoco and gives both the same
      random configuration. Pair holds m, d (mjsim) and ref_m, ref_d (mujoco);
      pair.randomize(seed) sets another configuration, pair.call("mj_kinematics") runs a
      function on both.
  random_configuration(model, rng) -> Configuration
      A random valid qpos, mocap_pos and mocap_quat for a model.
  random_motion(model, rng) -> Motion
      Random qvel, act, ctrl (partly outside ctrlrange, to exercise clamping), qfrc_applied
      and xfrc_applied; pair.set_motion(motion) writes them into both engines, and
      pair.randomize_state(seed) sets a random configuration and motion at once.
  disable_constraints(pair)
      Sets mjDSBL_CONSTRAINT in both models: the smooth dynamics alone, comparable exactly.
  use_reference_geom_fluid(pair)
      Copies the reference's geom_fluid (a known compiler gap) so dynamics compare exactly.
  assert_fields_close(ours, ref, names, atol, rtol=0.0, *, model=None, context="")
      Compares fields of two MjModel or MjData objects; a failure names the field, the row
      by object name, the largest error and the tolerance.
  run_without_mujoco(code, cwd=None) -> subprocess.CompletedProcess
      Runs Python code in a fresh interpreter in which importing mujoco raises ImportError.
  child_environment(**variables) -> dict
      The environment for a child interpreter that imports the same mjsim as this one.
  disable_reference_asset_cache(mujoco)
      Turns off the reference's process-wide asset cache (conftest does it for every test).
  limit_child_memory()
      preexec_fn for a child process: at most 4 GB of address space.

mujoco (the reference) is imported only when a function needs it, so that this module, and
the oracle-free tests that use it, work without it.
"""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy as np

# mjtJoint values, the same in both engines.
JOINT_FREE, JOINT_BALL, JOINT_SLIDE, JOINT_HINGE = 0, 1, 2, 3
QPOS_WIDTH = {JOINT_FREE: 7, JOINT_BALL: 4, JOINT_SLIDE: 1, JOINT_HINGE: 1}
DOF_WIDTH = {JOINT_FREE: 6, JOINT_BALL: 3, JOINT_SLIDE: 1, JOINT_HINGE: 1}

# Where a random configuration's unlimited coordinates are drawn from.
UNLIMITED_HINGE_RANGE = (-np.pi, np.pi)
UNLIMITED_SLIDE_RANGE = (-1.0, 1.0)
POSITION_BOX = (-1.0, 1.0)  # free-joint and mocap positions, per coordinate


def disable_reference_asset_cache(mujoco) -> None:
    """The reference keeps processed meshes in a process-wide cache keyed by file, so a visual
    mesh compiled after a collision mesh of the same file (in the same model, or in any model
    loaded before) gets the collision mesh's hull polygons. Comparisons are against the
    reference's compiler, not its history: capacity 1 byte holds nothing (0 crashes it)."""
    mujoco.mj_setCacheCapacity(mujoco.mj_getCache(), 1)


def limit_child_memory() -> None:
    """preexec_fn for a child process: 4 GB of address space, so that a runaway allocation fails
    instead of exhausting the machine. Not under the sanitizers (.ci/sanitize sets
    MJSIM_SANITIZE: AddressSanitizer reserves terabytes of shadow address space at start) and not
    where the resource module does not exist (Windows)."""
    if os.environ.get("MJSIM_SANITIZE"):
        return
    try:
        import resource
    except ImportError:
        return
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))


def _reference():
    import pytest

    return pytest.importorskip("mujoco")


def _engine():
    import mjsim

    return mjsim


def is_xml_text(model: str | Path) -> bool:
    return isinstance(model, str) and model.lstrip().startswith("<")


def load_model(engine, model: str | Path, assets: dict | None = None):
    """engine.MjModel from a path or from XML text."""
    if is_xml_text(model):
        return engine.MjModel.from_xml_string(model, assets)
    return engine.MjModel.from_xml_path(str(model), assets)


# ---------------------------------------------------------------------------------------
# random configurations


@dataclasses.dataclass
class Configuration:
    qpos: np.ndarray        # (nq,)
    mocap_pos: np.ndarray   # (nmocap, 3)
    mocap_quat: np.ndarray  # (nmocap, 4), unit quaternions


def random_unit_quaternions(rng: np.random.Generator, count: int) -> np.ndarray:
    """Uniformly distributed rotations: normalized 4-d Gaussian samples, shape (count, 4)."""
    quat = rng.standard_normal((count, 4))
    return quat / np.linalg.norm(quat, axis=1, keepdims=True)


def random_configuration(model, rng: np.random.Generator) -> Configuration:
    """A random valid configuration of `model` (either engine's MjModel):
    hinge and slide joints uniform in their range if limited, else in UNLIMITED_*_RANGE;
    ball joints a random unit quaternion; free joints a random position in POSITION_BOX^3
    and a random unit quaternion; mocap bodies likewise a random position and orientation."""
    qpos = np.zeros(model.nq)
    for joint in range(model.njnt):
        joint_type = int(model.jnt_type[joint])
        adr = int(model.jnt_qposadr[joint])
        if joint_type == JOINT_FREE:
            qpos[adr:adr + 3] = rng.uniform(*POSITION_BOX, size=3)
            qpos[adr + 3:adr + 7] = random_unit_quaternions(rng, 1)[0]
        elif joint_type == JOINT_BALL:
            qpos[adr:adr + 4] = random_unit_quaternions(rng, 1)[0]
        else:
            low, high = UNLIMITED_HINGE_RANGE if joint_type == JOINT_HINGE else UNLIMITED_SLIDE_RANGE
            if model.jnt_limited[joint]:
                low, high = model.jnt_range[joint]
            qpos[adr] = rng.uniform(low, high)
    return Configuration(
        qpos=qpos,
        mocap_pos=rng.uniform(*POSITION_BOX, size=(model.nmocap, 3)),
        mocap_quat=random_unit_quaternions(rng, model.nmocap),
    )


@dataclasses.dataclass
class Motion:
    """Velocity-level state and inputs: everything but the configuration."""

    qvel: np.ndarray
    act: np.ndarray
    ctrl: np.ndarray
    qfrc_applied: np.ndarray
    xfrc_applied: np.ndarray


VELOCITY_SCALE = 1.0  # qvel entries are standard normal times this
FORCE_SCALE = 0.5     # qfrc_applied and xfrc_applied likewise


def random_motion(model, rng: np.random.Generator) -> Motion:
    """Random qvel, act, ctrl and applied forces for `model` (either engine's MjModel).
    act is drawn inside actrange where limited, else in [-1, 1] (muscles: [0, 1]); ctrl is
    drawn from ctrlrange widened by 20% on each side where limited, so clamping is exercised,
    else in [-1, 1]. The world body gets no applied force."""
    act = rng.uniform(-1.0, 1.0, size=model.na)
    for actuator in range(model.nu):
        adr = int(model.actuator_actadr[actuator])
        if adr < 0:
            continue
        for k in range(int(model.actuator_actnum[actuator])):
            if model.actuator_actlimited[actuator]:
                act[adr + k] = rng.uniform(*model.actuator_actrange[actuator])
            elif model.actuator_dyntype[actuator] == 4:  # mjDYN_MUSCLE
                act[adr + k] = rng.uniform(0.0, 1.0)
    ctrl = rng.uniform(-1.0, 1.0, size=model.nu)
    for actuator in range(model.nu):
        if model.actuator_ctrllimited[actuator]:
            low, high = model.actuator_ctrlrange[actuator]
            margin = 0.2 * (high - low)
            ctrl[actuator] = rng.uniform(low - margin, high + margin)
    xfrc = FORCE_SCALE * rng.standard_normal((model.nbody, 6))
    xfrc[0] = 0
    return Motion(
        qvel=VELOCITY_SCALE * rng.standard_normal(model.nv),
        act=act,
        ctrl=ctrl,
        qfrc_applied=FORCE_SCALE * rng.standard_normal(model.nv),
        xfrc_applied=xfrc,
    )


def use_reference_geom_fluid(pair) -> None:
    """Gives our model the reference's compiled geom_fluid. The ellipsoid fluid model's
    virtual mass and inertia come from the reference's quadrature, which the compiler does not
    reproduce (up to 1e-7 relative for spheres, 3.5e-4 for flat ellipsoids; see
    test_bounding.py); the dynamics tests compare the engines on the identical Model."""
    ours, ref = np.asarray(pair.m.geom_fluid), np.asarray(pair.ref_m.geom_fluid)
    assert np.allclose(ours, ref, rtol=1e-3, atol=1e-9), "geom_fluid differs beyond the known gap"
    pair.m.geom_fluid[:] = ref


def disable_constraints(pair) -> None:
    """mjDSBL_CONSTRAINT in both models (1 << 0 in both engines)."""
    for model in (pair.m, pair.ref_m):
        model.opt.disableflags = model.opt.disableflags | 1


# ---------------------------------------------------------------------------------------
# the same model and state in both engines


@dataclasses.dataclass
class Pair:
    """One model loaded in mjsim (m, d) and in the reference (ref_m, ref_d)."""

    m: Any
    d: Any
    ref_m: Any
    ref_d: Any
    name: str = ""  # for messages: the model's corpus label, or "<xml>"

    def __iter__(self):  # m, d, ref_m, ref_d = pair
        return iter((self.m, self.d, self.ref_m, self.ref_d))

    def set_configuration(self, config: Configuration) -> None:
        """Writes the same qpos, mocap_pos and mocap_quat into both MjData."""
        for data in (self.d, self.ref_d):
            data.qpos[:] = config.qpos
            data.mocap_pos[:] = config.mocap_pos
            data.mocap_quat[:] = config.mocap_quat

    def randomize(self, seed: int | None) -> Configuration | None:
        """seed None: mj_resetData in both (qpos0 and the mocap bodies' model poses).
        Otherwise a random configuration drawn with that seed, from the reference model's
        joint types and ranges. Returns the configuration set (None after a reset)."""
        if seed is None:
            self.call("mj_resetData")
            return None
        config = random_configuration(self.ref_m, np.random.default_rng(seed))
        self.set_configuration(config)
        return config

    def set_motion(self, motion: Motion) -> None:
        """Writes the same qvel, act, ctrl and applied forces into both MjData."""
        for data in (self.d, self.ref_d):
            for field in dataclasses.fields(motion):
                getattr(data, field.name)[:] = getattr(motion, field.name)

    def randomize_state(self, seed: int) -> tuple[Configuration, Motion]:
        """A random configuration and a random motion, drawn with `seed`, in both engines."""
        rng = np.random.default_rng(seed)
        config = random_configuration(self.ref_m, rng)
        motion = random_motion(self.ref_m, rng)
        self.set_configuration(config)
        self.set_motion(motion)
        return config, motion

    def call(self, function: str, *args) -> None:
        """Runs engine.<function>(m, d, *args) in mjsim and in the reference."""
        getattr(_engine(), function)(self.m, self.d, *args)
        getattr(_reference(), function)(self.ref_m, self.ref_d, *args)


def load_pair(model: str | Path, seed: int | None = 0, assets: dict | None = None) -> Pair:
    """Loads `model` (a path or XML text) in mjsim and in mujoco, and sets the same random
    configuration in both (see Pair.randomize; seed None keeps qpos0). Skips the calling
    test if mujoco is not installed."""
    reference = _reference()
    engine = _engine()
    if is_xml_text(model):
        name = "<xml>"
    else:
        from corpus import label

        name = label(model)
    m = load_model(engine, model, assets)
    ref_m = load_model(reference, model, assets)
    pair = Pair(m=m, d=engine.MjData(m), ref_m=ref_m, ref_d=reference.MjData(ref_m), name=name)
    pair.randomize(seed)
    return pair


# ---------------------------------------------------------------------------------------
# comparing fields

# The object type that indexes a field's rows, for fields whose name does not say it.
_ROW_OBJECT = {
    **dict.fromkeys(
        ["xpos", "xquat", "xmat", "xipos", "ximat", "subtree_com", "cinert", "crb", "cvel",
         "cacc", "cfrc_int", "cfrc_ext", "xfrc_applied", "subtree_linvel", "subtree_angmom"],
        "body"),
    **dict.fromkeys(["xanchor", "xaxis"], "joint"),
    **dict.fromkeys(
        ["cdof", "cdof_dot", "qvel", "qacc", "qacc_warmstart", "qacc_smooth", "qfrc_applied",
         "qfrc_bias", "qfrc_passive", "qfrc_actuator", "qfrc_smooth", "qfrc_constraint",
         "qfrc_inverse", "dof_bodyid", "dof_jntid", "dof_parentid", "dof_armature",
         "dof_damping", "dof_frictionloss", "qvel0"],
        "dof"),
    **dict.fromkeys(["qpos", "qpos0", "qpos_spring"], "qpos"),
    **dict.fromkeys(["mocap_pos", "mocap_quat"], "mocap"),
    **dict.fromkeys(["ctrl", "act", "act_dot"], "actuator"),
}
_PREFIX_OBJECT = {
    "body_": "body", "jnt_": "joint", "dof_": "dof", "geom_": "geom", "site_": "site",
    "cam_": "camera", "light_": "light", "actuator_": "actuator", "sensor_": "sensor",
    "tendon_": "tendon", "ten_": "tendon", "mat_": "material", "mesh_": "mesh",
    "eq_": "equality", "key_": "key",
}


# ---- whether the reference determines its own answer (constraint_report, test_solver) ----

def relative_error(ours, ref) -> float:
    """max |ours - ref| over max |ref| (1e-12 at least); 0 for empty fields"""
    ref = np.asarray(ref)
    if ref.size == 0:
        return 0.0
    return float(np.abs(np.asarray(ours) - ref).max() / max(1e-12, np.abs(ref).max()))


def solution_error(d, ref_d) -> float:
    """the larger of qacc's and qfrc_constraint's relative_error"""
    return max(relative_error(d.qacc, ref_d.qacc),
               relative_error(d.qfrc_constraint, ref_d.qfrc_constraint))


def ulp_perturbations(model, qpos, qvel, entries_each: int = 64):
    """(qpos, qvel) pairs one ulp away from the state: whole vectors scaled, and each entry
    moved up and down when there are at most entries_each of them."""
    ulp = 2.0 ** -52
    for scale_pos, scale_vel in ((1 + ulp, 1), (1 - ulp, 1), (1, 1 + ulp), (1, 1 - ulp)):
        yield qpos * scale_pos, qvel * scale_vel
    if model.nq + model.nv > entries_each:
        return
    for vector, index in [(0, i) for i in range(model.nq)] + [(1, i) for i in range(model.nv)]:
        for direction in (np.inf, -np.inf):
            state = [qpos.copy(), qvel.copy()]
            state[vector][index] = np.nextafter(state[vector][index], direction)
            yield state


def reference_spread(pair) -> float:
    """the reference's largest change of qacc or qfrc_constraint under ulp_perturbations"""
    mujoco, m, d = _reference(), pair.ref_m, pair.ref_d
    qpos, qvel = d.qpos.copy(), d.qvel.copy()
    mujoco.mj_forward(m, d)
    qacc, qfrc = d.qacc.copy(), d.qfrc_constraint.copy()
    spread = 0.0
    for perturbed_pos, perturbed_vel in ulp_perturbations(m, qpos, qvel):
        d.qpos[:], d.qvel[:] = perturbed_pos, perturbed_vel
        mujoco.mj_forward(m, d)
        spread = max(spread, relative_error(d.qacc, qacc), relative_error(d.qfrc_constraint, qfrc))
    d.qpos[:], d.qvel[:] = qpos, qvel
    mujoco.mj_forward(m, d)
    return spread


POSITION_STAGES = ("mj_kinematics", "mj_comPos", "mj_camlight", "mj_flex", "mj_tendon", "mj_crb",
                   "mj_factorM", "mj_collision")
LATER_STAGES = ("mj_makeConstraint", "mj_transmission", "mj_projectConstraint", "mj_fwdVelocity",
                "mj_fwdActuation", "mj_fwdAcceleration", "mj_fwdConstraint")


def reference_given_our_contacts(pair) -> float:
    """the reference's mj_forward run stage by stage with our contact frames, positions and
    distances written over its own after mj_collision, against our qacc and
    qfrc_constraint; inf when the contact counts differ"""
    mujoco, m, d = _reference(), pair.ref_m, pair.ref_d
    for stage in POSITION_STAGES:
        getattr(mujoco, stage)(m, d)
    if d.ncon != pair.d.ncon:
        return float("inf")
    for ours, theirs in zip(pair.d.contact, d.contact):
        theirs.frame[:], theirs.pos[:], theirs.dist = ours.frame, ours.pos, ours.dist
    for stage in LATER_STAGES:
        getattr(mujoco, stage)(m, d)
    error = solution_error(pair.d, d)
    mujoco.mj_forward(m, d)
    return error


def _row_object(field: str) -> str | None:
    if field in _ROW_OBJECT:
        return _ROW_OBJECT[field]
    for prefix, kind in _PREFIX_OBJECT.items():
        if field.startswith(prefix):
            return kind
    return None


def _object_name(model, kind: str, index: int) -> str:
    """'body 'upper_arm' (id 3)' or 'body 3' when unnamed or when names are unavailable."""
    try:
        name = getattr(model, kind)(index).name
    except Exception:  # mjsim without named access yet, or index out of range
        name = ""
    return f"{kind} '{name}' (id {index})" if name else f"{kind} {index}"


def _joint_of_address(model, adr: int, field: str) -> tuple[int, int] | None:
    """(joint, component) owning qpos address or dof index `adr`."""
    starts = np.asarray(model.jnt_qposadr if field == "qpos" else model.jnt_dofadr)
    widths = QPOS_WIDTH if field == "qpos" else DOF_WIDTH
    for joint in range(model.njnt):
        start = int(starts[joint])
        if start <= adr < start + widths[int(model.jnt_type[joint])]:
            return joint, adr - start
    return None


def row_label(model, field: str, row: int) -> str:
    """Names row `row` of `field` for a message, by object name where the model allows."""
    kind = _row_object(field)
    if model is None or kind is None:
        return f"row {row}"
    try:
        if kind in ("qpos", "dof"):
            owner = _joint_of_address(model, row, kind)
            prefix = f"{'qpos' if kind == 'qpos' else 'dof'} {row}"
            if owner is None:
                return prefix
            joint, component = owner
            return f"{prefix} ({_object_name(model, 'joint', joint)}, component {component})"
        if kind == "mocap":
            body = int(np.flatnonzero(np.asarray(model.body_mocapid) == row)[0])
            return f"mocap {row} ({_object_name(model, 'body', body)})"
        return _object_name(model, kind, row)
    except Exception:
        return f"{kind} {row}"


def _model_of(obj):
    """The MjModel that names obj's rows: obj itself if it is a model, else obj.model."""
    if hasattr(obj, "nq") and hasattr(obj, "body_pos"):
        return obj
    return getattr(obj, "model", None)


def _format_row(row: np.ndarray) -> str:
    return "[" + ", ".join(repr(x.item()) for x in row.ravel()) + "]"


def _compare_field(field, ours, ref, atol, rtol, model) -> str | None:
    """None if the field agrees, else a one-paragraph description of the disagreement."""
    try:
        a = np.asarray(getattr(ours, field))
    except AttributeError:
        return f"{field}: missing from ours ({type(ours).__name__})"
    b = np.asarray(getattr(ref, field))
    if a.shape != b.shape:
        return f"{field}: shape {a.shape}, reference shape {b.shape}"
    if a.size == 0:
        return None
    exact = np.issubdtype(b.dtype, np.integer) or np.issubdtype(b.dtype, np.bool_)
    if exact:
        error = np.abs(a.astype(np.int64) - b.astype(np.int64)).astype(float)
        bound = np.zeros_like(error)
    else:
        error = np.abs(a.astype(float) - b.astype(float))
        error[np.isnan(a) != np.isnan(b)] = np.inf
        error[np.isnan(a) & np.isnan(b)] = 0.0
        bound = atol + rtol * np.abs(b)
    bad = error > bound
    if not bad.any():
        return None
    worst = np.unravel_index(np.argmax(np.where(bad, error - bound, -np.inf)), error.shape)
    row = int(worst[0]) if error.ndim else 0
    column = f", column {worst[1]}" if error.ndim > 1 else ""
    tolerance = "exact" if exact else f"atol {atol:g}" + (f" + rtol {rtol:g}*|ref|" if rtol else "")
    lines = [
        f"{field}: {int(bad.sum())} of {error.size} entries differ; largest error "
        f"{error.max():.3g} (tolerance {tolerance})",
        f"  worst at {row_label(model, field, row)}{column}",
    ]
    if error.ndim > 1:
        lines += [f"    ours {_format_row(a[row])}",
                  f"    ref  {_format_row(b[row])}"]
    else:
        lines += [f"    ours {a[worst].item()!r}   ref {b[worst].item()!r}"]
    return "\n".join(lines)


def assert_fields_close(ours, ref, names, atol: float, rtol: float = 0.0, *, model=None,
                        context: str = "") -> None:
    """Asserts that every field in `names` of `ours` matches `ref` elementwise:
    |ours - ref| <= atol + rtol*|ref| for real arrays, equality for integer arrays. Shapes
    must match. A failure lists every disagreeing field with its largest error, the worst
    row named by object (from `model`, by default ref itself or ref.model), and the values.
    `context` (e.g. the model and seed) prefixes the message."""
    __tracebackhide__ = True  # pytest shows the caller's line and this message, not this body
    if model is None:
        model = _model_of(ref)
    problems = [p for p in (_compare_field(f, ours, ref, atol, rtol, model) for f in names) if p]
    if problems:
        header = f"{context}: " if context else ""
        raise AssertionError(header + f"{len(problems)} field(s) differ from the reference\n"
                             + "\n".join(problems))


# ---------------------------------------------------------------------------------------
# Python without the reference

_BLOCK_MUJOCO = textwrap.dedent('''\
    import importlib.abc, sys

    class _BlockMujoco(importlib.abc.MetaPathFinder):
        """Makes `import mujoco` fail, as on a machine without it."""
        def find_spec(self, name, path=None, target=None):
            if name == "mujoco" or name.startswith("mujoco."):
                raise ImportError(f"{name} is blocked: mjsim must not import mujoco")
            return None

    sys.meta_path.insert(0, _BlockMujoco())
    for _name in [n for n in sys.modules if n == "mujoco" or n.startswith("mujoco.")]:
        del sys.modules[_name]
''')


def child_environment(**variables) -> dict:
    """os.environ (plus `variables`) for a child interpreter that imports the same mjsim as
    this one: its folder's parent leads PYTHONPATH. The path is not resolved, so a package
    folder of symbolic links (a development overlay) stays the one imported."""
    import mjsim

    env = dict(os.environ, **variables)
    parent = os.path.dirname(os.path.dirname(os.path.abspath(mjsim.__file__)))
    env["PYTHONPATH"] = os.pathsep.join([parent] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH")
                                                    else []))
    return env


def run_without_mujoco(code: str, cwd: str | Path | None = None,
                       timeout: float = 120.0) -> subprocess.CompletedProcess:
    """Runs `code` with this interpreter in a subprocess where importing mujoco raises
    ImportError. Returns the completed process (text stdout/stderr); does not check it."""
    env = dict(os.environ)
    env.pop("PYTHONSTARTUP", None)
    return subprocess.run([sys.executable, "-c", _BLOCK_MUJOCO + "\n" + textwrap.dedent(code)],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


# ---------------------------------------------------------------------------------------
# error messages


def line_numbers(message: str) -> list[int]:
    """Every line number a message mentions: 'line 12', 'Line number=12', 'line: 12'."""
    return [int(n) for n in re.findall(r"\bline\b\D{0,10}?(\d+)", message, re.IGNORECASE)]


def assert_names_element_and_line(message: str, element: str, line: int, *words: str):
    assert re.search(rf"\b{re.escape(element)}\b", message), (
        f"message does not name element '{element}': {message!r}")
    assert line in line_numbers(message), (
        f"message does not name line {line} (found {line_numbers(message)}): {message!r}")
    for word in words:
        assert word in message, f"message does not mention {word!r}: {message!r}"
