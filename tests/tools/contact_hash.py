"""One hash of the raw bytes of mjsim's contacts, to check that a change leaves them bit-identical.

    PYTHONPATH=python python tests/tools/contact_hash.py [--verbose]

Scenes: the benchmark's pile (benchmarks/bench_collision.py pile_xml) at seeds 0..5, and every
corpus model (tests/corpus.py) at 10 random states (tests/support.py randomize_state, seeds
0..9). Each runs mj_fwdPosition; the hash covers ncon and every contact field (dist, pos, frame,
includemargin, friction, solref, solreffriction, solimp, mu, H, dim, geom1, geom2, geom, flex,
elem, vert, exclude, efc_address). --verbose prints one hash per scene as well. mujoco is only
used to draw the random states (from the reference model's joints, as the tests do).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS))
sys.path.insert(0, str(TESTS.parent / "benchmarks"))

import numpy as np  # noqa: E402

from corpus import corpus_models, label  # noqa: E402
from support import load_pair  # noqa: E402

FIELDS = ("dist", "pos", "frame", "includemargin", "friction", "solref", "solreffriction",
          "solimp", "mu", "H", "dim", "geom1", "geom2", "geom", "flex", "elem", "vert",
          "exclude", "efc_address")
PILE_SEEDS = range(6)
STATE_SEEDS = range(10)


def contact_bytes(d) -> bytes:
    ncon = int(d.ncon)
    parts = [np.int64(ncon).tobytes()]
    for name in FIELDS:
        values = np.ascontiguousarray(np.asarray(getattr(d.contact, name))[:ncon])
        parts.append(name.encode() + values.tobytes())
    return b"".join(parts)


def scenes():
    """(name, pair, seed or None) for every scene hashed; the pair's state is set by the caller."""
    from bench_collision import pile_xml

    for seed in PILE_SEEDS:
        yield f"pile seed {seed}", load_pair(pile_xml(seed=seed), seed=None), None
    for path in corpus_models():
        pair = load_pair(path, seed=None)
        for seed in STATE_SEEDS:
            yield f"{label(path)} state {seed}", pair, seed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    import mjsim

    total = hashlib.sha256()
    count = 0
    for name, pair, seed in scenes():
        if seed is not None:
            pair.randomize_state(seed)
        mjsim.mj_fwdPosition(pair.m, pair.d)
        data = contact_bytes(pair.d)
        total.update(data)
        count += int(pair.d.ncon)
        if args.verbose:
            print(f"{hashlib.sha256(data).hexdigest()[:16]}  {pair.d.ncon:5d}  {name}")
    print(f"{total.hexdigest()}  ({count} contacts)")


if __name__ == "__main__":
    main()
