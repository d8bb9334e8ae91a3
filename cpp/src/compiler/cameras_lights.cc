// cameras_lights.cc: compiler stage for cameras and lights.
// NOT YET IMPLEMENTED: the reader rejects these elements, so the Spec lists are empty here.
#include "compiler/stages.h"

namespace mjsim {

void CollectCamerasLights(CompileContext& ctx, Model& m) {}

void FillCamerasLights(CompileContext& ctx, Model& m) {}

}  // namespace mjsim
