// read_custom.cc: MJCF reader of <custom>, <keyframe>, <size>, <statistic> and <visual>.
// Values are stored as written; compiler/custom.cc resolves names and checks lengths against
// the model's sizes.
#include <cctype>
#include <climits>
#include <cstdlib>
#include <type_traits>

#include "mjsim/errors.h"
#include "xml/sections.h"

namespace mjsim {
namespace {

// mjtObj names accepted by <tuple><element objtype>
const std::map<std::string, int> kTupleObjectTypes = {
    {"body", mjOBJ_BODY},         {"xbody", mjOBJ_XBODY},       {"joint", mjOBJ_JOINT},
    {"dof", mjOBJ_DOF},           {"geom", mjOBJ_GEOM},         {"site", mjOBJ_SITE},
    {"camera", mjOBJ_CAMERA},     {"light", mjOBJ_LIGHT},       {"flex", mjOBJ_FLEX},
    {"mesh", mjOBJ_MESH},         {"skin", mjOBJ_SKIN},         {"hfield", mjOBJ_HFIELD},
    {"texture", mjOBJ_TEXTURE},   {"material", mjOBJ_MATERIAL}, {"pair", mjOBJ_PAIR},
    {"exclude", mjOBJ_EXCLUDE},   {"equality", mjOBJ_EQUALITY}, {"tendon", mjOBJ_TENDON},
    {"actuator", mjOBJ_ACTUATOR}, {"sensor", mjOBJ_SENSOR},     {"numeric", mjOBJ_NUMERIC},
    {"text", mjOBJ_TEXT},         {"tuple", mjOBJ_TUPLE},       {"key", mjOBJ_KEY},
    {"plugin", mjOBJ_PLUGIN}};

constexpr int kMaxNumericSize = 500;  // the reference's limit on a numeric field's length

// ---- <custom> ---------------------------------------------------------------------------------
void ReadNumeric(XmlReader& reader, const XMLElement* elem) {
  SpecNumeric numeric;
  numeric.source = reader.Locate(elem);
  reader.Require(elem, "name");
  reader.ReadString(elem, "name", numeric.name);
  reader.ReadRealList(elem, "data", numeric.data);
  int count = static_cast<int>(numeric.data.size());
  numeric.size = count;
  if (reader.ReadInt(elem, "size", numeric.size) && count > numeric.size &&
      numeric.size >= 1) {
    reader.Fail(elem, "attribute 'data' has " + std::to_string(count) +
                          " numbers, more than size=" + std::to_string(numeric.size));
  }
  if (numeric.size < 1 || numeric.size > kMaxNumericSize) {
    reader.Fail(elem, "custom numeric size must be between 1 and " +
                          std::to_string(kMaxNumericSize) + ", got " +
                          std::to_string(numeric.size) + " (give 'size' or non-empty 'data')");
  }
  reader.spec().numerics.push_back(std::move(numeric));
}

void ReadText(XmlReader& reader, const XMLElement* elem) {
  SpecText text;
  text.source = reader.Locate(elem);
  reader.Require(elem, "name");
  reader.Require(elem, "data");
  reader.ReadString(elem, "name", text.name);
  reader.ReadString(elem, "data", text.data);
  if (text.data.empty()) reader.Fail(elem, "attribute 'data' of a custom text cannot be empty");
  reader.spec().texts.push_back(std::move(text));
}

void ReadTuple(XmlReader& reader, const XMLElement* elem) {
  SpecTuple tuple;
  tuple.source = reader.Locate(elem);
  reader.Require(elem, "name");
  reader.ReadString(elem, "name", tuple.name);
  const ElementSchema& schema = *FindSchema("custom/tuple");
  for (const XMLElement* child = elem->FirstChildElement(); child;
       child = child->NextSiblingElement()) {
    reader.ValidateChild(child, schema);
    SpecTupleElement element;
    reader.Require(child, "objtype");
    reader.Require(child, "objname");
    reader.ReadKeyword(child, "objtype", kTupleObjectTypes, element.objtype);
    reader.ReadString(child, "objtype", element.objtype_name);
    reader.ReadString(child, "objname", element.objname);
    reader.ReadReal(child, "prm", element.prm);
    tuple.elements.push_back(std::move(element));
  }
  reader.spec().tuples.push_back(std::move(tuple));
}

// ---- <keyframe> -------------------------------------------------------------------------------
void ReadKey(XmlReader& reader, const XMLElement* elem) {
  SpecKey key;
  key.source = reader.Locate(elem);
  reader.ReadString(elem, "name", key.name);
  reader.ReadReal(elem, "time", key.time);
  struct Array { const char* attr; std::optional<std::vector<mjtNum>>& values; };
  for (Array array : {Array{"qpos", key.qpos}, Array{"qvel", key.qvel}, Array{"act", key.act},
                      Array{"ctrl", key.ctrl}, Array{"mpos", key.mpos},
                      Array{"mquat", key.mquat}}) {
    std::vector<mjtNum> values;
    if (reader.ReadRealList(elem, array.attr, values)) array.values = std::move(values);
  }
  reader.spec().keys.push_back(std::move(key));
}

// ---- <size> -----------------------------------------------------------------------------------
// memory: an unsigned integer with an optional binary suffix K M G T P E (case-insensitive);
// "-1" keeps the default
long long ParseMemory(XmlReader& reader, const XMLElement* elem, const std::string& text) {
  if (text == "-1") return -1;
  size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  static const std::string kSuffixes = "KMGTPE";
  int shift = 0;
  bool ok = digits > 0 && digits <= 18;
  if (ok && digits < text.size()) {
    size_t suffix = kSuffixes.find(static_cast<char>(std::toupper(text[digits])));
    ok = digits + 1 == text.size() && suffix != std::string::npos;
    shift = ok ? 10 * static_cast<int>(suffix + 1) : 0;
  }
  long long value = ok ? std::strtoll(text.substr(0, digits).c_str(), nullptr, 10) : 0;
  if (!ok || (shift && value > (LLONG_MAX >> shift))) {
    reader.Fail(elem, "attribute 'memory' needs an unsigned integer with an optional suffix "
                      "K, M, G, T, P or E, got \"" + text + "\"");
  }
  value <<= shift;
  if (value > INT_MAX) {
    reader.Fail(elem, "memory=\"" + text + "\" is larger than mjsim supports (2^31-1 bytes)");
  }
  return value;
}

void ReadSize(XmlReader& reader, const XMLElement* elem) {
  SpecSize& size = reader.spec().size;
  size.source = reader.Locate(elem);
  std::string memory;
  if (reader.ReadString(elem, "memory", memory)) {
    size.memory = ParseMemory(reader, elem, memory);
    for (const char* legacy : {"nstack", "njmax", "nconmax"}) {
      if (elem->Attribute(legacy)) {
        reader.Fail(elem, std::string("either 'memory' or '") + legacy +
                              "' can be given, not both");
      }
    }
  }
  reader.ReadInt(elem, "njmax", size.njmax);
  reader.ReadInt(elem, "nconmax", size.nconmax);
  reader.ReadInt(elem, "nstack", size.nstack);
  struct Count { const char* attr; int& value; int min; };
  for (Count count : {Count{"nuserdata", size.nuserdata, 0}, Count{"nkey", size.nkey, 0},
                      Count{"nuser_body", size.nuser_body, -1},
                      Count{"nuser_jnt", size.nuser_jnt, -1},
                      Count{"nuser_geom", size.nuser_geom, -1},
                      Count{"nuser_site", size.nuser_site, -1},
                      Count{"nuser_cam", size.nuser_cam, -1},
                      Count{"nuser_tendon", size.nuser_tendon, -1},
                      Count{"nuser_actuator", size.nuser_actuator, -1},
                      Count{"nuser_sensor", size.nuser_sensor, -1}}) {
    if (reader.ReadInt(elem, count.attr, count.value) && count.value < count.min) {
      reader.Fail(elem, std::string(count.attr) + " must be >= " + std::to_string(count.min) +
                            ", got " + std::to_string(count.value));
    }
  }
}

// ---- <visual> ---------------------------------------------------------------------------------
// one attribute of a visual section, by its kind in the visual.h tables
template <typename T>
void ReadVisualValue(XmlReader& reader, const XMLElement* elem, const char* attr, T& out,
                     const char* kind) {
  std::string k = kind;
  if (k == "Bool") {
    bool value = false;
    if (reader.ReadBool(elem, attr, value)) out = value;
  } else if (k == "Int") {
    int value = 0;
    if (reader.ReadInt(elem, attr, value)) out = static_cast<T>(value);
  } else if constexpr (std::is_same_v<T, float>) {
    reader.ReadFloats(elem, attr, &out, 1);
  } else {
    mjtNum value = 0;
    if (reader.ReadReal(elem, attr, value)) out = static_cast<T>(value);
  }
}
template <typename T, size_t count>
void ReadVisualValue(XmlReader& reader, const XMLElement* elem, const char* attr,
                     T (&out)[count], const char*) {
  reader.ReadFloats(elem, attr, out, static_cast<int>(count));
}

void CheckVisual(XmlReader& reader, const XMLElement* elem, const Visual& visual) {
  if (!(visual.map.znear > 0)) reader.Fail(elem, "map znear must be positive");
  if (!(visual.global.realtime > 0)) reader.Fail(elem, "global realtime must be positive");
}

void ReadVisual(XmlReader& reader, const XMLElement* section) {
  Visual& visual = reader.spec().visual.values;
  reader.spec().visual.source = reader.Locate(section);
  const ElementSchema& schema = *FindSchema("visual");
  for (const XMLElement* child = section->FirstChildElement(); child;
       child = child->NextSiblingElement()) {
    std::string key = reader.ValidateChild(child, schema);
#define MJSIM_VISUAL_READ(type, name, count, kind, values, doc) \
  ReadVisualValue(reader, child, #name, section_values.name, #kind);
#define MJSIM_VISUAL_SECTION(Struct, member, tag, TABLE) \
  if (key == "visual/" tag) {                            \
    Struct& section_values = visual.member;              \
    TABLE(MJSIM_VISUAL_READ)                             \
  }
    MJSIM_VISUAL_SECTIONS(MJSIM_VISUAL_SECTION)
#undef MJSIM_VISUAL_SECTION
#undef MJSIM_VISUAL_READ
    CheckVisual(reader, child, visual);
  }
}

// attribute names of one visual section, from its table
#define MJSIM_VISUAL_NAME(type, name, count, kind, values, doc) names.push_back(#name);
#define MJSIM_VISUAL_NAMES_OF(Struct, member, tag, TABLE) \
  std::vector<std::string> Struct##Attributes() {         \
    std::vector<std::string> names;                       \
    TABLE(MJSIM_VISUAL_NAME)                              \
    return names;                                         \
  }
MJSIM_VISUAL_SECTIONS(MJSIM_VISUAL_NAMES_OF)
#undef MJSIM_VISUAL_NAMES_OF
#undef MJSIM_VISUAL_NAME

const std::vector<std::string> kVisualChildren = {"visual/global", "visual/quality",
                                                  "visual/headlight", "visual/map",
                                                  "visual/scale", "visual/rgba"};

}  // namespace

std::vector<ElementSchema> CustomSchema() {
  return {
      {"custom", "custom", {}, {}, {"custom/numeric", "custom/text", "custom/tuple"}},
      {"custom/numeric", "numeric", {"name", "size", "data"}, {}, {}},
      {"custom/text", "text", {"name", "data"}, {}, {}},
      {"custom/tuple", "tuple", {"name"}, {}, {"custom/tuple/element"}},
      {"custom/tuple/element", "element", {"objtype", "objname", "prm"}, {}, {}},
      {"keyframe", "keyframe", {}, {}, {"keyframe/key"}},
      {"keyframe/key", "key", {"name", "time", "qpos", "qvel", "act", "ctrl", "mpos", "mquat"},
       {}, {}},
      {"size", "size",
       {"memory", "njmax", "nconmax", "nstack", "nuserdata", "nkey", "nuser_body", "nuser_jnt",
        "nuser_geom", "nuser_site", "nuser_cam", "nuser_tendon", "nuser_actuator",
        "nuser_sensor"},
       {}, {}},
      {"statistic", "statistic", {"meaninertia", "meanmass", "meansize", "extent", "center"}, {},
       {}},
      {"visual", "visual", {}, {}, kVisualChildren, TagsOf(kVisualChildren)},
      {"visual/global", "global", VisualGlobalAttributes(), {}, {}},
      {"visual/quality", "quality", VisualQualityAttributes(), {}, {}},
      {"visual/headlight", "headlight", VisualHeadlightAttributes(), {}, {}},
      {"visual/map", "map", VisualMapAttributes(), {}, {}},
      {"visual/scale", "scale", VisualScaleAttributes(), {}, {}},
      {"visual/rgba", "rgba", VisualRgbaAttributes(), {}, {}},
  };
}

void ReadCustomSection(XmlReader& reader, const XMLElement* section) {
  const ElementSchema& schema = *FindSchema("custom");
  for (const XMLElement* child = section->FirstChildElement(); child;
       child = child->NextSiblingElement()) {
    std::string key = reader.ValidateChild(child, schema);
    if (key == "custom/numeric") ReadNumeric(reader, child);
    if (key == "custom/text") ReadText(reader, child);
    if (key == "custom/tuple") ReadTuple(reader, child);
  }
}

void ReadKeyframeSection(XmlReader& reader, const XMLElement* section) {
  const ElementSchema& schema = *FindSchema("keyframe");
  for (const XMLElement* child = section->FirstChildElement(); child;
       child = child->NextSiblingElement()) {
    reader.ValidateChild(child, schema);
    ReadKey(reader, child);
  }
}

void ReadSizeSection(XmlReader& reader, const XMLElement* section) {
  ReadSize(reader, section);
  if (section->FirstChildElement()) {
    reader.Fail(section->FirstChildElement(), "Schema violation: <size> has no child elements");
  }
}

void ReadStatisticSection(XmlReader& reader, const XMLElement* section) {
  SpecStatistic& statistic = reader.spec().statistic;
  statistic.source = reader.Locate(section);
  mjtNum value = 0;
  if (reader.ReadReal(section, "meaninertia", value)) statistic.meaninertia = value;
  if (reader.ReadReal(section, "meanmass", value)) statistic.meanmass = value;
  if (reader.ReadReal(section, "meansize", value)) statistic.meansize = value;
  if (reader.ReadReal(section, "extent", value)) {
    if (!(value > 0)) reader.Fail(section, "extent must be positive, got " + std::to_string(value));
    statistic.extent = value;
  }
  if (auto center = reader.ReadRealVector(section, "center", 3)) statistic.center = center;
  if (section->FirstChildElement()) {
    reader.Fail(section->FirstChildElement(), "Schema violation: <statistic> has no child elements");
  }
}

void ReadVisualSection(XmlReader& reader, const XMLElement* section) { ReadVisual(reader, section); }

}  // namespace mjsim
