// collide_plane.cc: planes against primitives and convex shapes (Computation chapter,
// "Collision detection"). The plane is g1: its normal is the geom's z axis, through geom_xpos;
// a plane is infinite here (its size only matters for rendering).
#include <cmath>

#include "engine/collision/colliders.h"
#include "util/math3.h"

namespace mjsim {
namespace {

// the plane's unit normal (z axis of the geom frame) and its signed distance function
struct Plane {
  mjtNum normal[3];
  const mjtNum* point;
  mjtNum Distance(const mjtNum p[3]) const {
    mjtNum delta[3];
    Sub3(delta, p, point);
    return Dot3(normal, delta);
  }
};

Plane PlaneOf(const Data& d, int g) {
  const mjtNum* R = d.geom_xmat + 9 * g;
  return Plane{{R[2], R[5], R[8]}, d.geom_xpos + 3 * g};
}

}  // namespace

// sphere of radius r at c: dist = n.(c - p) - r, pos halfway between the sphere's deepest point
// and the plane
int CollidePlaneSphere(const Model& m, const Data& d, Contact* con, int g1, int g2,
                       mjtNum margin) {
  Plane plane = PlaneOf(d, g1);
  const mjtNum* center = d.geom_xpos + 3 * g2;
  mjtNum radius = m.geom_size[3 * g2];
  mjtNum dist = plane.Distance(center) - radius;
  if (dist > margin) return 0;
  con->dist = dist;
  Copy3(con->frame, plane.normal);
  for (int k = 0; k < 3; ++k) con->pos[k] = center[k] - plane.normal[k] * (radius + 0.5 * dist);
  return 1;
}

}  // namespace mjsim
