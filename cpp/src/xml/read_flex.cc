// read_flex.cc: MJCF reader of <deformable>: <flex> with its <contact>, <edge> and <elasticity>
// children, and <skin> (the same element as <asset><skin>). Values are stored as written; body
// and material names resolve in compiler/flexes.cc. The attributes are those mujoco 3.3.7
// accepts (docs/notes/flex-reference-observations.md): a flex takes no class.
#include <sstream>

#include "xml/sections.h"

namespace mjsim {

namespace {

std::vector<std::string> Words(const std::string& text) {
  std::istringstream tokens(text);
  std::vector<std::string> words;
  for (std::string word; tokens >> word;) words.push_back(word);
  return words;
}

// a list of ints; absent -> empty
std::vector<int> ReadIndexList(const XmlReader& reader, const XMLElement* elem, const char* attr) {
  const char* text = elem->Attribute(attr);
  return text ? reader.ParseIntegers(elem, attr, text) : std::vector<int>{};
}

void ReadFlexContact(const XmlReader& reader, const XMLElement* elem, SpecFlex& flex) {
  reader.ReadInt(elem, "contype", flex.contype);
  reader.ReadInt(elem, "conaffinity", flex.conaffinity);
  reader.ReadInt(elem, "condim", flex.condim);
  reader.ReadInt(elem, "priority", flex.priority);
  reader.ReadRealsUpTo(elem, "friction", flex.friction, 1, 3);
  reader.ReadReal(elem, "solmix", flex.solmix);
  reader.ReadRealsUpTo(elem, "solref", flex.solref, 1, 2);
  reader.ReadRealsUpTo(elem, "solimp", flex.solimp, 1, 5);
  reader.ReadReal(elem, "margin", flex.margin);
  reader.ReadReal(elem, "gap", flex.gap);
  reader.ReadBool(elem, "internal", flex.internal);
  reader.ReadKeyword(elem, "selfcollide", kFlexSelfCollide, flex.selfcollide);
  reader.ReadInt(elem, "activelayers", flex.activelayers);
  bool flag = flex.vertcollide != 0;
  if (reader.ReadBool(elem, "vertcollide", flag)) flex.vertcollide = flag;
  reader.ReadBool(elem, "passive", flex.passive);
}

void ReadFlexElasticity(const XmlReader& reader, const XMLElement* elem, SpecFlex& flex) {
  reader.ReadReal(elem, "young", flex.young);
  reader.ReadReal(elem, "poisson", flex.poisson);
  reader.ReadReal(elem, "damping", flex.damping);
  reader.ReadReal(elem, "thickness", flex.thickness);
  reader.ReadKeyword(elem, "elastic2d", kElastic2D, flex.elastic2d);
}

void ReadFlexChildren(XmlReader& reader, const XMLElement* elem, SpecFlex& flex) {
  const ElementSchema& schema = *FindSchema("deformable/flex");
  for (const XMLElement* child = elem->FirstChildElement(); child;
       child = child->NextSiblingElement()) {
    std::string key = reader.ValidateChild(child, schema);
    if (key == "flex/contact") ReadFlexContact(reader, child, flex);
    if (key == "flex/edge") {
      reader.ReadReal(child, "stiffness", flex.edgestiffness);
      reader.ReadReal(child, "damping", flex.edgedamping);
    }
    if (key == "flex/elasticity") ReadFlexElasticity(reader, child, flex);
  }
}

// an attribute the reference requires to hold at least one word
void RequireWords(const XmlReader& reader, const XMLElement* elem, const char* attr) {
  const char* text = elem->Attribute(attr);
  if (!text || Words(text).empty()) {
    reader.Fail(elem, std::string("required attribute missing: '") + attr + "'");
  }
}

void ReadFlex(XmlReader& reader, const XMLElement* elem) {
  SpecFlex flex;
  flex.source = reader.Locate(elem);
  RequireWords(reader, elem, "body");
  RequireWords(reader, elem, "element");
  reader.ReadString(elem, "name", flex.name);
  reader.ReadInt(elem, "group", flex.group);
  reader.ReadInt(elem, "dim", flex.dim);
  reader.ReadReal(elem, "radius", flex.radius);
  reader.ReadString(elem, "material", flex.material);
  reader.ReadFloats(elem, "rgba", flex.rgba, 4);
  reader.ReadBool(elem, "flatskin", flex.flatskin);
  flex.vertbody = Words(elem->Attribute("body"));
  std::string nodes;
  if (reader.ReadString(elem, "node", nodes)) flex.nodebody = Words(nodes);
  reader.ReadRealList(elem, "vertex", flex.vert);
  flex.elem = ReadIndexList(reader, elem, "element");
  std::vector<mjtNum> texcoord;
  if (const char* text = elem->Attribute("texcoord")) {
    for (mjtNum value : reader.ParseNumbers(elem, "texcoord", text, XmlReader::Precision::kFloat)) {
      flex.texcoord.push_back(static_cast<float>(value));
    }
  }
  flex.elemtexcoord = ReadIndexList(reader, elem, "elemtexcoord");
  ReadFlexChildren(reader, elem, flex);
  reader.spec().flexes.push_back(std::move(flex));
}

}  // namespace

std::vector<ElementSchema> FlexSchema() {
  return {
      {"deformable", "deformable", {}, {}, {"deformable/flex", "deformable/skin"}},
      {"deformable/flex", "flex",
       {"name", "group", "dim", "radius", "material", "rgba", "flatskin", "body", "vertex",
        "element", "texcoord", "elemtexcoord", "node"},
       {},
       {"flex/contact", "flex/edge", "flex/elasticity"},
       {"contact", "edge", "elasticity"}},
      {"flex/contact", "contact",
       {"contype", "conaffinity", "condim", "priority", "friction", "solmix", "solref", "solimp",
        "margin", "gap", "internal", "selfcollide", "activelayers", "vertcollide", "passive"},
       {}, {}},
      {"flex/edge", "edge", {"stiffness", "damping"}, {}, {}},
      {"flex/elasticity", "elasticity", {"young", "poisson", "damping", "thickness", "elastic2d"},
       {}, {}},
  };
}

void ReadDeformableSection(XmlReader& reader, const XMLElement* section) {
  const ElementSchema& schema = *FindSchema("deformable");
  for (const XMLElement* child = section->FirstChildElement(); child;
       child = child->NextSiblingElement()) {
    std::string key = reader.ValidateChild(child, schema);
    if (key == "deformable/flex") ReadFlex(reader, child);
    if (key == "deformable/skin") ReadSkinAsset(reader, child);
  }
}

}  // namespace mjsim
