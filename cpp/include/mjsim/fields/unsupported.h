// fields/unsupported.h: Model arrays of objects mjsim does not support yet: flexes (deformable
// bodies), plugins and mesh octrees (SDF collision). mjsim rejects <flexcomp>, <deformable>,
// <plugin> and <extension> with "not supported by mjsim yet", and builds no octree, so in every
// model it loads these sizes are 0, these arrays are empty (the reference's shapes and dtypes),
// and the per-object references are -1 (compiler/compile.cc FillUnsupported).
#pragma once

#define MJSIM_UNSUPPORTED_SIZES(X)                                        \
  X(nflexnode,      "interpolation nodes of all flexes")                      \
  X(nflexvert,      "vertices of all flexes")                  \
  X(nflexedge,      "edges of all flexes")                     \
  X(nflexelem,      "elements of all flexes")                  \
  X(nflexelemdata,  "vertex ids in all flex elements")        \
  X(nflexelemedge,  "edge ids in all flex elements")          \
  X(nflexshelldata, "vertex ids in all flex surface fragments") \
  X(nflexevpair,    "element-vertex pairs of all flexes")      \
  X(nflextexcoord,  "flex vertices with texture coordinates")       \
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
  X(int,     flex_contype,        nflex,          1,  "flex contact type")                     \
  X(int,     flex_conaffinity,    nflex,          1,  "flex contact affinity")                 \
  X(int,     flex_condim,         nflex,          1,  "contact dimension (1 frictionless, 3 sliding, 4 and torsion, 6 and rolling)")   \
  X(int,     flex_priority,       nflex,          1,  "flex contact priority")                 \
  X(mjtNum,  flex_solmix,         nflex,          1,  "weight of this flex's solref/solimp when mixing a pair") \
  X(mjtNum,  flex_solref,         nflex,          2,  "constraint solver reference: contact")  \
  X(mjtNum,  flex_solimp,         nflex,          5,  "constraint solver impedance: contact")  \
  X(mjtNum,  flex_friction,       nflex,          3,  "sliding, torsional and rolling friction")      \
  X(mjtNum,  flex_margin,         nflex,          1,  "contacts are detected within this distance")         \
  X(mjtNum,  flex_gap,            nflex,          1,  "contacts closer than margin - gap enter the solver")  \
  X(mjtByte, flex_internal,       nflex,          1,  "internal flex collision enabled")       \
  X(int,     flex_selfcollide,    nflex,          1,  "self collision mode (mjtFlexSelf)")     \
  X(int,     flex_activelayers,   nflex,          1,  "element layers that collide (3D flexes)") \
  X(int,     flex_passive,        nflex,          1,  "passive collisions enabled")            \
  X(int,     flex_dim,            nflex,          1,  "element dimension (segments, triangles or tetrahedra)") \
  X(int,     flex_matid,          nflex,          1,  "material id for rendering")             \
  X(int,     flex_group,          nflex,          1,  "group for visualization")               \
  X(int,     flex_interp,         nflex,          1,  "0: vertices carry dofs; 1: interpolation nodes do")   \
  X(int,     flex_nodeadr,        nflex,          1,  "first node address")                    \
  X(int,     flex_nodenum,        nflex,          1,  "number of nodes")                       \
  X(int,     flex_vertadr,        nflex,          1,  "first vertex address")                  \
  X(int,     flex_vertnum,        nflex,          1,  "number of vertices")                    \
  X(int,     flex_edgeadr,        nflex,          1,  "first edge address")                    \
  X(int,     flex_edgenum,        nflex,          1,  "number of edges")                       \
  X(int,     flex_elemadr,        nflex,          1,  "first element address")                 \
  X(int,     flex_elemnum,        nflex,          1,  "number of elements")                    \
  X(int,     flex_elemdataadr,    nflex,          1,  "first entry of the flex in flex_elem")       \
  X(int,     flex_elemedgeadr,    nflex,          1,  "first entry of the flex in flex_elemedge")         \
  X(int,     flex_shellnum,       nflex,          1,  "number of shells")                      \
  X(int,     flex_shelldataadr,   nflex,          1,  "first shell data address")              \
  X(int,     flex_evpairadr,      nflex,          1,  "first evpair address")                  \
  X(int,     flex_evpairnum,      nflex,          1,  "number of evpairs")                     \
  X(int,     flex_texcoordadr,    nflex,          1,  "start of the flex in flex_texcoord; -1 without texture coordinates")    \
  X(int,     flex_nodebodyid,     nflexnode,      1,  "node body ids")                         \
  X(int,     flex_vertbodyid,     nflexvert,      1,  "vertex body ids")                       \
  X(int,     flex_edge,           nflexedge,      2,  "the two vertices of each edge")          \
  X(int,     flex_edgeflap,       nflexedge,      2,  "the two opposite vertices of an edge's triangles (2D flexes)")      \
  X(int,     flex_elem,           nflexelemdata,  1,  "vertices of each element, dim+1 each")   \
  X(int,     flex_elemtexcoord,   nflexelemdata,  1,  "texture coordinate ids of each element, dim+1 each")   \
  X(int,     flex_elemedge,       nflexelemedge,  1,  "element edge ids")                      \
  X(int,     flex_elemlayer,      nflexelem,      1,  "layer of each element counted from the surface (3D flexes)") \
  X(int,     flex_shell,          nflexshelldata, 1,  "vertices of each surface fragment, dim each") \
  X(int,     flex_evpair,         nflexevpair,    2,  "(element, vertex) collision pairs")     \
  X(mjtNum,  flex_vert,           nflexvert,      3,  "vertex positions, each in its body's frame") \
  X(mjtNum,  flex_vert0,          nflexvert,      3,  "vertex positions at qpos0, normalized to the unit box") \
  X(mjtNum,  flex_node,           nflexnode,      3,  "node positions, each in its body's frame")   \
  X(mjtNum,  flex_node0,          nflexnode,      3,  "node positions in world coordinates at qpos0")     \
  X(mjtNum,  flexedge_length0,    nflexedge,      1,  "edge lengths in qpos0")                 \
  X(mjtNum,  flexedge_invweight0, nflexedge,      1,  "inverse weight of each edge at qpos0")             \
  X(mjtNum,  flex_radius,         nflex,          1,  "radius around primitive element")       \
  X(mjtNum,  flex_stiffness,      nflexelem,      21, "finite element stiffness matrix")       \
  X(mjtNum,  flex_bending,        nflexedge,      17, "bending stiffness")                     \
  X(mjtNum,  flex_damping,        nflex,          1,  "Rayleigh's damping coefficient")        \
  X(mjtNum,  flex_edgestiffness,  nflex,          1,  "edge stiffness")                        \
  X(mjtNum,  flex_edgedamping,    nflex,          1,  "edge damping")                          \
  X(mjtByte, flex_edgeequality,   nflex,          1,  "whether an edge-length equality exists for the flex")   \
  X(mjtByte, flex_rigid,          nflex,          1,  "whether all vertices share one body")     \
  X(mjtByte, flexedge_rigid,      nflexedge,      1,  "whether both ends of the edge share one body")   \
  X(mjtByte, flex_centered,       nflex,          1,  "whether every vertex sits at its body origin")    \
  X(mjtByte, flex_flatskin,       nflex,          1,  "draw the skin with flat shading")    \
  X(int,     flex_bvhadr,         nflex,          1,  "root of the flex's bounding-volume tree; -1 if none")       \
  X(int,     flex_bvhnum,         nflex,          1,  "number of bounding volumes")            \
  X(float,   flex_rgba,           nflex,          4,  "color used without a material")         \
  X(float,   flex_texcoord,       nflextexcoord,  2,  "vertex texture coordinates")            \
  X(int,     plugin,              nplugin,        1,  "registry slot of each plugin instance") \
  X(int,     plugin_stateadr,     nplugin,        1,  "first entry of each instance in plugin_state")     \
  X(int,     plugin_statenum,     nplugin,        1,  "entries of plugin_state each instance owns") \
  X(int8_t,  plugin_attr,         npluginattr,    1,  "configuration text of all plugin instances") \
  X(int,     plugin_attradr,      nplugin,        1,  "start of each instance's configuration in plugin_attr")

// Data arrays of the same objects, empty in every model mjsim loads (the reference's shapes)
//     type       name               rows          cols  doc
#define MJSIM_UNSUPPORTED_DATA_FIELDS(X)                                                          \
  X(mjtNum,    flexvert_xpos,      nflexvert,    3,    "flex vertices in world coordinates")     \
  X(mjtNum,    flexelem_aabb,      nflexelem,    6,    "flex element boxes (center, half sizes)") \
  X(int,       flexedge_J_rownnz,  nflexedge,    1,    "flex edge Jacobian: entries per row")   \
  X(int,       flexedge_J_rowadr,  nflexedge,    1,    "flex edge Jacobian: first entry of each row") \
  X(int,       flexedge_J_colind,  nflexedge,    m.nv, "flex edge Jacobian: dof of each entry") \
  X(mjtNum,    flexedge_J,         nflexedge,    m.nv, "flex edge Jacobian")                    \
  X(mjtNum,    flexedge_length,    nflexedge,    1,    "flex edge lengths")                     \
  X(mjtNum,    flexedge_velocity,  nflexedge,    1,    "flex edge length rates")                \
  X(mjtNum,    plugin_state,       npluginstate, 1,    "plugin instances' state")               \
  X(int,       plugin,             nplugin,      1,    "the plugin of each instance")           \
  X(uintptr_t, plugin_data,        nplugin,      1,    "each instance's own data (an address)")
