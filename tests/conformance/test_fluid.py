"""Fluid forces (engine/fluid.cc) against the reference: the inertia-box model's qfrc_fluid at
random states, with density, viscosity and wind alone and together, and its velocity
derivative (qDeriv after an implicit step) on the corpus models with fluid and on small
models. The ellipsoid model is not implemented: simulating a model that uses it raises."""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import corpus_models, params  # noqa: E402
from support import disable_constraints, load_pair  # noqa: E402

RTOL = 1e-10


def fluid_models():
    found = []
    for path in corpus_models():
        model = mujoco.MjModel.from_xml_path(str(path))
        uses_ellipsoid = np.any(model.geom_fluid[:, 0] > 0)
        if (model.opt.density > 0 or model.opt.viscosity > 0) and not uses_ellipsoid:
            found.append(path)
    return found


def box_xml(medium):
    return f"""<mujoco><option {medium}/>
      <worldbody>
        <body pos="0 0 1" euler="10 20 30"><freejoint/><geom type="box" size=".1 .2 .3" pos=".05 0 0"/>
          <body pos=".3 0 0"><joint type="hinge" axis="0 1 1"/><geom type="capsule" size=".05" fromto="0 0 0 .4 0 0"/>
            <body pos=".4 0 0"><joint type="ball"/><geom type="ellipsoid" size=".1 .05 .02"/></body></body></body>
        <body pos="2 0 0"><joint type="slide" axis="1 0 0"/><geom type="cylinder" size=".1 .3"/></body>
      </worldbody></mujoco>"""


MEDIA = {
    "density": 'density="1000"',
    "viscosity": 'viscosity="0.5"',
    "wind": 'density="1.2" wind="3 -1 .5"',
    "all": 'density="800" viscosity="0.1" wind="0 2 0"',
}


def relative_error(ours, ref):
    ours, ref = np.asarray(ours), np.asarray(ref)
    return float(np.max(np.abs(ours - ref), initial=0) / max(1.0, np.max(np.abs(ref), initial=0)))


def check_forces_and_derivative(pair, states=4):
    disable_constraints(pair)
    for seed in range(states):
        pair.randomize_state(seed)
        pair.call("mj_forward")
        assert relative_error(pair.d.qfrc_fluid, pair.ref_d.qfrc_fluid) < RTOL, f"{pair.name} state {seed}"
        assert np.any(pair.ref_d.qfrc_fluid != 0) or pair.ref_m.nv == 0
    for integrator in (2, 3):  # implicit, implicitfast: qDeriv holds the derivative
        for model in (pair.m, pair.ref_m):
            model.opt.integrator = integrator
        pair.randomize_state(7)
        pair.call("mj_step")
        assert relative_error(pair.d.qDeriv, pair.ref_d.qDeriv) < RTOL, f"{pair.name} integrator {integrator}"


@pytest.mark.parametrize("path", params(fluid_models()))
def test_corpus_fluid_matches_reference(path):
    check_forces_and_derivative(load_pair(path))


@pytest.mark.parametrize("medium", sorted(MEDIA))
def test_inertia_box_model_matches_reference(medium):
    check_forces_and_derivative(load_pair(box_xml(MEDIA[medium])))


@pytest.mark.parametrize("disabled", [64, 32, 96], ids=["damper", "spring", "both"])
def test_passive_flags_and_the_fluid_derivative(disabled):
    pair = load_pair(box_xml(MEDIA["all"]))
    disable_constraints(pair)
    for model in (pair.m, pair.ref_m):
        model.opt.integrator = 3
        model.opt.disableflags = model.opt.disableflags | disabled
    pair.randomize_state(3)
    pair.call("mj_step")
    assert relative_error(pair.d.qDeriv, pair.ref_d.qDeriv) < RTOL
    assert relative_error(pair.d.qfrc_fluid, pair.ref_d.qfrc_fluid) < RTOL


def test_no_medium_no_force():
    pair = load_pair(box_xml(""))
    pair.randomize_state(1)
    mjsim.mj_forward(pair.m, pair.d)
    assert not np.any(pair.d.qfrc_fluid)


def test_nan_velocity_does_not_crash():
    m = mjsim.MjModel.from_xml_string(box_xml(MEDIA["all"]))
    d = mjsim.MjData(m)
    d.qvel[:] = np.nan
    mjsim.mj_forward(m, d)
    assert np.isnan(d.qfrc_fluid).any()
    mjsim.mj_step(m, d)  # the state check resets
    assert d.warning[mjsim.mjtWarning.mjWARN_BADQVEL].number == 1


def test_ellipsoid_model_is_rejected_by_name():
    xml = box_xml(MEDIA["density"]).replace('type="cylinder"', 'name="float" fluidshape="ellipsoid" type="cylinder"')
    m = mjsim.MjModel.from_xml_string(xml)
    d = mjsim.MjData(m)
    with pytest.raises(ValueError, match="geom 'float'.*fluidshape=\"ellipsoid\".*not supported"):
        mjsim.mj_step(m, d)
