// meshes.cc: compiler stage for mesh assets (checklist B.6): read each mesh (inline or file),
// transform its vertices (refpos, refquat, scale), build the convex hull where needed, compute
// volume, centre and principal inertia, and move the vertices into that principal frame.
//   reads   Spec::meshes, the geoms that use them (collision geoms need the hull)
//   writes  nmesh* sizes, mesh_* arrays; mesh geoms take frame, size and mass from here
#include "compiler/meshes.h"
#include "util/paths.h"

#include <algorithm>
#include <cmath>

#include "compiler/stages.h"
#include "mjsim/errors.h"
#include "util/math3.h"

namespace mjsim {
std::string MeshName(const SpecMesh& mesh) { return mesh.name.empty() ? FileStem(mesh.file) : mesh.name; }

namespace {

[[noreturn]] void FailMesh(const CompileContext& ctx, int id, const std::string& message) {
  const SpecMesh& mesh = ctx.spec.meshes[id];
  std::string text = message;
  if (!mesh.file.empty()) text += " (file '" + mesh.file + "')";
  ctx.Fail("mesh", MeshName(mesh), id, mesh.source, text);
}

MeshData LoadMeshData(const CompileContext& ctx, int id) {
  const SpecMesh& mesh = ctx.spec.meshes[id];
  MeshData data;
  if (!mesh.file.empty()) {
    if (!mesh.vertex.empty() || !mesh.face.empty()) {
      FailMesh(ctx, id, "vertex and face data cannot be given together with a file");
    }
    MeshFileFormat format = MeshFormatOf(mesh.file, mesh.content_type);
    if (format == MeshFileFormat::kUnknown) {
      FailMesh(ctx, id, "unknown mesh file type: expected .stl, .obj or .msh (or content_type "
                        "model/stl, model/obj, model/vnd.mujoco.msh), got content_type '" + mesh.content_type + "'");
    }
    std::string bytes = ctx.ReadAssetFile(mesh.file, ctx.spec.compiler.meshdir, "mesh", MeshName(mesh), id, mesh.source);
    try {
      ReadMeshFile(bytes, format, data);
    } catch (const MeshFileError& error) {
      FailMesh(ctx, id, error.what());
    }
  } else {
    data.vert = mesh.vertex;
    data.face = mesh.face;
  }
  if (!mesh.normal.empty()) data.normal = mesh.normal;
  if (!mesh.texcoord.empty()) data.texcoord = mesh.texcoord;
  return data;
}

void CheckMeshData(const CompileContext& ctx, int id, const MeshData& data) {
  if (data.vert.size() % 3) FailMesh(ctx, id, "vertex data must be a multiple of 3, got " + std::to_string(data.vert.size()));
  if (data.normal.size() % 3) FailMesh(ctx, id, "normal data must be a multiple of 3, got " + std::to_string(data.normal.size()));
  if (data.texcoord.size() % 2) FailMesh(ctx, id, "texcoord data must be a multiple of 2, got " + std::to_string(data.texcoord.size()));
  if (data.face.size() % 3) FailMesh(ctx, id, "face data must be a multiple of 3, got " + std::to_string(data.face.size()));
  int nvert = static_cast<int>(data.vert.size() / 3);
  if (nvert < 4) FailMesh(ctx, id, "at least 4 vertices required, got " + std::to_string(nvert));
  for (size_t i = 0; i < data.face.size(); ++i) {
    if (data.face[i] < 0 || data.face[i] >= nvert) {
      FailMesh(ctx, id, "in face " + std::to_string(i / 3) + ", vertex index " + std::to_string(data.face[i]) +
                            " does not exist (the mesh has " + std::to_string(nvert) + " vertices)");
    }
  }
  for (float value : data.vert) {
    if (!std::isfinite(value)) FailMesh(ctx, id, "vertex coordinates must be finite");
  }
}

// A scale with negative determinant mirrors a mesh file: each triangle's winding is reversed
// (corners 1 and 2 swap) so that faces stay outward, in the vertex and normal faces and in the
// texcoord faces the file gives. Per-vertex texcoords (MSH) keep the faces as written, and
// inline meshes are not changed at all (measured).
void ReverseWindingIfMirrored(const SpecMesh& mesh, MeshData& data) {
  if (mesh.file.empty() || mesh.scale[0] * mesh.scale[1] * mesh.scale[2] >= 0) return;
  bool per_vertex_texcoords = !data.texcoord.empty() && data.facetexcoord.empty();
  if (per_vertex_texcoords) data.facetexcoord = data.face;  // before the swap
  std::vector<std::vector<int>*> mirrored = {&data.face, &data.facenormal};
  if (!per_vertex_texcoords) mirrored.push_back(&data.facetexcoord);
  for (std::vector<int>* faces : mirrored) {
    for (size_t f = 0; f + 2 < faces->size(); f += 3) std::swap((*faces)[f + 1], (*faces)[f + 2]);
  }
}

// v -> scale * conj(refquat) (v - refpos), in double precision
std::vector<mjtNum> TransformVertices(const SpecMesh& mesh, const std::vector<float>& vert) {
  mjtNum refquat[4], inverse[4];
  Copy4(refquat, mesh.refquat);
  NormalizeQuatByDivision(refquat);
  ConjugateQuat(inverse, refquat);
  std::vector<mjtNum> out(vert.size());
  for (size_t v = 0; v < vert.size(); v += 3) {
    mjtNum p[3] = {vert[v] - mesh.refpos[0], vert[v + 1] - mesh.refpos[1], vert[v + 2] - mesh.refpos[2]};
    RotateVecByQuat(p, p, inverse);
    for (int i = 0; i < 3; ++i) out[v + i] = p[i] * mesh.scale[i];
  }
  return out;
}

// normals: n -> normalize(scale * conj(refquat) n)
std::vector<mjtNum> TransformNormals(const SpecMesh& mesh, const std::vector<float>& normal) {
  mjtNum refquat[4], inverse[4];
  Copy4(refquat, mesh.refquat);
  NormalizeQuatByDivision(refquat);
  ConjugateQuat(inverse, refquat);
  std::vector<mjtNum> out(normal.size());
  for (size_t v = 0; v + 2 < normal.size(); v += 3) {
    mjtNum n[3] = {normal[v], normal[v + 1], normal[v + 2]};
    RotateVecByQuat(n, n, inverse);
    for (int i = 0; i < 3; ++i) n[i] *= mesh.scale[i];  // as the reference (observed), not the inverse
    Normalize3(n);
    Copy3(&out[v], n);
  }
  return out;
}

bool InContactPair(const CompileContext& ctx, const std::string& geom_name) {
  if (geom_name.empty()) return false;
  for (const SpecPair& pair : ctx.spec.pairs) {
    if (pair.geom1 == geom_name || pair.geom2 == geom_name) return true;
  }
  return false;
}

// a collision geom (contype or conaffinity set, or named by a contact pair: measured, a
// contype="0" conaffinity="0" mesh geom in a <pair> gets the hull) that uses the mesh needs
// its convex hull
bool UsedForCollision(const CompileContext& ctx, const std::string& name) {
  for (const SpecGeom* geom : ctx.geoms) {
    if (geom->type != mjGEOM_MESH || geom->mesh != name) continue;
    if (geom->contype || geom->conaffinity || InContactPair(ctx, geom->name)) return true;
  }
  return false;
}

// volume, centre and principal inertia; the vertices move into the principal frame
void ComputeMeshFrame(const CompileContext& ctx, int id, MeshInfo& info, const std::vector<int>& inertia_faces) {
  MeshInertiaResult result = ComputeMeshInertia(info.vert, inertia_faces, info.face, info.inertia_mode);
  bool is_signed = info.inertia_mode == kMeshInertiaExact || info.inertia_mode == kMeshInertiaConvex;
  if (is_signed && result.measure < 0) {
    FailMesh(ctx, id, "mesh volume is negative (misoriented triangles)");
  }
  if (!(result.measure >= mjMINVAL)) {
    FailMesh(ctx, id, info.inertia_mode == kMeshInertiaShell
                          ? "mesh surface area is too small"
                          : "mesh volume is too small; try setting inertia to shell");
  }
  info.volume = result.measure;
  Copy3(info.pos, result.center);
  Eig3(info.inertia, info.quat, result.inertia);  // per unit density
  mjtNum R[9];
  QuatToMat(R, info.quat);
  for (size_t v = 0; v < info.vert.size(); v += 3) {
    mjtNum p[3];
    Sub3(p, &info.vert[v], info.pos);
    MulMatTVec3(&info.vert[v], R, p);
    for (int i = 0; i < 3; ++i) info.halfsize[i] = std::max(info.halfsize[i], std::fabs(info.vert[v + i]));
  }
}

MeshInfo ProcessMesh(const CompileContext& ctx, int id) {
  const SpecMesh& mesh = ctx.spec.meshes[id];
  MeshData data = LoadMeshData(ctx, id);
  CheckMeshData(ctx, id, data);
  ReverseWindingIfMirrored(mesh, data);
  MeshInfo info;
  info.path = mesh.file;
  info.inertia_mode = mesh.inertia;
  Copy3(info.scale, mesh.scale);
  info.vert = TransformVertices(mesh, data.vert);
  info.face = data.face;
  bool point_cloud = info.face.empty();
  // the hull is stored for point clouds, collision meshes, and meshes whose inertia it gives
  bool keep_hull = point_cloud || mesh.inertia == kMeshInertiaConvex || UsedForCollision(ctx, MeshName(mesh));
  MeshHull hull;
  if (keep_hull) {
    try {
      // the hull is found on the vertices as given (its faces stay valid under the affine
      // transform; qhull's vertex order, hence mesh_graph, follows the input)
      hull = ConvexHull(std::vector<mjtNum>(data.vert.begin(), data.vert.end()), mesh.maxhullvert);
    } catch (const MeshFileError& error) {
      FailMesh(ctx, id, error.what());
    }
  }
  if (point_cloud) info.face = hull.faces;
  // per-vertex normals and texcoords (inline, MSH, point clouds): face corners use their vertex's
  if (!data.normal.empty() && data.facenormal.empty()) data.facenormal = info.face;
  if (!data.texcoord.empty() && data.facetexcoord.empty()) data.facetexcoord = info.face;
  // polygons are found and ordered (by their normals) on the vertices as given; their normals
  // are those of their loops' first three vertices in the mesh frame
  std::vector<mjtNum> given(data.vert.begin(), data.vert.end());
  const std::vector<int>& polygon_faces = keep_hull ? hull.faces : info.face;
  // hull faces are grouped by qhull's facet normals (measured: their last bits decide ties)
  info.polygons = MergePolygons(given, polygon_faces, keep_hull ? hull.normals : std::vector<mjtNum>());
  if (data.normal.empty()) {
    // normals are computed on the vertices as given, then transformed as given normals are
    std::vector<mjtNum> computed = VertexNormals(given, info.face, mesh.smoothnormal);
    data.normal.assign(computed.begin(), computed.end());
  }
  ComputeMeshFrame(ctx, id, info, mesh.inertia == kMeshInertiaConvex ? hull.faces : info.face);
  mjtNum R[9];
  QuatToMat(R, info.quat);
  // normals: through the asset transform, then into the mesh frame
  std::vector<mjtNum> normals = TransformNormals(mesh, data.normal);
  data.normal.clear();
  {
    for (size_t i = 0; i < normals.size(); i += 3) {
      mjtNum n[3], stored[3];  // the asset-frame normal is stored in single precision first
      for (int k = 0; k < 3; ++k) stored[k] = static_cast<float>(normals[i + k]);
      MulMatTVec3(n, R, stored);
      for (int k = 0; k < 3; ++k) data.normal.push_back(static_cast<float>(n[k]));
    }
  }
  for (size_t p = 0; p < info.polygons.polygons.size(); ++p) {
    PolygonNormal(info.vert, info.polygons.polygons[p], &info.polygons.normals[3 * p]);
  }
  if (keep_hull) info.graph = hull.graph;
  info.normal = data.normal;
  info.facenormal = data.facenormal;
  info.texcoord = data.texcoord;
  info.facetexcoord = data.facetexcoord;
  return info;
}

}  // namespace

void CollectMeshes(CompileContext& ctx, Model& m) {
  const ElementList<SpecMesh>& meshes = ctx.spec.meshes;
  std::vector<std::string> names, paths;
  for (const SpecMesh& mesh : meshes) {
    names.push_back(MeshName(mesh));
    paths.push_back(mesh.file);
    if (names.back().empty()) FailMesh(ctx, static_cast<int>(names.size()) - 1, "a mesh needs a name (or a file to take it from)");
  }
  ctx.RegisterNames(mjOBJ_MESH, names);
  ctx.RegisterPaths(mjOBJ_MESH, paths);
  ctx.meshes.clear();
  for (int id = 0; id < static_cast<int>(meshes.size()); ++id) ctx.meshes.push_back(ProcessMesh(ctx, id));
  m.nmesh = static_cast<int>(meshes.size());
  for (const MeshInfo& info : ctx.meshes) {
    m.nmeshvert += static_cast<int>(info.vert.size() / 3);
    m.nmeshface += static_cast<int>(info.face.size() / 3);
    m.nmeshnormal += static_cast<int>(info.normal.size() / 3);
    m.nmeshtexcoord += static_cast<int>(info.texcoord.size() / 2);
    m.nmeshgraph += static_cast<int>(info.graph.size());
    m.nmeshpoly += static_cast<int>(info.polygons.polygons.size());
    for (const std::vector<int>& polygon : info.polygons.polygons) {
      m.nmeshpolyvert += static_cast<int>(polygon.size());
      m.nmeshpolymap += static_cast<int>(polygon.size());
    }
  }
}

namespace {

// mesh_poly*: polygons, their vertices, and per mesh vertex the polygons that use it
void FillMeshPolygons(Model& m, int id, const MeshInfo& info, int& poly, int& polyvert, int& polymap) {
  const MeshPolygons& polygons = info.polygons;
  m.mesh_polyadr[id] = poly;
  m.mesh_polynum[id] = static_cast<int>(polygons.polygons.size());
  int nvert = static_cast<int>(info.vert.size() / 3);
  std::vector<std::vector<int>> users(nvert);
  for (size_t p = 0; p < polygons.polygons.size(); ++p) {
    const std::vector<int>& polygon = polygons.polygons[p];
    m.mesh_polyvertadr[poly + p] = polyvert;
    m.mesh_polyvertnum[poly + p] = static_cast<int>(polygon.size());
    for (int i = 0; i < 3; ++i) m.mesh_polynormal[3 * (poly + p) + i] = polygons.normals[3 * p + i];
    for (int v : polygon) {
      m.mesh_polyvert[polyvert++] = v;
      users[v].push_back(static_cast<int>(p));
    }
  }
  for (int v = 0; v < nvert; ++v) {
    int vert = m.mesh_vertadr[id] + v;
    m.mesh_polymapadr[vert] = polymap;
    m.mesh_polymapnum[vert] = static_cast<int>(users[v].size());
    for (int p : users[v]) m.mesh_polymap[polymap++] = p;
  }
  poly += static_cast<int>(polygons.polygons.size());
}

}  // namespace

void FillMeshes(CompileContext& ctx, Model& m) {
  int vert = 0, face = 0, normal = 0, texcoord = 0, graph = 0, poly = 0, polyvert = 0, polymap = 0;
  for (int id = 0; id < m.nmesh; ++id) {
    const MeshInfo& info = ctx.meshes[id];
    int nvert = static_cast<int>(info.vert.size() / 3), nface = static_cast<int>(info.face.size() / 3);
    int nnormal = static_cast<int>(info.normal.size() / 3), ntexcoord = static_cast<int>(info.texcoord.size() / 2);
    m.mesh_vertadr[id] = vert;
    m.mesh_vertnum[id] = nvert;
    m.mesh_faceadr[id] = face;
    m.mesh_facenum[id] = nface;
    m.mesh_normaladr[id] = normal;
    m.mesh_normalnum[id] = nnormal;
    m.mesh_texcoordadr[id] = ntexcoord ? texcoord : -1;
    m.mesh_texcoordnum[id] = ntexcoord;
    m.mesh_graphadr[id] = info.graph.empty() ? -1 : graph;
    for (int i = 0; i < 3 * nvert; ++i) m.mesh_vert[3 * vert + i] = static_cast<float>(info.vert[i]);
    for (int i = 0; i < 3 * nface; ++i) {
      m.mesh_face[3 * face + i] = info.face[i];
      m.mesh_facenormal[3 * face + i] = info.facenormal.empty() ? info.face[i] : info.facenormal[i];
      m.mesh_facetexcoord[3 * face + i] = info.facetexcoord.empty() ? 0 : info.facetexcoord[i];
    }
    std::copy(info.normal.begin(), info.normal.end(), m.mesh_normal + 3 * normal);
    std::copy(info.texcoord.begin(), info.texcoord.end(), m.mesh_texcoord + 2 * texcoord);
    std::copy(info.graph.begin(), info.graph.end(), m.mesh_graph + graph);
    Copy3(m.mesh_scale + 3 * id, info.scale);
    Copy3(m.mesh_pos + 3 * id, info.pos);
    Copy4(m.mesh_quat + 4 * id, info.quat);
    FillMeshPolygons(m, id, info, poly, polyvert, polymap);
    vert += nvert;
    face += nface;
    normal += nnormal;
    texcoord += ntexcoord;
    graph += static_cast<int>(info.graph.size());
  }
}

namespace {

// a primitive geom with a mesh: the primitive fitted to the mesh's equivalent inertia box or
// (compiler fitaabb) to its bounding box, scaled by fitscale; `center` is the fitted frame's
// offset in the mesh frame
void FitPrimitive(const MeshInfo& info, int type, bool aabb, mjtNum size[3], mjtNum center[3]) {
  mjtNum half[3];
  Zero3(center);
  if (aabb) {
    mjtNum lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (size_t v = 0; v < info.vert.size(); v += 3) {
      for (int i = 0; i < 3; ++i) {
        lo[i] = std::min(lo[i], info.vert[v + i]);
        hi[i] = std::max(hi[i], info.vert[v + i]);
      }
    }
    for (int i = 0; i < 3; ++i) {
      center[i] = (lo[i] + hi[i]) / 2;
      half[i] = (hi[i] - lo[i]) / 2;
    }
  } else {
    // box with the same inertia per unit mass: I_xx = (b^2 + c^2) / 3, and cyclically
    const mjtNum* I = info.inertia;
    for (int i = 0; i < 3; ++i) {
      mjtNum twice = I[(i + 1) % 3] + I[(i + 2) % 3] - I[i];
      half[i] = std::sqrt(std::max(mjtNum(0), 3 * twice / (2 * info.volume)));
    }
  }
  Zero3(size);
  switch (type) {
    case mjGEOM_SPHERE:
      size[0] = aabb ? std::max(half[0], std::max(half[1], half[2])) : (half[0] + half[1] + half[2]) / 3;
      break;
    case mjGEOM_CAPSULE:
    case mjGEOM_CYLINDER:
      size[0] = aabb ? std::max(half[0], half[1]) : (half[0] + half[1]) / 2;
      size[1] = half[2];
      if (type == mjGEOM_CAPSULE) size[1] -= aabb ? size[0] : size[0] / 2;
      break;
    default:  // box, ellipsoid
      Copy3(size, half);
  }
}

}  // namespace

void ResolveMeshGeom(const CompileContext& ctx, int mesh, const SpecGeom& geom, mjtNum size[3],
                     mjtNum pos[3], mjtNum quat[4]) {
  const MeshInfo& info = ctx.meshes[mesh];
  if (geom.type == mjGEOM_MESH && geom.shellinertia) {
    ctx.Fail("geom", geom.name, -1, geom.source,
             "shellinertia cannot be set on a mesh geom: set inertia=\"shell\" on the mesh asset");
  }
  mjtNum offset[3];  // the fitted frame in the geom's frame
  Copy3(offset, info.pos);
  if (geom.type == mjGEOM_MESH) {
    Copy3(size, info.halfsize);
  } else {
    mjtNum center[3], rotated[3];
    FitPrimitive(info, geom.type, ctx.spec.compiler.fitaabb.value_or(0), size, center);
    for (int i = 0; i < 3; ++i) size[i] *= geom.fitscale;
    RotateVecByQuat(rotated, center, info.quat);
    AddTo3(offset, rotated);
  }
  // the geom frame moves to the mesh frame: pos += R(quat) offset, quat = quat * mesh_quat
  RotateVecByQuat(offset, offset, quat);
  AddTo3(pos, offset);
  MulQuat(quat, quat, info.quat);
}

MassProperties MeshGeomMassProperties(const CompileContext& ctx, int mesh, const SpecGeom& geom,
                                      const mjtNum pos[3], const mjtNum quat[4]) {
  const MeshInfo& info = ctx.meshes[mesh];
  MassProperties part;
  part.mass = geom.mass ? *geom.mass : geom.density * info.volume;
  mjtNum density = geom.mass ? *geom.mass / info.volume : geom.density;
  for (int i = 0; i < 3; ++i) part.inertia[i] = info.inertia[i] * density;
  Copy3(part.pos, pos);
  Copy4(part.quat, quat);
  return part;
}

}  // namespace mjsim
