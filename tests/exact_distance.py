"""Exact signed distances of convex geoms, independent of both engines' GJK/EPA: the judge where
the reference's own answer is wrong (its GJK can report 0 for a pair 0.14 apart at some poses,
and which poses depends on the last bit of the input, so on the machine's BLAS kernel).

A sphere, capsule, box or mesh is a core point set (center; segment ends; corners; hull
vertices) inflated by a radius (0 for polytopes). Two such geoms are at signed distance
    core distance - r1 - r2,
where the core distance is the least norm of the cores' Minkowski difference hull when the
origin lies outside it (Wolfe's algorithm, exact to rounding), and minus the origin's depth
inside it otherwise (the nearest facet of the hull, from scipy's Qhull).

  geom_core(m, d, geom) -> (points (k, 3), radius) or None for other geom types
  exact_geom_distance(m, d, geom1, geom2) -> float or None
  min_norm_point(points) -> np.ndarray, the point of the points' convex hull nearest the origin
"""

from __future__ import annotations

import numpy as np

SPHERE, CAPSULE, BOX, MESH = 2, 3, 6, 7  # mjtGeom


def geom_core(m, d, geom):
    kind = int(m.geom_type[geom])
    size = m.geom_size[geom]
    center = d.geom_xpos[geom]
    rotation = d.geom_xmat[geom].reshape(3, 3)
    if kind == SPHERE:
        return center[None, :].copy(), float(size[0])
    if kind == CAPSULE:
        axis = rotation[:, 2] * size[1]
        return np.array([center - axis, center + axis]), float(size[0])
    if kind == BOX:
        signs = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], float)
        return center + (signs * size) @ rotation.T, 0.0
    if kind == MESH:
        mesh = int(m.geom_dataid[geom])
        start, count = int(m.mesh_vertadr[mesh]), int(m.mesh_vertnum[mesh])
        local = np.asarray(m.mesh_vert[start:start + count], float)
        return center + local @ rotation.T, 0.0
    return None


def min_norm_point(points, tolerance=1e-15):
    """Wolfe (1976), 'Finding the nearest point in a polytope': a corral S of points whose
    affine hull's nearest point lies inside their convex hull, grown by the point most against
    the current x and pruned when the affine solution leaves the simplex."""
    points = np.asarray(points, float)
    scale = max(float(np.max(np.sum(points * points, axis=1))), 1e-300)
    corral = [int(np.argmin(np.sum(points * points, axis=1)))]
    weights = np.array([1.0])
    x = points[corral[0]].copy()
    for _ in range(100 * len(points) + 100):
        j = int(np.argmin(points @ x))
        if x @ x <= 1e-26 * scale or x @ x - points[j] @ x <= tolerance * scale:
            return x  # the origin itself (inside), or no point improves on x
        if j in corral:
            return x
        corral.append(j)
        weights = np.append(weights, 0.0)
        while True:
            alpha = _affine_min_norm(points[corral])
            if np.all(alpha > 1e-14):
                weights = alpha
                break
            shrinking = alpha <= 1e-14
            theta = min(1.0, float(np.min(weights[shrinking] / (weights[shrinking] - alpha[shrinking]))))
            weights = theta * alpha + (1 - theta) * weights
            keep = weights > 1e-14
            corral = [p for p, k in zip(corral, keep) if k]
            weights = weights[keep] / np.sum(weights[keep])
        previous, x = x, weights @ points[corral]
        if x @ x >= previous @ previous:
            return previous  # rounding stalls the descent: x is as near as doubles get
    raise RuntimeError("Wolfe's algorithm did not converge")


def _affine_min_norm(corral_points):
    """alpha minimizing |alpha' P|^2 subject to sum(alpha) = 1 (the KKT system)."""
    k = len(corral_points)
    system = np.zeros((k + 1, k + 1))
    system[:k, :k] = corral_points @ corral_points.T
    system[:k, k] = system[k, :k] = 1.0
    rhs = np.zeros(k + 1)
    rhs[k] = 1.0
    return np.linalg.lstsq(system, rhs, rcond=None)[0][:k]


def core_signed_distance(points1, points2):
    """The cores' signed distance, or None when they overlap in a flat difference set (a point
    or segment against a point or segment), whose depth no hull facet gives."""
    difference = (points2[None, :, :] - points1[:, None, :]).reshape(-1, 3)
    nearest = min_norm_point(difference)
    distance = float(np.sqrt(nearest @ nearest))
    if distance > 1e-9:
        return distance
    if np.linalg.matrix_rank(difference - difference.mean(axis=0), tol=1e-9) < 3:
        return None
    from scipy.spatial import ConvexHull  # a test dependency (the test extra)

    # the origin inside: n.x + c <= 0 on the hull, so its depth is the least -c
    return float(np.max(ConvexHull(difference).equations[:, 3]))


def exact_geom_distance(m, d, geom1, geom2):
    cores = geom_core(m, d, geom1), geom_core(m, d, geom2)
    if cores[0] is None or cores[1] is None:
        return None
    (points1, radius1), (points2, radius2) = cores
    core = core_signed_distance(points1, points2)
    return None if core is None else core - radius1 - radius2
