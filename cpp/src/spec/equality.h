// equality.h: Spec elements for equality constraints, contact pairs and excludes.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "spec/common.h"

namespace mjsim {

struct SpecEquality {
  std::string name;
  SourceLocation source;
};

struct SpecPair {
  std::string name;
  SourceLocation source;
};

struct SpecExclude {
  std::string name;
  SourceLocation source;
};

}  // namespace mjsim
