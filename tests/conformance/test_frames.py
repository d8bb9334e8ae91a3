"""Frame orientations (compiler/frames.cc) against the reference, bit for bit: fromto and zaxis
frames, axisangle and euler in degrees, and joint angles in degrees. The last bits matter:
a 1-ulp difference in a geom frame or a joint's qpos0 is enough to make a chaotic trajectory
diverge from the reference's."""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402


def _pair(worldbody):
    xml = f"<mujoco><worldbody>{worldbody}</worldbody></mujoco>"
    return mjsim.MjModel.from_xml_string(xml), mujoco.MjModel.from_xml_string(xml)


def _text(values):
    return " ".join(repr(float(v)) for v in values)


def _directions(seed):
    rng = np.random.default_rng(seed)
    out = [rng.normal(size=3) for _ in range(60)]
    out += [np.round(rng.normal(size=3) * 2) / 2 for _ in range(60)]  # diagonal, axis-aligned
    out += [np.array(v, float) for v in ((0, 0, 1), (0, 0, -1), (0, 0, -3), (1e-9, 0, -1),
                                        (0, 1e-8, 1), (1, 0, 0), (0, 1, 0), (1, 1, 0))]
    return [d for d in out if np.linalg.norm(d) > 0.1]


def test_fromto_frames_are_bitwise_reference():
    """z = (from - to) / |from - to| (division), axis = (0,0,1) x z, angle atan2(|axis|, z_z),
    identity or (cos(pi/2), 1, 0, 0) within 1e-7 of the z axis."""
    geoms = "".join(f'<geom type="capsule" size="0.1" fromto="0 0 0 {_text(d)}"/>'
                    for d in _directions(1))
    ours, ref = _pair(f"<body>{geoms}</body>")
    np.testing.assert_array_equal(np.asarray(ours.geom_quat), ref.geom_quat)
    np.testing.assert_array_equal(np.asarray(ours.geom_size), ref.geom_size)


def test_zaxis_frames_are_bitwise_reference():
    bodies = "".join(f'<body zaxis="{_text(d)}"><geom size=".1"/></body>' for d in _directions(2))
    ours, ref = _pair(bodies)
    np.testing.assert_array_equal(np.asarray(ours.body_quat), ref.body_quat)


def test_axisangle_and_euler_in_degrees_are_bitwise_reference():
    """Orientation angles in degrees are angle / 180 * pi; the axis is divided by its norm."""
    rng = np.random.default_rng(3)
    geoms = ""
    for _ in range(80):
        axis = rng.normal(size=3) if rng.random() < 0.5 else np.round(rng.normal(size=3))
        if np.linalg.norm(axis) < 0.1:
            axis = np.array([1.0, 0, 0])
        angle = float(np.round(rng.uniform(-360, 360), 1))
        euler = np.round(rng.uniform(-180, 180, 3))
        geoms += f'<geom size=".1" axisangle="{_text(axis)} {angle!r}"/>'
        geoms += f'<geom size=".1" euler="{_text(euler)}"/>'
    geoms += '<geom size=".1" euler="0 -34 0"/><geom size=".1" euler="90 90 0"/>'
    ours, ref = _pair(f"<body>{geoms}</body>")
    np.testing.assert_array_equal(np.asarray(ours.geom_quat), ref.geom_quat)


def test_joint_angles_in_degrees_are_bitwise_reference():
    """Joint range, ref and springref in degrees are angle * (pi / 180), not angle / 180 * pi."""
    angles = np.round(np.random.default_rng(4).uniform(-360, 360, 60), 1)
    bodies = "".join(f'<body><joint range="{a!r} 400" ref="{a!r}" springref="{a!r}"/>'
                     f'<geom size=".1"/></body>' for a in map(float, angles))
    ours, ref = _pair(bodies)
    for name in ("jnt_range", "qpos0", "qpos_spring"):
        np.testing.assert_array_equal(np.asarray(getattr(ours, name)), getattr(ref, name), name)
