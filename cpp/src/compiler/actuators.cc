// actuators.cc: compiler stage for actuators.
// NOT YET IMPLEMENTED: the reader rejects these elements, so the Spec lists are empty here.
#include "compiler/stages.h"

namespace mjsim {

void CollectActuators(CompileContext& ctx, Model& m) {}

void FillActuators(CompileContext& ctx, Model& m) {}

}  // namespace mjsim
