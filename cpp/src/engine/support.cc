// support.cc: support functions outside the pipeline: object names.
#include <cstring>

#include "mjsim/api.h"

namespace mjsim {
namespace {

// name addresses and count of an object type; false for types without names in this model
bool NameTable(const Model& m, int type, const int*& addresses, int& count) {
  switch (type) {
    case mjOBJ_BODY:
    case mjOBJ_XBODY: addresses = m.name_bodyadr; count = m.nbody; return true;
    case mjOBJ_JOINT: addresses = m.name_jntadr; count = m.njnt; return true;
    case mjOBJ_GEOM: addresses = m.name_geomadr; count = m.ngeom; return true;
    case mjOBJ_SITE: addresses = m.name_siteadr; count = m.nsite; return true;
    default: return false;
  }
}

}  // namespace

int mj_name2id(const Model& m, int type, const char* name) {
  const int* addresses = nullptr;
  int count = 0;
  if (!name || !NameTable(m, type, addresses, count)) return -1;
  for (int i = 0; i < count; ++i) {
    if (std::strcmp(m.names + addresses[i], name) == 0) return i;
  }
  return -1;
}

const char* mj_id2name(const Model& m, int type, int id) {
  const int* addresses = nullptr;
  int count = 0;
  if (!NameTable(m, type, addresses, count) || id < 0 || id >= count) return nullptr;
  const char* name = m.names + addresses[id];
  return name[0] ? name : nullptr;
}

}  // namespace mjsim
