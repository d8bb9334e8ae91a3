// camera_light.h: Spec elements for cameras and lights (children of bodies).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "spec/common.h"

namespace mjsim {

// mjtCamLight: how a camera or light moves with its body
enum CamLightMode {
  kCamLightFixed = 0, kCamLightTrack, kCamLightTrackCom, kCamLightTargetBody, kCamLightTargetBodyCom
};

struct SpecCamera : SpecElement {
  int frame = -1;  // enclosing <frame>, index into the body's frames
  int mode = kCamLightFixed;
  std::string target;
  mjtNum pos[3] = {0, 0, 0};
  Orientation orientation;
  bool orthographic = false;
  mjtNum fovy = 45;
  mjtNum ipd = 0.068;
  int resolution[2] = {1, 1};
  // intrinsics: lengths or pixels (converted with sensorsize / resolution); sensorsize enables them
  // (sensorsize and the pixel values stay in double until converted, as the reference's
  // intrinsics show)
  mjtNum sensorsize[2] = {0, 0};
  float focal[2] = {0, 0};
  mjtNum focalpixel[2] = {0, 0};
  float principal[2] = {0, 0};
  mjtNum principalpixel[2] = {0, 0};
  std::vector<mjtNum> user;
};

// mjtLightType
enum LightType { kLightSpot = 0, kLightDirectional, kLightPoint, kLightImage };

struct SpecLight : SpecElement {
  int frame = -1;  // enclosing <frame>, index into the body's frames
  int mode = kCamLightFixed;
  std::string target;
  int type = kLightSpot;
  std::string texture;
  bool castshadow = true;
  bool active = true;
  mjtNum pos[3] = {0, 0, 0};
  mjtNum dir[3] = {0, 0, -1};
  float bulbradius = 0.02f;
  float intensity = 0;
  float range = 10;
  float attenuation[3] = {1, 0, 0};
  float cutoff = 45;
  float exponent = 10;
  float ambient[3] = {0, 0, 0};
  float diffuse[3] = {0.7f, 0.7f, 0.7f};
  float specular[3] = {0.3f, 0.3f, 0.3f};
};

}  // namespace mjsim
