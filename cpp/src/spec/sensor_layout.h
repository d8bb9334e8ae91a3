// sensor_layout.h: the output layout of each sensor type (data type, stage, number of outputs),
// shared by the reader, the compiler and MjSpec's get_data_size.
#pragma once
#include "spec/sensor.h"

namespace mjsim {

struct SensorLayout {
  int type;       // mjtSensor
  int datatype;   // mjtDataType
  int needstage;  // mjtStage
  int dim;        // outputs; 0 where the sensor's own values decide (contact, user, tactile)
};

// the layout of a sensor type; nullptr for a value no mjtSensor names
const SensorLayout* FindSensorLayout(int type);

// Contact-sensor outputs, in the order bit i of intprm[0] selects them, numbers per contact.
constexpr int kContactDataSizes[] = {1, 3, 3, 1, 3, 3, 3};  // found force torque dist pos normal tangent
constexpr int kContactDataCount = 7;                          // mjNCONDATA

// The outputs of `sensor` as its own values give them (a user sensor's dim, a contact sensor's
// selected outputs times num, else the type's); -1 for a tactile sensor (its mesh decides).
int SensorDataSize(const SpecSensor& sensor);

}  // namespace mjsim
