// data.h: the simulation state and everything computed from it, one contiguous buffer whose
// arrays are listed in fields.h, plus a scratch stack the engine stages borrow from.
#pragma once
#include <memory>

#include "mjsim/model.h"

namespace mjsim {

// mjWarningStat: how often a warning was raised, and the info (an index) of the last one.
struct WarningStat {
  int lastinfo = 0;
  int number = 0;
};

struct Data {
  mjtNum time = 0;
  mjtNum energy[2] = {0, 0};  // potential, kinetic (mjENBL_ENERGY)
  WarningStat warning[mjNWARNING];

#define MJSIM_X(type, name, rows, cols, doc) type* name = nullptr;
  MJSIM_DATA_FIELDS(MJSIM_X)
#undef MJSIM_X

  AlignedBuffer buffer;

  // Scratch memory for engine stages, sized once from the model in MakeData, so that mj_step
  // never touches the heap. Taken and given back through util/scratch.h (ScratchFrame).
  AlignedBuffer scratch;
  size_t scratch_top = 0;
};

// mj_makeData: allocate a Data for m and reset it (mj_resetData).
std::unique_ptr<Data> MakeData(const Model& m);
// mj_copyData: copy every array and scalar of src into dst (both made for m).
void CopyData(const Model& m, const Data& src, Data& dst);

}  // namespace mjsim
