// multiccd_polygon.cc: contact points of two polytopes (box, mesh) touching along flat features
// (mjENBL_MULTICCD; Computation chapter, "Multiple contacts": the native pipeline analyses the
// contact surface at the solution instead of re-running the collider).
//
// Fitted to the reference by experiment (tests/conformance/test_multiccd_polygon.py):
//   features    at the contact normal n (from geom 1 to geom 2), each geom's touching feature
//               is a face when a face normal is within kFlatAngle (0.0016 rad, scale-free) of n
//               (of -n for geom 2), else an edge when an edge is perpendicular to n within that
//               angle, else a vertex.
//   face-face   the face of geom 2 is clipped by the prism of the face of geom 1 (the planes
//               through its edges that contain its own normal; Sutherland-Hodgman): the points
//               lie in the plane of the face of geom 2.
//   face-edge   the edge is clipped by the prism of the face (either geom's).
//   points      each clipped point p gives a contact at p + n depth / 2 with the single
//               contact's normal and dist (the same for all points). For an edge of geom 1 this
//               is half a depth outside the overlap; the reference does the same.
//   otherwise   (edge-edge, vertex): the single contact stands.
// A polygon of more than four points is cut to four: the two farthest apart, then the farthest
// from their line on either side. The reference keeps four points of such polygons by a rule
// not reproduced here (its choice is not the largest quadrilateral).
#include "engine/collision/multiccd_polygon.h"

#include <cmath>
#include <initializer_list>

#include "util/math3.h"

namespace mjsim {
namespace {

constexpr mjtNum kFlatAngle = 0.0016;
constexpr int kMaxFaceVerts = 64;                     // larger mesh polygons: no multiccd
constexpr int kMaxClipVerts = 2 * kMaxFaceVerts + 4;  // a clipped polygon: n1 + n2 at most

// A touching feature: 1 point (vertex), 2 (edge) or a convex polygon (face), world frame.
struct Feature {
  int count = 0;
  mjtNum v[kMaxFaceVerts][3];
  mjtNum normal[3];  // face: outward unit normal
};

void ToWorld(const ConvexShape& s, const mjtNum local[3], mjtNum out[3]) {
  MulMatVec3(out, s.rot, local);
  AddTo3(out, s.pos);
}

// box: the face whose normal is within kFlatAngle of `dir`, else the edge perpendicular to it
void BoxFeature(const ConvexShape& s, const mjtNum dir[3], Feature& f) {
  mjtNum dl[3];
  MulMatTVec3(dl, s.rot, dir);
  const mjtNum* h = s.size;
  int major = 0, minor = 0;
  for (int k = 1; k < 3; ++k) {
    if (std::fabs(dl[k]) > std::fabs(dl[major])) major = k;
    if (std::fabs(dl[k]) < std::fabs(dl[minor])) minor = k;
  }
  auto sign = [](mjtNum x) { return x >= 0 ? 1.0 : -1.0; };
  if (std::fabs(dl[major]) >= std::cos(kFlatAngle)) {
    int u = (major + 1) % 3, w = (major + 2) % 3;
    mjtNum side = sign(dl[major]);
    const int corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    for (int i = 0; i < 4; ++i) {
      mjtNum local[3];
      local[major] = side * h[major];
      local[u] = corners[i][0] * h[u];
      local[w] = corners[i][1] * h[w];
      ToWorld(s, local, f.v[i]);
    }
    mjtNum local_normal[3] = {0, 0, 0};
    local_normal[major] = side;
    MulMatVec3(f.normal, s.rot, local_normal);
    f.count = 4;
  } else if (std::fabs(dl[minor]) <= std::sin(kFlatAngle)) {
    for (int end = 0; end < 2; ++end) {
      mjtNum local[3];
      for (int k = 0; k < 3; ++k) local[k] = sign(dl[k]) * h[k];
      local[minor] = (end ? 1 : -1) * h[minor];
      ToWorld(s, local, f.v[end]);
    }
    f.count = 2;
  } else {
    f.count = 1;
  }
}

void MeshVertexWorld(const ConvexShape& s, int v, mjtNum out[3]) {
  mjtNum local[3] = {s.vert[3 * v], s.vert[3 * v + 1], s.vert[3 * v + 2]};
  ToWorld(s, local, out);
}

// mesh: among the polygons (mesh_poly*) at the support vertex in `dir`, the one whose normal is
// within kFlatAngle of `dir`, else the polygon edge at that vertex perpendicular to `dir`
void MeshFeature(const Model& m, int g, const ConvexShape& s, const mjtNum dir[3], Feature& f) {
  f.count = 0;
  int mesh = m.geom_dataid[g];
  if (mesh < 0 || m.mesh_polynum[mesh] <= 0 || s.nvert <= 0) return;
  mjtNum dl[3];
  MulMatTVec3(dl, s.rot, dir);
  int support = 0;
  mjtNum best = -INFINITY;
  for (int i = 0; i < s.nvert; ++i) {
    mjtNum dot = dl[0] * s.vert[3 * i] + dl[1] * s.vert[3 * i + 1] + dl[2] * s.vert[3 * i + 2];
    if (dot > best) best = dot, support = i;
  }
  int vert = m.mesh_vertadr[mesh] + support;
  const int* polys = m.mesh_polymap + m.mesh_polymapadr[vert];
  int npoly = m.mesh_polymapnum[vert];
  int face = -1;
  mjtNum face_dot = -INFINITY;
  for (int i = 0; i < npoly; ++i) {
    int p = m.mesh_polyadr[mesh] + polys[i];
    mjtNum dot = Dot3(dl, m.mesh_polynormal + 3 * p);
    if (dot > face_dot) face_dot = dot, face = p;
  }
  if (face >= 0 && face_dot >= std::cos(kFlatAngle) * Norm3(dl) &&
      m.mesh_polyvertnum[face] <= kMaxFaceVerts) {
    const int* pv = m.mesh_polyvert + m.mesh_polyvertadr[face];
    f.count = m.mesh_polyvertnum[face];
    for (int i = 0; i < f.count; ++i) MeshVertexWorld(s, pv[i], f.v[i]);
    MulMatVec3(f.normal, s.rot, m.mesh_polynormal + 3 * face);
    return;
  }
  // edges at the support vertex: its neighbours along each polygon's loop
  int edge_to = -1;
  mjtNum edge_cos = INFINITY;
  const float* sv = s.vert + 3 * support;
  for (int i = 0; i < npoly; ++i) {
    int p = m.mesh_polyadr[mesh] + polys[i];
    const int* pv = m.mesh_polyvert + m.mesh_polyvertadr[p];
    int n = m.mesh_polyvertnum[p];
    for (int j = 0; j < n; ++j) {
      if (pv[j] != support) continue;
      for (int other : {pv[(j + 1) % n], pv[(j + n - 1) % n]}) {
        mjtNum e[3];
        for (int k = 0; k < 3; ++k) e[k] = s.vert[3 * other + k] - sv[k];
        mjtNum len = Norm3(e) * Norm3(dl);
        if (!(len > 0)) continue;
        mjtNum c = std::fabs(Dot3(e, dl)) / len;
        if (c < edge_cos) edge_cos = c, edge_to = other;
      }
    }
  }
  if (edge_to >= 0 && edge_cos <= std::sin(kFlatAngle)) {
    MeshVertexWorld(s, support, f.v[0]);
    MeshVertexWorld(s, edge_to, f.v[1]);
    f.count = 2;
  } else {
    f.count = 1;
  }
}

void FeatureOf(const Model& m, int g, const ConvexShape& s, const mjtNum dir[3], Feature& f) {
  if (s.type == mjGEOM_BOX) {
    BoxFeature(s, dir, f);
  } else {
    MeshFeature(m, g, s, dir, f);
  }
}

// The outward normal of the prism side through face edge (a, b): perpendicular to the edge
// and the face normal, pointing away from the face's centroid (either vertex order works).
bool SideNormal(const Feature& face, int i, const mjtNum centroid[3], mjtNum side[3]) {
  const mjtNum* a = face.v[i];
  const mjtNum* b = face.v[(i + 1) % face.count];
  mjtNum edge[3], to_center[3];
  Sub3(edge, b, a);
  Cross3(side, edge, face.normal);
  if (!(Normalize3(side) > 0)) return false;
  Sub3(to_center, centroid, a);
  if (Dot3(side, to_center) > 0) Scale3(side, side, -1);
  return true;
}

void Centroid(const Feature& face, mjtNum c[3]) {
  Zero3(c);
  for (int i = 0; i < face.count; ++i) AddTo3(c, face.v[i]);
  Scale3(c, c, 1.0 / face.count);
}

// Sutherland-Hodgman: the part of polygon `poly` (n points) inside the prism of `face`.
int ClipPolygon(const Feature& face, mjtNum (*poly)[3], int n, mjtNum (*work)[3]) {
  mjtNum centroid[3];
  Centroid(face, centroid);
  for (int i = 0; i < face.count && n > 0; ++i) {
    mjtNum side[3];
    if (!SideNormal(face, i, centroid, side)) continue;
    const mjtNum* a = face.v[i];
    int out = 0;
    for (int j = 0; j < n; ++j) {
      const mjtNum* p = poly[j];
      const mjtNum* q = poly[(j + 1) % n];
      mjtNum dp[3], dq[3];
      Sub3(dp, p, a);
      Sub3(dq, q, a);
      mjtNum sp = Dot3(dp, side), sq = Dot3(dq, side);
      if (sp <= 0 && out < kMaxClipVerts) Copy3(work[out++], p);
      if ((sp < 0 && sq > 0) || (sp > 0 && sq < 0)) {
        mjtNum t = sp / (sp - sq);
        if (out < kMaxClipVerts) {
          for (int k = 0; k < 3; ++k) work[out][k] = p[k] + t * (q[k] - p[k]);
          ++out;
        }
      }
    }
    for (int j = 0; j < out; ++j) Copy3(poly[j], work[j]);
    n = out;
  }
  return n;
}

// the part of segment (a, b) inside the prism of `face`: 0 or 2 points
int ClipSegment(const Feature& face, const mjtNum a[3], const mjtNum b[3], mjtNum (*out)[3]) {
  mjtNum centroid[3];
  Centroid(face, centroid);
  mjtNum t0 = 0, t1 = 1;
  for (int i = 0; i < face.count; ++i) {
    mjtNum side[3], da[3], db[3];
    if (!SideNormal(face, i, centroid, side)) continue;
    Sub3(da, a, face.v[i]);
    Sub3(db, b, face.v[i]);
    mjtNum sa = Dot3(da, side), sb = Dot3(db, side);
    if (sa > 0 && sb > 0) return 0;
    if (sa > 0) t0 = std::fmax(t0, sa / (sa - sb));
    if (sb > 0) t1 = std::fmin(t1, sa / (sa - sb));
  }
  if (!(t0 <= t1)) return 0;
  for (int k = 0; k < 3; ++k) {
    out[0][k] = a[k] + t0 * (b[k] - a[k]);
    out[1][k] = a[k] + t1 * (b[k] - a[k]);
  }
  return 2;
}

mjtNum Distance(const mjtNum a[3], const mjtNum b[3]) {
  mjtNum d[3];
  Sub3(d, a, b);
  return Norm3(d);
}

// Four of n > 4 points: the farthest pair, then the farthest from their line on each side.
int ReduceToFour(mjtNum (*poly)[3], int n, const mjtNum normal[3],
                 mjtNum points[kMultiContactMax][3]) {
  int i0 = 0, i1 = 1;
  mjtNum far = -1;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      mjtNum dist = Distance(poly[i], poly[j]);
      if (dist > far) far = dist, i0 = i, i1 = j;
    }
  }
  mjtNum axis[3], across[3];
  Sub3(axis, poly[i1], poly[i0]);
  Cross3(across, normal, axis);
  int lo = i0, hi = i1;
  mjtNum lo_value = 0, hi_value = 0;
  for (int i = 0; i < n; ++i) {
    mjtNum rel[3];
    Sub3(rel, poly[i], poly[i0]);
    mjtNum value = Dot3(rel, across);
    if (value > hi_value) hi_value = value, hi = i;
    if (value < lo_value) lo_value = value, lo = i;
  }
  int count = 0;
  for (int index : {i0, hi, i1, lo}) {
    bool seen = false;
    for (int j = 0; j < count; ++j) seen = seen || Distance(points[j], poly[index]) == 0;
    if (!seen) Copy3(points[count++], poly[index]);
  }
  return count;
}

}  // namespace

int PolytopeContactPoints(const Model& m, int g1, int g2, const ConvexShape& s1,
                          const ConvexShape& s2, const ConvexContact& c,
                          mjtNum points[kMultiContactMax][3]) {
  mjtNum depth = -c.dist;
  if (!(depth > 0)) return 0;
  mjtNum back[3];
  Scale3(back, c.normal, -1);
  Feature f1, f2;
  FeatureOf(m, g1, s1, c.normal, f1);
  FeatureOf(m, g2, s2, back, f2);
  mjtNum clipped[kMaxClipVerts][3], work[kMaxClipVerts][3];
  int n = 0;
  if (f1.count >= 3 && f2.count >= 3) {
    for (int i = 0; i < f2.count; ++i) Copy3(clipped[i], f2.v[i]);
    n = ClipPolygon(f1, clipped, f2.count, work);
  } else if (f1.count >= 3 && f2.count == 2) {
    n = ClipSegment(f1, f2.v[0], f2.v[1], clipped);
  } else if (f1.count == 2 && f2.count >= 3) {
    n = ClipSegment(f2, f1.v[0], f1.v[1], clipped);
  }
  if (n <= 0) return 0;
  int count = n;
  if (n > kMultiContactMax) {
    count = ReduceToFour(clipped, n, c.normal, points);
  } else {
    for (int i = 0; i < n; ++i) Copy3(points[i], clipped[i]);
  }
  for (int i = 0; i < count; ++i) {
    AddScaledTo3(points[i], c.normal, 0.5 * depth);
    for (int k = 0; k < 3; ++k) {
      if (!std::isfinite(points[i][k])) return 0;
    }
  }
  return count;
}

}  // namespace mjsim
