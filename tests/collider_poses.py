"""Shared machinery of the narrow-phase conformance tests (test_collide_*.py): small models of
one geom pair on free bodies, poses set through qpos, mj_kinematics + mj_collision in both
engines, and the contact sets compared.

  plane_model(geom, plane="") -> str
      A world plane (extra attributes `plane`, e.g. a tilt) and one free body holding `geom`.
  pair_model(geom1, geom2) -> str
      Two free bodies, one geom each (body 1 holds geom 0, body 2 geom 1).
  quat(axis, angle) -> np.ndarray
      The unit quaternion of a rotation by `angle` about `axis`.
  random_quat(rng) -> np.ndarray
      A uniformly distributed unit quaternion.
  collide(pair, qpos, sizes=None)
      Sets qpos in both engines (and optionally overrides geom_size rows at run time:
      {geom: size}), then runs mj_kinematics and mj_collision in both.
  assert_same_contacts(pair, context, tol)
      compare_contacts with dist, pos, normal and the full frame to `tol`; the contact
      parameters exactly.
  assert_finite_contacts(d)
      Every contact of an MjData has finite dist, pos and frame.
"""

from __future__ import annotations

import numpy as np

from contacts import compare_contacts


def plane_model(geom: str, plane: str = "") -> str:
    return f"""<mujoco><asset>{MESH_ASSETS}</asset><worldbody>
      <geom name="plane" type="plane" size="5 5 .1" {plane}/>
      <body><freejoint/>{geom}</body></worldbody></mujoco>"""


def pair_model(geom1: str, geom2: str) -> str:
    return f"""<mujoco><option gravity="0 0 0"/><worldbody>
      <body><freejoint/>{geom1}</body><body><freejoint/>{geom2}</body>
      </worldbody></mujoco>"""


def _prism(sides: int, radius: float, half: float) -> str:
    angles = np.arange(sides) * 2 * np.pi / sides
    points = [(radius * np.cos(a), radius * np.sin(a), z) for z in (-half, half) for a in angles]
    return " ".join(f"{x:.6f} {y:.6f} {z:.6f}" for x, y, z in points)


def _cloud(seed: int, count: int) -> str:
    points = np.random.default_rng(seed).normal(size=(count, 3)) * [0.1, 0.2, 0.15]
    return " ".join(f"{x:.6f} {y:.6f} {z:.6f}" for x, y, z in points)


_CUBE = " ".join(f"{x} {y} {z}" for z in (-.3, .3) for y in (-.2, .2) for x in (-.1, .1))
# point clouds: the compiler builds their convex hulls (interior points drop out)
MESH_VERTICES = {
    "cube": _CUBE,
    "prism12": _prism(12, 0.1, 0.1),
    "prism3": _prism(3, 0.1, 0.1),
    "cloud12": _cloud(1, 12),
    "cloud30": _cloud(2, 30),
}
MESH_ASSETS = "".join(f'<mesh name="{name}" vertex="{vertices}"/>'
                      for name, vertices in MESH_VERTICES.items())


def quat(axis, angle: float) -> np.ndarray:
    axis = np.asarray(axis, dtype=float)
    axis = axis / np.linalg.norm(axis)
    return np.r_[np.cos(angle / 2), np.sin(angle / 2) * axis]


def random_quat(rng: np.random.Generator) -> np.ndarray:
    q = rng.standard_normal(4)
    return q / np.linalg.norm(q)


def collide(pair, qpos, sizes: dict | None = None) -> None:
    for model, data in ((pair.m, pair.d), (pair.ref_m, pair.ref_d)):
        for geom, size in (sizes or {}).items():
            model.geom_size[geom] = size
        data.qpos[:] = qpos
    pair.call("mj_kinematics")
    pair.call("mj_collision")


def assert_same_contacts(pair, context: str, tol: float = 1e-9) -> None:
    problems = compare_contacts(pair.d, pair.ref_d, dist_tol=tol, pos_tol=tol, normal_tol=tol,
                                frame_tol=tol)
    assert not problems, f"{context}: " + "; ".join(problems[:4])


def assert_finite_contacts(d) -> None:
    for i in range(d.ncon):
        c = d.contact[i]
        values = np.r_[c.dist, np.asarray(c.pos), np.asarray(c.frame)]
        assert np.all(np.isfinite(values)), f"contact {i} is not finite: {values}"
