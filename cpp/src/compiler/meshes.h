// meshes.h: mesh assets as the compiler stages see them (compiler/meshes.cc, mesh_files.cc,
// mesh_geometry.cc).
#pragma once
#include <array>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "compiler/context.h"
#include "compiler/mass.h"

namespace mjsim {

// A mesh's arrays as read (file or inline), before any transformation.
struct MeshData {
  std::vector<float> vert;          // 3 per vertex
  std::vector<float> normal;        // 3 per normal
  std::vector<float> texcoord;      // 2 per texcoord
  std::vector<int> face;            // 3 vertex ids per triangle
  std::vector<int> facenormal;      // 3 normal ids per triangle, or empty
  std::vector<int> facetexcoord;    // 3 texcoord ids per triangle, or empty
};

// A bad mesh file; the compiler adds the mesh and file names.
class MeshFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class MeshFileFormat { kUnknown, kStl, kObj, kMsh };
// the name geoms use for a mesh: its name, else its file name without directory and extension
std::string MeshName(const SpecMesh& mesh);

MeshFileFormat MeshFormatOf(const std::string& file, const std::string& content_type);
void ReadMeshFile(const std::string& bytes, MeshFileFormat format, MeshData& data);  // mesh_files.cc

// The convex hull of a point set (qhull "Qt"): hull vertices (ids into the points) in qhull's
// vertex order, outward-oriented triangles, and the mesh_graph record.
struct MeshHull {
  std::vector<int> vertices;
  std::vector<int> faces;
  std::vector<mjtNum> normals;  // per face: qhull's outward facet normal (3 each)
  std::vector<int> graph;  // numvert, numface, vert_edgeadr, vert_globalid, edge_localid, face_globalid
};
// Fails with MeshFileError("qhull error ...") for degenerate (flat) point sets.
MeshHull ConvexHull(const std::vector<mjtNum>& vert, int maxhullvert);  // mesh_geometry.cc

// Volume (or area for shell), centre and inertia (about the centre, per unit density) of a
// triangle surface `face` for one mjtMeshInertia mode. The tetrahedra share one apex: the
// area-weighted centroid of `apex_face` (the mesh's own faces, also when `face` is its convex
// hull: observed bit for bit on the reference's centres).
struct MeshInertiaResult {
  mjtNum measure = 0;  // volume; area for shell
  mjtNum center[3] = {0, 0, 0};
  mjtNum inertia[9] = {0};  // full matrix about center, per unit density
};
MeshInertiaResult ComputeMeshInertia(const std::vector<mjtNum>& vert, const std::vector<int>& face,
                                     const std::vector<int>& apex_face, int mode);  // mesh_geometry.cc

// Per-vertex unit normals: area-weighted average of the adjacent faces' normals; without
// `smooth`, faces at a large angle to that average are left out (sharp edges stay sharp).
std::vector<mjtNum> VertexNormals(const std::vector<mjtNum>& vert, const std::vector<int>& face, bool smooth);

// Faces merged into polygons (mesh_poly*): grouped by near normals in the reference's ordered
// map, joined across shared edges (the measured rule: see mesh_geometry.cc).
struct MeshPolygons {
  std::vector<std::vector<int>> polygons;  // vertex ids, in order around the polygon
  std::vector<mjtNum> normals;             // 3 per polygon (PolygonNormal)
};
// normal of a polygon: that of its loop's first three vertices (as measured, even when those are
// nearly collinear)
void PolygonNormal(const std::vector<mjtNum>& vert, const std::vector<int>& loop, mjtNum n[3]);
// face_normals: per face, the normal that groups it (qhull's facet normals for hull faces);
// empty: computed by FaceNormal
MeshPolygons MergePolygons(const std::vector<mjtNum>& vert, const std::vector<int>& face,
                           const std::vector<mjtNum>& face_normals = {});

// What CollectMeshes computes per mesh and FillGeoms/FillMeshes read.
struct MeshInfo {
  std::vector<mjtNum> vert;       // in the mesh frame (centred at the centre of mass, principal axes)
  std::vector<int> face;
  std::vector<float> normal;
  std::vector<int> facenormal;
  std::vector<float> texcoord;
  std::vector<int> facetexcoord;
  std::vector<int> graph;         // empty: no convex hull stored
  MeshPolygons polygons;
  mjtNum scale[3] = {1, 1, 1};
  mjtNum pos[3] = {0, 0, 0};      // mesh frame in the asset's frame
  mjtNum quat[4] = {1, 0, 0, 0};
  mjtNum volume = 0;              // volume (shell: area) of the inertia mode
  mjtNum inertia[3] = {0, 0, 0};  // principal inertia per unit density
  mjtNum halfsize[3] = {0, 0, 0}; // largest |vertex coordinate| per axis in the mesh frame
  int inertia_mode = 0;
  std::string path;
};

// A mesh geom takes its frame and size from its mesh (as the reference: the geom frame moves to
// the mesh's inertial frame; the size is that of the mesh's equivalent inertia box, or its
// bounding box with fitaabb). Called by FillGeoms with the geom's own pos/quat already resolved.
void ResolveMeshGeom(const CompileContext& ctx, int mesh, const SpecGeom& geom, mjtNum size[3],
                     mjtNum pos[3], mjtNum quat[4]);

// Mass properties of a mesh geom with the given mass (per the geom's mass or density), about
// the resolved geom frame.
MassProperties MeshGeomMassProperties(const CompileContext& ctx, int mesh, const SpecGeom& geom,
                                      const mjtNum pos[3], const mjtNum quat[4]);

}  // namespace mjsim
