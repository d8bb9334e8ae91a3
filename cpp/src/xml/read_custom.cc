// read_custom.cc: MJCF reader of <custom>, <keyframe>, <size>, <statistic> and <visual>.
// NOT YET IMPLEMENTED: the schema has no entries, so these elements are rejected as
// "not supported by mjsim yet" before any function below is reached.
#include "mjsim/errors.h"
#include "xml/sections.h"

namespace mjsim {

std::vector<ElementSchema> CustomSchema() { return {}; }

void ReadCustomSection(XmlReader& reader, const XMLElement* section) {
  reader.Fail(section, "element is not supported by mjsim yet");
}

void ReadKeyframeSection(XmlReader& reader, const XMLElement* section) {
  reader.Fail(section, "element is not supported by mjsim yet");
}

void ReadSizeSection(XmlReader& reader, const XMLElement* section) {
  reader.Fail(section, "element is not supported by mjsim yet");
}

void ReadStatisticSection(XmlReader& reader, const XMLElement* section) {
  reader.Fail(section, "element is not supported by mjsim yet");
}

void ReadVisualSection(XmlReader& reader, const XMLElement* section) {
  reader.Fail(section, "element is not supported by mjsim yet");
}

}  // namespace mjsim
