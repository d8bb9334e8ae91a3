// math3.cc: the out-of-line rotation conversions of math3.h.
#include "util/math3.h"

namespace mjsim {

void MatToQuat(mjtNum q[4], const mjtNum R[9]) {
  mjtNum trace = R[0] + R[4] + R[8];
  if (trace > 0) {
    q[0] = 0.5 * std::sqrt(1 + trace);
    q[1] = 0.25 * (R[7] - R[5]) / q[0];
    q[2] = 0.25 * (R[2] - R[6]) / q[0];
    q[3] = 0.25 * (R[3] - R[1]) / q[0];
  } else if (R[0] > R[4] && R[0] > R[8]) {
    q[1] = 0.5 * std::sqrt(1 + R[0] - R[4] - R[8]);
    q[0] = 0.25 * (R[7] - R[5]) / q[1];
    q[2] = 0.25 * (R[1] + R[3]) / q[1];
    q[3] = 0.25 * (R[2] + R[6]) / q[1];
  } else if (R[4] > R[8]) {
    q[2] = 0.5 * std::sqrt(1 - R[0] + R[4] - R[8]);
    q[0] = 0.25 * (R[2] - R[6]) / q[2];
    q[1] = 0.25 * (R[1] + R[3]) / q[2];
    q[3] = 0.25 * (R[5] + R[7]) / q[2];
  } else {
    q[3] = 0.5 * std::sqrt(1 - R[0] - R[4] + R[8]);
    q[0] = 0.25 * (R[3] - R[1]) / q[3];
    q[1] = 0.25 * (R[2] + R[6]) / q[3];
    q[2] = 0.25 * (R[5] + R[7]) / q[3];
  }
  NormalizeQuat(q);
}

void AxisAngleToQuat(mjtNum q[4], const mjtNum axis[3], mjtNum angle) {
  mjtNum s = std::sin(angle / 2);
  q[0] = std::cos(angle / 2);
  q[1] = axis[0] * s; q[2] = axis[1] * s; q[3] = axis[2] * s;
}

void ZAxisToQuat(mjtNum q[4], const mjtNum vec[3]) {
  mjtNum z[3] = {vec[0], vec[1], vec[2]};
  if (Normalize3(z) < mjMINVAL) {  // no direction: the identity (measured: mju_quatZ2Vec)
    q[0] = 1;
    q[1] = q[2] = q[3] = 0;
    return;
  }
  // axis = (0,0,1) x z, angle between (0,0,1) and z
  mjtNum axis[3] = {-z[1], z[0], 0};
  mjtNum sine = Norm3(axis);
  if (sine < mjMINVAL) {  // parallel or anti-parallel to z: identity or half turn about x
    q[0] = z[2] < 0 ? 0 : 1;
    q[1] = z[2] < 0 ? 1 : 0;
    q[2] = q[3] = 0;
    return;
  }
  Normalize3(axis);
  AxisAngleToQuat(q, axis, std::atan2(sine, z[2]));
}

void QuatToRotationVector(mjtNum rotvec[3], const mjtNum quat[4]) {
  mjtNum q[4] = {quat[0], quat[1], quat[2], quat[3]};
  NormalizeQuat(q);
  mjtNum sin_half = Norm3(q + 1);
  Zero3(rotvec);
  if (sin_half < mjMINVAL) return;
  mjtNum angle = 2 * std::atan2(sin_half, q[0]);
  if (angle > mjPI) angle -= 2 * mjPI;
  Scale3(rotvec, q + 1, angle / sin_half);
}

void QuatDifference(mjtNum rotvec[3], const mjtNum qa[4], const mjtNum qb[4]) {
  mjtNum inverse[4], relative[4];
  ConjugateQuat(inverse, qa);
  MulQuat(relative, inverse, qb);
  QuatToRotationVector(rotvec, relative);
}

}  // namespace mjsim
