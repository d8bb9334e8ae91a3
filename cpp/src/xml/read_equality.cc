// read_equality.cc: MJCF reader of <equality> and <contact> (pair, exclude), their defaults.
// NOT YET IMPLEMENTED: the schema has no entries, so these elements are rejected as
// "not supported by mjsim yet" before any function below is reached.
#include "mjsim/errors.h"
#include "xml/sections.h"

namespace mjsim {

std::vector<ElementSchema> EqualitySchema() { return {}; }

void ReadEqualitySection(XmlReader& reader, const XMLElement* section) {
  reader.Fail(section, "element is not supported by mjsim yet");
}

void ReadContactSection(XmlReader& reader, const XMLElement* section) {
  reader.Fail(section, "element is not supported by mjsim yet");
}

bool ReadEqualityDefault(XmlReader& reader, const XMLElement* elem, const std::string& key, SpecDefault& dflt) {
  return false;
}

}  // namespace mjsim
