// xml_reader.h: MJCF text -> Spec, validated against the schema table.
#pragma once
#include <string>

#include "mjsim/api.h"
#include "spec/spec.h"

namespace mjsim {

// Parses MJCF text into a Spec. `file` names the source in error messages ("" for a string);
// included files are looked up in `assets` first. Throws ModelError with the element, line and
// file of the first problem.
Spec ReadMjcf(const std::string& text, const std::string& file, const AssetMap& assets);

}  // namespace mjsim
