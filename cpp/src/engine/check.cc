// check.cc: numerical sanity checks of the state, pipeline stages 1 and 24 (checklist C.19):
// a NaN, an infinity or a value beyond mjMAXVAL in qpos, qvel or qacc raises the warning
// counter of that array and, unless mjDSBL_AUTORESET, resets the Data (mj_resetData) so the
// simulation goes on from the model's initial state instead of propagating garbage.
//   reads   d.qpos qvel qacc
//   writes  d.warning; everything mj_resetData writes; after a bad qacc, what mj_forward writes
// Every warning of the engine is counted by mj_warning, which also passes its first occurrence
// since the last reset, as text, to the user's mju_user_warning (mjsim/callbacks.h).
//
// Observed in mujoco 3.3.7 (docs/REFERENCE-BEHAVIOURS.md): the warning is counted once before
// the reset and once after it, so a reset leaves number == 1, while without the reset the
// counter rises by 2 per bad step. lastinfo is the index of the first bad entry.
#include <cmath>
#include <cstdio>
#include <string>

#include "mjsim/api.h"
#include "mjsim/callbacks.h"

namespace mjsim {
namespace {

constexpr mjtNum kMaxValue = 1e10;  // mjMAXVAL

bool IsBad(mjtNum x) { return std::isnan(x) || std::fabs(x) > kMaxValue; }

int FirstBad(const mjtNum* values, int count) {
  for (int i = 0; i < count; ++i) {
    if (IsBad(values[i])) return i;
  }
  return -1;
}

bool AutoResetEnabled(const Model& m) { return !(m.opt.disableflags & mjDSBL_AUTORESET); }

// returns whether the state was bad
bool CheckArray(const Model& m, Data& d, const mjtNum* values, int count, int warning) {
  int bad = FirstBad(values, count);
  if (bad < 0) return false;
  mj_warning(d, warning, bad);
  if (AutoResetEnabled(m)) mj_resetData(m, d);
  d.warning[warning].number += 1;
  d.warning[warning].lastinfo = bad;
  return true;
}

}  // namespace

std::string mju_warningText(int warning, long long info) {
  std::string n = std::to_string(info);
  switch (warning) {
    case mjWARN_INERTIA:
      return "Inertia matrix is too close to singular at DOF " + n + ". Check model.";
    case mjWARN_CONTACTFULL:
      return "Too many contacts. The arena memory is full, increase arena memory allocation."
             "(ncon = " + n + ")";
    case mjWARN_CNSTRFULL:
      return "Insufficient arena memory for the number of constraints generated. Increase "
             "arena memory allocation above " + n + " bytes.";
    case mjWARN_VGEOMFULL:
      return "Pre-allocated visual geom buffer is full. Increase maxgeom above " + n + ".";
    case mjWARN_BADQPOS:
      return "Nan, Inf or huge value in QPOS at DOF " + n + ". The simulation is unstable.";
    case mjWARN_BADQVEL:
      return "Nan, Inf or huge value in QVEL at DOF " + n + ". The simulation is unstable.";
    case mjWARN_BADQACC:
      return "Nan, Inf or huge value in QACC at DOF " + n + ". The simulation is unstable.";
    case mjWARN_BADCTRL:
      return "Nan, Inf or huge value in CTRL at ACTUATOR " + n + ". The simulation is unstable.";
    default: return "Unknown warning type " + std::to_string(warning) + ".";
  }
}

void mj_warning(Data& d, int warning, int info) {
  if (warning < 0 || warning >= mjNWARNING) return;
  if (d.warning[warning].number == 0 && mju_user_warning) {
    char time[48];
    std::snprintf(time, sizeof(time), " Time = %.4f.", d.time);
    mju_user_warning((mju_warningText(warning, info) + time).c_str());
  }
  d.warning[warning].lastinfo = info;
  d.warning[warning].number += 1;
}

void mj_checkPos(const Model& m, Data& d) { CheckArray(m, d, d.qpos, m.nq, mjWARN_BADQPOS); }

void mj_checkVel(const Model& m, Data& d) { CheckArray(m, d, d.qvel, m.nv, mjWARN_BADQVEL); }

// after a reset the forward pass is redone, so the integrator steps from the reset state
void mj_checkAcc(const Model& m, Data& d) {
  if (CheckArray(m, d, d.qacc, m.nv, mjWARN_BADQACC) && AutoResetEnabled(m)) mj_forward(m, d);
}

}  // namespace mjsim
