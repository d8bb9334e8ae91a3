// frames.cc: orientation forms -> unit quaternions (checklist B.4, MJCF reference "Frame
// orientations").
#include "compiler/frames.h"

#include <cmath>

#include "util/math3.h"

namespace mjsim {
namespace {

// v / |v| as the reference's compiler normalizes axes (observed bit for bit on fromto frames):
// left alone when |v| is within 1e-15 of 1, divided by |v| otherwise ((1,0,0) if v ~ 0).
void NormalizeAxisLikeReference(mjtNum v[3]) {
  mjtNum norm = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  if (norm < mjMINVAL) {
    v[0] = 1; v[1] = v[2] = 0;
    return;
  }
  if (std::fabs(norm - 1) <= mjMINVAL) return;
  for (int i = 0; i < 3; ++i) v[i] /= norm;
}

// The rotation by angle (radians) about axis, the axis normalized as above (observed bit for
// bit on random axisangle axes: division by |axis|, not multiplication by its reciprocal).
void CompilerAxisAngleToQuat(mjtNum quat[4], const mjtNum axis[3], mjtNum angle) {
  mjtNum unit[3] = {axis[0], axis[1], axis[2]};
  NormalizeAxisLikeReference(unit);
  mjtNum half_sine = std::sin(angle / 2);
  quat[0] = std::cos(angle / 2);
  for (int i = 0; i < 3; ++i) quat[1 + i] = half_sine * unit[i];
}

// euler angles (a1,a2,a3) about the axes named by eulerseq: a lowercase axis rotates with the
// frame (q = q * qi), an uppercase axis is fixed in the parent (q = qi * q)
void EulerToQuat(mjtNum quat[4], const mjtNum angles[3], const SpecCompiler& compiler) {
  quat[0] = 1; quat[1] = quat[2] = quat[3] = 0;
  for (int i = 0; i < 3; ++i) {
    char axis_name = compiler.eulerseq[i];
    mjtNum axis[3] = {0, 0, 0};
    axis[(axis_name | 0x20) - 'x'] = 1;  // 'x','X' -> 0, 'y','Y' -> 1, 'z','Z' -> 2
    mjtNum step[4];
    CompilerAxisAngleToQuat(step, axis, OrientationAngleToRadians(angles[i], compiler));
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

// The minimal rotation taking (0,0,1) onto vec, as the reference's compiler computes frames of
// zaxis and fromto (fitted bit for bit on random and axis-aligned directions; its API
// mju_quatZ2Vec differs): z = vec / |vec|, axis = (0,0,1) x z (the full cross product, so a
// zero component may be -0), angle = atan2(|axis|, z_z), axis normalized as above. When
// |axis| <= 1e-7 the frame is the identity, or if vec points down the half turn about x built
// from the angle pi: (cos(pi/2), sin(pi/2), 0, 0) = (6.1e-17, 1, 0, 0).
void CompilerZAxisToQuat(mjtNum quat[4], const mjtNum vec[3]) {
  mjtNum z[3] = {vec[0], vec[1], vec[2]};
  mjtNum norm = std::sqrt(z[0] * z[0] + z[1] * z[1] + z[2] * z[2]);
  if (norm < mjMINVAL) {
    quat[0] = 1; quat[1] = quat[2] = quat[3] = 0;
    return;
  }
  for (int i = 0; i < 3; ++i) z[i] /= norm;
  mjtNum axis[3] = {0 * z[2] - 1 * z[1], 1 * z[0] - 0 * z[2], 0 * z[1] - 0 * z[0]};
  mjtNum sine = std::sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
  mjtNum angle = std::atan2(sine, z[2]);
  if (sine <= 1e-7) {
    axis[0] = 1; axis[1] = axis[2] = 0;
    angle = z[2] < 0 ? mjPI : 0;
  }
  CompilerAxisAngleToQuat(quat, axis, angle);
}

// An axis of squared length below 1e-14 cannot orient a frame: the reference rejects |zaxis|
// = 1e-7 and accepts 1.0000001e-7 (also for axisangle's axis and for xyaxes' x, and y after it
// is made orthogonal to x).
bool IsTooShort(const mjtNum v[3]) { return Dot3(v, v) < 1e-14; }

const char* AxesProblem(const mjtNum values[6]) {
  mjtNum x[3] = {values[0], values[1], values[2]};
  mjtNum y[3] = {values[3], values[4], values[5]};
  if (IsTooShort(x)) return "xaxis too small";
  Normalize3(x);
  AddScaledTo3(y, x, -Dot3(x, y));
  return IsTooShort(y) ? "yaxis too small" : nullptr;
}

}  // namespace

const char* OrientationProblem(const Orientation& orientation) {
  const mjtNum* values = orientation.Values();
  switch (orientation.form) {
    case Orientation::Form::kAxisAngle: return IsTooShort(values) ? "axisangle too small" : nullptr;
    case Orientation::Form::kXYAxes: return AxesProblem(values);
    case Orientation::Form::kZAxis: return IsTooShort(values) ? "zaxis too small" : nullptr;
    default: return nullptr;
  }
}

void OrientationToQuat(mjtNum quat[4], const Orientation& orientation,
                       const SpecCompiler& compiler) {
  const mjtNum* values = orientation.Values();
  switch (orientation.form) {
    case Orientation::Form::kQuat:
      Copy4(quat, values);
      NormalizeQuatByDivision(quat);
      break;
    case Orientation::Form::kAxisAngle:
      CompilerAxisAngleToQuat(quat, values, OrientationAngleToRadians(values[3], compiler));
      break;
    case Orientation::Form::kEuler:
      EulerToQuat(quat, values, compiler);
      break;
    case Orientation::Form::kXYAxes:
      XYAxesToQuat(quat, values);
      break;
    case Orientation::Form::kZAxis:
      CompilerZAxisToQuat(quat, values);
      break;
  }
}

mjtNum FromToFrame(mjtNum pos[3], mjtNum quat[4], const std::vector<mjtNum>& fromto) {
  const mjtNum* from = fromto.data();
  const mjtNum* to = fromto.data() + 3;
  for (int i = 0; i < 3; ++i) pos[i] = 0.5 * (from[i] + to[i]);
  mjtNum direction[3];
  Sub3(direction, from, to);
  CompilerZAxisToQuat(quat, direction);
  return 0.5 * Norm3(direction);
}

}  // namespace mjsim
