// names.h: which Model arrays hold the names of each object type (mjtObj).
#pragma once
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

}  // namespace mjsim
