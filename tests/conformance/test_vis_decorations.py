"""The scene's decorations (cpp/src/vis/decorations.cc) against the reference: frames of every kind, labels of every kind, joints, actuators, tendons, com, inertia,
constraints, cameras (and frustums) and lights each and together, and perturbations with the
select point and applied forces, at
5 random states of every corpus model, every geom and field within 1e-6
(conformance/scene_settings.py has the settings)."""

from __future__ import annotations

import pytest

pytest.importorskip("mujoco")

from corpus import corpus_models, label  # noqa: E402
from conformance.scene_settings import setting_problems  # noqa: E402


@pytest.mark.parametrize("path", corpus_models(), ids=label)
def test_decorations_match_reference(path):
    problems = setting_problems(path, "decorations")
    assert not problems, "\n".join(problems)
