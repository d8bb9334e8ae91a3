// collide_plane.cc: planes against primitives and convex shapes (Computation chapter,
// "Collision detection"). The plane is g1: its normal is the geom's z axis, through geom_xpos;
// a plane is infinite here (its size only matters for rendering).
//
// Every contact here is a point q of the other geom: dist = n.(q - p) (n the plane normal, p a
// point of the plane), pos = q - n dist/2 (midway between q and the plane), normal n. Which
// points each shape contributes, and in what order, was measured against the reference:
//   sphere     the deepest point (one contact)
//   capsule    the two end spheres' deepest points, the +z end first (up to two); the first
//              tangent is the capsule axis projected onto the plane
//   cylinder   the deepest rim point of the lower cap, the rim point above it on the other cap,
//              and the two rim points of the lower cap at +-120 degrees from the first (four)
//   box        the corners on the plane's side of the box centre, x fastest (up to four)
//   ellipsoid  the deepest point (one)
//   mesh       the deepest vertex and two of its convex-hull neighbours (up to three)
#include <cmath>
#include <initializer_list>

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

// The contact of world point q with the plane, written to con[count] when its dist is below
// the margin; returns the new count.
int AddPointContact(Contact* con, int count, const Plane& plane, const mjtNum q[3],
                    mjtNum margin) {
  mjtNum dist = plane.Distance(q);
  if (!(dist <= margin)) return count;  // the reference keeps dist == margin
  Contact& c = con[count];
  c.dist = dist;
  Copy3(c.frame, plane.normal);
  for (int k = 0; k < 3; ++k) c.pos[k] = q[k] - 0.5 * dist * plane.normal[k];
  return count + 1;
}

// world point of geom g at local offset v: xpos + xmat v
void GeomPoint(mjtNum q[3], const Data& d, int g, const mjtNum v[3]) {
  MulMatVec3(q, d.geom_xmat + 9 * g, v);
  AddTo3(q, d.geom_xpos + 3 * g);
}

// the plane normal in geom g's frame
void LocalNormal(mjtNum local[3], const Plane& plane, const Data& d, int g) {
  MulMatTVec3(local, d.geom_xmat + 9 * g, plane.normal);
}

}  // namespace

namespace {

// sphere of radius r at c: dist = n.(c - p) - r, pos halfway between the sphere's deepest point
// and the plane; written to con[count] when within the margin, returns the new count
int AddSphereContact(Contact* con, int count, const Plane& plane, const mjtNum center[3],
                     mjtNum radius, mjtNum margin) {
  mjtNum height = plane.Distance(center);
  if (!(height <= margin + radius)) return count;  // the reference's test, dist == margin kept
  mjtNum dist = height - radius;
  Contact& c = con[count];
  c.dist = dist;
  Copy3(c.frame, plane.normal);
  for (int k = 0; k < 3; ++k) c.pos[k] = center[k] - plane.normal[k] * (radius + 0.5 * dist);
  return count + 1;
}

}  // namespace

int CollidePlaneSphere(const Model& m, const Data& d, Contact* con, int g1, int g2,
                       mjtNum margin) {
  return AddSphereContact(con, 0, PlaneOf(d, g1), d.geom_xpos + 3 * g2, m.geom_size[3 * g2],
                          margin);
}

// capsule: the deepest points of its two end spheres (centres c +- a h), the +z end first
int CollidePlaneCapsule(const Model& m, const Data& d, Contact* con, int g1, int g2,
                        mjtNum margin) {
  Plane plane = PlaneOf(d, g1);
  mjtNum radius = m.geom_size[3 * g2], half = m.geom_size[3 * g2 + 1];
  int count = 0;
  for (mjtNum side : {1.0, -1.0}) {
    const mjtNum end[3] = {0, 0, side * half};
    mjtNum center[3];
    GeomPoint(center, d, g2, end);
    count = AddSphereContact(con, count, plane, center, radius, margin);
  }
  // the reference's first tangent: the capsule axis projected onto the plane, or (1, 0, 0)
  const mjtNum* R = d.geom_xmat + 9 * g2;
  mjtNum tangent[3] = {R[2], R[5], R[8]};
  AddScaledTo3(tangent, plane.normal, -Dot3(tangent, plane.normal));
  Normalize3(tangent);
  for (int i = 0; i < count; ++i) Copy3(con[i].frame + 3, tangent);
  return count;
}

// cylinder (radius R, half-height h, axis a), in world coordinates as the reference computes
// it (its rounding then matches near the upright pose): u = the unit part of n across the
// axis (the frame's -x axis when n is along the axis), the lower cap at c + a k with
// k = -h sign(n.a) (+h when the axis lies in the plane). Points: the deepest rim point
// c + a k - u R, the rim point above it c - a k - u R, and the lower rim points at +-120 degrees,
// c + a k + u R/2 +- w R sqrt(3)/2 with w = (a k) x u normalized.
int CollidePlaneCylinder(const Model& m, const Data& d, Contact* con, int g1, int g2,
                         mjtNum margin) {
  Plane plane = PlaneOf(d, g1);
  const mjtNum* R = d.geom_xmat + 9 * g2;
  const mjtNum* c = d.geom_xpos + 3 * g2;
  mjtNum radius = m.geom_size[3 * g2], half = m.geom_size[3 * g2 + 1];
  const mjtNum axis[3] = {R[2], R[5], R[8]};
  mjtNum along = Dot3(plane.normal, axis), across[3];
  for (int k = 0; k < 3; ++k) across[k] = plane.normal[k] - along * axis[k];
  mjtNum norm = Norm3(across);
  if (norm < mjMINVAL) {
    across[0] = -R[0], across[1] = -R[3], across[2] = -R[6];
  } else {
    for (int k = 0; k < 3; ++k) across[k] /= norm;
  }
  mjtNum cap = along > 0 ? -half : half;
  mjtNum lift[3], side[3];  // side = unit (a k) x u; (1, 0, 0) when h = 0, as the reference
  Scale3(lift, axis, cap);
  Cross3(side, lift, across);
  Normalize3(side);
  const mjtNum s120 = std::sqrt(3.0) / 2;
  mjtNum points[4][3];
  for (int k = 0; k < 3; ++k) {
    mjtNum lower = c[k] + axis[k] * cap, upper = c[k] - axis[k] * cap;
    points[0][k] = lower - across[k] * radius;
    points[1][k] = upper - across[k] * radius;
    points[2][k] = lower + (across[k] * 0.5 + side[k] * s120) * radius;
    points[3][k] = lower + (across[k] * 0.5 - side[k] * s120) * radius;
  }
  int count = 0;
  for (const mjtNum* q : points) count = AddPointContact(con, count, plane, q, margin);
  return count;
}

// box (half-sizes s): the corners (+-s_x, +-s_y, +-s_z), x fastest, whose offset from the
// centre does not point away from the plane (nl . corner <= 0); at most four
int CollidePlaneBox(const Model& m, const Data& d, Contact* con, int g1, int g2,
                    mjtNum margin) {
  Plane plane = PlaneOf(d, g1);
  const mjtNum* size = m.geom_size + 3 * g2;
  mjtNum nl[3];
  LocalNormal(nl, plane, d, g2);
  int count = 0;
  for (int corner = 0; corner < 8 && count < 4; ++corner) {
    mjtNum local[3];
    for (int k = 0; k < 3; ++k) local[k] = (corner & (1 << k)) ? size[k] : -size[k];
    if (Dot3(nl, local) > 0) continue;
    mjtNum q[3];
    GeomPoint(q, d, g2, local);
    count = AddPointContact(con, count, plane, q, margin);
  }
  return count;
}

namespace {

// ellipsoid (radii s): the deepest point, where the outward normal is -nl:
// x = -(s^2 nl) / |s nl| (componentwise products)
int CollidePlaneEllipsoid(const Model& m, const Data& d, Contact* con, int g1, int g2,
                          mjtNum margin) {
  Plane plane = PlaneOf(d, g1);
  const mjtNum* radii = m.geom_size + 3 * g2;
  mjtNum nl[3], scaled[3], local[3];
  LocalNormal(nl, plane, d, g2);
  for (int k = 0; k < 3; ++k) scaled[k] = radii[k] * nl[k];
  mjtNum norm = Norm3(scaled);
  for (int k = 0; k < 3; ++k) {
    local[k] = norm < mjMINVAL ? 0 : -radii[k] * scaled[k] / norm;  // flat: the centre
  }
  mjtNum q[3];
  GeomPoint(q, d, g2, local);
  return AddPointContact(con, 0, plane, q, margin);
}

// The convex hull graph of a mesh (m.mesh_graph): numvert, numface, then vert_edgeadr[numvert],
// vert_globalid[numvert], edge_localid (each vertex's neighbours, -1 terminated), faces.
struct HullGraph {
  int numvert;
  const int* edgeadr;
  const int* globalid;
  const int* edges;
};

HullGraph HullOf(const Model& m, int mesh) {
  const int* graph = m.mesh_graph + m.mesh_graphadr[mesh];
  int numvert = graph[0];
  return HullGraph{numvert, graph + 2, graph + 2 + numvert, graph + 2 + 2 * numvert};
}

// The hull vertex lowest along the plane normal (support values s = nl.v in the mesh frame):
// steepest descent on the hull graph from hull vertex 0, as the reference walks it (the walk
// decides between equally low vertices). Returns a hull (local) index.
int LowestHullVertex(const HullGraph& hull, const float* verts, const mjtNum nl[3]) {
  auto support = [&](int local) {
    const float* v = verts + 3 * hull.globalid[local];
    return nl[0] * v[0] + nl[1] * v[1] + nl[2] * v[2];
  };
  int best = 0;
  mjtNum lowest = support(0);
  for (int steps = 0; steps < hull.numvert; ++steps) {
    int next = -1;
    for (const int* e = hull.edges + hull.edgeadr[best]; *e >= 0; ++e) {
      mjtNum value = support(*e);
      if (value < lowest) lowest = value, next = *e;
    }
    if (next < 0) break;
    best = next;
  }
  return best;
}

// mesh: the lowest hull vertex, then its hull neighbours in graph order, each kept when below
// the margin (strictly, in the mesh frame: nl.v < margin - n.(c - p)) and at least 0.3 rbound
// from the first contact's pos; three contacts at most (measured on the reference). A mesh
// without a hull graph gives its lowest vertex alone.
int CollidePlaneMesh(const Model& m, const Data& d, Contact* con, int g1, int g2,
                     mjtNum margin) {
  Plane plane = PlaneOf(d, g1);
  int mesh = m.geom_dataid[g2];
  const float* verts = m.mesh_vert + 3 * m.mesh_vertadr[mesh];
  auto world = [&](mjtNum q[3], int v) {
    const mjtNum local[3] = {verts[3 * v], verts[3 * v + 1], verts[3 * v + 2]};
    GeomPoint(q, d, g2, local);
  };
  mjtNum q[3];
  if (m.mesh_graphadr[mesh] < 0) {
    int best = -1;
    mjtNum lowest = INFINITY;
    for (int v = 0; v < m.mesh_vertnum[mesh]; ++v) {
      world(q, v);
      mjtNum dist = plane.Distance(q);
      if (dist < lowest) lowest = dist, best = v;
    }
    if (best < 0) return 0;
    world(q, best);
    return AddPointContact(con, 0, plane, q, margin);
  }
  HullGraph hull = HullOf(m, mesh);
  mjtNum nl[3];
  LocalNormal(nl, plane, d, g2);
  int best = LowestHullVertex(hull, verts, nl);
  world(q, hull.globalid[best]);
  int count = AddPointContact(con, 0, plane, q, margin);
  if (count == 0) return 0;
  mjtNum threshold = margin - plane.Distance(d.geom_xpos + 3 * g2);
  const mjtNum spacing = 0.3 * m.geom_rbound[g2];
  for (const int* e = hull.edges + hull.edgeadr[best]; *e >= 0 && count < 3; ++e) {
    const float* v = verts + 3 * hull.globalid[*e];
    if (!(nl[0] * v[0] + nl[1] * v[1] + nl[2] * v[2] < threshold)) continue;
    world(q, hull.globalid[*e]);
    mjtNum delta[3];
    Sub3(delta, q, con[0].pos);
    if (Norm3(delta) < spacing) continue;
    count = AddPointContact(con, count, plane, q, margin);
  }
  return count;
}

}  // namespace

// ellipsoids and meshes: the two convex shapes without a primitive collider of their own
int CollidePlaneConvex(const Model& m, const Data& d, Contact* con, int g1, int g2,
                       mjtNum margin) {
  if (m.geom_type[g2] == mjGEOM_ELLIPSOID) return CollidePlaneEllipsoid(m, d, con, g1, g2, margin);
  if (m.geom_type[g2] == mjGEOM_MESH && m.geom_dataid[g2] >= 0) {
    return CollidePlaneMesh(m, d, con, g1, g2, margin);
  }
  return 0;
}

}  // namespace mjsim
