// read_camera_light.cc: MJCF reader of cameras and lights in bodies and defaults.
// Values are stored as written; the compiler resolves targets, units and intrinsics.
#include "mjsim/errors.h"
#include "xml/sections.h"

namespace mjsim {
namespace {

const std::vector<std::string> kOrientation = {"quat", "axisangle", "xyaxes", "zaxis", "euler"};


std::vector<std::string> CameraAttributes() {
  std::vector<std::string> names = {"mode", "pos", "fovy", "ipd", "resolution",
                                    "focal", "focalpixel", "principal", "principalpixel",
                                    "sensorsize", "orthographic", "user"};
  names.insert(names.end(), kOrientation.begin(), kOrientation.end());
  return names;
}

// no orientation: a light points along `dir`
std::vector<std::string> LightAttributes() {
  return {"mode", "type", "directional", "castshadow", "active", "pos", "dir",
          "bulbradius", "intensity", "range", "attenuation", "cutoff", "exponent", "ambient",
          "diffuse", "specular"};
}

// in a body: a name, a class, and what refers to other elements (a target body, a texture),
// which a default cannot set (the reference's schema)
std::vector<std::string> InBody(std::vector<std::string> names,
                                std::initializer_list<const char*> references) {
  names.insert(names.begin(), {"name", "class"});
  names.insert(names.end(), references.begin(), references.end());
  return names;
}

}  // namespace

std::vector<ElementSchema> CameraLightSchema() {
  return {
      {"body/camera", "camera", InBody(CameraAttributes(), {"target"}), {}, {}},
      {"body/light", "light", InBody(LightAttributes(), {"target", "texture"}), {}, {}},
      {"default/camera", "camera", CameraAttributes(), {}, {}},
      {"default/light", "light", LightAttributes(), {}, {}},
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
