// compile.h: Spec -> Model.
#pragma once
#include <memory>

#include "mjsim/api.h"
#include "mjsim/model.h"
#include "spec/spec.h"

namespace mjsim {

// Compiles a Spec into a Model; throws ModelError naming the offending object.
std::unique_ptr<Model> CompileSpec(const Spec& spec, const AssetMap& assets);

}  // namespace mjsim
