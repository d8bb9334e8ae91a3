// names.h: which Model arrays hold the names of each object type (mjtObj).
#pragma once
#include <cstdint>
#include <vector>

#include "mjsim/model.h"

namespace mjsim {

struct NameField {
  int type;                 // mjtObj
  int Model::*count;        // number of objects of the type
  int* Model::*addresses;   // name_*adr: offsets into Model::names
};

// Every named object type in the order the reference stores names (mjtObj order).
const std::vector<NameField>& NameFields();
// The entry for `type` (mjOBJ_XBODY maps to bodies); nullptr for types without names.
const NameField* FindNameField(int type);

// The name hash tables (Model::names_map): one table per type of NameFields(), in that order,
// with kNameSlotsPerObject slots per object of the type; a slot holds an object id or -1. A
// name goes to slot NameHash(name) % (table size), or, when taken, the next free slot after it
// (wrapping around); unnamed objects are not entered. Layout, slot count and hash (Bernstein's
// djb2 with xor, in 64-bit arithmetic) are the reference's, measured: its names_map equals ours
// on the corpus (tests/conformance/test_names_map.py).
constexpr int kNameSlotsPerObject = 2;
inline uint64_t NameHash(const char* name) {
  uint64_t hash = 5381;
  for (const unsigned char* c = reinterpret_cast<const unsigned char*>(name); *c; ++c) {
    hash = (hash * 33) ^ *c;
  }
  return hash;
}

}  // namespace mjsim
