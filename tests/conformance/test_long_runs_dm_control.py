"""The 2000-step runs of test_long_runs.py for the dm_control suite's models."""

import pytest

pytest.importorskip("mujoco")

from conformance.test_long_runs import check_long_run, corpus_params  # noqa: E402
from corpus import dm_control_models  # noqa: E402


@pytest.mark.parametrize("path", corpus_params(dm_control_models()))
def test_long_run_stays_finite(path):
    check_long_run(path)
