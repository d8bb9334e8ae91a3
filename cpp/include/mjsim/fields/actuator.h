// fields/actuator.h: Model and Data arrays of actuators: transmission, gain, bias, dynamics, limits; written by compiler/actuators.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h. actuator_acc0 and actuator_length0 belong to the constants (constant.h).
#pragma once

#define MJSIM_ACTUATOR_SIZES(X)

//     type     name                  rows  cols  doc
#define MJSIM_ACTUATOR_FIELDS(X)                                                                   \
  X(int,     actuator_trntype,      nu,   1,  "transmission type (mjtTrn) (compiler)")              \
  X(int,     actuator_dyntype,      nu,   1,  "dynamics type (mjtDyn) (compiler)")                  \
  X(int,     actuator_gaintype,     nu,   1,  "gain type (mjtGain) (compiler)")                     \
  X(int,     actuator_biastype,     nu,   1,  "bias type (mjtBias) (compiler)")                     \
  X(int,     actuator_trnid,        nu,   2,  "transmission target ids (joint, tendon or site; a second id for some) (compiler)")    \
  X(int,     actuator_actadr,       nu,   1,  "first entry of act for this actuator; -1 without activation (compiler)") \
  X(int,     actuator_actnum,       nu,   1,  "number of activation variables (compiler)")          \
  X(int,     actuator_group,        nu,   1,  "group for visibility (compiler)")                    \
  X(mjtByte, actuator_ctrllimited,  nu,   1,  "is control limited (compiler)")                      \
  X(mjtByte, actuator_forcelimited, nu,   1,  "is force limited (compiler)")                        \
  X(mjtByte, actuator_actlimited,   nu,   1,  "is activation limited (compiler)")                   \
  X(mjtNum,  actuator_dynprm,       nu,   10, "dynamics parameters (compiler)")                     \
  X(mjtNum,  actuator_gainprm,      nu,   10, "gain parameters (compiler)")                         \
  X(mjtNum,  actuator_biasprm,      nu,   10, "bias parameters (compiler)")                         \
  X(mjtByte, actuator_actearly,     nu,   1,  "step activation before force (compiler)")            \
  X(mjtNum,  actuator_ctrlrange,    nu,   2,  "range of controls (compiler)")                       \
  X(mjtNum,  actuator_forcerange,   nu,   2,  "range of forces (compiler)")                         \
  X(mjtNum,  actuator_actrange,     nu,   2,  "range of activations (compiler)")                    \
  X(mjtNum,  actuator_gear,         nu,   6,  "transmission scale, 6 numbers (length and force) (compiler)")      \
  X(mjtNum,  actuator_cranklength,  nu,   1,  "connecting-rod length of a slider-crank (compiler)")           \
  X(mjtNum,  actuator_lengthrange,  nu,   2,  "feasible actuator length range (compiler)")          \
  X(int,     actuator_plugin,       nu,   1,  "plugin instance; -1 for built-in actuators (compiler)")    \
  X(mjtNum,  actuator_user,         nu,   m.nuser_actuator, "user data (compiler)")

#define MJSIM_ACTUATOR_DATA_FIELDS(X)
