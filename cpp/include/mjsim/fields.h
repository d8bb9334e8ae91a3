// fields.h: the one table of Model and Data arrays.
//
// Every array of Model and Data is one line here: (type, name, row-count symbol, columns, doc).
// Struct members, the arena layout, allocation, copying and the Python properties all expand
// from these lists; nothing else declares a field. Names and shapes are MuJoCo's.
// A row symbol names a model size (a member of Model); Data rows resolve against the Model
// the Data was made for. Columns are a constant, or `m.<size>` for a width set by the model
// (user data); such a field is always two-dimensional. The doc ends with the file that writes the field.
#pragma once

// Groups of fields live in their own headers, one per compiler stage that writes them; each
// defines MJSIM_<GROUP>_SIZES(X), MJSIM_<GROUP>_FIELDS(X) and MJSIM_<GROUP>_DATA_FIELDS(X).
#include "mjsim/fields/actuator.h"
#include "mjsim/fields/asset.h"
#include "mjsim/fields/bounding.h"
#include "mjsim/fields/camera_light.h"
#include "mjsim/fields/constant.h"
#include "mjsim/fields/custom.h"
#include "mjsim/fields/dynamics.h"
#include "mjsim/fields/equality.h"
#include "mjsim/fields/flex.h"
#include "mjsim/fields/mesh.h"
#include "mjsim/fields/sensor.h"
#include "mjsim/fields/skin.h"
#include "mjsim/fields/tendon.h"
#include "mjsim/fields/unsupported.h"

#define MJSIM_GROUPS_SIZES(X)                                                                   \
  MJSIM_ACTUATOR_SIZES(X) MJSIM_ASSET_SIZES(X) MJSIM_BOUNDING_SIZES(X) MJSIM_CAMERA_LIGHT_SIZES(X)                      \
  MJSIM_CONSTANT_SIZES(X) MJSIM_CUSTOM_SIZES(X) MJSIM_DYNAMICS_SIZES(X) MJSIM_EQUALITY_SIZES(X) MJSIM_FLEX_SIZES(X) MJSIM_MESH_SIZES(X)      \
  MJSIM_SENSOR_SIZES(X) MJSIM_SKIN_SIZES(X) MJSIM_TENDON_SIZES(X) MJSIM_UNSUPPORTED_SIZES(X)
#define MJSIM_GROUPS_FIELDS(X)                                                                  \
  MJSIM_ACTUATOR_FIELDS(X) MJSIM_ASSET_FIELDS(X) MJSIM_BOUNDING_FIELDS(X) MJSIM_CAMERA_LIGHT_FIELDS(X)                   \
  MJSIM_CONSTANT_FIELDS(X) MJSIM_CUSTOM_FIELDS(X) MJSIM_DYNAMICS_FIELDS(X) MJSIM_EQUALITY_FIELDS(X) MJSIM_FLEX_FIELDS(X) MJSIM_MESH_FIELDS(X)  \
  MJSIM_SENSOR_FIELDS(X) MJSIM_SKIN_FIELDS(X) MJSIM_TENDON_FIELDS(X) MJSIM_UNSUPPORTED_FIELDS(X)
#define MJSIM_GROUPS_DATA_FIELDS(X)                                                             \
  MJSIM_ACTUATOR_DATA_FIELDS(X) MJSIM_ASSET_DATA_FIELDS(X) MJSIM_BOUNDING_DATA_FIELDS(X) MJSIM_CAMERA_LIGHT_DATA_FIELDS(X)    \
  MJSIM_CONSTANT_DATA_FIELDS(X) MJSIM_CUSTOM_DATA_FIELDS(X) MJSIM_DYNAMICS_DATA_FIELDS(X) MJSIM_EQUALITY_DATA_FIELDS(X) MJSIM_FLEX_DATA_FIELDS(X)       \
  MJSIM_MESH_DATA_FIELDS(X) MJSIM_SENSOR_DATA_FIELDS(X) MJSIM_SKIN_DATA_FIELDS(X)           \
  MJSIM_TENDON_DATA_FIELDS(X) MJSIM_UNSUPPORTED_DATA_FIELDS(X)

// Physics options (mjOption): X(type, name, count, default values, doc)
#define MJSIM_OPTION_FIELDS(X)                                                                  \
  X(mjtNum, timestep,          1, (0.002),                      "timestep")                    \
  X(mjtNum, impratio,          1, (1),                          "frictional over normal impedance of elliptic-cone contacts") \
  X(mjtNum, tolerance,         1, (1e-8),                       "main solver tolerance")       \
  X(mjtNum, ls_tolerance,      1, (0.01),                       "CG/Newton linesearch tolerance") \
  X(mjtNum, noslip_tolerance,  1, (1e-6),                       "noslip solver tolerance")     \
  X(mjtNum, ccd_tolerance,     1, (1e-6),                       "convex collision solver tolerance") \
  X(mjtNum, gravity,           3, (0, 0, -9.81),                "gravitational acceleration")  \
  X(mjtNum, wind,              3, (0, 0, 0),                    "velocity of the medium (fluid forces)") \
  X(mjtNum, magnetic,          3, (0, -0.5, 0),                 "global magnetic flux")        \
  X(mjtNum, density,           1, (0),                          "density of medium")           \
  X(mjtNum, viscosity,         1, (0),                          "viscosity of medium")         \
  X(mjtNum, o_margin,          1, (0),                          "margin (override)")           \
  X(mjtNum, o_solref,          2, (0.02, 1),                    "solref (override)")           \
  X(mjtNum, o_solimp,          5, (0.9, 0.95, 0.001, 0.5, 2),   "solimp (override)")           \
  X(mjtNum, o_friction,        5, (1, 1, 0.005, 0.0001, 0.0001), "friction (override)")        \
  X(int,    integrator,        1, (0),                          "integration mode (mjtIntegrator)") \
  X(int,    cone,              1, (0),                          "friction cone: pyramidal or elliptic (mjtCone)") \
  X(int,    jacobian,          1, (2),                          "type of Jacobian (mjtJacobian)") \
  X(int,    solver,            1, (2),                          "solver algorithm (mjtSolver)") \
  X(int,    iterations,        1, (100),                        "iteration cap of the constraint solver") \
  X(int,    ls_iterations,     1, (50),                         "iteration cap of the CG/Newton line search") \
  X(int,    noslip_iterations, 1, (0),                          "noslip iterations after the main solver (0: off)") \
  X(int,    ccd_iterations,    1, (35),                         "iteration cap of convex collision detection") \
  X(int,    disableflags,      1, (0),                          "engine features switched off (mjtDisableBit)") \
  X(int,    enableflags,       1, (0),                          "optional engine features switched on (mjtEnableBit)") \
  X(int,    disableactuator,   1, (0),                          "actuator groups switched off, one bit per group") \
  X(int,    sdf_initpoints,    1, (40),                         "starting points of the SDF distance search") \
  X(int,    sdf_iterations,    1, (10),                         "gradient steps of the SDF distance search")

// Model sizes: X(name, doc)
#define MJSIM_MODEL_SIZES(X)                                                       \
  X(nq,      "generalized coordinates, the length of qpos")                     \
  X(nv,      "degrees of freedom, the length of qvel")                          \
  X(nbody,   "number of bodies")                                                  \
  X(njnt,    "number of joints")                                                  \
  X(ngeom,   "number of geoms")                                                   \
  X(nsite,   "number of sites")                                                   \
  X(nmocap,  "number of mocap bodies")                                            \
  X(nu,      "actuators, the length of ctrl")                          \
  X(na,      "activation states, the length of act")                            \
  X(ncam,    "number of cameras")                                                 \
  X(nlight,  "number of lights")                                                  \
  X(nflex,   "number of flexes")                                                  \
  X(nmesh,   "number of meshes")                                                  \
  X(nskin,   "number of skins")                                                   \
  X(nhfield, "number of heightfields")                                            \
  X(ntex,    "number of textures")                                                \
  X(nmat,    "number of materials")                                               \
  X(npair,   "explicit geom pairs (contact/pair)")                                   \
  X(nexclude, "excluded body pairs (contact/exclude)")                                    \
  X(neq,     "number of equality constraints")                                    \
  X(ntendon, "number of tendons")                                                 \
  X(nsensor, "number of sensors")                                                 \
  X(nnumeric, "numeric custom entries")                                  \
  X(ntext,   "text custom entries")                                      \
  X(ntuple,  "tuple custom entries")                                     \
  X(nkey,    "number of keyframes")                                               \
  X(nplugin, "number of plugin instances")                                        \
  X(nnames,  "length of the names buffer")                                      \
  X(npaths,  "length of the paths buffer")                                      \
  X(nnames_map, "slots of the name hash tables, two per object")              \
  X(nuser_body, "number of user reals per body")                                  \
  X(nuser_jnt, "number of user reals per joint")                                  \
  X(nuser_geom, "number of user reals per geom")                                  \
  X(nuser_site, "number of user reals per site")                                  \
  X(nuser_cam, "number of user reals per camera")                                 \
  X(nuser_tendon, "number of user reals per tendon")                              \
  X(nuser_actuator, "number of user reals per actuator")                          \
  X(nuser_sensor, "number of user reals per sensor")                              \
  MJSIM_GROUPS_SIZES(X)

//     type    name              rows    cols  doc
#define MJSIM_MODEL_FIELDS(X)                                                                   \
  X(mjtNum, qpos0,             nq,     1,  "default configuration, the qpos mj_resetData sets (compiler)")            \
  X(mjtNum, qpos_spring,       nq,     1,  "reference pose for springs (compiler)")            \
  X(int,    body_parentid,     nbody,  1,  "parent body (compiler)")                   \
  X(int,    body_rootid,       nbody,  1,  "top body of the tree holding this body (child of world) (compiler)")                 \
  X(int,    body_weldid,       nbody,  1,  "outermost body rigidly attached to this one (no joints between) (compiler)") \
  X(int,    body_mocapid,      nbody,  1,  "row in mocap_pos/mocap_quat; -1 if not mocap (compiler)")            \
  X(int,    body_jntnum,       nbody,  1,  "joints attached to the body (compiler)")        \
  X(int,    body_jntadr,       nbody,  1,  "first joint of the body; -1 if it has none (compiler)")   \
  X(int,    body_dofnum,       nbody,  1,  "how many dofs the body's joints add (compiler)")   \
  X(int,    body_dofadr,       nbody,  1,  "first dof of the body in qvel; -1 if it has none (compiler)")       \
  X(int,    body_treeid,       nbody,  1,  "kinematic tree the body belongs to; -1 if static (compiler)") \
  X(int,    body_geomnum,      nbody,  1,  "number of geoms (compiler)")                       \
  X(int,    body_geomadr,      nbody,  1,  "first geom of the body; -1 if it has none (compiler)")     \
  X(mjtByte, body_sameframe,   nbody,  1,  "inertia frame coincides with the body frame (mjtSameframe) (compiler)")  \
  X(mjtNum, body_pos,          nbody,  3,  "body frame position in the parent's frame (compiler)")   \
  X(mjtNum, body_quat,         nbody,  4,  "body frame orientation in the parent's frame (compiler)") \
  X(mjtNum, body_ipos,         nbody,  3,  "center of mass in the body frame (compiler)")      \
  X(mjtNum, body_iquat,        nbody,  4,  "principal axes of inertia relative to the body frame (compiler)") \
  X(mjtNum, body_mass,         nbody,  1,  "mass (compiler)")                                  \
  X(mjtNum, body_subtreemass,  nbody,  1,  "total mass of the body and its descendants (compiler)")  \
  X(mjtNum, body_inertia,      nbody,  3,  "principal moments of inertia, about the axes body_iquat gives (compiler)")  \
  X(int,    jnt_type,          njnt,   1,  "type of joint (mjtJoint) (compiler)")              \
  X(int,    jnt_qposadr,       njnt,   1,  "first coordinate of the joint in qpos (compiler)") \
  X(int,    jnt_dofadr,        njnt,   1,  "first dof of the joint in qvel (compiler)") \
  X(int,    jnt_bodyid,        njnt,   1,  "body the joint moves (compiler)")                    \
  X(int,    jnt_group,         njnt,   1,  "group for visibility (compiler)")                  \
  X(mjtByte, jnt_limited,      njnt,   1,  "does joint have limits (compiler)")                \
  X(mjtNum, jnt_pos,           njnt,   3,  "local anchor position (compiler)")                 \
  X(mjtNum, jnt_axis,          njnt,   3,  "local joint axis (compiler)")                      \
  X(mjtNum, jnt_range,         njnt,   2,  "joint limits (compiler)")                          \
  X(mjtNum, jnt_solref,        njnt,   2,  "constraint solver reference: limit (compiler)")    \
  X(mjtNum, jnt_solimp,        njnt,   5,  "constraint solver impedance: limit (compiler)")    \
  X(mjtNum, jnt_stiffness,     njnt,   1,  "stiffness coefficient (compiler)")                 \
  X(mjtNum, jnt_margin,        njnt,   1,  "a limit activates within this distance (compiler)")      \
  X(mjtByte, jnt_actfrclimited, njnt,  1,  "whether actuator forces on the joint are clamped (compiler)") \
  X(mjtByte, jnt_actgravcomp,  njnt,   1,  "gravity compensation goes to qfrc_actuator instead of qfrc_passive (compiler)") \
  X(mjtNum, jnt_actfrcrange,   njnt,   2,  "clamp range of the summed actuator force on the joint (compiler)")         \
  X(int,    dof_bodyid,        nv,     1,  "body the dof moves (compiler)")                      \
  X(int,    dof_jntid,         nv,     1,  "joint the dof belongs to (compiler)")                     \
  X(int,    dof_parentid,      nv,     1,  "preceding dof on the path to the root; -1 at the root (compiler)")          \
  X(int,    dof_treeid,        nv,     1,  "kinematic tree of the dof (compiler)")            \
  X(mjtNum, dof_solref,        nv,     2,  "constraint solver reference: frictionloss (compiler)") \
  X(mjtNum, dof_solimp,        nv,     5,  "constraint solver impedance: frictionloss (compiler)") \
  X(mjtNum, dof_frictionloss,  nv,     1,  "dof friction loss (compiler)")                     \
  X(mjtNum, dof_armature,      nv,     1,  "dof armature inertia/mass (compiler)")             \
  X(mjtNum, dof_damping,       nv,     1,  "damping coefficient (compiler)")                   \
  X(int,    geom_type,         ngeom,  1,  "geometric type (mjtGeom) (compiler)")              \
  X(int,    geom_contype,      ngeom,  1,  "geom contact type (compiler)")                     \
  X(int,    geom_conaffinity,  ngeom,  1,  "geom contact affinity (compiler)")                 \
  X(int,    geom_condim,       ngeom,  1,  "contact dimension (1 frictionless, 3 sliding, 4 and torsion, 6 and rolling) (compiler)")   \
  X(int,    geom_bodyid,       ngeom,  1,  "body the geom is attached to (compiler)")                     \
  X(int,    geom_group,        ngeom,  1,  "group for visibility (compiler)")                  \
  X(int,    geom_priority,     ngeom,  1,  "geom contact priority (compiler)")                 \
  X(int,    geom_dataid,       ngeom,  1,  "mesh or hfield the geom uses; -1 for primitives (compiler)")    \
  X(int,    geom_matid,        ngeom,  1,  "material; -1 without one (compiler)")   \
  X(mjtNum, geom_solmix,       ngeom,  1,  "weight of this geom's solref/solimp when mixing a pair (compiler)") \
  X(mjtNum, geom_solref,       ngeom,  2,  "constraint solver reference: contact (compiler)")  \
  X(mjtNum, geom_solimp,       ngeom,  5,  "constraint solver impedance: contact (compiler)")  \
  X(mjtNum, geom_margin,       ngeom,  1,  "contacts are detected within this distance (compiler)")         \
  X(mjtNum, geom_gap,          ngeom,  1,  "contacts closer than margin - gap enter the solver (compiler)")  \
  X(mjtByte, geom_sameframe,   ngeom,  1,  "geom frame coincides with the body frame (mjtSameframe) (compiler)")     \
  X(mjtNum, geom_size,         ngeom,  3,  "geom-specific size parameters (compiler)")         \
  X(mjtNum, geom_pos,          ngeom,  3,  "position in the body frame (compiler)")    \
  X(mjtNum, geom_quat,         ngeom,  4,  "orientation in the body frame (compiler)") \
  X(mjtNum, geom_friction,     ngeom,  3,  "sliding, torsional and rolling friction (compiler)")      \
  X(float,  geom_rgba,         ngeom,  4,  "color used without a material (compiler)")         \
  X(int,    site_type,         nsite,  1,  "shape drawn for the site (mjtGeom) (compiler)")     \
  X(int,    site_bodyid,       nsite,  1,  "body the site is attached to (compiler)")                     \
  X(int,    site_matid,        nsite,  1,  "material; -1 without one (compiler)")                  \
  X(int,    site_group,        nsite,  1,  "group for visibility (compiler)")                  \
  X(mjtByte, site_sameframe,   nsite,  1,  "site frame coincides with the body frame (mjtSameframe) (compiler)")     \
  X(mjtNum, site_size,         nsite,  3,  "geom size for rendering (compiler)")               \
  X(mjtNum, site_pos,          nsite,  3,  "position in the body frame (compiler)")    \
  X(mjtNum, site_quat,         nsite,  4,  "orientation in the body frame (compiler)") \
  X(float,  site_rgba,         nsite,  4,  "color used without a material (compiler)")         \
  X(int,    name_bodyadr,      nbody,  1,  "body name pointers (compiler)")                    \
  X(int,    name_jntadr,       njnt,   1,  "joint name pointers (compiler)")                   \
  X(int,    name_geomadr,      ngeom,  1,  "geom name pointers (compiler)")                    \
  X(int,    name_siteadr,      nsite,  1,  "site name pointers (compiler)")                    \
  X(int,    name_camadr,       ncam,   1,  "camera name pointers (compiler)")                  \
  X(int,    name_lightadr,     nlight, 1,  "light name pointers (compiler)")                   \
  X(int,    name_flexadr,      nflex,  1,  "flex name pointers (compiler)")                    \
  X(int,    name_meshadr,      nmesh,  1,  "mesh name pointers (compiler)")                    \
  X(int,    name_skinadr,      nskin,  1,  "skin name pointers (compiler)")                    \
  X(int,    name_hfieldadr,    nhfield, 1, "hfield name pointers (compiler)")                  \
  X(int,    name_texadr,       ntex,   1,  "texture name pointers (compiler)")                 \
  X(int,    name_matadr,       nmat,   1,  "material name pointers (compiler)")                \
  X(int,    name_pairadr,      npair,  1,  "geom pair name pointers (compiler)")               \
  X(int,    name_excludeadr,   nexclude, 1, "exclude name pointers (compiler)")                \
  X(int,    name_eqadr,        neq,    1,  "equality constraint name pointers (compiler)")     \
  X(int,    name_tendonadr,    ntendon, 1, "tendon name pointers (compiler)")                  \
  X(int,    name_actuatoradr,  nu,     1,  "actuator name pointers (compiler)")                \
  X(int,    name_sensoradr,    nsensor, 1, "sensor name pointers (compiler)")                  \
  X(int,    name_numericadr,   nnumeric, 1, "numeric name pointers (compiler)")                \
  X(int,    name_textadr,      ntext,  1,  "text name pointers (compiler)")                    \
  X(int,    name_tupleadr,     ntuple, 1,  "tuple name pointers (compiler)")                   \
  X(int,    name_keyadr,       nkey,   1,  "keyframe name pointers (compiler)")                \
  X(int,    name_pluginadr,    nplugin, 1, "plugin instance name pointers (compiler)")         \
  X(char,   names,             nnames, 1,  "all object names, each NUL-terminated (compiler)")     \
  X(int,    names_map,         nnames_map, 1, "name hash tables, one per object type in mjtObj order; -1: empty slot (compiler)") \
  X(mjtNum, body_user,         nbody,  m.nuser_body, "user data (compiler)")              \
  X(mjtNum, jnt_user,          njnt,   m.nuser_jnt,  "user data (compiler)")              \
  X(mjtNum, geom_user,         ngeom,  m.nuser_geom, "user data (compiler)")              \
  X(mjtNum, site_user,         nsite,  m.nuser_site, "user data (compiler)")              \
  X(int,    mesh_pathadr,      nmesh,  1,  "start of the mesh file name in paths; -1 if none (compiler)") \
  X(int,    hfield_pathadr,    nhfield, 1, "start of the hfield file name in paths; -1 if none (compiler)") \
  X(int,    tex_pathadr,       ntex,   1,  "start of the texture file name in paths; -1 if none (compiler)") \
  X(char,   paths,             npaths, 1,  "asset file names, each NUL-terminated (compiler)")        \
  MJSIM_GROUPS_FIELDS(X)

//     type    name              rows    cols  doc
#define MJSIM_DATA_FIELDS(X)                                                                    \
  X(mjtNum, qpos,              nq,     1,  "position (state)")                                 \
  X(mjtNum, qvel,              nv,     1,  "velocity (state)")                                 \
  X(mjtNum, act,               na,     1,  "actuator activation (state)")                      \
  X(mjtNum, ctrl,              nu,     1,  "control (input)")                                  \
  X(mjtNum, qfrc_applied,      nv,     1,  "applied generalized force (input)")                \
  X(mjtNum, xfrc_applied,      nbody,  6,  "applied Cartesian force/torque (input)")           \
  X(mjtNum, mocap_pos,         nmocap, 3,  "positions of mocap bodies (input)")                \
  X(mjtNum, mocap_quat,        nmocap, 4,  "orientations of mocap bodies (input)")             \
  X(mjtNum, xpos,              nbody,  3,  "world position of the body frame (kinematics.cc)") \
  X(mjtNum, xquat,             nbody,  4,  "world orientation of the body frame, quaternion (kinematics.cc)") \
  X(mjtNum, xmat,              nbody,  9,  "world orientation of the body frame, 3x3 matrix (kinematics.cc)") \
  X(mjtNum, xipos,             nbody,  3,  "world position of the body's center of mass (kinematics.cc)")   \
  X(mjtNum, ximat,             nbody,  9,  "world orientation of the body's inertia frame, 3x3 matrix (kinematics.cc)") \
  X(mjtNum, xanchor,           njnt,   3,  "joint anchor point in world coordinates (kinematics.cc)") \
  X(mjtNum, xaxis,             njnt,   3,  "Cartesian joint axis (kinematics.cc)")             \
  X(mjtNum, geom_xpos,         ngeom,  3,  "Cartesian geom position (kinematics.cc)")          \
  X(mjtNum, geom_xmat,         ngeom,  9,  "Cartesian geom orientation (kinematics.cc)")       \
  X(mjtNum, site_xpos,         nsite,  3,  "Cartesian site position (kinematics.cc)")          \
  X(mjtNum, site_xmat,         nsite,  9,  "Cartesian site orientation (kinematics.cc)")       \
  X(mjtNum, subtree_com,       nbody,  3,  "com of the subtree rooted at each body (com.cc)")          \
  X(mjtNum, cinert,            nbody,  10, "inertia and mass of each body in the com-based frame (10 numbers) (com.cc)")         \
  X(mjtNum, cdof,              nv,     6,  "motion axis of each dof in the com-based frame, rotation then translation (com.cc)") \
  MJSIM_GROUPS_DATA_FIELDS(X)

// What the integer Model fields index into, for the checks of a model loaded from bytes or
// edited from Python (engine/model_check.cc). Every value v of the field satisfies
// low <= v < high (high an expression of the Model m); `what` names the rule in the error.
// Scope `step` is checked before every Python call that simulates (it costs microseconds:
// one pass over the per-object rows), `load` only when a model is read from bytes (the
// large per-vertex and per-node arrays).
//     field               low  high                      what                  scope
#define MJSIM_MODEL_INDEX_FIELDS(X)                                                            \
  X(body_parentid,      0,  m.nbody,                 "body id",               step)            \
  X(body_rootid,        0,  m.nbody,                 "body id",               step)            \
  X(body_weldid,        0,  m.nbody,                 "body id",               step)            \
  X(body_mocapid,      -1,  m.nmocap,                "mocap id",              step)            \
  X(body_jntnum,        0,  m.njnt + 1,              "joint count",           step)            \
  X(body_jntadr,       -1,  m.njnt,                  "joint address",         step)            \
  X(body_dofnum,        0,  m.nv + 1,                "dof count",             step)            \
  X(body_dofadr,       -1,  m.nv,                    "dof address",           step)            \
  X(body_treeid,       -1,  m.ntree,                 "tree id",               step)            \
  X(body_geomnum,       0,  m.ngeom + 1,             "geom count",            step)            \
  X(body_geomadr,      -1,  m.ngeom,                 "geom address",          step)            \
  X(body_bvhadr,       -1,  m.nbvh,                  "bvh address",           step)            \
  X(body_bvhnum,        0,  m.nbvh + 1,              "bvh count",             step)            \
  X(jnt_type,           0,  mjJNT_HINGE + 1,         "joint type",            step)            \
  X(jnt_qposadr,        0,  m.nq,                    "qpos address",          step)            \
  X(jnt_dofadr,         0,  m.nv,                    "dof address",           step)            \
  X(jnt_bodyid,         0,  m.nbody,                 "body id",               step)            \
  X(dof_bodyid,         0,  m.nbody,                 "body id",               step)            \
  X(dof_jntid,          0,  m.njnt,                  "joint id",              step)            \
  X(dof_parentid,      -1,  m.nv,                    "dof id",                step)            \
  X(dof_treeid,         0,  m.ntree,                 "tree id",               step)            \
  X(dof_Madr,           0,  m.nM,                    "qM address",            step)            \
  X(dof_simplenum,      0,  m.nv + 1,                "dof count",             step)            \
  X(geom_type,          0,  mjGEOM_MESH + 1,         "geom type",             step)            \
  X(geom_condim,        1,  7,                       "condim",                step)            \
  X(geom_bodyid,        0,  m.nbody,                 "body id",               step)            \
  X(geom_dataid,       -1,  m.nmesh > m.nhfield ? m.nmesh : m.nhfield, "mesh/hfield id", step) \
  X(geom_matid,        -1,  m.nmat,                  "material id",           step)            \
  X(site_bodyid,        0,  m.nbody,                 "body id",               step)            \
  X(site_matid,        -1,  m.nmat,                  "material id",           step)            \
  X(cam_bodyid,         0,  m.nbody,                 "body id",               step)            \
  X(cam_targetbodyid,  -1,  m.nbody,                 "body id",               step)            \
  X(cam_mode,           0,  5,                       "camera mode",           step)            \
  X(light_bodyid,       0,  m.nbody,                 "body id",               step)            \
  X(light_targetbodyid, -1, m.nbody,                 "body id",               step)            \
  X(light_mode,         0,  5,                       "light mode",            step)            \
  X(actuator_trntype,   0,  mjTRN_BODY + 1,          "transmission type",     step)            \
  X(actuator_dyntype,   0,  mjDYN_USER + 1,          "dynamics type",         step)            \
  X(actuator_gaintype,  0,  mjGAIN_USER + 1,         "gain type",             step)            \
  X(actuator_biastype,  0,  mjBIAS_USER + 1,         "bias type",             step)            \
  X(actuator_trnid,    -1,  TransmissionTargets(m),  "transmission target id", step)           \
  X(actuator_actadr,   -1,  m.na,                    "activation address",    step)            \
  X(actuator_actnum,    0,  m.na + 1,                "activation count",      step)            \
  X(tendon_adr,         0,  m.nwrap + 1,             "wrap address",          step)            \
  X(tendon_num,         0,  m.nwrap + 1,             "wrap count",            step)            \
  X(tendon_matid,      -1,  m.nmat,                  "material id",           step)            \
  X(wrap_type,          0,  mjWRAP_CYLINDER + 1,     "wrap type",             step)            \
  X(wrap_objid,        -1,  WrapTargets(m),          "wrap object id",        step)            \
  X(eq_type,            0,  mjEQ_DISTANCE + 1,       "equality type",         step)            \
  X(eq_obj1id,         -1,  EqualityTargets(m),      "equality object id",    step)            \
  X(eq_obj2id,         -1,  EqualityTargets(m),      "equality object id",    step)            \
  X(pair_dim,           1,  7,                       "condim",                step)            \
  X(pair_geom1,         0,  m.ngeom,                 "geom id",               step)            \
  X(pair_geom2,         0,  m.ngeom,                 "geom id",               step)            \
  X(sensor_type,        0,  mjSENS_USER + 1,         "sensor type",           step)            \
  X(sensor_datatype,    0,  mjDATATYPE_QUATERNION + 1, "sensor data type",    step)            \
  X(sensor_needstage,   0,  mjSTAGE_ACC + 1,         "stage",                 step)            \
  X(sensor_objtype,     0,  mjNOBJECT,               "object type",           step)            \
  X(sensor_reftype,     0,  mjNOBJECT,               "object type",           step)            \
  X(sensor_objid,      -1,  SensorTargets(m),        "sensor object id",      step)            \
  X(sensor_refid,      -1,  SensorTargets(m),        "sensor object id",      step)            \
  X(sensor_dim,         0,  m.nsensordata + 1,       "sensor dimension",      step)            \
  X(sensor_adr,         0,  m.nsensordata + 1,       "sensordata address",    step)            \
  X(hfield_nrow,        0,  m.nhfielddata + 1,       "hfield rows",           step)            \
  X(hfield_ncol,        0,  m.nhfielddata + 1,       "hfield columns",        step)            \
  X(hfield_adr,         0,  m.nhfielddata + 1,       "hfield_data address",   step)            \
  X(mesh_vertadr,       0,  m.nmeshvert + 1,         "vertex address",        step)            \
  X(mesh_vertnum,       0,  m.nmeshvert + 1,         "vertex count",          step)            \
  X(mesh_faceadr,       0,  m.nmeshface + 1,         "face address",          step)            \
  X(mesh_facenum,       0,  m.nmeshface + 1,         "face count",            step)            \
  X(mesh_normaladr,     0,  m.nmeshnormal + 1,       "normal address",        step)            \
  X(mesh_normalnum,     0,  m.nmeshnormal + 1,       "normal count",          step)            \
  X(mesh_graphadr,     -1,  m.nmeshgraph,            "graph address",         step)            \
  X(mesh_bvhadr,       -1,  m.nbvh,                  "bvh address",           step)            \
  X(mesh_bvhnum,        0,  m.nbvh + 1,              "bvh count",             step)            \
  X(mesh_polynum,       0,  m.nmeshpoly + 1,         "polygon count",         step)            \
  X(mesh_polyadr,       0,  m.nmeshpoly + 1,         "polygon address",       step)            \
  X(mesh_face,          0,  m.nmeshvert,             "vertex id",             load)            \
  X(mesh_facenormal,    0,  m.nmeshnormal,           "normal id",             load)            \
  X(mesh_polyvertadr,   0,  m.nmeshpolyvert + 1,     "polygon vertex address", load)           \
  X(mesh_polyvertnum,   0,  m.nmeshpolyvert + 1,     "polygon vertex count",  load)            \
  X(mesh_polyvert,      0,  m.nmeshvert,             "vertex id",             load)            \
  X(mesh_polymapadr,    0,  m.nmeshpolymap + 1,      "polygon map address",   load)            \
  X(mesh_polymapnum,    0,  m.nmeshpoly + 1,         "polygon count",         load)            \
  X(mesh_polymap,       0,  m.nmeshpoly,             "polygon id",            load)            \
  X(bvh_child,         -1,  m.nbvh,                  "bvh node id",           load)            \
  X(bvh_nodeid,        -1,  m.ngeom > m.nmeshface ? m.ngeom : m.nmeshface, "bvh node id", load) \
  X(M_rownnz,           0,  m.nv + 1,                "row length",            load)            \
  X(M_rowadr,           0,  m.nC + 1,                "row address",           load)            \
  X(M_colind,           0,  m.nv,                    "dof id",                load)            \
  X(mapM2M,             0,  m.nM,                    "qM address",            load)            \
  X(D_rownnz,           0,  m.nv + 1,                "row length",            load)            \
  X(D_rowadr,           0,  m.nD + 1,                "row address",           load)            \
  X(D_diag,             0,  m.nD,                    "D address",             load)            \
  X(D_colind,           0,  m.nv,                    "dof id",                load)            \
  X(B_rownnz,           0,  m.nv + 1,                "row length",            load)            \
  X(B_rowadr,           0,  m.nB + 1,                "row address",           load)            \
  X(B_colind,           0,  m.nv,                    "dof id",                load)            \
  X(mapM2D,            -1,  m.nC,                    "qM address",            load)            \
  X(mapD2M,             0,  m.nD,                    "D address",             load)            \
  X(numeric_adr,        0,  m.nnumericdata + 1,      "numeric_data address",  load)            \
  X(numeric_size,       0,  m.nnumericdata + 1,      "numeric size",          load)            \
  X(text_adr,           0,  m.ntextdata + 1,         "text_data address",     load)            \
  X(text_size,          0,  m.ntextdata + 1,         "text size",             load)            \
  X(tuple_adr,          0,  m.ntupledata + 1,        "tuple address",         load)            \
  X(tuple_size,         0,  m.ntupledata + 1,        "tuple size",            load)            \
  X(tex_adr,            0,  m.ntexdata + 1,          "tex_data address",      load)            \
  X(mat_texid,         -1,  m.ntex,                  "texture id",            load)            \
  X(skin_matid,        -1,  m.nmat,                  "material id",           load)            \
  X(skin_vertadr,       0,  m.nskinvert + 1,         "skin vertex address",   load)            \
  X(skin_vertnum,       0,  m.nskinvert + 1,         "skin vertex count",     load)            \
  X(skin_faceadr,       0,  m.nskinface + 1,         "skin face address",     load)            \
  X(skin_facenum,       0,  m.nskinface + 1,         "skin face count",       load)            \
  X(skin_boneadr,       0,  m.nskinbone + 1,         "skin bone address",     load)            \
  X(skin_bonenum,       0,  m.nskinbone + 1,         "skin bone count",       load)            \
  X(skin_face,          0,  m.nskinvert,             "skin vertex id",        load)            \
  X(skin_bonevertadr,   0,  m.nskinbonevert + 1,     "bone vertex address",   load)            \
  X(skin_bonevertnum,   0,  m.nskinbonevert + 1,     "bone vertex count",     load)            \
  X(skin_bonebodyid,    0,  m.nbody,                 "body id",               load)            \
  X(skin_bonevertid,    0,  m.nskinvert,             "skin vertex id",        load)

// address + count pairs of the table above: adr + num stays within the array they index
//     address             count                target
#define MJSIM_MODEL_SPAN_FIELDS(X)                                                             \
  X(body_jntadr,        body_jntnum,         m.njnt)                                           \
  X(body_dofadr,        body_dofnum,         m.nv)                                             \
  X(body_geomadr,       body_geomnum,        m.ngeom)                                          \
  X(body_bvhadr,        body_bvhnum,         m.nbvh)                                           \
  X(actuator_actadr,    actuator_actnum,     m.na)                                             \
  X(tendon_adr,         tendon_num,          m.nwrap)                                          \
  X(sensor_adr,         sensor_dim,          m.nsensordata)                                    \
  X(mesh_vertadr,       mesh_vertnum,        m.nmeshvert)                                      \
  X(mesh_faceadr,       mesh_facenum,        m.nmeshface)                                      \
  X(mesh_normaladr,     mesh_normalnum,      m.nmeshnormal)                                    \
  X(mesh_bvhadr,        mesh_bvhnum,         m.nbvh)                                           \
  X(mesh_polyadr,       mesh_polynum,        m.nmeshpoly)                                      \
  X(mesh_polyvertadr,   mesh_polyvertnum,    m.nmeshpolyvert)                                  \
  X(mesh_polymapadr,    mesh_polymapnum,     m.nmeshpolymap)                                   \
  X(M_rowadr,           M_rownnz,            m.nC)                                             \
  X(D_rowadr,           D_rownnz,            m.nD)                                             \
  X(B_rowadr,           B_rownnz,            m.nB)                                             \
  X(numeric_adr,        numeric_size,        m.nnumericdata)                                   \
  X(text_adr,           text_size,           m.ntextdata)                                      \
  X(tuple_adr,          tuple_size,          m.ntupledata)                                     \
  X(skin_vertadr,       skin_vertnum,        m.nskinvert)                                      \
  X(skin_faceadr,       skin_facenum,        m.nskinface)                                      \
  X(skin_boneadr,       skin_bonenum,        m.nskinbone)                                      \
  X(skin_bonevertadr,   skin_bonevertnum,    m.nskinbonevert)
