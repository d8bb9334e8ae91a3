// actuator.h: Spec elements for actuators (general and every shortcut, expanded to gain/bias/dynamics).
// The shortcuts (motor, position, ...) are applied by the reader to this one general actuator,
// as the reference does; the compiler sees only general actuators. Values are as written, except
// that a position/intvelocity `dampratio` is stored as a positive biasprm[2] (the compiler turns
// it into -kv) and `inheritrange` waits for the target's range.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "spec/common.h"

namespace mjsim {

constexpr int kActuatorParams = 10;  // mjNDYN = mjNGAIN = mjNBIAS

struct SpecActuator : SpecElement {
  int group = 0;
  int ctrllimited = 2, forcelimited = 2, actlimited = 2;  // 0 false, 1 true, 2 auto
  mjtNum ctrlrange[2] = {0, 0};
  mjtNum forcerange[2] = {0, 0};
  mjtNum actrange[2] = {0, 0};
  mjtNum lengthrange[2] = {0, 0};
  mjtNum gear[6] = {1, 0, 0, 0, 0, 0};
  mjtNum cranklength = 0;
  std::vector<mjtNum> user;

  // transmission target: the reader keeps at most one of the first six; refsite goes with
  // site, slidersite with cranksite
  std::string joint, jointinparent, tendon, site, cranksite, body;
  std::string refsite, slidersite;
  int trntype_hint = mjTRN_JOINT;  // mjSpec's trntype while no target is named
  std::string plugin;              // the plugin instance it uses ("" none)

  int dyntype = 0, gaintype = 0, biastype = 0;  // mjtDyn, mjtGain, mjtBias
  mjtNum dynprm[kActuatorParams] = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  mjtNum gainprm[kActuatorParams] = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  mjtNum biasprm[kActuatorParams] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  bool actearly = false;
  int actdim = -1;            // -1: 1 for stateful dynamics, else 0
  mjtNum inheritrange = 0;    // > 0: ctrlrange (or actrange) from the target's range
};

// <compiler><lengthrange>: which actuators get actuator_lengthrange computed, and how
// mjLROpt's members with mujoco's defaults: X(type, name, default, doc)
#define MJSIM_LROPT_MEMBERS(X)                                                         \
  X(int, mode, 1, "actuators that get a range (mjtLRMode): none, muscles, muscles and user actuators, all") \
  X(bool, useexisting, true, "keep a range the model already gives")                 \
  X(bool, uselimit, false, "take the range from joint or tendon limits when they exist")                 \
  X(mjtNum, accel, 20, "acceleration the test force aims for")                    \
  X(mjtNum, maxforce, 0, "cap on the test force; 0 for none")                                 \
  X(mjtNum, timeconst, 1, "velocity damping time constant (at least 0.01)")            \
  X(mjtNum, timestep, 0.01, "step of the test simulation; 0 for opt.timestep")           \
  X(mjtNum, inttotal, 10, "duration of each test simulation")                            \
  X(mjtNum, interval, 2, "final part of the run over which the length is measured")                      \
  X(mjtNum, tolrange, 0.05, "convergence tolerance, as a fraction of the range")
struct SpecLengthRange {
#define MJSIM_X(type, name, value, doc) type name = value;
  MJSIM_LROPT_MEMBERS(MJSIM_X)
#undef MJSIM_X
};

}  // namespace mjsim
