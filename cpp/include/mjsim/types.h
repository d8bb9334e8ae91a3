// types.h: basic numeric types and the enumerations, with MuJoCo's names and values.
#pragma once
#include <cstdint>

namespace mjsim {

using mjtNum = double;
using mjtByte = unsigned char;

// a struct member of a member table (X(type, name, count, ...)): a scalar for count 1, an
// array otherwise
template <typename T, int count> struct MemberStorage { using Storage = T[count]; };
template <typename T> struct MemberStorage<T, 1> { using Storage = T; };

constexpr mjtNum mjMINVAL = 1e-15;  // minimum value in any denominator
constexpr mjtNum mjPI = 3.14159265358979323846;

enum mjtJoint : int { mjJNT_FREE = 0, mjJNT_BALL, mjJNT_SLIDE, mjJNT_HINGE };

enum mjtGeom : int {
  mjGEOM_PLANE = 0, mjGEOM_HFIELD, mjGEOM_SPHERE, mjGEOM_CAPSULE, mjGEOM_ELLIPSOID,
  mjGEOM_CYLINDER, mjGEOM_BOX, mjGEOM_MESH, mjGEOM_SDF, mjNGEOMTYPES
};

// mjtEq: equality constraint types; each row of eq_data holds mjNEQDATA numbers
enum mjtEq : int { mjEQ_CONNECT = 0, mjEQ_WELD, mjEQ_JOINT, mjEQ_TENDON, mjEQ_FLEX, mjEQ_DISTANCE };
constexpr int mjNEQDATA = 11;
// the kind of one object in a tendon's path (Model.wrap_type)
enum mjtWrap : int {
  mjWRAP_NONE = 0, mjWRAP_JOINT, mjWRAP_PULLEY, mjWRAP_SITE, mjWRAP_SPHERE, mjWRAP_CYLINDER
};

enum mjtObj : int {
  mjOBJ_UNKNOWN = 0, mjOBJ_BODY, mjOBJ_XBODY, mjOBJ_JOINT, mjOBJ_DOF, mjOBJ_GEOM, mjOBJ_SITE,
  mjOBJ_CAMERA, mjOBJ_LIGHT, mjOBJ_FLEX, mjOBJ_MESH, mjOBJ_SKIN, mjOBJ_HFIELD, mjOBJ_TEXTURE,
  mjOBJ_MATERIAL, mjOBJ_PAIR, mjOBJ_EXCLUDE, mjOBJ_EQUALITY, mjOBJ_TENDON, mjOBJ_ACTUATOR,
  mjOBJ_SENSOR, mjOBJ_NUMERIC, mjOBJ_TEXT, mjOBJ_TUPLE, mjOBJ_KEY, mjOBJ_PLUGIN, mjNOBJECT,
  mjOBJ_FRAME = 100, mjOBJ_DEFAULT, mjOBJ_MODEL
};

// mjtDisableBit and mjtEnableBit, one row per flag in bit order: X(bit, XML attribute of
// <option><flag>, name in mjDISABLESTRING / mjENABLESTRING)
#define MJSIM_DISABLE_BITS(X)                                                                  \
  X(mjDSBL_CONSTRAINT, "constraint", "Constraint")                                          \
  X(mjDSBL_EQUALITY, "equality", "Equality")                                                \
  X(mjDSBL_FRICTIONLOSS, "frictionloss", "Frictionloss")                                    \
  X(mjDSBL_LIMIT, "limit", "Limit")                                                         \
  X(mjDSBL_CONTACT, "contact", "Contact")                                                   \
  X(mjDSBL_SPRING, "spring", "Spring")                                                      \
  X(mjDSBL_DAMPER, "damper", "Damper")                                                      \
  X(mjDSBL_GRAVITY, "gravity", "Gravity")                                                   \
  X(mjDSBL_CLAMPCTRL, "clampctrl", "Clampctrl")                                             \
  X(mjDSBL_WARMSTART, "warmstart", "Warmstart")                                             \
  X(mjDSBL_FILTERPARENT, "filterparent", "Filterparent")                                    \
  X(mjDSBL_ACTUATION, "actuation", "Actuation")                                             \
  X(mjDSBL_REFSAFE, "refsafe", "Refsafe")                                                   \
  X(mjDSBL_SENSOR, "sensor", "Sensor")                                                      \
  X(mjDSBL_MIDPHASE, "midphase", "Midphase")                                                \
  X(mjDSBL_EULERDAMP, "eulerdamp", "Eulerdamp")                                             \
  X(mjDSBL_AUTORESET, "autoreset", "AutoReset")                                             \
  X(mjDSBL_NATIVECCD, "nativeccd", "NativeCCD")                                             \
  X(mjDSBL_ISLAND, "island", "Island")
#define MJSIM_ENABLE_BITS(X)                                                                   \
  X(mjENBL_OVERRIDE, "override", "Override")                                                \
  X(mjENBL_ENERGY, "energy", "Energy")                                                      \
  X(mjENBL_FWDINV, "fwdinv", "Fwdinv")                                                      \
  X(mjENBL_INVDISCRETE, "invdiscrete", "InvDiscrete")                                       \
  X(mjENBL_MULTICCD, "multiccd", "MultiCCD")

// a flag table's row i is bit 1 << i; the count closes the enum (mjNDISABLE, mjNENABLE)
namespace flag_index {
#define MJSIM_X(bit, xml, text) bit,
enum Disable : int { MJSIM_DISABLE_BITS(MJSIM_X) kDisableCount };
enum Enable : int { MJSIM_ENABLE_BITS(MJSIM_X) kEnableCount };
#undef MJSIM_X
}  // namespace flag_index
#define MJSIM_X(bit, xml, text) bit = 1 << flag_index::bit,
enum mjtDisableBit : int { MJSIM_DISABLE_BITS(MJSIM_X) mjNDISABLE = flag_index::kDisableCount };
enum mjtEnableBit : int { MJSIM_ENABLE_BITS(MJSIM_X) mjNENABLE = flag_index::kEnableCount };
#undef MJSIM_X

// actuators: transmission, activation dynamics, gain and bias types
enum mjtTrn : int {
  mjTRN_JOINT = 0, mjTRN_JOINTINPARENT, mjTRN_SLIDERCRANK, mjTRN_TENDON, mjTRN_SITE, mjTRN_BODY,
  mjTRN_UNDEFINED = 1000
};
enum mjtDyn : int {
  mjDYN_NONE = 0, mjDYN_INTEGRATOR, mjDYN_FILTER, mjDYN_FILTEREXACT, mjDYN_MUSCLE, mjDYN_USER
};
enum mjtGain : int { mjGAIN_FIXED = 0, mjGAIN_AFFINE, mjGAIN_MUSCLE, mjGAIN_USER };
enum mjtBias : int { mjBIAS_NONE = 0, mjBIAS_AFFINE, mjBIAS_MUSCLE, mjBIAS_USER };
constexpr int mjNDYN = 10, mjNGAIN = 10, mjNBIAS = 10;

enum mjtIntegrator : int { mjINT_EULER = 0, mjINT_RK4, mjINT_IMPLICIT, mjINT_IMPLICITFAST };
enum mjtCone : int { mjCONE_PYRAMIDAL = 0, mjCONE_ELLIPTIC };
enum mjtJacobian : int { mjJAC_DENSE = 0, mjJAC_SPARSE, mjJAC_AUTO };
enum mjtSolver : int { mjSOL_PGS = 0, mjSOL_CG, mjSOL_NEWTON };

// sensor types (mjtSensor), the data type of their outputs and the stage they need
enum mjtSensor : int {
  mjSENS_TOUCH = 0, mjSENS_ACCELEROMETER, mjSENS_VELOCIMETER, mjSENS_GYRO, mjSENS_FORCE,
  mjSENS_TORQUE, mjSENS_MAGNETOMETER, mjSENS_RANGEFINDER, mjSENS_CAMPROJECTION, mjSENS_JOINTPOS,
  mjSENS_JOINTVEL, mjSENS_TENDONPOS, mjSENS_TENDONVEL, mjSENS_ACTUATORPOS, mjSENS_ACTUATORVEL,
  mjSENS_ACTUATORFRC, mjSENS_JOINTACTFRC, mjSENS_TENDONACTFRC, mjSENS_BALLQUAT,
  mjSENS_BALLANGVEL, mjSENS_JOINTLIMITPOS, mjSENS_JOINTLIMITVEL, mjSENS_JOINTLIMITFRC,
  mjSENS_TENDONLIMITPOS, mjSENS_TENDONLIMITVEL, mjSENS_TENDONLIMITFRC, mjSENS_FRAMEPOS,
  mjSENS_FRAMEQUAT, mjSENS_FRAMEXAXIS, mjSENS_FRAMEYAXIS, mjSENS_FRAMEZAXIS, mjSENS_FRAMELINVEL,
  mjSENS_FRAMEANGVEL, mjSENS_FRAMELINACC, mjSENS_FRAMEANGACC, mjSENS_SUBTREECOM,
  mjSENS_SUBTREELINVEL, mjSENS_SUBTREEANGMOM, mjSENS_INSIDESITE, mjSENS_GEOMDIST,
  mjSENS_GEOMNORMAL, mjSENS_GEOMFROMTO, mjSENS_CONTACT, mjSENS_E_POTENTIAL, mjSENS_E_KINETIC,
  mjSENS_CLOCK, mjSENS_TACTILE, mjSENS_PLUGIN, mjSENS_USER
};
enum mjtDataType : int {
  mjDATATYPE_REAL = 0, mjDATATYPE_POSITIVE, mjDATATYPE_AXIS, mjDATATYPE_QUATERNION
};
enum mjtStage : int { mjSTAGE_NONE = 0, mjSTAGE_POS, mjSTAGE_VEL, mjSTAGE_ACC };
// numerical trouble counted in Data::warning
enum mjtWarning : int {
  mjWARN_INERTIA = 0, mjWARN_CONTACTFULL, mjWARN_CNSTRFULL, mjWARN_VGEOMFULL, mjWARN_BADQPOS,
  mjWARN_BADQVEL, mjWARN_BADQACC, mjWARN_BADCTRL, mjNWARNING
};
// the pipeline stages timed in Data::timer: X(stage, name in mjTIMERSTRING), in mjtTimer order
#define MJSIM_TIMERS(X)                                                                        \
  X(mjTIMER_STEP, "step")                                                                   \
  X(mjTIMER_FORWARD, "forward")                                                             \
  X(mjTIMER_INVERSE, "inverse")                                                             \
  X(mjTIMER_POSITION, "position")                                                           \
  X(mjTIMER_VELOCITY, "velocity")                                                           \
  X(mjTIMER_ACTUATION, "actuation")                                                         \
  X(mjTIMER_CONSTRAINT, "constraint")                                                       \
  X(mjTIMER_ADVANCE, "advance")                                                             \
  X(mjTIMER_POS_KINEMATICS, "pos_kinematics")                                               \
  X(mjTIMER_POS_INERTIA, "pos_inertia")                                                     \
  X(mjTIMER_POS_COLLISION, "pos_collision")                                                 \
  X(mjTIMER_POS_MAKE, "pos_make")                                                           \
  X(mjTIMER_POS_PROJECT, "pos_project")                                                     \
  X(mjTIMER_COL_BROAD, "col_broadphase")                                                    \
  X(mjTIMER_COL_NARROW, "col_narrowphase")
#define MJSIM_X(stage, text) stage,
enum mjtTimer : int { MJSIM_TIMERS(MJSIM_X) mjNTIMER };
#undef MJSIM_X
enum mjtEnergy : int { mjENERGY_POTENTIAL = 0, mjENERGY_KINETIC };

// number of qpos and qvel entries per joint type
inline int JointQposCount(int type) { return type == mjJNT_FREE ? 7 : type == mjJNT_BALL ? 4 : 1; }
inline int JointDofCount(int type) { return type == mjJNT_FREE ? 6 : type == mjJNT_BALL ? 3 : 1; }

}  // namespace mjsim
