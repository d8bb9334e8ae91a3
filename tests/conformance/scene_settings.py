"""The visualization settings the scene tests compare (test_vis_model_geoms.py,
test_vis_decorations.py, test_vis_contact_geoms.py) and their harness: both engines' scenes at a
random state for one setting, and whether a state's contacts can be compared."""

from __future__ import annotations

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import label  # noqa: E402
from support import load_pair  # noqa: E402
from conformance.vis_compare import scene_problems  # noqa: E402

STATES = 5
MAXGEOM = 2000


def _flag(name):
    return int(getattr(mujoco.mjtVisFlag, name))


def _set(opt, **values):
    for name, value in values.items():
        if name == "flags":
            for flag in value:
                opt.flags[_flag(flag)] = 1
        elif name == "label":
            opt.label = int(getattr(mujoco.mjtLabel, f"mjLABEL_{value.upper()}"))
        elif name == "frame":
            opt.frame = int(getattr(mujoco.mjtFrame, f"mjFRAME_{value.upper()}"))
        else:
            setattr(opt, name, value)


DECORATIONS = ["mjVIS_JOINT", "mjVIS_ACTUATOR", "mjVIS_TENDON", "mjVIS_COM", "mjVIS_INERTIA",
               "mjVIS_CONSTRAINT", "mjVIS_CAMERA", "mjVIS_LIGHT"]
CONTACTS = ["mjVIS_CONTACTPOINT", "mjVIS_CONTACTFORCE"]
LABELS = ["body", "joint", "geom", "site", "camera", "light", "tendon", "actuator", "constraint",
          "contactpoint", "contactforce"]
FRAMES = ["body", "geom", "site", "camera", "light", "contact", "world"]

SETTINGS = {
    "default": {},
    "transparent": {"flags": ["mjVIS_TRANSPARENT"]},
    "static_off": {},  # set below: the one default flag turned off
    **{f"labels_{name}": {"label": name, "flags": DECORATIONS + CONTACTS} for name in LABELS},
    "labels_plain": {"label": "body"},  # body labels without inertia boxes to carry them
    **{f"frames_{name}": {"frame": name, "flags": ["mjVIS_CAMERA", "mjVIS_LIGHT"]}
       for name in FRAMES},
    "frames_inertial": {"frame": "body", "flags": ["mjVIS_INERTIA"]},
    "contacts": {"flags": CONTACTS},
    "contacts_split": {"flags": CONTACTS + ["mjVIS_CONTACTSPLIT"]},
    **{f"decor_{flag[6:].lower()}": {"flags": [flag]} for flag in DECORATIONS},
    "decor_all": {"flags": DECORATIONS + CONTACTS + ["mjVIS_ACTIVATION"]},
    **{f"perturb_{active}": {"perturb": active, "flags": ["mjVIS_SELECT", "mjVIS_PERTFORCE"]}
       for active in (0, 1, 2, 3)},
    **{f"labels_{name}_{extra.lower() or 'plain'}": {
        "perturb": 0, "label": name, "flags": [f"mjVIS_{extra}"] if extra else []}
       for name in ("selection", "selpnt") for extra in ("", "SELECT", "INERTIA")},
    "perturb_all": {"perturb": 3, "flags": DECORATIONS + ["mjVIS_SELECT", "mjVIS_PERTFORCE"],
                    "frame": "body", "label": "body"},
    **{f"geomgroup_{g}": {"geomgroup": g} for g in range(6)},
    **{f"sitegroup_{g}": {"sitegroup": g} for g in range(6)},
}


def make_option(engine, setting: str):
    opt = engine.MjvOption()
    values = dict(SETTINGS[setting])
    values.pop("perturb", None)
    for key in ("geomgroup", "sitegroup"):
        if key in values:
            group = values.pop(key)
            getattr(opt, key)[group] = 1 - getattr(opt, key)[group]
    _set(opt, **values)
    if setting == "static_off":
        opt.flags[_flag("mjVIS_STATIC")] = 0
    return opt


def pair_of(path):
    return load_pair(path, seed=None)


def scenes(pair, seed: int, setting: str):
    pair.randomize_state(seed)  # controls and activations colour the actuators
    return scenes_now(pair, setting)


def scenes_now(pair, setting: str):
    m, d, ref_m, ref_d = pair
    pair.call("mj_forward")
    out = []
    for engine, model, data in ((mjsim, m, d), (mujoco, ref_m, ref_d)):
        cam = engine.MjvCamera()
        engine.mjv_defaultFreeCamera(model, cam)
        scn = engine.MjvScene(model, MAXGEOM)
        pert = engine.MjvPerturb()
        if "perturb" in SETTINGS[setting]:
            perturb(engine, model, data, cam, scn, pert, SETTINGS[setting]["perturb"])
        engine.mjv_updateScene(model, data, make_option(engine, setting), pert, cam,
                               int(engine.mjtCatBit.mjCAT_ALL), scn)
        out.append(scn)
    return out


def perturb(engine, model, data, cam, scn, pert, active: int):
    """The last body selected at a point off its origin, then pulled and turned by the mouse."""
    engine.mjv_updateScene(model, data, engine.MjvOption(), None, cam,
                           int(engine.mjtCatBit.mjCAT_ALL), scn)
    pert.select = model.nbody - 1
    pert.localpos[:] = [0.02, -0.01, 0.03]
    engine.mjv_initPerturb(model, data, scn, pert)
    pert.active = active
    engine.mjv_movePerturb(model, data, int(engine.mjtMouse.mjMOUSE_MOVE_V), 0.05, -0.03, scn,
                           pert)
    engine.mjv_movePerturb(model, data, int(engine.mjtMouse.mjMOUSE_ROTATE_V), 0.04, 0.02, scn,
                           pert)


def _shows_contacts(setting: str) -> bool:
    values = SETTINGS[setting]
    return bool(set(values.get("flags", ())) & set(CONTACTS)) or values.get("frame") == "contact"


def _contact_forces(engine, model, data):
    forces = np.zeros((data.ncon, 6))
    for i in range(data.ncon):
        engine.mj_contactForce(model, data, i, forces[i])
    return forces


def contacts_agree(pair) -> bool:
    """Whether this state's contacts and their forces are the reference's, so that the scene's
    contact geoms can be compared. Where they are not (height-field colliders not yet the
    reference's, solver answers the reference fixes only to its tolerance: test_collision.py and
    test_solver.py judge those), and where a normal lies within rounding of -z, not on it, so
    that the half-turn axis of its frame is set by the last bits, the contact settings are left
    out."""
    m, d, ref_m, ref_d = pair
    if d.ncon != ref_d.ncon:
        return False
    for ours, ref in zip(d.contact, ref_d.contact):
        if not (np.allclose(ours.pos, ref.pos, atol=1e-9) and
                np.allclose(ours.frame, ref.frame, atol=1e-9)):
            return False
        sideways = [abs(frame[0]) + abs(frame[1]) for frame in (ours.frame, ref.frame)]
        near_minus_z = ref.frame[2] < 0 and 1e-15 <= max(sideways) < 1e-12  # 1e-15: mjMINVAL
        if near_minus_z and not np.array_equal(ours.frame[:3], ref.frame[:3]):
            return False
    return np.allclose(_contact_forces(mjsim, m, d), _contact_forces(mujoco, ref_m, ref_d),
                       rtol=1e-6, atol=1e-6)


def kind_of(setting: str) -> str:
    """Which test file compares a setting: contacts, decorations, or the model's own geoms."""
    if setting.startswith("contacts"):
        return "contacts"
    if setting.startswith(("frames_", "labels_", "decor_", "perturb_")):
        return "decorations"
    return "model"


def setting_problems(path, kind: str) -> list[str]:
    """Every setting of `kind` at STATES random states of the model at `path`; the first
    difference of each setting. Settings that show contacts are compared where the contacts
    agree (contacts_agree)."""
    pair = load_pair(path, seed=None)
    agree = []
    for seed in range(STATES):
        pair.randomize_state(seed)
        pair.call("mj_forward")
        agree.append(contacts_agree(pair))
    problems = []
    for setting in (s for s in SETTINGS if kind_of(s) == kind):
        for seed in range(STATES):
            if _shows_contacts(setting) and not agree[seed]:
                continue
            found = scene_problems(*scenes(pair, seed, setting))
            if found:
                problems += [f"{setting}, state {seed}:"] + found[:4]
                break
    return [label(path), *problems] if problems else []
