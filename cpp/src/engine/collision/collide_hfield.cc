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
// Margin (observed, matched to 1e-5 on 800 random sphere poses): the reference collides
// inflated shapes, the prism's top raised by the margin and the geom grown by half the margin,
// and reports a contact when those overlap, with their distance (dist = true distance -
// margin along the top's normal - margin/2) and the point midway between their surfaces.
//
// Per geom type, prism against:
//   sphere   exact: outside, the closest point of the prism's surface to the center; inside,
//            the nearest face (the minimal translation out). Matches the reference's contacts.
//   others   (capsule, ellipsoid, cylinder, box, mesh) the general convex collider
//            (collide_convex.cc) between the prism's six vertices and the geom grown by half the
//            margin (capsules too: the reference's capsule contacts are its ccd's).
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

// closest point of triangle (a, b, c) to p, by the Voronoi regions of its vertices, edges and
// face (Ericson, Real-Time Collision Detection, section 5.1.5)
void ClosestOnTriangle(const mjtNum p[3], const mjtNum a[3], const mjtNum b[3], const mjtNum c[3],
                       mjtNum out[3]) {
  mjtNum ab[3], ac[3], ap[3], bp[3], cp[3];
  Sub3(ab, b, a);
  Sub3(ac, c, a);
  Sub3(ap, p, a);
  mjtNum d1 = Dot3(ab, ap), d2 = Dot3(ac, ap);
  if (d1 <= 0 && d2 <= 0) return Copy3(out, a);
  Sub3(bp, p, b);
  mjtNum d3 = Dot3(ab, bp), d4 = Dot3(ac, bp);
  if (d3 >= 0 && d4 <= d3) return Copy3(out, b);
  mjtNum vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    Copy3(out, a);
    return AddScaledTo3(out, ab, d1 / (d1 - d3));
  }
  Sub3(cp, p, c);
  mjtNum d5 = Dot3(ab, cp), d6 = Dot3(ac, cp);
  if (d6 >= 0 && d5 <= d6) return Copy3(out, c);
  mjtNum vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    Copy3(out, a);
    return AddScaledTo3(out, ac, d2 / (d2 - d6));
  }
  mjtNum va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    mjtNum bc[3];
    Sub3(bc, c, b);
    Copy3(out, b);
    return AddScaledTo3(out, bc, (d4 - d3) / ((d4 - d3) + (d5 - d6)));
  }
  mjtNum denom = 1 / (va + vb + vc);
  Copy3(out, a);
  AddScaledTo3(out, ab, vb * denom);
  AddScaledTo3(out, ac, vc * denom);
}

// closest point of the prism's surface to p: over its 8 boundary triangles
mjtNum ClosestOnPrism(const Prism& prism, const mjtNum p[3], mjtNum out[3]) {
  mjtNum bottom[3][3];
  for (int i = 0; i < 3; ++i) prism.Bottom(i, bottom[i]);
  const mjtNum* triangles[8][3] = {{prism.top[0], prism.top[1], prism.top[2]},
                                   {bottom[0], bottom[1], bottom[2]}};
  for (int i = 0; i < 3; ++i) {
    int j = (i + 1) % 3;
    triangles[2 + 2 * i][0] = prism.top[i];
    triangles[2 + 2 * i][1] = bottom[i];
    triangles[2 + 2 * i][2] = bottom[j];
    triangles[3 + 2 * i][0] = prism.top[i];
    triangles[3 + 2 * i][1] = bottom[j];
    triangles[3 + 2 * i][2] = prism.top[j];
  }
  mjtNum best = INFINITY;
  for (const auto& tri : triangles) {
    mjtNum q[3], delta[3];
    ClosestOnTriangle(p, tri[0], tri[1], tri[2], q);
    Sub3(delta, p, q);
    mjtNum distance = Norm3(delta);
    if (distance < best) {
      best = distance;
      Copy3(out, q);
    }
  }
  return best;
}

// a contact in the hfield frame: separation dist along the unit normal n (prism -> geom) and
// the point midway between the surfaces
struct LocalContact {
  mjtNum dist, pos[3], normal[3];
};

// relative room left for rounding when a lower bound of the distance rules out a contact
constexpr mjtNum kNoContactSlack = 1e-9;

// sphere (center c, radius r) against a prism: a contact if they overlap
bool PrismSphere(const Prism& prism, const mjtNum c[3], mjtNum r, LocalContact* out) {
  Face faces[5];
  int nface = PrismFaces(prism, faces);
  int nearest = 0;
  mjtNum depth = -INFINITY;  // largest signed face distance: <= 0 inside
  for (int f = 0; f < nface; ++f) {
    mjtNum signed_distance = Dot3(faces[f].normal, c) - faces[f].offset;
    if (signed_distance > depth) {
      depth = signed_distance;
      nearest = f;
    }
  }
  // outside, the distance to the prism is at least the largest face distance: beyond the
  // radius (with room for rounding) no contact can follow, and the exact distance is skipped
  if (depth > r + kNoContactSlack * (1 + std::fabs(r))) return false;
  if (depth <= 0) {  // center inside: out through the nearest face
    out->dist = depth - r;
    Copy3(out->normal, faces[nearest].normal);
  } else {
    mjtNum q[3];
    mjtNum distance = ClosestOnPrism(prism, c, q);
    if (distance - r >= 0) return false;
    out->dist = distance - r;
    Sub3(out->normal, c, q);
    Scale3(out->normal, out->normal, 1 / distance);
  }
  if (!(out->dist < 0)) return false;  // also NaN
  Copy3(out->pos, c);
  AddScaledTo3(out->pos, out->normal, -(r + 0.5 * out->dist));
  return true;
}

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
  // sphere's and the capsule's exact boxes); other shapes: the box around their rotated local
  // box geom_aabb (center, half-sizes)
  mjtNum center[3] = {0, 0, 0}, half[3];
  const mjtNum* aabb = m.geom_aabb + 6 * g;
  for (int i = 0; i < 3; ++i) {
    const mjtNum* row = geom.mat + 3 * i;
    if (geom.type == mjGEOM_SPHERE) {
      half[i] = geom.size[0];
    } else if (geom.type == mjGEOM_CAPSULE) {
      half[i] = geom.size[0] + geom.size[1] * std::fabs(row[2]);
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

// A prism against a geom without an exact prism test: GJK/EPA between the prism's vertices
// (hfield frame) and the geom's convex shape grown by `grow`; the contact in world coordinates.
bool CollidePrismConvex(const Model& m, const Data& d, int hfield_geom, const Prism& prism,
                        ConvexShape geom, mjtNum grow, Contact* con) {
  // the prism's vertices about their centroid, which is where GJK starts from (the reference's
  // start: measured on quadruped poses, where it reproduces its unconverged penetrations)
  mjtNum vertex[6][3], centroid[3] = {0, 0, 0}, center[3];
  PrismVertices(prism, vertex);
  for (const auto& v : vertex) AddScaledTo3(centroid, v, 1.0 / 6);
  for (auto& v : vertex) Sub3(v, v, centroid);
  const mjtNum* R = d.geom_xmat + 9 * hfield_geom;
  MulMatVec3(center, R, centroid);
  AddTo3(center, d.geom_xpos + 3 * hfield_geom);
  ConvexShape shape;
  shape.type = kConvexPoints;
  shape.pos = center;
  shape.rot = R;
  shape.size[0] = shape.size[1] = shape.size[2] = 0;
  shape.radius = 0;
  shape.vert = nullptr;
  shape.nvert = 0;
  shape.graph = nullptr;
  shape.points = &vertex[0][0];
  shape.npoints = 6;
  geom.radius += grow;
  ConvexContact contact;
  ConvexAccuracy accuracy;  // the model's (opt.ccd_tolerance, opt.ccd_iterations)
  accuracy.tolerance = std::fmax(m.opt.ccd_tolerance, 0.0);
  accuracy.iterations = std::max(m.opt.ccd_iterations, 1);
  if (!ConvexContactOf(shape, geom, 0, contact, accuracy) || !(contact.dist < 0)) return false;
  con->dist = contact.dist;
  Copy3(con->frame, contact.normal);
  for (int k = 0; k < 3; ++k) con->pos[k] = 0.5 * (contact.a[k] + contact.b[k]);
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

// the contact in world coordinates
void WorldContact(const Data& d, int hfield_geom, const LocalContact& local, Contact* con) {
  const mjtNum* R = d.geom_xmat + 9 * hfield_geom;
  con->dist = local.dist;
  MulMatVec3(con->pos, R, local.pos);
  AddTo3(con->pos, d.geom_xpos + 3 * hfield_geom);
  MulMatVec3(con->frame, R, local.normal);
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
  // geoms other than spheres go through the general convex collider, capsules too: the
  // reference's capsule-prism contact is its ccd's (a deep capsule gets a deeper, non-minimal
  // contact there, measured on quadruped poses; the exact test below would not give it)
  bool exact = geom.type == mjGEOM_SPHERE;
  ConvexShape convex;
  if (!exact && !MakeConvexShape(m, d, g2, convex)) return 0;
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
        if (exact) {
          LocalContact local;
          if (!PrismSphere(*prism, geom.pos, geom.size[0] + 0.5 * margin, &local)) continue;
          WorldContact(d, g1, local, con + count);
        } else if (BeyondReach(*prism, geom.pos, m.geom_rbound[g2] + 0.5 * margin) ||
                   !CollidePrismConvex(m, d, g1, *prism, convex, 0.5 * margin, con + count)) {
          continue;
        }
        if (++count == mjMAXCONPAIR) return count;
      }
    }
  }
  return count;
}

}  // namespace mjsim
