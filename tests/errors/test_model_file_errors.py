"""A corrupted binary model (mjsim's own format, mj_saveModel / MjModel.from_binary_path) or a
corrupted pickle of MjModel or MjData raises ValueError on load, or loads a model that steps:
never a crash, a hang or an out-of-memory kill (cpp/bindings/model_file.cc FillLoadedModel:
the sizes must give the buffer's length, then engine/model_check.cc checks every id and
address of the fields.h index table). Fuzz-style: seeded truncations and byte flips at many
positions, batched in subprocesses, so a crash fails the test instead of killing pytest."""

import os
import pickle
import subprocess
import sys
import textwrap
import zlib

import numpy as np
import pytest

import mjsim
from corpus import MODELS_DIR

MODELS = ["collision_shapes.xml", "sensor_arm.xml", "mesh_game_pieces.xml"]
CASES_PER_MODEL = int(os.environ.get("MJSIM_FUZZ_COUNT", "80"))

# Each line of stdin: a file of corrupted bytes and how to load it; prints one outcome per line.
RUNNER = textwrap.dedent("""
    import pickle, sys
    import mjsim
    for line in sys.stdin:
        kind, path = line.split()
        print("start", path, flush=True)
        try:
            if kind == "binary":
                m = mjsim.MjModel.from_binary_path(path)
                d = mjsim.MjData(m)
            else:  # a pickled state tuple, given to __setstate__ as unpickling does
                with open(path, "rb") as f:
                    state = pickle.load(f)
                cls = mjsim.MjModel if kind == "model" else mjsim.MjData
                loaded = cls.__new__(cls)
                loaded.__setstate__(state)
                m, d = (loaded, mjsim.MjData(loaded)) if kind == "model" else (loaded.model, loaded)
            mjsim.mj_step(m, d, 3)
            print("stepped", flush=True)
        except (ValueError, TypeError, mjsim.FatalError, pickle.UnpicklingError, EOFError,
                AttributeError, IndexError, KeyError, OverflowError, MemoryError) as e:
            print("raised", type(e).__name__, flush=True)
""")


def corruptions(data: bytes, rng: np.random.Generator, count: int):
    """count corrupted copies of data: truncations, single flipped bytes, random 4-byte
    values (sizes, ids and addresses are int32) and, for the header, every early byte."""
    n = len(data)
    for i in range(count):
        kind = i % 4
        if kind == 0:
            yield data[: int(rng.integers(0, n))]
        elif kind == 1:
            at = int(rng.integers(0, n))
            yield data[:at] + bytes([data[at] ^ int(rng.integers(1, 256))]) + data[at + 1:]
        elif kind == 2:
            at = int(rng.integers(0, max(1, n - 4)))
            value = int(rng.choice([-1, -2, 7, 99, 1 << 20, 1 << 30, -(1 << 31), (1 << 31) - 1]))
            yield data[:at] + value.to_bytes(4, "little", signed=True) + data[at + 4:]
        else:
            at = int(rng.integers(0, min(n, 600)))  # header, sizes and option structs
            yield data[:at] + bytes([int(rng.integers(0, 256))]) + data[at + 1:]


def run_cases(tmp_path, kind: str, blobs) -> list[str]:
    lines = []
    for i, blob in enumerate(blobs):
        path = tmp_path / f"{kind}{i}.bin"
        path.write_bytes(blob)
        lines.append(f"{kind} {path}\n")
    result = subprocess.run([sys.executable, "-c", RUNNER], input="".join(lines),
                            capture_output=True, text=True, timeout=600)
    out = result.stdout.split("\n")
    last = [line for line in out if line.startswith("start")][-1:] or ["(none)"]
    assert result.returncode == 0, (
        f"crash ({result.returncode}) loading {last[0]}: {result.stderr[-800:]}")
    outcomes = [line for line in out if line.startswith(("stepped", "raised"))]
    assert len(outcomes) == len(lines)
    return outcomes


@pytest.mark.parametrize("name", MODELS)
def test_corrupted_binary_models_raise_or_step(name, tmp_path):
    m = mjsim.MjModel.from_xml_path(str(MODELS_DIR / name))
    saved = tmp_path / "saved.mjb"
    mjsim.mj_saveModel(m, str(saved))
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    outcomes = run_cases(tmp_path, "binary", corruptions(saved.read_bytes(), rng, CASES_PER_MODEL))
    assert any(o.startswith("raised") for o in outcomes)


def corrupted_model_state(state: tuple, rng: np.random.Generator) -> tuple:
    """The pickled state of an MjModel (tag, sizes, option, visual, statistic, buffer) with a
    size, or bytes of one of the structs or the buffer, corrupted. Flipping bytes of the
    pickle stream itself would test CPython's unpickler (a corrupted memo index makes it
    allocate gigabytes), not mjsim."""
    state = list(state)
    where = int(rng.integers(1, 6))
    if where == 1:
        sizes = list(state[1])
        sizes[int(rng.integers(0, len(sizes)))] = int(rng.choice([-2, -1, 0, 1, 99, 1 << 20, (1 << 31) - 1]))
        state[1] = sizes
    else:
        blob = bytearray(state[where])
        if blob and rng.random() < 0.8:
            at = int(rng.integers(0, len(blob) - 3)) if len(blob) > 4 else 0
            value = int(rng.choice([-1, 7, 99, 1 << 20, -(1 << 31), (1 << 31) - 1]))
            blob[at:at + 4] = value.to_bytes(4, "little", signed=True)[: len(blob) - at]
        else:
            del blob[int(rng.integers(0, len(blob) + 1)):]
        state[where] = bytes(blob)
    return tuple(state)


def corrupted_data_state(state: tuple, rng: np.random.Generator) -> tuple:
    """The pickled state of an MjData (tag, model state, scalars, buffer, arena in use) with
    its model's state, its scalars (counts included), its buffer or its arena corrupted."""
    state = list(state)
    if rng.random() < 0.4:
        state[1] = corrupted_model_state(state[1], rng)
    else:
        where = int(rng.choice([2, 3, 4]))  # the scalars, the array buffer, the arena in use
        blob = bytearray(state[where])
        if blob:
            at = int(rng.integers(0, max(1, len(blob) - 4)))
            blob[at:at + 4] = int(rng.choice([-1, 99, 1 << 30])).to_bytes(4, "little", signed=True)
        state[where] = bytes(blob)
    return tuple(state)


@pytest.mark.parametrize("what", ["model", "data"])
def test_corrupted_pickles_raise_or_step(what, tmp_path):
    m = mjsim.MjModel.from_xml_path(str(MODELS_DIR / "sensor_arm.xml"))
    d = mjsim.MjData(m)
    mjsim.mj_step(m, d, 5)
    state = (m if what == "model" else d).__getstate__()
    corrupt = corrupted_model_state if what == "model" else corrupted_data_state
    rng = np.random.default_rng(7 if what == "model" else 8)
    blobs = (pickle.dumps(corrupt(state, rng)) for _ in range(CASES_PER_MODEL))
    outcomes = run_cases(tmp_path, what, blobs)
    assert any(o.startswith("raised") for o in outcomes)


def test_binary_model_with_an_out_of_range_id_names_it(tmp_path):
    m = mjsim.MjModel.from_xml_path(str(MODELS_DIR / "sensor_arm.xml"))
    m.body_parentid[2] = 1000
    path = tmp_path / "bad.mjb"
    mjsim.mj_saveModel(m, str(path))
    with pytest.raises(ValueError, match=r"binary model is corrupted: .*body_parentid\[2\]"):
        mjsim.MjModel.from_binary_path(str(path))


def test_pickle_with_huge_sizes_is_rejected_before_allocating():
    m = mjsim.MjModel.from_xml_path(str(MODELS_DIR / "sensor_arm.xml"))
    state = m.__getstate__()
    sizes = list(state[1])
    sizes[0] = (1 << 31) - 1  # nq
    with pytest.raises(ValueError, match="corrupted"):
        mjsim.MjModel.__new__(mjsim.MjModel).__setstate__((state[0], sizes) + tuple(state[2:]))
