// tendons.cc: compiler stage for tendons and wrap objects.
// NOT YET IMPLEMENTED: the reader rejects these elements, so the Spec lists are empty here.
#include "compiler/stages.h"

namespace mjsim {

void CollectTendons(CompileContext& ctx, Model& m) {}

void FillTendons(CompileContext& ctx, Model& m) {}

}  // namespace mjsim
