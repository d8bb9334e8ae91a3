// tendon.h: Spec elements for tendons (fixed and spatial) and their wrap objects.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "spec/common.h"

namespace mjsim {

// One element of a tendon's path, in document order: <site>, <geom>, <pulley> of a spatial
// tendon, or <joint> of a fixed tendon. Names are resolved by the compiler.
struct SpecTendonWrap {
  enum class Kind { kSite, kGeom, kPulley, kJoint };
  Kind kind = Kind::kSite;
  std::string target;    // site, geom or joint name
  std::string sidesite;  // geom only; "" for none
  mjtNum value = 0;      // pulley divisor or joint coefficient
  SourceLocation source;
};

// <spatial> and <fixed>; also the tendon values of a default class (<default><tendon>).
struct SpecTendon : SpecElement {
  bool spatial = true;
  int group = 0;
  int limited = 2;             // 0 false, 1 true, 2 auto (from range and compiler autolimits)
  int actuatorfrclimited = 0;  // false unless given; an explicit "auto" looks at the range
  mjtNum range[2] = {0, 0};
  bool range_given = false;
  mjtNum actuatorfrcrange[2] = {0, 0};
  bool actuatorfrcrange_given = false;
  mjtNum solref_limit[2] = {0.02, 1};
  mjtNum solimp_limit[5] = {0.9, 0.95, 0.001, 0.5, 2};
  mjtNum solref_friction[2] = {0.02, 1};
  mjtNum solimp_friction[5] = {0.9, 0.95, 0.001, 0.5, 2};
  mjtNum frictionloss = 0;
  mjtNum springlength[2] = {-1, -1};  // -1 -1: the length at qpos_spring
  mjtNum width = 0.003;
  std::string material;
  mjtNum margin = 0;
  mjtNum stiffness = 0;
  mjtNum damping = 0;
  mjtNum armature = 0;
  float rgba[4] = {0.5f, 0.5f, 0.5f, 1};
  std::vector<mjtNum> user;
  ElementList<SpecTendonWrap> path;
};

}  // namespace mjsim
