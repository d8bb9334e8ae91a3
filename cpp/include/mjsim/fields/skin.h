// fields/skin.h: Model arrays of skins (meshes deformed by bodies, drawn only); written by
// compiler/skins.cc. Part of the fields.h table; nskin and name_skinadr are in fields.h.
#pragma once

#define MJSIM_SKIN_SIZES(X)                                       \
  X(nskinvert,     "number of vertices in all skins")             \
  X(nskintexvert,  "number of vertices with texcoord in all skins") \
  X(nskinface,     "number of triangular faces in all skins")     \
  X(nskinbone,     "number of bones in all skins")                \
  X(nskinbonevert, "number of vertices in all skin bones")

//     type    name                 rows           cols  doc
#define MJSIM_SKIN_FIELDS(X)                                                                    \
  X(int,    skin_matid,          nskin,         1,  "skin material id; -1: none (compiler)")   \
  X(int,    skin_group,          nskin,         1,  "group for visibility (compiler)")         \
  X(float,  skin_rgba,           nskin,         4,  "skin rgba (compiler)")                    \
  X(float,  skin_inflate,        nskin,         1,  "inflate skin in normal direction (compiler)") \
  X(int,    skin_vertadr,        nskin,         1,  "first vertex address (compiler)")         \
  X(int,    skin_vertnum,        nskin,         1,  "number of vertices (compiler)")           \
  X(int,    skin_texcoordadr,    nskin,         1,  "texcoord data address; -1: no texcoord (compiler)") \
  X(int,    skin_faceadr,        nskin,         1,  "first face address (compiler)")           \
  X(int,    skin_facenum,        nskin,         1,  "number of faces (compiler)")              \
  X(int,    skin_boneadr,        nskin,         1,  "first bone in skin (compiler)")           \
  X(int,    skin_bonenum,        nskin,         1,  "number of bones in skin (compiler)")      \
  X(float,  skin_vert,           nskinvert,     3,  "vertex positions for all skin meshes (compiler)") \
  X(float,  skin_texcoord,       nskintexvert,  2,  "vertex texcoords for all skin meshes (compiler)") \
  X(int,    skin_face,           nskinface,     3,  "triangle faces for all skin meshes (compiler)") \
  X(int,    skin_bonevertadr,    nskinbone,     1,  "first vertex in each bone (compiler)")    \
  X(int,    skin_bonevertnum,    nskinbone,     1,  "number of vertices in each bone (compiler)") \
  X(float,  skin_bonebindpos,    nskinbone,     3,  "bind pos of each bone (compiler)")        \
  X(float,  skin_bonebindquat,   nskinbone,     4,  "bind quat of each bone (compiler)")       \
  X(int,    skin_bonebodyid,     nskinbone,     1,  "body id of each bone (compiler)")         \
  X(int,    skin_bonevertid,     nskinbonevert, 1,  "mesh ids of vertices in each bone (compiler)") \
  X(float,  skin_bonevertweight, nskinbonevert, 1,  "weights of vertices in each bone (compiler)") \
  X(int,    skin_pathadr,        nskin,         1,  "address of asset path for skin; -1: none (compiler)")

#define MJSIM_SKIN_DATA_FIELDS(X)
