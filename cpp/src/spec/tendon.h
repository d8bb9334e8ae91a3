// tendon.h: Spec elements for tendons (fixed and spatial) and their wrap objects.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "spec/common.h"

namespace mjsim {

struct SpecTendon {
  std::string name;
  SourceLocation source;
};

}  // namespace mjsim
