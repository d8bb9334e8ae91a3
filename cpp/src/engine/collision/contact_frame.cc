// contact_frame.cc: tangent directions of a contact frame (see contact_frame.h).
#include "engine/collision/contact_frame.h"

#include <cmath>

#include "util/math3.h"

namespace mjsim {

void CompleteContactFrame(mjtNum frame[9]) {
  mjtNum* normal = frame;
  Normalize3(normal);
  mjtNum* tangent1 = frame + 3;
  mjtNum* tangent2 = frame + 6;
  if (tangent1[0] != 0 || tangent1[1] != 0 || tangent1[2] != 0) {
    Cross3(tangent2, normal, tangent1);
    return;
  }
  // Gram-Schmidt of the y axis (the z axis when |n_y| >= 0.5) against n, then t2 = n x t1.
  mjtNum axis[3] = {0, 0, 0};
  axis[std::abs(normal[1]) < 0.5 ? 1 : 2] = 1;
  mjtNum along = Dot3(normal, axis);
  for (int k = 0; k < 3; ++k) tangent1[k] = axis[k] - normal[k] * along;
  Normalize3(tangent1);
  Cross3(tangent2, normal, tangent1);
}

}  // namespace mjsim
