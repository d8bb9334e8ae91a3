// reset.cc: mj_resetData, the state a fresh Data starts in, and mj_resetDataDebug.
//   reads   m.qpos0 body_mocapid body_pos body_quat eq_active0
//   writes  every Data array (zeroed), time, energy and warnings; then d.qpos = qpos0,
//           the mocap poses and eq_active = eq_active0
// mj_resetDataDebug fills every array with the byte debug_value instead (values the engine
// has not computed stand out), except those the reference leaves zero (observed on 3.3.7):
// the state and inputs (qvel, act, ctrl, qfrc_applied, xfrc_applied, userdata), qacc,
// qacc_warmstart, act_dot, qM and sensordata.
#include <cstring>

#include "engine/stages.h"
#include "mjsim/api.h"
#include "util/math3.h"

namespace mjsim {

namespace {

template <typename T>
void ZeroArray(T* array, int count) {
  std::memset(array, 0, sizeof(T) * count);
}

template <typename T>
void ZeroMember(T& value) { value = T{}; }
template <typename T, size_t count>
void ZeroMember(T (&values)[count]) { for (T& value : values) value = T{}; }

// the arrays mj_resetDataDebug leaves zero
void ZeroStateArrays(const Model& m, Data& d) {
  ZeroArray(d.qvel, m.nv);
  ZeroArray(d.act, m.na);
  ZeroArray(d.ctrl, m.nu);
  ZeroArray(d.qfrc_applied, m.nv);
  ZeroArray(d.xfrc_applied, 6 * m.nbody);
  ZeroArray(d.userdata, m.nuserdata);
  ZeroArray(d.qacc, m.nv);
  ZeroArray(d.qacc_warmstart, m.nv);
  ZeroArray(d.act_dot, m.na);
  ZeroArray(d.qM, m.nM);
  ZeroArray(d.sensordata, m.nsensordata);
}

void ResetFilled(const Model& m, Data& d, unsigned char fill) {
  std::memset(d.buffer.bytes(), fill, d.buffer.size());
  if (fill) ZeroStateArrays(m, d);
  // the scalars (mjsim/data.h MJSIM_DATA_SCALARS) to their zero values
#define MJSIM_X(type, name, count, doc) ZeroMember(d.name);
  MJSIM_DATA_SCALARS(MJSIM_X)
#undef MJSIM_X
  LayoutConstraintRows(m, d, 0);
  std::memcpy(d.qpos, m.qpos0, sizeof(mjtNum) * m.nq);
  for (int b = 0; b < m.nbody; ++b) {
    int id = m.body_mocapid[b];
    if (id < 0) continue;
    Copy3(d.mocap_pos + 3 * id, m.body_pos + 3 * b);
    Copy4(d.mocap_quat + 4 * id, m.body_quat + 4 * b);
  }
  std::memcpy(d.eq_active, m.eq_active0, sizeof(mjtByte) * m.neq);
}

}  // namespace

void mj_resetData(const Model& m, Data& d) { ResetFilled(m, d, 0); }

void mj_resetDataDebug(const Model& m, Data& d, unsigned char debug_value) {
  ResetFilled(m, d, debug_value);
}

}  // namespace mjsim
