// sensor.h: Spec elements for sensors.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "spec/common.h"

namespace mjsim {

struct SpecSensor {
  std::string name;
  SourceLocation source;
};

}  // namespace mjsim
