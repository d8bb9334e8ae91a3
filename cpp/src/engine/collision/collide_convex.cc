// collide_convex.cc: the general convex collider (Computation chapter, "Convex collisions":
// GJK for the distance, EPA for the penetration) for the pairs without a dedicated routine:
// ellipsoid, cylinder and mesh against the convex geoms, and a few more (colliders.h).
//
// One contact per pair (rules measured on the reference's native ccd, gjk_epa.h):
//   spheres and capsules  GJK on the cores (a sphere is its center, a capsule its segment, the
//                radius kept apart) first; cores apart by more than opt.ccd_tolerance give
//                closest points a_c, b_c at distance c: normal n = (b_c - a_c) / c ((1, 0, 0)
//                when they meet), dist = c - r1 - r2, surface points a = a_c + r1 n,
//                b = b_c - r2 n
//   otherwise    GJK on the full shapes; separated: its closest points; overlapping (a
//                tetrahedron around the origin, or converged within the tolerance): EPA from
//                GJK's simplex, penetration vector v = a - b, n = v / |v|, dist = -|v|
// and pos = (a + b) / 2, the point midway between the two surfaces. A separated pair is
// reported when dist < margin. GJK starts from v_0 = center 1 - center 2.
//
// Accuracy: GJK and EPA stop at opt.ccd_tolerance (GJK: v.v - v.w < tol^2 / 2; EPA: best upper
// bound minus the nearest face's distance < tol) or after opt.ccd_iterations each, as the
// reference does, so unconverged answers (curved shapes: dist off by up to ~1e-6 at the
// defaults) are the reference's own. Two polytopes without margin iterate to exactness.
// Margin 0 is the reference's intersection mode: GJK hands EPA another tetrahedron than at a
// positive cutoff (the walk described in gjk_epa.h), so the unconverged answers differ from
// the distmax > 0 ones of mj_geomDistance; both are reproduced.
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

// a positive cutoff that excludes every separated pair: GJK's distance mode at "margin 0"
constexpr mjtNum kMinPositiveCutoff = 1e-300;

// separated shapes (or cores): the surfaces' closest points from GJK's closest points, grown by
// the radii along n = (b - a) / |b - a| (n = (1, 0, 0) when the points meet, as the reference)
bool SeparatedContact(const GjkResult& gjk, mjtNum radius1, mjtNum radius2,
                      ConvexContact& out) {
  if (gjk.nsimplex == 0) return false;  // v_0 = 0 converged at once: the reference reports none
  Sub3(out.normal, gjk.b, gjk.a);
  mjtNum c = Norm3(out.normal);
  if (c > 1e-15) {
    Scale3(out.normal, out.normal, 1 / c);
  } else {
    out.normal[0] = 1, out.normal[1] = out.normal[2] = 0;
  }
  out.dist = gjk.dist - radius1 - radius2;
  for (int k = 0; k < 3; ++k) {
    out.a[k] = gjk.a[k] + radius1 * out.normal[k];
    out.b[k] = gjk.b[k] - radius2 * out.normal[k];
  }
  return true;
}

// overlapping shapes: EPA on the full shapes from their GJK simplex
bool PenetratingContact(const SupportFunction& A, const SupportFunction& B, const GjkResult& gjk,
                        const ConvexAccuracy& accuracy, ConvexContact& out) {
  EpaResult epa = EpaPenetration(A, B, gjk, accuracy.iterations, accuracy.tolerance);
  if (!epa.valid) return false;
  out.dist = -epa.depth;
  Copy3(out.normal, epa.normal);
  Copy3(out.a, epa.a);
  Copy3(out.b, epa.b);
  return true;
}

// GJK's first convergence test v.v - v.w < tol^2 / 2 (gjk_epa.h) at v_0 = -start: met when
// the centers (nearly) coincide, e.g. concentric geoms, where the reference then reports no
// contact for every pair (measured). GjkDistance applies it itself, except for two polytopes
// without margin, which it runs with tolerance 0 (below).
bool ConvergedAtStart(const SupportFunction& A, const SupportFunction& B, const mjtNum start[3],
                      mjtNum tolerance) {
  mjtNum w[3], a[3], b[3], opposite[3] = {-start[0], -start[1], -start[2]};
  A(start, a);  // s_D(-v_0) = s_A(start) - s_B(-start)
  B(opposite, b);
  Sub3(w, a, b);
  mjtNum vv = Dot3(start, start), vw = -Dot3(start, w);
  return vv - vw < 0.5 * tolerance * tolerance;
}

bool IsPolytope(const ConvexShape& s) {
  return s.type == mjGEOM_BOX || s.type == mjGEOM_MESH || s.type == kConvexPoints;
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
                     ConvexContact& out, const ConvexAccuracy& given) {
  mjtNum start[3];  // GJK starts from center 1 - center 2 (v_0 = -start)
  Sub3(start, s2.center ? s2.center : s2.pos, s1.center ? s1.center : s1.pos);
  ConvexAccuracy accuracy = given;
  SupportFunction A{&s1, FullSupportRoutine(s1)}, B{&s2, FullSupportRoutine(s2)};
  // two polytopes without margin: the reference iterates them to exactness, whatever
  // opt.ccd_tolerance (measured: its answers do not move with the tolerance), once past the
  // first step
  if (IsPolytope(s1) && IsPolytope(s2) && !(cutoff > 0)) {
    if (ConvergedAtStart(A, B, start, given.tolerance)) return false;
    accuracy.tolerance = 0;
  }
  mjtNum radii = s1.radius + s2.radius;
  bool found;
  if (radii > 0) {
    // spheres and capsules: GJK on the cores (a point, a segment) first; separated cores
    // give the contact, with the radii added (the reference's rule: cores nearer than the
    // tolerance count as overlapping)
    SupportFunction CA{&s1, CoreSupportRoutine(s1)}, CB{&s2, CoreSupportRoutine(s2)};
    GjkResult core = GjkDistance(CA, CB, start, cutoff + radii, accuracy.iterations,
                                 accuracy.tolerance);
    if (core.beyond_cutoff) return false;
    if (!core.intersect) return SeparatedContact(core, s1.radius, s2.radius, out) && Finite(out);
  }
  GjkResult gjk = GjkDistance(A, B, start, cutoff, accuracy.iterations, accuracy.tolerance);
  if (gjk.beyond_cutoff) return false;
  found = gjk.intersect ? PenetratingContact(A, B, gjk, accuracy, out)
                        : SeparatedContact(gjk, 0, 0, out);
  if (!found && gjk.intersect && !(cutoff > 0)) {
    // the walked tetrahedron is flat (symmetric poses of polytopes): EPA from GJK's own
    // simplex instead, as at a positive cutoff. Measured: taken on 64 of 2000 face-aligned
    // box-mesh poses (none of 7000 random curved ones); the reference has the same contact
    // (to 1e-6) on all of them but the concentric one (no contact: ConvergedAtStart)
    GjkResult retry = GjkDistance(A, B, start, kMinPositiveCutoff, accuracy.iterations,
                                  accuracy.tolerance);
    found = retry.intersect && PenetratingContact(A, B, retry, accuracy, out);
  }
  return found && Finite(out);
}

int CollideConvex(const Model& m, const Data& d, Contact* con, int g1, int g2, mjtNum margin) {
  ConvexShape s1, s2;
  if (!MakeConvexShape(m, d, g1, s1) || !MakeConvexShape(m, d, g2, s2)) return 0;
  ConvexAccuracy accuracy;
  accuracy.tolerance = PositivePart(m.opt.ccd_tolerance);
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
