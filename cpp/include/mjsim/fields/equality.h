// fields/equality.h: Model and Data arrays of equality constraints, contact pairs and excludes; written by compiler/equality.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_EQUALITY_SIZES(X)
#define MJSIM_EQUALITY_FIELDS(X)
#define MJSIM_EQUALITY_DATA_FIELDS(X)
