// read_tendon.cc: MJCF reader of tendons: <tendon> with <spatial> (site, geom, pulley) and <fixed>
// (joint), and <default><tendon> (MJCF reference, tendon; checklist A.14).
// Values are stored as written; names are resolved and the path is checked by compiler/tendons.cc.
#include "mjsim/errors.h"
#include "xml/sections.h"

namespace mjsim {
namespace {

using Names = std::vector<std::string>;

// attributes of <spatial>, <fixed> and <default><tendon>: the reference's default class takes
// neither the actuator force limits nor armature, and <fixed> takes no visual attributes
Names TendonAttributes(std::initializer_list<const char*> without) {
  return AttributeNames({MJSIM_TENDON_ATTRIBUTES(MJSIM_ATTRIBUTE_NAME)}, without);
}

Names Join(std::initializer_list<Names> lists) {
  Names all;
  for (const Names& list : lists) all.insert(all.end(), list.begin(), list.end());
  return all;
}

// The values a tendon takes from its class or from the element itself; the schema check already
// rejected the attributes a fixed tendon does not have.
void ReadTendonValues(const XmlReader& reader, const XMLElement* elem, SpecTendon& tendon) {
  tendon.source = reader.Locate(elem);
  ReadAttributes(reader, elem, tendon);
}

SpecTendonWrap ReadPathElement(const XmlReader& reader, const XMLElement* elem,
                               const std::string& key) {
  SpecTendonWrap wrap;
  wrap.source = reader.Locate(elem);
  if (key == "spatial/site") {
    wrap.kind = SpecTendonWrap::Kind::kSite;
    reader.Require(elem, "site");
    reader.ReadString(elem, "site", wrap.target);
  } else if (key == "spatial/geom") {
    wrap.kind = SpecTendonWrap::Kind::kGeom;
    reader.Require(elem, "geom");
    reader.ReadString(elem, "geom", wrap.target);
    reader.ReadString(elem, "sidesite", wrap.sidesite);
  } else if (key == "spatial/pulley") {
    wrap.kind = SpecTendonWrap::Kind::kPulley;
    reader.Require(elem, "divisor");
    reader.ReadReal(elem, "divisor", wrap.value);
  } else {  // fixed/joint
    wrap.kind = SpecTendonWrap::Kind::kJoint;
    reader.Require(elem, "joint");
    reader.Require(elem, "coef");
    reader.ReadString(elem, "joint", wrap.target);
    reader.ReadReal(elem, "coef", wrap.value);
  }
  return wrap;
}

// <spatial> or <fixed>: class values, then the element's own, then its path in document order
void ReadTendon(XmlReader& reader, const XMLElement* elem, const std::string& key) {
  const ElementSchema& schema = *FindSchema(key);  // attributes were validated by the caller
  SpecTendon tendon = reader.spec().defaults[reader.ActiveClass(elem, 0)].tendon;
  tendon.path.clear();
  tendon.spatial = key == "tendon/spatial";
  ReadTendonValues(reader, elem, tendon);
  tendon.name.clear();
  reader.ReadString(elem, "name", tendon.name);
  for (const XMLElement* child = elem->FirstChildElement(); child;
       child = child->NextSiblingElement()) {
    std::string child_key = reader.ValidateChild(child, schema);
    tendon.path.push_back(ReadPathElement(reader, child, child_key));
  }
  reader.spec().tendons.push_back(std::move(tendon));
}

}  // namespace

std::vector<ElementSchema> TendonSchema() {
  return {
      {"tendon", "tendon", {}, {}, {"tendon/spatial", "tendon/fixed"}},
      {"tendon/spatial", "spatial", Join({{"name", "class"}, TendonAttributes({})}),
       {}, {"spatial/site", "spatial/geom", "spatial/pulley"}},
      {"tendon/fixed", "fixed", Join({{"name", "class"}, TendonAttributes({"width", "material", "rgba"})}),
       {}, {"fixed/joint"}},
      {"spatial/site", "site", {"site"}, {}, {}},
      {"spatial/geom", "geom", {"geom", "sidesite"}, {}, {}},
      {"spatial/pulley", "pulley", {"divisor"}, {}, {}},
      {"fixed/joint", "joint", {"joint", "coef"}, {}, {}},
      {"default/tendon", "tendon",
       TendonAttributes({"actuatorfrclimited", "actuatorfrcrange", "armature"}), {}, {}},
  };
}

void ReadTendonSection(XmlReader& reader, const XMLElement* section) {
  const ElementSchema& schema = *FindSchema("tendon");
  reader.Validate(section, schema);
  for (const XMLElement* child = section->FirstChildElement(); child;
       child = child->NextSiblingElement()) {
    ReadTendon(reader, child, reader.ValidateChild(child, schema));
  }
}

bool ReadTendonDefault(XmlReader& reader, const XMLElement* elem, const std::string& key,
                       SpecDefault& dflt) {
  if (key != "default/tendon") return false;
  ReadTendonValues(reader, elem, dflt.tendon);
  return true;
}

}  // namespace mjsim
