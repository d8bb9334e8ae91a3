// inverse.h: the inverse dynamics API (engine/inverse.cc): qfrc_inverse from the state and
// qacc, with the constraint forces of the soft model at qacc (no solver). mjENBL_INVDISCRETE
// reads qacc as the integrator's discrete-time acceleration.
#pragma once
#include "mjsim/data.h"
#include "mjsim/model.h"

namespace mjsim {

void mj_invPosition(const Model& m, Data& d);
void mj_invVelocity(const Model& m, Data& d);
// efc_force, efc_state and qfrc_constraint at d.qacc
void mj_invConstraint(const Model& m, Data& d);
// the inverse, reusing the results of the stages before skipstage (mjtStage)
void mj_inverseSkip(const Model& m, Data& d, int skipstage, int skipsensor);
void mj_inverse(const Model& m, Data& d);
// solver_fwdinv after a forward pass (mj_step calls it with mjENBL_FWDINV)
void mj_compareFwdInv(const Model& m, Data& d);

}  // namespace mjsim
