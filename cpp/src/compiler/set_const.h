// set_const.h: mj_setConst, the model constants that depend on the model's numbers (masses,
// inertias, frames, qpos0, gears), recomputed after a user edits them at run time. The
// compiler computes the same values (constants.cc, statistic.cc, compile.cc); this reuses them.
#pragma once
#include "mjsim/data.h"
#include "mjsim/model.h"

namespace mjsim {

// dof_M0, dof_invweight0, body_invweight0, tendon_invweight0, actuator_length0, actuator_acc0
// at qpos0 (constants.cc)
void FillSetConst(Model& m);
// m.stat recomputed at qpos0 from the model's geom_rbound, <statistic> values not kept
// (statistic.cc)
void RecomputeStatistic(Model& m);
// mj_setConst (set_const.cc): everything above plus body_subtreemass and tendon_length0. As in
// the reference, d is left at qpos_spring with its kinematics and tendon lengths computed.
void mj_setConst(Model& m, Data& d);

}  // namespace mjsim
