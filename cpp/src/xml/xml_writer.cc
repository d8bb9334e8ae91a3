// xml_writer.cc: Spec -> MJCF text (xml_writer.h): the model's skeleton (compiler, option,
// size, visual, statistic) here; defaults, bodies and the other sections in xml_writer_*.cc.
#include "xml/xml_writer.h"

#include <algorithm>
#include <cstring>

#include "mjsim/visual.h"
#include "xml/keywords.h"
#include "xml/schema.h"
#include "xml/xml_writer_parts.h"

namespace mjsim {
namespace {

template <typename T>
void SetValue(XmlNode& node, const char* name, const T& value, const T& dflt) {
  SetNumber(node, name, value, dflt);
}
void SetValue(XmlNode& node, const char* name, bool value, bool dflt) {
  SetBool(node, name, value, dflt);
}
template <typename T, size_t N>
void SetValue(XmlNode& node, const char* name, const T (&value)[N], const T (&dflt)[N]) {
  SetNumbers(node, name, value, dflt, static_cast<int>(N));
}

XmlNode Node(const char* tag) { return XmlNode{tag, {}, {}, -1}; }

void WriteLengthRange(const SpecLengthRange& lr, XmlNode& compiler) {
  static const SpecLengthRange d;
  XmlNode node = Node("lengthrange");
  SetKeyword(node, "mode", lr.mode, d.mode, kLengthRangeModes);
#define MJSIM_X(type, name, value, doc) \
  if (std::strcmp(#name, "mode") != 0) SetValue(node, #name, lr.name, d.name);
  MJSIM_LROPT_MEMBERS(MJSIM_X)
#undef MJSIM_X
  AddIfNotEmpty(compiler, std::move(node));
}

void WriteCompiler(const Spec& spec, XmlNode& root) {
  static const SpecCompiler d;
  const SpecCompiler& c = spec.compiler;
  XmlNode& node = root.Add("compiler");
  node.Set("angle", "radian");
  SetString(node, "eulerseq", c.eulerseq, d.eulerseq);
  SetBool(node, "autolimits", c.autolimits, d.autolimits);
  SetKeyword(node, "inertiafromgeom", c.inertiafromgeom, d.inertiafromgeom, kAutoBools);
  SetNumbers(node, "inertiagrouprange", c.inertiagrouprange, d.inertiagrouprange, 2);
  SetNumber(node, "boundmass", c.boundmass, d.boundmass);
  SetNumber(node, "boundinertia", c.boundinertia, d.boundinertia);
  SetBool(node, "balanceinertia", c.balanceinertia, d.balanceinertia);
  SetNumber(node, "settotalmass", c.settotalmass, d.settotalmass);
  SetString(node, "meshdir", c.meshdir);
  SetString(node, "texturedir", c.texturedir);
  SetBool(node, "strippath", c.strippath, d.strippath);
  SetBool(node, "fusestatic", c.fusestatic, d.fusestatic);
  SetBool(node, "discardvisual", c.discardvisual, d.discardvisual);
  SetBool(node, "alignfree", c.alignfree, d.alignfree);
  SetBool(node, "saveinertial", c.saveinertial, d.saveinertial);
  SetBool(node, "usethread", c.usethread, d.usethread);
  if (c.fitaabb) node.Set("fitaabb", *c.fitaabb ? "true" : "false");
  WriteLengthRange(c.lengthrange, node);
}

void WriteOptionFlags(const Option& option, XmlNode& node) {
  static const Option d;
  XmlNode flags = Node("flag");
  for (const OptionFlag& flag : OptionFlags()) {
    int bits = flag.enable_bit ? option.enableflags : option.disableflags;
    int dflt = flag.enable_bit ? d.enableflags : d.disableflags;
    if ((bits & flag.bit) == (dflt & flag.bit)) continue;
    bool set = bits & flag.bit;
    flags.Set(flag.name, set == flag.enable_bit ? "enable" : "disable");
  }
  AddIfNotEmpty(node, std::move(flags));
}

void WriteOption(const Spec& spec, XmlNode& root) {
  static const Option d;
  const Option& o = spec.option;
  XmlNode node = Node("option");
  // every option field whose XML attribute has its name; the keywords and bit sets below
  const char* const kSeparate[] = {"integrator", "cone", "jacobian", "solver", "disableflags",
                                   "enableflags", "disableactuator"};
  auto separate = [&](const char* name) {
    for (const char* other : kSeparate) {
      if (std::strcmp(name, other) == 0) return true;
    }
    return false;
  };
#define MJSIM_X(type, name, count, values, doc) \
  if (!separate(#name)) SetValue(node, #name, o.name, d.name);
  MJSIM_OPTION_FIELDS(MJSIM_X)
#undef MJSIM_X
  SetKeyword(node, "integrator", o.integrator, d.integrator, kIntegrators);
  SetKeyword(node, "cone", o.cone, d.cone, kCones);
  SetKeyword(node, "jacobian", o.jacobian, d.jacobian, kJacobians);
  SetKeyword(node, "solver", o.solver, d.solver, kSolvers);
  if (o.disableactuator) {
    std::string groups;
    for (int g = 0; g < 31; ++g) {
      if (o.disableactuator & (1 << g)) groups += (groups.empty() ? "" : " ") + std::to_string(g);
    }
    node.Set("actuatorgroupdisable", groups);
  }
  WriteOptionFlags(o, node);
  AddIfNotEmpty(root, std::move(node));
}

// the longest user list of `elements` (the size the reference writes for nuser_* = -1)
template <typename List>
int LongestUser(const List& elements) {
  int longest = 0;
  for (const auto& element : elements) longest = std::max(longest, static_cast<int>(element.user.size()));
  return longest;
}

template <typename Visit>
void ForEachBody(const SpecBody& body, Visit visit) {
  visit(body);
  for (const SpecBody& child : body.children) ForEachBody(child, visit);
}

void SetUserSize(XmlNode& node, const char* name, int given, int longest) {
  int value = given >= 0 ? given : longest;
  if (value > 0 || given == 0) node.Set(name, NumberText(value));
}

// bytes with the largest of the reader's suffixes K, M, G, T that divides them ("1M")
std::string MemoryText(long long bytes) {
  const char* suffixes = "KMGT";
  int unit = -1;
  while (unit < 3 && bytes != 0 && bytes % 1024 == 0) {
    bytes /= 1024;
    ++unit;
  }
  return NumberText(bytes) + (unit >= 0 ? std::string(1, suffixes[unit]) : "");
}

void WriteSize(const Spec& spec, XmlNode& root) {
  const SpecSize& s = spec.size;
  int body = 0, joint = 0, geom = 0, site = 0, camera = 0;
  ForEachBody(spec.worldbody, [&](const SpecBody& b) {
    body = std::max(body, static_cast<int>(b.user.size()));
    joint = std::max(joint, LongestUser(b.joints));
    geom = std::max(geom, LongestUser(b.geoms));
    site = std::max(site, LongestUser(b.sites));
    camera = std::max(camera, LongestUser(b.cameras));
  });
  XmlNode node = Node("size");
  if (s.memory >= 0) node.Set("memory", MemoryText(s.memory));
  SetNumber(node, "njmax", s.njmax, -1);
  SetNumber(node, "nconmax", s.nconmax, -1);
  SetNumber(node, "nstack", s.nstack, -1);
  SetNumber(node, "nuserdata", s.nuserdata, 0);
  // as the reference, the number of keys is written even when <size> did not give it
  SetNumber(node, "nkey", std::max(s.nkey, static_cast<int>(spec.keys.size())), 0);
  SetUserSize(node, "nuser_body", s.nuser_body, body);
  SetUserSize(node, "nuser_jnt", s.nuser_jnt, joint);
  SetUserSize(node, "nuser_geom", s.nuser_geom, geom);
  SetUserSize(node, "nuser_site", s.nuser_site, site);
  SetUserSize(node, "nuser_cam", s.nuser_cam, camera);
  SetUserSize(node, "nuser_tendon", s.nuser_tendon, LongestUser(spec.tendons));
  SetUserSize(node, "nuser_actuator", s.nuser_actuator, LongestUser(spec.actuators));
  SetUserSize(node, "nuser_sensor", s.nuser_sensor, LongestUser(spec.sensors));
  AddIfNotEmpty(root, std::move(node));
}

template <typename T>
void SetVisualValue(XmlNode& node, const char* name, const T& value, const T& dflt,
                    const char* kind) {
  if (std::strcmp(kind, "Bool") == 0) {
    SetBool(node, name, value != 0, dflt != 0);
  } else {
    SetNumber(node, name, value, dflt);
  }
}
template <typename T, size_t N>
void SetVisualValue(XmlNode& node, const char* name, const T (&value)[N], const T (&dflt)[N],
                    const char*) {
  SetNumbers(node, name, value, dflt, static_cast<int>(N));
}

void WriteVisual(const Spec& spec, XmlNode& root) {
  static const Visual d;
  const Visual& v = spec.visual.values;
  XmlNode node = Node("visual");
#define MJSIM_VISUAL_WRITE(type, name, count, kind, values, doc) \
  SetVisualValue(section, #name, v_section.name, d_section.name, #kind);
#define MJSIM_VISUAL_SECTION(Struct, member, tag, TABLE) \
  {                                                      \
    XmlNode section = Node(tag);                         \
    const Struct& v_section = v.member;                  \
    const Struct& d_section = d.member;                  \
    TABLE(MJSIM_VISUAL_WRITE)                            \
    AddIfNotEmpty(node, std::move(section));             \
  }
  MJSIM_VISUAL_SECTIONS(MJSIM_VISUAL_SECTION)
#undef MJSIM_VISUAL_SECTION
#undef MJSIM_VISUAL_WRITE
  AddIfNotEmpty(root, std::move(node));
}

void WriteStatistic(const Spec& spec, XmlNode& root) {
  const SpecStatistic& s = spec.statistic;
  XmlNode node = Node("statistic");
  SetOptional(node, "meaninertia", s.meaninertia, std::optional<mjtNum>());
  SetOptional(node, "meanmass", s.meanmass, std::optional<mjtNum>());
  SetOptional(node, "meansize", s.meansize, std::optional<mjtNum>());
  SetOptional(node, "extent", s.extent, std::optional<mjtNum>());
  SetOptionalList(node, "center", s.center, std::nullopt);
  AddIfNotEmpty(root, std::move(node));
}

bool WritesEuler(const XmlNode& node) {
  for (const auto& attribute : node.attributes) {
    if (attribute.first == "euler") return true;
  }
  return std::any_of(node.children.begin(), node.children.end(), WritesEuler);
}

// eulerseq matters only to euler attributes; the reference, which writes quaternions, never
// writes it, so without one the text is the reference's
void DropUnusedEulerseq(XmlNode& root) {
  if (WritesEuler(root)) return;
  XmlNode& compiler = root.children.front();
  auto& attributes = compiler.attributes;
  attributes.erase(std::remove_if(attributes.begin(), attributes.end(),
                                  [](const auto& a) { return a.first == "eulerseq"; }),
                   attributes.end());
}

}  // namespace

std::string WriteMjcf(const Spec& spec) {
  WriteContext context{spec};
  XmlNode root = Node("mujoco");
  root.Set("model", spec.model_name);
  WriteCompiler(spec, root);
  WriteOption(spec, root);
  WriteSize(spec, root);
  WriteVisual(spec, root);
  WriteStatistic(spec, root);
  WriteDefaults(context, root);
  WriteCustom(context, root);
  WriteAssets(context, root);
  WriteWorldbody(context, root);
  WriteDeformable(context, root);
  WriteContact(context, root);
  WriteEqualities(context, root);
  WriteTendons(context, root);
  WriteActuators(context, root);
  WriteSensors(context, root);
  WriteKeyframes(context, root);
  DropUnusedEulerseq(root);
  std::string comment = spec.comment.empty() ? "" : "<!-- " + spec.comment + " -->\n";
  return comment + PrintXml(root);
}

}  // namespace mjsim
