// fields/camera_light.h: Model and Data arrays of cameras and lights; written by compiler/cameras_lights.cc
// (Model) and engine/camlight.cc (Data).
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_CAMERA_LIGHT_SIZES(X)

//     type    name                rows    cols  doc
#define MJSIM_CAMERA_LIGHT_FIELDS(X)                                                            \
  X(int,    cam_mode,            ncam,   1,  "camera tracking mode (mjtCamLight) (cameras_lights.cc)") \
  X(int,    cam_bodyid,          ncam,   1,  "body carrying the camera (cameras_lights.cc)")          \
  X(int,    cam_targetbodyid,    ncam,   1,  "body tracked in targeting modes; -1 if none (cameras_lights.cc)") \
  X(mjtNum, cam_pos,             ncam,   3,  "position in the body frame (cameras_lights.cc)")  \
  X(mjtNum, cam_quat,            ncam,   4,  "orientation in the body frame (cameras_lights.cc)") \
  X(mjtNum, cam_poscom0,         ncam,   3,  "offset from the subtree com in world axes at qpos0 (cameras_lights.cc)") \
  X(mjtNum, cam_pos0,            ncam,   3,  "offset from the body in world axes at qpos0 (cameras_lights.cc)") \
  X(mjtNum, cam_mat0,            ncam,   9,  "global orientation in qpos0 (cameras_lights.cc)")  \
  X(int,    cam_orthographic,    ncam,   1,  "1 for an orthographic projection (cameras_lights.cc)") \
  X(mjtNum, cam_fovy,            ncam,   1,  "vertical field of view: degrees, or a length when orthographic (cameras_lights.cc)") \
  X(mjtNum, cam_ipd,             ncam,   1,  "inter-pupilary distance (cameras_lights.cc)")      \
  X(int,    cam_resolution,      ncam,   2,  "resolution: pixels [width, height] (cameras_lights.cc)") \
  X(float,  cam_sensorsize,      ncam,   2,  "physical sensor width and height (cameras_lights.cc)") \
  X(float,  cam_intrinsic,       ncam,   4,  "[focal length; principal point] (cameras_lights.cc)") \
  X(mjtNum, cam_user,            ncam,   m.nuser_cam, "user data (cameras_lights.cc)")     \
  X(int,    light_mode,          nlight, 1,  "light tracking mode (mjtCamLight) (cameras_lights.cc)") \
  X(int,    light_bodyid,        nlight, 1,  "body carrying the light (cameras_lights.cc)")           \
  X(int,    light_targetbodyid,  nlight, 1,  "body tracked in targeting modes; -1 if none (cameras_lights.cc)") \
  X(int,    light_type,          nlight, 1,  "spot, directional, etc. (mjtLightType) (cameras_lights.cc)") \
  X(int,    light_texid,         nlight, 1,  "texture of an image light (cameras_lights.cc)")  \
  X(mjtByte, light_castshadow,   nlight, 1,  "does light cast shadows (cameras_lights.cc)")      \
  X(float,  light_bulbradius,    nlight, 1,  "bulb size for soft shadows (cameras_lights.cc)") \
  X(float,  light_intensity,     nlight, 1,  "intensity, in candela (cameras_lights.cc)")        \
  X(float,  light_range,         nlight, 1,  "range of effectiveness (cameras_lights.cc)")       \
  X(mjtByte, light_active,       nlight, 1,  "is light on (cameras_lights.cc)")                  \
  X(mjtNum, light_pos,           nlight, 3,  "position in the body frame (cameras_lights.cc)")  \
  X(mjtNum, light_dir,           nlight, 3,  "direction in the body frame (cameras_lights.cc)") \
  X(mjtNum, light_poscom0,       nlight, 3,  "offset from the subtree com in world axes at qpos0 (cameras_lights.cc)") \
  X(mjtNum, light_pos0,          nlight, 3,  "offset from the body in world axes at qpos0 (cameras_lights.cc)") \
  X(mjtNum, light_dir0,          nlight, 3,  "global direction in qpos0 (cameras_lights.cc)")    \
  X(float,  light_attenuation,   nlight, 3,  "OpenGL attenuation (quadratic model) (cameras_lights.cc)") \
  X(float,  light_cutoff,        nlight, 1,  "OpenGL cutoff (cameras_lights.cc)")                \
  X(float,  light_exponent,      nlight, 1,  "OpenGL exponent (cameras_lights.cc)")              \
  X(float,  light_ambient,       nlight, 3,  "ambient rgb (alpha=1) (cameras_lights.cc)")        \
  X(float,  light_diffuse,       nlight, 3,  "diffuse rgb (alpha=1) (cameras_lights.cc)")        \
  X(float,  light_specular,      nlight, 3,  "specular rgb (alpha=1) (cameras_lights.cc)")

//     type    name              rows    cols  doc
#define MJSIM_CAMERA_LIGHT_DATA_FIELDS(X)                                                       \
  X(mjtNum, cam_xpos,          ncam,   3,  "Cartesian camera position (camlight.cc)")          \
  X(mjtNum, cam_xmat,          ncam,   9,  "Cartesian camera orientation (camlight.cc)")       \
  X(mjtNum, light_xpos,        nlight, 3,  "Cartesian light position (camlight.cc)")           \
  X(mjtNum, light_xdir,        nlight, 3,  "Cartesian light direction (camlight.cc)")
