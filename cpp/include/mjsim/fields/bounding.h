// fields/bounding.h: Model arrays of collision bounds: geom bounding spheres and boxes, the
// per-body bounding volume hierarchies over their colliding geoms, the per-mesh ones over their faces, body contact summaries,
// and the ellipsoid fluid-model coefficients of geoms; written by compiler/bounding.cc.
// Part of the fields.h table (same X-macro conventions).
#pragma once

#define MJSIM_BOUNDING_SIZES(X)                                                    \
  X(nbvh,        "bounding-volume nodes of all bodies")                \
  X(nbvhstatic,  "bounding volumes whose boxes live in MjModel")    \
  X(nbvhdynamic, "bounding volumes whose boxes live in MjData")

//     type    name              rows        cols  doc
#define MJSIM_BOUNDING_FIELDS(X)                                                                 \
  X(int,    body_contype,      nbody,      1,  "bitwise OR of the body's geom contype (bounding.cc)")          \
  X(int,    body_conaffinity,  nbody,      1,  "bitwise OR of the body's geom conaffinity (bounding.cc)")     \
  X(int,    body_bvhadr,       nbody,      1,  "address of bvh root; -1: no bvh (bounding.cc)")    \
  X(int,    body_bvhnum,       nbody,      1,  "number of bounding volumes (bounding.cc)")         \
  X(mjtNum, body_margin,       nbody,      1,  "largest margin among the body's geoms (bounding.cc)")          \
  X(int,    mesh_bvhadr,       nmesh,      1,  "address of bvh root; -1: no bvh (bounding.cc)")    \
  X(int,    mesh_bvhnum,       nmesh,      1,  "number of bounding volumes (bounding.cc)")         \
  X(int,    bvh_depth,         nbvh,       1,  "level of each node, root at 0 (bounding.cc)") \
  X(int,    bvh_child,         nbvh,       2,  "child nodes of each node; -1 where missing (bounding.cc)")    \
  X(int,    bvh_nodeid,        nbvh,       1,  "geom of a leaf node; -1 for inner nodes (bounding.cc)") \
  X(mjtNum, bvh_aabb,          nbvhstatic, 6,  "box of each node in its body's frame: center then half-sizes (bounding.cc)")  \
  X(mjtNum, geom_rbound,       ngeom,      1,  "radius of bounding sphere (bounding.cc)")          \
  X(mjtNum, geom_aabb,         ngeom,      6,  "bounding box, (center, size) (bounding.cc)")       \
  X(mjtNum, geom_fluid,        ngeom,      12, "fluid interaction parameters (bounding.cc)")

// bvh_aabb_dyn: boxes of the flexes' bounding volumes (none: mjsim loads no flexes yet).
// bvh_active: in the reference, the volumes its midphase reached, for drawing them; mjsim's
// collision does not walk the bounding volume trees and leaves it 0 (the visualization issue).
#define MJSIM_BOUNDING_DATA_FIELDS(X)                                                              \
  X(mjtNum,  bvh_aabb_dyn, nbvhdynamic, 6, "world boxes (center, half sizes) of dynamic volumes") \
  X(mjtByte, bvh_active,   nbvh,        1, "1 where the midphase reached the volume (0: not tracked)")
