// include.h: <include file="..."/> splices the children of another file's top element in place
// of the include element, anywhere in the model; included files may include others.
#pragma once
#include <string>

#include "mjsim/api.h"
#include "tinyxml2.h"
#include "util/paths.h"
#include "xml/reader_base.h"

namespace mjsim {

// Replaces every <include> under `root` by the included content. Spliced elements keep their
// own file and line for error messages (recorded in `reader`). A file is looked up in `assets`
// first, then relative to the including file's directory, then to the main file's directory.
// Including the same file twice, which also catches cycles, is an error, as in the reference.
void ExpandIncludes(tinyxml2::XMLDocument& document, XmlReader& reader,
                    const std::string& main_dir, const AssetMap& assets);


}  // namespace mjsim
