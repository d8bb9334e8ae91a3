// compile.h: Spec -> Model.
#pragma once
#include <memory>
#include <vector>

#include "mjsim/api.h"
#include "mjsim/model.h"
#include "spec/spec.h"

namespace mjsim {

// The spec elements of a compiled Model in id order (body i is bodies[i], ...): what an
// element's id in the Model is (MjSpec's bind, recompile). Lists without reordering (actuators,
// sensors, ...) keep the spec's order and are not listed.
struct CompiledOrder {
  std::vector<const void*> bodies, joints, geoms, sites, cameras, lights;
};

// Compiles a Spec into a Model; throws ModelError naming the offending object. `order`, when
// given, receives the elements' ids (empty when the compiler worked on a copy: discardvisual).
std::unique_ptr<Model> CompileSpec(const Spec& spec, const AssetMap& assets,
                                   CompiledOrder* order = nullptr);

}  // namespace mjsim
