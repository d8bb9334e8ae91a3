// fields/flex.h: Model arrays of flexes (<deformable><flex>): vertices bound to bodies,
// elements of dimension 1, 2 or 3, their edges, surface fragments (shell), collision pairs,
// contact and elasticity parameters; written by compiler/flexes.cc. The flexes' bounding
// volume trees are in fields/bounding.h. Part of the fields.h table (same X-macro conventions).
#pragma once

#define MJSIM_FLEX_SIZES(X)                                                  \
  X(nflexnode,      "interpolation nodes of all flexes (flexes.cc)")         \
  X(nflexvert,      "vertices of all flexes (flexes.cc)")                    \
  X(nflexedge,      "edges of all flexes (flexes.cc)")                       \
  X(nflexelem,      "elements of all flexes (flexes.cc)")                    \
  X(nflexelemdata,  "vertex ids in all flex elements (flexes.cc)")           \
  X(nflexelemedge,  "edge ids in all flex elements (flexes.cc)")             \
  X(nflexshelldata, "vertex ids in all flex surface fragments (flexes.cc)")  \
  X(nflexevpair,    "element-vertex pairs of all flexes (flexes.cc)")        \
  X(nflextexcoord,  "flex vertices with texture coordinates (flexes.cc)")

//     type     name                 rows            cols  doc
#define MJSIM_FLEX_FIELDS(X)                                                                                                                      \
  X(int,     flex_contype,        nflex,          1,  "flex contact type (flexes.cc)")                                                            \
  X(int,     flex_conaffinity,    nflex,          1,  "flex contact affinity (flexes.cc)")                                                        \
  X(int,     flex_condim,         nflex,          1,  "contact dimension (1 frictionless, 3 sliding, 4 and torsion, 6 and rolling) (flexes.cc)")  \
  X(int,     flex_priority,       nflex,          1,  "flex contact priority (flexes.cc)")                                                        \
  X(mjtNum,  flex_solmix,         nflex,          1,  "weight of this flex's solref/solimp when mixing a pair (flexes.cc)")                       \
  X(mjtNum,  flex_solref,         nflex,          2,  "constraint solver reference: contact (flexes.cc)")                                         \
  X(mjtNum,  flex_solimp,         nflex,          5,  "constraint solver impedance: contact (flexes.cc)")                                         \
  X(mjtNum,  flex_friction,       nflex,          3,  "sliding, torsional and rolling friction (flexes.cc)")                                      \
  X(mjtNum,  flex_margin,         nflex,          1,  "contacts are detected within this distance (flexes.cc)")                                   \
  X(mjtNum,  flex_gap,            nflex,          1,  "contacts closer than margin - gap enter the solver (flexes.cc)")                           \
  X(mjtByte, flex_internal,       nflex,          1,  "internal flex collision enabled (flexes.cc)")                                              \
  X(int,     flex_selfcollide,    nflex,          1,  "self collision mode (mjtFlexSelf) (flexes.cc)")                                            \
  X(int,     flex_activelayers,   nflex,          1,  "element layers that collide (3D flexes) (flexes.cc)")                                      \
  X(int,     flex_passive,        nflex,          1,  "passive collisions enabled (flexes.cc)")                                                   \
  X(int,     flex_dim,            nflex,          1,  "element dimension (segments, triangles or tetrahedra) (flexes.cc)")                        \
  X(int,     flex_matid,          nflex,          1,  "material id for rendering (flexes.cc)")                                                    \
  X(int,     flex_group,          nflex,          1,  "group for visualization (flexes.cc)")                                                      \
  X(int,     flex_interp,         nflex,          1,  "0: vertices carry dofs; 1: interpolation nodes do (flexes.cc)")                            \
  X(int,     flex_nodeadr,        nflex,          1,  "first node address (flexes.cc)")                                                           \
  X(int,     flex_nodenum,        nflex,          1,  "number of nodes (flexes.cc)")                                                              \
  X(int,     flex_vertadr,        nflex,          1,  "first vertex address (flexes.cc)")                                                         \
  X(int,     flex_vertnum,        nflex,          1,  "number of vertices (flexes.cc)")                                                           \
  X(int,     flex_edgeadr,        nflex,          1,  "first edge address (flexes.cc)")                                                           \
  X(int,     flex_edgenum,        nflex,          1,  "number of edges (flexes.cc)")                                                              \
  X(int,     flex_elemadr,        nflex,          1,  "first element address (flexes.cc)")                                                        \
  X(int,     flex_elemnum,        nflex,          1,  "number of elements (flexes.cc)")                                                           \
  X(int,     flex_elemdataadr,    nflex,          1,  "first entry of the flex in flex_elem (flexes.cc)")                                         \
  X(int,     flex_elemedgeadr,    nflex,          1,  "first entry of the flex in flex_elemedge (flexes.cc)")                                     \
  X(int,     flex_shellnum,       nflex,          1,  "number of shells (flexes.cc)")                                                             \
  X(int,     flex_shelldataadr,   nflex,          1,  "first shell data address (flexes.cc)")                                                     \
  X(int,     flex_evpairadr,      nflex,          1,  "first evpair address (flexes.cc)")                                                         \
  X(int,     flex_evpairnum,      nflex,          1,  "number of evpairs (flexes.cc)")                                                            \
  X(int,     flex_texcoordadr,    nflex,          1,  "start of the flex in flex_texcoord; -1 without texture coordinates (flexes.cc)")           \
  X(int,     flex_nodebodyid,     nflexnode,      1,  "node body ids (flexes.cc)")                                                                \
  X(int,     flex_vertbodyid,     nflexvert,      1,  "vertex body ids (flexes.cc)")                                                              \
  X(int,     flex_edge,           nflexedge,      2,  "the two vertices of each edge (flexes.cc)")                                                \
  X(int,     flex_edgeflap,       nflexedge,      2,  "the two opposite vertices of an edge's triangles (2D flexes) (flexes.cc)")                 \
  X(int,     flex_elem,           nflexelemdata,  1,  "vertices of each element, dim+1 each (flexes.cc)")                                         \
  X(int,     flex_elemtexcoord,   nflexelemdata,  1,  "texture coordinate ids of each element, dim+1 each (flexes.cc)")                           \
  X(int,     flex_elemedge,       nflexelemedge,  1,  "element edge ids (flexes.cc)")                                                             \
  X(int,     flex_elemlayer,      nflexelem,      1,  "layer of each element counted from the surface (3D flexes) (flexes.cc)")                   \
  X(int,     flex_shell,          nflexshelldata, 1,  "vertices of each surface fragment, dim each (flexes.cc)")                                  \
  X(int,     flex_evpair,         nflexevpair,    2,  "(element, vertex) collision pairs (flexes.cc)")                                            \
  X(mjtNum,  flex_vert,           nflexvert,      3,  "vertex positions, each in its body's frame (flexes.cc)")                                   \
  X(mjtNum,  flex_vert0,          nflexvert,      3,  "vertex positions at qpos0, normalized to the unit box (flexes.cc)")                        \
  X(mjtNum,  flex_node,           nflexnode,      3,  "node positions, each in its body's frame (flexes.cc)")                                     \
  X(mjtNum,  flex_node0,          nflexnode,      3,  "node positions in world coordinates at qpos0 (flexes.cc)")                                 \
  X(mjtNum,  flexedge_length0,    nflexedge,      1,  "edge lengths in qpos0 (flexes.cc)")                                                        \
  X(mjtNum,  flexedge_invweight0, nflexedge,      1,  "inverse weight of each edge at qpos0 (flexes.cc)")                                         \
  X(mjtNum,  flex_radius,         nflex,          1,  "radius around primitive element (flexes.cc)")                                              \
  X(mjtNum,  flex_stiffness,      nflexelem,      21, "finite element stiffness matrix (flexes.cc)")                                              \
  X(mjtNum,  flex_bending,        nflexedge,      17, "bending stiffness (flexes.cc)")                                                            \
  X(mjtNum,  flex_damping,        nflex,          1,  "Rayleigh's damping coefficient (flexes.cc)")                                               \
  X(mjtNum,  flex_edgestiffness,  nflex,          1,  "edge stiffness (flexes.cc)")                                                               \
  X(mjtNum,  flex_edgedamping,    nflex,          1,  "edge damping (flexes.cc)")                                                                 \
  X(mjtByte, flex_edgeequality,   nflex,          1,  "whether an edge-length equality exists for the flex (flexes.cc)")                          \
  X(mjtByte, flex_rigid,          nflex,          1,  "whether all vertices share one body (flexes.cc)")                                          \
  X(mjtByte, flexedge_rigid,      nflexedge,      1,  "whether both ends of the edge share one body (flexes.cc)")                                 \
  X(mjtByte, flex_centered,       nflex,          1,  "whether every vertex sits at its body origin (flexes.cc)")                                 \
  X(mjtByte, flex_flatskin,       nflex,          1,  "draw the skin with flat shading (flexes.cc)")                                              \
  X(int,     flex_bvhadr,         nflex,          1,  "root of the flex's bounding-volume tree; -1 if none (flexes.cc)")                          \
  X(int,     flex_bvhnum,         nflex,          1,  "number of bounding volumes (flexes.cc)")                                                   \
  X(float,   flex_rgba,           nflex,          4,  "color used without a material (flexes.cc)")                                                \
  X(float,   flex_texcoord,       nflextexcoord,  2,  "vertex texture coordinates (flexes.cc)")

// Data arrays of flex edges; the engine does not compute them yet (mj_step refuses flexes)
#define MJSIM_FLEX_DATA_FIELDS(X)                                                                      \
  X(mjtNum,    flexvert_xpos,      nflexvert,    3,    "flex vertices in world coordinates")           \
  X(mjtNum,    flexelem_aabb,      nflexelem,    6,    "flex element boxes (center, half sizes)")      \
  X(int,       flexedge_J_rownnz,  nflexedge,    1,    "flex edge Jacobian: entries per row")          \
  X(int,       flexedge_J_rowadr,  nflexedge,    1,    "flex edge Jacobian: first entry of each row")  \
  X(int,       flexedge_J_colind,  nflexedge,    m.nv, "flex edge Jacobian: dof of each entry")        \
  X(mjtNum,    flexedge_J,         nflexedge,    m.nv, "flex edge Jacobian")                           \
  X(mjtNum,    flexedge_length,    nflexedge,    1,    "flex edge lengths")                            \
  X(mjtNum,    flexedge_velocity,  nflexedge,    1,    "flex edge length rates")
