// contact_frame.h: the contact frame from its normal, as the reference builds it.
#pragma once
#include "mjsim/types.h"

namespace mjsim {

// frame[0:3] holds the unit normal n. When frame[3:6] is zero, fills the tangents:
// t2 = normalize(n x a), with a the y axis when |n_y| < 0.5 and the z axis otherwise, and
// t1 = t2 x n (found by experiment against mujoco 3.3.7 to 1e-12 over random normals).
// A collider that chose its own first tangent leaves it in frame[3:6]; then t2 = n x t1.
void CompleteContactFrame(mjtNum frame[9]);

}  // namespace mjsim
