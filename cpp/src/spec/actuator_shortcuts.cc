// actuator_shortcuts.cc: the gain, bias and dynamics each actuator shortcut sets (MJCF
// reference, actuator section).
#include "spec/actuator_shortcuts.h"

#include "mjsim/types.h"

namespace mjsim {

void SetToMotor(SpecActuator& act) {
  act.dyntype = mjDYN_NONE;
  act.gaintype = mjGAIN_FIXED;
  act.biastype = mjBIAS_NONE;
  act.gainprm[0] = 1;
  act.inheritrange = 0;
}

void SetToPosition(SpecActuator& act, mjtNum kp, std::optional<mjtNum> kv,
                   std::optional<mjtNum> dampratio, std::optional<mjtNum> timeconst,
                   std::optional<mjtNum> inheritrange) {
  if (inheritrange) act.inheritrange = *inheritrange;
  act.gaintype = mjGAIN_FIXED;
  act.biastype = mjBIAS_AFFINE;
  act.gainprm[0] = kp;
  act.biasprm[1] = -kp;
  if (kv) act.biasprm[2] = -*kv;
  if (dampratio) act.biasprm[2] = *dampratio;  // positive: a damping ratio (compiler)
  if (timeconst) {
    act.dyntype = *timeconst > 0 ? mjDYN_FILTEREXACT : mjDYN_NONE;
    act.dynprm[0] = *timeconst;
  }
}

void SetToVelocity(SpecActuator& act, mjtNum kv) {
  act.dyntype = mjDYN_NONE;
  act.gaintype = mjGAIN_FIXED;
  act.biastype = mjBIAS_AFFINE;
  act.gainprm[0] = kv;
  for (mjtNum& value : act.biasprm) value = 0;
  act.biasprm[2] = -kv;
  act.inheritrange = 0;
}

void SetToIntVelocity(SpecActuator& act, mjtNum kp, std::optional<mjtNum> kv,
                      std::optional<mjtNum> dampratio, std::optional<mjtNum> inheritrange) {
  if (inheritrange) act.inheritrange = *inheritrange;
  act.dyntype = mjDYN_INTEGRATOR;
  act.gaintype = mjGAIN_FIXED;
  act.actlimited = 1;
  act.gainprm[0] = kp;
  act.biasprm[1] = -kp;
  bool damping_valid = !(kv && dampratio) && !(kv && *kv < 0) && !(dampratio && *dampratio < 0);
  if (!damping_valid) return;
  act.biastype = mjBIAS_AFFINE;
  if (kv) act.biasprm[2] = -*kv;
  if (dampratio) act.biasprm[2] = *dampratio;
}

void SetToDamper(SpecActuator& act, mjtNum kv) {
  act.dyntype = mjDYN_NONE;
  act.gaintype = mjGAIN_AFFINE;
  act.biastype = mjBIAS_NONE;
  for (mjtNum& value : act.gainprm) value = 0;
  act.gainprm[2] = -kv;
  act.ctrllimited = 1;
  act.inheritrange = 0;
}

void SetToCylinder(SpecActuator& act, mjtNum timeconst, mjtNum area,
                   std::optional<mjtNum> diameter, const mjtNum bias[3]) {
  if (diameter && *diameter >= 0) area = mjPI / 4 * *diameter * *diameter;
  act.dyntype = mjDYN_FILTER;
  act.gaintype = mjGAIN_FIXED;
  act.biastype = mjBIAS_AFFINE;
  act.dynprm[0] = timeconst;
  act.gainprm[0] = area;
  act.biasprm[0] = bias[0];
}

namespace {

void SetMuscleParam(mjtNum& param, int index, std::optional<mjtNum> given, mjtNum muscle_default) {
  mjtNum general_default = index == 0 ? 1 : 0;
  if (given && *given >= 0) {
    param = *given;
  } else if (param == general_default) {
    param = muscle_default;
  }
}

}  // namespace

void SetToMuscle(SpecActuator& act, const std::optional<mjtNum> timeconst[2],
                 std::optional<mjtNum> tausmooth, const std::optional<mjtNum> range[2],
                 const std::optional<mjtNum> params[7]) {
  for (int i = 0; i < 2; ++i) {
    SetMuscleParam(act.dynprm[i], i, timeconst[i], i == 0 ? 0.01 : 0.04);
    SetMuscleParam(act.gainprm[i], i, range[i], i == 0 ? 0.75 : 1.05);
  }
  SetMuscleParam(act.dynprm[2], 2, tausmooth, 0);
  static const mjtNum kDefaults[] = {-1, 200, 0.5, 1.6, 1.5, 1.3, 1.2};
  for (int i = 0; i < 7; ++i) SetMuscleParam(act.gainprm[2 + i], 2 + i, params[i], kDefaults[i]);
  act.dyntype = mjDYN_MUSCLE;
  act.gaintype = mjGAIN_MUSCLE;
  act.biastype = mjBIAS_MUSCLE;
  for (int i = 0; i < 9; ++i) act.biasprm[i] = act.gainprm[i];
  act.inheritrange = 0;
}

void SetToAdhesion(SpecActuator& act, mjtNum gain) {
  act.gaintype = mjGAIN_FIXED;
  act.biastype = mjBIAS_NONE;
  act.gainprm[0] = gain;
  act.ctrllimited = 1;
  act.inheritrange = 0;
}

}  // namespace mjsim
