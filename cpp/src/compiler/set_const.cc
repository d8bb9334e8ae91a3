// set_const.cc: mj_setConst. Which model fields it recomputes was found by experiment on the
// reference: changing body_mass, body_inertia, body_pos, jnt_axis, dof_armature, actuator_gear
// or qpos0 and calling mj_setConst changes exactly body_subtreemass, dof_M0, dof_invweight0,
// body_invweight0, tendon_invweight0, tendon_length0, actuator_length0, actuator_acc0 and
// m.stat (all five values, also when <statistic> gave them); tendon_lengthspring, body_simple,
// body_sameframe and the sparse layouts stay.
//   reads   m (all of it), writes the fields above; d: qpos, kinematics, tendon lengths
#include <cstring>

#include "compiler/set_const.h"
#include "mjsim/api.h"

namespace mjsim {
namespace {

void FillSubtreeMass(Model& m) {
  for (int b = 0; b < m.nbody; ++b) m.body_subtreemass[b] = m.body_mass[b];
  for (int b = m.nbody - 1; b > 0; --b) {
    m.body_subtreemass[m.body_parentid[b]] += m.body_subtreemass[b];
  }
}

// ten_length at the pose qpos, left in d
void TendonLengthsAt(const Model& m, const mjtNum* qpos, Data& d) {
  std::memcpy(d.qpos, qpos, sizeof(mjtNum) * m.nq);
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_tendon(m, d);
}

}  // namespace

void mj_setConst(Model& m, Data& d) {
  FillSubtreeMass(m);
  FillSetConst(m);
  RecomputeStatistic(m);
  TendonLengthsAt(m, m.qpos0, d);
  for (int t = 0; t < m.ntendon; ++t) m.tendon_length0[t] = d.ten_length[t];
  TendonLengthsAt(m, m.qpos_spring, d);
}

}  // namespace mjsim
