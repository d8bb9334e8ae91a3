// inverse.cc: inverse dynamics (Computation chapter, "Inverse dynamics"; checklist C.20):
// given the state and qacc, the applied force that produces qacc,
//   qfrc_inverse = M qacc + qfrc_bias - qfrc_passive - qfrc_constraint,
// which should equal qfrc_applied + J' xfrc_applied + qfrc_actuator. The constraint force needs
// no solver: the inverse problem is diagonal in the soft model, so every row's force is the
// primal cost's f = -ds/djar at jar = J qacc - aref (ConstraintCost, solver.cc), the three-zone
// cone force for elliptic contacts.
//   reads   the state, qacc, m.opt (integrator timestep enableflags disableflags)
//   writes  every position and velocity stage's outputs, efc_force efc_state qfrc_constraint
//           qfrc_inverse, sensors; solver_fwdinv (mj_compareFwdInv)
//
// invdiscrete (mjENBL_INVDISCRETE, all integrators but RK4): qacc is the discrete-time
// acceleration (qvel_next - qvel) / h of the integrator, which solves M_hat qacc = f with
// M_hat = M + h diag(dof_damping) (Euler with implicit damping), M - h qDeriv (implicit) or
// M - h sym(qDeriv) (implicitfast). The continuous acceleration is M^-1 M_hat qacc; d.qacc is
// left as given.
#include <cmath>
#include <cstring>

#include "engine/solver.h"
#include "engine/stages.h"
#include "engine/timer.h"
#include "mjsim/api.h"
#include "mjsim/inverse.h"
#include "util/scratch.h"

namespace mjsim {
namespace {

bool Enabled(const Model& m, int flag) { return (m.opt.enableflags & flag) != 0; }
bool Disabled(const Model& m, int flag) { return (m.opt.disableflags & flag) != 0; }

// with dampers disabled the reference integrates as if no dof were damped (Euler, implicit and
// implicitfast trajectories equal those of damping 0, measured bit for bit)
bool HasDofDamping(const Model& m) {
  if (m.opt.disableflags & mjDSBL_DAMPER) return false;
  for (int i = 0; i < m.nv; ++i) {
    if (m.dof_damping[i] > 0) return true;
  }
  return false;
}

// res = qDeriv vec (D layout); with symmetric, (qDeriv + qDeriv') vec / 2
void MulVelocityDerivative(const Model& m, const Data& d, mjtNum* res, const mjtNum* vec,
                           bool symmetric) {
  for (int i = 0; i < m.nv; ++i) res[i] = 0;
  for (int i = 0; i < m.nv; ++i) {
    for (int p = 0; p < m.D_rownnz[i]; ++p) {
      int e = m.D_rowadr[i] + p, j = m.D_colind[e];
      mjtNum value = d.qDeriv[e];
      if (!symmetric) {
        res[i] += value * vec[j];
      } else {
        res[i] += 0.5 * value * vec[j];
        res[j] += 0.5 * value * vec[i];
      }
    }
  }
}

// continuous = M^-1 M_hat discrete for the integrator's M_hat; false when M_hat = M
bool ContinuousAcceleration(const Model& m, Data& d, const mjtNum* discrete, mjtNum* continuous,
                            mjtNum* work) {
  mjtNum h = m.opt.timestep;
  int integrator = m.opt.integrator;
  if (integrator == mjINT_RK4) return false;
  if (integrator == mjINT_EULER) {
    if (Disabled(m, mjDSBL_EULERDAMP) || !HasDofDamping(m)) return false;
    for (int i = 0; i < m.nv; ++i) work[i] = h * m.dof_damping[i] * discrete[i];
  } else {
    mjd_smooth_vel(m, d, integrator == mjINT_IMPLICIT);
    MulVelocityDerivative(m, d, work, discrete, integrator == mjINT_IMPLICITFAST);
    for (int i = 0; i < m.nv; ++i) work[i] = -h * work[i];
  }
  // M^-1 (M discrete + extra) = discrete + M^-1 extra
  mj_solveM(m, d, continuous, work, 1);
  for (int i = 0; i < m.nv; ++i) continuous[i] += discrete[i];
  return true;
}

}  // namespace

void mj_invPosition(const Model& m, Data& d) { PositionStages(m, d, true, false); }

void mj_invVelocity(const Model& m, Data& d) { VelocityStages(m, d, true); }

// efc_force and efc_state of the soft model at d.qacc; qfrc_constraint = J' efc_force
void mj_invConstraint(const Model& m, Data& d) {
  StageTimer constraint(d, mjTIMER_CONSTRAINT);
  std::memset(d.qfrc_constraint, 0, sizeof(mjtNum) * m.nv);
  if (d.nefc == 0 || Disabled(m, mjDSBL_CONSTRAINT)) return;
  ArenaWork work(d);
  mjtNum* jar = work.Allocate<mjtNum>(d.nefc);
  if (!jar) {
    mj_warning(d, mjWARN_CNSTRFULL, d.nefc);
    std::memset(d.efc_force, 0, sizeof(mjtNum) * d.nefc);
    return;
  }
  SolverView whole = WholeSystem(m, d);
  MulJacobian(whole.m, whole.d, jar, d.qacc);
  for (int i = 0; i < d.nefc; ++i) jar[i] -= d.efc_aref[i];
  ConstraintCost(whole.m, whole.d, jar, d.efc_force, d.efc_state);
  MulJacobianTranspose(whole.m, whole.d, d.qfrc_constraint, d.efc_force);
}

void mj_inverseSkip(const Model& m, Data& d, int skipstage, int skipsensor) {
  StageTimer inverse(d, mjTIMER_INVERSE);
  PositionVelocityStages(m, d, skipstage, skipsensor, false);
  ScratchFrame frame(d);
  mjtNum* given = frame.Allocate<mjtNum>(m.nv);
  mjtNum* continuous = frame.Allocate<mjtNum>(m.nv);
  mjtNum* work = frame.Allocate<mjtNum>(m.nv);
  std::memcpy(given, d.qacc, sizeof(mjtNum) * m.nv);
  bool converted = Enabled(m, mjENBL_INVDISCRETE) &&
                   ContinuousAcceleration(m, d, given, continuous, work);
  // the stages below read d.qacc: the continuous acceleration while they run
  if (converted) std::memcpy(d.qacc, continuous, sizeof(mjtNum) * m.nv);
  mj_invConstraint(m, d);
  // qfrc_inverse = M qacc + bias - passive - constraint, with the full M of mj_makeM (dof and
  // tendon armature included; RNE with acceleration has neither)
  mj_mulM(m, d, d.qfrc_inverse, d.qacc);
  for (int i = 0; i < m.nv; ++i) {
    d.qfrc_inverse[i] += d.qfrc_bias[i] - d.qfrc_passive[i] - d.qfrc_constraint[i];
  }
  if (!skipsensor) mj_sensorAcc(m, d);
  if (converted) std::memcpy(d.qacc, given, sizeof(mjtNum) * m.nv);
}

void mj_inverse(const Model& m, Data& d) { mj_inverseSkip(m, d, mjSTAGE_NONE, 0); }

// After a forward pass: the inverse at its qacc, compared. solver_fwdinv[0] is the norm of the
// difference of the two qfrc_constraint, solver_fwdinv[1] that of qfrc_inverse and the applied
// forces (qfrc_applied + J' xfrc_applied + qfrc_actuator), as the reference records them (not
// relative). The forward pass's efc_force, efc_state and qfrc_constraint are kept.
void mj_compareFwdInv(const Model& m, Data& d) {
  d.solver_fwdinv[0] = d.solver_fwdinv[1] = 0;
  ScratchFrame frame(d);
  int nv = m.nv, nefc = d.nefc;
  mjtNum* force = frame.Allocate<mjtNum>(nefc > 0 ? nefc : 1);
  int* state = frame.Allocate<int>(nefc > 0 ? nefc : 1);
  mjtNum* qfrc = frame.Allocate<mjtNum>(nv);
  mjtNum* applied = frame.Allocate<mjtNum>(nv);
  std::memcpy(force, d.efc_force, sizeof(mjtNum) * nefc);
  std::memcpy(state, d.efc_state, sizeof(int) * nefc);
  std::memcpy(qfrc, d.qfrc_constraint, sizeof(mjtNum) * nv);
  mj_inverseSkip(m, d, mjSTAGE_VEL, 1);
  // applied = qfrc_smooth + qfrc_bias - qfrc_passive = qfrc_applied + J' xfrc + qfrc_actuator
  mjtNum constraint_gap = 0, applied_gap = 0;
  for (int i = 0; i < nv; ++i) {
    applied[i] = d.qfrc_smooth[i] + d.qfrc_bias[i] - d.qfrc_passive[i];
    mjtNum a = d.qfrc_constraint[i] - qfrc[i], b = d.qfrc_inverse[i] - applied[i];
    constraint_gap += a * a;
    applied_gap += b * b;
  }
  d.solver_fwdinv[0] = std::sqrt(constraint_gap);
  d.solver_fwdinv[1] = std::sqrt(applied_gap);
  std::memcpy(d.efc_force, force, sizeof(mjtNum) * nefc);
  std::memcpy(d.efc_state, state, sizeof(int) * nefc);
  std::memcpy(d.qfrc_constraint, qfrc, sizeof(mjtNum) * nv);
}

}  // namespace mjsim
