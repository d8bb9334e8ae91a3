// fields/custom.h: Model and Data arrays of custom numeric/text/tuple data, keyframes, user data sizes; written by compiler/custom.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_CUSTOM_SIZES(X)                                                     \
  X(nnumericdata, "numbers in all numeric entries together")                     \
  X(ntextdata,    "characters in all text entries together")                       \
  X(ntupledata,   "elements of all tuples together")                       \
  X(nuserdata,    "length of userdata (<size nuserdata>)")  \
  X(njmax,        "number of scalar constraints (legacy <size njmax>; -1: none)") \
  X(nconmax,      "number of contacts (legacy <size nconmax>; -1: none)")  \
  X(narena,       "bytes of the MjData arena (<size memory>, or a default)")
// Without <size memory> the reference sizes the arena by a heuristic of its own (13-16 MiB for
// the corpus); ours is kDefaultArenaBytes (compiler/custom.cc), large enough for thousands of
// contacts. Arena pages are only mapped when used.

//     type    name            rows          cols       doc
#define MJSIM_CUSTOM_FIELDS(X)                                                                   \
  X(int,    numeric_adr,     nnumeric,     1,         "first element in numeric_data (custom.cc)") \
  X(int,    numeric_size,    nnumeric,     1,         "size of numeric field (custom.cc)")       \
  X(mjtNum, numeric_data,    nnumericdata, 1,         "the values of every numeric entry, back to back (custom.cc)") \
  X(int,    text_adr,        ntext,        1,         "first character in text_data (custom.cc)") \
  X(int,    text_size,       ntext,        1,         "string length plus the terminating NUL (custom.cc)") \
  X(char,   text_data,       ntextdata,    1,         "the strings of every text entry, NUL-terminated (custom.cc)") \
  X(int,    tuple_adr,       ntuple,       1,         "first element in the tuple_obj* arrays (custom.cc)") \
  X(int,    tuple_size,      ntuple,       1,         "elements in the tuple (custom.cc)")  \
  X(int,    tuple_objtype,   ntupledata,   1,         "object type of each tuple element (mjtObj) (custom.cc)") \
  X(int,    tuple_objid,     ntupledata,   1,         "object id of each tuple element (custom.cc)") \
  X(mjtNum, tuple_objprm,    ntupledata,   1,         "number attached to each tuple element (custom.cc)") \
  X(mjtNum, key_time,        nkey,         1,         "key time (custom.cc)")                    \
  X(mjtNum, key_qpos,        nkey,         m.nq,      "key position (custom.cc)")                \
  X(mjtNum, key_qvel,        nkey,         m.nv,      "key velocity (custom.cc)")                \
  X(mjtNum, key_act,         nkey,         m.na,      "key activation (custom.cc)")              \
  X(mjtNum, key_mpos,        nkey,         3 * m.nmocap, "key mocap position (custom.cc)")       \
  X(mjtNum, key_mquat,       nkey,         4 * m.nmocap, "key mocap quaternion (custom.cc)")     \
  X(mjtNum, key_ctrl,        nkey,         m.nu,      "key control (custom.cc)")

#define MJSIM_CUSTOM_DATA_FIELDS(X)                                                              \
  X(mjtNum, userdata,        nuserdata,    1,         "free space for the user; the engine never reads or writes it")
