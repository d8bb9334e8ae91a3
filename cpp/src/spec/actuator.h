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

struct SpecActuator {
  std::string name;
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

  int dyntype = 0, gaintype = 0, biastype = 0;  // mjtDyn, mjtGain, mjtBias
  mjtNum dynprm[kActuatorParams] = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  mjtNum gainprm[kActuatorParams] = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  mjtNum biasprm[kActuatorParams] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  bool actearly = false;
  int actdim = -1;            // -1: 1 for stateful dynamics, else 0
  mjtNum inheritrange = 0;    // > 0: ctrlrange (or actrange) from the target's range
  SourceLocation source;
};

// <compiler><lengthrange>: which actuators get actuator_lengthrange computed, and how
struct SpecLengthRange {
  int mode = 1;  // 0 none, 1 muscle, 2 muscleuser, 3 all
  bool useexisting = true;
  bool uselimit = false;
  mjtNum accel = 20, maxforce = 0, timeconst = 1, timestep = 0.01, inttotal = 10, interval = 2,
         tolrange = 0.05;
};

}  // namespace mjsim
