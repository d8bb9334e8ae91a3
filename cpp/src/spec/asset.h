// asset.h: Spec elements for height fields, textures and materials.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "spec/common.h"

namespace mjsim {

struct SpecHField {
  std::string name;
  SourceLocation source;
};

struct SpecTexture {
  std::string name;
  SourceLocation source;
};

struct SpecMaterial {
  std::string name;
  SourceLocation source;
};

}  // namespace mjsim
