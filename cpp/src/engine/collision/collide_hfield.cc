// collide_hfield.cc: height field (g1) against a convex geom (g2) (Computation chapter,
// "Collision detection": a height field is a union of triangular prisms, each collided with the
// geom by the convex collider; contacts beyond mjMAXCONPAIR are dropped).
//
// Grid (hfield frame, size (sx, sy, ztop, zbottom)): row r at y = -sy + 2 sy r/(nrow-1), column c
// at x = -sx + 2 sx c/(ncol-1), elevation data*ztop; cell (r, c) is split along the diagonal
// (r,c)-(r+1,c+1); each surface triangle is the top of a prism whose vertical walls go down to
// the base z = -zbottom. Every prism of a cell that meets the geom's bounding box in x and y
// (hfield frame, not grown by the margin) is collided with the geom on its own, unless the box
// lies above the prism's top by more than the margin; prisms sharing the geom give
// near-duplicate contacts, as in the reference (observed: a sphere resting on a grid vertex
// gets 6 equal contacts). Order (matters when mjMAXCONPAIR cuts): cells row by row, column by
// column, in a cell the triangle (r,c),(r+1,c+1),(r+1,c) first (observed).
//
// Margin (observed, matched to 1e-5 on 800 random sphere poses, and to GJK/EPA's accuracy,
// < 1e-6, on random poses of every curved geom and the box): the reference collides inflated shapes, the prism's top
// raised by the margin and the geom grown by half the margin (every type: its support moves
// out by margin/2 along the direction), and reports a contact when those overlap, with their
// distance (dist = true distance - margin along the top's normal - margin/2) and the point
// midway between their surfaces.
//
// Each prism against the geom, every geom type (spheres too), by the general convex collider
// (collide_convex.cc: GJK, EPA at the model's ccd_tolerance and ccd_iterations, margin 0 mode),
// run in the hfield frame: the prism is its six vertices (hfield frame, top triangle first),
// GJK starting from their centroid; the geom is taken into the hfield frame (R_h' (p - p_h),
// R_h' R). dist is EPA's (or GJK's) and pos the point midway between the witness points, both
// rotated back to world. Measured on random poses over a tilted 6 x 7 field (tests in
// test_collide_hfield.py): sphere, capsule and ellipsoid contacts have the reference's dist and
// pos to rounding (1e-13), so the reference runs the same GJK/EPA on the same prism.
//
// The contact normal (measured, the same tests and dm_control's quadruped): the reference does
// NOT report EPA's normal for spheres, capsules, ellipsoids and (mostly) cylinders, but the
// direction from the contact point into the geom, away from the surface point nearest pos,
// computed in world coordinates from the reported pos:
//   sphere     n = (c - pos) / |c - pos|, c the center
//   capsule    n = (q - pos) / |q - pos|, q the point of the segment nearest pos (clamped to
//              its half-length along the axis)
//   cylinder   the same with q on the axis (the radial direction), when pos (local radius rho,
//              height z) lies below the cap by at least 5% of the half-height h and by at least
//              a quarter of its depth below the side: h - |z| >= 0.05 h, h - |z| >= (r - rho)/4;
//              otherwise EPA's normal (both thresholds measured to 1e-5 on a tilted cylinder
//              pressed into flat terrain, three sizes; the rule then splits 558 of 558 random
//              contacts as the reference does)
//   ellipsoid  n = -(outward surface normal at the surface point nearest pos)
// Sphere, capsule, cylinder: matched to 5e-12 on random contacts (bit-identical where pos is).
// At deep penetration this differs from EPA's normal by up to 1e-2 (the cylinder's by 90
// degrees: an upright cylinder pressed 0.03 into flat ground gets a horizontal normal), and
// flips when pos lies beyond the core. Ellipsoid: an approximation of the reference's rule: its
// normals are stationary (normal to the surface and along x - pos) only to ~1e-6 and, for pos
// deep inside, often belong to another stationary point than the nearest; ours are exact
// (bisection on the Lagrange multiplier): 71% of random contacts within 1e-5 of the
// reference's (EPA's: none). EPA's own normal stays where a rule is undefined (pos on the core,
// on a medial plane). Box and mesh: EPA's normal.
//
// Known gaps: cylinder dist (in ~5% of random contacts the reference's EPA ends elsewhere,
// dist off by up to 8e-7), ellipsoid normals (above), box and mesh (the reference's EPA on a
// prism against a polytope ends on a face short of the boundary in most deep poses, e.g. a
// depth 0.059 along a tilted normal where the true one is 0.06 along z, and only once
// ccd_iterations >= 6; at 4 or 5 it ends on the right face, with pos elsewhere on the flat
// overlap (a tie between equally deep points); not reproduced).
#include <algorithm>
#include <cmath>

#include "engine/collision/colliders.h"
#include "engine/collision/collide_convex.h"
#include "util/math3.h"

namespace mjsim {
namespace {

// one prism in the hfield frame: the top triangle t[0..2] and the base z = -zbottom
struct Prism {
  mjtNum top[3][3];
  mjtNum zbottom;

  void Bottom(int i, mjtNum out[3]) const {
    out[0] = top[i][0];
    out[1] = top[i][1];
    out[2] = -zbottom;
  }
};

// the plane n.x <= offset of a face, n the outward unit normal
struct Face {
  mjtNum normal[3];
  mjtNum offset;
};

// the 5 face planes of a prism: top, bottom, and the walls below the 3 top edges
int PrismFaces(const Prism& prism, Face faces[5]) {
  const auto& t = prism.top;
  mjtNum e1[3], e2[3], n[3];
  Sub3(e1, t[1], t[0]);
  Sub3(e2, t[2], t[0]);
  Cross3(n, e1, e2);
  if (n[2] < 0) Scale3(n, n, -1);
  Normalize3(n);
  int count = 0;
  Copy3(faces[count].normal, n);
  faces[count++].offset = Dot3(n, t[0]);
  faces[count].normal[0] = faces[count].normal[1] = 0;
  faces[count].normal[2] = -1;
  faces[count++].offset = prism.zbottom;
  for (int i = 0; i < 3; ++i) {
    const mjtNum* a = t[i];
    const mjtNum* b = t[(i + 1) % 3];
    const mjtNum* other = t[(i + 2) % 3];
    mjtNum wall[3] = {b[1] - a[1], a[0] - b[0], 0};  // horizontal, perpendicular to the edge
    if (Normalize3(wall) < mjMINVAL) continue;
    mjtNum toward_other[3];
    Sub3(toward_other, other, a);
    if (Dot3(wall, toward_other) > 0) Scale3(wall, wall, -1);
    Copy3(faces[count].normal, wall);
    faces[count++].offset = Dot3(wall, a);
  }
  return count;
}

// relative room left for rounding when a lower bound of the distance rules out a contact
constexpr mjtNum kNoContactSlack = 1e-9;

// the 6 vertices of a prism
void PrismVertices(const Prism& prism, mjtNum vertex[6][3]) {
  for (int i = 0; i < 3; ++i) {
    Copy3(vertex[i], prism.top[i]);
    prism.Bottom(i, vertex[3 + i]);
  }
}

// --- the grid -------------------------------------------------------------------------------

// the other geom in the hfield frame
struct LocalGeom {
  int type;
  const mjtNum* size;
  mjtNum pos[3], mat[9];  // geom to hfield frame
  mjtNum lo[3], hi[3];    // its bounding box in the hfield frame
};

LocalGeom LocalGeomOf(const Model& m, const Data& d, int hfield_geom, int g) {
  LocalGeom geom;
  geom.type = m.geom_type[g];
  geom.size = m.geom_size + 3 * g;
  const mjtNum* R = d.geom_xmat + 9 * hfield_geom;
  mjtNum offset[3], Rt[9];
  Sub3(offset, d.geom_xpos + 3 * g, d.geom_xpos + 3 * hfield_geom);
  MulMatTVec3(geom.pos, R, offset);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) Rt[3 * i + j] = R[3 * j + i];
  }
  MulMat3(geom.mat, Rt, d.geom_xmat + 9 * g);
  // its tight bounding box in the hfield frame (observed: the reference selects cells with the
  // exact boxes of spheres, capsules, ellipsoids and cylinders: with a margin, a looser box
  // selects wall prisms whose contacts within the margin the reference does not report); other
  // shapes: the box around their rotated local box geom_aabb (center, half-sizes)
  mjtNum center[3] = {0, 0, 0}, half[3];
  const mjtNum* aabb = m.geom_aabb + 6 * g;
  for (int i = 0; i < 3; ++i) {
    const mjtNum* row = geom.mat + 3 * i;
    if (geom.type == mjGEOM_SPHERE) {
      half[i] = geom.size[0];
    } else if (geom.type == mjGEOM_CAPSULE) {
      half[i] = geom.size[0] + geom.size[1] * std::fabs(row[2]);
    } else if (geom.type == mjGEOM_ELLIPSOID) {  // |diag(s) row|
      mjtNum scaled[3] = {row[0] * geom.size[0], row[1] * geom.size[1], row[2] * geom.size[2]};
      half[i] = Norm3(scaled);
    } else if (geom.type == mjGEOM_CYLINDER) {  // the cap disks' extent plus the axis'
      half[i] = geom.size[0] * std::sqrt(std::fmax(0, 1 - row[2] * row[2])) +
                geom.size[1] * std::fabs(row[2]);
    } else {
      center[i] = Dot3(row, aabb);
      half[i] = 0;
      for (int j = 0; j < 3; ++j) half[i] += std::fabs(row[j]) * aabb[3 + j];
    }
    geom.lo[i] = geom.pos[i] + center[i] - half[i];
    geom.hi[i] = geom.pos[i] + center[i] + half[i];
  }
  return geom;
}


// the index range [first, last] of cells (of count - 1) whose span meets [lo, hi] on an axis
// starting at -half with cell size step
bool CellRange(mjtNum lo, mjtNum hi, mjtNum half, mjtNum step, int count, int* first,
               int* last) {
  if (!(hi >= -half && lo <= half) || count < 2) return false;
  *first = std::max(0, static_cast<int>(std::floor((lo + half) / step)));
  *last = std::min(count - 2, static_cast<int>(std::floor((hi + half) / step)));
  return *first <= *last;
}

// Ellipsoid (semi-axes s, geom frame): the outward normal at the surface point nearest to the
// point l (geom frame), by bisection on the Lagrange multiplier t of
// min |x - l|^2 on sum x_i^2 / s_i^2 = 1: x_i = s_i^2 l_i / (s_i^2 + t), with
// f(t) = sum (s_i l_i / (s_i^2 + t))^2 - 1 decreasing in t > -min s_i^2 (root t <= 0 inside,
// >= 0 outside); the normal is l_i / (s_i^2 + t). False when l lies on the medial plane of the
// shortest axis (then the nearest point is not on this branch) or the input is degenerate.
bool EllipsoidNearestNormal(const mjtNum s[3], const mjtNum l[3], mjtNum normal[3]) {
  mjtNum smin2 = std::fmin(std::fmin(s[0] * s[0], s[1] * s[1]), s[2] * s[2]);
  if (!(smin2 > mjMINVAL)) return false;
  auto f = [&](mjtNum t) {
    mjtNum sum = 0;
    for (int i = 0; i < 3; ++i) {
      mjtNum q = s[i] * l[i] / (s[i] * s[i] + t);
      sum += q * q;
    }
    return sum - 1;
  };
  mjtNum lo, hi;
  if (f(0) >= 0) {  // outside (or on): the root is at t >= 0
    lo = 0;
    hi = smin2;
    for (int k = 0; k < 200 && f(hi) > 0; ++k) hi *= 2;
    if (!(f(hi) <= 0)) return false;
  } else {  // inside: the root lies in (-min s^2, 0), if f grows above 0 there
    hi = 0;
    lo = -smin2 * (1 - 1e-12);
    if (!(f(lo) > 0)) return false;
  }
  for (int k = 0; k < 200 && hi - lo > 1e-17 * smin2; ++k) {
    mjtNum mid = 0.5 * (lo + hi);
    (f(mid) > 0 ? lo : hi) = mid;
  }
  mjtNum t = 0.5 * (lo + hi);
  for (int i = 0; i < 3; ++i) normal[i] = l[i] / (s[i] * s[i] + t);
  return Normalize3(normal) > mjMINVAL && std::isfinite(normal[0] + normal[1] + normal[2]);
}

// An ellipsoid's contact normal at world point pos: against the outward normal at the surface
// point nearest pos.
bool EllipsoidNormal(const Model& m, const Data& d, int g, const mjtNum pos[3],
                     mjtNum normal[3]) {
  const mjtNum* R = d.geom_xmat + 9 * g;
  mjtNum offset[3], local[3], outward[3];
  Sub3(offset, pos, d.geom_xpos + 3 * g);
  MulMatTVec3(local, R, offset);
  if (!EllipsoidNearestNormal(m.geom_size + 3 * g, local, outward)) return false;
  MulMatVec3(normal, R, outward);
  Scale3(normal, normal, -1);
  return true;
}

// Whether a cylinder's contact at world point pos takes the radial normal (see the top): pos
// (local: radius rho, height z) lies below the cap by at least 5% of the half-height h and by at
// least a quarter of its depth below the side: h - |z| >= 0.05 h and h - |z| >= (r - rho) / 4.
bool CylinderSideContact(const Model& m, const Data& d, int g, const mjtNum pos[3]) {
  const mjtNum* size = m.geom_size + 3 * g;
  mjtNum offset[3], local[3];
  Sub3(offset, pos, d.geom_xpos + 3 * g);
  MulMatTVec3(local, d.geom_xmat + 9 * g, offset);
  mjtNum below_cap = size[1] - std::fabs(local[2]);
  mjtNum below_side = size[0] - std::sqrt(local[0] * local[0] + local[1] * local[1]);
  return below_cap >= 0.05 * size[1] && below_cap >= 0.25 * below_side;
}

// The reference's normal of a sphere, capsule, cylinder or ellipsoid contact at world point pos
// (see the top): from pos towards the nearest point of the core (a cylinder's axis, where
// CylinderSideContact; ellipsoid: EllipsoidNormal); false (normal unset) for other geoms, or
// where the rule is undefined (pos on the core).
bool CoreNormal(const Model& m, const Data& d, int g, const mjtNum pos[3], mjtNum normal[3]) {
  int type = m.geom_type[g];
  if (type == mjGEOM_ELLIPSOID) return EllipsoidNormal(m, d, g, pos, normal);
  if (type == mjGEOM_CYLINDER && !CylinderSideContact(m, d, g, pos)) return false;
  if (type != mjGEOM_SPHERE && type != mjGEOM_CAPSULE && type != mjGEOM_CYLINDER) return false;
  mjtNum toward[3];
  Sub3(toward, d.geom_xpos + 3 * g, pos);
  if (type != mjGEOM_SPHERE) {  // the axis point nearest pos (a capsule's: clamped)
    const mjtNum* R = d.geom_xmat + 9 * g;
    mjtNum axis[3] = {R[2], R[5], R[8]};
    mjtNum half = m.geom_size[3 * g + 1];
    mjtNum along = -Dot3(toward, axis);
    AddScaledTo3(toward, axis, std::fmin(std::fmax(along, -half), half));
  }
  mjtNum norm = Norm3(toward);
  if (!(norm > mjMINVAL) || !std::isfinite(norm)) return false;
  Scale3(normal, toward, 1 / norm);
  return true;
}

// The geom's convex shape in the hfield frame, at the local pose of `local`.
ConvexShape LocalShape(ConvexShape shape, const LocalGeom& local) {
  shape.pos = local.pos;
  shape.rot = local.mat;
  return shape;
}

// A prism against a geom: GJK/EPA in the hfield frame between the prism's vertices and the
// geom's convex shape (hfield frame) grown by `grow`; the contact in world coordinates.
bool CollidePrismConvex(const Model& m, const Data& d, int hfield_geom, int g,
                        const Prism& prism, const ConvexShape& geom, mjtNum grow,
                        Contact* con) {
  static const mjtNum kIdentity[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  static const mjtNum kOrigin[3] = {0, 0, 0};
  mjtNum vertex[6][3], centroid[3] = {0, 0, 0};
  PrismVertices(prism, vertex);
  for (const auto& v : vertex) AddScaledTo3(centroid, v, 1.0 / 6);
  ConvexShape shape;  // the vertices as they are (hfield frame); GJK starts from the centroid
  shape.type = kConvexPoints;
  shape.pos = kOrigin;
  shape.rot = kIdentity;
  shape.size[0] = shape.size[1] = shape.size[2] = 0;
  shape.radius = 0;
  shape.vert = nullptr;
  shape.nvert = 0;
  shape.graph = nullptr;
  shape.points = &vertex[0][0];
  shape.npoints = 6;
  shape.center = centroid;
  ConvexShape grown = geom;
  grown.radius += grow;
  ConvexContact contact;
  ConvexAccuracy accuracy;  // the model's (opt.ccd_tolerance, opt.ccd_iterations)
  accuracy.tolerance = std::fmax(m.opt.ccd_tolerance, 0.0);
  accuracy.iterations = std::max(m.opt.ccd_iterations, 1);
  if (!ConvexContactOf(shape, grown, 0, contact, accuracy) || !(contact.dist < 0)) return false;
  mjtNum pos[3];
  for (int k = 0; k < 3; ++k) pos[k] = 0.5 * (contact.a[k] + contact.b[k]);
  const mjtNum* R = d.geom_xmat + 9 * hfield_geom;
  con->dist = contact.dist;
  MulMatVec3(con->pos, R, pos);
  AddTo3(con->pos, d.geom_xpos + 3 * hfield_geom);
  if (!CoreNormal(m, d, g, con->pos, con->frame)) MulMatVec3(con->frame, R, contact.normal);
  return true;
}

// A ball (center c, radius r > 0) lies beyond the prism by more than a rounding: some face
// plane of the prism separates them (the largest face distance bounds the distance from below).
// Geoms inside their bounding ball then cannot touch the prism.
bool BeyondReach(const Prism& prism, const mjtNum c[3], mjtNum r) {
  if (!(r > 0)) return false;
  Face faces[5];
  int nface = PrismFaces(prism, faces);
  mjtNum depth = -INFINITY;
  for (int f = 0; f < nface; ++f) {
    depth = std::max(depth, Dot3(faces[f].normal, c) - faces[f].offset);
  }
  return depth > r + kNoContactSlack * (1 + r);
}

}  // namespace

int CollideHfieldConvex(const Model& m, const Data& d, Contact* con, int g1, int g2,
                        mjtNum margin) {
  int hfield = m.geom_dataid[g1];
  if (hfield < 0) return 0;
  LocalGeom geom = LocalGeomOf(m, d, g1, g2);
  const mjtNum* size = m.hfield_size + 4 * hfield;
  int nrow = m.hfield_nrow[hfield], ncol = m.hfield_ncol[hfield];
  const float* data = m.hfield_data + m.hfield_adr[hfield];
  if (nrow < 2 || ncol < 2 || geom.lo[2] > size[2] + margin || geom.hi[2] < -size[3]) return 0;
  mjtNum dx = 2 * size[0] / (ncol - 1), dy = 2 * size[1] / (nrow - 1);
  int c0, c1, r0, r1;
  if (!CellRange(geom.lo[0], geom.hi[0], size[0], dx, ncol, &c0, &c1) ||
      !CellRange(geom.lo[1], geom.hi[1], size[1], dy, nrow, &r0, &r1)) {
    return 0;
  }
  auto point = [&](int r, int c, mjtNum out[3]) {  // raised by the margin (see the top)
    out[0] = -size[0] + c * dx;
    out[1] = -size[1] + r * dy;
    out[2] = data[r * ncol + c] * size[2] + margin;
  };
  ConvexShape convex;
  if (!MakeConvexShape(m, d, g2, convex)) return 0;
  convex = LocalShape(convex, geom);
  mjtNum grow = 0.5 * margin;  // the geom grows by half the margin (see the top)
  int count = 0;
  for (int r = r0; r <= r1; ++r) {
    for (int c = c0; c <= c1; ++c) {
      Prism lower, upper;  // the triangles (r,c),(r,c+1),(r+1,c+1) and (r,c),(r+1,c+1),(r+1,c)
      lower.zbottom = upper.zbottom = size[3];
      point(r, c, lower.top[0]);
      point(r, c + 1, lower.top[1]);
      point(r + 1, c + 1, lower.top[2]);
      Copy3(upper.top[0], lower.top[0]);
      Copy3(upper.top[1], lower.top[2]);
      point(r + 1, c, upper.top[2]);
      for (const Prism* prism : {&upper, &lower}) {  // the reference's order (observed)
        mjtNum top = std::max({prism->top[0][2], prism->top[1][2], prism->top[2][2]});
        if (geom.lo[2] > top) continue;  // the geom's box is above this (raised) prism
        if (BeyondReach(*prism, geom.pos, m.geom_rbound[g2] + grow) ||
            !CollidePrismConvex(m, d, g1, g2, *prism, convex, grow, con + count)) {
          continue;
        }
        if (++count == mjMAXCONPAIR) return count;
      }
    }
  }
  return count;
}

}  // namespace mjsim
