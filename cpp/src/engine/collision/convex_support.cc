// convex_support.cc: support functions of the convex geoms (see convex_support.h).
// In the geom frame, for a direction d:
//   sphere     the center (core point; radius kept apart)
//   capsule    (0, 0, +-h) by the sign of d_z (core segment; radius kept apart)
//   ellipsoid  A^2 d / |A d|,  A = diag(a)          (maximizer of d.x on x' A^-2 x = 1)
//   cylinder   (r d_xy / |d_xy|, h sign(d_z))
//   box        (a_i sign(d_i))
//   mesh       the vertex of largest d.x (the hull's support equals the vertex set's): by
//              hill climbing on the hull graph when there is one (on a convex polytope a vertex
//              no neighbour of which improves d.x is the maximum), else by scanning all
//              vertices
//   points     the point of largest d.x (kConvexPoints: height-field prisms)
#include "engine/collision/convex_support.h"

#include <cmath>

#include "util/math3.h"

namespace mjsim {
namespace {

// The per-shape helpers are forced inline into TypedSupport: a call there spills the rotation
// and the local direction to the stack (measured: ~30% of the cylinder's support instructions).
#define SUPPORT_INLINE [[gnu::always_inline]] inline

SUPPORT_INLINE mjtNum SignOf(mjtNum x) { return x >= 0 ? 1 : -1; }

SUPPORT_INLINE void EllipsoidSupport(const mjtNum a[3], const mjtNum d[3], mjtNum out[3]) {
  mjtNum ad[3] = {a[0] * d[0], a[1] * d[1], a[2] * d[2]};
  mjtNum norm = Norm3(ad);
  if (!(norm > 0)) {
    Zero3(out);
    return;
  }
  for (int k = 0; k < 3; ++k) out[k] = a[k] * ad[k] / norm;
}

SUPPORT_INLINE void CylinderSupport(const mjtNum size[3], const mjtNum d[3], mjtNum out[3]) {
  mjtNum planar = std::sqrt(d[0] * d[0] + d[1] * d[1]);
  mjtNum scale = planar > 0 ? size[0] / planar : 0;
  out[0] = d[0] * scale;
  out[1] = d[1] * scale;
  out[2] = size[1] * SignOf(d[2]);
}

void MeshSupport(const float* vert, int nvert, const mjtNum d[3], mjtNum out[3]) {
  int best = 0;
  mjtNum best_dot = -INFINITY;
  for (int i = 0; i < nvert; ++i) {
    const float* v = vert + 3 * i;
    mjtNum dot = d[0] * v[0] + d[1] * v[1] + d[2] * v[2];
    if (dot > best_dot) best_dot = dot, best = i;
  }
  for (int k = 0; k < 3; ++k) out[k] = nvert > 0 ? vert[3 * best + k] : 0;
}

// the vertex of a point set with the largest d.x
void PointsSupport(const mjtNum* points, int npoints, const mjtNum d[3], mjtNum out[3]) {
  int best = 0;
  mjtNum best_dot = -INFINITY;
  for (int i = 0; i < npoints; ++i) {
    mjtNum dot = Dot3(d, points + 3 * i);
    if (dot > best_dot) best_dot = dot, best = i;
  }
  for (int k = 0; k < 3; ++k) out[k] = npoints > 0 ? points[3 * best + k] : 0;
}

// mesh_graph: numvert, numface, vert_edgeadr[numvert], vert_globalid[numvert],
// edge_localid[numvert + 3 numface] (each vertex's neighbours, -1 terminated), face_globalid
void HullSupport(const float* vert, const int* graph, const mjtNum d[3], mjtNum out[3]) {
  int numvert = graph[0], numface = graph[1];
  const int* edgeadr = graph + 2;
  const int* globalid = edgeadr + numvert;
  const int* neighbours = globalid + numvert;
  int edge_count = numvert + 3 * numface;
  auto dot = [&](int local) {
    const float* v = vert + 3 * globalid[local];
    return d[0] * v[0] + d[1] * v[1] + d[2] * v[2];
  };
  int current = 0;
  mjtNum best = dot(0);
  // each move strictly increases d.x, so at most numvert moves
  for (int moves = 0; moves < numvert; ++moves) {
    int next = -1;
    for (int e = edgeadr[current]; e >= 0 && e < edge_count && neighbours[e] >= 0 &&
                                   neighbours[e] < numvert;
         ++e) {
      mjtNum value = dot(neighbours[e]);
      if (value > best) best = value, next = neighbours[e];
    }
    if (next < 0) break;
    current = next;
  }
  for (int k = 0; k < 3; ++k) out[k] = vert[3 * globalid[current] + k];
}

// x * 0 is 0 for a finite x and NaN for an infinite or NaN one: one test for all n
bool AllFinite(const mjtNum* x, int n) {
  mjtNum zero = 0;
  for (int i = 0; i < n; ++i) zero += x[i] * 0;
  return zero == 0;
}

// the graph's vertex ids point into the mesh (cheap checks; a bad graph falls back to the scan)
bool ValidGraph(const int* graph, int nvert) {
  int numvert = graph[0];
  if (numvert < 1 || numvert > nvert || graph[1] < 0) return false;
  const int* globalid = graph + 2 + numvert;
  for (int i = 0; i < numvert; ++i) {
    if (globalid[i] < 0 || globalid[i] >= nvert) return false;
  }
  return true;
}

}  // namespace

bool MakeConvexShape(const Model& m, const Data& d, int g, ConvexShape& shape) {
  shape.type = m.geom_type[g];
  shape.pos = d.geom_xpos + 3 * g;
  shape.rot = d.geom_xmat + 9 * g;
  const mjtNum* size = m.geom_size + 3 * g;
  for (int k = 0; k < 3; ++k) shape.size[k] = size[k];
  shape.radius = 0;
  shape.vert = nullptr;
  shape.nvert = 0;
  shape.graph = nullptr;
  if (!AllFinite(shape.pos, 3) || !AllFinite(shape.rot, 9) || !AllFinite(size, 3)) return false;
  switch (shape.type) {
    case mjGEOM_SPHERE:
      shape.radius = size[0];
      shape.size[0] = 0;
      break;
    case mjGEOM_CAPSULE:
      shape.radius = size[0];
      shape.size[0] = 0;
      break;
    case mjGEOM_ELLIPSOID:
    case mjGEOM_CYLINDER:
    case mjGEOM_BOX:
      break;
    case mjGEOM_MESH: {
      int mesh = m.geom_dataid[g];
      if (mesh < 0 || mesh >= m.nmesh || m.mesh_vertnum[mesh] <= 0) return false;
      shape.vert = m.mesh_vert + 3 * m.mesh_vertadr[mesh];
      shape.nvert = m.mesh_vertnum[mesh];
      if (m.mesh_graphadr[mesh] >= 0 && ValidGraph(m.mesh_graph + m.mesh_graphadr[mesh],
                                                   shape.nvert)) {
        shape.graph = m.mesh_graph + m.mesh_graphadr[mesh];
      }
      break;
    }
    default:
      return false;
  }
  // negative sizes make no convex set: treat them as zero
  shape.radius = PositivePart(shape.radius);
  for (mjtNum& s : shape.size) s = PositivePart(s);
  return true;
}

namespace {

// The support of the core (kFull: of the full shape) with the type fixed at compile time: no
// type switch at each of GJK/EPA's support points. Sphere and capsule keep their radius apart
// (MakeConvexShape); other shapes have radius 0 unless a caller inflates them (height-field
// margin), and the full shape grows by it alike.
template <bool kFull, int kType>
void TypedSupport(const void* shape_ptr, const mjtNum dir[3], mjtNum out[3]) {
  const ConvexShape& shape = *static_cast<const ConvexShape*>(shape_ptr);
  // computed in a local and stored once: `out` may alias the shape's arrays for all the
  // compiler knows, so each step stored and reloaded it, and GJK/EPA's next read of the point
  // then waited on those narrower stores (store forwarding)
  mjtNum world[3];
  if constexpr (kType == mjGEOM_SPHERE) {
    Copy3(world, shape.pos);  // the core is the center: R 0 + pos
  } else {
    mjtNum local_dir[3], local[3];
    MulMatTVec3(local_dir, shape.rot, dir);
    if constexpr (kType == mjGEOM_CAPSULE) {
      local[0] = local[1] = 0;
      local[2] = shape.size[1] * SignOf(local_dir[2]);
    } else if constexpr (kType == mjGEOM_ELLIPSOID) {
      EllipsoidSupport(shape.size, local_dir, local);
    } else if constexpr (kType == mjGEOM_CYLINDER) {
      CylinderSupport(shape.size, local_dir, local);
    } else if constexpr (kType == mjGEOM_BOX) {
      for (int k = 0; k < 3; ++k) local[k] = shape.size[k] * SignOf(local_dir[k]);
    } else if constexpr (kType == kConvexPoints) {
      PointsSupport(shape.points, shape.npoints, local_dir, local);
    } else if constexpr (kType == mjGEOM_MESH) {
      if (shape.graph) {
        HullSupport(shape.vert, shape.graph, local_dir, local);
      } else {
        MeshSupport(shape.vert, shape.nvert, local_dir, local);
      }
    } else {
      Zero3(local);
    }
    MulMatVec3(world, shape.rot, local);
    AddTo3(world, shape.pos);
  }
  if constexpr (kFull) {  // grown by the radius (other geoms: an inflation, usually 0)
    if (shape.radius > 0) {
      mjtNum norm = Norm3(dir);
      if (norm > 0) AddScaledTo3(world, dir, shape.radius / norm);
    }
  }
  Copy3(out, world);
}

template <bool kFull>
SupportRoutine RoutineFor(const ConvexShape& shape) {
  switch (shape.type) {
    case mjGEOM_SPHERE: return TypedSupport<kFull, mjGEOM_SPHERE>;
    case mjGEOM_CAPSULE: return TypedSupport<kFull, mjGEOM_CAPSULE>;
    case mjGEOM_ELLIPSOID: return TypedSupport<kFull, mjGEOM_ELLIPSOID>;
    case mjGEOM_CYLINDER: return TypedSupport<kFull, mjGEOM_CYLINDER>;
    case mjGEOM_BOX: return TypedSupport<kFull, mjGEOM_BOX>;
    case mjGEOM_MESH: return TypedSupport<kFull, mjGEOM_MESH>;
    case kConvexPoints: return TypedSupport<kFull, kConvexPoints>;
    default: return TypedSupport<kFull, mjNGEOMTYPES>;  // no support: the geom's center
  }
}

}  // namespace

SupportRoutine CoreSupportRoutine(const ConvexShape& shape) { return RoutineFor<false>(shape); }

SupportRoutine FullSupportRoutine(const ConvexShape& shape) { return RoutineFor<true>(shape); }

}  // namespace mjsim
