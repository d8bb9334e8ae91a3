// transforms.h: the small vector and matrix helpers of the render layer (column-major, as GL)
#pragma once
#include <cmath>

namespace mjsim {

inline void Cross(float r[3], const float a[3], const float b[3]) {
  r[0] = a[1] * b[2] - a[2] * b[1];
  r[1] = a[2] * b[0] - a[0] * b[2];
  r[2] = a[0] * b[1] - a[1] * b[0];
}
inline float Dot(const float a[3], const float b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
inline void Normalize(float v[3]) {
  float norm = std::sqrt(Dot(v, v));
  if (norm > 0) v[0] /= norm, v[1] /= norm, v[2] /= norm;
}

// world to eye: x right, y along `up`, looking down -z along `forward` (both unit, orthogonal)
inline void LookAt(float m[16], const float pos[3], const float forward[3], const float up[3]) {
  float right[3];
  Cross(right, forward, up);
  const float view[16] = {right[0], up[0], -forward[0], 0,
                          right[1], up[1], -forward[1], 0,
                          right[2], up[2], -forward[2], 0,
                          -Dot(right, pos), -Dot(up, pos), Dot(forward, pos), 1};
  for (int i = 0; i < 16; ++i) m[i] = view[i];
}

}  // namespace mjsim
