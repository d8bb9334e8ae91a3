"""Comparing abstract scenes (mjvScene) of mjsim and the reference: the geoms as ordered lists
(every field the issue names), the lights and the two OpenGL eyes, within ATOL."""

from __future__ import annotations

import numpy as np

ATOL = 1e-6

GEOM_FIELDS = ("type", "dataid", "objtype", "objid", "category", "matid", "texcoord", "segid",
               "size", "pos", "mat", "rgba", "emission", "specular", "shininess", "reflectance",
               "label", "transparent", "modelrbound")
LIGHT_FIELDS = ("id", "pos", "dir", "type", "texid", "attenuation", "cutoff", "exponent",
                "ambient", "diffuse", "specular", "headlight", "castshadow", "bulbradius",
                "intensity", "range")
CAMERA_FIELDS = ("pos", "forward", "up", "frustum_center", "frustum_width", "frustum_bottom",
                 "frustum_top", "frustum_near", "frustum_far", "orthographic")


def _differs(ours, ref, atol: float) -> bool:
    if isinstance(ref, str):
        return ours != ref
    ours, ref = np.asarray(ours, dtype=float), np.asarray(ref, dtype=float)
    if ours.shape != ref.shape:
        return True
    return not np.allclose(ours, ref, atol=atol, rtol=atol, equal_nan=True)


def struct_problems(ours, ref, fields, what: str, atol: float = ATOL) -> list[str]:
    return [f"{what}.{name}: mjsim {getattr(ours, name)!r} reference {getattr(ref, name)!r}"
            for name in fields if _differs(getattr(ours, name), getattr(ref, name), atol)]


def geom_summary(geom) -> str:
    return f"(type {geom.type}, objtype {geom.objtype}, objid {geom.objid})"


def scene_problems(ours, ref, atol: float = ATOL) -> list[str]:
    """What differs between two updated scenes; the first differing geom only, since a missing
    or extra geom shifts every one after it."""
    problems = []
    if ours.ngeom != ref.ngeom:
        problems.append(f"ngeom: mjsim {ours.ngeom} reference {ref.ngeom}")
    our_geoms, ref_geoms = ours.geoms, ref.geoms  # each access builds a tuple of maxgeom views
    for i in range(min(ours.ngeom, ref.ngeom)):
        found = struct_problems(our_geoms[i], ref_geoms[i], GEOM_FIELDS,
                                f"geom {i} {geom_summary(ref_geoms[i])}", atol)
        if found:
            problems += found
            break
    if ours.nlight != ref.nlight:
        problems.append(f"nlight: mjsim {ours.nlight} reference {ref.nlight}")
    our_lights, ref_lights = ours.lights, ref.lights
    for i in range(min(ours.nlight, ref.nlight)):
        problems += struct_problems(our_lights[i], ref_lights[i], LIGHT_FIELDS, f"light {i}", atol)
    our_eyes, ref_eyes = ours.camera, ref.camera
    for eye in range(2):
        problems += struct_problems(our_eyes[eye], ref_eyes[eye], CAMERA_FIELDS, f"camera {eye}",
                                    atol)
    if ours.status != ref.status:
        problems.append(f"status: mjsim {ours.status} reference {ref.status}")
    return problems
