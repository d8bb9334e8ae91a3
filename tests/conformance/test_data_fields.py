"""The Data arrays of the field table (cpp/include/mjsim/fields.h and fields/*.h) against the
reference: every numpy array a reference MjData exposes, mjsim's has too, with the same shape
and dtype, on the models of the corpus. Libraries walk MjData by its array names (dm_control's
named indexers read each one), so an array left out breaks them even when it is always empty,
as the flex and plugin arrays are in mjsim (fields/unsupported.h). The arrays still to be
added (the island arrays, ...) are the MjData names of test_public_names.ISSUE_24_PENDING.
"""

from __future__ import annotations

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from conformance.test_public_names import ISSUE_24_PENDING  # noqa: E402
from corpus import corpus_models, params  # noqa: E402

UNSUPPORTED = "not supported by mjsim yet"
PENDING = {name.split(".", 1)[1] for name in ISSUE_24_PENDING if name.startswith("MjData.")}


def reference_arrays(data) -> dict[str, np.ndarray]:
    arrays = {}
    for name in dir(data):
        if name.startswith("_"):
            continue
        value = getattr(data, name)
        if isinstance(value, np.ndarray):
            arrays[name] = value
    return arrays


@pytest.mark.parametrize("model", params(corpus_models()))
def test_every_reference_data_array_exists_with_its_shape_and_dtype(model):
    try:
        m = mjsim.MjModel.from_xml_path(str(model))
    except ValueError as error:
        if UNSUPPORTED in str(error):
            pytest.xfail(str(error).splitlines()[0])
        raise
    ours = mjsim.MjData(m)
    ref = mujoco.MjData(mujoco.MjModel.from_xml_path(str(model)))
    problems = []
    for name, theirs in reference_arrays(ref).items():
        if not hasattr(ours, name):
            if name not in PENDING:
                problems.append(f"{name}: missing")
            continue
        mine = np.asarray(getattr(ours, name))
        if mine.shape != theirs.shape or mine.dtype != theirs.dtype:
            problems.append(f"{name}: {mine.shape} {mine.dtype}, reference {theirs.shape} "
                            f"{theirs.dtype}")
    assert not problems, "\n".join(problems)
