// fields/mesh.h: Model and Data arrays of meshes: vertices, faces, convex hull graph, polygons; written by compiler/meshes.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_MESH_SIZES(X)                                                        \
  X(nmeshvert,     "number of vertices in all meshes")                            \
  X(nmeshnormal,   "number of normals in all meshes")                             \
  X(nmeshtexcoord, "number of texcoords in all meshes")                           \
  X(nmeshface,     "number of triangular faces in all meshes")                    \
  X(nmeshgraph,    "number of ints in mesh auxiliary data")                       \
  X(nmeshpoly,     "number of polygons in all meshes")                            \
  X(nmeshpolyvert, "number of vertices in all polygons")                          \
  X(nmeshpolymap,  "number of polygons in vertex map")

//     type    name               rows           cols  doc
#define MJSIM_MESH_FIELDS(X)                                                                   \
  X(int,    mesh_vertadr,      nmesh,         1,  "first vertex address (meshes.cc)")          \
  X(int,    mesh_vertnum,      nmesh,         1,  "number of vertices (meshes.cc)")            \
  X(int,    mesh_faceadr,      nmesh,         1,  "first face address (meshes.cc)")            \
  X(int,    mesh_facenum,      nmesh,         1,  "number of faces (meshes.cc)")               \
  X(int,    mesh_normaladr,    nmesh,         1,  "first normal address (meshes.cc)")          \
  X(int,    mesh_normalnum,    nmesh,         1,  "number of normals (meshes.cc)")             \
  X(int,    mesh_texcoordadr,  nmesh,         1,  "texcoord data address; -1: no texcoord (meshes.cc)") \
  X(int,    mesh_texcoordnum,  nmesh,         1,  "number of texcoord (meshes.cc)")            \
  X(int,    mesh_graphadr,     nmesh,         1,  "graph data address; -1: no graph (meshes.cc)") \
  X(float,  mesh_vert,         nmeshvert,     3,  "vertex positions for all meshes (meshes.cc)") \
  X(float,  mesh_normal,       nmeshnormal,   3,  "normals for all meshes (meshes.cc)")        \
  X(float,  mesh_texcoord,     nmeshtexcoord, 2,  "vertex texcoords for all meshes (meshes.cc)") \
  X(int,    mesh_face,         nmeshface,     3,  "vertex face data (meshes.cc)")              \
  X(int,    mesh_facenormal,   nmeshface,     3,  "normal face data (meshes.cc)")              \
  X(int,    mesh_facetexcoord, nmeshface,     3,  "texture face data (meshes.cc)")             \
  X(int,    mesh_graph,        nmeshgraph,    1,  "convex graph data (meshes.cc)")             \
  X(mjtNum, mesh_scale,        nmesh,         3,  "scaling applied to asset vertices (meshes.cc)") \
  X(mjtNum, mesh_pos,          nmesh,         3,  "translation applied to asset vertices (meshes.cc)") \
  X(mjtNum, mesh_quat,         nmesh,         4,  "rotation applied to asset vertices (meshes.cc)") \
  X(int,    mesh_polynum,      nmesh,         1,  "number of polygons per mesh (meshes.cc)")   \
  X(int,    mesh_polyadr,      nmesh,         1,  "first polygon address per mesh (meshes.cc)") \
  X(mjtNum, mesh_polynormal,   nmeshpoly,     3,  "all polygon normals (meshes.cc)")           \
  X(int,    mesh_polyvertadr,  nmeshpoly,     1,  "polygon vertex start address (meshes.cc)")  \
  X(int,    mesh_polyvertnum,  nmeshpoly,     1,  "number of vertices per polygon (meshes.cc)") \
  X(int,    mesh_polyvert,     nmeshpolyvert, 1,  "all polygon vertices (meshes.cc)")          \
  X(int,    mesh_polymapadr,   nmeshvert,     1,  "first polygon address per vertex (meshes.cc)") \
  X(int,    mesh_polymapnum,   nmeshvert,     1,  "number of polygons per vertex (meshes.cc)") \
  X(int,    mesh_polymap,      nmeshpolymap,  1,  "vertex to polygon map (meshes.cc)")

#define MJSIM_MESH_DATA_FIELDS(X)
