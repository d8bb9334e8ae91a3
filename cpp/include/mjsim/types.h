// types.h: basic numeric types and the enumerations, with MuJoCo's names and values.
#pragma once
#include <cstdint>

namespace mjsim {

using mjtNum = double;
using mjtByte = unsigned char;

constexpr mjtNum mjMINVAL = 1e-15;  // minimum value in any denominator
constexpr mjtNum mjPI = 3.14159265358979323846;

enum mjtJoint : int { mjJNT_FREE = 0, mjJNT_BALL, mjJNT_SLIDE, mjJNT_HINGE };

enum mjtGeom : int {
  mjGEOM_PLANE = 0, mjGEOM_HFIELD, mjGEOM_SPHERE, mjGEOM_CAPSULE, mjGEOM_ELLIPSOID,
  mjGEOM_CYLINDER, mjGEOM_BOX, mjGEOM_MESH, mjGEOM_SDF, mjNGEOMTYPES
};

enum mjtObj : int {
  mjOBJ_UNKNOWN = 0, mjOBJ_BODY, mjOBJ_XBODY, mjOBJ_JOINT, mjOBJ_DOF, mjOBJ_GEOM, mjOBJ_SITE,
  mjOBJ_CAMERA, mjOBJ_LIGHT, mjOBJ_FLEX, mjOBJ_MESH, mjOBJ_SKIN, mjOBJ_HFIELD, mjOBJ_TEXTURE,
  mjOBJ_MATERIAL, mjOBJ_PAIR, mjOBJ_EXCLUDE, mjOBJ_EQUALITY, mjOBJ_TENDON, mjOBJ_ACTUATOR,
  mjOBJ_SENSOR, mjOBJ_NUMERIC, mjOBJ_TEXT, mjOBJ_TUPLE, mjOBJ_KEY, mjOBJ_PLUGIN, mjNOBJECT,
  mjOBJ_FRAME = 100, mjOBJ_DEFAULT, mjOBJ_MODEL
};

// number of qpos and qvel entries per joint type
inline int JointQposCount(int type) { return type == mjJNT_FREE ? 7 : type == mjJNT_BALL ? 4 : 1; }
inline int JointDofCount(int type) { return type == mjJNT_FREE ? 6 : type == mjJNT_BALL ? 3 : 1; }

}  // namespace mjsim
