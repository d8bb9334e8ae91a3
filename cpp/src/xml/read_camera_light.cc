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
  reader.ReadKeyword(elem, "mode", kModes, camera.mode);
  reader.ReadString(elem, "target", camera.target);
  reader.ReadReals(elem, "pos", camera.pos, 3);
  reader.ReadOrientation(elem, camera.orientation);
  reader.ReadBool(elem, "orthographic", camera.orthographic);
  reader.ReadReal(elem, "fovy", camera.fovy);
  reader.ReadReal(elem, "ipd", camera.ipd);
  reader.ReadInts(elem, "resolution", camera.resolution, 2);
  if (reader.ReadReals(elem, "sensorsize", camera.sensorsize, 2)) {
    if (!elem->Attribute("resolution")) {
      reader.Fail(elem, "attribute 'sensorsize' needs 'resolution' (required attribute missing)");
    }
  }
  for (const char* attr : {"focal", "focalpixel", "principal", "principalpixel"}) {
    if (elem->Attribute(attr) && !elem->Attribute("sensorsize")) {
      reader.Fail(elem, std::string("attribute '") + attr + "' needs 'sensorsize' (required attribute missing)");
    }
  }
  reader.ReadFloats(elem, "focal", camera.focal, 2);
  reader.ReadReals(elem, "focalpixel", camera.focalpixel, 2);
  reader.ReadFloats(elem, "principal", camera.principal, 2);
  reader.ReadReals(elem, "principalpixel", camera.principalpixel, 2);
  reader.ReadRealList(elem, "user", camera.user);
  if (camera.resolution[0] < 0 || camera.resolution[1] < 0) {
    reader.Fail(elem, "attribute 'resolution' must be non-negative");
  }
}

void ReadLightValues(XmlReader& reader, const XMLElement* elem, SpecLight& light) {
  light.source = reader.Locate(elem);
  reader.ReadKeyword(elem, "mode", kModes, light.mode);
  reader.ReadString(elem, "target", light.target);
  bool directional = false;
  if (reader.ReadBool(elem, "directional", directional)) {
    if (elem->Attribute("type")) reader.Fail(elem, "attributes 'type' and 'directional' cannot both be given");
    light.type = directional ? kLightDirectional : kLightSpot;
  }
  reader.ReadKeyword(elem, "type", kLightTypes, light.type);
  reader.ReadString(elem, "texture", light.texture);
  reader.ReadBool(elem, "castshadow", light.castshadow);
  reader.ReadBool(elem, "active", light.active);
  reader.ReadReals(elem, "pos", light.pos, 3);
  reader.ReadReals(elem, "dir", light.dir, 3);
  reader.ReadFloats(elem, "bulbradius", &light.bulbradius, 1);
  reader.ReadFloats(elem, "intensity", &light.intensity, 1);
  reader.ReadFloats(elem, "range", &light.range, 1);
  reader.ReadFloats(elem, "attenuation", light.attenuation, 3);
  reader.ReadFloats(elem, "cutoff", &light.cutoff, 1);
  reader.ReadFloats(elem, "exponent", &light.exponent, 1);
  reader.ReadFloats(elem, "ambient", light.ambient, 3);
  reader.ReadFloats(elem, "diffuse", light.diffuse, 3);
  reader.ReadFloats(elem, "specular", light.specular, 3);
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
