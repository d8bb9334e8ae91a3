// read_equality.cc: MJCF reader of <equality> and <contact> (pair, exclude), their defaults.
// Values are stored as written; names resolve in compiler/equality.cc. Array attributes
// (solref, solimp, anchor, relpose, polycoef, friction) may be shorter than their full length:
// the values given replace the leading defaults, as the reference does.
#include "mjsim/errors.h"
#include "xml/sections.h"

namespace mjsim {
namespace {

using Names = std::vector<std::string>;

Names With(Names base, const Names& more) {
  base.insert(base.end(), more.begin(), more.end());
  return base;
}

const Names kEqualityValues = AttributeNames({MJSIM_EQUALITY_ATTRIBUTES(MJSIM_ATTRIBUTE_NAME)});
const Names kEqualityCommon = With({"name", "class"}, kEqualityValues);

// a default class names no geoms
const Names kPairAttributes = AttributeNames({MJSIM_PAIR_ATTRIBUTES(MJSIM_ATTRIBUTE_NAME)});
const Names kPairValues =
    AttributeNames({MJSIM_PAIR_ATTRIBUTES(MJSIM_ATTRIBUTE_NAME)}, {"geom1", "geom2"});

// solref, solimp and active: the values a default class carries for every equality type
void ReadEqualityValues(XmlReader& reader, const XMLElement* elem, SpecEquality& eq) {
  eq.source = reader.Locate(elem);
  ReadAttributes(reader, elem, eq);
}

// geom1 and geom2 only in <contact> (the schema of default/pair has neither)
void ReadPairValues(XmlReader& reader, const XMLElement* elem, SpecPair& pair) {
  pair.source = reader.Locate(elem);
  ReadAttributes(reader, elem, pair);
}

// connect and weld name two bodies (body1 [+ body2]) or two sites, never a mix
void ReadBodiesOrSites(XmlReader& reader, const XMLElement* elem, SpecEquality& eq) {
  bool any_body = elem->Attribute("body1") || elem->Attribute("body2") ||
                  elem->Attribute("anchor") || elem->Attribute("relpose");
  bool any_site = elem->Attribute("site1") || elem->Attribute("site2");
  if (any_body && any_site) reader.Fail(elem, "body and site semantics cannot be mixed");
  bool is_weld = eq.type == mjEQ_WELD;
  if (any_site) {
    if (!elem->Attribute("site1") || !elem->Attribute("site2")) {
      reader.Fail(elem, is_weld ? "a site weld needs both site1 and site2"
                                : "a site connect needs both site1 and site2");
    }
    eq.sites = true;
    reader.ReadString(elem, "site1", eq.name1);
    reader.ReadString(elem, "site2", eq.name2);
    if (!is_weld) {
      for (mjtNum& value : eq.data) value = 0;  // the reference keeps no data for site connects
    }
    return;
  }
  if (!elem->Attribute("body1") || (!is_weld && !elem->Attribute("anchor"))) {
    reader.Fail(elem, is_weld ? "a weld needs body1 (optionally body2, anchor, relpose), or "
                                "site1 and site2"
                              : "a connect needs body1 and anchor, or site1 and site2");
  }
  reader.ReadString(elem, "body1", eq.name1);
  reader.ReadString(elem, "body2", eq.name2);
  eq.data[0] = eq.data[1] = eq.data[2] = 0;
  // all their numbers or none (the reference: "attribute 'anchor' does not have enough data")
  reader.ReadReals(elem, "anchor", eq.data, 3);
  if (is_weld) reader.ReadReals(elem, "relpose", eq.data + 3, 7);
}

void ReadEquality(XmlReader& reader, const XMLElement* elem, const std::string& key) {
  SpecEquality eq = reader.spec().defaults[reader.ActiveClass(elem, 0)].equality;
  ReadEqualityValues(reader, elem, eq);
  reader.ReadString(elem, "name", eq.name);
  if (key == "equality/flex") {
    reader.Fail(elem, "flex equality constraints are not supported by mjsim (no flex objects)");
  }
  if (key == "equality/connect" || key == "equality/weld") {
    eq.type = key == "equality/connect" ? mjEQ_CONNECT : mjEQ_WELD;
    ReadBodiesOrSites(reader, elem, eq);
    if (eq.type == mjEQ_WELD) reader.ReadReal(elem, "torquescale", eq.data[10]);
  } else {
    bool joint = key == "equality/joint";
    eq.type = joint ? mjEQ_JOINT : mjEQ_TENDON;
    const char* first = joint ? "joint1" : "tendon1";
    reader.Require(elem, first);
    reader.ReadString(elem, first, eq.name1);
    reader.ReadString(elem, joint ? "joint2" : "tendon2", eq.name2);
    reader.ReadRealsUpTo(elem, "polycoef", eq.data, 0, 5);
  }
  reader.spec().equalities.push_back(std::move(eq));
}

}  // namespace

std::vector<ElementSchema> EqualitySchema() {
  return {
      {"equality", "equality", {}, {},
       {"equality/connect", "equality/weld", "equality/joint", "equality/tendon",
        "equality/flex"}},
      {"equality/connect", "connect",
       With(kEqualityCommon, {"body1", "body2", "site1", "site2", "anchor"}), {}, {}},
      {"equality/weld", "weld",
       With(kEqualityCommon,
            {"body1", "body2", "site1", "site2", "anchor", "relpose", "torquescale"}),
       {}, {}},
      {"equality/joint", "joint", With(kEqualityCommon, {"joint1", "joint2", "polycoef"}), {}, {}},
      {"equality/tendon", "tendon", With(kEqualityCommon, {"tendon1", "tendon2", "polycoef"}), {},
       {}},
      {"equality/flex", "flex", With(kEqualityCommon, {"flex"}), {}, {}},
      {"default/equality", "equality", kEqualityValues, {}, {}},
      {"contact", "contact", {}, {}, {"contact/pair", "contact/exclude"}},
      {"contact/pair", "pair", With({"name", "class"}, kPairAttributes), {}, {}},
      {"contact/exclude", "exclude", {"name", "body1", "body2"}, {}, {}},
      {"default/pair", "pair", kPairValues, {}, {}},
  };
}

void ReadEqualitySection(XmlReader& reader, const XMLElement* section) {
  const ElementSchema& schema = *FindSchema("equality");
  for (const XMLElement* child = section->FirstChildElement(); child;
       child = child->NextSiblingElement()) {
    ReadEquality(reader, child, reader.ValidateChild(child, schema));
  }
}

void ReadContactSection(XmlReader& reader, const XMLElement* section) {
  const ElementSchema& schema = *FindSchema("contact");
  for (const XMLElement* child = section->FirstChildElement(); child;
       child = child->NextSiblingElement()) {
    std::string key = reader.ValidateChild(child, schema);
    if (key == "contact/pair") {
      SpecPair pair = reader.spec().defaults[reader.ActiveClass(child, 0)].pair;
      ReadPairValues(reader, child, pair);
      reader.ReadString(child, "name", pair.name);
      reader.Require(child, "geom1");
      reader.Require(child, "geom2");
      reader.spec().pairs.push_back(std::move(pair));
    } else {
      SpecExclude exclude;
      exclude.source = reader.Locate(child);
      reader.ReadString(child, "name", exclude.name);
      reader.Require(child, "body1");
      reader.Require(child, "body2");
      reader.ReadString(child, "body1", exclude.body1);
      reader.ReadString(child, "body2", exclude.body2);
      reader.spec().excludes.push_back(std::move(exclude));
    }
  }
}

bool ReadEqualityDefault(XmlReader& reader, const XMLElement* elem, const std::string& key,
                         SpecDefault& dflt) {
  if (key == "default/equality") {
    ReadEqualityValues(reader, elem, dflt.equality);
    return true;
  }
  if (key == "default/pair") {
    ReadPairValues(reader, elem, dflt.pair);
    return true;
  }
  return false;
}

}  // namespace mjsim
