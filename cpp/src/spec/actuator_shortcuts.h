// actuator_shortcuts.h: what each MJCF actuator shortcut (<motor>, <position>, ...) sets on an
// actuator, shared by the reader and MjSpec's set_to_* methods. A parameter not given keeps the
// value the actuator already has where the reference does (its class's, for the reader).
#pragma once
#include <optional>

#include "spec/actuator.h"

namespace mjsim {

void SetToMotor(SpecActuator& act);
void SetToPosition(SpecActuator& act, mjtNum kp, std::optional<mjtNum> kv,
                   std::optional<mjtNum> dampratio, std::optional<mjtNum> timeconst,
                   std::optional<mjtNum> inheritrange);
void SetToVelocity(SpecActuator& act, mjtNum kv);
// given both kv and dampratio, or either negative, the damping is dropped (as the reference)
void SetToIntVelocity(SpecActuator& act, mjtNum kp, std::optional<mjtNum> kv,
                      std::optional<mjtNum> dampratio, std::optional<mjtNum> inheritrange);
void SetToDamper(SpecActuator& act, mjtNum kv);
void SetToCylinder(SpecActuator& act, mjtNum timeconst, mjtNum area,
                   std::optional<mjtNum> diameter, const mjtNum bias[3]);
// muscle: a parameter given as a non-negative number sets it; otherwise one still at the general
// default (dynprm/gainprm = 1 0 0 ...) takes the muscle default. `params`: force, scale, lmin,
// lmax, vmax, fpmax, fvmax.
void SetToMuscle(SpecActuator& act, const std::optional<mjtNum> timeconst[2],
                 std::optional<mjtNum> tausmooth, const std::optional<mjtNum> range[2],
                 const std::optional<mjtNum> params[7]);
void SetToAdhesion(SpecActuator& act, mjtNum gain);

}  // namespace mjsim
