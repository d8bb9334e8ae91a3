// constants.cc: compiler stage for derived constants (mj_setConst), sparse matrix structure, bounding volumes.
// NOT YET IMPLEMENTED: the reader rejects these elements, so the Spec lists are empty here.
#include "compiler/stages.h"

namespace mjsim {

void CollectConstants(CompileContext& ctx, Model& m) {}

void FillConstants(CompileContext& ctx, Model& m) {}

}  // namespace mjsim
