// state.cc: the simulation state as flat vectors (mjtState), keyframes, copying, total mass.
//   reads/writes  d.time qpos qvel act qacc_warmstart ctrl qfrc_applied xfrc_applied eq_active
//                 mocap_pos mocap_quat userdata;  m.key_* body_mass body_inertia
//
// A state signature is a set of mjtState bits; its vector is the selected components one after
// another in bit order (TIME, QPOS, QVEL, ACT, WARMSTART, CTRL, QFRC_APPLIED, XFRC_APPLIED,
// EQ_ACTIVE, MOCAP_POS, MOCAP_QUAT, USERDATA, PLUGIN). eq_active bytes travel as numbers.
#include <cmath>
#include <cstring>

#include "mjsim/api.h"
#include "util/math3.h"

namespace mjsim {
namespace {

// the mjtNum array of component `bit` (nullptr for time, eq_active and plugin state)
mjtNum* ComponentArray(const Data& d, int bit) {
  switch (bit) {
    case mjSTATE_QPOS: return d.qpos;
    case mjSTATE_QVEL: return d.qvel;
    case mjSTATE_ACT: return d.act;
    case mjSTATE_WARMSTART: return d.qacc_warmstart;
    case mjSTATE_CTRL: return d.ctrl;
    case mjSTATE_QFRC_APPLIED: return d.qfrc_applied;
    case mjSTATE_XFRC_APPLIED: return d.xfrc_applied;
    case mjSTATE_MOCAP_POS: return d.mocap_pos;
    case mjSTATE_MOCAP_QUAT: return d.mocap_quat;
    case mjSTATE_USERDATA: return d.userdata;
    default: return nullptr;
  }
}

// a byte of eq_active from a state number, as a C conversion double -> int -> unsigned char
mjtByte ByteFromNumber(mjtNum value) {
  if (!(std::fabs(value) < 2147483648.0)) return 0;
  return static_cast<mjtByte>(static_cast<int>(value));
}

// copy one component between d and state (to_state: d -> state); returns its size
int TransferComponent(const Model& m, Data& d, mjtNum* state, int bit, bool to_state) {
  int size = mj_stateSize(m, bit);
  if (bit == mjSTATE_TIME) {
    if (to_state) state[0] = d.time; else d.time = state[0];
  } else if (bit == mjSTATE_EQ_ACTIVE) {
    for (int i = 0; i < m.neq; ++i) {
      if (to_state) state[i] = d.eq_active[i]; else d.eq_active[i] = ByteFromNumber(state[i]);
    }
  } else if (mjtNum* array = ComponentArray(d, bit)) {
    if (to_state) std::memcpy(state, array, sizeof(mjtNum) * size);
    else std::memcpy(array, state, sizeof(mjtNum) * size);
  }
  return size;  // plugin state: none (plugins are not supported, npluginstate is 0)
}

void TransferState(const Model& m, Data& d, mjtNum* state, int signature, bool to_state) {
  int offset = 0;
  for (int i = 0; i < mjNSTATE; ++i) {
    int bit = 1 << i;
    if (signature & bit) offset += TransferComponent(m, d, state + offset, bit, to_state);
  }
}

}  // namespace

int mj_stateSize(const Model& m, int signature) {
  const int sizes[mjNSTATE] = {1, m.nq, m.nv, m.na, m.nv, m.nu, m.nv, 6 * m.nbody, m.neq,
                               3 * m.nmocap, 4 * m.nmocap, m.nuserdata, m.npluginstate};
  int size = 0;
  for (int i = 0; i < mjNSTATE; ++i) {
    if (signature & (1 << i)) size += sizes[i];
  }
  return size;
}

void mj_getState(const Model& m, const Data& d, mjtNum* state, int signature) {
  TransferState(m, const_cast<Data&>(d), state, signature, true);  // only reads d
}

void mj_setState(const Model& m, Data& d, const mjtNum* state, int signature) {
  TransferState(m, d, const_cast<mjtNum*>(state), signature, false);  // only reads state
}

// mj_resetData, then time, qpos, qvel, act, mocap poses and ctrl from keyframe `key`
void mj_resetDataKeyframe(const Model& m, Data& d, int key) {
  mj_resetData(m, d);
  if (key < 0 || key >= m.nkey) return;
  d.time = m.key_time[key];
  std::memcpy(d.qpos, m.key_qpos + key * m.nq, sizeof(mjtNum) * m.nq);
  std::memcpy(d.qvel, m.key_qvel + key * m.nv, sizeof(mjtNum) * m.nv);
  std::memcpy(d.act, m.key_act + key * m.na, sizeof(mjtNum) * m.na);
  std::memcpy(d.mocap_pos, m.key_mpos + key * 3 * m.nmocap, sizeof(mjtNum) * 3 * m.nmocap);
  std::memcpy(d.mocap_quat, m.key_mquat + key * 4 * m.nmocap, sizeof(mjtNum) * 4 * m.nmocap);
  std::memcpy(d.ctrl, m.key_ctrl + key * m.nu, sizeof(mjtNum) * m.nu);
}

// keyframe `key` = d's time, qpos, qvel, act, mocap poses and ctrl
void mj_setKeyframe(Model& m, const Data& d, int key) {
  if (key < 0 || key >= m.nkey) return;
  m.key_time[key] = d.time;
  std::memcpy(m.key_qpos + key * m.nq, d.qpos, sizeof(mjtNum) * m.nq);
  std::memcpy(m.key_qvel + key * m.nv, d.qvel, sizeof(mjtNum) * m.nv);
  std::memcpy(m.key_act + key * m.na, d.act, sizeof(mjtNum) * m.na);
  std::memcpy(m.key_mpos + key * 3 * m.nmocap, d.mocap_pos, sizeof(mjtNum) * 3 * m.nmocap);
  std::memcpy(m.key_mquat + key * 4 * m.nmocap, d.mocap_quat, sizeof(mjtNum) * 4 * m.nmocap);
  std::memcpy(m.key_ctrl + key * m.nu, d.ctrl, sizeof(mjtNum) * m.nu);
}

mjtNum mj_getTotalmass(const Model& m) {
  mjtNum total = 0;
  for (int b = 1; b < m.nbody; ++b) total += m.body_mass[b];
  return total;
}

// scale every body's mass and inertia by newmass / current total (as the reference does,
// body_subtreemass is left as compiled)
void mj_setTotalmass(Model& m, mjtNum newmass) {
  mjtNum total = mj_getTotalmass(m);
  if (total < mjMINVAL) return;
  mjtNum scale = newmass / total;
  for (int b = 1; b < m.nbody; ++b) {
    m.body_mass[b] *= scale;
    Scale3(m.body_inertia + 3 * b, m.body_inertia + 3 * b, scale);
  }
}

}  // namespace mjsim
