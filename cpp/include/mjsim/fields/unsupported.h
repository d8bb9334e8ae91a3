// fields/unsupported.h: Model arrays of objects mjsim does not support yet: flexes (deformable
// bodies), plugins and mesh octrees (SDF collision). mjsim rejects <flexcomp>, <deformable>,
// <plugin> and <extension> with "not supported by mjsim yet", and builds no octree, so in every
// model it loads these sizes are 0, these arrays are empty (the reference's shapes and dtypes),
// and the per-object references are -1 (compiler/compile.cc FillUnsupported).
#pragma once

#define MJSIM_UNSUPPORTED_SIZES(X)                                        \
  X(nflexnode,      "number of dofs in all flexes")                      \
  X(nflexvert,      "number of vertices in all flexes")                  \
  X(nflexedge,      "number of edges in all flexes")                     \
  X(nflexelem,      "number of elements in all flexes")                  \
  X(nflexelemdata,  "number of element vertex ids in all flexes")        \
  X(nflexelemedge,  "number of element edge ids in all flexes")          \
  X(nflexshelldata, "number of shell fragment vertex ids in all flexes") \
  X(nflexevpair,    "number of element-vertex pairs in all flexes")      \
  X(nflextexcoord,  "number of vertices with texture coordinates")       \
  X(npluginattr,    "number of chars in all plugin config attributes")   \
  X(npluginstate,   "number of plugin state values")                     \
  X(noct,           "number of total octree cells in all meshes")

//     type     name                 rows            cols  doc
#define MJSIM_UNSUPPORTED_FIELDS(X)                                                              \
  X(int,     body_plugin,         nbody,          1,  "plugin instance id; -1: not in use")    \
  X(int,     geom_plugin,         ngeom,          1,  "plugin instance id; -1: not in use")    \
  X(int,     mesh_octadr,         nmesh,          1,  "address of octree root; -1: none")      \
  X(int,     mesh_octnum,         nmesh,          1,  "number of octree nodes")                \
  X(int,     oct_depth,           noct,           1,  "depth in the octree")                   \
  X(int,     oct_child,           noct,           8,  "children of octree node")               \
  X(mjtNum,  oct_aabb,            noct,           6,  "octree node bounding box (center, size)") \
  X(mjtNum,  oct_coeff,           noct,           8,  "octree interpolation coefficients")     \
  X(int,     flex_contype,        nflex,          1,  "flex contact type")                     \
  X(int,     flex_conaffinity,    nflex,          1,  "flex contact affinity")                 \
  X(int,     flex_condim,         nflex,          1,  "contact dimensionality (1, 3, 4, 6)")   \
  X(int,     flex_priority,       nflex,          1,  "flex contact priority")                 \
  X(mjtNum,  flex_solmix,         nflex,          1,  "mix coef for solref/imp in contact pair") \
  X(mjtNum,  flex_solref,         nflex,          2,  "constraint solver reference: contact")  \
  X(mjtNum,  flex_solimp,         nflex,          5,  "constraint solver impedance: contact")  \
  X(mjtNum,  flex_friction,       nflex,          3,  "friction for (slide, spin, roll)")      \
  X(mjtNum,  flex_margin,         nflex,          1,  "detect contact if dist<margin")         \
  X(mjtNum,  flex_gap,            nflex,          1,  "include in solver if dist<margin-gap")  \
  X(mjtByte, flex_internal,       nflex,          1,  "internal flex collision enabled")       \
  X(int,     flex_selfcollide,    nflex,          1,  "self collision mode (mjtFlexSelf)")     \
  X(int,     flex_activelayers,   nflex,          1,  "number of active element layers, 3D only") \
  X(int,     flex_passive,        nflex,          1,  "passive collisions enabled")            \
  X(int,     flex_dim,            nflex,          1,  "1: lines, 2: triangles, 3: tetrahedra") \
  X(int,     flex_matid,          nflex,          1,  "material id for rendering")             \
  X(int,     flex_group,          nflex,          1,  "group for visualization")               \
  X(int,     flex_interp,         nflex,          1,  "interpolation (0: vertex, 1: nodes)")   \
  X(int,     flex_nodeadr,        nflex,          1,  "first node address")                    \
  X(int,     flex_nodenum,        nflex,          1,  "number of nodes")                       \
  X(int,     flex_vertadr,        nflex,          1,  "first vertex address")                  \
  X(int,     flex_vertnum,        nflex,          1,  "number of vertices")                    \
  X(int,     flex_edgeadr,        nflex,          1,  "first edge address")                    \
  X(int,     flex_edgenum,        nflex,          1,  "number of edges")                       \
  X(int,     flex_elemadr,        nflex,          1,  "first element address")                 \
  X(int,     flex_elemnum,        nflex,          1,  "number of elements")                    \
  X(int,     flex_elemdataadr,    nflex,          1,  "first element vertex id address")       \
  X(int,     flex_elemedgeadr,    nflex,          1,  "first element edge id address")         \
  X(int,     flex_shellnum,       nflex,          1,  "number of shells")                      \
  X(int,     flex_shelldataadr,   nflex,          1,  "first shell data address")              \
  X(int,     flex_evpairadr,      nflex,          1,  "first evpair address")                  \
  X(int,     flex_evpairnum,      nflex,          1,  "number of evpairs")                     \
  X(int,     flex_texcoordadr,    nflex,          1,  "address in flex_texcoord; -1: none")    \
  X(int,     flex_nodebodyid,     nflexnode,      1,  "node body ids")                         \
  X(int,     flex_vertbodyid,     nflexvert,      1,  "vertex body ids")                       \
  X(int,     flex_edge,           nflexedge,      2,  "edge vertex ids (2 per edge)")          \
  X(int,     flex_edgeflap,       nflexedge,      2,  "adjacent vertex ids (dim=2 only)")      \
  X(int,     flex_elem,           nflexelemdata,  1,  "element vertex ids (dim+1 per elem)")   \
  X(int,     flex_elemtexcoord,   nflexelemdata,  1,  "element texture coordinates (dim+1)")   \
  X(int,     flex_elemedge,       nflexelemedge,  1,  "element edge ids")                      \
  X(int,     flex_elemlayer,      nflexelem,      1,  "element distance from surface, 3D only") \
  X(int,     flex_shell,          nflexshelldata, 1,  "shell fragment vertex ids (dim per frag)") \
  X(int,     flex_evpair,         nflexevpair,    2,  "(element, vertex) collision pairs")     \
  X(mjtNum,  flex_vert,           nflexvert,      3,  "vertex positions in local body frames") \
  X(mjtNum,  flex_vert0,          nflexvert,      3,  "vertex positions in qpos0 on [0, 1]^d") \
  X(mjtNum,  flex_node,           nflexnode,      3,  "node positions in local body frames")   \
  X(mjtNum,  flex_node0,          nflexnode,      3,  "Cartesian node positions in qpos0")     \
  X(mjtNum,  flexedge_length0,    nflexedge,      1,  "edge lengths in qpos0")                 \
  X(mjtNum,  flexedge_invweight0, nflexedge,      1,  "edge inv. weight in qpos0")             \
  X(mjtNum,  flex_radius,         nflex,          1,  "radius around primitive element")       \
  X(mjtNum,  flex_stiffness,      nflexelem,      21, "finite element stiffness matrix")       \
  X(mjtNum,  flex_bending,        nflexedge,      17, "bending stiffness")                     \
  X(mjtNum,  flex_damping,        nflex,          1,  "Rayleigh's damping coefficient")        \
  X(mjtNum,  flex_edgestiffness,  nflex,          1,  "edge stiffness")                        \
  X(mjtNum,  flex_edgedamping,    nflex,          1,  "edge damping")                          \
  X(mjtByte, flex_edgeequality,   nflex,          1,  "is edge equality constraint defined")   \
  X(mjtByte, flex_rigid,          nflex,          1,  "are all vertices in the same body")     \
  X(mjtByte, flexedge_rigid,      nflexedge,      1,  "are both edge vertices in same body")   \
  X(mjtByte, flex_centered,       nflex,          1,  "are all vertex coordinates (0,0,0)")    \
  X(mjtByte, flex_flatskin,       nflex,          1,  "render flex skin with flat shading")    \
  X(int,     flex_bvhadr,         nflex,          1,  "address of bvh root; -1: no bvh")       \
  X(int,     flex_bvhnum,         nflex,          1,  "number of bounding volumes")            \
  X(float,   flex_rgba,           nflex,          4,  "rgba when material is omitted")         \
  X(float,   flex_texcoord,       nflextexcoord,  2,  "vertex texture coordinates")            \
  X(int,     plugin,              nplugin,        1,  "globally registered plugin slot number") \
  X(int,     plugin_stateadr,     nplugin,        1,  "address in the plugin state array")     \
  X(int,     plugin_statenum,     nplugin,        1,  "number of states in the plugin instance") \
  X(int8_t,  plugin_attr,         npluginattr,    1,  "config attributes of plugin instances") \
  X(int,     plugin_attradr,      nplugin,        1,  "address to each instance's config attrib")

#define MJSIM_UNSUPPORTED_DATA_FIELDS(X)
