// collide_box.cc: boxes against spheres, capsules and boxes (Computation chapter, "Collision
// detection"). A box is the set |x_i| <= size_i in its geom frame. Geometry is done in the box's
// frame (of g2 for sphere/capsule-box, of g1 for box-box) and mapped back to world.
// The contact sets were fitted by experiment against the reference (see
// tests/conformance/test_collide_box.py).
#include <algorithm>
#include <cmath>

#include "engine/collision/colliders.h"
#include "util/math3.h"

namespace mjsim {
namespace {

// A geom's pose: world position and row-major rotation (geom to world).
struct Pose {
  const mjtNum* pos;
  const mjtNum* mat;
};

Pose PoseOf(const Data& d, int g) { return Pose{d.geom_xpos + 3 * g, d.geom_xmat + 9 * g}; }

// world point -> pose frame, and back
void ToLocal(mjtNum local[3], const Pose& pose, const mjtNum world[3]) {
  mjtNum delta[3];
  Sub3(delta, world, pose.pos);
  MulMatTVec3(local, pose.mat, delta);
}
void ToWorld(mjtNum world[3], const Pose& pose, const mjtNum local[3]) {
  MulMatVec3(world, pose.mat, local);
  AddTo3(world, pose.pos);
}

bool Finite3(const mjtNum v[3]) {
  return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]);
}

// A contact of a sphere (center c, radius r, box frame) with the box of half-sizes `size`:
// dist, and the unit normal from the sphere towards the box, in the box frame.
struct SphereBoxContact {
  mjtNum dist;
  mjtNum normal[3];
};

// Outside the box (center farther than mjMINVAL from it): the normal runs from the center to
// its nearest box point. Inside: the face with the least penetration size_i - |c_i| (first axis
// on ties), on the side with the smaller face distance (the -face when they round equal); the
// normal is the inward face normal, dist = -(size_i - |c_i|) - r.
SphereBoxContact SphereInBoxFrame(const mjtNum c[3], mjtNum r, const mjtNum size[3]) {
  SphereBoxContact out;
  mjtNum away[3];  // center minus its nearest box point
  for (int i = 0; i < 3; ++i) away[i] = c[i] - std::clamp(c[i], -size[i], size[i]);
  mjtNum distance = Norm3(away);
  if (distance >= mjMINVAL) {
    Scale3(out.normal, away, -1 / distance);
    out.dist = distance - r;
    return out;
  }
  int axis = 0;
  mjtNum least = size[0] - std::abs(c[0]);
  for (int i = 1; i < 3; ++i) {
    mjtNum penetration = size[i] - std::abs(c[i]);
    if (penetration < least) least = penetration, axis = i;
  }
  Zero3(out.normal);
  out.normal[axis] = (size[axis] - c[axis] < size[axis] + c[axis]) ? -1 : 1;
  out.dist = -least - r;
  return out;
}

// Writes the contact of a sphere (center in the box frame) with a box if within margin:
// pos halfway between the sphere's deepest point and the box surface, c + n (r + dist/2).
int WriteSphereBox(Contact* con, const Pose& box, const mjtNum size[3], const mjtNum c[3],
                   mjtNum r, mjtNum margin) {
  SphereBoxContact hit = SphereInBoxFrame(c, r, size);
  if (!(hit.dist <= margin)) return 0;
  mjtNum pos[3];
  for (int k = 0; k < 3; ++k) pos[k] = c[k] + hit.normal[k] * (r + 0.5 * hit.dist);
  con->dist = hit.dist;
  ToWorld(con->pos, box, pos);
  MulMatVec3(con->frame, box.mat, hit.normal);
  return 1;
}

}  // namespace

int CollideSphereBox(const Model& m, const Data& d, Contact* con, int g1, int g2,
                     mjtNum margin) {
  Pose box = PoseOf(d, g2);
  mjtNum center[3];
  ToLocal(center, box, d.geom_xpos + 3 * g1);
  if (!Finite3(center)) return 0;
  return WriteSphereBox(con, box, m.geom_size + 3 * g2, center, m.geom_size[3 * g1], margin);
}

}  // namespace mjsim
