// multiccd_polygon.h: several contact points for two polytopes (box, mesh) that touch along flat
// features, for the mjENBL_MULTICCD flag (multiccd_polygon.cc).
#pragma once
#include "engine/collision/collide_convex.h"
#include "mjsim/model.h"

namespace mjsim {

// at most this many points per pair (the reference's native multiccd keeps up to 4)
constexpr int kMultiContactMax = 4;

// The contact points of polytope geoms g1, g2 (their shapes s1, s2) at the penetrating contact
// `c` (normal from g1 to g2, dist = -depth < 0). Writes up to kMultiContactMax points into
// `points` and returns how many; 0 when the touching features are not face-face, face-edge or
// edge-face (then the single contact `c` stands).
int PolytopeContactPoints(const Model& m, int g1, int g2, const ConvexShape& s1,
                          const ConvexShape& s2, const ConvexContact& c,
                          mjtNum points[kMultiContactMax][3]);

}  // namespace mjsim
