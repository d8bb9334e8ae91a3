// fields/constant.h: Model and Data arrays of derived constants: sparse mass-matrix structure, invweight0, acc0, bounding volumes; written by compiler/constants.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_CONSTANT_SIZES(X)
#define MJSIM_CONSTANT_FIELDS(X)
#define MJSIM_CONSTANT_DATA_FIELDS(X)
