// energy.cc: potential and kinetic energy, forward pipeline stages 12 and 16 (Computation,
// "Forward dynamics"; computed in the pass when mjENBL_ENERGY is set; checklist C.18).
//   reads   m.body_mass jnt_type jnt_qposadr jnt_stiffness qpos_spring tendon_stiffness
//           tendon_lengthspring opt.gravity opt.disableflags
//           d.qpos qvel xipos                                  (kinematics.cc)
//           d.ten_length                                       (tendon.cc)
//           d.M                                                (inertia.cc, via mj_mulM)
//   writes  d.energy[0] (mj_energyPos), d.energy[1] (mj_energyVel)
//
// Potential energy (observed on the reference):
//   gravity (unless mjDSBL_GRAVITY):  - sum over bodies of mass * gravity . xipos
//   springs (unless mjDSBL_SPRING):   joints  k/2 |q - qpos_spring|^2, where for a ball joint
//                                     and a free joint's rotation the difference is the angle
//                                     of the rotation from the spring quaternion to q
//                                     (rotation vector of q_spring^-1 q), and a free joint's
//                                     position adds k/2 |p - p_spring|^2;
//                                     tendons k/2 (L - deadband edge)^2 outside the spring
//                                     length range [lo, hi], 0 inside.
// Kinetic energy: 1/2 qvel' M qvel, with M including armature.
#include "mjsim/api.h"
#include "util/math3.h"
#include "util/scratch.h"

namespace mjsim {
namespace {

// - sum of mass * gravity . xipos
mjtNum GravityPotential(const Model& m, const Data& d) {
  mjtNum energy = 0;
  for (int b = 1; b < m.nbody; ++b) energy -= m.body_mass[b] * Dot3(m.opt.gravity, d.xipos + 3 * b);
  return energy;
}

// squared angle of the rotation taking the spring orientation to the current one
mjtNum SquaredRotationFromSpring(const mjtNum quat[4], const mjtNum spring[4]) {
  mjtNum inverse[4], relative[4], rotvec[3];
  ConjugateQuat(inverse, spring);
  MulQuat(relative, inverse, quat);
  QuatToRotationVector(rotvec, relative);
  return Dot3(rotvec, rotvec);
}

mjtNum JointSpringPotential(const Model& m, const Data& d) {
  mjtNum energy = 0;
  for (int j = 0; j < m.njnt; ++j) {
    mjtNum k = m.jnt_stiffness[j];
    if (k == 0) continue;
    int adr = m.jnt_qposadr[j];
    const mjtNum* q = d.qpos + adr;
    const mjtNum* spring = m.qpos_spring + adr;
    switch (m.jnt_type[j]) {
      case mjJNT_FREE: {
        mjtNum offset[3];
        Sub3(offset, q, spring);
        energy += 0.5 * k * Dot3(offset, offset);
        energy += 0.5 * k * SquaredRotationFromSpring(q + 3, spring + 3);
        break;
      }
      case mjJNT_BALL:
        energy += 0.5 * k * SquaredRotationFromSpring(q, spring);
        break;
      default: {
        mjtNum offset = q[0] - spring[0];
        energy += 0.5 * k * offset * offset;
      }
    }
  }
  return energy;
}

// k/2 stretch^2, stretch = distance of the length outside [lo, hi]
mjtNum TendonSpringPotential(const Model& m, const Data& d) {
  mjtNum energy = 0;
  for (int t = 0; t < m.ntendon; ++t) {
    mjtNum k = m.tendon_stiffness[t];
    if (k == 0) continue;
    mjtNum length = d.ten_length[t];
    mjtNum low = m.tendon_lengthspring[2 * t], high = m.tendon_lengthspring[2 * t + 1];
    mjtNum stretch = length > high ? length - high : (length < low ? length - low : 0);
    energy += 0.5 * k * stretch * stretch;
  }
  return energy;
}

}  // namespace

void mj_energyPos(const Model& m, Data& d) {
  d.energy[0] = 0;
  if (!(m.opt.disableflags & mjDSBL_GRAVITY)) d.energy[0] += GravityPotential(m, d);
  if (!(m.opt.disableflags & mjDSBL_SPRING)) {
    d.energy[0] += JointSpringPotential(m, d);
    d.energy[0] += TendonSpringPotential(m, d);
  }
}

// 1/2 qvel' M qvel
void mj_energyVel(const Model& m, Data& d) {
  ScratchFrame frame(d);
  mjtNum* momentum = frame.Allocate<mjtNum>(m.nv);
  mj_mulM(m, d, momentum, d.qvel);
  mjtNum energy = 0;
  for (int i = 0; i < m.nv; ++i) energy += d.qvel[i] * momentum[i];
  d.energy[1] = 0.5 * energy;
}

}  // namespace mjsim
