// velocity.cc: velocity-dependent kinematics, forward pipeline stages 13-14 (Computation,
// "Forward dynamics": tendon and actuator velocities, then mj_comVel; checklist C.18), and the
// subtree momenta of mj_subtreeVel.
//   reads   m.body_parentid body_jntadr body_jntnum body_mass body_subtreemass body_inertia
//           jnt_type jnt_dofadr
//           d.qvel
//           d.xipos ximat                                       (written by kinematics.cc)
//           d.subtree_com cdof                                  (written by com.cc)
//           d.ten_J ten_J_rownnz ten_J_rowadr ten_J_colind      (written by tendon.cc)
//           d.actuator_moment moment_rownnz moment_rowadr moment_colind (transmission.cc)
//   writes  d.cvel cdof_dot (mj_comVel), ten_velocity actuator_velocity
//           (TendonActuatorVelocity), subtree_linvel subtree_angmom (mj_subtreeVel)
//
// Spatial velocities (rot:lin) are com-based: each tree's at its root's subtree com, world
// aligned. Moving down the tree, a body's velocity is its parent's plus its dofs' motions:
//   cvel[b] = cvel[parent] + sum over b's dofs of cdof_i qvel_i.
// A dof's motion axis moves with the frame that carries it, so its time derivative is
//   cdof_dot_i = v x_m cdof_i,
// with v the velocity accumulated before the dof's group: the dofs of a joint are taken in
// groups - a hinge or slide dof alone, a ball joint's three rotations, a free joint's three
// translations then its three rotations - and every dof of a group crosses the velocity
// reached before the group (observed on the reference; within a group the sum
// sum_i cdof_dot_i qvel_i is the same either way, since cdof_i x_m cdof_i = 0).
//
// Subtree momenta: a body's com moves with v(xipos) = v_lin + w x (xipos - origin);
//   subtree_linvel[b] = sum over the subtree of mass * v(xipos) / subtree mass,
//   subtree_angmom[b] = sum over the subtree of (R I R') w + mass (xipos - c) x (v(xipos) - vc),
// about the subtree's com c moving with vc = subtree_linvel[b]. The second sum is gathered
// from the leaves: a child subtree adds its own angular momentum about its com plus that of
// its total mass M at its com, M (c_child - c) x (vc_child - vc).
#include "engine/stages.h"
#include "mjsim/api.h"
#include "util/dot.h"
#include "util/math3.h"
#include "util/spatial.h"

namespace mjsim {
namespace {

// dofs of joint j crossed with one velocity: first dof and count of each group
int JointGroups(const Model& m, int j, int first[2], int count[2]) {
  int adr = m.jnt_dofadr[j];
  switch (m.jnt_type[j]) {
    case mjJNT_FREE:
      first[0] = adr, count[0] = 3, first[1] = adr + 3, count[1] = 3;
      return 2;
    case mjJNT_BALL:
      first[0] = adr, count[0] = 3;
      return 1;
    default:
      first[0] = adr, count[0] = 1;
      return 1;
  }
}

// cdof_dot of a group's dofs = velocity x_m cdof, then velocity += sum of cdof qvel (the
// group's sum formed first, then added: the reference's rounding, bit-equal cvel measured)
void AdvanceGroup(Data& d, mjtNum velocity[6], int first, int count) {
  for (int i = first; i < first + count; ++i) {
    CrossMotion(d.cdof_dot + 6 * i, velocity, d.cdof + 6 * i);
  }
  mjtNum group[6] = {0, 0, 0, 0, 0, 0};
  for (int i = first; i < first + count; ++i) AddScaledTo6(group, d.cdof + 6 * i, d.qvel[i]);
  AddTo6(velocity, group);
}


// subtree_linvel: mass-weighted com velocities gathered from the leaves
void ComputeSubtreeLinearVelocity(const Model& m, Data& d) {
  for (int b = 0; b < m.nbody; ++b) {
    mjtNum velocity[3];
    PointVelocity(m, d, b, d.xipos + 3 * b, velocity);
    Scale3(d.subtree_linvel + 3 * b, velocity, m.body_mass[b]);
  }
  for (int b = m.nbody - 1; b > 0; --b) {
    AddTo3(d.subtree_linvel + 3 * m.body_parentid[b], d.subtree_linvel + 3 * b);
  }
  for (int b = 0; b < m.nbody; ++b) {
    mjtNum mass = m.body_subtreemass[b] < mjMINVAL ? mjMINVAL : m.body_subtreemass[b];
    Scale3(d.subtree_linvel + 3 * b, d.subtree_linvel + 3 * b, 1 / mass);
  }
}

// a body's own angular momentum about its subtree's com: (R I R') w + m (x - c) x (v - vc)
void BodyAngularMomentum(const Model& m, const Data& d, int b, mjtNum momentum[3]) {
  const mjtNum* R = d.ximat + 9 * b;
  const mjtNum* w = d.cvel + 6 * b;
  mjtNum local[3];
  MulMatTVec3(local, R, w);
  for (int k = 0; k < 3; ++k) local[k] *= m.body_inertia[3 * b + k];
  MulMatVec3(momentum, R, local);
  mjtNum velocity[3], offset[3], relative[3], orbital[3];
  PointVelocity(m, d, b, d.xipos + 3 * b, velocity);
  Sub3(offset, d.xipos + 3 * b, d.subtree_com + 3 * b);
  Sub3(relative, velocity, d.subtree_linvel + 3 * b);
  Cross3(orbital, offset, relative);
  AddScaledTo3(momentum, orbital, m.body_mass[b]);
}

// subtree_angmom: each body's own part, then each child subtree's momentum about its com and
// that of its mass moving with its com, about the parent's subtree com
void ComputeSubtreeAngularMomentum(const Model& m, Data& d) {
  for (int b = 0; b < m.nbody; ++b) BodyAngularMomentum(m, d, b, d.subtree_angmom + 3 * b);
  for (int b = m.nbody - 1; b > 0; --b) {
    int parent = m.body_parentid[b];
    mjtNum offset[3], relative[3], orbital[3];
    Sub3(offset, d.subtree_com + 3 * b, d.subtree_com + 3 * parent);
    Sub3(relative, d.subtree_linvel + 3 * b, d.subtree_linvel + 3 * parent);
    Cross3(orbital, offset, relative);
    AddTo3(d.subtree_angmom + 3 * parent, d.subtree_angmom + 3 * b);
    AddScaledTo3(d.subtree_angmom + 3 * parent, orbital, m.body_subtreemass[b]);
  }
}

}  // namespace

void PointVelocity(const Model& m, const Data& d, int b, const mjtNum p[3], mjtNum velocity[3]) {
  const mjtNum* cvel = d.cvel + 6 * b;
  mjtNum offset[3], turn[3];
  Sub3(offset, p, d.subtree_com + 3 * m.body_rootid[b]);
  Cross3(turn, cvel, offset);
  Add3(velocity, cvel + 3, turn);
}

// cvel and cdof_dot, parents before children
void mj_comVel(const Model& m, Data& d) {
  Zero6(d.cvel);
  for (int b = 1; b < m.nbody; ++b) {
    mjtNum velocity[6];
    Copy6(velocity, d.cvel + 6 * m.body_parentid[b]);
    for (int j = m.body_jntadr[b]; j < m.body_jntadr[b] + m.body_jntnum[b]; ++j) {
      int first[2], count[2];
      int groups = JointGroups(m, j, first, count);
      for (int g = 0; g < groups; ++g) AdvanceGroup(d, velocity, first[g], count[g]);
    }
    Copy6(d.cvel + 6 * b, velocity);
  }
}

// ten_velocity = ten_J qvel, actuator_velocity = actuator_moment qvel (summed as the
// reference); with actuation disabled actuator_velocity is 0 (measured)
void TendonActuatorVelocity(const Model& m, Data& d) {
  bool sparse = mj_isSparse(m);
  for (int t = 0; t < m.ntendon; ++t) {
    int adr = d.ten_J_rowadr[t];
    d.ten_velocity[t] = sparse ? DotSparse(d.ten_J + adr, d.qvel, d.ten_J_colind + adr,
                                           d.ten_J_rownnz[t])
                               : Dot(d.ten_J + static_cast<size_t>(t) * m.nv, d.qvel, m.nv);
  }
  if (m.opt.disableflags & mjDSBL_ACTUATION) {
    for (int i = 0; i < m.nu; ++i) d.actuator_velocity[i] = 0;
    return;
  }
  for (int i = 0; i < m.nu; ++i) {
    int adr = d.moment_rowadr[i];
    d.actuator_velocity[i] = DotSparse(d.actuator_moment + adr, d.qvel, d.moment_colind + adr,
                                       d.moment_rownnz[i]);
  }
}

void mj_subtreeVel(const Model& m, Data& d) {
  ComputeSubtreeLinearVelocity(m, d);
  ComputeSubtreeAngularMomentum(m, d);
}

}  // namespace mjsim
