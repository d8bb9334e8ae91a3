// fields/camera_light.h: Model and Data arrays of cameras and lights; written by compiler/cameras_lights.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_CAMERA_LIGHT_SIZES(X)
#define MJSIM_CAMERA_LIGHT_FIELDS(X)
#define MJSIM_CAMERA_LIGHT_DATA_FIELDS(X)
