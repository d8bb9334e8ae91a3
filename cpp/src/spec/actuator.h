// actuator.h: Spec elements for actuators (general and every shortcut, expanded to gain/bias/dynamics).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "spec/common.h"

namespace mjsim {

struct SpecActuator {
  std::string name;
  SourceLocation source;
};

}  // namespace mjsim
