// fields/bounding.h: Model arrays of collision bounds: geom bounding spheres and boxes, the
// per-body bounding volume hierarchies over their colliding geoms, the per-mesh ones over their faces, body contact summaries,
// and the ellipsoid fluid-model coefficients of geoms; written by compiler/bounding.cc.
// Part of the fields.h table (same X-macro conventions).
#pragma once

#define MJSIM_BOUNDING_SIZES(X)                                                    \
  X(nbvh,        "number of total bounding volumes in all bodies")                \
  X(nbvhstatic,  "number of static bounding volumes (aabb stored in mjModel)")    \
  X(nbvhdynamic, "number of dynamic bounding volumes (aabb stored in mjData)")

//     type    name              rows        cols  doc
#define MJSIM_BOUNDING_FIELDS(X)                                                                 \
  X(int,    body_contype,      nbody,      1,  "OR over all geom contypes (bounding.cc)")          \
  X(int,    body_conaffinity,  nbody,      1,  "OR over all geom conaffinities (bounding.cc)")     \
  X(int,    body_bvhadr,       nbody,      1,  "address of bvh root; -1: no bvh (bounding.cc)")    \
  X(int,    body_bvhnum,       nbody,      1,  "number of bounding volumes (bounding.cc)")         \
  X(mjtNum, body_margin,       nbody,      1,  "MAX over all geom margins (bounding.cc)")          \
  X(int,    mesh_bvhadr,       nmesh,      1,  "address of bvh root; -1: no bvh (bounding.cc)")    \
  X(int,    mesh_bvhnum,       nmesh,      1,  "number of bounding volumes (bounding.cc)")         \
  X(int,    bvh_depth,         nbvh,       1,  "depth in the bounding volume hierarchy (bounding.cc)") \
  X(int,    bvh_child,         nbvh,       2,  "left and right children in tree (bounding.cc)")    \
  X(int,    bvh_nodeid,        nbvh,       1,  "geom or elem id of node; -1: non-leaf (bounding.cc)") \
  X(mjtNum, bvh_aabb,          nbvhstatic, 6,  "local bounding box (center, size) (bounding.cc)")  \
  X(mjtNum, geom_rbound,       ngeom,      1,  "radius of bounding sphere (bounding.cc)")          \
  X(mjtNum, geom_aabb,         ngeom,      6,  "bounding box, (center, size) (bounding.cc)")       \
  X(mjtNum, geom_fluid,        ngeom,      12, "fluid interaction parameters (bounding.cc)")

#define MJSIM_BOUNDING_DATA_FIELDS(X)
