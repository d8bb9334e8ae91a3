// fields/actuator.h: Model and Data arrays of actuators: transmission, gain, bias, dynamics, limits; written by compiler/actuators.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_ACTUATOR_SIZES(X)
#define MJSIM_ACTUATOR_FIELDS(X)
#define MJSIM_ACTUATOR_DATA_FIELDS(X)
