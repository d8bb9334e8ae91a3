// read_tendon.cc: MJCF reader of tendons: <tendon> with spatial and fixed, their defaults.
// NOT YET IMPLEMENTED: the schema has no entries, so these elements are rejected as
// "not supported by mjsim yet" before any function below is reached.
#include "mjsim/errors.h"
#include "xml/sections.h"

namespace mjsim {

std::vector<ElementSchema> TendonSchema() { return {}; }

void ReadTendonSection(XmlReader& reader, const XMLElement* section) {
  reader.Fail(section, "element is not supported by mjsim yet");
}

bool ReadTendonDefault(XmlReader& reader, const XMLElement* elem, const std::string& key, SpecDefault& dflt) {
  return false;
}

}  // namespace mjsim
