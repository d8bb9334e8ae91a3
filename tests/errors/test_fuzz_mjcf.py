"""Seeded random mutations of corpus MJCF files (attribute values replaced by extreme or
garbage numbers, elements duplicated or deleted): each input is loaded and stepped a few
steps; a clean exception or a stepping model is fine, a crash (signal) or a hang fails.
Inputs are batched in subprocesses with a timeout. MJSIM_FUZZ_COUNT sets the number of
inputs (default 200) for a long run."""

import os
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from corpus import MODELS_DIR

COUNT = int(os.environ.get("MJSIM_FUZZ_COUNT", "200"))
BATCH = 50
SOURCES = ["robot_arm.xml", "tendon_arm.xml", "sensor_arm.xml", "actuator_shortcuts.xml",
           "collision_shapes.xml", "linkage_constraints.xml"]
VALUES = ["0", "-1", "1e308", "-1e308", "nan", "inf", "1e-300", "7", "2147483647", "-2147483648",
          "abc", "", "1 2", "1e160 1e160 1e160", "0 0 0 0", "-5 -5 -5"]

RUNNER = textwrap.dedent("""
    import sys, mjsim
    for path in sys.stdin.read().split():
        print("start", path, flush=True)
        try:
            m = mjsim.MjModel.from_xml_path(path)
            d = mjsim.MjData(m)
            mjsim.mj_step(m, d, 5)
        except Exception as e:
            pass
        print("done", flush=True)
""")


def mutate(root: ET.Element, rng: np.random.Generator) -> None:
    elements = [e for e in root.iter() if e is not root]
    for _ in range(int(rng.integers(1, 4))):
        target = elements[int(rng.integers(0, len(elements)))]
        action = rng.random()
        if action < 0.7 and target.attrib:
            key = list(target.attrib)[int(rng.integers(0, len(target.attrib)))]
            target.set(key, VALUES[int(rng.integers(0, len(VALUES)))])
        elif action < 0.85:
            parent = next((p for p in root.iter() if target in list(p)), None)
            if parent is not None:
                parent.append(ET.fromstring(ET.tostring(target)))
        else:
            parent = next((p for p in root.iter() if target in list(p)), None)
            if parent is not None:
                parent.remove(target)


def inputs(tmp_path, first: int, last: int) -> list[str]:
    """Inputs first..last-1 of the seeded sequence, written to tmp_path."""
    rng = np.random.default_rng(2026)
    paths = []
    for i in range(last):
        tree = ET.parse(MODELS_DIR / SOURCES[i % len(SOURCES)])
        mutate(tree.getroot(), rng)
        if i >= first:
            path = tmp_path / f"fuzz_{i}.xml"
            tree.write(path)
            paths.append(str(path))
    return paths


@pytest.mark.parametrize("batch", range((COUNT + BATCH - 1) // BATCH))
def test_mutated_mjcf_never_crashes_or_hangs(batch, tmp_path):
    paths = inputs(tmp_path, batch * BATCH, min(COUNT, (batch + 1) * BATCH))
    result = subprocess.run([sys.executable, "-c", RUNNER], input="\n".join(paths),
                            capture_output=True, text=True, timeout=120)
    started = [line.split()[1] for line in result.stdout.splitlines() if line.startswith("start")]
    last = open(started[-1]).read() if started and result.returncode != 0 else ""
    assert result.returncode == 0, f"crash ({result.returncode}) on:\n{last}\n{result.stderr[-500:]}"
