// passive.cc: passive forces, pipeline stage 15 (Computation "Passive forces"; checklist C.9):
// joint and tendon springs, joint and tendon dampers, gravity compensation, fluid (fluid.cc).
//   reads   m.jnt_stiffness qpos_spring dof_damping tendon_stiffness tendon_damping
//           tendon_lengthspring body_gravcomp jnt_actgravcomp opt.gravity
//           d.qpos qvel ten_length ten_velocity ten_J xipos cdof subtree_com
//   writes  d.qfrc_spring qfrc_damper qfrc_gravcomp qfrc_fluid qfrc_passive
//
// Observed in mujoco 3.3.7: with both springs and dampers disabled no passive force is
// computed at all (gravity compensation and fluid included: the old "passive" flag); the
// gravity compensation of a joint with actuatorgravcomp stays in qfrc_gravcomp but leaves
// qfrc_passive (the actuation stage adds it to qfrc_actuator).
#include "engine/stages.h"
#include "mjsim/api.h"
#include "mjsim/callbacks.h"
#include "util/math3.h"
#include "util/scratch.h"

namespace mjsim {
namespace {

bool Disabled(const Model& m, int flag) { return (m.opt.disableflags & flag) != 0; }

void Zero(mjtNum* values, int count) {
  for (int i = 0; i < count; ++i) values[i] = 0;
}

// qfrc += scale * ten_J[t] (dense or sparse row)
void AddTendonRow(const Model& m, const Data& d, int t, mjtNum scale, mjtNum* qfrc) {
  if (mj_isSparse(m)) {
    int adr = d.ten_J_rowadr[t];
    for (int k = 0; k < d.ten_J_rownnz[t]; ++k) qfrc[d.ten_J_colind[adr + k]] += scale * d.ten_J[adr + k];
  } else {
    const mjtNum* row = d.ten_J + static_cast<size_t>(t) * m.nv;
    for (int i = 0; i < m.nv; ++i) qfrc[i] += scale * row[i];
  }
}

// the nonzeros of ten_J[t] as (dof, value) pairs, in dof order; returns their count
int TendonRowNonzeros(const Model& m, const Data& d, int t, int* dofs, mjtNum* values) {
  int count = 0;
  if (mj_isSparse(m)) {
    int adr = d.ten_J_rowadr[t];
    for (int k = 0; k < d.ten_J_rownnz[t]; ++k) {
      dofs[count] = d.ten_J_colind[adr + k];
      values[count++] = d.ten_J[adr + k];
    }
  } else {
    const mjtNum* row = d.ten_J + static_cast<size_t>(t) * m.nv;
    for (int i = 0; i < m.nv; ++i) {
      if (row[i] == 0) continue;
      dofs[count] = i;
      values[count++] = row[i];
    }
  }
  return count;
}

// hinge/slide: -k (q - q_spring); ball: -k times the rotation from the spring orientation;
// free: the same for the position and the orientation, with one stiffness
void JointSprings(const Model& m, const Data& d, mjtNum* qfrc) {
  for (int j = 0; j < m.njnt; ++j) {
    mjtNum k = m.jnt_stiffness[j];
    if (k == 0) continue;
    int qadr = m.jnt_qposadr[j], vadr = m.jnt_dofadr[j];
    const mjtNum* q = d.qpos + qadr;
    const mjtNum* spring = m.qpos_spring + qadr;
    mjtNum rotation[3];
    switch (m.jnt_type[j]) {
      case mjJNT_FREE:
        for (int i = 0; i < 3; ++i) qfrc[vadr + i] -= k * (q[i] - spring[i]);
        QuatDifference(rotation, spring + 3, q + 3);
        for (int i = 0; i < 3; ++i) qfrc[vadr + 3 + i] -= k * rotation[i];
        break;
      case mjJNT_BALL:
        QuatDifference(rotation, spring, q);
        for (int i = 0; i < 3; ++i) qfrc[vadr + i] -= k * rotation[i];
        break;
      default: qfrc[vadr] -= k * (q[0] - spring[0]); break;
    }
  }
}

// a tendon spring pulls back into its rest range [lower, upper] only from outside it
void TendonSprings(const Model& m, const Data& d, mjtNum* qfrc) {
  for (int t = 0; t < m.ntendon; ++t) {
    mjtNum k = m.tendon_stiffness[t];
    if (k == 0) continue;
    mjtNum length = d.ten_length[t];
    const mjtNum* range = m.tendon_lengthspring + 2 * t;
    mjtNum force = length > range[1] ? -k * (length - range[1])
                   : length < range[0] ? -k * (length - range[0]) : 0;
    if (force != 0) AddTendonRow(m, d, t, force, qfrc);
  }
}

void Dampers(const Model& m, const Data& d, mjtNum* qfrc) {
  for (int i = 0; i < m.nv; ++i) qfrc[i] = -m.dof_damping[i] * d.qvel[i];
  for (int t = 0; t < m.ntendon; ++t) {
    mjtNum b = m.tendon_damping[t];
    if (b != 0) AddTendonRow(m, d, t, -b * d.ten_velocity[t], qfrc);
  }
}

// each body with gravcomp g feels -g * mass * gravity at its com
void GravityCompensation(const Model& m, const Data& d, mjtNum* qfrc) {
  if (m.ngravcomp == 0 || Disabled(m, mjDSBL_GRAVITY) || Norm3(m.opt.gravity) == 0) return;
  const mjtNum zero[3] = {0, 0, 0};
  for (int b = 1; b < m.nbody; ++b) {
    mjtNum g = m.body_gravcomp[b];
    if (g == 0) continue;
    mjtNum force[3];
    Scale3(force, m.opt.gravity, -g * m.body_mass[b]);
    mj_applyFT(m, d, force, zero, d.xipos + 3 * b, b, qfrc);
  }
}

// true for dofs whose joint sends its gravity compensation through the actuators
bool ActuatedGravcomp(const Model& m, int dof) { return m.jnt_actgravcomp[m.dof_jntid[dof]] != 0; }

}  // namespace

void mj_passive(const Model& m, Data& d) {
  Zero(d.qfrc_spring, m.nv);
  Zero(d.qfrc_damper, m.nv);
  Zero(d.qfrc_gravcomp, m.nv);
  Zero(d.qfrc_fluid, m.nv);
  Zero(d.qfrc_passive, m.nv);
  bool springs = !Disabled(m, mjDSBL_SPRING), dampers = !Disabled(m, mjDSBL_DAMPER);
  if (!springs && !dampers) return;
  if (springs) {
    JointSprings(m, d, d.qfrc_spring);
    TendonSprings(m, d, d.qfrc_spring);
  }
  if (dampers) Dampers(m, d, d.qfrc_damper);
  GravityCompensation(m, d, d.qfrc_gravcomp);
  FluidForces(m, d);
  for (int i = 0; i < m.nv; ++i) {
    d.qfrc_passive[i] = d.qfrc_spring[i] + d.qfrc_damper[i] + d.qfrc_fluid[i];
    if (!ActuatedGravcomp(m, i)) d.qfrc_passive[i] += d.qfrc_gravcomp[i];
  }
  if (mjcb_passive) mjcb_passive(m, d);
}

// d(qfrc_damper)/d(qvel) = -diag(dof_damping) - sum_t damping_t J_t' J_t, kept on the D
// pattern (couplings of dofs on different branches of the tree are dropped, as the reference's)
// (with dampers disabled only the fluid part remains; with springs disabled too, nothing)
void AddPassiveVelocityDerivative(const Model& m, Data& d, mjtNum* qDeriv) {
  if (Disabled(m, mjDSBL_SPRING) && Disabled(m, mjDSBL_DAMPER)) return;
  AddFluidVelocityDerivative(m, d, qDeriv);
  if (Disabled(m, mjDSBL_DAMPER)) return;
  for (int i = 0; i < m.nv; ++i) qDeriv[m.D_rowadr[i] + m.D_diag[i]] -= m.dof_damping[i];
  ScratchFrame frame(d);
  int* dofs = frame.Allocate<int>(m.nv);
  mjtNum* values = frame.Allocate<mjtNum>(m.nv);
  for (int t = 0; t < m.ntendon; ++t) {
    mjtNum b = m.tendon_damping[t];
    if (b == 0) continue;
    int count = TendonRowNonzeros(m, d, t, dofs, values);
    for (int p = 0; p < count; ++p) {
      for (int q = 0; q < count; ++q) {
        int e = DIndex(m, dofs[p], dofs[q]);
        if (e >= 0) qDeriv[e] -= b * values[p] * values[q];
      }
    }
  }
}

}  // namespace mjsim
