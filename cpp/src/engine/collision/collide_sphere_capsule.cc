// collide_sphere_capsule.cc: spheres and capsules against each other and against cylinders
// (Computation chapter, "Collision detection"). A capsule is the set of points within its
// radius of a segment along its z axis of half-length size[1].
#include <cmath>

#include "engine/collision/colliders.h"
#include "util/math3.h"

namespace mjsim {
namespace {

// two spheres (centers c1, c2, radii r1, r2): normal along c2 - c1, dist = |c2 - c1| - r1 - r2,
// pos halfway between the two surface points on the line of centers
int SpheresContact(Contact* con, const mjtNum c1[3], mjtNum r1, const mjtNum c2[3], mjtNum r2,
                   mjtNum margin) {
  mjtNum normal[3];
  Sub3(normal, c2, c1);
  mjtNum distance = Norm3(normal);
  mjtNum dist = distance - r1 - r2;
  if (dist > margin) return 0;
  if (distance < mjMINVAL) {
    normal[0] = 1, normal[1] = normal[2] = 0;  // coincident centers: any normal, the reference's x
  } else {
    Scale3(normal, normal, 1 / distance);
  }
  con->dist = dist;
  Copy3(con->frame, normal);
  for (int k = 0; k < 3; ++k) con->pos[k] = c1[k] + normal[k] * (r1 + 0.5 * dist);
  return 1;
}

}  // namespace

int CollideSphereSphere(const Model& m, const Data& d, Contact* con, int g1, int g2,
                        mjtNum margin) {
  return SpheresContact(con, d.geom_xpos + 3 * g1, m.geom_size[3 * g1], d.geom_xpos + 3 * g2,
                        m.geom_size[3 * g2], margin);
}

}  // namespace mjsim
