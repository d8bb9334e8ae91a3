// fields/sensor.h: Model arrays of sensors (type, the objects they read, output layout, noise
// and cutoff), written by compiler/sensors.cc, and the sensor outputs (Data.sensordata),
// written by engine/sensor.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_SENSOR_SIZES(X) \
  X(nsensordata, "length of sensordata")

//     type    name              rows     cols  doc
#define MJSIM_SENSOR_FIELDS(X)                                                                  \
  X(int,    sensor_type,       nsensor, 1,  "sensor type (mjtSensor) (sensors.cc)")               \
  X(int,    sensor_datatype,   nsensor, 1,  "numeric data type (mjtDataType) (sensors.cc)")       \
  X(int,    sensor_needstage,  nsensor, 1,  "required compute stage (mjtStage) (sensors.cc)")     \
  X(int,    sensor_objtype,    nsensor, 1,  "kind of object measured (mjtObj) (sensors.cc)")    \
  X(int,    sensor_objid,      nsensor, 1,  "id of sensorized object (sensors.cc)")               \
  X(int,    sensor_reftype,    nsensor, 1,  "kind of the reference-frame object (mjtObj) (sensors.cc)")      \
  X(int,    sensor_refid,      nsensor, 1,  "frame the output is expressed in; -1 for world (sensors.cc)") \
  X(int,    sensor_intprm,     nsensor, 3,  "sensor parameters (sensors.cc)")                     \
  X(int,    sensor_dim,        nsensor, 1,  "number of scalar outputs (sensors.cc)")              \
  X(int,    sensor_adr,        nsensor, 1,  "address in sensor array (sensors.cc)")               \
  X(mjtNum, sensor_cutoff,     nsensor, 1,  "output clamp (absolute for real, upper for positive data); 0 for none (sensors.cc)") \
  X(mjtNum, sensor_noise,      nsensor, 1,  "noise standard deviation (sensors.cc)")              \
  X(mjtNum, sensor_user,       nsensor, m.nuser_sensor, "user data (sensors.cc)")                 \
  X(int,    sensor_plugin,     nsensor, 1,  "plugin instance; -1 for built-in sensors (sensors.cc)")

//     type    name              rows          cols  doc
#define MJSIM_SENSOR_DATA_FIELDS(X)                                                             \
  X(mjtNum, sensordata,        nsensordata,  1,  "sensor data array (sensor.cc)")
