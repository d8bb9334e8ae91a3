// frames.h: resolving MJCF's orientation forms and fromto into positions and unit quaternions
// (checklist B.4).
#pragma once
#include "spec/spec.h"

namespace mjsim {

// Unit quaternion of an orientation given in any of MJCF's forms. Angles (axisangle, euler) are
// in degrees when angle_is_degree.
void OrientationToQuat(mjtNum quat[4], const Orientation& orientation, const SpecCompiler& compiler);

// Why an orientation gives no frame ("zaxis too small", ...), nullptr when it gives one; the
// compiler rejects such an element naming it.
const char* OrientationProblem(const Orientation& orientation);

// The frame of a geom or site given by fromto: pos is the midpoint, the z axis runs along the
// segment (the reference points it from `to` towards `from`); returns the half-length.
mjtNum FromToFrame(mjtNum pos[3], mjtNum quat[4], const std::vector<mjtNum>& fromto);

// Converts a joint angle (range, ref, springref) written in the compiler's unit into radians;
// in degrees the reference rounds it as angle * (pi / 180) (observed bit for bit).
inline mjtNum AngleToRadians(mjtNum angle, const SpecCompiler& compiler) {
  return compiler.angle_is_degree ? angle * (mjPI / 180) : angle;
}

// Whether a joint's limited attribute resolves to true: "auto" limits only an ordered range when
// compiler autolimits is on ("0 0" counts as not given); free joints are never limited (measured:
// "1 -1", "1 1" and "0 0" stay unlimited).
inline bool JointIsLimited(const SpecJoint& joint, const SpecCompiler& compiler) {
  if (joint.type == mjJNT_FREE) return false;
  bool given = joint.range_given && (joint.range[0] != 0 || joint.range[1] != 0);
  return joint.limited == 1 ||
         (joint.limited == 2 && compiler.autolimits && given && joint.range[0] < joint.range[1]);
}

// Converts an orientation angle (euler, axisangle) into radians; in degrees the reference rounds
// it as angle / 180 * pi (observed bit for bit), unlike joint angles.
inline mjtNum OrientationAngleToRadians(mjtNum angle, const SpecCompiler& compiler) {
  return compiler.angle_is_degree ? angle / 180 * mjPI : angle;
}

}  // namespace mjsim
