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
                                "actuatorgravcomp"};
const Names kJointPending = {"springdamper", "user"};
const Names kGeomAttributes = Join({{"type", "contype", "conaffinity", "condim", "group", "size",
                                     "fromto", "pos", "mass", "density", "friction", "rgba",
                                     "priority", "solmix", "solref", "solimp", "margin", "gap"},
                                    kOrientation});
const Names kGeomPending = {"material", "shellinertia", "hfield", "mesh", "fitscale",
                            "fluidshape", "fluidcoef", "user"};
const Names kSiteAttributes =
    Join({{"type", "group", "size", "fromto", "pos", "rgba"}, kOrientation});
const Names kSitePending = {"material", "user"};

const Names kBodyChildren = {"body/inertial", "body/joint", "body/freejoint", "body/geom",
                             "body/site", "body"};
const Names kDefaultChildren = {"default", "default/joint", "default/geom", "default/site"};

Names OptionFlagNames() {
  Names names;
  for (const OptionFlag& flag : OptionFlags()) names.push_back(flag.name);
  return names;
}

std::vector<ElementSchema> BuildSchema() {
  return {
      {"mujoco", "mujoco", {"model"}, {}, {"compiler", "option", "default", "worldbody"}},
      {"option", "option",
       {"timestep", "impratio", "tolerance", "ls_tolerance", "noslip_tolerance", "ccd_tolerance",
        "gravity", "wind", "magnetic", "density", "viscosity", "o_margin", "o_solref",
        "o_solimp", "o_friction", "integrator", "cone", "jacobian", "solver", "iterations",
        "ls_iterations", "noslip_iterations", "ccd_iterations", "sdf_iterations",
        "sdf_initpoints", "actuatorgroupdisable"},
       {}, {"option/flag"}},
      {"option/flag", "flag", OptionFlagNames(), {}, {}},
      {"compiler", "compiler",
       {"angle", "eulerseq", "autolimits", "coordinate", "inertiafromgeom", "inertiagrouprange",
        "boundmass", "boundinertia", "balanceinertia", "settotalmass"},
       {"fusestatic", "discardvisual", "alignfree", "fitaabb",
        "meshdir", "texturedir", "assetdir", "strippath", "usethread", "exactmeshinertia",
        "convexhull", "saveinertial", "ctrlrange"},
       {}},
      {"default", "default", {"class"}, {}, kDefaultChildren},
      {"default/joint", "joint", kJointAttributes, kJointPending, {}},
      {"default/geom", "geom", kGeomAttributes, kGeomPending, {}},
      {"default/site", "site", kSiteAttributes, kSitePending, {}},
      {"worldbody", "worldbody", {}, {}, kBodyChildren},
      {"body", "body", Join({{"name", "childclass", "pos", "mocap"}, kOrientation}),
       {"gravcomp", "user", "sleep"}, kBodyChildren},
      {"body/inertial", "inertial",
       Join({{"pos", "mass", "diaginertia", "fullinertia"}, kOrientation}), {}, {}},
      {"body/joint", "joint", Join({{"name", "class"}, kJointAttributes}), kJointPending, {}},
      {"body/freejoint", "freejoint", {"name", "group"}, {"align"}, {}},
      {"body/geom", "geom", Join({{"name", "class"}, kGeomAttributes}), kGeomPending, {}},
      {"body/site", "site", Join({{"name", "class"}, kSiteAttributes}), kSitePending, {}},
  };
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

std::string ChildSchemaKey(const ElementSchema& parent, const std::string& tag) {
  for (const std::string& key : parent.children) {
    const ElementSchema* child = FindSchema(key);
    if (child && child->tag == tag) return key;
  }
  return "";
}

const std::vector<OptionFlag>& OptionFlags() {
  static const std::vector<OptionFlag> flags = {
      {"constraint", mjDSBL_CONSTRAINT, false}, {"equality", mjDSBL_EQUALITY, false},
      {"frictionloss", mjDSBL_FRICTIONLOSS, false}, {"limit", mjDSBL_LIMIT, false},
      {"contact", mjDSBL_CONTACT, false}, {"spring", mjDSBL_SPRING, false},
      {"damper", mjDSBL_DAMPER, false}, {"gravity", mjDSBL_GRAVITY, false},
      {"clampctrl", mjDSBL_CLAMPCTRL, false}, {"warmstart", mjDSBL_WARMSTART, false},
      {"filterparent", mjDSBL_FILTERPARENT, false}, {"actuation", mjDSBL_ACTUATION, false},
      {"refsafe", mjDSBL_REFSAFE, false}, {"sensor", mjDSBL_SENSOR, false},
      {"midphase", mjDSBL_MIDPHASE, false}, {"eulerdamp", mjDSBL_EULERDAMP, false},
      {"autoreset", mjDSBL_AUTORESET, false}, {"nativeccd", mjDSBL_NATIVECCD, false},
      {"island", mjDSBL_ISLAND, false}, {"override", mjENBL_OVERRIDE, true},
      {"energy", mjENBL_ENERGY, true}, {"fwdinv", mjENBL_FWDINV, true},
      {"invdiscrete", mjENBL_INVDISCRETE, true}, {"multiccd", mjENBL_MULTICCD, true}};
  return flags;
}

bool IsPendingElement(const std::string& tag) {
  static const std::vector<std::string> pending = {
      "include", "extension", "size", "visual", "statistic", "custom", "asset",
      "contact", "equality", "tendon", "actuator", "sensor", "keyframe", "deformable",
      "camera", "light", "frame", "replicate", "attach", "composite", "flexcomp", "plugin",
      "mesh", "material", "pair", "general", "motor", "position", "velocity", "intvelocity",
      "damper", "cylinder", "muscle", "adhesion"};
  return std::find(pending.begin(), pending.end(), tag) != pending.end();
}

}  // namespace mjsim
