// fields/tendon.h: Model and Data arrays of tendons and their wrap objects; written by compiler/tendons.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_TENDON_SIZES(X)
#define MJSIM_TENDON_FIELDS(X)
#define MJSIM_TENDON_DATA_FIELDS(X)
