// frames.h: resolving MJCF's orientation forms and fromto into positions and unit quaternions
// (checklist B.4).
#pragma once
#include "spec/spec.h"

namespace mjsim {

// Unit quaternion of an orientation given in any of MJCF's forms. Angles (axisangle, euler) are
// in degrees when angle_is_degree.
void OrientationToQuat(mjtNum quat[4], const Orientation& orientation, const SpecCompiler& compiler);

// The frame of a geom or site given by fromto: pos is the midpoint, the z axis runs along the
// segment (the reference points it from `to` towards `from`); returns the half-length.
mjtNum FromToFrame(mjtNum pos[3], mjtNum quat[4], const std::vector<mjtNum>& fromto);

// Converts an angle written in the compiler's unit into radians.
inline mjtNum AngleToRadians(mjtNum angle, const SpecCompiler& compiler) {
  return compiler.angle_is_degree ? angle * mjPI / 180 : angle;
}

}  // namespace mjsim
