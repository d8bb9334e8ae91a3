"""mjv_select (cpp/src/vis/select.cc) against the reference: 1000 random window points per
corpus model, from the default free camera (and an orthographic view on one model), return the
reference's body, geom and selection point (1e-6; where two geoms are hit at the same point,
either is right). Skin hits count (the body is then the bone weighing most on the hit
triangle's vertex nearest to the hit); flexes are not loaded yet."""

from __future__ import annotations

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import corpus_models, label  # noqa: E402
from support import load_pair  # noqa: E402

RAYS = 1000


def select_all(engine, m, d, points, aspect=1.4, orthographic=False):
    opt, cam = engine.MjvOption(), engine.MjvCamera()
    engine.mjv_defaultFreeCamera(m, cam)
    m.vis.global_.orthographic = int(orthographic)
    scn = engine.MjvScene(m, 1000)
    engine.mjv_updateScene(m, d, opt, None, cam, int(engine.mjtCatBit.mjCAT_ALL), scn)
    out = []
    for relx, rely in points:
        selpnt = np.full(3, np.nan)
        geom, flex, skin = (np.full(1, -7, np.int32) for _ in range(3))
        body = engine.mjv_select(m, d, opt, aspect, relx, rely, scn, selpnt, geom, flex, skin)
        out.append((body, geom[0], flex[0], skin[0], selpnt))
    m.vis.global_.orthographic = 0
    return out


def compare(pair, points, **kwargs):
    ours = select_all(mjsim, pair.m, pair.d, points, **kwargs)
    ref = select_all(mujoco, pair.ref_m, pair.ref_d, points, **kwargs)
    problems = []
    for i, (a, b) in enumerate(zip(ours, ref)):
        if b[2] >= 0:
            continue  # the reference hit a flex
        same_point = b[0] < 0 or np.allclose(a[4], b[4], atol=1e-6)
        # two geoms hit at the same point (touching surfaces) are a tie either engine may break
        tie = a[0] >= 0 and b[0] >= 0 and same_point
        if not same_point or (a[:4] != b[:4] and not tie):
            problems.append(f"point {points[i]}: mjsim {a} reference {b}")
    return problems


@pytest.mark.parametrize("path", corpus_models(), ids=label)
def test_select_matches_reference(path):
    pair = load_pair(path, seed=1)
    pair.call("mj_forward")
    points = np.random.default_rng(0).uniform(0, 1, size=(RAYS, 2))
    problems = compare(pair, points)
    assert not problems, "\n".join([label(path), f"{len(problems)} of {RAYS}", *problems[:3]])


def test_select_orthographic():
    path = next(p for p in corpus_models() if p.name == "humanoid.xml")
    pair = load_pair(path, seed=1)
    pair.call("mj_forward")
    points = np.random.default_rng(1).uniform(0, 1, size=(200, 2))
    assert not compare(pair, points, orthographic=True)


def test_bad_select_outputs():
    m = mjsim.MjModel.from_xml_string("<mujoco><worldbody><geom size='1'/></worldbody></mujoco>")
    d = mjsim.MjData(m)
    scn = mjsim.MjvScene(m, 10)
    good = np.zeros(1, np.int32)
    with pytest.raises(TypeError):
        mjsim.mjv_select(m, d, mjsim.MjvOption(), 1, 0.5, 0.5, scn, np.zeros(2), good, good, good)
    with pytest.raises(TypeError):
        mjsim.mjv_select(m, d, mjsim.MjvOption(), 1, 0.5, 0.5, scn, np.zeros(3),
                         np.zeros(1, np.float64), good, good)
