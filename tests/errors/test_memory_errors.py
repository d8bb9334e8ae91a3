"""Models that would exceed memory raise ValueError at once, never hang or get killed:
<replicate> counts of a billion or nested replicates multiplying past a million elements
(cpp/src/xml/xml_reader.cc; the reference hangs on them), and sizes whose arrays cannot fit
in the memory available (nuserdata, nuser_geom, nkey; compiler and MjData, util/buffer.cc
CheckDataFitsMemory; the reference: "Could not allocate memory"), and nconmax or njmax asking
for an arena beyond the 2^31-1 bytes an int holds (compiler/custom.cc). Each load runs in a
subprocess limited to 4 GB of address space, so a regression fails instead of swapping."""

import json
import os
import subprocess
import sys

import mujoco
import pytest
from support import limit_child_memory

WORLD = "<mujoco>{size}<worldbody>{body}</worldbody></mujoco>"
HUGE = {
    "replicate_billion": WORLD.format(size="", body='<replicate count="1000000000" offset="0 0 1">'
                                      '<body><geom size=".1"/></body></replicate>'),
    "nested_replicates": WORLD.format(size="", body='<replicate count="1000" offset="1 0 0">'
                                      '<replicate count="1000" offset="0 1 0"><replicate count="1000" '
                                      'offset="0 0 1"><geom size=".1"/></replicate></replicate></replicate>'),
    "nuserdata": WORLD.format(size='<size nuserdata="2000000000"/>', body='<geom size=".1"/>'),
    "nuser_geom": WORLD.format(size='<size nuser_geom="2000000000"/>', body='<geom size=".1"/>'),
    # the reference hangs (over 5 minutes) on nkey; we raised MemoryError (std::bad_alloc)
    "nkey": WORLD.format(size='<size nkey="2000000000"/>', body='<geom size=".1"/>'),
    # the reference: "Could not allocate memory"; we accepted them, clamping the arena to 2 GB
    "nconmax": WORLD.format(size='<size nconmax="2000000000"/>', body='<geom size=".1"/>'),
    "njmax": WORLD.format(size='<size njmax="2000000000"/>', body='<geom size=".1"/>'),
}
CODE = """
import json, sys, mjsim
try:
    m = mjsim.MjModel.from_xml_string(sys.argv[1])
    d = mjsim.MjData(m)
    mjsim.mj_step(m, d)
    print(json.dumps(["ok", m.nbody, m.ngeom]))
except Exception as e:
    print(json.dumps([type(e).__name__, str(e)]))
"""


def load(xml: str) -> list:
    result = subprocess.run([sys.executable, "-c", CODE, xml], capture_output=True, text=True,
                            timeout=60, preexec_fn=limit_child_memory)
    assert result.returncode == 0, f"crashed ({result.returncode}): {result.stderr[-500:]}"
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("name", list(HUGE))
def test_models_too_large_for_memory_raise_value_error(name):
    if os.environ.get("MJSIM_SANITIZE"):  # .ci/sanitize
        pytest.skip("AddressSanitizer aborts on an allocation beyond its limit where the normal "
                    "build throws std::bad_alloc")
    kind, message = load(HUGE[name])
    assert kind == "ValueError", message
    assert ("replicate would create more than" in message if "replicate" in name
            else "could not allocate memory" in message)


@pytest.mark.parametrize("count", ["0", "-5"])
def test_replicate_count_below_one_makes_no_copies_as_the_reference(count):
    xml = WORLD.format(size="", body=f'<replicate count="{count}" offset="0 0 1"><geom size=".1"/></replicate>')
    ref = mujoco.MjModel.from_xml_string(xml)
    assert load(xml) == ["ok", ref.nbody, ref.ngeom]
