// discard_visual.h: compiler discardvisual (discard_visual.cc).
#pragma once
#include "spec/spec.h"

namespace mjsim {

// whether discardvisual would remove anything: a visual geom no element names, a mesh no other
// geom uses, a material or a texture
bool HasVisualElements(const Spec& spec);

// the Spec without those elements; geoms lose their material
Spec WithoutVisualElements(const Spec& spec);

}  // namespace mjsim
