// custom.h: Spec elements for custom numeric/text/tuple data, keyframes, <size>, <statistic>, <visual>.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "spec/common.h"

namespace mjsim {

struct SpecNumeric {
  std::string name;
  SourceLocation source;
};

struct SpecText {
  std::string name;
  SourceLocation source;
};

struct SpecTuple {
  std::string name;
  SourceLocation source;
};

struct SpecKey {
  std::string name;
  SourceLocation source;
};

// <size>: memory and user-data sizes. nuser_* = -1 sizes user data to the longest list given.
struct SpecSize {
  int nuser_body = -1, nuser_jnt = -1, nuser_geom = -1, nuser_site = -1, nuser_cam = -1,
      nuser_tendon = -1, nuser_actuator = -1, nuser_sensor = -1;
  SourceLocation source;
};

struct SpecStatistic {
  std::string name;
  SourceLocation source;
};

struct SpecVisual {
  std::string name;
  SourceLocation source;
};

}  // namespace mjsim
