// read_camera_light.cc: MJCF reader of cameras and lights in bodies and defaults.
// NOT YET IMPLEMENTED: the schema has no entries, so these elements are rejected as
// "not supported by mjsim yet" before any function below is reached.
#include "mjsim/errors.h"
#include "xml/sections.h"

namespace mjsim {

std::vector<ElementSchema> CameraLightSchema() { return {}; }

void ReadCameraValues(XmlReader& reader, const XMLElement* elem, SpecCamera& camera) {
  reader.Fail(elem, "element is not supported by mjsim yet");
}

void ReadLightValues(XmlReader& reader, const XMLElement* elem, SpecLight& light) {
  reader.Fail(elem, "element is not supported by mjsim yet");
}

bool ReadCameraLightDefault(XmlReader& reader, const XMLElement* elem, const std::string& key, SpecDefault& dflt) {
  return false;
}

}  // namespace mjsim
