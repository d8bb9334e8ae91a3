// integrate.cc: the integrators, pipeline stage 26 (Computation "Numerical integration";
// checklist C.13): semi-implicit Euler with optional implicit joint damping, classic RK4, and
// the velocity-implicit integrators implicit and implicitfast.
//   reads   d.qacc act_dot qfrc_smooth qfrc_constraint M qDeriv, the state
//   writes  d.qpos qvel act time qacc_warmstart; qH qHDiagInv (Euler with damping, implicitfast),
//           qLU (implicit), qDeriv (via mjd_smooth_vel); after RK4, d.qacc is its last stage's
//
// Every single-step integrator ends in Advance: activations, then qvel += h qacc, then
// qpos integrated with the new qvel, then time. The velocity-implicit variants only change
// which acceleration is used: M^-1 f becomes (M - h D)^-1 f, with D the velocity derivative
// of the forces that are treated implicitly.
#include <cmath>

#include "engine/stages.h"
#include "engine/timer.h"
#include "mjsim/api.h"
#include "util/math3.h"
#include "util/scratch.h"

namespace mjsim {
namespace {

// quat <- quat * rotation(omega * dt), omega in the local frame; then normalized
void IntegrateQuat(mjtNum quat[4], const mjtNum omega[3], mjtNum dt) {
  mjtNum axis[3] = {omega[0], omega[1], omega[2]};
  mjtNum angle = dt * Normalize3(axis);
  mjtNum rotation[4], result[4];
  AxisAngleToQuat(rotation, axis, angle);
  MulQuat(result, quat, rotation);
  NormalizeQuat(result);
  Copy4(quat, result);
}

// the local angular velocity that turns qa into qb in time dt
void QuatVelocity(mjtNum omega[3], const mjtNum qa[4], const mjtNum qb[4], mjtNum dt) {
  QuatDifference(omega, qa, qb);
  Scale3(omega, omega, 1 / dt);
}

// act <- next(act, act_dot); qvel += h qacc; qpos <- qpos + h qvel_for_position (the new qvel
// unless given); time += h; the warmstart remembers d.qacc
void Advance(const Model& m, Data& d, const mjtNum* act_dot, const mjtNum* qacc,
             const mjtNum* qvel_for_position) {
  mjtNum h = m.opt.timestep;
  for (int i = 0; i < m.nu; ++i) {
    int adr = m.actuator_actadr[i];
    for (int k = 0; adr >= 0 && k < m.actuator_actnum[i]; ++k) {
      d.act[adr + k] = NextActivation(m, i, d.act[adr + k], act_dot[adr + k]);
    }
  }
  for (int i = 0; i < m.nv; ++i) d.qvel[i] += h * qacc[i];
  mj_integratePos(m, d.qpos, qvel_for_position ? qvel_for_position : d.qvel, h);
  d.time += h;
  for (int i = 0; i < m.nv; ++i) d.qacc_warmstart[i] = d.qacc[i];
}

// with dampers disabled the reference integrates as if no dof were damped (Euler, implicit and
// implicitfast trajectories equal those of damping 0, measured bit for bit)
bool HasDofDamping(const Model& m) {
  if (m.opt.disableflags & mjDSBL_DAMPER) return false;
  for (int i = 0; i < m.nv; ++i) {
    if (m.dof_damping[i] > 0) return true;
  }
  return false;
}

// total force the acceleration answers to: M qacc = qfrc_smooth + qfrc_constraint
void TotalForce(const Model& m, const Data& d, mjtNum* qfrc) {
  for (int i = 0; i < m.nv; ++i) qfrc[i] = d.qfrc_smooth[i] + d.qfrc_constraint[i];
}

int DiagonalIndex(const Model& m, int dof) { return m.M_rowadr[dof] + m.M_rownnz[dof] - 1; }

// In place LU of a matrix A in the D layout (symmetric tree pattern), eliminating dofs from
// the last to the first, which leaves no fill-in: A = U L with U unit upper triangular
// (multipliers stored above the diagonal) and L lower triangular (on and below it)
void FactorTreeLU(const Model& m, mjtNum* lu) {
  for (int k = m.nv - 1; k >= 0; --k) {
    int row_k = m.D_rowadr[k];
    mjtNum pivot = lu[row_k + m.D_diag[k]];
    int ancestors = m.D_diag[k];  // row k's columns before the diagonal (D_diag: position in row)
    for (int a = 0; a < ancestors; ++a) {
      int i = m.D_colind[row_k + a];
      int ik = DIndex(m, i, k);
      mjtNum multiplier = lu[ik] / pivot;
      lu[ik] = multiplier;
      for (int b = 0; b < ancestors; ++b) {
        int j = m.D_colind[row_k + b];
        lu[DIndex(m, i, j)] -= multiplier * lu[row_k + b];
      }
    }
  }
}

// x = A^-1 y with FactorTreeLU's factors: U z = y from the last dof up, then L x = z
void SolveTreeLU(const Model& m, const mjtNum* lu, mjtNum* x, const mjtNum* y) {
  for (int i = 0; i < m.nv; ++i) x[i] = y[i];
  for (int k = m.nv - 1; k >= 0; --k) {
    int row_k = m.D_rowadr[k];
    for (int a = 0; a < m.D_diag[k]; ++a) {
      int i = m.D_colind[row_k + a];
      x[i] -= lu[DIndex(m, i, k)] * x[k];
    }
  }
  for (int i = 0; i < m.nv; ++i) {
    int row_i = m.D_rowadr[i];
    for (int a = 0; a < m.D_diag[i]; ++a) x[i] -= lu[row_i + a] * x[m.D_colind[row_i + a]];
    x[i] /= lu[row_i + m.D_diag[i]];
  }
}

// implicit: qLU = M - h qDeriv (D layout, with RNE's derivative), factored by LU
void ImplicitAcceleration(const Model& m, Data& d, mjtNum* qacc, mjtNum* qfrc) {
  mjd_smooth_vel(m, d, 1);
  mjtNum h = m.opt.timestep;
  for (int e = 0; e < m.nD; ++e) {
    mjtNum mass = m.mapM2D[e] >= 0 ? d.M[m.mapM2D[e]] : 0;
    d.qLU[e] = mass - h * d.qDeriv[e];
  }
  FactorTreeLU(m, d.qLU);
  SolveTreeLU(m, d.qLU, qacc, qfrc);
}

// implicitfast: qH = M - h sym(qDeriv) on M's pattern (no RNE derivative), factored by L'DL
void ImplicitFastAcceleration(const Model& m, Data& d, mjtNum* qacc, mjtNum* qfrc) {
  mjd_smooth_vel(m, d, 0);
  ScratchFrame frame(d);
  mjtNum* symmetric = frame.Allocate<mjtNum>(m.nC);  // (D(i,j) + D(j,i)) / 2 per C entry
  for (int k = 0; k < m.nC; ++k) symmetric[k] = 0;
  for (int i = 0; i < m.nv; ++i) {
    for (int p = 0; p < m.D_rownnz[i]; ++p) {
      int e = m.D_rowadr[i] + p;
      if (m.mapM2D[e] < 0) continue;
      symmetric[m.mapM2D[e]] += m.D_colind[e] == i ? d.qDeriv[e] : 0.5 * d.qDeriv[e];
    }
  }
  mjtNum h = m.opt.timestep;
  for (int k = 0; k < m.nC; ++k) d.qH[k] = d.M[k] - h * symmetric[k];
  FactorInertiaPattern(m, d.qH, d.qHDiagInv);
  SolveInertiaPattern(m, d.qH, d.qHDiagInv, qacc, qfrc, 1);
}

}  // namespace

void mj_integratePos(const Model& m, mjtNum* qpos, const mjtNum* qvel, mjtNum dt) {
  for (int j = 0; j < m.njnt; ++j) {
    mjtNum* q = qpos + m.jnt_qposadr[j];
    const mjtNum* v = qvel + m.jnt_dofadr[j];
    switch (m.jnt_type[j]) {
      case mjJNT_FREE:
        for (int k = 0; k < 3; ++k) q[k] += dt * v[k];
        IntegrateQuat(q + 3, v + 3, dt);
        break;
      case mjJNT_BALL: IntegrateQuat(q, v, dt); break;
      default: q[0] += dt * v[0]; break;
    }
  }
}

void mj_differentiatePos(const Model& m, mjtNum* qvel, mjtNum dt, const mjtNum* qpos1,
                         const mjtNum* qpos2) {
  for (int j = 0; j < m.njnt; ++j) {
    int qadr = m.jnt_qposadr[j], vadr = m.jnt_dofadr[j];
    switch (m.jnt_type[j]) {
      case mjJNT_FREE:
        for (int k = 0; k < 3; ++k) qvel[vadr + k] = (qpos2[qadr + k] - qpos1[qadr + k]) / dt;
        QuatVelocity(qvel + vadr + 3, qpos1 + qadr + 3, qpos2 + qadr + 3, dt);
        break;
      case mjJNT_BALL: QuatVelocity(qvel + vadr, qpos1 + qadr, qpos2 + qadr, dt); break;
      default: qvel[vadr] = (qpos2[qadr] - qpos1[qadr]) / dt; break;
    }
  }
}

void mj_normalizeQuat(const Model& m, mjtNum* qpos) {
  for (int j = 0; j < m.njnt; ++j) {
    int type = m.jnt_type[j];
    if (type == mjJNT_FREE) NormalizeQuat(qpos + m.jnt_qposadr[j] + 3);
    if (type == mjJNT_BALL) NormalizeQuat(qpos + m.jnt_qposadr[j]);
  }
}

// semi-implicit Euler; joint damping is integrated implicitly, (M + h diag(damping)) qacc = f,
// unless mjDSBL_EULERDAMP or no dof is damped (HasDofDamping: none is when the damper is disabled;
// measured: a damped pendulum with the damper disabled moves as the undamped one)
void mj_Euler(const Model& m, Data& d) {
  StageTimer advance(d, mjTIMER_ADVANCE);
  if ((m.opt.disableflags & mjDSBL_EULERDAMP) || !HasDofDamping(m)) {
    Advance(m, d, d.act_dot, d.qacc, nullptr);
    return;
  }
  ScratchFrame frame(d);
  mjtNum* qfrc = frame.Allocate<mjtNum>(m.nv);
  mjtNum* qacc = frame.Allocate<mjtNum>(m.nv);
  for (int k = 0; k < m.nC; ++k) d.qH[k] = d.M[k];
  for (int i = 0; i < m.nv; ++i) d.qH[DiagonalIndex(m, i)] += m.opt.timestep * m.dof_damping[i];
  FactorInertiaPattern(m, d.qH, d.qHDiagInv);
  TotalForce(m, d, qfrc);
  SolveInertiaPattern(m, d.qH, d.qHDiagInv, qacc, qfrc, 1);
  Advance(m, d, d.act_dot, qacc, nullptr);
}

void mj_implicit(const Model& m, Data& d) {
  StageTimer advance(d, mjTIMER_ADVANCE);
  ScratchFrame frame(d);
  mjtNum* qfrc = frame.Allocate<mjtNum>(m.nv);
  mjtNum* qacc = frame.Allocate<mjtNum>(m.nv);
  TotalForce(m, d, qfrc);
  if (m.opt.integrator == mjINT_IMPLICIT) {
    ImplicitAcceleration(m, d, qacc, qfrc);
  } else {
    ImplicitFastAcceleration(m, d, qacc, qfrc);
  }
  Advance(m, d, d.act_dot, qacc, nullptr);
}

// Runge-Kutta of order N on (qpos, qvel, act); the classic tableau for N = 4 (checklist C.13):
// stage i starts from X0 + h sum_j A_ij F_j at time t + C_i h, F = (qvel, qacc, act_dot);
// the step is X0 + h sum_j B_j F_j, positions integrated with the weighted velocity.
void mj_RungeKutta(const Model& m, Data& d, int N) {
  static const mjtNum kA[4][4] = {{0, 0, 0, 0}, {0.5, 0, 0, 0}, {0, 0.5, 0, 0}, {0, 0, 1, 0}};
  static const mjtNum kB[4] = {1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6};
  static const mjtNum kC[4] = {0, 0.5, 0.5, 1};
  if (N != 4) N = 4;  // only the classic 4-stage tableau exists
  const int nq = m.nq, nv = m.nv, na = m.na;
  mjtNum h = m.opt.timestep;
  ScratchFrame frame(d);
  mjtNum* qpos0 = frame.Allocate<mjtNum>(nq);
  mjtNum* qvel0 = frame.Allocate<mjtNum>(nv);
  mjtNum* act0 = frame.Allocate<mjtNum>(na);
  mjtNum* stage_qvel = frame.Allocate<mjtNum>(4 * nv);
  mjtNum* stage_qacc = frame.Allocate<mjtNum>(4 * nv);
  mjtNum* stage_actdot = frame.Allocate<mjtNum>(4 * na);
  mjtNum* sum_qvel = frame.Allocate<mjtNum>(nv);
  mjtNum* sum_qacc = frame.Allocate<mjtNum>(nv);
  mjtNum* sum_actdot = frame.Allocate<mjtNum>(na);
  mjtNum time0 = d.time;
  for (int k = 0; k < nq; ++k) qpos0[k] = d.qpos[k];
  for (int k = 0; k < nv; ++k) qvel0[k] = d.qvel[k];
  for (int k = 0; k < na; ++k) act0[k] = d.act[k];

  auto record_stage = [&](int i) {
    for (int k = 0; k < nv; ++k) stage_qvel[i * nv + k] = d.qvel[k];
    for (int k = 0; k < nv; ++k) stage_qacc[i * nv + k] = d.qacc[k];
    for (int k = 0; k < na; ++k) stage_actdot[i * na + k] = d.act_dot[k];
  };
  auto weighted_sum = [&](const mjtNum* weights, int stages) {
    for (int k = 0; k < nv; ++k) sum_qvel[k] = sum_qacc[k] = 0;
    for (int k = 0; k < na; ++k) sum_actdot[k] = 0;
    for (int j = 0; j < stages; ++j) {
      if (weights[j] == 0) continue;
      for (int k = 0; k < nv; ++k) sum_qvel[k] += weights[j] * stage_qvel[j * nv + k];
      for (int k = 0; k < nv; ++k) sum_qacc[k] += weights[j] * stage_qacc[j * nv + k];
      for (int k = 0; k < na; ++k) sum_actdot[k] += weights[j] * stage_actdot[j * na + k];
    }
  };

  record_stage(0);  // the forward pass before the step
  for (int i = 1; i < N; ++i) {
    weighted_sum(kA[i], i);
    for (int k = 0; k < nq; ++k) d.qpos[k] = qpos0[k];
    mj_integratePos(m, d.qpos, sum_qvel, h);
    for (int k = 0; k < nv; ++k) d.qvel[k] = qvel0[k] + h * sum_qacc[k];
    for (int k = 0; k < na; ++k) d.act[k] = act0[k] + h * sum_actdot[k];
    d.time = time0 + kC[i] * h;
    mj_forwardSkip(m, d, mjSTAGE_NONE, 1);
    record_stage(i);
  }
  weighted_sum(kB, N);
  for (int k = 0; k < nq; ++k) d.qpos[k] = qpos0[k];
  for (int k = 0; k < nv; ++k) d.qvel[k] = qvel0[k];
  for (int k = 0; k < na; ++k) d.act[k] = act0[k];
  d.time = time0;
  Advance(m, d, sum_actdot, sum_qacc, sum_qvel);  // d.qacc stays the last stage's, as in the reference
}

}  // namespace mjsim
