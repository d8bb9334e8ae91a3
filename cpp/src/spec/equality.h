// equality.h: Spec elements for equality constraints, contact pairs and excludes.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "mjsim/types.h"
#include "spec/common.h"

namespace mjsim {

// <equality> children. `data` starts as the reference's default (polycoef "0 1 0 0 0",
// torquescale 1) and the reader writes what each type's attributes give:
//   connect  data[0:3] anchor
//   weld     data[0:3] anchor, data[3:10] relpose (pos, quat), data[10] torquescale
//   joint, tendon  data[0:5] polycoef
struct SpecEquality : SpecElement {
  int type = mjEQ_CONNECT;
  bool active = true;
  mjtNum solref[2] = {0.02, 1};
  mjtNum solimp[5] = {0.9, 0.95, 0.001, 0.5, 2};
  std::string name1, name2;  // body1/body2, site1/site2, joint1/joint2 or tendon1/tendon2
  bool sites = false;         // connect/weld written with site1/site2
  mjtNum data[mjNEQDATA] = {0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1};
};

struct SpecPair : SpecElement {
  std::string geom1, geom2;
  int condim = 3;
  mjtNum friction[5] = {1, 1, 0.005, 0.0001, 0.0001};
  mjtNum solref[2] = {0.02, 1};
  mjtNum solreffriction[2] = {0, 0};
  mjtNum solimp[5] = {0.9, 0.95, 0.001, 0.5, 2};
  mjtNum margin = 0;
  mjtNum gap = 0;
};

struct SpecExclude : SpecElement {
  std::string body1, body2;
};

}  // namespace mjsim
