// sensors.cc: compiler stage for sensors.
// NOT YET IMPLEMENTED: the reader rejects these elements, so the Spec lists are empty here.
#include "compiler/stages.h"

namespace mjsim {

void CollectSensors(CompileContext& ctx, Model& m) {}

void FillSensors(CompileContext& ctx, Model& m) {}

}  // namespace mjsim
