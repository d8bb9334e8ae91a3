// sensor.h: Spec elements for sensors: one SpecSensor per child of <sensor>, values as written.
// The reader sets the type and the object types its element implies; names are resolved by
// compiler/sensors.cc.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "spec/common.h"

namespace mjsim {

// Contact-sensor outputs (attribute `data`), in the order they must be written; bit i of
// sensor_intprm[0] selects output i, `size` numbers per contact.
struct ContactDataField {
  const char* keyword;
  int size;
};
inline constexpr ContactDataField kContactDataFields[] = {
    {"found", 1}, {"force", 3}, {"torque", 3}, {"dist", 1}, {"pos", 3}, {"normal", 3},
    {"tangent", 3}};

struct SpecSensor {
  std::string name;
  int type = 0;             // mjtSensor
  // the sensorized object and the reference object: mjtObj type and name as written; type
  // mjOBJ_UNKNOWN with an empty name means none
  int objtype = 0;
  std::string objname;
  int reftype = 0;
  std::string refname;
  mjtNum noise = 0;
  mjtNum cutoff = 0;
  std::vector<mjtNum> user;
  // <user>: output layout declared by the model
  int datatype = 0;         // mjtDataType
  int needstage = 3;        // mjtStage (mjSTAGE_ACC)
  int dim = 0;
  // <contact>: which outputs (bit mask over kContactDataFields), reduction, number of contacts
  int contact_data = 1;     // "found"
  int contact_reduce = 0;   // none
  int contact_num = 1;
  SourceLocation source;
};

}  // namespace mjsim
