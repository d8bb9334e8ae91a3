"""mjv_updateScene / mjv_addGeoms (cpp/src/vis/model_geoms.cc, scene.cc) against the reference:
at 5 random states of every corpus model, the model's own geoms, sites, tendons, skins,
slider-cranks and sensor rays under the default option, transparency, static off and every geom
and site group toggled, as ordered lists on every field, with the lights and eyes, within 1e-6;
a model with every element kind; infinite planes; a scene too small; catmask; bad arguments.
The decorations and contacts are compared in test_vis_decorations.py and
test_vis_contact_geoms.py (the settings: conformance/scene_settings.py).

Not drawn yet: bounding volumes (mjVIS_BODYBVH, mjVIS_MESHBVH), island colouring (mjVIS_ISLAND),
flexes, and the labels mjLABEL_FLEX and ISLAND."""

from __future__ import annotations

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import corpus_models, label  # noqa: E402
from support import load_pair  # noqa: E402
from conformance.scene_settings import (MAXGEOM, pair_of, scenes_now,  # noqa: E402
                                        setting_problems)
from conformance.vis_compare import scene_problems  # noqa: E402


@pytest.mark.parametrize("path", corpus_models(), ids=label)
def test_scene_matches_reference(path):
    """The model's own geoms, sites, tendons and skins under the default option, transparency,
    static off and every geom and site group toggled (conformance/scene_settings.py)."""
    problems = setting_problems(path, "model")
    assert not problems, "\n".join(problems)


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
