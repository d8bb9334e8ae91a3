// colliders.h: the narrow phase. One function per pair of geom types (type of g1 <= type of
// g2, mjtGeom order), called by mj_collision (collision.cc) through its dispatch table.
//
// A collider writes up to mjMAXCONPAIR contacts between geoms g1 and g2 into `con` and returns
// how many it wrote. It reports every contact whose dist is at most `margin` (the larger of the
// two geoms' margins, or the pair's; the reference keeps dist == margin). For each contact it
// sets only:
//   dist      signed distance between the surfaces (negative: penetration)
//   pos       the point midway between the two surfaces, world frame
//   frame     frame[0:3] the unit normal pointing from g1 towards g2; frame[3:6] may be left
//             zero, and the driver then completes the frame from the normal (MakeContactFrame)
// Everything else (geom ids, friction, solref, solimp, dim, includemargin) is set by the driver.
// Geom poses are d.geom_xpos, d.geom_xmat (row-major, geom to world), sizes m.geom_size.
#pragma once
#include "mjsim/contact.h"
#include "mjsim/data.h"
#include "mjsim/model.h"

namespace mjsim {

using Collider = int (*)(const Model& m, const Data& d, Contact* con, int g1, int g2,
                         mjtNum margin);

// plane against primitives (collide_plane.cc)
int CollidePlaneSphere(const Model& m, const Data& d, Contact* con, int g1, int g2, mjtNum margin);
int CollidePlaneCapsule(const Model& m, const Data& d, Contact* con, int g1, int g2, mjtNum margin);
int CollidePlaneCylinder(const Model& m, const Data& d, Contact* con, int g1, int g2, mjtNum margin);
int CollidePlaneBox(const Model& m, const Data& d, Contact* con, int g1, int g2, mjtNum margin);
// plane against ellipsoid and mesh: the support points of the convex shape (collide_plane.cc)
int CollidePlaneConvex(const Model& m, const Data& d, Contact* con, int g1, int g2, mjtNum margin);

// spheres and capsules (collide_sphere_capsule.cc)
int CollideSphereSphere(const Model& m, const Data& d, Contact* con, int g1, int g2, mjtNum margin);
int CollideSphereCapsule(const Model& m, const Data& d, Contact* con, int g1, int g2, mjtNum margin);
int CollideSphereCylinder(const Model& m, const Data& d, Contact* con, int g1, int g2, mjtNum margin);
int CollideCapsuleCapsule(const Model& m, const Data& d, Contact* con, int g1, int g2, mjtNum margin);

// boxes (collide_box.cc)
int CollideSphereBox(const Model& m, const Data& d, Contact* con, int g1, int g2, mjtNum margin);
int CollideCapsuleBox(const Model& m, const Data& d, Contact* con, int g1, int g2, mjtNum margin);
int CollideBoxBox(const Model& m, const Data& d, Contact* con, int g1, int g2, mjtNum margin);

// general convex pairs (ellipsoid, cylinder, mesh and the rest): GJK/EPA (collide_convex.cc)
int CollideConvex(const Model& m, const Data& d, Contact* con, int g1, int g2, mjtNum margin);

// height field against convex geoms (collide_hfield.cc)
int CollideHfieldConvex(const Model& m, const Data& d, Contact* con, int g1, int g2, mjtNum margin);

}  // namespace mjsim
