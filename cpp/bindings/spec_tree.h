// spec_tree.h: finding and listing the elements of a Spec by kind, for the MjSpec binding.
// A kind is its Spec type: body-held kinds (bodies, frames, joints, geoms, sites, cameras,
// lights) live in the body tree, the others in one list of the Spec.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "spec/spec.h"

namespace mjsim {

template <typename T> struct KindTraits;
#define MJSIM_BODY_KIND(T, kind_name, obj, list)                                  \
  template <> struct KindTraits<T> {                                              \
    static constexpr bool in_body = true;                                         \
    static constexpr const char* name = kind_name;                                \
    static constexpr int objtype = obj;                                           \
    static ElementList<T>& List(SpecBody& body) { return body.list; }             \
  };
#define MJSIM_SPEC_KIND(T, kind_name, obj, list)                                  \
  template <> struct KindTraits<T> {                                              \
    static constexpr bool in_body = false;                                        \
    static constexpr const char* name = kind_name;                                \
    static constexpr int objtype = obj;                                           \
    static ElementList<T>& List(Spec& spec) { return spec.list; }                 \
  };
MJSIM_BODY_KIND(SpecBody, "body", mjOBJ_BODY, children)
MJSIM_BODY_KIND(SpecFrame, "frame", mjOBJ_FRAME, frames)
MJSIM_BODY_KIND(SpecJoint, "joint", mjOBJ_JOINT, joints)
MJSIM_BODY_KIND(SpecGeom, "geom", mjOBJ_GEOM, geoms)
MJSIM_BODY_KIND(SpecSite, "site", mjOBJ_SITE, sites)
MJSIM_BODY_KIND(SpecCamera, "camera", mjOBJ_CAMERA, cameras)
MJSIM_BODY_KIND(SpecLight, "light", mjOBJ_LIGHT, lights)
MJSIM_SPEC_KIND(SpecMesh, "mesh", mjOBJ_MESH, meshes)
MJSIM_SPEC_KIND(SpecSkin, "skin", mjOBJ_SKIN, skins)
MJSIM_SPEC_KIND(SpecHField, "hfield", mjOBJ_HFIELD, hfields)
MJSIM_SPEC_KIND(SpecTexture, "texture", mjOBJ_TEXTURE, textures)
MJSIM_SPEC_KIND(SpecMaterial, "material", mjOBJ_MATERIAL, materials)
MJSIM_SPEC_KIND(SpecPair, "pair", mjOBJ_PAIR, pairs)
MJSIM_SPEC_KIND(SpecExclude, "exclude", mjOBJ_EXCLUDE, excludes)
MJSIM_SPEC_KIND(SpecEquality, "equality", mjOBJ_EQUALITY, equalities)
MJSIM_SPEC_KIND(SpecTendon, "tendon", mjOBJ_TENDON, tendons)
MJSIM_SPEC_KIND(SpecActuator, "actuator", mjOBJ_ACTUATOR, actuators)
MJSIM_SPEC_KIND(SpecSensor, "sensor", mjOBJ_SENSOR, sensors)
MJSIM_SPEC_KIND(SpecNumeric, "numeric", mjOBJ_NUMERIC, numerics)
MJSIM_SPEC_KIND(SpecText, "text", mjOBJ_TEXT, texts)
MJSIM_SPEC_KIND(SpecTuple, "tuple", mjOBJ_TUPLE, tuples)
MJSIM_SPEC_KIND(SpecKey, "key", mjOBJ_KEY, keys)
MJSIM_SPEC_KIND(SpecPlugin, "plugin", mjOBJ_PLUGIN, plugins)
MJSIM_SPEC_KIND(SpecFlex, "flex", mjOBJ_FLEX, flexes)
MJSIM_SPEC_KIND(SpecDefault, "default", mjOBJ_DEFAULT, defaults)
#undef MJSIM_BODY_KIND
#undef MJSIM_SPEC_KIND

// the world body as a shared element (it lives inside the Spec)
inline std::shared_ptr<SpecBody> WorldOf(const std::shared_ptr<Spec>& spec) {
  return std::shared_ptr<SpecBody>(spec, &spec->worldbody);
}

// every body below `body`, depth first, each before its children
inline void ForEachDescendant(SpecBody& body,
                              const std::function<void(SpecBody& parent, size_t index)>& visit) {
  for (size_t i = 0; i < body.children.size(); ++i) {
    visit(body, i);
    ForEachDescendant(body.children[i], visit);
  }
}

// The elements of kind T in `body`'s subtree (itself excluded for bodies), in the order mjSpec
// lists them: a body's own elements, then its children's subtrees.
template <typename T>
std::vector<std::shared_ptr<T>> ElementsBelow(SpecBody& body) {
  std::vector<std::shared_ptr<T>> out;
  ElementList<T>& own = KindTraits<T>::List(body);
  for (size_t i = 0; i < own.size(); ++i) {
    out.push_back(own.ptr(i));
    if constexpr (std::is_same_v<T, SpecBody>) {
      std::vector<std::shared_ptr<T>> below = ElementsBelow<T>(own[i]);
      out.insert(out.end(), below.begin(), below.end());
    }
  }
  if constexpr (!std::is_same_v<T, SpecBody>) {
    for (SpecBody& child : body.children) {
      std::vector<std::shared_ptr<T>> below = ElementsBelow<T>(child);
      out.insert(out.end(), below.begin(), below.end());
    }
  }
  return out;
}

// all elements of kind T in the spec (bodies: the world first)
template <typename T>
std::vector<std::shared_ptr<T>> AllOf(const std::shared_ptr<Spec>& spec) {
  if constexpr (KindTraits<T>::in_body) {
    std::vector<std::shared_ptr<T>> out;
    if constexpr (std::is_same_v<T, SpecBody>) out.push_back(WorldOf(spec));
    std::vector<std::shared_ptr<T>> below = ElementsBelow<T>(spec->worldbody);
    out.insert(out.end(), below.begin(), below.end());
    return out;
  } else {
    std::vector<std::shared_ptr<T>> out;
    ElementList<T>& list = KindTraits<T>::List(*spec);
    for (size_t i = 0; i < list.size(); ++i) out.push_back(list.ptr(i));
    return out;
  }
}

// The body whose list of kind T holds `element` (nullptr when none: the world body, or an
// element not in the tree), and its index there.
template <typename T>
SpecBody* HolderOf(SpecBody& body, const T* element, int& index) {
  index = KindTraits<T>::List(body).IndexOf(element);
  if (index >= 0) return &body;
  for (SpecBody& child : body.children) {
    if (SpecBody* found = HolderOf<T>(child, element, index)) return found;
  }
  return nullptr;
}

}  // namespace mjsim
