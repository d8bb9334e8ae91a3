"""The README's simulation example runs with mjsim alone (mujoco blocked), advances two
seconds, and conserves the frictionless pendulum's energy as RK4 should."""

from corpus import REPO
from support import run_without_mujoco

SCRIPT = REPO / "examples" / "pendulum_simulation.py"


def test_simulation_example_conserves_energy():
    result = run_without_mujoco(f"import runpy; runpy.run_path({str(SCRIPT)!r}, run_name='__main__')",
                                cwd=REPO)
    assert result.returncode == 0, f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}"
    reports = [line for line in result.stdout.splitlines() if line.startswith("t=")]
    assert len(reports) == 8
    assert reports[-1].startswith("t= 2.00 s")
    energies = [float(line.split("energy=")[1].split()[0]) for line in reports]
    heights = [float(line.split("tip z=")[1].split()[0]) for line in reports]
    assert max(energies) - min(energies) < 1e-5 * abs(energies[0])
    assert max(heights) - min(heights) > 0.3  # it swings
