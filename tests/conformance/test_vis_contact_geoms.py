"""The scene's contacts (cpp/src/vis/contact_geoms.cc) against the reference: contact points, frames and forces, whole and split, at
5 random states of every corpus model, every geom and field within 1e-6
(conformance/scene_settings.py has the settings)."""

from __future__ import annotations

import pytest

pytest.importorskip("mujoco")

from corpus import corpus_models, label  # noqa: E402
from conformance.scene_settings import setting_problems  # noqa: E402


@pytest.mark.parametrize("path", corpus_models(), ids=label)
def test_contacts_match_reference(path):
    problems = setting_problems(path, "contacts")
    assert not problems, "\n".join(problems)
