// asset.h: Spec elements for height fields, textures and materials.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "spec/common.h"

namespace mjsim {

// <hfield>: elevation data from a file (PNG or the binary format), from `elevation`, or zeros
// of size nrow x ncol; size = (radius_x, radius_y, elevation_z, base_z)
struct SpecHField : SpecElement {
  std::string content_type;
  std::string file;
  int nrow = 0;
  int ncol = 0;
  std::vector<mjtNum> elevation;  // row-major as written
  bool elevation_given = false;
  mjtNum size[4] = {0, 0, 0, 0};
};

// mjtTexture and the builtin procedures and marks of <texture>
enum TextureType { kTexture2D = 0, kTextureCube = 1, kTextureSkybox = 2 };
enum TextureBuiltin { kBuiltinNone = 0, kBuiltinGradient, kBuiltinChecker, kBuiltinFlat };
enum TextureMark { kMarkNone = 0, kMarkEdge, kMarkCross, kMarkRandom };

// <texture>: one image (2d), six cube faces, or a procedural texture
struct SpecTexture : SpecElement {
  int type = kTextureCube;
  std::string content_type;
  std::string file;
  int gridsize[2] = {1, 1};
  std::string gridlayout = "............";
  // fileright, fileleft, fileup, filedown, filefront, fileback
  std::vector<std::string> cubefiles = std::vector<std::string>(6);
  int builtin = kBuiltinNone;
  mjtNum rgb1[3] = {0.8, 0.8, 0.8};
  mjtNum rgb2[3] = {0.5, 0.5, 0.5};
  int mark = kMarkNone;
  mjtNum markrgb[3] = {0, 0, 0};
  mjtNum random = 0.01;
  int width = 0;
  int height = 0;
  int nchannel = 3;
  int colorspace = 0;  // mjtColorSpace: 0 auto, 1 linear, 2 sRGB
  bool hflip = false;
  bool vflip = false;
  std::vector<unsigned char> data;  // pixels given directly (width x height x nchannel)
};

// mjtTextureRole: the slots of mat_texid
constexpr int kTextureRoles = 10;

// <material> (and default/material); `texture` fills the rgb role, <layer> children any role
struct SpecMaterial : SpecElement {
  std::vector<std::string> textures = std::vector<std::string>(kTextureRoles);  // by role
  float texrepeat[2] = {1, 1};
  bool texuniform = false;
  float emission = 0;
  float specular = 0.5f;
  float shininess = 0.5f;
  float reflectance = 0;
  float metallic = -1;
  float roughness = -1;
  float rgba[4] = {1, 1, 1, 1};
};

}  // namespace mjsim
