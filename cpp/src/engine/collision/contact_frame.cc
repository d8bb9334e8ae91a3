// contact_frame.cc: tangent directions of a contact frame (see contact_frame.h).
#include "engine/collision/contact_frame.h"

#include <cmath>

#include "util/math3.h"

namespace mjsim {

void CompleteContactFrame(mjtNum frame[9]) {
  const mjtNum* normal = frame;
  mjtNum* tangent1 = frame + 3;
  mjtNum* tangent2 = frame + 6;
  if (tangent1[0] != 0 || tangent1[1] != 0 || tangent1[2] != 0) {
    Normalize3(tangent1);
    Cross3(tangent2, normal, tangent1);
    return;
  }
  const mjtNum y_axis[3] = {0, 1, 0}, z_axis[3] = {0, 0, 1};
  Cross3(tangent2, normal, std::abs(normal[1]) < 0.5 ? y_axis : z_axis);
  Normalize3(tangent2);
  Cross3(tangent1, tangent2, normal);
}

}  // namespace mjsim
