// read_asset.cc: MJCF reader of hfield, texture and material assets, material defaults.
// NOT YET IMPLEMENTED: the schema has no entries, so these elements are rejected as
// "not supported by mjsim yet" before any function below is reached.
#include "mjsim/errors.h"
#include "xml/sections.h"

namespace mjsim {

std::vector<ElementSchema> AssetSchema() { return {}; }

void ReadHFieldAsset(XmlReader& reader, const XMLElement* elem) {
  reader.Fail(elem, "element is not supported by mjsim yet");
}

void ReadTextureAsset(XmlReader& reader, const XMLElement* elem) {
  reader.Fail(elem, "element is not supported by mjsim yet");
}

void ReadMaterialAsset(XmlReader& reader, const XMLElement* elem) {
  reader.Fail(elem, "element is not supported by mjsim yet");
}

bool ReadAssetDefault(XmlReader& reader, const XMLElement* elem, const std::string& key, SpecDefault& dflt) {
  return false;
}

}  // namespace mjsim
