// fields/equality.h: Model and Data arrays of equality constraints, contact pairs and excludes; written by compiler/equality.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_EQUALITY_SIZES(X) \
  X(nemax, "upper bound on the rows equality constraints can add")

//     type    name                 rows      cols  doc
#define MJSIM_EQUALITY_FIELDS(X)                                                                 \
  X(int,    eq_type,             neq,      1,  "constraint type (mjtEq) (equality.cc)")          \
  X(int,    eq_obj1id,           neq,      1,  "id of object 1 (equality.cc)")                   \
  X(int,    eq_obj2id,           neq,      1,  "id of object 2 (equality.cc)")                   \
  X(int,    eq_objtype,          neq,      1,  "object type of obj1id and obj2id (mjtObj) (equality.cc)")    \
  X(mjtByte, eq_active0,         neq,      1,  "whether the constraint starts enabled (equality.cc)")     \
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
  X(mjtNum, pair_margin,         npair,    1,  "contacts are detected within this distance (equality.cc)")    \
  X(mjtNum, pair_gap,            npair,    1,  "contacts closer than margin - gap enter the solver (equality.cc)") \
  X(mjtNum, pair_friction,       npair,    5,  "five friction coefficients: two sliding, torsional, two rolling (equality.cc)")      \
  X(int,    exclude_signature,   nexclude, 1,  "body1 << 16 + body2 (equality.cc)")

#define MJSIM_EQUALITY_DATA_FIELDS(X)
