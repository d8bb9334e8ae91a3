// contact_frame.cc: tangent directions of a contact frame (see contact_frame.h).
#include "engine/collision/contact_frame.h"

#include <cmath>

#include "util/math3.h"

namespace mjsim {

void CompleteContactFrame(const mjtNum given[6], mjtNum frame[9]) {
  // on local copies (registers), stored once at the end: the axis as a table indexed at run
  // time, and the frame reloaded between steps, each stalled on a store (store forwarding)
  mjtNum normal[3] = {given[0], given[1], given[2]};
  mjtNum tangent1[3] = {given[3], given[4], given[5]};
  Normalize3(normal);
  if (tangent1[0] == 0 && tangent1[1] == 0 && tangent1[2] == 0) {
    // Gram-Schmidt of the y axis (the z axis when |n_y| >= 0.5) against n
    bool y_axis = std::abs(normal[1]) < 0.5;
    const mjtNum axis[3] = {0, y_axis ? 1.0 : 0.0, y_axis ? 0.0 : 1.0};
    mjtNum along = Dot3(normal, axis);
    for (int k = 0; k < 3; ++k) tangent1[k] = axis[k] - normal[k] * along;
    Normalize3(tangent1);
  }
  mjtNum tangent2[3];
  Cross3(tangent2, normal, tangent1);
  Copy3(frame, normal);
  Copy3(frame + 3, tangent1);
  Copy3(frame + 6, tangent2);
}

}  // namespace mjsim
