// read_mesh.cc: MJCF reader of mesh assets and their defaults.
// NOT YET IMPLEMENTED: the schema has no entries, so these elements are rejected as
// "not supported by mjsim yet" before any function below is reached.
#include "mjsim/errors.h"
#include "xml/sections.h"

namespace mjsim {

std::vector<ElementSchema> MeshSchema() { return {}; }

void ReadMeshAsset(XmlReader& reader, const XMLElement* elem) {
  reader.Fail(elem, "element is not supported by mjsim yet");
}

bool ReadMeshDefault(XmlReader& reader, const XMLElement* elem, const std::string& key, SpecDefault& dflt) {
  return false;
}

}  // namespace mjsim
