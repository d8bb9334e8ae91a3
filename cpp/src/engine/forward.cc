// forward.cc: the forward pass and mj_step, in the Computation chapter's order (checklist C.20):
// position stages, velocity stages, actuation, acceleration, constraint (sensors after the
// position, velocity and constraint stages), then the integrator.
//   reads   the state (qpos qvel act time), inputs (ctrl qfrc_applied xfrc_applied mocap_*)
//   writes  every stage's outputs; qfrc_smooth qacc_smooth here
//
// Constraint rows are made after collision (constraint.cc, mj_makeConstraint), their reference
// accelerations at the end of the velocity stages, and solved in mj_fwdConstraint (solver.cc).
#include "engine/stages.h"
#include "engine/timer.h"
#include "mjsim/api.h"
#include "mjsim/callbacks.h"
#include "mjsim/inverse.h"
#include "util/math3.h"

namespace mjsim {
namespace {

bool Enabled(const Model& m, int flag) { return (m.opt.enableflags & flag) != 0; }

// qfrc += sum over bodies of J' xfrc_applied, each wrench acting at the body's com
void AccumulateAppliedWrenches(const Model& m, const Data& d, mjtNum* qfrc) {
  for (int b = 1; b < m.nbody; ++b) {
    const mjtNum* wrench = d.xfrc_applied + 6 * b;
    bool zero = true;
    for (int k = 0; k < 6; ++k) zero = zero && wrench[k] == 0;
    if (!zero) mj_applyFT(m, d, wrench, wrench + 3, d.xipos + 3 * b, b, qfrc);
  }
}

// the position stages; the inverse dynamics make no islands and no projection (as the
// reference: its POS_PROJECT timer does not run in mj_inverse). As the reference, the islands
// count in the POS_MAKE timer (measured: disabling islands lowers only its POS_MAKE).
void FwdPosition(const Model& m, Data& d, bool islands) {
  StageTimer position(d, mjTIMER_POSITION);
  StageTimer kinematics(d, mjTIMER_POS_KINEMATICS, position.start());
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_camlight(m, d);
  if (m.ntendon > 0) mj_tendon(m, d);
  StageTimer inertia(d, mjTIMER_POS_INERTIA, kinematics.Stop());
  mj_makeM(m, d);
  mj_factorM(m, d);
  inertia.Stop();
  mj_collision(m, d);
  StageTimer make(d, mjTIMER_POS_MAKE);
  mj_makeConstraint(m, d);
  if (islands) mj_island(m, d);
  double made = make.Stop();
  if (islands) {
    StageTimer project(d, mjTIMER_POS_PROJECT, made);
    mj_projectConstraint(m, d);  // efc_AR, for PGS and noslip only
  }
  mj_transmission(m, d);
}

// the user's controller (mjcb_control), where the reference calls it
void CallControl(const Model& m, Data& d) {
  if (mjcb_control && !(m.opt.disableflags & mjDSBL_ACTUATION)) mjcb_control(m, d);
}

}  // namespace

void mj_fwdPosition(const Model& m, Data& d) { FwdPosition(m, d, true); }

void mj_fwdVelocity(const Model& m, Data& d) {
  StageTimer velocity(d, mjTIMER_VELOCITY);
  TendonActuatorVelocity(m, d);
  mj_comVel(m, d);
  mj_passive(m, d);
  mj_rne(m, d, 0, d.qfrc_bias);
  mj_referenceConstraint(m, d);
}

// qfrc_smooth = qfrc_passive - qfrc_bias + qfrc_applied + qfrc_actuator + J' xfrc_applied,
// qacc_smooth = M^-1 qfrc_smooth (checklist C.19)
void mj_fwdAcceleration(const Model& m, Data& d) {
  for (int i = 0; i < m.nv; ++i) {
    d.qfrc_smooth[i] = d.qfrc_passive[i] - d.qfrc_bias[i] + d.qfrc_applied[i] + d.qfrc_actuator[i];
  }
  AccumulateAppliedWrenches(m, d, d.qfrc_smooth);
  mj_solveM(m, d, d.qacc_smooth, d.qfrc_smooth, 1);
}

// skipstage: mjSTAGE_POS reuses the position stages' results, mjSTAGE_VEL also the velocity
// stages'. skipsensor: no sensors (RK4's intermediate passes).
void PositionStages(const Model& m, Data& d, bool sensors, bool islands) {
  FwdPosition(m, d, islands);
  if (sensors) mj_sensorPos(m, d);
  if (Enabled(m, mjENBL_ENERGY)) mj_energyPos(m, d);
}

void VelocityStages(const Model& m, Data& d, bool sensors) {
  mj_fwdVelocity(m, d);
  if (sensors) mj_sensorVel(m, d);
  if (Enabled(m, mjENBL_ENERGY)) mj_energyVel(m, d);
}

void PositionVelocityStages(const Model& m, Data& d, int skipstage, int skipsensor,
                            bool islands) {
  if (skipstage < mjSTAGE_POS) PositionStages(m, d, !skipsensor, islands);
  if (skipstage < mjSTAGE_VEL) VelocityStages(m, d, !skipsensor);
}

void mj_forwardSkip(const Model& m, Data& d, int skipstage, int skipsensor) {
  StageTimer forward(d, mjTIMER_FORWARD);
  PositionVelocityStages(m, d, skipstage, skipsensor, true);
  CallControl(m, d);
  mj_fwdActuation(m, d);
  mj_fwdAcceleration(m, d);
  mj_fwdConstraint(m, d);
  if (!skipsensor) mj_sensorAcc(m, d);
}

void mj_forward(const Model& m, Data& d) { mj_forwardSkip(m, d, mjSTAGE_NONE, 0); }

void mj_step(const Model& m, Data& d) {
  StageTimer step(d, mjTIMER_STEP);
  mj_checkPos(m, d);
  mj_checkVel(m, d);
  mj_forward(m, d);
  mj_checkAcc(m, d);
  if (Enabled(m, mjENBL_FWDINV)) mj_compareFwdInv(m, d);
  switch (m.opt.integrator) {
    case mjINT_RK4: mj_RungeKutta(m, d, 4); break;
    case mjINT_IMPLICIT:
    case mjINT_IMPLICITFAST: mj_implicit(m, d); break;
    default: mj_Euler(m, d); break;
  }
}

// the position- and velocity-dependent half, after which a controller may set ctrl
void mj_step1(const Model& m, Data& d) {
  StageTimer step(d, mjTIMER_STEP);
  mj_checkPos(m, d);
  mj_checkVel(m, d);
  PositionVelocityStages(m, d, mjSTAGE_NONE, 0, true);
  CallControl(m, d);
}

// the rest of the step; RK4 needs whole forward passes, so the split steps with Euler instead
void mj_step2(const Model& m, Data& d) {
  mj_fwdActuation(m, d);
  mj_fwdAcceleration(m, d);
  mj_fwdConstraint(m, d);
  mj_sensorAcc(m, d);
  mj_checkAcc(m, d);
  if (Enabled(m, mjENBL_FWDINV)) mj_compareFwdInv(m, d);
  if (m.opt.integrator == mjINT_IMPLICIT || m.opt.integrator == mjINT_IMPLICITFAST) {
    mj_implicit(m, d);
  } else {
    mj_Euler(m, d);
  }
}

}  // namespace mjsim
