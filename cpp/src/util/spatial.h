// spatial.h: 6-d spatial vectors in the com-based frame (Featherstone, "Rigid Body Dynamics
// Algorithms", ch. 2; Computation chapter, "com-based quantities"). Layout is MuJoCo's:
// motion (angular w : linear v) and force (torque n : force f), both at the c-frame origin;
// a com-based inertia is 10 numbers (I_xx I_yy I_zz I_xy I_xz I_yz, h = m*d, m), d the body
// com relative to the origin.
#pragma once
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

// force = I * motion for a com-based inertia:  torque = I w + h x v,  force = m v - h x w
inline void MulInertiaMotion(mjtNum force[6], const mjtNum inertia[10], const mjtNum motion[6]) {
  const mjtNum* w = motion;
  const mjtNum* v = motion + 3;
  const mjtNum* h = inertia + 6;
  mjtNum mass = inertia[9];
  force[0] = inertia[0] * w[0] + inertia[3] * w[1] + inertia[4] * w[2];
  force[1] = inertia[3] * w[0] + inertia[1] * w[1] + inertia[5] * w[2];
  force[2] = inertia[4] * w[0] + inertia[5] * w[1] + inertia[2] * w[2];
  mjtNum hv[3], hw[3];
  Cross3(hv, h, v);
  Cross3(hw, h, w);
  AddTo3(force, hv);
  for (int k = 0; k < 3; ++k) force[3 + k] = mass * v[k] - hw[k];
}

// power of a force on a motion
inline mjtNum DotMotionForce(const mjtNum motion[6], const mjtNum force[6]) {
  return Dot3(motion, force) + Dot3(motion + 3, force + 3);
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
