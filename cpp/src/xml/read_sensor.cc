// read_sensor.cc: MJCF reader of <sensor> and its children (checklist A.16), as MuJoCo 3.3.7
// accepts them. Each element becomes one SpecSensor: its type, its output layout (data type,
// stage, dimension), the names of the objects it reads and the object types its element or
// attributes imply. Names are resolved, and object kinds checked, by compiler/sensors.cc.
// <plugin> has no schema entry and is rejected as not supported yet.
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "spec/sensor_layout.h"
#include "xml/sections.h"

namespace mjsim {
namespace {

using Names = std::vector<std::string>;




Names TargetAttributes(SensorTarget target) {
  switch (target) {
    case SensorTarget::kSite: return {"site"};
    case SensorTarget::kCamProjection: return {"site", "camera"};
    case SensorTarget::kJoint: return {"joint"};
    case SensorTarget::kTendon: return {"tendon"};
    case SensorTarget::kActuator: return {"actuator"};
    case SensorTarget::kFrame: return {"objtype", "objname", "reftype", "refname"};
    case SensorTarget::kFrameNoRef: return {"objtype", "objname"};
    case SensorTarget::kSubtree: return {"body"};
    case SensorTarget::kInsideSite: return {"site", "objtype", "objname"};
    case SensorTarget::kGeomPair: return {"geom1", "geom2", "body1", "body2"};
    case SensorTarget::kContact:
      return {"site", "geom1", "geom2", "body1", "body2", "subtree1", "subtree2", "num", "data",
              "reduce"};
    case SensorTarget::kNone: return {};
    case SensorTarget::kUser: return {"objtype", "objname", "datatype", "needstage", "dim"};
    case SensorTarget::kTactile: return {"geom", "mesh"};
  }
  return {};
}


// Contact-sensor outputs (attribute `data`), in the order they must be written; bit i of
// sensor_intprm[0] selects output i (sizes: kContactDataSizes)
constexpr const char* kContactDataFields[] = {"found", "force", "torque", "dist", "pos", "normal",
                                              "tangent"};

const SensorElement* FindSensorElement(const std::string& tag) {
  for (const SensorElement& element : SensorElements()) {
    if (tag == element.tag) return &element;
  }
  return nullptr;
}

// The one attribute of `options` that is given, or ""; fails when more than one is given,
// or when none is and `required`.
std::string ChooseOne(XmlReader& reader, const XMLElement* elem, const Names& options,
                      bool required) {
  std::string chosen;
  int count = 0;
  for (const std::string& option : options) {
    if (elem->Attribute(option.c_str())) {
      chosen = option;
      ++count;
    }
  }
  if (count > 1 || (required && count == 0)) {
    std::string list;
    for (const std::string& option : options) list += (list.empty() ? "" : ", ") + option;
    reader.Fail(elem, std::string(required ? "exactly" : "at most") + " one of (" + list +
                          ") must be given");
  }
  return chosen;
}

// objtype + objname naming the object a frame-like sensor follows
void ReadFrameObject(XmlReader& reader, const XMLElement* elem, SpecSensor& sensor) {
  reader.Require(elem, "objtype");
  reader.Require(elem, "objname");
  std::string keyword;
  reader.ReadString(elem, "objtype", keyword);
  auto found = kFrameObjectTypes.find(keyword);
  if (found == kFrameObjectTypes.end()) {
    reader.Fail(elem, "objtype '" + keyword +
                          "' is not a frame: a sensor can follow body, xbody, geom, site or camera");
  }
  sensor.objtype = found->second;
  reader.ReadString(elem, "objname", sensor.objname);
}

// reftype + refname: the frame the output is expressed in (none: the world frame)
void ReadReferenceFrame(XmlReader& reader, const XMLElement* elem, SpecSensor& sensor) {
  const char* reftype = elem->Attribute("reftype");
  const char* refname = elem->Attribute("refname");
  if (refname && !reftype) {
    reader.Fail(elem, "refname '" + std::string(refname) + "' given but reftype is missing");
  }
  if (!reftype) return;
  reader.Require(elem, "refname");
  auto found = kObjectTypes.find(reftype);
  // the reference ignores an unknown reftype keyword (no reference frame); any other object
  // type than a frame is an error
  if (found == kObjectTypes.end()) return;
  if (!kFrameObjectTypes.count(reftype)) {
    reader.Fail(elem, "reftype '" + std::string(reftype) +
                          "' is not a frame: expected body, xbody, geom, site or camera");
  }
  sensor.reftype = found->second;
  sensor.refname = refname;
}

// geom1|body1 and geom2|body2 of the geom distance sensors
void ReadGeomPair(XmlReader& reader, const XMLElement* elem, SpecSensor& sensor) {
  std::string first = ChooseOne(reader, elem, {"geom1", "body1"}, true);
  std::string second = ChooseOne(reader, elem, {"geom2", "body2"}, true);
  sensor.objtype = first == "geom1" ? mjOBJ_GEOM : mjOBJ_BODY;
  sensor.reftype = second == "geom2" ? mjOBJ_GEOM : mjOBJ_BODY;
  reader.ReadString(elem, first.c_str(), sensor.objname);
  reader.ReadString(elem, second.c_str(), sensor.refname);
}

// `data`: a list of kContactDataFields keywords, each at most once, in table order
int ReadContactData(XmlReader& reader, const XMLElement* elem) {
  const char* text = elem->Attribute("data");
  if (!text) return 1;
  int mask = 0, last = -1;
  std::istringstream tokens(text);
  std::string token;
  while (tokens >> token) {
    int index = -1;
    for (int i = 0; i < static_cast<int>(std::size(kContactDataFields)); ++i) {
      if (token == kContactDataFields[i]) index = i;
    }
    if (index < 0) {
      reader.Fail(elem, "invalid keyword '" + token + "' in attribute 'data' (expected found, "
                        "force, torque, dist, pos, normal or tangent)");
    }
    if (mask & (1 << index)) reader.Fail(elem, "duplicate keyword '" + token + "' in attribute 'data'");
    if (index < last) {
      reader.Fail(elem, "attribute 'data' must list its keywords in the order found, force, "
                        "torque, dist, pos, normal, tangent");
    }
    mask |= 1 << index;
    last = index;
  }
  return mask ? mask : 1;  // no keyword: "found"
}

// <contact>: a filter on each side (geom, body, subtree; the first side also site), which
// outputs for how many contacts, and how contacts are chosen
void ReadContactSensor(XmlReader& reader, const XMLElement* elem, SpecSensor& sensor) {
  static const std::map<std::string, int> kSideTypes = {
      {"geom1", mjOBJ_GEOM}, {"body1", mjOBJ_BODY}, {"subtree1", mjOBJ_XBODY}, {"site", mjOBJ_SITE},
      {"geom2", mjOBJ_GEOM}, {"body2", mjOBJ_BODY}, {"subtree2", mjOBJ_XBODY}};
  std::string first = ChooseOne(reader, elem, {"geom1", "body1", "subtree1", "site"}, false);
  if (!first.empty()) {
    sensor.objtype = kSideTypes.at(first);
    reader.ReadString(elem, first.c_str(), sensor.objname);
  }
  std::string second = ChooseOne(reader, elem, {"geom2", "body2", "subtree2"}, false);
  if (!second.empty()) {
    sensor.reftype = kSideTypes.at(second);
    reader.ReadString(elem, second.c_str(), sensor.refname);
  }
  if (reader.ReadInt(elem, "num", sensor.intprm[2]) && sensor.intprm[2] <= 0) {
    reader.Fail(elem, "attribute 'num' must be positive, got " + std::to_string(sensor.intprm[2]));
  }
  sensor.intprm[0] = ReadContactData(reader, elem);
  reader.ReadKeyword(elem, "reduce", kContactReductions, sensor.intprm[1]);
  sensor.dim = SensorDataSize(sensor);
}

// <user>: an optional object (objtype and objname together) and a declared output layout
void ReadUserSensor(XmlReader& reader, const XMLElement* elem, SpecSensor& sensor) {
  const char* objtype = elem->Attribute("objtype");
  const char* objname = elem->Attribute("objname");
  if (objtype && !objname) {
    reader.Fail(elem, "objtype '" + std::string(objtype) + "' given but objname is missing");
  }
  if (objname && !objtype) {
    reader.Fail(elem, "objname '" + std::string(objname) + "' given but objtype is missing");
  }
  if (objtype) {
    auto found = kObjectTypes.find(objtype);
    // the reference reads an unknown keyword, and frame/default/model, as no object
    bool nameable = found != kObjectTypes.end() && found->second < mjNOBJECT;
    sensor.objtype = nameable ? found->second : mjOBJ_UNKNOWN;
    if (nameable && sensor.objtype != mjOBJ_UNKNOWN) sensor.objname = objname;
  }
  reader.Require(elem, "dim");
  reader.ReadInt(elem, "dim", sensor.dim);
  reader.ReadKeyword(elem, "datatype", kDataTypes, sensor.datatype);
  reader.ReadKeyword(elem, "needstage", kStages, sensor.needstage);
}

// The object attributes of one element, by its target kind.
void ReadTarget(XmlReader& reader, const XMLElement* elem, SensorTarget target, SpecSensor& sensor) {
  auto named = [&](const char* attr, int type, std::string& name) {
    reader.Require(elem, attr);
    reader.ReadString(elem, attr, name);
    return type;
  };
  switch (target) {
    case SensorTarget::kSite: sensor.objtype = named("site", mjOBJ_SITE, sensor.objname); break;
    case SensorTarget::kCamProjection:
      sensor.objtype = named("site", mjOBJ_SITE, sensor.objname);
      sensor.reftype = named("camera", mjOBJ_CAMERA, sensor.refname);
      break;
    case SensorTarget::kJoint: sensor.objtype = named("joint", mjOBJ_JOINT, sensor.objname); break;
    case SensorTarget::kTendon: sensor.objtype = named("tendon", mjOBJ_TENDON, sensor.objname); break;
    case SensorTarget::kActuator:
      sensor.objtype = named("actuator", mjOBJ_ACTUATOR, sensor.objname);
      break;
    case SensorTarget::kFrame:
      ReadFrameObject(reader, elem, sensor);
      ReadReferenceFrame(reader, elem, sensor);
      break;
    case SensorTarget::kFrameNoRef: ReadFrameObject(reader, elem, sensor); break;
    case SensorTarget::kSubtree: sensor.objtype = named("body", mjOBJ_BODY, sensor.objname); break;
    case SensorTarget::kInsideSite:
      ReadFrameObject(reader, elem, sensor);
      sensor.reftype = named("site", mjOBJ_SITE, sensor.refname);
      break;
    case SensorTarget::kGeomPair: ReadGeomPair(reader, elem, sensor); break;
    case SensorTarget::kContact: ReadContactSensor(reader, elem, sensor); break;
    case SensorTarget::kNone: break;
    case SensorTarget::kUser: ReadUserSensor(reader, elem, sensor); break;
    case SensorTarget::kTactile:
      sensor.objtype = named("mesh", mjOBJ_MESH, sensor.objname);
      sensor.reftype = named("geom", mjOBJ_GEOM, sensor.refname);
      break;
  }
}

SpecSensor ReadSensor(XmlReader& reader, const XMLElement* elem, const SensorElement& element) {
  SpecSensor sensor;
  sensor.source = reader.Locate(elem);
  sensor.type = element.type;
  const SensorLayout& layout = *FindSensorLayout(element.type);
  sensor.datatype = layout.datatype;
  sensor.needstage = layout.needstage;
  sensor.dim = layout.dim;
  reader.ReadString(elem, "name", sensor.name);
  reader.ReadReal(elem, "noise", sensor.noise);
  reader.ReadReal(elem, "cutoff", sensor.cutoff);
  reader.ReadRealList(elem, "user", sensor.user);
  ReadTarget(reader, elem, element.target, sensor);
  return sensor;
}

}  // namespace

// Every sensor element of MJCF 3.3.7 that mjsim reads, with the layout the reference gives it.
const std::vector<SensorElement>& SensorElements() {
  static const std::vector<SensorElement> elements = {
      {"touch", mjSENS_TOUCH, SensorTarget::kSite},
      {"accelerometer", mjSENS_ACCELEROMETER, SensorTarget::kSite},
      {"velocimeter", mjSENS_VELOCIMETER, SensorTarget::kSite},
      {"gyro", mjSENS_GYRO, SensorTarget::kSite},
      {"force", mjSENS_FORCE, SensorTarget::kSite},
      {"torque", mjSENS_TORQUE, SensorTarget::kSite},
      {"magnetometer", mjSENS_MAGNETOMETER, SensorTarget::kSite},
      {"camprojection", mjSENS_CAMPROJECTION, SensorTarget::kCamProjection},
      {"rangefinder", mjSENS_RANGEFINDER, SensorTarget::kSite},
      {"jointpos", mjSENS_JOINTPOS, SensorTarget::kJoint},
      {"jointvel", mjSENS_JOINTVEL, SensorTarget::kJoint},
      {"tendonpos", mjSENS_TENDONPOS, SensorTarget::kTendon},
      {"tendonvel", mjSENS_TENDONVEL, SensorTarget::kTendon},
      {"actuatorpos", mjSENS_ACTUATORPOS, SensorTarget::kActuator},
      {"actuatorvel", mjSENS_ACTUATORVEL, SensorTarget::kActuator},
      {"actuatorfrc", mjSENS_ACTUATORFRC, SensorTarget::kActuator},
      {"jointactuatorfrc", mjSENS_JOINTACTFRC, SensorTarget::kJoint},
      {"tendonactuatorfrc", mjSENS_TENDONACTFRC, SensorTarget::kTendon},
      {"ballquat", mjSENS_BALLQUAT, SensorTarget::kJoint},
      {"ballangvel", mjSENS_BALLANGVEL, SensorTarget::kJoint},
      {"jointlimitpos", mjSENS_JOINTLIMITPOS, SensorTarget::kJoint},
      {"jointlimitvel", mjSENS_JOINTLIMITVEL, SensorTarget::kJoint},
      {"jointlimitfrc", mjSENS_JOINTLIMITFRC, SensorTarget::kJoint},
      {"tendonlimitpos", mjSENS_TENDONLIMITPOS, SensorTarget::kTendon},
      {"tendonlimitvel", mjSENS_TENDONLIMITVEL, SensorTarget::kTendon},
      {"tendonlimitfrc", mjSENS_TENDONLIMITFRC, SensorTarget::kTendon},
      {"framepos", mjSENS_FRAMEPOS, SensorTarget::kFrame},
      {"framequat", mjSENS_FRAMEQUAT, SensorTarget::kFrame},
      {"framexaxis", mjSENS_FRAMEXAXIS, SensorTarget::kFrame},
      {"frameyaxis", mjSENS_FRAMEYAXIS, SensorTarget::kFrame},
      {"framezaxis", mjSENS_FRAMEZAXIS, SensorTarget::kFrame},
      {"framelinvel", mjSENS_FRAMELINVEL, SensorTarget::kFrame},
      {"frameangvel", mjSENS_FRAMEANGVEL, SensorTarget::kFrame},
      {"framelinacc", mjSENS_FRAMELINACC, SensorTarget::kFrameNoRef},
      {"frameangacc", mjSENS_FRAMEANGACC, SensorTarget::kFrameNoRef},
      {"subtreecom", mjSENS_SUBTREECOM, SensorTarget::kSubtree},
      {"subtreelinvel", mjSENS_SUBTREELINVEL, SensorTarget::kSubtree},
      {"subtreeangmom", mjSENS_SUBTREEANGMOM, SensorTarget::kSubtree},
      {"insidesite", mjSENS_INSIDESITE, SensorTarget::kInsideSite},
      {"distance", mjSENS_GEOMDIST, SensorTarget::kGeomPair},
      {"normal", mjSENS_GEOMNORMAL, SensorTarget::kGeomPair},
      {"fromto", mjSENS_GEOMFROMTO, SensorTarget::kGeomPair},
      {"contact", mjSENS_CONTACT, SensorTarget::kContact},
      {"e_potential", mjSENS_E_POTENTIAL, SensorTarget::kNone},
      {"e_kinetic", mjSENS_E_KINETIC, SensorTarget::kNone},
      {"clock", mjSENS_CLOCK, SensorTarget::kNone},
      {"user", mjSENS_USER, SensorTarget::kUser},
      {"tactile", mjSENS_TACTILE, SensorTarget::kTactile},
  };
  return elements;
}

std::vector<ElementSchema> SensorSchema() {
  std::vector<ElementSchema> entries;
  Names children;
  for (const SensorElement& element : SensorElements()) {
    Names attributes = {"name"};
    if (element.target != SensorTarget::kTactile) attributes.push_back("cutoff");
    if (element.target != SensorTarget::kContact) attributes.push_back("user");
    bool noisy = element.target != SensorTarget::kContact && element.target != SensorTarget::kTactile;
    if (noisy) attributes.push_back("noise");
    for (std::string& attr : TargetAttributes(element.target)) attributes.push_back(attr);
    std::string key = std::string("sensor/") + element.tag;
    entries.push_back({key, element.tag, attributes, {}, {}});
    children.push_back(key);
  }
  // MJCF sensors mjsim does not read yet: listed as children, without schema entries
  children.push_back("sensor/plugin");
  entries.push_back({"sensor", "sensor", {}, {}, children});
  return entries;
}

void ReadSensorSection(XmlReader& reader, const XMLElement* section) {
  const ElementSchema& schema = *FindSchema("sensor");
  for (const XMLElement* child = section->FirstChildElement(); child;
       child = child->NextSiblingElement()) {
    reader.ValidateChild(child, schema);
    const SensorElement* element = FindSensorElement(child->Name());
    reader.spec().sensors.push_back(ReadSensor(reader, child, *element));
  }
}

}  // namespace mjsim
