"""The README's speed figures are the ones benchmarks/readme_figures.py writes from the committed
result tables (step_public.csv, rollout.csv): a table re-measured without regenerating the
README, or a README edited by hand, fails here."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_readme_figures_match_committed_tables():
    result = subprocess.run([sys.executable, str(REPO / "benchmarks" / "readme_figures.py"),
                             "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_check_fails_when_the_figures_are_stale(tmp_path, monkeypatch):
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        import readme_figures
    finally:
        sys.path.pop(0)
    stale = tmp_path / "README.md"
    text = (REPO / "README.md").read_text()
    start = text.index(readme_figures.BEGIN) + len(readme_figures.BEGIN)
    stale.write_text(text[:start] + "\nan old figure" + text[start:])
    monkeypatch.setattr(readme_figures, "README", stale)
    assert readme_figures.main(["--check"]) == 1
    readme_figures.main([])
    assert readme_figures.main(["--check"]) == 0
