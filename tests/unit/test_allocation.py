"""mj_step makes no heap allocation (acceptance 3 of the smooth-dynamics issue).

A small LD_PRELOAD library (allocation/count_malloc.c, compiled here) counts every malloc,
calloc, realloc and aligned allocation while counting is on; C++'s operator new goes through
malloc too. A child process steps several models with each integrator: the number of
allocations of mj_step(m, d, nstep=1) and of mj_step(m, d, nstep=301) must be equal (the
Python call machinery allocates the same in both; 300 more steps add nothing). A positive
control (making an MjData) must count allocations, so the counter cannot pass by being off.
Linux with glibc and a C compiler only.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(REPO / "tests"))
import corpus  # noqa: E402

# actuators of every kind, spatial tendons, gravity compensation, free bodies, and (when the
# packages are installed) the inertia-box fluid model and the largest corpus model
MODELS = [str(corpus.MODELS_DIR / name) for name in (
    "actuator_shortcuts.xml", "tendon_arm.xml", "welded_gravcomp.xml", "aligned_free_bodies.xml")]
MODELS += [str(p) for p in corpus.corpus_models() if p.name in ("swimmer.xml", "dog.xml")]

CHILD = r"""
import ctypes, json, sys
DISABLE = int(sys.argv.pop(1))
import mjsim
counter = ctypes.CDLL(None)
counter.counting_stop.restype = ctypes.c_long
results = {}
for path in sys.argv[1:]:
    m = mjsim.MjModel.from_xml_path(path)
    m.opt.disableflags = m.opt.disableflags | DISABLE
    counter.counting_start(); d = mjsim.MjData(m); control = counter.counting_stop()
    for integrator in range(4):
        m.opt.integrator = integrator
        d.ctrl[:] = 0.3
        mjsim.mj_step(m, d, 2)  # warm-up: lazily made views and caches
        counts = []
        for nstep in (1, 301):
            counter.counting_start(); mjsim.mj_step(m, d, nstep); counts.append(counter.counting_stop())
        results[f"{path} integrator {integrator}"] = {"control": control, "counts": counts}
print(json.dumps(results))
"""


def compile_counter(tmp_path):
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if not sys.platform.startswith("linux") or compiler is None:
        pytest.skip("needs Linux (glibc) and a C compiler")
    if os.environ.get("MJSIM_SANITIZE"):  # set by .ci/sanitize
        pytest.skip("AddressSanitizer's malloc comes first: counted in the plain build")
    library = tmp_path / "count_malloc.so"
    subprocess.run([compiler, "-O2", "-shared", "-fPIC", "-o", str(library),
                    str(HERE / "allocation" / "count_malloc.c")], check=True)
    return library


def test_mj_step_makes_no_heap_allocation(tmp_path):
    library = compile_counter(tmp_path)
    env = dict(os.environ, LD_PRELOAD=str(library))
    check_steps(env, MODELS, disable=1)  # mjDSBL_CONSTRAINT


def test_collision_and_ray_casting_make_no_heap_allocation(tmp_path):
    """With constraints on, mj_step runs the collision stage (height field against a sphere)
    and the rangefinder's ray casting."""
    library = compile_counter(tmp_path)
    env = dict(os.environ, LD_PRELOAD=str(library))
    check_steps(env, [str(corpus.MODELS_DIR / name)
                      for name in ("terrain_hfield.xml", "sensor_contacts.xml")], disable=0)


def check_steps(env, models, disable):
    result = subprocess.run([sys.executable, "-c", CHILD, str(disable), *models],
                            capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stderr
    results = json.loads(result.stdout.strip().splitlines()[-1])
    assert len(results) == 4 * len(models)
    for case, outcome in results.items():
        assert outcome["control"] > 0, f"{case}: the counter saw no allocation making an MjData"
        one, many = outcome["counts"]
        assert many == one, f"{case}: 300 more steps made {many - one} more heap allocations"
