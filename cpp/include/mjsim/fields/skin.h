// fields/skin.h: Model arrays of skins (meshes deformed by bodies, drawn only); written by
// compiler/skins.cc. Part of the fields.h table; nskin and name_skinadr are in fields.h.
#pragma once

#define MJSIM_SKIN_SIZES(X)                                       \
  X(nskinvert,     "vertices of all skins")             \
  X(nskintexvert,  "number of vertices with texcoord in all skins") \
  X(nskinface,     "triangles of all skins")     \
  X(nskinbone,     "bones of all skins")                \
  X(nskinbonevert, "bone-vertex influences of all skins")

//     type    name                 rows           cols  doc
#define MJSIM_SKIN_FIELDS(X)                                                                    \
  X(int,    skin_matid,          nskin,         1,  "material; -1 without one (compiler)")   \
  X(int,    skin_group,          nskin,         1,  "group for visibility (compiler)")         \
  X(float,  skin_rgba,           nskin,         4,  "skin rgba (compiler)")                    \
  X(float,  skin_inflate,        nskin,         1,  "offset of the drawn surface along vertex normals (compiler)") \
  X(int,    skin_vertadr,        nskin,         1,  "first vertex address (compiler)")         \
  X(int,    skin_vertnum,        nskin,         1,  "number of vertices (compiler)")           \
  X(int,    skin_texcoordadr,    nskin,         1,  "first texture coordinate of the skin; -1 without any (compiler)") \
  X(int,    skin_faceadr,        nskin,         1,  "first face address (compiler)")           \
  X(int,    skin_facenum,        nskin,         1,  "number of faces (compiler)")              \
  X(int,    skin_boneadr,        nskin,         1,  "first bone in skin (compiler)")           \
  X(int,    skin_bonenum,        nskin,         1,  "bones of the skin (compiler)")      \
  X(float,  skin_vert,           nskinvert,     3,  "bind-pose vertices of all skins (compiler)") \
  X(float,  skin_texcoord,       nskintexvert,  2,  "texture coordinates of all skins (compiler)") \
  X(int,    skin_face,           nskinface,     3,  "triangle corners, vertex ids within the skin (compiler)") \
  X(int,    skin_bonevertadr,    nskinbone,     1,  "first influence of the bone (compiler)")    \
  X(int,    skin_bonevertnum,    nskinbone,     1,  "influences of the bone (compiler)") \
  X(float,  skin_bonebindpos,    nskinbone,     3,  "bone position at bind time (compiler)")        \
  X(float,  skin_bonebindquat,   nskinbone,     4,  "bone orientation at bind time (compiler)")       \
  X(int,    skin_bonebodyid,     nskinbone,     1,  "body that drives the bone (compiler)")         \
  X(int,    skin_bonevertid,     nskinbonevert, 1,  "skin vertex of each influence (compiler)") \
  X(float,  skin_bonevertweight, nskinbonevert, 1,  "weight of each influence (compiler)") \
  X(int,    skin_pathadr,        nskin,         1,  "start of the skin file name in paths; -1 if none (compiler)")

#define MJSIM_SKIN_DATA_FIELDS(X)
