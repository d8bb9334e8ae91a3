// math3.h: small dense math on 3-vectors, 3x3 row-major matrices and unit quaternions (w,x,y,z).
// Conventions are MuJoCo's: matrices are row-major, a quaternion q rotates a vector v as q v q*,
// and q1*q2 applies q2 in the frame of q1.
#pragma once
#include <cmath>

#include "mjsim/types.h"

namespace mjsim {

// max(x, 0) exactly as std::fmax(x, 0) gives it (NaN and -0 give +0), without its libm call
inline mjtNum PositivePart(mjtNum x) { return x > 0 ? x : 0; }

inline void Zero3(mjtNum r[3]) { r[0] = r[1] = r[2] = 0; }
inline void Copy2(mjtNum r[2], const mjtNum a[2]) { r[0] = a[0]; r[1] = a[1]; }
inline void Copy3(mjtNum r[3], const mjtNum a[3]) { r[0] = a[0]; r[1] = a[1]; r[2] = a[2]; }
inline void Copy4(mjtNum r[4], const mjtNum a[4]) {
  r[0] = a[0]; r[1] = a[1]; r[2] = a[2]; r[3] = a[3];
}
inline void Copy9(mjtNum r[9], const mjtNum a[9]) {
  for (int i = 0; i < 9; ++i) r[i] = a[i];
}
inline void Add3(mjtNum r[3], const mjtNum a[3], const mjtNum b[3]) {
  r[0] = a[0] + b[0]; r[1] = a[1] + b[1]; r[2] = a[2] + b[2];
}
inline void AddTo3(mjtNum r[3], const mjtNum a[3]) { r[0] += a[0]; r[1] += a[1]; r[2] += a[2]; }
inline void AddScaledTo3(mjtNum r[3], const mjtNum a[3], mjtNum s) {
  r[0] += s * a[0]; r[1] += s * a[1]; r[2] += s * a[2];
}
inline void Sub3(mjtNum r[3], const mjtNum a[3], const mjtNum b[3]) {
  r[0] = a[0] - b[0]; r[1] = a[1] - b[1]; r[2] = a[2] - b[2];
}
inline void Scale3(mjtNum r[3], const mjtNum a[3], mjtNum s) {
  r[0] = a[0] * s; r[1] = a[1] * s; r[2] = a[2] * s;
}
inline mjtNum Dot3(const mjtNum a[3], const mjtNum b[3]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
inline mjtNum Norm3(const mjtNum a[3]) { return std::sqrt(Dot3(a, a)); }
inline void Cross3(mjtNum r[3], const mjtNum a[3], const mjtNum b[3]) {
  mjtNum t0 = a[1] * b[2] - a[2] * b[1];
  mjtNum t1 = a[2] * b[0] - a[0] * b[2];
  mjtNum t2 = a[0] * b[1] - a[1] * b[0];
  r[0] = t0; r[1] = t1; r[2] = t2;
}

// Scales a to unit length and returns its former length; a tiny vector becomes (1,0,0).
inline mjtNum Normalize3(mjtNum a[3]) {
  mjtNum norm = Norm3(a);
  if (norm < mjMINVAL) {
    a[0] = 1; a[1] = a[2] = 0;
  } else {
    Scale3(a, a, 1 / norm);
  }
  return norm;
}

// a divided by its length (a tiny vector becomes (1,0,0)); returns the former length. The
// reference's compiler normalizes joint axes this way (measured bit for bit on jnt_axis).
inline mjtNum Normalize3ByDivision(mjtNum a[3]) {
  mjtNum norm = Norm3(a);
  if (norm < mjMINVAL) {
    a[0] = 1; a[1] = a[2] = 0;
  } else {
    for (int i = 0; i < 3; ++i) a[i] /= norm;
  }
  return norm;
}

// Scales q to unit length and returns its former length; a tiny quaternion becomes (1,0,0,0).
// As the reference's engine (measured bit for bit on mju_normalize4): the norm of the sum of
// squares in order, q times 1/norm, and q left as it is when its norm is within mjMINVAL of 1.
inline mjtNum NormalizeQuat(mjtNum q[4]) {
  mjtNum norm = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (norm < mjMINVAL) {
    q[0] = 1; q[1] = q[2] = q[3] = 0;
  } else if (std::abs(norm - 1) > mjMINVAL) {
    mjtNum inverse = 1 / norm;
    for (int i = 0; i < 4; ++i) q[i] *= inverse;
  }
  return norm;
}

// q divided by its norm (a tiny quaternion becomes (1,0,0,0)); returns the former norm. The
// reference's compiler normalizes the quaternions it reads this way (measured bit for bit on
// body quat attributes), unlike its engine (NormalizeQuat).
inline mjtNum NormalizeQuatByDivision(mjtNum q[4]) {
  mjtNum norm = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (norm < mjMINVAL) {
    q[0] = 1; q[1] = q[2] = q[3] = 0;
  } else {
    for (int i = 0; i < 4; ++i) q[i] /= norm;
  }
  return norm;
}

// r = M v and r = M' v for row-major 3x3 M
inline void MulMatVec3(mjtNum r[3], const mjtNum M[9], const mjtNum v[3]) {
  mjtNum t0 = M[0] * v[0] + M[1] * v[1] + M[2] * v[2];
  mjtNum t1 = M[3] * v[0] + M[4] * v[1] + M[5] * v[2];
  mjtNum t2 = M[6] * v[0] + M[7] * v[1] + M[8] * v[2];
  r[0] = t0; r[1] = t1; r[2] = t2;
}
inline void MulMatTVec3(mjtNum r[3], const mjtNum M[9], const mjtNum v[3]) {
  mjtNum t0 = M[0] * v[0] + M[3] * v[1] + M[6] * v[2];
  mjtNum t1 = M[1] * v[0] + M[4] * v[1] + M[7] * v[2];
  mjtNum t2 = M[2] * v[0] + M[5] * v[1] + M[8] * v[2];
  r[0] = t0; r[1] = t1; r[2] = t2;
}
// r = A B (3x3, row-major); r may not alias A or B
inline void MulMat3(mjtNum r[9], const mjtNum A[9], const mjtNum B[9]) {
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      r[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
    }
  }
}

// r = a * b (Hamilton product); r may alias a or b
inline void MulQuat(mjtNum r[4], const mjtNum a[4], const mjtNum b[4]) {
  mjtNum t0 = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
  mjtNum t1 = a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2];
  mjtNum t2 = a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1];
  mjtNum t3 = a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0];
  r[0] = t0; r[1] = t1; r[2] = t2; r[3] = t3;
}

inline void ConjugateQuat(mjtNum r[4], const mjtNum q[4]) {
  r[0] = q[0]; r[1] = -q[1]; r[2] = -q[2]; r[3] = -q[3];
}

// rotation matrix of a unit quaternion
inline void QuatToMat(mjtNum R[9], const mjtNum q[4]) {
  mjtNum ww = q[0] * q[0], xx = q[1] * q[1], yy = q[2] * q[2], zz = q[3] * q[3];
  mjtNum wx = q[0] * q[1], wy = q[0] * q[2], wz = q[0] * q[3];
  mjtNum xy = q[1] * q[2], xz = q[1] * q[3], yz = q[2] * q[3];
  R[0] = ww + xx - yy - zz; R[1] = 2 * (xy - wz);         R[2] = 2 * (xz + wy);
  R[3] = 2 * (xy + wz);     R[4] = ww - xx + yy - zz;     R[5] = 2 * (yz - wx);
  R[6] = 2 * (xz - wy);     R[7] = 2 * (yz + wx);         R[8] = ww - xx - yy + zz;
}

// r = q v q* (rotate v by unit quaternion q, u its vector part); r may alias v. As the
// reference (measured bit for bit on mju_rotVecQuat): t = w v + u x v, r = v + 2 u x t.
inline void RotateVecByQuat(mjtNum r[3], const mjtNum v[3], const mjtNum q[4]) {
  mjtNum t0 = q[0] * v[0] + q[2] * v[2] - q[3] * v[1];
  mjtNum t1 = q[0] * v[1] + q[3] * v[0] - q[1] * v[2];
  mjtNum t2 = q[0] * v[2] + q[1] * v[1] - q[2] * v[0];
  mjtNum r0 = v[0] + 2 * (q[2] * t2 - q[3] * t1);
  mjtNum r1 = v[1] + 2 * (q[3] * t0 - q[1] * t2);
  mjtNum r2 = v[2] + 2 * (q[1] * t1 - q[2] * t0);
  r[0] = r0; r[1] = r1; r[2] = r2;
}

// r = R(q) v through the rotation matrix: the reference's compiler rotates this way in places
// (bounding volumes, measured bit for bit); r may alias v
inline void RotateVecByQuatMatrix(mjtNum r[3], const mjtNum v[3], const mjtNum q[4]) {
  mjtNum R[9];
  QuatToMat(R, q);
  MulMatVec3(r, R, v);
}

// unit quaternion of a rotation matrix (Shepperd's method: branch on the largest of
// trace and diagonal so the square root is well conditioned), then normalized
void MatToQuat(mjtNum q[4], const mjtNum R[9]);

// quaternion (cos(angle/2), axis sin(angle/2)) of a rotation by angle (radians) about a unit
// axis (not normalized here, as the reference's engine)
void AxisAngleToQuat(mjtNum q[4], const mjtNum axis[3], mjtNum angle);

// rotation vector (axis * angle, angle in [-pi, pi]) of a quaternion, normalized first
void QuatToRotationVector(mjtNum rotvec[3], const mjtNum quat[4]);
// the rotation vector (local to qa) of the rotation taking qa to qb: of conj(qa) * qb
void QuatDifference(mjtNum rotvec[3], const mjtNum qa[4], const mjtNum qb[4]);

// the minimal rotation taking (0,0,1) onto the direction of vec
void ZAxisToQuat(mjtNum q[4], const mjtNum vec[3]);

}  // namespace mjsim
