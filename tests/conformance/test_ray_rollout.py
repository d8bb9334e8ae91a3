"""mjsim.ray_rollout (python/mjsim/ray_rollout.py) on a Ray cluster the test starts itself:
a head and two worker nodes on localhost. The results are bit-identical to the local threaded
rollout, a worker process killed in the middle of a call is replaced and its share run again
with the same results, and bad input gives the local rollout's errors. Skipped without Ray
(the `ray` extra)."""

from __future__ import annotations

import os
import signal
import threading
import time

import numpy as np
import pytest

ray = pytest.importorskip("ray")
from ray.cluster_utils import Cluster  # noqa: E402

import mjsim  # noqa: E402
from mjsim import ray_rollout, rollout  # noqa: E402

XML = """<mujoco><option timestep="0.004"/><worldbody><geom type="plane" size="2 2 .1"/>
<body pos="0 0 .2"><freejoint/><geom type="box" size=".05 .06 .07"/></body>
<body pos=".3 0 .3"><joint name="h" axis="0 1 0"/><geom type="capsule" size=".03" fromto="0 0 0 .2 0 0"/></body>
</worldbody><actuator><motor joint="h"/></actuator><sensor><jointpos joint="h"/></sensor></mujoco>"""


@pytest.fixture(scope="module")
def cluster():
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    local = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    for _ in range(2):
        local.add_node(num_cpus=1)
    ray.init(address=local.address, include_dashboard=False, log_to_driver=False)
    yield local
    ray.shutdown()
    local.shutdown()


def inputs(model, nbatch, nstep, seed=0):
    rng = np.random.default_rng(seed)
    data = mjsim.MjData(model)
    full = mjsim.mjtState.mjSTATE_FULLPHYSICS
    initial = np.empty((nbatch, mjsim.mj_stateSize(model, full)))
    for r in range(nbatch):
        mjsim.mj_resetData(model, data)
        data.qvel[:] = rng.standard_normal(model.nv)
        mjsim.mj_getState(model, data, initial[r], full)
    return initial, rng.uniform(-1, 1, (nbatch, nstep, model.nu))


def test_results_equal_the_local_rollout(cluster):
    model = mjsim.MjModel.from_xml_string(XML)
    initial, control = inputs(model, nbatch=13, nstep=60)
    local = rollout.rollout(model, [mjsim.MjData(model) for _ in range(2)], initial, control)
    with ray_rollout.RayRollout(model, num_workers=3, nthread=1) as pool:
        remote = pool.rollout(initial, control)
        assert len(set(pool.worker_pids())) == 3
        again = pool.rollout(initial, control, shards=13)
    for ours, expected in ((remote, local), (again, local)):
        np.testing.assert_array_equal(ours[0], expected[0])
        np.testing.assert_array_equal(ours[1], expected[1])


def test_survives_a_worker_killed_mid_call(cluster):
    model = mjsim.MjModel.from_xml_string(XML)
    initial, control = inputs(model, nbatch=4, nstep=100000, seed=1)  # ~0.5 s per rollout
    local = rollout.rollout(model, mjsim.MjData(model), initial, control)
    with ray_rollout.RayRollout(model, num_workers=2, nthread=0) as pool:
        victim = pool.worker_pids()[0]
        result = {}
        call = threading.Thread(target=lambda: result.update(out=pool.rollout(initial, control)))
        call.start()
        time.sleep(0.3)  # the shares are running (each worker has two, one after the other)
        os.kill(victim, signal.SIGKILL)
        call.join(timeout=300)
        assert "out" in result, "the call did not finish after its worker was killed"
        assert pool.restarts >= 1
        assert victim not in pool.worker_pids()
    np.testing.assert_array_equal(result["out"][0], local[0])
    np.testing.assert_array_equal(result["out"][1], local[1])


def test_bad_input_gives_the_local_errors(cluster):
    model = mjsim.MjModel.from_xml_string(XML)
    nstate = mjsim.mj_stateSize(model, mjsim.mjtState.mjSTATE_FULLPHYSICS)
    with ray_rollout.RayRollout(model, num_workers=1, nthread=0) as pool:
        with pytest.raises(ValueError, match="trailing dimension of initial_state must be"):
            pool.rollout(np.zeros(nstate + 1))
        with pytest.raises(ValueError, match="trailing dimension of control must be"):
            pool.rollout(np.zeros(nstate), np.zeros((1, 2, model.nu + 1)))
        with pytest.raises(ValueError, match="control_spec can only contain bits"):
            pool.rollout(np.zeros(nstate), control_spec=int(mjsim.mjtState.mjSTATE_ACT))
    with pytest.raises(RuntimeError, match="after the workers were closed"):
        pool.rollout(np.zeros(nstate))
    with pytest.raises(TypeError, match="must be an MjModel"):
        ray_rollout.RayRollout("not a model")
