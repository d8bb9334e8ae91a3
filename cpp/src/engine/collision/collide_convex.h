// collide_convex.h: the general convex contact of two convex shapes (collide_convex.cc), for
// CollideConvex and other users of a single convex contact (mj_geomDistance, height fields).
#pragma once
#include "engine/collision/convex_support.h"

namespace mjsim {

struct ConvexContact {
  mjtNum dist;       // signed distance between the surfaces (negative: penetration)
  mjtNum normal[3];  // unit, from shape 1 towards shape 2
  mjtNum a[3], b[3]; // witness points on the surfaces of shape 1 and shape 2
};

// How far GJK and EPA iterate (opt.ccd_tolerance, opt.ccd_iterations); the default runs both
// to their own tight limits.
struct ConvexAccuracy {
  mjtNum tolerance = 0;   // length: stop when the answer is known to within it
  int iterations = 1000;  // for each of GJK (twice at most) and EPA
};

// The contact of two convex shapes; false when their distance exceeds `cutoff` (then `out` is
// unset) or no finite contact was found.
bool ConvexContactOf(const ConvexShape& s1, const ConvexShape& s2, mjtNum cutoff,
                     ConvexContact& out, const ConvexAccuracy& accuracy = ConvexAccuracy());

}  // namespace mjsim
