// fields/equality.h: Model and Data arrays of equality constraints, contact pairs and excludes; written by compiler/equality.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_EQUALITY_SIZES(X) \
  X(nemax, "number of potential equality-constraint rows")

//     type    name                 rows      cols  doc
#define MJSIM_EQUALITY_FIELDS(X)                                                                 \
  X(int,    eq_type,             neq,      1,  "constraint type (mjtEq) (equality.cc)")          \
  X(int,    eq_obj1id,           neq,      1,  "id of object 1 (equality.cc)")                   \
  X(int,    eq_obj2id,           neq,      1,  "id of object 2 (equality.cc)")                   \
  X(int,    eq_objtype,          neq,      1,  "type of both objects (mjtObj) (equality.cc)")    \
  X(mjtByte, eq_active0,         neq,      1,  "initial enable/disable state (equality.cc)")     \
  X(mjtNum, eq_solref,           neq,      2,  "constraint solver reference (equality.cc)")      \
  X(mjtNum, eq_solimp,           neq,      5,  "constraint solver impedance (equality.cc)")      \
  X(mjtNum, eq_data,             neq,      11, "numeric data for constraint (equality.cc)")      \
  X(int,    pair_dim,            npair,    1,  "contact dimensionality (equality.cc)")           \
  X(int,    pair_geom1,          npair,    1,  "id of geom1 (equality.cc)")                      \
  X(int,    pair_geom2,          npair,    1,  "id of geom2 (equality.cc)")                      \
  X(int,    pair_signature,      npair,    1,  "body1 << 16 + body2 (equality.cc)")              \
  X(mjtNum, pair_solref,         npair,    2,  "solver reference: contact normal (equality.cc)") \
  X(mjtNum, pair_solreffriction, npair,    2,  "solver reference: contact friction (equality.cc)") \
  X(mjtNum, pair_solimp,         npair,    5,  "solver impedance: contact (equality.cc)")        \
  X(mjtNum, pair_margin,         npair,    1,  "detect contact if dist<margin (equality.cc)")    \
  X(mjtNum, pair_gap,            npair,    1,  "include in solver if dist<margin-gap (equality.cc)") \
  X(mjtNum, pair_friction,       npair,    5,  "tangent1, 2, spin, roll1, 2 (equality.cc)")      \
  X(int,    exclude_signature,   nexclude, 1,  "body1 << 16 + body2 (equality.cc)")

#define MJSIM_EQUALITY_DATA_FIELDS(X)
