// custom.cc: compiler stage for custom data and keyframes.
// NOT YET IMPLEMENTED: the reader rejects these elements, so the Spec lists are empty here.
#include "compiler/stages.h"

namespace mjsim {

void CollectCustom(CompileContext& ctx, Model& m) {}

void FillCustom(CompileContext& ctx, Model& m) {}

}  // namespace mjsim
