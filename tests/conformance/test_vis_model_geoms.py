"""mjv_updateScene / mjv_addGeoms (cpp/src/vis/model_geoms.cc, decorations.cc, contact_geoms.cc,
scene.cc) against the reference: at 5 random states of every corpus model, for each visualization
setting (the default, transparency, static off, frames of every kind, labels of every kind,
contact points, forces and splits, each decoration flag and all together, perturbations, every
geom and site group toggled), the scene's geoms (ordered lists, every field), lights and eyes
agree within 1e-6.

Not drawn yet: bounding volumes (mjVIS_BODYBVH, mjVIS_MESHBVH), island colouring (mjVIS_ISLAND),
flexes, and the labels mjLABEL_SELECTION, SELPNT, FLEX, ISLAND."""

from __future__ import annotations

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import corpus_models, label  # noqa: E402
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


@pytest.mark.parametrize("path", corpus_models(), ids=label)
def test_scene_matches_reference(path):
    """Every setting of SETTINGS at STATES random states; the first difference of each setting.
    Settings that show contacts are compared where the contacts agree (contacts_agree)."""
    pair = load_pair(path, seed=None)
    problems = []
    agree = []
    for seed in range(STATES):
        pair.randomize_state(seed)
        pair.call("mj_forward")
        agree.append(contacts_agree(pair))
    for setting in SETTINGS:
        for seed in range(STATES):
            if _shows_contacts(setting) and not agree[seed]:
                continue
            found = scene_problems(*scenes(pair, seed, setting))
            if found:
                problems += [f"{setting}, state {seed}:"] + found[:4]
                break
    assert not problems, "\n".join([label(path), *problems])


EVERY_KIND = """<mujoco><asset><material name="skinmat" rgba="0.2 0.9 0.2 1"/><skin material="skinmat" vertex="0 0 0  1 0 0  0 1 0  0 0 1" face="0 1 2  0 1 3  0 2 3  1 2 3"><bone body="b1" bindpos="0 0 0" bindquat="1 0 0 0" vertid="0 1 2 3" vertweight="1 1 1 1"/></skin></asset>
<worldbody><geom type="plane" size="2 2 .1"/>
<body name="b1" pos="0 0 1"><joint name="j1" axis="0 1 0"/><geom size=".1"/><site name="s1" pos="0 0 .2"/><site name="slider" pos="0.5 0 0" zaxis="1 0 0"/><site name="crank" pos="0.2 0 0"/><site name="rf" zaxis="0 0 -1"/></body>
<body name="b2" pos="1 0 1"><joint name="j2" axis="0 1 0"/><geom size=".1"/><site name="s2"/></body></worldbody>
<tendon><spatial><site site="s1"/><site site="s2"/></spatial></tendon>
<actuator><general cranksite="crank" slidersite="slider" cranklength="0.4"/></actuator>
<sensor><rangefinder site="rf"/></sensor>

</mujoco>"""


@pytest.mark.parametrize("setting", ["default", "transparent", "labels_geom", "labels_tendon",
                                     "labels_actuator", "decor_all"])
def test_scene_of_every_kind_of_model_element(setting):
    """Skins (vertices and normals too), geoms, sites, a spatial tendon, a slider-crank and a
    rangefinder, in the reference's order."""
    pair = load_pair(EVERY_KIND, seed=None)
    pair.d.qpos[:] = pair.ref_d.qpos[:] = [0.3, -0.2]
    ours, ref = scenes_now(pair, setting)
    assert not scene_problems(ours, ref)
    np.testing.assert_allclose(ours.skinvert, ref.skinvert, atol=1e-6)
    np.testing.assert_allclose(ours.skinnormal, ref.skinnormal, atol=1e-6)


def test_scene_too_small_fills_up_and_sets_status():
    xml = "<mujoco><worldbody>" + "".join(
        f'<geom size="0.1" pos="{i} 0 0"/>' for i in range(10)) + "</worldbody></mujoco>"
    result = []
    for engine in (mjsim, mujoco):
        m = engine.MjModel.from_xml_string(xml)
        d = engine.MjData(m)
        engine.mj_forward(m, d)
        scn = engine.MjvScene(m, 4)
        engine.mjv_updateScene(m, d, engine.MjvOption(), None, engine.MjvCamera(),
                               int(engine.mjtCatBit.mjCAT_ALL), scn)
        result.append(scn)
    assert result[0].ngeom == result[1].ngeom == 4
    assert not scene_problems(*result)


def test_catmask_selects_categories():
    path = next(p for p in corpus_models() if p.name == "tendon_arm.xml")
    pair = pair_of(path)
    pair.call("mj_forward")
    m, d, ref_m, ref_d = pair
    for catmask in (1, 2, 4, 3, 7):
        got = []
        for engine, model, data in ((mjsim, m, d), (mujoco, ref_m, ref_d)):
            scn = engine.MjvScene(model, MAXGEOM)
            engine.mjv_addGeoms(model, data, engine.MjvOption(), engine.MjvPerturb(), catmask, scn)
            got.append(scn)
        assert [g.objid for g in got[0].geoms[:got[0].ngeom]] == \
               [g.objid for g in got[1].geoms[:got[1].ngeom]], catmask


def test_selected_body_glows():
    path = next(p for p in corpus_models() if p.name == "tendon_arm.xml")
    pair = pair_of(path)
    pair.call("mj_forward")
    m, d, ref_m, ref_d = pair
    got = []
    for engine, model, data in ((mjsim, m, d), (mujoco, ref_m, ref_d)):
        pert = engine.MjvPerturb()
        pert.select = 2
        scn = engine.MjvScene(model, MAXGEOM)
        engine.mjv_updateScene(model, data, engine.MjvOption(), pert, engine.MjvCamera(),
                               int(engine.mjtCatBit.mjCAT_ALL), scn)
        got.append(scn)
    assert not scene_problems(*got)


def test_bad_scene_arguments():
    m = mjsim.MjModel.from_xml_string("<mujoco><worldbody><geom size='1'/></worldbody></mujoco>")
    other = mjsim.MjModel.from_xml_string("<mujoco><worldbody/></mujoco>")
    with pytest.raises(ValueError):
        mjsim.MjvScene(m, -1)
    scn = mjsim.MjvScene(m, 10)
    with pytest.raises(ValueError):
        mjsim.mjv_updateScene(m, mjsim.MjData(other), mjsim.MjvOption(), None,
                              mjsim.MjvCamera(), 7, scn)
    with pytest.raises(TypeError):
        mjsim.mjv_updateScene(m, mjsim.MjData(m), None, None, mjsim.MjvCamera(), 7, scn)
    d = mjsim.MjData(m)
    d.qpos[:] = np.nan  # a NaN state gives NaN poses, not a crash
    mjsim.mj_forward(m, d)
    mjsim.mjv_updateScene(m, d, mjsim.MjvOption(), None, mjsim.MjvCamera(), 7, scn)
    assert scn.ngeom == 1


def test_zero_length_connector_is_unrotated():
    """A tendon segment between two equal points (wrap_sidesite.xml in MJX's test data)."""
    got = []
    for engine in (mjsim, mujoco):
        geom = engine.MjvGeom()
        engine.mjv_connector(geom, int(engine.mjtGeom.mjGEOM_CAPSULE), 0.1,
                             np.array([1.0, 2, 3]), np.array([1.0, 2, 3]))
        got.append((geom.mat.copy(), geom.size.copy(), geom.pos.copy()))
    for ours, ref in zip(*got):
        np.testing.assert_allclose(ours, ref, atol=1e-7)


INFINITE_PLANES = """<mujoco><statistic extent="1.7"/><visual><map zfar="33"/></visual>
<asset><texture name="g" type="2d" builtin="checker" width="8" height="8"/>
<material name="tiles" texture="g" texrepeat="3 5"/><material name="plain" rgba="0 1 0 1"/></asset>
<worldbody><geom type="plane" size="0 0 1"/><geom type="plane" size="0 0 1" material="tiles"/>
<geom type="plane" size="0 2 1" material="plain" euler="0 0 30"/>
<geom type="plane" size="0 0 1" pos="0 0 -1" euler="10 0 20"/>
<body pos="0 0 1"><freejoint/><geom size=".1"/></body></worldbody></mujoco>"""


def test_infinite_planes_follow_the_previous_eyes():
    """Planes of size 0 move by whole periods of their pattern to below the eyes of the
    previous update, along each unbounded axis."""
    pair = load_pair(INFINITE_PLANES, seed=None)
    m, d, ref_m, ref_d = pair
    pair.call("mj_forward")
    scenes = []
    for engine, model, data in ((mjsim, m, d), (mujoco, ref_m, ref_d)):
        cam, scn = engine.MjvCamera(), engine.MjvScene(model, 100)
        poses = []
        for lookat in ([0, 0, 0], [3.3, -1.2, 0.5], [-7.1, 4.4, 0], [12.0, 9.5, 1.0]):
            cam.lookat[:] = lookat
            engine.mjv_updateScene(model, data, engine.MjvOption(), None, cam,
                                   int(engine.mjtCatBit.mjCAT_ALL), scn)
            poses.append([scn.geoms[i].pos.copy() for i in range(4)])
        scenes.append(np.array(poses))
    np.testing.assert_allclose(scenes[0], scenes[1], atol=1e-5)
    assert not np.allclose(scenes[1][0], scenes[1][-1])  # the planes did move
