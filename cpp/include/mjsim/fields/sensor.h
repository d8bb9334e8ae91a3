// fields/sensor.h: Model and Data arrays of sensors; written by compiler/sensors.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_SENSOR_SIZES(X)
#define MJSIM_SENSOR_FIELDS(X)
#define MJSIM_SENSOR_DATA_FIELDS(X)
