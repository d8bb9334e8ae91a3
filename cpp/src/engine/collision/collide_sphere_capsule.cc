// collide_sphere_capsule.cc: spheres and capsules against each other and against cylinders
// (Computation chapter, "Collision detection"). A capsule is the set of points within its
// radius of a segment along its z axis of half-length size[1]; a cylinder (radius size[0],
// half-height size[1]) runs along its z axis too.
//
// Each contact is that of two spheres: normal n from the first centre towards the second,
// dist = |c2 - c1| - r1 - r2, pos = c1 + n (r1 + dist/2), midway between the two surfaces.
// Behaviour in degenerate poses was measured against the reference and is noted per function.
#include <algorithm>
#include <cmath>
#include <initializer_list>

#include "engine/collision/colliders.h"
#include "util/math3.h"

namespace mjsim {
namespace {

// The contact of sphere (c1, r1) with sphere (c2, r2) along the given unit normal, written to
// con[count] when its dist is below the margin; returns the new count.
int AddContact(Contact* con, int count, const mjtNum c1[3], mjtNum r1, const mjtNum normal[3],
               mjtNum dist, mjtNum margin) {
  if (!(dist <= margin)) return count;  // the reference keeps dist == margin
  Contact& c = con[count];
  c.dist = dist;
  Copy3(c.frame, normal);
  for (int k = 0; k < 3; ++k) c.pos[k] = c1[k] + normal[k] * (r1 + 0.5 * dist);
  return count + 1;
}

// two spheres: normal along c2 - c1; coincident centers take the reference's (1, 0, 0)
int SpheresContact(Contact* con, int count, const mjtNum c1[3], mjtNum r1, const mjtNum c2[3],
                   mjtNum r2, mjtNum margin) {
  mjtNum normal[3];
  Sub3(normal, c2, c1);
  mjtNum distance = Norm3(normal);
  if (distance < mjMINVAL) {
    normal[0] = 1, normal[1] = normal[2] = 0;
  } else {
    Scale3(normal, normal, 1 / distance);
  }
  return AddContact(con, count, c1, r1, normal, distance - r1 - r2, margin);
}

// A segment c + t h a, t in [-1, 1] (a unit, h the half-length), of geom g's z axis.
struct Segment {
  const mjtNum* center;
  mjtNum half[3];  // h a
  void Point(mjtNum p[3], mjtNum t) const {
    for (int k = 0; k < 3; ++k) p[k] = center[k] + t * half[k];
  }
  // parameter of the point nearest to p
  mjtNum Nearest(const mjtNum p[3]) const {
    mjtNum delta[3];
    Sub3(delta, p, center);
    mjtNum length2 = Dot3(half, half);
    if (length2 < mjMINVAL) return 0;
    return std::clamp(Dot3(delta, half) / length2, mjtNum(-1), mjtNum(1));
  }
};

Segment SegmentOf(const Model& m, const Data& d, int g) {
  const mjtNum* R = d.geom_xmat + 9 * g;
  mjtNum h = m.geom_size[3 * g + 1];
  return Segment{d.geom_xpos + 3 * g, {R[2] * h, R[5] * h, R[8] * h}};
}

// Parallel capsules (|a1 x a2|^2 h1^2 h2^2 below mjMINVAL, the reference's test): the ends of
// segment 1 against their nearest points of segment 2, then the ends of segment 2 against
// theirs on segment 1, in that order; the first two within the margin are kept.
int ParallelCapsules(Contact* con, const Segment& s1, mjtNum r1, const Segment& s2, mjtNum r2,
                     mjtNum margin) {
  int count = 0;
  for (mjtNum end : {1.0, -1.0}) {
    if (count == 2) return count;
    mjtNum p1[3], p2[3];
    s1.Point(p1, end);
    s2.Point(p2, s2.Nearest(p1));
    count = SpheresContact(con, count, p1, r1, p2, r2, margin);
  }
  for (mjtNum end : {1.0, -1.0}) {
    if (count == 2) return count;
    mjtNum p1[3], p2[3];
    s2.Point(p2, end);
    s1.Point(p1, s1.Nearest(p2));
    count = SpheresContact(con, count, p1, r1, p2, r2, margin);
  }
  return count;
}

// The nearest points of two non-parallel segments: minimize |c1 + s u - c2 - t v|^2 over
// s, t in [-1, 1]; the free minimum, then s clamped, t from s, and if t must be clamped too,
// s again from the clamped t (the minimum of a convex quadratic over a square).
void NearestParameters(const Segment& s1, const Segment& s2, mjtNum det, mjtNum* s, mjtNum* t) {
  mjtNum r[3];
  Sub3(r, s1.center, s2.center);
  mjtNum uu = Dot3(s1.half, s1.half), uv = Dot3(s1.half, s2.half), vv = Dot3(s2.half, s2.half);
  mjtNum ur = Dot3(s1.half, r), vr = Dot3(s2.half, r);
  *s = std::clamp((uv * vr - vv * ur) / det, mjtNum(-1), mjtNum(1));
  *t = (*s * uv + vr) / vv;
  if (*t < -1 || *t > 1) {
    *t = std::clamp(*t, mjtNum(-1), mjtNum(1));
    *s = std::clamp((*t * uv - ur) / uu, mjtNum(-1), mjtNum(1));
  }
}

// Cylinder geometry of geom g, and the fallback normal the reference uses when a sphere centre
// gives no direction (on the axis, or on the rim): z_world x axis, or (1, 0, 0) when that
// vanishes.
struct Cylinder {
  const mjtNum* center;
  mjtNum axis[3];
  mjtNum radius, half;
  // the normal towards the axis for a centre at radial offset `radial` (length rho)
  void RadialNormal(mjtNum n[3], const mjtNum radial[3], mjtNum rho) const {
    if (rho < mjMINVAL) {
      FallbackNormal(n);
    } else {
      Scale3(n, radial, -1 / rho);
    }
  }
  void FallbackNormal(mjtNum n[3]) const {
    n[0] = -axis[1], n[1] = axis[0], n[2] = 0;
    mjtNum norm = std::sqrt(n[0] * n[0] + n[1] * n[1]);
    if (norm < mjMINVAL) {
      n[0] = 1, n[1] = 0;
    } else {
      n[0] /= norm, n[1] /= norm;
    }
  }
};

Cylinder CylinderOf(const Model& m, const Data& d, int g) {
  const mjtNum* R = d.geom_xmat + 9 * g;
  return Cylinder{d.geom_xpos + 3 * g, {R[2], R[5], R[8]}, m.geom_size[3 * g],
                  m.geom_size[3 * g + 1]};
}

// A sphere centre strictly inside the cylinder leaves through the nearer of the cap (depth
// h - |z|, preferred on ties) and the side (depth R - rho).
int SphereInsideCylinder(Contact* con, const mjtNum c[3], mjtNum r, const Cylinder& cyl,
                         mjtNum along, const mjtNum radial[3], mjtNum rho, mjtNum margin) {
  mjtNum cap_depth = cyl.half - std::abs(along), side_depth = cyl.radius - rho;
  mjtNum normal[3];
  if (cap_depth <= side_depth) {
    Scale3(normal, cyl.axis, along > 0 ? -1 : 1);  // mid-plane centre: +axis, as measured
    return AddContact(con, 0, c, r, normal, -cap_depth - r, margin);
  }
  cyl.RadialNormal(normal, radial, rho);
  return AddContact(con, 0, c, r, normal, -side_depth - r, margin);
}

}  // namespace

int CollideSphereSphere(const Model& m, const Data& d, Contact* con, int g1, int g2,
                        mjtNum margin) {
  return SpheresContact(con, 0, d.geom_xpos + 3 * g1, m.geom_size[3 * g1], d.geom_xpos + 3 * g2,
                        m.geom_size[3 * g2], margin);
}

// sphere against the capsule's nearest segment point
int CollideSphereCapsule(const Model& m, const Data& d, Contact* con, int g1, int g2,
                         mjtNum margin) {
  const mjtNum* center = d.geom_xpos + 3 * g1;
  Segment segment = SegmentOf(m, d, g2);
  mjtNum nearest[3];
  segment.Point(nearest, segment.Nearest(center));
  return SpheresContact(con, 0, center, m.geom_size[3 * g1], nearest, m.geom_size[3 * g2],
                        margin);
}

// two capsules: the spheres at the segments' nearest points; parallel segments give up to two
// contacts (ParallelCapsules)
int CollideCapsuleCapsule(const Model& m, const Data& d, Contact* con, int g1, int g2,
                          mjtNum margin) {
  Segment s1 = SegmentOf(m, d, g1), s2 = SegmentOf(m, d, g2);
  mjtNum r1 = m.geom_size[3 * g1], r2 = m.geom_size[3 * g2];
  mjtNum uv = Dot3(s1.half, s2.half);
  mjtNum det = Dot3(s1.half, s1.half) * Dot3(s2.half, s2.half) - uv * uv;
  if (!(det >= mjMINVAL)) {
    if (std::isnan(det)) return 0;
    return ParallelCapsules(con, s1, r1, s2, r2, margin);
  }
  mjtNum s, t, p1[3], p2[3];
  NearestParameters(s1, s2, det, &s, &t);
  s1.Point(p1, s);
  s2.Point(p2, t);
  return SpheresContact(con, 0, p1, r1, p2, r2, margin);
}

// sphere against cylinder, by the region of the sphere centre in the cylinder frame (height z
// along the axis, distance rho from it): side (rho >= R, |z| < h), cap (rho < R, |z| >= h),
// rim (both beyond: against the nearest rim point), inside (SphereInsideCylinder)
int CollideSphereCylinder(const Model& m, const Data& d, Contact* con, int g1, int g2,
                          mjtNum margin) {
  const mjtNum* c = d.geom_xpos + 3 * g1;
  mjtNum r = m.geom_size[3 * g1];
  Cylinder cyl = CylinderOf(m, d, g2);
  mjtNum offset[3], radial[3];
  Sub3(offset, c, cyl.center);
  mjtNum along = Dot3(offset, cyl.axis);
  for (int k = 0; k < 3; ++k) radial[k] = offset[k] - along * cyl.axis[k];
  mjtNum rho = Norm3(radial);
  bool beyond_side = rho >= cyl.radius, beyond_cap = std::abs(along) >= cyl.half;
  mjtNum normal[3];
  if (beyond_side && !beyond_cap) {
    cyl.RadialNormal(normal, radial, rho);
    return AddContact(con, 0, c, r, normal, rho - cyl.radius - r, margin);
  }
  if (beyond_cap && !beyond_side) {
    Scale3(normal, cyl.axis, along > 0 ? -1 : 1);
    return AddContact(con, 0, c, r, normal, std::abs(along) - cyl.half - r, margin);
  }
  if (beyond_cap && beyond_side) {
    mjtNum rim[3], inward[3];
    mjtNum cap = along > 0 ? cyl.half : -cyl.half;
    cyl.RadialNormal(inward, radial, rho);
    for (int k = 0; k < 3; ++k) {
      rim[k] = cyl.center[k] + cap * cyl.axis[k] - cyl.radius * inward[k];
    }
    Sub3(normal, rim, c);
    mjtNum distance = Norm3(normal);
    if (distance < mjMINVAL) {
      cyl.FallbackNormal(normal);
    } else {
      Scale3(normal, normal, 1 / distance);
    }
    return AddContact(con, 0, c, r, normal, distance - r, margin);
  }
  if (!(rho < cyl.radius && std::abs(along) < cyl.half)) return 0;  // NaN pose
  return SphereInsideCylinder(con, c, r, cyl, along, radial, rho, margin);
}

}  // namespace mjsim
