// read_sensor.cc: MJCF reader of sensors: <sensor> with every sensor type.
// NOT YET IMPLEMENTED: the schema has no entries, so these elements are rejected as
// "not supported by mjsim yet" before any function below is reached.
#include "mjsim/errors.h"
#include "xml/sections.h"

namespace mjsim {

std::vector<ElementSchema> SensorSchema() { return {}; }

void ReadSensorSection(XmlReader& reader, const XMLElement* section) {
  reader.Fail(section, "element is not supported by mjsim yet");
}

}  // namespace mjsim
