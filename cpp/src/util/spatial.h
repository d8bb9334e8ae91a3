// spatial.h: 6-d spatial vectors in the com-based frame (Featherstone, "Rigid Body Dynamics
// Algorithms", ch. 2; Computation chapter, "com-based quantities"). Layout is MuJoCo's:
// motion (angular w : linear v) and force (torque n : force f), both at the c-frame origin;
// a com-based inertia is 10 numbers (I_xx I_yy I_zz I_xy I_xz I_yz, h = m*d, m), d the body
// com relative to the origin.
#pragma once
#include "util/dot.h"
#include "util/math3.h"

namespace mjsim {

// motion cross product, r = a x_m b:  (wa x wb,  wa x vb + va x wb); r may not alias a or b
inline void CrossMotion(mjtNum r[6], const mjtNum a[6], const mjtNum b[6]) {
  mjtNum t[3];
  Cross3(r, a, b);
  Cross3(r + 3, a, b + 3);
  Cross3(t, a + 3, b);
  AddTo3(r + 3, t);
}

// force cross product, r = a x_f f:  (wa x n + va x f,  wa x f); r may not alias a or f
inline void CrossForce(mjtNum r[6], const mjtNum a[6], const mjtNum f[6]) {
  mjtNum t[3];
  Cross3(r, a, f);
  Cross3(t, a + 3, f + 3);
  AddTo3(r, t);
  Cross3(r + 3, a, f + 3);
}

// force = I * motion for a com-based inertia:  torque = I w + h x v,  force = m v - h x w,
// each entry one sum in the reference's order (bit-equal qM and crb products, measured)
inline void MulInertiaMotion(mjtNum force[6], const mjtNum inertia[10], const mjtNum motion[6]) {
  const mjtNum* i = inertia;
  const mjtNum* v = motion;
  mjtNum f0 = i[0] * v[0] + i[3] * v[1] + i[4] * v[2] - i[8] * v[4] + i[7] * v[5];
  mjtNum f1 = i[3] * v[0] + i[1] * v[1] + i[5] * v[2] + i[8] * v[3] - i[6] * v[5];
  mjtNum f2 = i[4] * v[0] + i[5] * v[1] + i[2] * v[2] - i[7] * v[3] + i[6] * v[4];
  mjtNum f3 = i[8] * v[1] - i[7] * v[2] + i[9] * v[3];
  mjtNum f4 = i[6] * v[2] - i[8] * v[0] + i[9] * v[4];
  mjtNum f5 = i[7] * v[0] - i[6] * v[1] + i[9] * v[5];
  force[0] = f0; force[1] = f1; force[2] = f2; force[3] = f3; force[4] = f4; force[5] = f5;
}

// power of a force on a motion (summed as the reference's mju_dot: util/dot.h)
inline mjtNum DotMotionForce(const mjtNum motion[6], const mjtNum force[6]) {
  return Dot(motion, force, 6);
}

inline void Zero6(mjtNum r[6]) {
  for (int k = 0; k < 6; ++k) r[k] = 0;
}
inline void Copy6(mjtNum r[6], const mjtNum a[6]) {
  for (int k = 0; k < 6; ++k) r[k] = a[k];
}
inline void AddTo6(mjtNum r[6], const mjtNum a[6]) {
  for (int k = 0; k < 6; ++k) r[k] += a[k];
}
inline void AddScaledTo6(mjtNum r[6], const mjtNum a[6], mjtNum s) {
  for (int k = 0; k < 6; ++k) r[k] += s * a[k];
}

}  // namespace mjsim
