// fields/unsupported.h: Model arrays of objects mjsim does not support yet: plugins and mesh
// octrees (SDF collision). mjsim rejects <plugin> and <extension> with "not supported by mjsim
// yet", and builds no octree, so in every
// model it loads these sizes are 0, these arrays are empty (the reference's shapes and dtypes),
// and the per-object references are -1 (compiler/compile.cc FillUnsupported).
#pragma once

#define MJSIM_UNSUPPORTED_SIZES(X)                                        \
  X(npluginattr,    "characters of all plugin configuration text")   \
  X(npluginstate,   "number of plugin state values")                     \
  X(noct,           "octree cells of all meshes")

//     type     name                 rows            cols  doc
#define MJSIM_UNSUPPORTED_FIELDS(X)                                                              \
  X(int,     body_plugin,         nbody,          1,  "plugin instance; -1 if none")    \
  X(int,     geom_plugin,         ngeom,          1,  "plugin instance; -1 if none")    \
  X(int,     mesh_octadr,         nmesh,          1,  "address of octree root; -1: none")      \
  X(int,     mesh_octnum,         nmesh,          1,  "number of octree nodes")                \
  X(int,     oct_depth,           noct,           1,  "depth in the octree")                   \
  X(int,     oct_child,           noct,           8,  "children of octree node")               \
  X(mjtNum,  oct_aabb,            noct,           6,  "box of each octree cell: center then half-sizes") \
  X(mjtNum,  oct_coeff,           noct,           8,  "octree interpolation coefficients")     \
  X(int,     plugin,              nplugin,        1,  "registry slot of each plugin instance") \
  X(int,     plugin_stateadr,     nplugin,        1,  "first entry of each instance in plugin_state")     \
  X(int,     plugin_statenum,     nplugin,        1,  "entries of plugin_state each instance owns") \
  X(int8_t,  plugin_attr,         npluginattr,    1,  "configuration text of all plugin instances") \
  X(int,     plugin_attradr,      nplugin,        1,  "start of each instance's configuration in plugin_attr")

// Data arrays of the same objects, empty in every model mjsim loads (the reference's shapes)
//     type       name               rows          cols  doc
#define MJSIM_UNSUPPORTED_DATA_FIELDS(X)                                                          \
  X(mjtNum,    plugin_state,       npluginstate, 1,    "plugin instances' state")               \
  X(int,       plugin,             nplugin,      1,    "the plugin of each instance")           \
  X(uintptr_t, plugin_data,        nplugin,      1,    "each instance's own data (an address)")
