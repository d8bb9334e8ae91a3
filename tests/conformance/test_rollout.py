"""mjsim.rollout (python/mjsim/rollout.py, cpp/src/rollout/, cpp/bindings/rollout.cc) against
the reference and against stepping from Python:

  test_matches_python_loop_bit_for_bit   each rollout is mj_resetData, mj_setState, then
                                         set controls and step, as a loop in Python does
  test_matches_reference                 the reference's rollout on corpus models (tolerance)
  test_deterministic_*                   bit-identical for every thread count and chunk size
  test_diverging_rollout_*               a rollout that blows up repeats its last row; the
                                         others go on
  test_callbacks_run_under_threads       a Python control callback works from the workers
  test_threads_step_separate_datas       Python threads stepping their own MjData of one model
                                         agree with serial stepping (30 s with MJSIM_SLOW=1)
  test_bad_*                             the reference's errors for wrong inputs, never a crash
"""

from __future__ import annotations

import copy
import hashlib
import os
import threading
import time

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")
from mujoco import rollout as ref_rollout  # noqa: E402

import mjsim  # noqa: E402
from mjsim import rollout  # noqa: E402
from corpus import corpus_models, label  # noqa: E402

FULL = mjsim.mjtState.mjSTATE_FULLPHYSICS

XML = """<mujoco>
  <option timestep="0.005"/>
  <worldbody>
    <geom type="plane" size="2 2 .1"/>
    <body pos="0 0 .3"><freejoint/><geom type="box" size=".05 .06 .07"/></body>
    <body pos=".3 0 .3"><joint name="hinge" axis="0 1 0"/><geom type="capsule" size=".03"
          fromto="0 0 0 .2 0 0"/></body>
    <body name="target" mocap="true" pos="0 .4 .2"><geom size=".02" contype="0" conaffinity="0"/></body>
  </worldbody>
  <actuator><motor joint="hinge" gear="2"/><position joint="hinge" kp="5"/></actuator>
  <sensor><jointpos joint="hinge"/><framepos objtype="body" objname="target"/></sensor>
</mujoco>"""


def pair(engine, xml=XML):
    model = engine.MjModel.from_xml_string(xml)
    return model, engine.MjData(model)


def python_rollout(model, data, initial_state, control, control_spec=mjsim.mjtState.mjSTATE_CTRL):
    nbatch, nstep = control.shape[:2]
    nstate = mjsim.mj_stateSize(model, FULL)
    state = np.empty((nbatch, nstep, nstate))
    sensordata = np.empty((nbatch, nstep, model.nsensordata))
    for r in range(nbatch):
        mjsim.mj_resetData(model, data)
        mjsim.mj_setState(model, data, initial_state[r], FULL)
        for t in range(nstep):
            mjsim.mj_setState(model, data, control[r, t], control_spec)
            mjsim.mj_step(model, data)
            mjsim.mj_getState(model, data, state[r, t], FULL)
            sensordata[r, t] = data.sensordata
    return state, sensordata


def random_inputs(model, data, nbatch, nstep, seed=0):
    rng = np.random.default_rng(seed)
    nstate = mjsim.mj_stateSize(model, FULL)
    initial = np.empty((nbatch, nstate))
    for r in range(nbatch):
        mjsim.mj_resetData(model, data)
        data.qpos[:] += 0.05 * rng.standard_normal(model.nq)
        data.qvel[:] = 0.2 * rng.standard_normal(model.nv)
        mjsim.mj_getState(model, data, initial[r], FULL)
    control = rng.uniform(-1, 1, (nbatch, nstep, model.nu))
    return initial, control


def digest(*arrays) -> str:
    return hashlib.sha256(b"".join(np.ascontiguousarray(a).tobytes() for a in arrays)).hexdigest()


def test_matches_python_loop_bit_for_bit():
    model, data = pair(mjsim)
    initial, control = random_inputs(model, data, nbatch=6, nstep=40)
    state, sensordata = rollout.rollout(model, data, initial, control)
    expected = python_rollout(model, data, initial, control)
    np.testing.assert_array_equal(state, expected[0])
    np.testing.assert_array_equal(sensordata, expected[1])


MODELS = [p for p in corpus_models() if p.suffix == ".xml"][:12]


@pytest.mark.parametrize("path", MODELS, ids=label)
def test_matches_reference(path):
    outputs = []
    for engine, module in ((mujoco, ref_rollout), (mjsim, rollout)):
        model = engine.MjModel.from_xml_path(str(path))
        data = engine.MjData(model)
        nstate = engine.mj_stateSize(model, engine.mjtState.mjSTATE_FULLPHYSICS)
        initial = np.empty(nstate)
        engine.mj_getState(model, data, initial, engine.mjtState.mjSTATE_FULLPHYSICS)
        control = np.full((3, 10, model.nu), 0.3)
        control[1] *= -1
        outputs.append(module.rollout(model, [copy.copy(data) for _ in range(2)], initial, control))
    for ours, ref in zip(outputs[1], outputs[0]):
        assert ours.shape == ref.shape
        np.testing.assert_allclose(ours, ref, rtol=1e-6, atol=1e-6)


def test_deterministic_for_any_thread_count_and_chunk_size():
    model, data = pair(mjsim)
    initial, control = random_inputs(model, data, nbatch=23, nstep=30, seed=1)
    hashes = set()
    for nthread in (0, 1, 2, 3):
        datas = data if nthread == 0 else [mjsim.MjData(model) for _ in range(nthread)]
        for chunk_size in (None, 1, 4, 50):
            with rollout.Rollout(nthread=nthread) as pool:
                hashes.add(digest(*pool.rollout(model, datas, initial, control, chunk_size=chunk_size)))
    assert len(hashes) == 1


def test_persistent_pool_and_per_rollout_models():
    model, data = pair(mjsim)
    initial, control = random_inputs(model, data, nbatch=8, nstep=5, seed=2)
    models = [copy.copy(model) for _ in range(8)]
    models[3].opt.timestep = 0.002  # per-rollout models may differ in values, not sizes
    datas = [mjsim.MjData(model) for _ in range(2)]
    first = rollout.rollout(models, datas, initial, control, persistent_pool=True)
    again = rollout.rollout(models, datas, initial, control, persistent_pool=True)
    rollout.shutdown_persistent_pool()
    np.testing.assert_array_equal(first[0], again[0])
    alone = rollout.rollout(models[3], data, initial[3], control[3])
    np.testing.assert_array_equal(first[0][3], alone[0][0])
    assert not np.array_equal(first[0][3], first[0][2])


def test_in_place_outputs_and_warmstart():
    model, data = pair(mjsim)
    initial, control = random_inputs(model, data, nbatch=2, nstep=4, seed=3)
    state = np.zeros((2, 4, mjsim.mj_stateSize(model, FULL)))
    sensordata = np.zeros((2, 4, model.nsensordata))
    returned = rollout.rollout(model, data, initial, control, state=state, sensordata=sensordata)
    assert returned[0] is state and returned[1] is sensordata and state.any()
    warm = np.full((2, model.nv), 0.5)
    with_warm = rollout.rollout(model, data, initial, control, initial_warmstart=warm)
    mjsim.mj_resetData(model, data)
    mjsim.mj_setState(model, data, initial[0], FULL)
    data.qacc_warmstart[:] = 0.5
    data.ctrl[:] = control[0, 0]
    mjsim.mj_step(model, data)
    expected = np.empty(state.shape[2])
    mjsim.mj_getState(model, data, expected, FULL)
    np.testing.assert_array_equal(with_warm[0][0, 0], expected)


def test_mocap_control_spec_like_reference():
    spec = mjsim.mjtState.mjSTATE_MOCAP_POS | mjsim.mjtState.mjSTATE_MOCAP_QUAT
    control = np.array([0.1, 0.2, 0.3, 1, 0, 0, 0])
    results = []
    for engine, module in ((mujoco, ref_rollout), (mjsim, rollout)):
        model, data = pair(engine)
        initial = np.zeros(engine.mj_stateSize(model, engine.mjtState.mjSTATE_FULLPHYSICS))
        results.append(module.rollout(model, data, initial, control, control_spec=int(spec))[1])
    np.testing.assert_allclose(results[1], results[0], atol=1e-12)
    np.testing.assert_allclose(results[1][0, 0, 1:], [0.1, 0.2, 0.3])


def test_diverging_rollout_repeats_its_last_row_and_the_others_go_on():
    model, data = pair(mjsim)
    initial, control = random_inputs(model, data, nbatch=3, nstep=50, seed=4)
    initial[1, 1] = np.nan  # qpos[0] of rollout 1: mj_step warns and resets
    state, sensordata = rollout.rollout(model, [mjsim.MjData(model) for _ in range(2)],
                                        initial, control)
    assert np.isfinite(state).all()
    assert (state[1] == state[1][0]).all() and (sensordata[1] == sensordata[1][0]).all()
    alone = rollout.rollout(model, data, initial[[0, 2]], control[[0, 2]])
    np.testing.assert_array_equal(state[[0, 2]], alone[0])


def test_callbacks_run_under_threads():
    model, data = pair(mjsim)
    initial, control = random_inputs(model, data, nbatch=6, nstep=8, seed=5)
    calls = []

    def damp(m, d):
        calls.append(threading.get_ident())
        d.ctrl[0] = -0.1 * d.qvel[-1]

    serial_model, serial_data = pair(mjsim)
    mjsim.set_mjcb_control(damp)
    try:
        threaded = rollout.rollout(model, [mjsim.MjData(model) for _ in range(3)], initial)
        serial = rollout.rollout(serial_model, serial_data, initial, nstep=1)
    finally:
        mjsim.set_mjcb_control(None)
    assert calls
    np.testing.assert_array_equal(threaded[0], serial[0])


def test_threads_step_separate_datas():
    """Four Python threads, each stepping its own MjData of one model (mj_step releases the GIL);
    every trajectory equals the one stepped alone."""
    model = mjsim.MjModel.from_xml_string(XML)
    seconds = 30 if os.environ.get("MJSIM_SLOW") == "1" else 1
    nstep = 400
    initial, control = random_inputs(model, mjsim.MjData(model), nbatch=4, nstep=nstep, seed=6)
    expected = python_rollout(model, mjsim.MjData(model), initial, control)[0]
    failures = []
    deadline = time.monotonic() + seconds

    def run(r):
        data = mjsim.MjData(model)
        row = np.empty(expected.shape[2])
        while time.monotonic() < deadline:
            mjsim.mj_resetData(model, data)
            mjsim.mj_setState(model, data, initial[r], FULL)
            for t in range(nstep):
                data.ctrl[:] = control[r, t]
                mjsim.mj_step(model, data)
                mjsim.mj_getState(model, data, row, FULL)
                if not np.array_equal(row, expected[r, t]):
                    failures.append((r, t))
                    return

    threads = [threading.Thread(target=run, args=(r,)) for r in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures


# ---- bad input: the reference's errors ----------------------------------------------------


def bad_calls(engine, module):
    model, data = pair(engine)
    nstate = engine.mj_stateSize(model, engine.mjtState.mjSTATE_FULLPHYSICS)
    state0 = np.zeros(nstate)
    return {
        "string control": lambda: module.rollout(model, data, state0, "string"),
        "4-d control": lambda: module.rollout(model, data, state0, np.zeros((1, 1, 1, 2))),
        "state width": lambda: module.rollout(model, data, np.zeros(nstate + 1)),
        "control width": lambda: module.rollout(model, data, state0, np.zeros((1, 3, model.nu + 1))),
        "nstep mismatch": lambda: module.rollout(model, data, state0, np.zeros((1, 3, model.nu)),
                                                 state=np.zeros((1, 4, nstate))),
        "nbatch mismatch": lambda: module.rollout(model, data, np.zeros((2, nstate)),
                                                  np.zeros((3, 1, model.nu))),
        "control spec": lambda: module.rollout(model, data, state0, control_spec=int(engine.mjtState.mjSTATE_ACT)),
        "models length": lambda: module.rollout([model, model], data, np.zeros((3, nstate))),
        "empty data list": lambda: module.rollout(model, [], state0),
        "data count": lambda: module.Rollout(nthread=2).rollout(model, [data], state0),
        "nstep type": lambda: module.rollout(model, data, state0, nstep=2.5),
        "warmstart width": lambda: module.rollout(model, data, state0, initial_warmstart=np.zeros(model.nv + 2)),
    }


@pytest.mark.parametrize("case", sorted(bad_calls(mjsim, rollout)))
def test_bad_input_raises_the_reference_error(case):
    with pytest.raises(Exception) as ref_error:
        bad_calls(mujoco, ref_rollout)[case]()
    with pytest.raises(type(ref_error.value)) as our_error:
        bad_calls(mjsim, rollout)[case]()
    assert str(our_error.value) == str(ref_error.value)


def test_bad_after_close_and_zero_rollouts():
    model, data = pair(mjsim)
    pool = rollout.Rollout(nthread=2)
    pool.close()
    with pytest.raises(RuntimeError, match="after thread pool shutdown"):
        pool.rollout(model, [data, data], np.zeros(mjsim.mj_stateSize(model, FULL)))
    # zero rollouts: empty outputs (the reference crashes here, so it is not asked)
    state, sensordata = rollout.rollout(model, data, np.zeros((0, mjsim.mj_stateSize(model, FULL))))
    assert state.shape == (0, 1, mjsim.mj_stateSize(model, FULL))
    assert sensordata.shape == (0, 1, model.nsensordata)
    # nstep=0 means "not given", as in the reference: one step
    assert rollout.rollout(model, data, np.zeros(mjsim.mj_stateSize(model, FULL)), nstep=0)[0].shape[1] == 1


def test_bad_skip_checks_arrays_are_refused_not_read_out_of_bounds():
    model, data = pair(mjsim)
    nstate = mjsim.mj_stateSize(model, FULL)
    state = np.empty((1, 5, nstate))
    with pytest.raises(ValueError, match="state"):
        rollout.rollout(model, data, np.zeros(nstate), skip_checks=True, nstep=6, state=state)
    with pytest.raises(ValueError, match="C-contiguous float64"):
        rollout.rollout(model, data, np.zeros(nstate, dtype=np.float32), skip_checks=True, nstep=1)
    with pytest.raises(ValueError, match="control"):
        rollout.rollout(model, data, np.zeros(nstate), np.zeros(model.nu), skip_checks=True, nstep=3)


def test_bad_solver_is_the_reference_fatal_error():
    model, data = pair(mjsim)
    model.opt.solver = 10
    with pytest.raises(mjsim.FatalError, match="mj_fwdConstraint: unknown solver type 10"):
        rollout.rollout(model, [mjsim.MjData(model) for _ in range(2)],
                        np.zeros((4, mjsim.mj_stateSize(model, FULL))))


def test_bad_exception_in_a_worker_reaches_the_caller():
    model, _ = pair(mjsim)

    def broken(m, d):
        raise KeyError("raised in a worker")

    mjsim.set_mjcb_control(broken)
    try:
        with pytest.raises(KeyError, match="raised in a worker"):
            rollout.rollout(model, [mjsim.MjData(model) for _ in range(2)],
                            np.zeros((5, mjsim.mj_stateSize(model, FULL))))
    finally:
        mjsim.set_mjcb_control(None)
    assert rollout.rollout(model, mjsim.MjData(model), np.zeros(mjsim.mj_stateSize(model, FULL)))[0].shape[0] == 1
