// fields/custom.h: Model and Data arrays of custom numeric/text/tuple data, keyframes, user data sizes; written by compiler/custom.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_CUSTOM_SIZES(X)
#define MJSIM_CUSTOM_FIELDS(X)
#define MJSIM_CUSTOM_DATA_FIELDS(X)
