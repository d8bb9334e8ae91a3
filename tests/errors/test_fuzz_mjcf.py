"""Seeded random mutations of the corpus MJCF files (attribute values replaced by extreme or
garbage numbers, elements duplicated or deleted), each loaded by mjsim and by the reference.

mjsim must never crash or hang (it also steps what it loads), must reject what the reference
rejects, must accept what the reference accepts (ALLOWED_REJECTS lists the exceptions, where
the reference computes garbage or misbehaves), and where both accept, every size n* both
models have must agree, so that no element is silently dropped.

Each engine runs in its own subprocess (limited to 4 GB of address space) over a batch of
inputs; an input on which the reference itself crashes or hangs is judged only for mjsim's
crash or hang. MJSIM_FUZZ_COUNT sets the number of inputs: the default, 3000, takes about 40 s
on two cores; the full run is MJSIM_FUZZ_COUNT=10000 (about 2 minutes; on 2026-12-02 it gave 0
crashes, 0 hangs and 0 mismatches, 3340 inputs accepted by both engines)."""

import json
import os
import re
import select
import subprocess
import sys
import tempfile
import textwrap
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from corpus import MODELS_DIR
from support import limit_child_memory

COUNT = int(os.environ.get("MJSIM_FUZZ_COUNT", "3000"))
BATCH = 100
INPUT_TIMEOUT = 30  # seconds without an answer for one input: a hang
SOURCES = sorted(path.name for path in MODELS_DIR.glob("*.xml"))
ASSET_DIRS = ["assets", "meshes", "parts"]  # linked beside the inputs: relative files resolve
VALUES = ["0", "-1", "1e308", "-1e308", "nan", "inf", "-inf", "1e-300", "7", "2147483647",
          "-2147483648", "2147483648", "abc", "", " ", "1 2", "1e160 1e160 1e160", "0 0 0 0",
          "-5 -5 -5", "0.5", "3", "1 0 0", "0 0 0", "1 1 1 1 1 1 1", "true", "false", "-0",
          "0x10", "1e", "2 2 2", "none", "auto", "world", "1 2 3 4 5 6 7 8 9 10 11 12"]
# Sizes that are not a count of model elements (memory, hash tables): not compared.
UNCOMPARED_SIZES = {"narena", "nbuffer"}
# Sizes known to differ, with the reason (a difference in these alone is not reported)
ALLOWED_SIZE_DIFFERENCES: dict[frozenset, str] = {}
# Our rejections of inputs the reference accepts, each with the reason: (pattern of our
# message, why the reference's acceptance is garbage).
ALLOWED_REJECTS: list[tuple[str, str]] = [
    (r"impratio must be positive",
     "impratio <= 0: the reference's contacts then lose their friction (elliptic cone) or their "
     "normal force (pyramidal: a box resting on a plane falls through it within 200 steps)"),
    (r"timestep must be positive",
     "timestep < 0 integrates backwards and throws a box resting on a plane 6.7 m away in 200 "
     "steps; timestep 0 never advances"),
    (r"mass must be non-negative",
     "a negative <inertial> mass: the reference accepts it on a body whose subtree has positive "
     "mass, and then simulates a negative mass"),
    (r"memory=.* is larger than mjsim supports",
     "mjsim's narena is an int (at most 2^31-1 bytes); the reference's is 64-bit. Not garbage: "
     "a limitation, listed so that the fuzz test judges the rest"),
]

RUNNER = textwrap.dedent("""
    import json, sys
    engine = sys.argv[1]
    mj = __import__(engine)
    if engine == "mujoco":  # its asset cache makes a model's meshes depend on earlier inputs
        mj.mj_setCacheCapacity(mj.mj_getCache(), 1)
    sizes = lambda m: {k: getattr(m, k) for k in dir(m)
                       if k.startswith("n") and isinstance(getattr(m, k), int)}
    for path in sys.stdin.read().split():
        print("@@", json.dumps(["start", path]), flush=True)
        try:
            m = mj.MjModel.from_xml_path(path)
        except Exception as e:
            print("@@", json.dumps(["reject", type(e).__name__ + ": " + str(e)[:300]]), flush=True)
            print("@@", json.dumps(["end", path]), flush=True)
            continue
        if engine == "mjsim":
            try:
                d = mj.MjData(m)
                mj.mj_step(m, d, 5)
            except Exception:
                pass
        print("@@", json.dumps(["accept", sizes(m)]), flush=True)
        del m  # a crash in freeing the model belongs to this input
        print("@@", json.dumps(["end", path]), flush=True)
""")


def answers(engine: str, paths: list[str]) -> dict[str, list]:
    """path -> ["accept", sizes] | ["reject", message] | ["crash", code, stderr] | ["hang"],
    for each path; a crash or hang ends the subprocess, the rest run in a new one."""
    results: dict[str, list] = {}
    while todo := [p for p in paths if p not in results]:
        with tempfile.TemporaryFile() as stderr:
            proc = subprocess.Popen([sys.executable, "-c", RUNNER, engine], stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, stderr=stderr, preexec_fn=limit_child_memory)
            proc.stdin.write("\n".join(todo).encode())
            proc.stdin.close()
            read_until_exit(proc, results, stderr)
    return results


def read_until_exit(proc, results: dict, stderr) -> None:
    current, pending, finished = None, b"", set()
    while True:
        if b"\n" not in pending:
            if not select.select([proc.stdout], [], [], INPUT_TIMEOUT)[0]:
                proc.kill()
                proc.wait()
                results[current] = ["hang"]
                return
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                code = proc.wait()
                if current is not None and current not in finished:
                    stderr.seek(0)
                    results[current] = ["crash", code, stderr.read()[-500:].decode(errors="replace")]
                return
            pending += chunk
            continue
        line, pending = pending.split(b"\n", 1)
        if not line.startswith(b"@@ "):  # the reference's warnings go to stdout too
            continue
        kind, value = json.loads(line[3:])
        if kind == "start":
            current = value
        elif kind == "end":
            finished.add(value)
        else:
            results[current] = [kind, value]


FACTORS = [-1, 0, 0.5, 2, 10, 1e3, 1e-3, 1e9, -1e9]


def perturbed(value: str, rng: np.random.Generator) -> str:
    """value with one of its numbers scaled (a plausible input that reaches the compiler), or
    value itself when it holds no number."""
    words = value.split()
    numeric = [i for i, w in enumerate(words) if w.lstrip("+-").replace(".", "", 1).isdigit()]
    if not numeric:
        return value
    i = numeric[int(rng.integers(0, len(numeric)))]
    words[i] = repr(float(words[i]) * FACTORS[int(rng.integers(0, len(FACTORS)))])
    return " ".join(words)


def mutate(root: ET.Element, rng: np.random.Generator) -> None:
    """1 to 3 mutations: an attribute replaced by a VALUES entry, one of its numbers scaled, or
    the attribute deleted; an element duplicated or deleted."""
    elements = [e for e in root.iter() if e is not root]
    parents = {child: parent for parent in root.iter() for child in parent}
    for _ in range(int(rng.integers(1, 4))):
        target = elements[int(rng.integers(0, len(elements)))]
        action = rng.random()
        parent = parents.get(target)
        if action < 0.75 and target.attrib:
            key = list(target.attrib)[int(rng.integers(0, len(target.attrib)))]
            if action < 0.35:
                target.set(key, VALUES[int(rng.integers(0, len(VALUES)))])
            elif action < 0.65:
                target.set(key, perturbed(target.get(key), rng))
            else:
                del target.attrib[key]
        elif action < 0.88 and parent is not None:
            parent.append(ET.fromstring(ET.tostring(target)))
        elif parent is not None and target in list(parent):
            parent.remove(target)


def write_input(directory, i: int) -> str:
    """Input i of the seeded sequence (its own generator: any input is made alone)."""
    rng = np.random.default_rng([2026, i])
    tree = ET.parse(MODELS_DIR / SOURCES[i % len(SOURCES)])
    mutate(tree.getroot(), rng)
    path = directory / f"fuzz_{i}.xml"
    tree.write(path)
    return str(path)


def verdict(ours: list, theirs: list) -> str | None:
    """What is wrong with our answer to one input, or None."""
    if ours[0] in ("crash", "hang"):
        return f"mjsim {ours[0]}: {ours[1:]}"
    if theirs[0] in ("crash", "hang"):
        return None
    if theirs[0] == "reject" and ours[0] == "accept":
        return f"accepted what the reference rejects: {theirs[1]}"
    if theirs[0] == "accept" and ours[0] == "reject":
        if any(re.search(pattern, ours[1]) for pattern, _ in ALLOWED_REJECTS):
            return None
        return f"rejected what the reference accepts: {ours[1]}"
    if ours[0] == "accept":
        common = (set(ours[1]) & set(theirs[1])) - UNCOMPARED_SIZES
        differ = {k: (ours[1][k], theirs[1][k]) for k in sorted(common) if ours[1][k] != theirs[1][k]}
        if differ and frozenset(differ) not in ALLOWED_SIZE_DIFFERENCES:
            return f"sizes differ (ours, reference): {differ}"
    return None


def reference_repeats(path: str, answer: list) -> bool:
    """Whether the reference, alone in a new process, answers as it did in the batch: on some
    inputs it corrupts its memory (e.g. meshes and no <worldbody>: it crashes alone, and in a
    batch may answer with any sizes), and such an answer judges nothing."""
    return answers("mujoco", [path])[path] == answer


@pytest.mark.parametrize("batch", range((COUNT + BATCH - 1) // BATCH))
def test_mutated_mjcf_is_judged_as_the_reference_judges_it(batch, tmp_path):
    for name in ASSET_DIRS:
        (tmp_path / name).symlink_to(MODELS_DIR / name)
    paths = [write_input(tmp_path, i) for i in range(batch * BATCH, min(COUNT, (batch + 1) * BATCH))]
    ours, theirs = answers("mjsim", paths), answers("mujoco", paths)
    wrong = {p: v for p in paths if (v := verdict(ours[p], theirs[p])) and reference_repeats(p, theirs[p])}
    report = [f"{os.path.basename(p)} ({SOURCES[int(p.rsplit('_', 1)[1][:-4]) % len(SOURCES)]}): {v}"
              for p, v in wrong.items()]
    first = next(iter(wrong), None)
    assert not wrong, "\n".join(report) + ("\n\nfirst input:\n" + open(first).read() if first else "")
