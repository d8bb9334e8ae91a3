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
const Names kJointAttributes = {"type", "group", "pos", "axis", "ref", "range", "limited"};
const Names kJointPending = {"springdamper", "solreflimit", "solimplimit", "solreffriction",
                             "solimpfriction", "stiffness", "springref", "armature", "damping",
                             "frictionloss", "margin", "user", "actuatorfrcrange",
                             "actuatorfrclimited", "actuatorgravcomp"};
const Names kGeomAttributes = Join({{"type", "contype", "conaffinity", "condim", "group", "size",
                                     "fromto", "pos", "mass", "density", "friction", "rgba"},
                                    kOrientation});
const Names kGeomPending = {"priority", "material", "shellinertia", "solmix", "solref", "solimp",
                            "margin", "gap", "hfield", "mesh", "fitscale", "fluidshape",
                            "fluidcoef", "user"};
const Names kSiteAttributes =
    Join({{"type", "group", "size", "fromto", "pos", "rgba"}, kOrientation});
const Names kSitePending = {"material", "user"};

const Names kBodyChildren = {"body/inertial", "body/joint", "body/freejoint", "body/geom",
                             "body/site", "body"};
const Names kDefaultChildren = {"default", "default/joint", "default/geom", "default/site"};

std::vector<ElementSchema> BuildSchema() {
  return {
      {"mujoco", "mujoco", {"model"}, {}, {"compiler", "default", "worldbody"}},
      {"compiler", "compiler", {"angle", "eulerseq", "autolimits"},
       {"coordinate", "inertiafromgeom", "inertiagrouprange", "boundmass", "boundinertia",
        "balanceinertia", "settotalmass", "fusestatic", "discardvisual", "alignfree", "fitaabb",
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

bool IsPendingElement(const std::string& tag) {
  static const std::vector<std::string> pending = {
      "include", "extension", "option", "size", "visual", "statistic", "custom", "asset",
      "contact", "equality", "tendon", "actuator", "sensor", "keyframe", "deformable",
      "camera", "light", "frame", "replicate", "attach", "composite", "flexcomp", "plugin",
      "mesh", "material", "pair", "general", "motor", "position", "velocity", "intvelocity",
      "damper", "cylinder", "muscle", "adhesion"};
  return std::find(pending.begin(), pending.end(), tag) != pending.end();
}

}  // namespace mjsim
