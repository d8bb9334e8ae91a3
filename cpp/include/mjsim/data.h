// data.h: the simulation state and everything computed from it, one contiguous buffer whose
// arrays are listed in fields.h.
#pragma once
#include <memory>

#include "mjsim/model.h"

namespace mjsim {

struct Data {
  mjtNum time = 0;

#define MJSIM_X(type, name, rows, cols, doc) type* name = nullptr;
  MJSIM_DATA_FIELDS(MJSIM_X)
#undef MJSIM_X

  AlignedBuffer buffer;
};

// mj_makeData: allocate a Data for m and reset it (mj_resetData).
std::unique_ptr<Data> MakeData(const Model& m);
// mj_copyData: copy every array and scalar of src into dst (both made for m).
void CopyData(const Model& m, const Data& src, Data& dst);

}  // namespace mjsim
