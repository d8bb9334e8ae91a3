// camera_light.h: Spec elements for cameras and lights (children of bodies).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "spec/common.h"

namespace mjsim {

struct SpecCamera {
  std::string name;
  int frame = -1;  // enclosing <frame>, index into Spec::frames
  SourceLocation source;
};

struct SpecLight {
  std::string name;
  int frame = -1;  // enclosing <frame>, index into Spec::frames
  SourceLocation source;
};

}  // namespace mjsim
