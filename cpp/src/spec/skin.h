// skin.h: Spec elements for skins: a triangle mesh whose vertices follow bones (bodies).
#pragma once
#include <string>
#include <vector>

#include "spec/common.h"

namespace mjsim {

struct SpecSkinBone {
  std::string body;
  mjtNum bindpos[3] = {0, 0, 0};
  mjtNum bindquat[4] = {1, 0, 0, 0};
  std::vector<int> vertid;
  std::vector<mjtNum> vertweight;
  SourceLocation source;
};

// <skin>: from an SKN file, or inline vertex/texcoord/face with <bone> children
struct SpecSkin : SpecElement {
  std::string file;
  std::string material;
  float rgba[4] = {0.5f, 0.5f, 0.5f, 1};
  mjtNum inflate = 0;
  int group = 0;
  std::vector<mjtNum> vertex, texcoord;
  std::vector<int> face;
  std::vector<SpecSkinBone> bones;
};

}  // namespace mjsim
