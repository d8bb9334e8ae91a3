// gjk_epa.h: distance and penetration of two convex sets given by support functions.
//
// Both work on the Minkowski difference D = A - B, whose support is s_D(d) = s_A(d) - s_B(-d):
//   GJK (Gilbert, Johnson, Keerthi 1988): the point v of D closest to the origin, by a sequence
//       of simplices of support points; |v| is the distance, and 0 is in D iff A and B overlap.
//   EPA (van den Bergen 2001, "Proximity queries and penetration depth computation on 3D game
//       objects"): when 0 is in D, a polytope inside D grown towards the boundary point of D
//       closest to the origin; that point is the penetration vector.
// Every point of D is kept with its two sources a (on A) and b (on B), so the witness points on
// the two shapes follow from the barycentric coordinates of the result.
#pragma once
#include "mjsim/model.h"

namespace mjsim {

// Support of one shape in a world direction.
struct SupportFunction {
  const void* shape;
  void (*support)(const void* shape, const mjtNum dir[3], mjtNum out[3]);
  void operator()(const mjtNum dir[3], mjtNum out[3]) const { support(shape, dir, out); }
};

// A point of D with its sources: w = a - b.
struct MinkowskiPoint {
  mjtNum w[3], a[3], b[3];
};

struct GjkResult {
  bool intersect;       // 0 in D (up to tolerance): the shapes overlap or touch
  bool beyond_cutoff;   // stopped early: the distance exceeds the cutoff
  mjtNum dist;          // |v|, when separated
  mjtNum a[3], b[3];    // witness points on A and B, when separated
  int nsimplex;         // the final simplex (a tetrahedron holding 0 when intersecting)
  MinkowskiPoint simplex[4];
};

// GJK distance between A and B, with the stopping rules measured on the reference's native
// ccd (opt.ccd_tolerance = tol, opt.ccd_iterations = N):
//   v_0 = -start (center of A minus center of B); iteration k takes w = s_D(-v_k) and stops
//   when v.v - v.w < tol^2 / 2 (the gap times |v|: converged), else v_{k+1} is the point of the
//   simplex + w closest to the origin. A tetrahedron holding the origin, or convergence at
//   |v| <= tol, is an intersection. After N iterations without convergence the distance is
//   the one before the last step (the witness points are the last simplex's).
// `cutoff`: stop as soon as the distance is known to exceed it (v.w > cutoff |v|).
// tol = 0 (exact polytopes): stops when the simplex no longer gets closer to the origin.
// cutoff 0 (the reference's mj_collision at margin 0, mj_geomDistance with distmax 0): as soon
// as the simplex first has 4 points p0..p3 (in GJK's order: the kept points, then the new one),
// an intersection test takes over for the remaining iterations, a walk of that tetrahedron
// (measured: it reproduces the reference's margin-0 contacts, which differ from its distmax > 0
// ones on about half of the penetrating poses of curved shapes):
//   the faces opposite p0..p3 are wound (p1 p2 p3), (p0 p3 p2), (p0 p1 p3), (p0 p2 p1), whose
//   normals point outward only if det[p1 - p0, p2 - p0, p3 - p0] > 0, which is not checked;
//   while some face has the origin strictly outside (by those normals), the face with the
//   largest such distance (normals normalized; the first on ties) is pushed: its opposite
//   vertex becomes the support along its normal (D beyond the origin's side: separated), and
//   the first two of the other vertices swap places.
// A first tetrahedron of the other orientation has "the origin outside" every face: the walk
// then replaces the vertex opposite the face farthest from the origin by the support towards
// that vertex, and goes on from there. The tetrahedron handed to EPA is the walked one, or,
// when the iterations run out, the walked one if it holds the origin, else the first one if
// it does, else none (no contact). Matches the reference to rounding on 100% of random curved
// penetrations (ellipsoid, cylinder pairs), and on 94% of poses with a cylinder's cap exactly
// parallel to a box face (1300 measured; D then has flat faces: every support with
// d.axis > 0 lies on one plane). Known gap, measured on 300 such poses by forcing each choice
// and comparing contacts: in 50 of them EPA's nearest face is an exact tie between two
// coplanar faces of D (the old one and one made by the last expansion; equal here, since a
// face in the plane z = c has the normal (0, 0, +-1) exactly); the reference takes the earlier
// face (as here) in 37, the later in 13. It decides by its own rounding: its contact dist on
// such a face differs from -c by up to 16 ulp and its normal from (0, 0, +-1) by ~1e-15, so
// its face distances are not n.p with a normalized cross-product normal; none of the
// projections of the origin tried (normal equations by Cramer's rule, sub-triangle areas, 2-D
// signed areas on the dominant plane, n (n.p)/(n.n) from any vertex) predicts its choice.
// The same rounding decides the sign of n.axis for a support direction n nearly parallel to
// the cap: models/robot_arm.xml at step 1 has an EPA face normal with n.axis = +2.5e-16 here,
// and the reference's contact is reproduced with that sign flipped and the later face of the
// tie that follows. Capsule pairs (witness points 1e-7..1e-6 off on ~15% of margin-0 poses
// against ellipsoids and cylinders) look like the same family: on 48 of 79 such poses some
// support direction is within 1e-13 (relative) of normal to the capsule's axis, where the
// sign of d.axis picks the segment's end (on 30 of 414 matching poses).
GjkResult GjkDistance(const SupportFunction& A, const SupportFunction& B, const mjtNum start[3],
                      mjtNum cutoff, int max_iterations, mjtNum tolerance = 0);

struct EpaResult {
  bool valid;        // false: D is flat or the polytope could not be built (no depth found)
  mjtNum depth;      // penetration depth |v| >= 0
  mjtNum normal[3];  // v / |v|: moving B by depth * normal separates the shapes
  mjtNum a[3], b[3]; // witness points on A and B: a - b = depth * normal
};

// EPA from a GJK result that found intersection. The initial polytope is GJK's tetrahedron,
// or, from a triangle, the triangle and the supports along its two normals, or, from a segment,
// the segment's ends and the supports in three directions 120 degrees apart around it. Each
// iteration takes the face nearest the origin (lower bound d) and the support w along its
// normal n; the upper bound mu is the least n.w seen. It stops when mu - d < `tolerance`
// (opt.ccd_tolerance; tolerance 0: when w adds nothing) or after `max_iterations`; the answer
// is the last face taken.
EpaResult EpaPenetration(const SupportFunction& A, const SupportFunction& B,
                         const GjkResult& gjk, int max_iterations, mjtNum tolerance = 0);

}  // namespace mjsim
