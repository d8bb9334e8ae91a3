// fields/sensor.h: Model arrays of sensors (type, the objects they read, output layout, noise
// and cutoff), written by compiler/sensors.cc, and the sensor outputs (Data.sensordata),
// written by engine/sensor.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_SENSOR_SIZES(X) \
  X(nsensordata, "number of elements in sensor data vector")

//     type    name              rows     cols  doc
#define MJSIM_SENSOR_FIELDS(X)                                                                  \
  X(int,    sensor_type,       nsensor, 1,  "sensor type (mjtSensor) (sensors.cc)")               \
  X(int,    sensor_datatype,   nsensor, 1,  "numeric data type (mjtDataType) (sensors.cc)")       \
  X(int,    sensor_needstage,  nsensor, 1,  "required compute stage (mjtStage) (sensors.cc)")     \
  X(int,    sensor_objtype,    nsensor, 1,  "type of sensorized object (mjtObj) (sensors.cc)")    \
  X(int,    sensor_objid,      nsensor, 1,  "id of sensorized object (sensors.cc)")               \
  X(int,    sensor_reftype,    nsensor, 1,  "type of reference frame (mjtObj) (sensors.cc)")      \
  X(int,    sensor_refid,      nsensor, 1,  "id of reference frame; -1: global frame (sensors.cc)") \
  X(int,    sensor_intprm,     nsensor, 3,  "sensor parameters (sensors.cc)")                     \
  X(int,    sensor_dim,        nsensor, 1,  "number of scalar outputs (sensors.cc)")              \
  X(int,    sensor_adr,        nsensor, 1,  "address in sensor array (sensors.cc)")               \
  X(mjtNum, sensor_cutoff,     nsensor, 1,  "cutoff for real and positive; 0: ignore (sensors.cc)") \
  X(mjtNum, sensor_noise,      nsensor, 1,  "noise standard deviation (sensors.cc)")              \
  X(mjtNum, sensor_user,       nsensor, m.nuser_sensor, "user data (sensors.cc)")                 \
  X(int,    sensor_plugin,     nsensor, 1,  "plugin instance id; -1: not a plugin (sensors.cc)")

//     type    name              rows          cols  doc
#define MJSIM_SENSOR_DATA_FIELDS(X)                                                             \
  X(mjtNum, sensordata,        nsensordata,  1,  "sensor data array (sensor.cc)")
