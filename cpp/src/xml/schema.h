// schema.h: the MJCF schema table: which elements exist, where, and with which attributes.
// The reader validates every element against it before reading values, so an unknown element
// or attribute is reported the same way everywhere.
#pragma once
#include <string>
#include <vector>

#include "mjsim/types.h"

namespace mjsim {

struct ElementSchema {
  std::string key;                      // unique: "body", "default/joint", ...
  std::string tag;                      // XML element name
  std::vector<std::string> attributes;  // attributes mjsim reads
  std::vector<std::string> pending;     // MJCF attributes mjsim does not support yet
  std::vector<std::string> children;    // keys of allowed child elements
  std::vector<std::string> unique;      // tags of children that may appear at most once
};

// Looks up a schema entry by key; nullptr if absent (an MJCF element mjsim does not read yet).
const ElementSchema* FindSchema(const std::string& key);

// The schema key of child element `tag` under `parent`, or "" if MJCF does not allow it there.
// A key names its element by its last path component: "default/general" is <general>.
std::string ChildSchemaKey(const ElementSchema& parent, const std::string& tag);

// The tags of schema keys ("visual/global" -> "global"), for `unique` lists that name every child.
std::vector<std::string> TagsOf(const std::vector<std::string>& keys);

// <option><flag name="enable|disable"/>: a disable bit, or an enable bit when `enable_bit`.
struct OptionFlag {
  const char* name;
  int bit;
  bool enable_bit;
  const char* unsupported = nullptr;  // why setting it away from its default fails at load
};
const std::vector<OptionFlag>& OptionFlags();

// Each group of elements declares its schema entries in its reader file (xml/read_*.cc).
std::vector<ElementSchema> ActuatorSchema();    // read_actuator.cc
std::vector<ElementSchema> AssetSchema();       // read_asset.cc: hfield, texture, material
std::vector<ElementSchema> CameraLightSchema(); // read_camera_light.cc
std::vector<ElementSchema> CustomSchema();      // read_custom.cc: custom, keyframe, size, ...
std::vector<ElementSchema> ExtensionSchema();   // read_extension.cc: extension/plugin/instance
std::vector<ElementSchema> FlexSchema();        // read_flex.cc: deformable, flex and its children
std::vector<ElementSchema> EqualitySchema();    // read_equality.cc: equality, contact
std::vector<ElementSchema> MeshSchema();        // read_mesh.cc
std::vector<ElementSchema> SensorSchema();      // read_sensor.cc
std::vector<ElementSchema> SkinSchema();        // read_skin.cc
std::vector<ElementSchema> TendonSchema();      // read_tendon.cc

}  // namespace mjsim
