// read_camera_light.cc: MJCF reader of cameras and lights in bodies and defaults.
// Values are stored as written; the compiler resolves targets, units and intrinsics.
#include "mjsim/errors.h"
#include "xml/sections.h"

namespace mjsim {
namespace {

using Names = std::vector<std::string>;

// what refers to other elements (a target body, a texture) only in a body, which gives a name
// and a class besides (the reference's schema); `directional` is read, never written
Names InBody(Names names) {
  names.insert(names.begin(), {"name", "class"});
  return names;
}
Names CameraAttributes(std::initializer_list<const char*> without = {}) {
  return AttributeNames({MJSIM_CAMERA_ATTRIBUTES(MJSIM_ATTRIBUTE_NAME)}, without);
}
Names LightAttributes(std::initializer_list<const char*> without = {}) {
  Names names = AttributeNames({MJSIM_LIGHT_ATTRIBUTES(MJSIM_ATTRIBUTE_NAME)}, without);
  names.push_back("directional");
  return names;
}

}  // namespace

std::vector<ElementSchema> CameraLightSchema() {
  return {
      {"body/camera", "camera", InBody(CameraAttributes()), {}, {}},
      {"body/light", "light", InBody(LightAttributes()), {}, {}},
      {"default/camera", "camera", CameraAttributes({"target"}), {}, {}},
      {"default/light", "light", LightAttributes({"target", "texture"}), {}, {}},
  };
}

void ReadCameraValues(XmlReader& reader, const XMLElement* elem, SpecCamera& camera) {
  camera.source = reader.Locate(elem);
  ReadAttributes(reader, elem, camera);
  if (camera.resolution[0] < 0 || camera.resolution[1] < 0) {
    reader.Fail(elem, "attribute 'resolution' must be non-negative");
  }
}

// `directional` (read, never written) is the older form of type="directional"
void ReadLightValues(XmlReader& reader, const XMLElement* elem, SpecLight& light) {
  light.source = reader.Locate(elem);
  bool directional = false;
  if (reader.ReadBool(elem, "directional", directional)) {
    if (elem->Attribute("type")) reader.Fail(elem, "attributes 'type' and 'directional' cannot both be given");
    light.type = directional ? kLightDirectional : kLightSpot;
  }
  ReadAttributes(reader, elem, light);
}

bool ReadCameraLightDefault(XmlReader& reader, const XMLElement* elem, const std::string& key, SpecDefault& dflt) {
  if (key == "default/camera") {
    ReadCameraValues(reader, elem, dflt.camera);
    return true;
  }
  if (key == "default/light") {
    ReadLightValues(reader, elem, dflt.light);
    return true;
  }
  return false;
}

}  // namespace mjsim
