// convex_support.h: geoms as convex sets for the general convex collider (GJK/EPA).
//
// A convex geom is described by its support function s(d) = argmax_{x in shape} d.x (Gilbert,
// Johnson, Keerthi 1988; van den Bergen 2003, "Collision Detection in Interactive 3D
// Environments", ch. 4). Spheres and capsules are kept as their core (a point, a segment) plus a
// radius: the shape is core + ball(radius), whose support is s_core(d) + radius d/|d|.
#pragma once
#include "mjsim/data.h"
#include "mjsim/model.h"

namespace mjsim {

// ConvexShape::type of a shape given by its vertices (`points`), e.g. a height-field prism
constexpr int kConvexPoints = -1;

struct ConvexShape {
  int type;            // mjtGeom, or kConvexPoints
  const mjtNum* pos;   // geom_xpos
  const mjtNum* rot;   // geom_xmat, row-major, geom to world
  mjtNum size[3];      // geom_size; for sphere and capsule the core's (radius moved out)
  mjtNum radius;       // sphere and capsule radius; 0 for the others (or an inflation)
  const float* vert;   // mesh: vertices in the geom frame (mesh_vert)
  int nvert;           // mesh: number of vertices
  const int* graph;    // mesh: its convex hull graph (mesh_graph), or null
  const mjtNum* points = nullptr;  // kConvexPoints: vertices in the shape frame
  int npoints = 0;                 // kConvexPoints: number of vertices
  const mjtNum* center = nullptr;  // the center GJK starts from, when not pos
};

// The shape of geom g; false when it has no convex description or a non-finite pose or size.
bool MakeConvexShape(const Model& m, const Data& d, int g, ConvexShape& shape);

// World support point in world direction `dir`, called as routine(&shape, dir, out) (GJK/EPA's
// SupportFunction): of the core (radius not included: CoreSupportRoutine) or of the full shape
// (core grown by the radius: FullSupportRoutine), specialised for the shape's type.
using SupportRoutine = void (*)(const void* shape, const mjtNum dir[3], mjtNum out[3]);
SupportRoutine CoreSupportRoutine(const ConvexShape& shape);
SupportRoutine FullSupportRoutine(const ConvexShape& shape);

}  // namespace mjsim
