// fields/mesh.h: Model and Data arrays of meshes: vertices, faces, convex hull graph, polygons; written by compiler/meshes.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_MESH_SIZES(X)
#define MJSIM_MESH_FIELDS(X)
#define MJSIM_MESH_DATA_FIELDS(X)
