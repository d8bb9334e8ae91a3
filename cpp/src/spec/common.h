// common.h: pieces every Spec element uses: where it came from, how it is oriented.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "mjsim/types.h"

namespace mjsim {

// Where an element came from, for error messages.
struct SourceLocation {
  std::string element;  // XML element name, e.g. "geom"
  int line = 0;
  std::string file;     // empty for a model given as a string
};

// One of MuJoCo's alternative orientation forms; at most one is set per element.
struct Orientation {
  enum class Form { kQuat, kAxisAngle, kEuler, kXYAxes, kZAxis };
  Form form = Form::kQuat;
  mjtNum values[6] = {1, 0, 0, 0, 0, 0};  // quat(4) | axisangle(4) | euler(3) | xyaxes(6) | zaxis(3)
};

}  // namespace mjsim
