// equality.cc: compiler stage for equality constraints, contact pairs and excludes.
// NOT YET IMPLEMENTED: the reader rejects these elements, so the Spec lists are empty here.
#include "compiler/stages.h"

namespace mjsim {

void CollectEqualities(CompileContext& ctx, Model& m) {}

void FillEqualities(CompileContext& ctx, Model& m) {}

}  // namespace mjsim
