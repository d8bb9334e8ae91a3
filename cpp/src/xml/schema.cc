// schema.cc: the MJCF schema table (MJCF reference, seeds 000/001; checklist part A).
#include "xml/schema.h"

#include "mjsim/api.h"

#include <algorithm>
#include <unordered_map>

namespace mjsim {
namespace {

using Names = std::vector<std::string>;

const Names kOrientation = {"quat", "axisangle", "xyaxes", "zaxis", "euler"};

Names Join(std::initializer_list<Names> lists) {
  Names all;
  for (const Names& list : lists) all.insert(all.end(), list.begin(), list.end());
  return all;
}

// attributes of elements that may appear both in a body and in a default class
const Names kJointAttributes = {"type", "group", "pos", "axis", "ref", "range", "limited",
                                "solreflimit", "solimplimit", "solreffriction", "solimpfriction",
                                "stiffness", "springref", "armature", "damping", "frictionloss",
                                "margin", "actuatorfrcrange", "actuatorfrclimited",
                                "actuatorgravcomp", "springdamper", "user"};
const Names kGeomAttributes = Join({{"type", "contype", "conaffinity", "condim", "group", "size",
                                     "fromto", "pos", "mass", "density", "friction", "rgba",
                                     "priority", "solmix", "solref", "solimp", "margin", "gap",
                                     "material", "shellinertia", "hfield", "mesh", "fitscale",
                                     "fluidshape", "fluidcoef", "user"},
                                    kOrientation});
const Names kSiteAttributes =
    Join({{"type", "group", "size", "fromto", "pos", "rgba", "material", "user"}, kOrientation});

// Children of shared parents are listed here in full; a child whose key has no schema entry yet
// is reported as "not supported by mjsim yet".
const Names kBodyChildren = {"body/inertial", "body/joint", "body/freejoint", "body/geom",
                             "body/site", "body/camera", "body/light", "body", "frame",
                             "body/composite", "body/flexcomp", "body/plugin", "body/attach",
                             "body/replicate"};
const Names kFrameChildren = {"body/inertial", "body/joint", "body/freejoint", "body/geom",
                              "body/site", "body/camera", "body/light", "body", "frame",
                              "body/composite", "body/flexcomp", "body/attach",
                              "body/replicate"};
// a default class holds at most one element of each kind besides nested classes
const Names kDefaultElements = {
    "default/joint", "default/geom", "default/site", "default/camera",
    "default/light", "default/mesh", "default/material", "default/pair", "default/equality",
    "default/tendon", "default/general", "default/motor", "default/position", "default/velocity",
    "default/intvelocity", "default/damper", "default/cylinder", "default/muscle",
    "default/adhesion"};
const Names kDefaultChildren = Join({{"default"}, kDefaultElements});

Names OptionFlagNames() {
  Names names;
  for (const OptionFlag& flag : OptionFlags()) names.push_back(flag.name);
  return names;
}

std::vector<ElementSchema> CoreSchema() {
  return {
      {"mujoco", "mujoco", {"model"}, {},
       {"compiler", "option", "size", "visual", "statistic", "default", "custom", "extension",
        "asset", "worldbody", "contact", "deformable", "equality", "tendon", "actuator", "sensor",
        "keyframe", "body", "frame"}},
      {"asset", "asset", {}, {},
       {"asset/mesh", "asset/hfield", "asset/skin", "asset/texture", "asset/material",
        "asset/model"}},
      {"option", "option",
       {"timestep", "impratio", "tolerance", "ls_tolerance", "noslip_tolerance", "ccd_tolerance",
        "gravity", "wind", "magnetic", "density", "viscosity", "o_margin", "o_solref",
        "o_solimp", "o_friction", "integrator", "cone", "jacobian", "solver", "iterations",
        "ls_iterations", "noslip_iterations", "ccd_iterations", "sdf_iterations",
        "sdf_initpoints", "actuatorgroupdisable"},
       {}, {"option/flag"}, {"flag"}},
      {"option/flag", "flag", OptionFlagNames(), {}, {}},
      {"compiler", "compiler",
       {"angle", "eulerseq", "autolimits", "coordinate", "inertiafromgeom", "inertiagrouprange",
        "boundmass", "boundinertia", "balanceinertia", "settotalmass", "meshdir", "texturedir",
        "assetdir", "strippath", "fusestatic", "discardvisual", "alignfree", "fitaabb",
        "usethread", "saveinertial"},
       {},
       {"compiler/lengthrange"}, {"lengthrange"}},
      {"default", "default", {"class"}, {}, kDefaultChildren, TagsOf(kDefaultElements)},
      {"default/joint", "joint", kJointAttributes, {}, {}},
      {"default/geom", "geom", kGeomAttributes, {}, {}},
      {"default/site", "site", kSiteAttributes, {}, {}},
      {"worldbody", "worldbody", {}, {}, kBodyChildren},
      {"body", "body",
       Join({{"name", "childclass", "pos", "mocap", "gravcomp", "user"}, kOrientation}), {},
       kBodyChildren, {"inertial"}},
      {"frame", "frame", Join({{"name", "childclass", "pos"}, kOrientation}), {}, kFrameChildren},
      {"body/replicate", "replicate", {"count", "offset", "euler", "sep"}, {}, kFrameChildren},
      {"body/attach", "attach", {"model", "body", "prefix"}, {}, {}},
      {"asset/model", "model", {"name", "file", "content_type"}, {}, {}},
      {"body/inertial", "inertial",
       Join({{"pos", "mass", "diaginertia", "fullinertia"}, kOrientation}), {}, {}},
      {"body/joint", "joint", Join({{"name", "class"}, kJointAttributes}), {}, {}},
      {"body/freejoint", "freejoint", {"name", "group", "align"}, {}, {}},
      {"body/geom", "geom", Join({{"name", "class"}, kGeomAttributes}), {}, {}},
      {"body/site", "site", Join({{"name", "class"}, kSiteAttributes}), {}, {}},
  };
}

std::vector<ElementSchema> BuildSchema() {
  std::vector<ElementSchema> all;
  for (auto part : {CoreSchema, ActuatorSchema, AssetSchema, CameraLightSchema, CustomSchema,
                    EqualitySchema, ExtensionSchema, FlexSchema, MeshSchema, SensorSchema, SkinSchema, TendonSchema}) {
    for (ElementSchema& entry : part()) all.push_back(std::move(entry));
  }
  return all;
}

const std::vector<ElementSchema>& Schema() {
  static const std::vector<ElementSchema> schema = BuildSchema();
  return schema;
}

}  // namespace

const ElementSchema* FindSchema(const std::string& key) {
  static const std::unordered_map<std::string, const ElementSchema*> by_key = [] {
    std::unordered_map<std::string, const ElementSchema*> map;
    for (const ElementSchema& entry : Schema()) map[entry.key] = &entry;
    return map;
  }();
  auto found = by_key.find(key);
  return found == by_key.end() ? nullptr : found->second;
}

Names TagsOf(const Names& keys) {
  Names tags;
  for (const std::string& key : keys) tags.push_back(key.substr(key.rfind('/') + 1));
  return tags;
}

std::string ChildSchemaKey(const ElementSchema& parent, const std::string& tag) {
  for (const std::string& key : parent.children) {
    size_t slash = key.rfind('/');
    if (key.compare(slash == std::string::npos ? 0 : slash + 1, std::string::npos, tag) == 0) {
      return key;
    }
  }
  return "";
}

const std::vector<OptionFlag>& OptionFlags() {
  // every flag of the tables in mjsim/types.h; one is only accepted at its default
  static const std::vector<OptionFlag> flags = [] {
    std::vector<OptionFlag> all = {
#define MJSIM_X(bit, xml, text) {xml, bit, false},
        MJSIM_DISABLE_BITS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(bit, xml, text) {xml, bit, true},
        MJSIM_ENABLE_BITS(MJSIM_X)
#undef MJSIM_X
    };
    for (OptionFlag& flag : all) {
      if (flag.bit != mjDSBL_NATIVECCD || flag.enable_bit) continue;
      flag.unsupported =
          "mjsim has only the native convex collider; the legacy one (libccd MPR) that disable "
          "selects gives other contacts (on the corpus by up to 1.7e-2 in dist)";
    }
    return all;
  }();
  return flags;
}

// ---- mj_printSchema ----------------------------------------------------------------------------
namespace {

// How often an element may appear under its parent: "!" once (the root), "?" at most once,
// "*" any number, "R" any number and nested in itself (body, default, frame).
std::string Multiplicity(const ElementSchema* parent, const ElementSchema& element) {
  if (!parent) return "!";
  if (std::find(element.children.begin(), element.children.end(), element.key) !=
      element.children.end()) {
    return "R";
  }
  const Names& unique = parent->unique;
  return std::find(unique.begin(), unique.end(), element.tag) != unique.end() ? "?" : "*";
}

Names SortedAttributes(const ElementSchema& element) {
  Names all = Join({element.attributes, element.pending});
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  return all;
}

// one row of text: the element, indented by depth, in a column of 30, then its attributes
// wrapped at 70 characters
void TextRow(std::string& out, int depth, const std::string& name, const Names& attributes) {
  constexpr size_t kColumn = 30, kWidth = 70;
  std::string line(static_cast<size_t>(3 * depth), ' ');
  line += name;
  line.resize(std::max(line.size() + 1, kColumn), ' ');
  for (const std::string& attribute : attributes) {
    if (line.size() > kColumn && line.size() + attribute.size() > kWidth) {
      out += line + "\n";
      line.assign(kColumn, ' ');
    }
    line += attribute + " ";
  }
  out += line + "\n";
}

void HtmlRow(std::string& out, int depth, bool pad, const std::string& tag,
             const std::string& multiplicity, const Names& attributes) {
  out += "<tr>\n\t<td ";
  if (pad) out += "style=\"padding-left:" + std::to_string(5 + 15 * depth) + "\" ";
  out += "bgcolor=\"#EEEEEE\" class=\"el\">";
  if (!pad) {
    for (int i = 0; i < 4 * depth; ++i) out += "&nbsp;";
  }
  out += tag + "</td>\n\t<td class=\"ty\">" + multiplicity + "</td>\n\t<td class=\"at\">";
  if (attributes.empty()) out += "<i>no attributes</i>";
  for (const std::string& attribute : attributes) out += attribute + " ";
  out += "</td>\n</tr>\n";
}

void PrintElement(std::string& out, bool html, bool pad, const ElementSchema* parent,
                  const ElementSchema& element, Names& path) {
  std::string multiplicity = Multiplicity(parent, element);
  Names attributes = SortedAttributes(element);
  int depth = static_cast<int>(path.size());
  if (html) {
    HtmlRow(out, depth, pad, element.tag, multiplicity, attributes);
  } else {
    TextRow(out, depth, element.tag + " (" + multiplicity + ")", attributes);
  }
  path.push_back(element.key);
  for (const std::string& key : element.children) {
    const ElementSchema* child = FindSchema(key);
    // an element nested in itself is printed once, marked R
    if (!child || std::find(path.begin(), path.end(), key) != path.end()) continue;
    PrintElement(out, html, pad, &element, *child, path);
  }
  path.pop_back();
}

}  // namespace

std::string mj_printSchema(bool html, bool pad) {
  std::string out = html ? "<table border=\"1\">\n" : "";
  Names path;
  PrintElement(out, html, pad, nullptr, *FindSchema("mujoco"), path);
  if (html) out += "</table>\n";
  return out;
}

}  // namespace mjsim
