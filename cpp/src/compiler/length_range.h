// length_range.h: mj_setLengthRange, actuator_lengthrange computed by simulation (MuJoCo API;
// Modeling chapter "Length range", XML reference compiler/lengthrange). The compiler uses the
// same rules for <compiler><lengthrange> (actuators.cc, compile.cc).
#pragma once
#include <string>

#include "mjsim/data.h"
#include "mjsim/model.h"
#include "spec/actuator.h"

namespace mjsim {

// the options of mjLROpt (mode 0 none, 1 muscle, 2 muscleuser, 3 all), mujoco's defaults
using LengthRangeOptions = SpecLengthRange;

// whether the mode selects an actuator with these gain and bias types
bool LengthRangeSelected(int mode, int gaintype, int biastype);

// Sets m.actuator_lengthrange[index] as the reference does: nothing for an actuator the mode
// does not select or (useexisting) with a valid range; (uselimit) the range of a limited joint
// or tendon target; otherwise by simulation in d. Returns false with the reference's message
// in *error when the simulation does not settle; throws FatalError for a bad index.
bool mj_setLengthRange(Model& m, Data& d, int index, const LengthRangeOptions& opt,
                       std::string* error);

}  // namespace mjsim
