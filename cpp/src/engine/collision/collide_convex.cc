// collide_convex.cc: the general convex collider (Computation chapter, "Convex collisions":
// GJK for the distance, EPA for the penetration) for the pairs without a dedicated routine:
// ellipsoid, cylinder and mesh against the convex geoms, and a few more (colliders.h).
//
// One contact per pair:
//   separated    GJK on the cores (a sphere is its center, a capsule its segment, with the
//                radius kept apart; the other shapes are their own core): closest points
//                a_c, b_c at distance c; normal n = (b_c - a_c) / c, dist = c - r1 - r2,
//                surface points a = a_c + r1 n, b = b_c - r2 n
//   overlapping  (the cores overlap or touch) EPA on the full shapes: penetration vector
//                v = a - b with |v| = depth; n = v / |v|, dist = -depth
// and pos = (a + b) / 2, the point midway between the two surfaces. A separated pair is
// reported when dist < margin.
//
// Accuracy: the separated distance is always converged (GJK to a relative 1e-10, as the
// reference's separated answers are at its default options). The penetration (EPA, and the GJK
// on the full shapes before it) stops at opt.ccd_tolerance (a length) or after
// opt.ccd_iterations (MuJoCo XML reference, <option>), as the reference does; at its defaults
// (1e-6, 35) penetrations of curved shapes are not fully converged (the reference's own are off
// by up to ~1e-4 in dist). Tight options (e.g. 1e-12, 1000) give converged answers, which is
// what the tests pin down. Polytope pairs converge exactly either way.
#include <algorithm>
#include <cmath>

#include "engine/collision/colliders.h"
#include "engine/collision/collide_convex.h"
#include "engine/collision/convex_support.h"
#include "engine/collision/gjk_epa.h"
#include "engine/collision/multiccd_polygon.h"
#include "util/math3.h"

namespace mjsim {
namespace {

constexpr int kGjkIterations = 1000;

// cores closer than this (length units) count as touching: the EPA on the full shapes gives a
// well-defined normal where the direction between nearly touching cores is not
constexpr mjtNum kCoreTouch = 1e-9;

void CoreSupportOf(const void* shape, const mjtNum dir[3], mjtNum out[3]) {
  CoreSupport(*static_cast<const ConvexShape*>(shape), dir, out);
}

void FullSupportOf(const void* shape, const mjtNum dir[3], mjtNum out[3]) {
  FullSupport(*static_cast<const ConvexShape*>(shape), dir, out);
}

// separated cores: the surfaces' closest points from the cores' closest points
bool SeparatedContact(const ConvexShape& s1, const ConvexShape& s2, const GjkResult& gjk,
                      ConvexContact& out) {
  Sub3(out.normal, gjk.b, gjk.a);
  mjtNum c = Normalize3(out.normal);
  if (!(c > 0)) return false;
  out.dist = c - s1.radius - s2.radius;
  for (int k = 0; k < 3; ++k) {
    out.a[k] = gjk.a[k] + s1.radius * out.normal[k];
    out.b[k] = gjk.b[k] - s2.radius * out.normal[k];
  }
  return true;
}

// overlapping shapes: EPA on the full shapes. `core`: the cores' GJK result; when neither shape
// has a radius the cores are the full shapes and its intersecting simplex starts the EPA.
bool PenetratingContact(const ConvexShape& s1, const ConvexShape& s2, const mjtNum start[3],
                        const GjkResult& core, const ConvexAccuracy& accuracy,
                        ConvexContact& out) {
  SupportFunction A{&s1, FullSupportOf}, B{&s2, FullSupportOf};
  bool reuse = core.intersect && s1.radius == 0 && s2.radius == 0;
  GjkResult gjk =
      reuse ? core : GjkDistance(A, B, start, INFINITY, accuracy.iterations, accuracy.tolerance);
  if (!gjk.intersect) {
    // the full shapes barely separate (rounding): their GJK answer stands
    Sub3(out.normal, gjk.b, gjk.a);
    if (!(Normalize3(out.normal) > 0)) return false;
    out.dist = gjk.dist;
    Copy3(out.a, gjk.a);
    Copy3(out.b, gjk.b);
    return true;
  }
  // the EPA is also bounded by the polytope's room (gjk_epa.cc)
  EpaResult epa = EpaPenetration(A, B, gjk, accuracy.iterations, accuracy.tolerance);
  if (!epa.valid) return false;
  out.dist = -epa.depth;
  Copy3(out.normal, epa.normal);
  Copy3(out.a, epa.a);
  Copy3(out.b, epa.b);
  return true;
}

bool Finite(const ConvexContact& c) {
  bool finite = std::isfinite(c.dist);
  for (int k = 0; k < 3; ++k) {
    finite = finite && std::isfinite(c.normal[k]) && std::isfinite(c.a[k]) &&
             std::isfinite(c.b[k]);
  }
  return finite;
}

// mjENBL_MULTICCD on two polytopes (box, mesh): the contact polygon (multiccd_polygon.cc). The
// reference's native multiccd supports no positive margin (it then perturbs the geoms, which
// is not reproduced: the single contact stands), nor curved geoms (the same).
bool UsesPolygonMultiCcd(const Model& m, const ConvexShape& s1, const ConvexShape& s2,
                         mjtNum margin) {
  auto polytope = [](const ConvexShape& s) {
    return s.type == mjGEOM_BOX || s.type == mjGEOM_MESH;
  };
  return (m.opt.enableflags & mjENBL_MULTICCD) && !(margin > 0) && polytope(s1) &&
         polytope(s2);
}

}  // namespace

bool ConvexContactOf(const ConvexShape& s1, const ConvexShape& s2, mjtNum cutoff,
                     ConvexContact& out, const ConvexAccuracy& accuracy) {
  mjtNum start[3];
  Sub3(start, s2.pos, s1.pos);
  SupportFunction A{&s1, CoreSupportOf}, B{&s2, CoreSupportOf};
  mjtNum radii = s1.radius + s2.radius;
  // separated shapes: converged distance and witness points whatever the options (the
  // reference's separated answers are converged at its defaults too)
  GjkResult core = GjkDistance(A, B, start, cutoff + radii, kGjkIterations);
  if (core.beyond_cutoff) return false;
  bool found = (!core.intersect && (core.dist > kCoreTouch || radii <= kCoreTouch))
                   ? SeparatedContact(s1, s2, core, out)
                   : PenetratingContact(s1, s2, start, core, accuracy, out);
  return found && Finite(out);
}

int CollideConvex(const Model& m, const Data& d, Contact* con, int g1, int g2, mjtNum margin) {
  ConvexShape s1, s2;
  if (!MakeConvexShape(m, d, g1, s1) || !MakeConvexShape(m, d, g2, s2)) return 0;
  ConvexAccuracy accuracy;
  accuracy.tolerance = std::fmax(m.opt.ccd_tolerance, 0.0);
  accuracy.iterations = std::max(m.opt.ccd_iterations, 1);
  ConvexContact contact;
  if (!ConvexContactOf(s1, s2, margin, contact, accuracy) || !(contact.dist < margin)) return 0;
  con->dist = contact.dist;
  Copy3(con->frame, contact.normal);
  for (int k = 0; k < 3; ++k) con->pos[k] = 0.5 * (contact.a[k] + contact.b[k]);
  if (UsesPolygonMultiCcd(m, s1, s2, margin)) {
    mjtNum points[kMultiContactMax][3];
    int count = PolytopeContactPoints(m, g1, g2, s1, s2, contact, points);
    for (int i = 0; i < count; ++i) {
      con[i].dist = contact.dist;
      Copy3(con[i].frame, contact.normal);
      Copy3(con[i].pos, points[i]);
    }
    if (count > 0) return count;
  }
  return 1;
}

}  // namespace mjsim
