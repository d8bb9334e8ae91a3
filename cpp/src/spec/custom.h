// custom.h: Spec elements for custom numeric/text/tuple data, keyframes, <size>, <statistic>, <visual>.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "mjsim/visual.h"
#include "spec/common.h"

namespace mjsim {

// <numeric>: `size` values; data shorter than size is zero-padded
struct SpecNumeric : SpecElement {
  int size = 0;
  std::vector<mjtNum> data;
};

struct SpecText : SpecElement {
  std::string data;
};

struct SpecTupleElement {
  int objtype = 0;  // mjtObj
  std::string objtype_name;  // as written, for messages
  std::string objname;
  mjtNum prm = 0;
};

struct SpecTuple : SpecElement {
  std::vector<SpecTupleElement> elements;
};

// A keyframe's values for one element, by name: a joint's qpos and qvel, an actuator's act and
// ctrl, or a mocap body's mpos and mquat (first, second); empty: the default
struct SpecKeyPart {
  int objtype = 0;  // mjOBJ_JOINT, mjOBJ_ACTUATOR or mjOBJ_BODY
  std::string name;
  std::vector<mjtNum> first, second;
};

// <key>: each array as written (absent: empty); the compiler checks lengths and fills defaults.
// A key attached from another spec (spec/attach) has no arrays, only parts over the defaults.
struct SpecKey : SpecElement {
  mjtNum time = 0;
  std::optional<std::vector<mjtNum>> qpos, qvel, act, ctrl, mpos, mquat;
  bool attached = false;
  std::vector<SpecKeyPart> parts;
};

// <size>: memory and user-data sizes. nuser_* = -1 sizes user data to the longest list given.
struct SpecSize {
  int nuser_body = -1, nuser_jnt = -1, nuser_geom = -1, nuser_site = -1, nuser_cam = -1,
      nuser_tendon = -1, nuser_actuator = -1, nuser_sensor = -1;
  int nuserdata = 0;
  int nkey = 0;                   // keyframes to allocate at least
  int njmax = -1, nconmax = -1;   // legacy sizes, stored as given
  int nstack = -1;                // legacy stack size (mjtNums)
  long long memory = -1;          // arena bytes; -1: not given
  SourceLocation source;
};

// <statistic>: values given override the computed ones
struct SpecStatistic {
  std::optional<mjtNum> meaninertia, meanmass, meansize, extent;
  std::optional<std::vector<mjtNum>> center;
  SourceLocation source;
};

struct SpecVisual {
  Visual values;  // defaults, then every <visual> section's attributes in document order
  SourceLocation source;
};

}  // namespace mjsim
