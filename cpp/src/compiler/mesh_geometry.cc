// mesh_geometry.cc: geometry of mesh assets: convex hull (qhull), volume/centre/inertia for each
// mjtMeshInertia mode, vertex normals (polygons: mesh_polygons.cc).
//
// Inertia (checklist B.5/B.6): the surface is split into tetrahedra (triangle + apex); a
// tetrahedron with corners a,b,c,0 (relative to the apex) has volume V = a.(b x c)/6 and second
// moment  integral x x' dV = V/20 (aa' + bb' + cc' + ss'), s = a+b+c; the inertia is
// trace(M) I - M of the summed second moments M. A triangle shell of area A has second moment
// A/12 (aa' + bb' + cc' + ss').
//   exact, convex: signed tetrahedra (exact for any closed, consistently oriented surface;
//                  convex uses the convex hull's triangles)
//   legacy:        unsigned tetrahedra from the area-weighted face centroid give the centre;
//                  unsigned tetrahedra from that centre give volume and inertia
//   shell:         triangle areas; the centre is the area-weighted face centroid
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "compiler/meshes.h"
#include "libqhull_r/qhull_ra.h"
#include "util/math3.h"

namespace mjsim {
namespace {

const mjtNum* Vertex(const std::vector<mjtNum>& vert, int i) { return vert.data() + 3 * i; }

// without smoothnormal, a vertex normal averages only the faces within this cosine of the
// area-weighted average normal (observed: 0.8, about 37 degrees)
constexpr mjtNum kSharpNormalCosine = 0.8;

// adds w/k (aa' + bb' + cc' + ss') to M for points given relative to the centre
void AddSecondMoment(mjtNum M[9], mjtNum w, const mjtNum a[3], const mjtNum b[3], const mjtNum c[3]) {
  mjtNum s[3] = {a[0] + b[0] + c[0], a[1] + b[1] + c[1], a[2] + b[2] + c[2]};
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      M[3 * i + j] += w * (a[i] * a[j] + b[i] * b[j] + c[i] * c[j] + s[i] * s[j]);
    }
  }
}

mjtNum TriangleArea(const mjtNum a[3], const mjtNum b[3], const mjtNum c[3]) {
  mjtNum ab[3], ac[3], n[3];
  Sub3(ab, b, a);
  Sub3(ac, c, a);
  Cross3(n, ab, ac);
  return Norm3(n) / 2;
}

// signed volume of the tetrahedron (a, b, c, apex)
mjtNum TetraVolume(const mjtNum a[3], const mjtNum b[3], const mjtNum c[3], const mjtNum apex[3]) {
  mjtNum da[3], db[3], dc[3], n[3];
  Sub3(da, a, apex);
  Sub3(db, b, apex);
  Sub3(dc, c, apex);
  Cross3(n, db, dc);
  return Dot3(da, n) / 6;
}

// Area, unit normal and centroid of triangle (a, b, c).
struct Triangle {
  mjtNum area;
  mjtNum normal[3];
  mjtNum center[3];
};
Triangle MakeTriangle(const mjtNum a[3], const mjtNum b[3], const mjtNum c[3]) {
  Triangle t;
  mjtNum ab[3], ac[3], n[3];
  Sub3(ab, b, a);
  Sub3(ac, c, a);
  Cross3(n, ab, ac);
  mjtNum norm = Norm3(n);
  t.area = norm / 2;
  for (int i = 0; i < 3; ++i) {
    t.normal[i] = norm > 0 ? n[i] / norm : 0;
    t.center[i] = (a[i] + b[i] + c[i]) / 3;
  }
  return t;
}

// area-weighted centroid of the triangles (the apex of the tetrahedra below); returns the area
mjtNum AreaCentroid(const std::vector<mjtNum>& vert, const std::vector<int>& face, mjtNum center[3]) {
  mjtNum area = 0;
  Zero3(center);
  for (size_t f = 0; f + 2 < face.size(); f += 3) {
    Triangle t = MakeTriangle(Vertex(vert, face[f]), Vertex(vert, face[f + 1]), Vertex(vert, face[f + 2]));
    for (int i = 0; i < 3; ++i) center[i] += t.area * t.center[i];
    area += t.area;
  }
  if (area > 0) {
    for (int i = 0; i < 3; ++i) center[i] /= area;
  }
  return area;
}

mjtNum TetraWeight(mjtNum volume, bool absolute) { return absolute ? std::fabs(volume) : volume; }

// Centre of the solids over the triangles with a common apex: tetrahedra (volume = area times
// the height of the apex below the face, over 3) or, for a shell, the triangles themselves
// weighted by area (the mean of a triangle's corners and the apex, weighted by area, is the
// area centroid). The rounding is the reference's (fitted bit for bit on tetrahedra and random
// convex meshes): weights are computed this way, not as a triple product.
void WeightedCentroid(const std::vector<mjtNum>& vert, const std::vector<int>& face, const mjtNum apex[3],
                      int mode, mjtNum center[3]) {
  mjtNum total = 0, sum[3] = {0, 0, 0};
  for (size_t f = 0; f + 2 < face.size(); f += 3) {
    const mjtNum *a = Vertex(vert, face[f]), *b = Vertex(vert, face[f + 1]), *c = Vertex(vert, face[f + 2]);
    Triangle t = MakeTriangle(a, b, c);
    mjtNum w = t.area;
    if (mode != kMeshInertiaShell) {
      mjtNum height[3];
      Sub3(height, t.center, apex);
      w = TetraWeight(t.area * Dot3(height, t.normal) / 3, mode == kMeshInertiaLegacy);
    }
    for (int i = 0; i < 3; ++i) sum[i] += w * (a[i] + b[i] + c[i] + apex[i]) / 4;
    total += w;
  }
  if (total != 0) {
    for (int i = 0; i < 3; ++i) center[i] = sum[i] / total;
  } else {
    Copy3(center, apex);
  }
}

void InertiaFromMoment(mjtNum inertia[9], const mjtNum M[9]) {
  mjtNum trace = M[0] + M[4] + M[8];
  for (int i = 0; i < 9; ++i) inertia[i] = (i % 4 == 0 ? trace : 0) - M[i];
}

}  // namespace

MeshInertiaResult ComputeMeshInertia(const std::vector<mjtNum>& vert, const std::vector<int>& face,
                                     const std::vector<int>& apex_face, int mode) {
  MeshInertiaResult result;
  mjtNum centroid[3], M[9] = {0};
  AreaCentroid(vert, apex_face, centroid);
  mjtNum area = mode == kMeshInertiaShell ? AreaCentroid(vert, face, centroid) : 0;
  WeightedCentroid(vert, face, centroid, mode, result.center);
  if (mode == kMeshInertiaShell) {
    result.measure = area;
    for (size_t f = 0; f + 2 < face.size(); f += 3) {
      mjtNum a[3], b[3], c[3];
      Sub3(a, Vertex(vert, face[f]), result.center);
      Sub3(b, Vertex(vert, face[f + 1]), result.center);
      Sub3(c, Vertex(vert, face[f + 2]), result.center);
      AddSecondMoment(M, TriangleArea(a, b, c) / 12, a, b, c);
    }
  } else {
    bool absolute = mode == kMeshInertiaLegacy;
    const mjtNum zero[3] = {0, 0, 0};
    for (size_t f = 0; f + 2 < face.size(); f += 3) {
      mjtNum a[3], b[3], c[3];
      Sub3(a, Vertex(vert, face[f]), result.center);
      Sub3(b, Vertex(vert, face[f + 1]), result.center);
      Sub3(c, Vertex(vert, face[f + 2]), result.center);
      mjtNum w = TetraWeight(TetraVolume(a, b, c, zero), absolute);
      result.measure += w;
      AddSecondMoment(M, w / 20, a, b, c);
    }
  }
  InertiaFromMoment(result.inertia, M);
  return result;
}

// ---- vertex normals ---------------------------------------------------------------------------

std::vector<mjtNum> VertexNormals(const std::vector<mjtNum>& vert, const std::vector<int>& face, bool smooth) {
  int nvert = static_cast<int>(vert.size() / 3), nface = static_cast<int>(face.size() / 3);
  std::vector<mjtNum> cross(3 * nface), average(3 * nvert, 0.0);
  // area-weighted average: the sum of the faces' cross products
  for (int f = 0; f < nface; ++f) {
    mjtNum ab[3], ac[3];
    Sub3(ab, Vertex(vert, face[3 * f + 1]), Vertex(vert, face[3 * f]));
    Sub3(ac, Vertex(vert, face[3 * f + 2]), Vertex(vert, face[3 * f]));
    Cross3(&cross[3 * f], ab, ac);
    for (int k = 0; k < 3; ++k) AddTo3(&average[3 * face[3 * f + k]], &cross[3 * f]);
  }
  for (int v = 0; v < nvert; ++v) Normalize3(&average[3 * v]);
  if (smooth) return average;
  // sharp edges: only faces within the cone cos(angle) > kSharpNormalCosine of the average count;
  // a vertex left with none gets (0, 0, 1)
  std::vector<mjtNum> normal(3 * nvert, 0.0);
  for (int f = 0; f < nface; ++f) {
    mjtNum unit[3];
    Copy3(unit, &cross[3 * f]);
    if (Norm3(unit) < mjMINVAL) continue;
    Normalize3(unit);
    for (int k = 0; k < 3; ++k) {
      int v = face[3 * f + k];
      if (Dot3(unit, &average[3 * v]) > kSharpNormalCosine) AddTo3(&normal[3 * v], &cross[3 * f]);
    }
  }
  for (int v = 0; v < nvert; ++v) {
    mjtNum* n = &normal[3 * v];
    if (Norm3(n) < mjMINVAL) {
      n[0] = n[1] = 0;
      n[2] = 1;
    } else {
      Normalize3(n);
    }
  }
  return normal;
}

// ---- convex hull ------------------------------------------------------------------------------

MeshHull ConvexHull(const std::vector<mjtNum>& vert, int maxhullvert) {
  int npoints = static_cast<int>(vert.size() / 3);
  std::vector<coordT> points(vert.begin(), vert.end());
  std::string options = "qhull Qt";
  if (maxhullvert > 0) options += " TA" + std::to_string(maxhullvert - 4);
  qhT qh_storage;
  qhT* qh = &qh_storage;
  FILE* errfile = std::tmpfile();
  qh_zero(qh, errfile);
  int exitcode = qh_new_qhull(qh, 3, npoints, points.data(), False, const_cast<char*>(options.c_str()),
                              nullptr, errfile);
  MeshHull hull;
  std::vector<std::vector<int>> neighbors;  // per hull vertex: neighbouring point ids
  if (exitcode == 0) {
    qh_vertexneighbors(qh);  // each vertex's facets, in qhull's order
    vertexT* vertex;
    FORALLvertices {
      int id = qh_pointid(qh, vertex->point);
      hull.vertices.push_back(id);
      // the neighbours of a vertex: the corners of its facets, in qhull's (unoriented) order
      std::vector<int> around;
      facetT *neighbor, **neighborp;
      FOREACHneighbor_(vertex) {
        vertexT *corner, **cornerp;
        FOREACHsetelement_(vertexT, neighbor->vertices, corner) {
          int other = qh_pointid(qh, corner->point);
          if (other != id && std::find(around.begin(), around.end(), other) == around.end()) {
            around.push_back(other);
          }
        }
      }
      neighbors.push_back(around);
    }
    facetT* facet;
    FORALLfacets {
      int corners[3], k = 0;
      vertexT** vertexp;
      FOREACHvertex_(facet->vertices) {
        if (k < 3) corners[k] = qh_pointid(qh, vertex->point);
        ++k;
      }
      if (facet->toporient ^ qh_ORIENTclock) std::swap(corners[0], corners[1]);
      hull.faces.insert(hull.faces.end(), corners, corners + 3);
      hull.normals.insert(hull.normals.end(), facet->normal, facet->normal + 3);
    }
  }
  int curlong, totlong;
  qh_freeqhull(qh, !qh_ALL);
  qh_memfreeshort(qh, &curlong, &totlong);
  if (errfile) std::fclose(errfile);
  if (exitcode != 0) throw MeshFileError("qhull error: the points do not span a volume");
  // graph: numvert, numface, vert_edgeadr, vert_globalid, edge_localid (neighbours of each hull
  // vertex, -1 terminated), face_globalid
  int numvert = static_cast<int>(hull.vertices.size()), numface = static_cast<int>(hull.faces.size() / 3);
  std::map<int, int> local;
  for (int i = 0; i < numvert; ++i) local[hull.vertices[i]] = i;
  std::vector<int>& g = hull.graph;
  g.push_back(numvert);
  g.push_back(numface);
  int adr = 0;
  for (int i = 0; i < numvert; ++i) {
    g.push_back(adr);
    adr += static_cast<int>(neighbors[i].size()) + 1;
  }
  g.insert(g.end(), hull.vertices.begin(), hull.vertices.end());
  for (int i = 0; i < numvert; ++i) {
    for (int other : neighbors[i]) g.push_back(local[other]);
    g.push_back(-1);
  }
  g.insert(g.end(), hull.faces.begin(), hull.faces.end());
  return hull;
}

}  // namespace mjsim
