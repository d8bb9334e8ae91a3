// mesh.h: Spec elements for mesh assets.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "spec/common.h"

namespace mjsim {

struct SpecMesh {
  std::string name;
  std::string file;
  mjtNum scale[3] = {1, 1, 1};
  SourceLocation source;
};

}  // namespace mjsim
