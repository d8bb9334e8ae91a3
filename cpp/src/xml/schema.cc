// schema.cc: the MJCF schema table (MJCF reference, seeds 000/001; checklist part A).
#include "xml/schema.h"

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
                    EqualitySchema, MeshSchema, SensorSchema, SkinSchema, TendonSchema}) {
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

}  // namespace mjsim
