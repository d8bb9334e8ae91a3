"""The README example runs with mjsim alone (mujoco blocked) and prints what the geometry of
models/pendulum_chain.xml says it should."""

import math

from corpus import REPO
from support import run_without_mujoco

SCRIPT = REPO / "examples" / "pendulum_kinematics.py"


def run_example():
    result = run_without_mujoco(f"import runpy; runpy.run_path({str(SCRIPT)!r}, run_name='__main__')",
                                cwd=REPO)
    assert result.returncode == 0, f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}"
    return result.stdout


def tip_positions(output):
    """(x, y, z) of every 'tip' line."""
    positions = []
    for line in output.splitlines():
        if line.strip().startswith("tip"):
            positions.append(tuple(float(w.split("=")[1]) for w in line.split()[1:]))
    return positions


def test_example_runs_without_mujoco():
    output = run_example()
    assert "pendulum_chain.xml: 4 bodies, 3 joints, 3 coordinates" in output
    assert output.count("body 3 lower") == 3


def test_example_tip_positions():
    """Links of 0.5, 0.4 and 0.3 m and a tip 0.07 m past the last joint's link: the tip is
    at distance 0.5, 0.4, 0.37 along the chain, each link rotated about +y by the sum of the
    angles above it."""
    lengths = [0.5, 0.4, 0.37]
    expected = []
    for angles in ([0, 0, 0], [30, 0, 0], [30, -45, 60]):
        x = z = total = 0.0
        for length, angle in zip(lengths, angles):
            total += math.radians(angle)
            x -= length * math.sin(total)
            z -= length * math.cos(total)
        expected.append((x, 0.0, z))
    tips = tip_positions(run_example())
    assert len(tips) == 3
    for got, want in zip(tips, expected):
        assert all(abs(g - w) < 1e-4 for g, w in zip(got, want)), (got, want)
