// read_actuator.cc: MJCF reader of actuators: <actuator> with general and every shortcut, their defaults, <compiler><lengthrange>.
// NOT YET IMPLEMENTED: the schema has no entries, so these elements are rejected as
// "not supported by mjsim yet" before any function below is reached.
#include "mjsim/errors.h"
#include "xml/sections.h"

namespace mjsim {

std::vector<ElementSchema> ActuatorSchema() { return {}; }

void ReadActuatorSection(XmlReader& reader, const XMLElement* section) {
  reader.Fail(section, "element is not supported by mjsim yet");
}

void ReadLengthRange(XmlReader& reader, const XMLElement* elem) {
  reader.Fail(elem, "element is not supported by mjsim yet");
}

bool ReadActuatorDefault(XmlReader& reader, const XMLElement* elem, const std::string& key, SpecDefault& dflt) {
  return false;
}

}  // namespace mjsim
