"""The scene's decorations (cpp/src/vis/decorations.cc) against the reference: frames of every kind, labels of every kind, joints, actuators, tendons, com, inertia,
constraints, cameras (and frustums) and lights each and together, and perturbations with the
select point and applied forces, at
5 random states of every corpus model, every geom and field within 1e-6
(conformance/scene_settings.py has the settings)."""

from __future__ import annotations

import pytest

pytest.importorskip("mujoco")

from corpus import corpus_models, label  # noqa: E402
from conformance.scene_settings import setting_problems  # noqa: E402


@pytest.mark.parametrize("path", corpus_models(), ids=label)
def test_decorations_match_reference(path):
    problems = setting_problems(path, "decorations")
    assert not problems, "\n".join(problems)


def _all_decorations(engine):
    opt = engine.MjvOption()
    for index in range(len(opt.flags)):
        opt.flags[index] = 1
    for unsupported in ("mjVIS_BODYBVH", "mjVIS_MESHBVH"):  # not drawn yet
        opt.flags[int(getattr(engine.mjtVisFlag, unsupported))] = 0
    opt.frame = int(engine.mjtFrame.mjFRAME_BODY)
    opt.label = int(engine.mjtLabel.mjLABEL_BODY)
    return opt


def test_bad_states_and_selections_draw_without_crashing():
    """A NaN state, a selection out of range and a scene of 3 geoms, with every flag on: the
    scene fills up to maxgeom (status 1) or draws NaN poses, never a crash; the reference agrees
    on the number of geoms drawn, except for the selection out of range, where it reads beyond
    its arrays and mjsim draws no perturbation (as for no selection)."""
    import numpy as np
    import mujoco
    import mjsim
    from support import load_pair

    path = next(p for p in corpus_models() if p.name == "cameras_lights.xml")
    pair = load_pair(path, seed=None)
    for case in ("nan", "select", "small"):
        counts = []
        engines = ((mjsim, pair.m, pair.d), (mujoco, pair.ref_m, pair.ref_d))
        if case == "select":  # compared with mjsim's own scene without a selection
            engines = ((mjsim, pair.m, pair.d), (mjsim, pair.m, pair.d))
        for k, (engine, m, d) in enumerate(engines):
            engine.mj_resetData(m, d)
            if case == "nan":
                d.qpos[:] = np.nan
            engine.mj_forward(m, d)
            pert = engine.MjvPerturb()
            pert.select = m.nbody + 5 if case == "select" and k == 0 else 0
            pert.active = 3
            scn = engine.MjvScene(m, 3 if case == "small" else 2000)
            engine.mjv_updateScene(m, d, _all_decorations(engine), pert, engine.MjvCamera(),
                                   int(engine.mjtCatBit.mjCAT_ALL), scn)
            counts.append((scn.ngeom, scn.status))
        assert counts[0] == counts[1], case
