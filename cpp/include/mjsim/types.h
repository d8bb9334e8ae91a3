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

enum mjtDisableBit : int {
  mjDSBL_CONSTRAINT = 1 << 0, mjDSBL_EQUALITY = 1 << 1, mjDSBL_FRICTIONLOSS = 1 << 2,
  mjDSBL_LIMIT = 1 << 3, mjDSBL_CONTACT = 1 << 4, mjDSBL_SPRING = 1 << 5, mjDSBL_DAMPER = 1 << 6,
  mjDSBL_GRAVITY = 1 << 7, mjDSBL_CLAMPCTRL = 1 << 8, mjDSBL_WARMSTART = 1 << 9,
  mjDSBL_FILTERPARENT = 1 << 10, mjDSBL_ACTUATION = 1 << 11, mjDSBL_REFSAFE = 1 << 12,
  mjDSBL_SENSOR = 1 << 13, mjDSBL_MIDPHASE = 1 << 14, mjDSBL_EULERDAMP = 1 << 15,
  mjDSBL_AUTORESET = 1 << 16, mjDSBL_NATIVECCD = 1 << 17, mjDSBL_ISLAND = 1 << 18,
  mjNDISABLE = 19
};

enum mjtEnableBit : int {
  mjENBL_OVERRIDE = 1 << 0, mjENBL_ENERGY = 1 << 1, mjENBL_FWDINV = 1 << 2,
  mjENBL_INVDISCRETE = 1 << 3, mjENBL_MULTICCD = 1 << 4, mjNENABLE = 5
};

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
// the pipeline stages timed in Data::timer
enum mjtTimer : int {
  mjTIMER_STEP = 0, mjTIMER_FORWARD, mjTIMER_INVERSE, mjTIMER_POSITION, mjTIMER_VELOCITY,
  mjTIMER_ACTUATION, mjTIMER_CONSTRAINT, mjTIMER_ADVANCE, mjTIMER_POS_KINEMATICS,
  mjTIMER_POS_INERTIA, mjTIMER_POS_COLLISION, mjTIMER_POS_MAKE, mjTIMER_POS_PROJECT,
  mjTIMER_COL_BROAD, mjTIMER_COL_NARROW, mjNTIMER
};
enum mjtEnergy : int { mjENERGY_POTENTIAL = 0, mjENERGY_KINETIC };

// number of qpos and qvel entries per joint type
inline int JointQposCount(int type) { return type == mjJNT_FREE ? 7 : type == mjJNT_BALL ? 4 : 1; }
inline int JointDofCount(int type) { return type == mjJNT_FREE ? 6 : type == mjJNT_BALL ? 3 : 1; }

}  // namespace mjsim
