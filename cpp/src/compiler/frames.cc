// frames.cc: orientation forms -> unit quaternions (checklist B.4, MJCF reference "Frame
// orientations").
#include "compiler/frames.h"

#include "util/math3.h"

namespace mjsim {
namespace {

// euler angles (a1,a2,a3) about the axes named by eulerseq: a lowercase axis rotates with the
// frame (q = q * qi), an uppercase axis is fixed in the parent (q = qi * q)
void EulerToQuat(mjtNum quat[4], const mjtNum angles[3], const SpecCompiler& compiler) {
  quat[0] = 1; quat[1] = quat[2] = quat[3] = 0;
  for (int i = 0; i < 3; ++i) {
    char axis_name = compiler.eulerseq[i];
    mjtNum axis[3] = {0, 0, 0};
    axis[(axis_name | 0x20) - 'x'] = 1;  // 'x','X' -> 0, 'y','Y' -> 1, 'z','Z' -> 2
    mjtNum step[4];
    AxisAngleToQuat(step, axis, AngleToRadians(angles[i], compiler));
    bool intrinsic = axis_name >= 'a';
    if (intrinsic) {
      MulQuat(quat, quat, step);
    } else {
      MulQuat(quat, step, quat);
    }
  }
}

// xyaxes: x normalized, y made orthogonal to x and normalized, z = x cross y
void XYAxesToQuat(mjtNum quat[4], const mjtNum values[6]) {
  mjtNum x[3] = {values[0], values[1], values[2]};
  mjtNum y[3] = {values[3], values[4], values[5]};
  Normalize3(x);
  AddScaledTo3(y, x, -Dot3(x, y));
  Normalize3(y);
  mjtNum z[3];
  Cross3(z, x, y);
  Normalize3(z);
  mjtNum R[9] = {x[0], y[0], z[0], x[1], y[1], z[1], x[2], y[2], z[2]};
  MatToQuat(quat, R);
}

}  // namespace

void OrientationToQuat(mjtNum quat[4], const Orientation& orientation,
                       const SpecCompiler& compiler) {
  const mjtNum* values = orientation.values;
  switch (orientation.form) {
    case Orientation::Form::kQuat:
      Copy4(quat, values);
      NormalizeQuat(quat);
      break;
    case Orientation::Form::kAxisAngle:
      AxisAngleToQuat(quat, values, AngleToRadians(values[3], compiler));
      break;
    case Orientation::Form::kEuler:
      EulerToQuat(quat, values, compiler);
      break;
    case Orientation::Form::kXYAxes:
      XYAxesToQuat(quat, values);
      break;
    case Orientation::Form::kZAxis:
      ZAxisToQuat(quat, values);
      break;
  }
}

mjtNum FromToFrame(mjtNum pos[3], mjtNum quat[4], const std::vector<mjtNum>& fromto) {
  const mjtNum* from = fromto.data();
  const mjtNum* to = fromto.data() + 3;
  for (int i = 0; i < 3; ++i) pos[i] = 0.5 * (from[i] + to[i]);
  mjtNum direction[3];
  Sub3(direction, from, to);
  ZAxisToQuat(quat, direction);
  return 0.5 * Norm3(direction);
}

}  // namespace mjsim
