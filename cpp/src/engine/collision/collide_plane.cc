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
  if (!(dist < margin)) return count;
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

// sphere of radius r at c: dist = n.(c - p) - r, pos halfway between the sphere's deepest point
// and the plane
int CollidePlaneSphere(const Model& m, const Data& d, Contact* con, int g1, int g2,
                       mjtNum margin) {
  Plane plane = PlaneOf(d, g1);
  const mjtNum* center = d.geom_xpos + 3 * g2;
  mjtNum radius = m.geom_size[3 * g2];
  mjtNum dist = plane.Distance(center) - radius;
  if (!(dist < margin)) return 0;
  con->dist = dist;
  Copy3(con->frame, plane.normal);
  for (int k = 0; k < 3; ++k) con->pos[k] = center[k] - plane.normal[k] * (radius + 0.5 * dist);
  return 1;
}

// capsule: the deepest points of its two end spheres (centres c +- a h), the +z end first
int CollidePlaneCapsule(const Model& m, const Data& d, Contact* con, int g1, int g2,
                        mjtNum margin) {
  Plane plane = PlaneOf(d, g1);
  mjtNum radius = m.geom_size[3 * g2], half = m.geom_size[3 * g2 + 1];
  int count = 0;
  for (mjtNum side : {1.0, -1.0}) {
    const mjtNum end[3] = {0, 0, side * half};
    mjtNum center[3], deepest[3];
    GeomPoint(center, d, g2, end);
    for (int k = 0; k < 3; ++k) deepest[k] = center[k] - radius * plane.normal[k];
    count = AddPointContact(con, count, plane, deepest, margin);
  }
  // the reference's first tangent: the capsule axis projected onto the plane, or (1, 0, 0)
  const mjtNum* R = d.geom_xmat + 9 * g2;
  mjtNum tangent[3] = {R[2], R[5], R[8]};
  AddScaledTo3(tangent, plane.normal, -Dot3(tangent, plane.normal));
  Normalize3(tangent);
  for (int i = 0; i < count; ++i) Copy3(con[i].frame + 3, tangent);
  return count;
}

// cylinder (radius R, half-height h), in its frame with the plane normal nl: the lower cap is
// z = s h with s = -sign(nl_z) (+h when the axis lies in the plane); the rim direction u points
// against nl's cap-plane part (the frame's x axis when nl is along the axis). Points:
// (R u, s h), (R u, -s h), then (R u rotated by +120 and -120 degrees, s h).
int CollidePlaneCylinder(const Model& m, const Data& d, Contact* con, int g1, int g2,
                         mjtNum margin) {
  Plane plane = PlaneOf(d, g1);
  mjtNum radius = m.geom_size[3 * g2], half = m.geom_size[3 * g2 + 1];
  mjtNum nl[3];
  LocalNormal(nl, plane, d, g2);
  mjtNum u[2] = {-nl[0], -nl[1]};
  mjtNum norm = std::sqrt(u[0] * u[0] + u[1] * u[1]);
  if (norm < mjMINVAL) {
    u[0] = 1, u[1] = 0;
  } else {
    u[0] /= norm, u[1] /= norm;
  }
  mjtNum cap = nl[2] > 0 ? -half : half;
  const mjtNum c120 = -0.5, s120 = std::sqrt(3.0) / 2;
  const mjtNum points[4][3] = {
      {radius * u[0], radius * u[1], cap},
      {radius * u[0], radius * u[1], -cap},
      {radius * (c120 * u[0] - s120 * u[1]), radius * (s120 * u[0] + c120 * u[1]), cap},
      {radius * (c120 * u[0] + s120 * u[1]), radius * (-s120 * u[0] + c120 * u[1]), cap},
  };
  int count = 0;
  for (const mjtNum* local : points) {
    mjtNum q[3];
    GeomPoint(q, d, g2, local);
    count = AddPointContact(con, count, plane, q, margin);
  }
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
  if (!(norm >= mjMINVAL)) return 0;  // degenerate radii or a NaN pose
  for (int k = 0; k < 3; ++k) local[k] = -radii[k] * scaled[k] / norm;
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

// mesh: the deepest hull vertex (the first in hull order among equals), then its hull
// neighbours in graph order, each kept when its dist is below the margin and it lies at least
// 0.3 rbound from the first contact's pos; three contacts at most (measured on the reference).
// A mesh without a hull graph gives its deepest vertex alone.
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
  int best = -1;
  mjtNum lowest = INFINITY;
  for (int i = 0; i < hull.numvert; ++i) {
    world(q, hull.globalid[i]);
    mjtNum dist = plane.Distance(q);
    if (dist < lowest) lowest = dist, best = i;
  }
  if (best < 0) return 0;
  world(q, hull.globalid[best]);
  int count = AddPointContact(con, 0, plane, q, margin);
  if (count == 0) return 0;
  const mjtNum spacing = 0.3 * m.geom_rbound[g2];
  for (const int* e = hull.edges + hull.edgeadr[best]; *e >= 0 && count < 3; ++e) {
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
