// assets.cc: compiler stage for height fields, textures and materials.
// NOT YET IMPLEMENTED: the reader rejects these elements, so the Spec lists are empty here.
#include "compiler/stages.h"

namespace mjsim {

void CollectAssets(CompileContext& ctx, Model& m) {}

void FillAssets(CompileContext& ctx, Model& m) {}

void ResolveHFieldGeom(const CompileContext& ctx, int hfield, const SpecGeom& geom, mjtNum size[3]) {
  ctx.Fail("geom", geom.name, -1, geom.source, "hfield geoms are not supported by mjsim yet");
}

}  // namespace mjsim
