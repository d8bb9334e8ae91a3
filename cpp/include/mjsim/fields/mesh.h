// fields/mesh.h: Model and Data arrays of meshes: vertices, faces, convex hull graph, polygons; written by compiler/meshes.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_MESH_SIZES(X)                                                        \
  X(nmeshvert,     "vertices of all meshes")                            \
  X(nmeshnormal,   "normals of all meshes")                             \
  X(nmeshtexcoord, "texture coordinates of all meshes")                           \
  X(nmeshface,     "triangles of all meshes")                    \
  X(nmeshgraph,    "ints in mesh_graph (convex-hull graphs)")                       \
  X(nmeshpoly,     "polygons of all meshes")                            \
  X(nmeshpolyvert, "polygon corners of all meshes")                          \
  X(nmeshpolymap,  "entries of mesh_polymap")

//     type    name               rows           cols  doc
#define MJSIM_MESH_FIELDS(X)                                                                   \
  X(int,    mesh_vertadr,      nmesh,         1,  "first vertex address (meshes.cc)")          \
  X(int,    mesh_vertnum,      nmesh,         1,  "number of vertices (meshes.cc)")            \
  X(int,    mesh_faceadr,      nmesh,         1,  "first face address (meshes.cc)")            \
  X(int,    mesh_facenum,      nmesh,         1,  "number of faces (meshes.cc)")               \
  X(int,    mesh_normaladr,    nmesh,         1,  "first normal address (meshes.cc)")          \
  X(int,    mesh_normalnum,    nmesh,         1,  "number of normals (meshes.cc)")             \
  X(int,    mesh_texcoordadr,  nmesh,         1,  "first texture coordinate of the mesh; -1 without any (meshes.cc)") \
  X(int,    mesh_texcoordnum,  nmesh,         1,  "number of texcoord (meshes.cc)")            \
  X(int,    mesh_graphadr,     nmesh,         1,  "start in mesh_graph of the convex-hull graph; -1 without one (meshes.cc)") \
  X(float,  mesh_vert,         nmeshvert,     3,  "vertices of all meshes, in mesh frames (meshes.cc)") \
  X(float,  mesh_normal,       nmeshnormal,   3,  "normals for all meshes (meshes.cc)")        \
  X(float,  mesh_texcoord,     nmeshtexcoord, 2,  "texture coordinates of all meshes (meshes.cc)") \
  X(int,    mesh_face,         nmeshface,     3,  "vertex face data (meshes.cc)")              \
  X(int,    mesh_facenormal,   nmeshface,     3,  "normal face data (meshes.cc)")              \
  X(int,    mesh_facetexcoord, nmeshface,     3,  "texture face data (meshes.cc)")             \
  X(int,    mesh_graph,        nmeshgraph,    1,  "convex graph data (meshes.cc)")             \
  X(mjtNum, mesh_scale,        nmesh,         3,  "scale applied to the file's vertices (meshes.cc)") \
  X(mjtNum, mesh_pos,          nmesh,         3,  "offset subtracted from the file's vertices (meshes.cc)") \
  X(mjtNum, mesh_quat,         nmesh,         4,  "rotation undone on the file's vertices (meshes.cc)") \
  X(int,    mesh_polynum,      nmesh,         1,  "polygons of the mesh (meshes.cc)")   \
  X(int,    mesh_polyadr,      nmesh,         1,  "first polygon of the mesh (meshes.cc)") \
  X(mjtNum, mesh_polynormal,   nmeshpoly,     3,  "all polygon normals (meshes.cc)")           \
  X(int,    mesh_polyvertadr,  nmeshpoly,     1,  "polygon vertex start address (meshes.cc)")  \
  X(int,    mesh_polyvertnum,  nmeshpoly,     1,  "corners of the polygon (meshes.cc)") \
  X(int,    mesh_polyvert,     nmeshpolyvert, 1,  "all polygon vertices (meshes.cc)")          \
  X(int,    mesh_polymapadr,   nmeshvert,     1,  "first entry of the vertex's polygon list in mesh_polymap (meshes.cc)") \
  X(int,    mesh_polymapnum,   nmeshvert,     1,  "polygons touching the vertex (meshes.cc)") \
  X(int,    mesh_polymap,      nmeshpolymap,  1,  "vertex to polygon map (meshes.cc)")

#define MJSIM_MESH_DATA_FIELDS(X)
