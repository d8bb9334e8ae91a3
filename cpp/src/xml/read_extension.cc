// read_extension.cc: MJCF reader of <extension>: the engine plugins a model activates and their
// named instances with configuration. mjsim has no engine plugins; the instances are kept in
// the spec (so MjSpec can list, edit and delete them) and the compiler refuses a spec that
// still has one.
#include "xml/sections.h"

namespace mjsim {

std::vector<ElementSchema> ExtensionSchema() {
  return {
      {"extension", "extension", {}, {}, {"extension/plugin"}},
      {"extension/plugin", "plugin", {"plugin"}, {}, {"extension/plugin/instance"}},
      {"extension/plugin/instance", "instance", {"name"}, {}, {"extension/plugin/instance/config"}},
      {"extension/plugin/instance/config", "config", {"key", "value"}, {}, {}},
  };
}

namespace {

// The plugins 3.3.7's wheel registers (mujoco.elasticity.solid, shell and membrane became flex
// features and are gone); a model naming another one is an error at read, as in the reference.
bool IsKnownPlugin(const std::string& name) {
  static const char* kKnown[] = {"mujoco.elasticity.cable", "mujoco.pid", "mujoco.sensor.touch_grid",
                                 "mujoco.sdf.bolt", "mujoco.sdf.bowl", "mujoco.sdf.gear",
                                 "mujoco.sdf.nut", "mujoco.sdf.torus"};
  for (const char* known : kKnown) {
    if (name == known) return true;
  }
  return false;
}

SpecPlugin ReadInstance(XmlReader& reader, const XMLElement* elem, const std::string& plugin) {
  SpecPlugin instance;
  instance.source = reader.Locate(elem);
  instance.plugin_name = plugin;
  reader.Require(elem, "name");
  reader.ReadString(elem, "name", instance.name);
  const ElementSchema& schema = *FindSchema("extension/plugin/instance");
  for (const XMLElement* config = elem->FirstChildElement(); config;
       config = config->NextSiblingElement()) {
    reader.ValidateChild(config, schema);
    std::string key, value;
    reader.Require(config, "key");
    reader.ReadString(config, "key", key);
    reader.ReadString(config, "value", value);
    for (const auto& entry : instance.config) {
      if (entry.first == key) reader.Fail(config, "repeated config key '" + key + "'");
    }
    instance.config.emplace_back(key, value);
  }
  return instance;
}

}  // namespace

void ReadExtensionSection(XmlReader& reader, const XMLElement* section) {
  const ElementSchema& schema = *FindSchema("extension");
  for (const XMLElement* plugin = section->FirstChildElement(); plugin;
       plugin = plugin->NextSiblingElement()) {
    reader.ValidateChild(plugin, schema);
    reader.Require(plugin, "plugin");
    std::string name;
    reader.ReadString(plugin, "plugin", name);
    if (!IsKnownPlugin(name)) reader.Fail(plugin, "plugin " + name + " not found");
    const ElementSchema& plugin_schema = *FindSchema("extension/plugin");
    for (const XMLElement* instance = plugin->FirstChildElement(); instance;
         instance = instance->NextSiblingElement()) {
      reader.ValidateChild(instance, plugin_schema);
      SpecPlugin read = ReadInstance(reader, instance, name);
      for (const SpecPlugin& other : reader.spec().plugins) {
        if (other.name == read.name) reader.Fail(instance, "repeated plugin instance name '" + read.name + "'");
      }
      reader.spec().plugins.push_back(std::move(read));
    }
  }
}

}  // namespace mjsim
