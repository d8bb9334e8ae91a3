// shapes.cc: the geometry of MjrContext's display lists, drawn once with normals and replayed
// per geom (render_scene.cc scales the unit builtins). Round shapes have vis.quality.numslices
// slices and numstacks stacks; box faces and planes are grids of quads, so that the per-vertex
// (fixed-function) lighting of spot lights varies across them.
#include "render/shapes.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "render/gl_api.h"
#include "render/transforms.h"

namespace mjsim {
namespace {
using namespace glapi;

constexpr double kPi = 3.14159265358979323846;

// the unit sphere between polar angles theta0 and theta1 (0: +z pole), outward normals
void DrawSphereBand(int slices, int stacks, double theta0, double theta1) {
  for (int i = 0; i < stacks; ++i) {
    double a0 = theta0 + (theta1 - theta0) * i / stacks;
    double a1 = theta0 + (theta1 - theta0) * (i + 1) / stacks;
    gl.Begin(GL_QUAD_STRIP);
    for (int j = 0; j <= slices; ++j) {
      double phi = 2 * kPi * j / slices;
      for (double a : {a0, a1}) {
        float x = std::sin(a) * std::cos(phi), y = std::sin(a) * std::sin(phi), z = std::cos(a);
        gl.Normal3f(x, y, z);
        gl.Vertex3f(x, y, z);
      }
    }
    gl.End();
  }
}

// a disk of radius 1 at height z, facing +z (up) or -z
void DrawDisk(int slices, float z, bool up) {
  gl.Begin(GL_TRIANGLE_FAN);
  gl.Normal3f(0, 0, up ? 1 : -1);
  gl.Vertex3f(0, 0, z);
  for (int j = 0; j <= slices; ++j) {
    double phi = 2 * kPi * (up ? j : slices - j) / slices;
    gl.Vertex3f(std::cos(phi), std::sin(phi), z);
  }
  gl.End();
}

// the side of the unit cylinder, z from -1 to 1
void DrawCylinderSide(int slices, int stacks) {
  for (int i = 0; i < stacks; ++i) {
    float z0 = -1 + 2.0f * i / stacks, z1 = -1 + 2.0f * (i + 1) / stacks;
    gl.Begin(GL_QUAD_STRIP);
    for (int j = 0; j <= slices; ++j) {
      double phi = 2 * kPi * j / slices;
      float x = std::cos(phi), y = std::sin(phi);
      gl.Normal3f(x, y, 0);
      gl.Vertex3f(x, y, z1);
      gl.Vertex3f(x, y, z0);
    }
    gl.End();
  }
}

// the cone of unit radius at z = 0 with its apex at z = 1
void DrawCone(int slices) {
  gl.Begin(GL_TRIANGLES);
  for (int j = 0; j < slices; ++j) {
    double p0 = 2 * kPi * j / slices, p1 = 2 * kPi * (j + 1) / slices;
    double s = 1 / std::sqrt(2.0);
    gl.Normal3f(std::cos(p0) * s, std::sin(p0) * s, s);
    gl.Vertex3f(std::cos(p0), std::sin(p0), 0);
    gl.Normal3f(std::cos(p1) * s, std::sin(p1) * s, s);
    gl.Vertex3f(std::cos(p1), std::sin(p1), 0);
    gl.Normal3f(std::cos(0.5 * (p0 + p1)) * s, std::sin(0.5 * (p0 + p1)) * s, s);
    gl.Vertex3f(0, 0, 1);
  }
  gl.End();
  DrawDisk(slices, 0, false);
}

// a square grid of n x n quads over [-1, 1]^2 at z = 1, facing +z, then rotated by `axes`
// (the face's u, v and normal directions)
void DrawGridFace(int n, const float u[3], const float v[3], const float normal[3]) {
  gl.Normal3fv(normal);
  for (int i = 0; i < n; ++i) {
    float a0 = -1 + 2.0f * i / n, a1 = -1 + 2.0f * (i + 1) / n;
    gl.Begin(GL_QUAD_STRIP);
    for (int j = 0; j <= n; ++j) {
      float b = -1 + 2.0f * j / n;
      for (float a : {a0, a1}) {
        gl.Vertex3f(normal[0] + a * u[0] + b * v[0], normal[1] + a * u[1] + b * v[1],
                    normal[2] + a * u[2] + b * v[2]);
      }
    }
    gl.End();
  }
}

// the box [-1, 1]^3, each face an n x n grid, counter-clockwise seen from outside
void DrawBox(int n) {
  const float faces[6][3][3] = {
      {{0, 1, 0}, {0, 0, 1}, {1, 0, 0}},  {{0, 0, 1}, {0, 1, 0}, {-1, 0, 0}},
      {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}},  {{1, 0, 0}, {0, 0, 1}, {0, -1, 0}},
      {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},  {{0, 1, 0}, {1, 0, 0}, {0, 0, -1}}};
  for (const auto& face : faces) DrawGridFace(n, face[0], face[1], face[2]);
}

void Compile(GLuint list, void (*draw)(const Model&), const Model& m) {
  gl.NewList(list, GL_COMPILE);
  draw(m);
  gl.EndList();
}

int Slices(const Model& m) { return std::max(m.vis.quality.numslices, 3); }
int Stacks(const Model& m) { return std::max(m.vis.quality.numstacks, 1); }

}  // namespace

void MakeBuiltinLists(const Model& m, RenderContext& con) {
  con.rangeBuiltin = kNumBuiltin;
  con.baseBuiltin = gl.GenLists(kNumBuiltin);
  GLuint base = con.baseBuiltin;
  Compile(base + kBuiltinSphere, [](const Model& m) {
    DrawSphereBand(Slices(m), Stacks(m), 0, kPi);
  }, m);
  Compile(base + kBuiltinSphereTop, [](const Model& m) {
    DrawSphereBand(Slices(m), std::max(Stacks(m) / 2, 1), 0, kPi / 2);
  }, m);
  Compile(base + kBuiltinSphereBottom, [](const Model& m) {
    DrawSphereBand(Slices(m), std::max(Stacks(m) / 2, 1), kPi / 2, kPi);
  }, m);
  Compile(base + kBuiltinCylinder, [](const Model& m) {
    DrawCylinderSide(Slices(m), Stacks(m));
    DrawDisk(Slices(m), 1, true);
    DrawDisk(Slices(m), -1, false);
  }, m);
  Compile(base + kBuiltinCylinderOpen, [](const Model& m) {
    DrawCylinderSide(Slices(m), Stacks(m));
  }, m);
  Compile(base + kBuiltinDisk, [](const Model& m) { DrawDisk(Slices(m), 0, true); }, m);
  Compile(base + kBuiltinBox, [](const Model& m) {
    DrawBox(std::max(m.vis.quality.numquads, 1));
  }, m);
  Compile(base + kBuiltinCone, [](const Model& m) { DrawCone(Slices(m)); }, m);
}

namespace {
// half-extent of an infinite plane (size 0): the far clip distance
float PlaneHalfExtent(const Model& m, mjtNum size) {
  return size > 0 ? static_cast<float>(size) : static_cast<float>(m.vis.map.zfar * m.stat.extent);
}

// the grid lines of a plane's side of half-extent `half`: the centre, then every `cell` out to
// the edges; the last cell ends at the edge
std::vector<float> PlaneGridLines(float half, float cell) {
  int per_side = std::max(static_cast<int>(std::ceil(half / cell)), 1);
  std::vector<float> lines(2 * per_side + 1);
  for (int i = -per_side; i <= per_side; ++i) {
    lines[i + per_side] = std::clamp(i * cell, -half, half);  // the outermost: the edges
  }
  return lines;
}

// a plane side's quads: 2 spacing wide, at most 100 from the centre to an edge (measured on
// the reference's Gouraud bends with spacing 0.2: 0.4 apart up to half-extent 40, then half / 100:
// 0.5 at 50, 0.6 at 60, 1.0 at 100, each side on its own)
float PlaneCell(float half, float spacing) {
  return std::max(spacing > 0 ? 2 * spacing : half, half / 100);
}

// a plane of half-extents hx, hy facing +z, as quads of 2 spacing a side from its centre
// (measured: the reference's Gouraud-shaded plane under a spot light bends at x = 0 and at every
// multiple of 2 size[2], whatever the size; at least 2 quads a side)
void DrawPlane(float hx, float hy, float spacing) {
  std::vector<float> xs = PlaneGridLines(hx, PlaneCell(hx, spacing));
  std::vector<float> ys = PlaneGridLines(hy, PlaneCell(hy, spacing));
  gl.Normal3f(0, 0, 1);
  for (size_t i = 0; i + 1 < xs.size(); ++i) {
    gl.Begin(GL_QUAD_STRIP);
    for (float y : ys) {
      gl.TexCoord2f(xs[i], -y);
      gl.Vertex3f(xs[i], y, 0);
      gl.TexCoord2f(xs[i + 1], -y);
      gl.Vertex3f(xs[i + 1], y, 0);
    }
    gl.End();
  }
}
}  // namespace

void MakePlaneLists(const Model& m, RenderContext& con) {
  int nplane = 0;
  for (int g = 0; g < m.ngeom; ++g) nplane += m.geom_type[g] == mjGEOM_PLANE;
  // one list per model plane, then a unit plane for planes of the scene that are not the
  // model's (measured: the reference's rangePlane is the model's planes plus one)
  con.rangePlane = nplane + 1;
  con.basePlane = gl.GenLists(nplane + 1);
  gl.NewList(con.basePlane + nplane, GL_COMPILE);
  DrawPlane(1, 1, 1.0f / std::max(m.vis.quality.numquads, 1));
  gl.EndList();
  int plane = 0;
  for (int g = 0; g < m.ngeom; ++g) {
    if (m.geom_type[g] != mjGEOM_PLANE) continue;
    const mjtNum* size = m.geom_size + 3 * g;
    gl.NewList(con.basePlane + plane++, GL_COMPILE);
    DrawPlane(PlaneHalfExtent(m, size[0]), PlaneHalfExtent(m, size[1]),
              size[2] > 0 ? static_cast<float>(size[2]) : 0);
    gl.EndList();
  }
}

namespace {
// the mesh's triangles with their per-corner normals
void DrawMesh(const Model& m, int mesh) {
  const float* vert = m.mesh_vert + 3 * m.mesh_vertadr[mesh];
  const float* normal = m.mesh_normal + 3 * m.mesh_normaladr[mesh];
  const float* texcoord = m.mesh_texcoordadr[mesh] >= 0
                              ? m.mesh_texcoord + 2 * m.mesh_texcoordadr[mesh] : nullptr;
  gl.Begin(GL_TRIANGLES);
  for (int f = m.mesh_faceadr[mesh]; f < m.mesh_faceadr[mesh] + m.mesh_facenum[mesh]; ++f) {
    for (int k = 0; k < 3; ++k) {
      if (texcoord) gl.TexCoord2fv(texcoord + 2 * m.mesh_facetexcoord[3 * f + k]);
      gl.Normal3fv(normal + 3 * m.mesh_facenormal[3 * f + k]);
      gl.Vertex3fv(vert + 3 * m.mesh_face[3 * f + k]);
    }
  }
  gl.End();
}

// the convex hull's faces (from mesh_graph: numvert, numface, vert_edgeadr[numvert],
// vert_globalid[numvert], edge_localid[numvert + 3 numface], face_globalid[3 numface]), flat
void DrawHull(const Model& m, int mesh) {
  const int* graph = m.mesh_graph + m.mesh_graphadr[mesh];
  int numvert = graph[0], numface = graph[1];
  const int* faces = graph + 2 + 3 * numvert + 3 * numface;
  const float* vert = m.mesh_vert + 3 * m.mesh_vertadr[mesh];
  gl.Begin(GL_TRIANGLES);
  for (int f = 0; f < numface; ++f) {
    const float* p[3] = {vert + 3 * faces[3 * f], vert + 3 * faces[3 * f + 1],
                         vert + 3 * faces[3 * f + 2]};
    float a[3], b[3], n[3];
    for (int i = 0; i < 3; ++i) a[i] = p[1][i] - p[0][i], b[i] = p[2][i] - p[0][i];
    Cross(n, a, b);
    Normalize(n);
    gl.Normal3fv(n);
    for (const float* corner : p) gl.Vertex3fv(corner);
  }
  gl.End();
}
}  // namespace

void RecordMeshLists(const Model& m, const RenderContext& con, int mesh) {
  gl.NewList(con.baseMesh + 2 * mesh, GL_COMPILE);
  DrawMesh(m, mesh);
  gl.EndList();
  gl.NewList(con.baseMesh + 2 * mesh + 1, GL_COMPILE);
  if (m.mesh_graphadr[mesh] >= 0) DrawHull(m, mesh);
  gl.EndList();
}

void MakeMeshLists(const Model& m, RenderContext& con) {
  con.rangeMesh = 2 * m.nmesh;
  con.baseMesh = m.nmesh ? gl.GenLists(2 * m.nmesh) : 0;
  for (int mesh = 0; mesh < m.nmesh; ++mesh) RecordMeshLists(m, con, mesh);
}

namespace {
// a triangle facing along `outward` (its corners swapped when they turn the other way)
void OrientedTriangle(const float a[3], const float b[3], const float c[3], const float outward[3]) {
  float u[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]}, v[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
  float n[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
  bool flip = n[0] * outward[0] + n[1] * outward[1] + n[2] * outward[2] < 0;
  gl.Vertex3fv(a);
  gl.Vertex3fv(flip ? c : b);
  gl.Vertex3fv(flip ? b : c);
}

// a wall from the base up to the elevation profile along one edge: corners (x, y) of the edge's
// samples, their tops, facing `outward`
template <typename Top>
void DrawWall(int count, float x0, float y0, float dx, float dy, float base, Top top,
              const float outward[3]) {
  gl.Normal3fv(outward);
  gl.Begin(GL_TRIANGLES);
  for (int i = 0; i + 1 < count; ++i) {
    float x1 = x0 + dx * i, y1 = y0 + dy * i, x2 = x1 + dx, y2 = y1 + dy;
    float bottom1[3] = {x1, y1, base}, bottom2[3] = {x2, y2, base};
    float top1[3] = {x1, y1, top(i)}, top2[3] = {x2, y2, top(i + 1)};
    OrientedTriangle(bottom1, bottom2, top2, outward);
    OrientedTriangle(bottom1, top2, top1, outward);
  }
  gl.End();
}

// the four sides and the base of a height field's box
template <typename Elevation>
void DrawHFieldSides(const mjtNum* size, int nrow, int ncol, Elevation z) {
  float hx = size[0], hy = size[1], base = -static_cast<float>(size[3]);
  float dx = 2 * hx / (ncol - 1), dy = 2 * hy / (nrow - 1);
  const float south[3] = {0, -1, 0}, north[3] = {0, 1, 0}, west[3] = {-1, 0, 0}, east[3] = {1, 0, 0};
  DrawWall(ncol, -hx, -hy, dx, 0, base, [&](int c) { return z(0, c); }, south);
  DrawWall(ncol, -hx, hy, dx, 0, base, [&](int c) { return z(nrow - 1, c); }, north);
  DrawWall(nrow, -hx, -hy, 0, dy, base, [&](int r) { return z(r, 0); }, west);
  DrawWall(nrow, hx, -hy, 0, dy, base, [&](int r) { return z(r, ncol - 1); }, east);
  gl.Normal3f(0, 0, -1);
  gl.Begin(GL_QUADS);
  gl.Vertex3f(-hx, -hy, base);
  gl.Vertex3f(-hx, hy, base);
  gl.Vertex3f(hx, hy, base);
  gl.Vertex3f(hx, -hy, base);
  gl.End();
}

// the elevation surface of a height field (rows along y, columns along x, elevations scaled by
// the top height), with normals from the neighbouring samples, and its base
void DrawHField(const Model& m, int h) {
  int nrow = m.hfield_nrow[h], ncol = m.hfield_ncol[h];
  const float* data = m.hfield_data + m.hfield_adr[h];
  const mjtNum* size = m.hfield_size + 4 * h;
  float dx = 2 * size[0] / (ncol - 1), dy = 2 * size[1] / (nrow - 1);
  auto z = [&](int r, int c) {
    return static_cast<float>(size[2]) * data[std::clamp(r, 0, nrow - 1) * ncol + std::clamp(c, 0, ncol - 1)];
  };
  auto vertex = [&](int r, int c) {
    float nx = (z(r, c - 1) - z(r, c + 1)) / (2 * dx), ny = (z(r - 1, c) - z(r + 1, c)) / (2 * dy);
    float length = std::sqrt(nx * nx + ny * ny + 1);
    gl.Normal3f(nx / length, ny / length, 1 / length);
    float x = -size[0] + c * dx, y = -size[1] + r * dy;
    gl.TexCoord2f(x, -y);
    gl.Vertex3f(x, y, z(r, c));
  };
  // each cell two triangles split along its diagonal from (r, c) to (r + 1, c + 1) (measured:
  // the reference's depth on random 4x5 and 5x4 fields follows that diagonal in every cell)
  gl.Begin(GL_TRIANGLES);
  for (int r = 0; r + 1 < nrow; ++r) {
    for (int c = 0; c + 1 < ncol; ++c) {
      vertex(r, c), vertex(r, c + 1), vertex(r + 1, c + 1);
      vertex(r, c), vertex(r + 1, c + 1), vertex(r + 1, c);
    }
  }
  gl.End();
  DrawHFieldSides(size, nrow, ncol, z);
}

}  // namespace
void MakeHFieldLists(const Model& m, RenderContext& con) {
  con.rangeHField = m.nhfield;
  con.baseHField = m.nhfield ? gl.GenLists(m.nhfield) : 0;
  for (int h = 0; h < m.nhfield; ++h) RecordHFieldList(m, con, h);
}

void RecordHFieldList(const Model& m, const RenderContext& con, int h) {
  gl.NewList(con.baseHField + h, GL_COMPILE);
  if (m.hfield_nrow[h] >= 2 && m.hfield_ncol[h] >= 2) DrawHField(m, h);
  gl.EndList();
}

}  // namespace mjsim
