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

// The contact of two convex shapes; false when their distance exceeds `cutoff` (then `out` is
// unset) or no finite contact was found.
bool ConvexContactOf(const ConvexShape& s1, const ConvexShape& s2, mjtNum cutoff,
                     ConvexContact& out);

}  // namespace mjsim
