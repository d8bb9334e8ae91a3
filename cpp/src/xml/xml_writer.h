// xml_writer.h: Spec -> MJCF text (MjSpec.to_xml, mj_saveLastXML), in the layout mujoco's writer
// uses: <compiler angle="radian"/>, two-space indent, a blank line between top-level sections,
// default classes as a nested <default> tree, and on every element only the attributes whose
// values differ from its default class.
#pragma once
#include <string>

#include "spec/spec.h"

namespace mjsim {

// The MJCF of a spec. Angles are written in radians; orientations keep their form (a quat stays
// a quat, an euler an euler) and frames stay frames, so the text compiles to the same Model.
// Numbers are written with the fewest digits that read back to the same value.
std::string WriteMjcf(const Spec& spec);

}  // namespace mjsim
