// fields/custom.h: Model and Data arrays of custom numeric/text/tuple data, keyframes, user data sizes; written by compiler/custom.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_CUSTOM_SIZES(X)                                                     \
  X(nnumericdata, "number of mjtNums in all numeric fields")                     \
  X(ntextdata,    "number of mjtBytes in all text fields")                       \
  X(ntupledata,   "number of objects in all tuple fields")                       \
  X(nuserdata,    "number of mjtNums reserved for the user (<size nuserdata>)")  \
  X(njmax,        "number of scalar constraints (legacy <size njmax>; -1: none)") \
  X(nconmax,      "number of contacts (legacy <size nconmax>; -1: none)")  \
  X(narena,       "number of bytes in the mjData arena (<size memory>, or a default)")
// Without <size memory> the reference sizes the arena by a heuristic of its own (13-16 MiB for
// the corpus); ours is kDefaultArenaBytes (compiler/custom.cc), large enough for thousands of
// contacts. Arena pages are only mapped when used.

//     type    name            rows          cols       doc
#define MJSIM_CUSTOM_FIELDS(X)                                                                   \
  X(int,    numeric_adr,     nnumeric,     1,         "address of field in numeric_data (custom.cc)") \
  X(int,    numeric_size,    nnumeric,     1,         "size of numeric field (custom.cc)")       \
  X(mjtNum, numeric_data,    nnumericdata, 1,         "array of all numeric fields (custom.cc)") \
  X(int,    text_adr,        ntext,        1,         "address of text in text_data (custom.cc)") \
  X(int,    text_size,       ntext,        1,         "size of text field (strlen+1) (custom.cc)") \
  X(char,   text_data,       ntextdata,    1,         "array of all text fields (0-terminated) (custom.cc)") \
  X(int,    tuple_adr,       ntuple,       1,         "address of text in text_data (custom.cc)") \
  X(int,    tuple_size,      ntuple,       1,         "number of objects in tuple (custom.cc)")  \
  X(int,    tuple_objtype,   ntupledata,   1,         "array of object types in all tuples (custom.cc)") \
  X(int,    tuple_objid,     ntupledata,   1,         "array of object ids in all tuples (custom.cc)") \
  X(mjtNum, tuple_objprm,    ntupledata,   1,         "array of object params in all tuples (custom.cc)") \
  X(mjtNum, key_time,        nkey,         1,         "key time (custom.cc)")                    \
  X(mjtNum, key_qpos,        nkey,         m.nq,      "key position (custom.cc)")                \
  X(mjtNum, key_qvel,        nkey,         m.nv,      "key velocity (custom.cc)")                \
  X(mjtNum, key_act,         nkey,         m.na,      "key activation (custom.cc)")              \
  X(mjtNum, key_mpos,        nkey,         3 * m.nmocap, "key mocap position (custom.cc)")       \
  X(mjtNum, key_mquat,       nkey,         4 * m.nmocap, "key mocap quaternion (custom.cc)")     \
  X(mjtNum, key_ctrl,        nkey,         m.nu,      "key control (custom.cc)")

#define MJSIM_CUSTOM_DATA_FIELDS(X)                                                              \
  X(mjtNum, userdata,        nuserdata,    1,         "user data, not touched by the engine")
