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

// The normal the reference takes where two geoms' nearest points coincide (concentric spheres,
// crossing capsule axes, a sphere centre on a cylinder's axis or rim): z1 x z2 of the two geom
// frames, normalized, or (1, 0, 0) when they are parallel (measured).
void CoincidentNormal(mjtNum normal[3], const Data& d, int g1, int g2) {
  const mjtNum* R1 = d.geom_xmat + 9 * g1;
  const mjtNum* R2 = d.geom_xmat + 9 * g2;
  const mjtNum z1[3] = {R1[2], R1[5], R1[8]}, z2[3] = {R2[2], R2[5], R2[8]};
  Cross3(normal, z1, z2);
  Normalize3(normal);
}

// The two geoms g1, g2 whose contact is being computed.
struct GeomPair {
  const Data& d;
  int g1, g2;
};

// two spheres: normal along c2 - c1 (CoincidentNormal when the centres coincide); kept when
// |c2 - c1| <= r1 + r2 + margin, the reference's test (its dist may exceed the margin by a
// rounding)
int SpheresContact(Contact* con, int count, const GeomPair& geoms, const mjtNum c1[3], mjtNum r1,
                   const mjtNum c2[3], mjtNum r2, mjtNum margin) {
  mjtNum normal[3];
  Sub3(normal, c2, c1);
  mjtNum distance = Norm3(normal);
  if (!(distance <= r1 + r2 + margin)) return count;
  if (distance < mjMINVAL) {
    CoincidentNormal(normal, geoms.d, geoms.g1, geoms.g2);
  } else {
    Scale3(normal, normal, 1 / distance);
  }
  return AddContact(con, count, c1, r1, normal, distance - r1 - r2, INFINITY);
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
int ParallelCapsules(Contact* con, const GeomPair& geoms, const Segment& s1, mjtNum r1,
                     const Segment& s2, mjtNum r2, mjtNum margin) {
  int count = 0;
  for (mjtNum end : {1.0, -1.0}) {
    if (count == 2) return count;
    mjtNum p1[3], p2[3];
    s1.Point(p1, end);
    s2.Point(p2, s2.Nearest(p1));
    count = SpheresContact(con, count, geoms, p1, r1, p2, r2, margin);
  }
  for (mjtNum end : {1.0, -1.0}) {
    if (count == 2) return count;
    mjtNum p1[3], p2[3];
    s2.Point(p2, end);
    s1.Point(p1, s1.Nearest(p2));
    count = SpheresContact(con, count, geoms, p1, r1, p2, r2, margin);
  }
  return count;
}

// The nearest points of two non-parallel segments: minimize |c1 + s u - c2 - t v|^2 over
// s, t in [-1, 1]. The free minimum (both parameters by Cramer's rule, as the reference: its
// rounding matters for nearly parallel segments) when inside the square; else s clamped, t
// from s, and if t must be clamped too, s again from the clamped t (the minimum of a convex
// quadratic over a square).
void NearestParameters(const Segment& s1, const Segment& s2, mjtNum det, mjtNum* s, mjtNum* t) {
  mjtNum r[3];
  Sub3(r, s1.center, s2.center);
  mjtNum uu = Dot3(s1.half, s1.half), uv = Dot3(s1.half, s2.half), vv = Dot3(s2.half, s2.half);
  mjtNum ur = Dot3(s1.half, r), vr = Dot3(s2.half, r);
  *s = (uv * vr - vv * ur) / det;
  *t = (uu * vr - uv * ur) / det;
  if (*s >= -1 && *s <= 1 && *t >= -1 && *t <= 1) return;
  *s = std::clamp(*s, mjtNum(-1), mjtNum(1));
  *t = (*s * uv + vr) / vv;
  if (*t < -1 || *t > 1) {
    *t = std::clamp(*t, mjtNum(-1), mjtNum(1));
    *s = std::clamp((*t * uv - ur) / uu, mjtNum(-1), mjtNum(1));
  }
}

// A sphere centre in a cylinder's frame (x, y across the axis at distance rho, z along it),
// with the cylinder's radius R and half-height h; `fallback` (world) is the normal where the
// centre gives no direction (on the axis, or exactly on the rim): CoincidentNormal of the
// sphere and the cylinder.
struct CylinderFrame {
  const mjtNum* R;  // cylinder frame to world
  mjtNum local[3], rho;
  mjtNum radius, half;
  mjtNum fallback[3];
  // world normal pointing from the centre towards the axis
  void InwardNormal(mjtNum n[3]) const {
    if (rho < mjMINVAL) return Copy3(n, fallback);
    const mjtNum inward[3] = {-local[0] / rho, -local[1] / rho, 0};
    MulMatVec3(n, R, inward);
  }
  // world normal pointing from the centre to the nearer cap plane: -axis above the middle
  void CapNormal(mjtNum n[3]) const {
    mjtNum sign = local[2] > 0 ? -1 : 1;  // a centre on the mid-plane takes +axis (measured)
    n[0] = sign * R[2], n[1] = sign * R[5], n[2] = sign * R[8];
  }
};

CylinderFrame CylinderFrameOf(const Model& m, const Data& d, int sphere, int g) {
  CylinderFrame f;
  f.R = d.geom_xmat + 9 * g;
  mjtNum offset[3];
  Sub3(offset, d.geom_xpos + 3 * sphere, d.geom_xpos + 3 * g);
  MulMatTVec3(f.local, f.R, offset);
  f.rho = std::sqrt(f.local[0] * f.local[0] + f.local[1] * f.local[1]);
  f.radius = m.geom_size[3 * g];
  f.half = m.geom_size[3 * g + 1];
  CoincidentNormal(f.fallback, d, sphere, g);
  return f;
}

// centre beyond both the side and a cap: against the nearest rim point
int SphereAtRim(Contact* con, const mjtNum c[3], mjtNum r, const CylinderFrame& f,
                mjtNum margin) {
  mjtNum scale = f.radius / f.rho;
  const mjtNum rim[3] = {f.local[0] * scale, f.local[1] * scale,
                         f.local[2] > 0 ? f.half : -f.half};
  mjtNum delta[3], normal[3];
  Sub3(delta, rim, f.local);
  mjtNum distance = Norm3(delta);
  if (distance < mjMINVAL) {
    Copy3(normal, f.fallback);
  } else {
    Scale3(delta, delta, 1 / distance);
    MulMatVec3(normal, f.R, delta);
  }
  return AddContact(con, 0, c, r, normal, distance - r, margin);
}

}  // namespace

int CollideSphereSphere(const Model& m, const Data& d, Contact* con, int g1, int g2,
                        mjtNum margin) {
  return SpheresContact(con, 0, GeomPair{d, g1, g2}, d.geom_xpos + 3 * g1, m.geom_size[3 * g1],
                        d.geom_xpos + 3 * g2, m.geom_size[3 * g2], margin);
}

// sphere against the capsule's nearest segment point
int CollideSphereCapsule(const Model& m, const Data& d, Contact* con, int g1, int g2,
                         mjtNum margin) {
  const mjtNum* center = d.geom_xpos + 3 * g1;
  Segment segment = SegmentOf(m, d, g2);
  mjtNum nearest[3];
  segment.Point(nearest, segment.Nearest(center));
  return SpheresContact(con, 0, GeomPair{d, g1, g2}, center, m.geom_size[3 * g1], nearest,
                        m.geom_size[3 * g2], margin);
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
    return ParallelCapsules(con, GeomPair{d, g1, g2}, s1, r1, s2, r2, margin);
  }
  mjtNum s, t, p1[3], p2[3];
  NearestParameters(s1, s2, det, &s, &t);
  s1.Point(p1, s);
  s2.Point(p2, t);
  return SpheresContact(con, 0, GeomPair{d, g1, g2}, p1, r1, p2, r2, margin);
}

// sphere against cylinder, by where its centre lies in the cylinder frame: beyond both the
// side (rho >= R) and a cap (|z| >= h), the nearest rim point; otherwise the side (dist
// rho - R - r) or the cap (dist |z| - h - r), whichever dist is larger, the side on ties (the
// reference's choice, also for a centre inside)
int CollideSphereCylinder(const Model& m, const Data& d, Contact* con, int g1, int g2,
                          mjtNum margin) {
  const mjtNum* c = d.geom_xpos + 3 * g1;
  mjtNum r = m.geom_size[3 * g1];
  CylinderFrame f = CylinderFrameOf(m, d, g1, g2);
  mjtNum height = std::abs(f.local[2]);
  if (f.rho >= f.radius && height >= f.half) return SphereAtRim(con, c, r, f, margin);
  mjtNum side_dist = f.rho - f.radius - r, cap_dist = height - f.half - r;
  mjtNum normal[3];
  if (cap_dist > side_dist) {
    f.CapNormal(normal);
    return AddContact(con, 0, c, r, normal, cap_dist, margin);
  }
  f.InwardNormal(normal);
  return AddContact(con, 0, c, r, normal, side_dist, margin);
}

}  // namespace mjsim
