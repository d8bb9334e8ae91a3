// read_actuator.cc: MJCF reader of actuators: <actuator> with general and every shortcut, their
// defaults, <compiler><lengthrange> (checklist A.15, B.3, B.7, A.3).
//
// A default class holds ONE general actuator; <general> and every shortcut element, in a class
// or in <actuator>, act on that one struct (REFERENCE-NOTES). A shortcut takes the values its
// attributes leave out from what the struct already holds (a <velocity> after <position kp="5">
// in one class gets kv = 5), then rewrites the dynamics/gain/bias types and parameters it owns.
// What each shortcut rewrites was observed on mujoco 3.3.7:
//   motor        dyn none, gain fixed, bias none, gainprm[0] = 1
//   position     gain fixed, bias affine, gainprm[0] = kp, biasprm[1] = -kp, biasprm[2] = -kv or
//                dampratio (converted by the compiler); timeconst > 0: dyn filterexact, else none
//   velocity     dyn none, gain fixed, bias affine, gainprm[0] = kv, biasprm = (0, 0, -kv, 0...)
//   intvelocity  dyn integrator, gain fixed, bias affine, actlimited true, kp/kv as position
//   damper       dyn none, gain affine, bias none, gainprm = (0, 0, -kv, 0...), ctrllimited true
//   cylinder     dyn filter, gain fixed, bias affine, dynprm[0] = timeconst, gainprm[0] = area,
//                biasprm[0] = bias[0] (the reference keeps only the first of the three numbers)
//   muscle       all three types muscle; parameters still at the general defaults take the
//                muscle defaults; biasprm[0:9] = gainprm[0:9]
//   adhesion     gain fixed, bias none, gainprm[0] = gain, ctrllimited true, body transmission
// motor, velocity, damper, muscle and adhesion also clear inheritrange; cylinder does not.
#include <algorithm>
#include <cmath>
#include <optional>

#include "mjsim/errors.h"
#include "spec/actuator_shortcuts.h"
#include "xml/sections.h"

namespace mjsim {
namespace {


const char* const kShortcuts[] = {"general", "motor", "position", "velocity", "intvelocity",
                                  "damper", "cylinder", "muscle", "adhesion"};

// attributes of each element; the lists were probed on the reference (a default class takes
// neither name, class, the transmission target nor lengthrange)
using Names = std::vector<std::string>;
const Names kTargets = {"joint", "jointinparent", "tendon", "cranksite", "slidersite", "site", "refsite"};
const Names kCommon = {"group", "ctrllimited", "forcelimited", "ctrlrange", "forcerange", "gear",
                       "cranklength", "user"};

Names Join(std::initializer_list<Names> lists) {
  Names all;
  for (const Names& list : lists) all.insert(all.end(), list.begin(), list.end());
  return all;
}

// attributes an element of this tag takes in a default class
Names DefaultAttributes(const std::string& tag) {
  if (tag == "general") {
    return Join({kCommon, {"actlimited", "actrange", "dyntype", "gaintype", "biastype", "dynprm",
                           "gainprm", "biasprm", "actearly", "actdim"}});
  }
  if (tag == "motor") return kCommon;
  if (tag == "position") return Join({kCommon, {"kp", "kv", "dampratio", "timeconst", "inheritrange"}});
  if (tag == "velocity") return Join({kCommon, {"kv"}});
  if (tag == "intvelocity") {
    return Join({kCommon, {"actrange", "kp", "kv", "dampratio", "inheritrange"}});
  }
  if (tag == "damper") {
    return {"group", "forcelimited", "ctrlrange", "forcerange", "gear", "cranklength", "user", "kv"};
  }
  if (tag == "cylinder") return Join({kCommon, {"timeconst", "area", "diameter", "bias"}});
  if (tag == "muscle") {
    return Join({kCommon, {"timeconst", "force", "scale", "lmin", "lmax", "vmax", "fpmax", "fvmax",
                           "range"}});
  }
  return {"group", "forcelimited", "ctrlrange", "forcerange", "user", "gain"};  // adhesion
}

// attributes of the element in <actuator>: the default ones plus name, class, target, lengthrange
Names SectionAttributes(const std::string& tag) {
  Names names = Join({{"name", "class"}, DefaultAttributes(tag)});
  if (tag == "adhesion") return Join({names, {"body"}});
  names = Join({names, {"lengthrange"}, kTargets});
  if (tag == "general") names.push_back("body");
  if (tag == "muscle") {  // muscles take no site transmission, and tausmooth only here
    names.erase(std::remove(names.begin(), names.end(), std::string("site")), names.end());
    names.erase(std::remove(names.begin(), names.end(), std::string("refsite")), names.end());
    names.push_back("tausmooth");
  }
  return names;
}

void ReadMotor(const XmlReader&, const XMLElement*, SpecActuator& act) { SetToMotor(act); }

// a non-negative attribute: fails naming it when negative
bool ReadNonNegative(const XmlReader& reader, const XMLElement* elem, const char* attr,
                     mjtNum& out, const std::string& what) {
  if (!reader.ReadReal(elem, attr, out)) return false;
  if (out < 0) reader.Fail(elem, what + " cannot be negative, got " + std::to_string(out));
  return true;
}

std::optional<mjtNum> OptionalReal(const XmlReader& reader, const XMLElement* elem, const char* attr) {
  mjtNum value;
  if (!reader.ReadReal(elem, attr, value)) return std::nullopt;
  return value;
}

std::optional<mjtNum> OptionalNonNegative(const XmlReader& reader, const XMLElement* elem,
                                          const char* attr, const std::string& what) {
  mjtNum value;
  if (!ReadNonNegative(reader, elem, attr, value, what)) return std::nullopt;
  return value;
}

// inheritrange, refused together with the range it would replace
std::optional<mjtNum> ReadInheritRange(const XmlReader& reader, const XMLElement* elem,
                                       const char* range) {
  std::optional<mjtNum> inheritrange = OptionalReal(reader, elem, "inheritrange");
  if (inheritrange && *inheritrange > 0 && elem->Attribute(range)) {
    reader.Fail(elem, std::string(range) + " and inheritrange cannot both be defined");
  }
  return inheritrange;
}

void ReadPosition(const XmlReader& reader, const XMLElement* elem, SpecActuator& act) {
  mjtNum kp = act.gainprm[0];
  reader.ReadReal(elem, "kp", kp);
  std::optional<mjtNum> kv = OptionalNonNegative(reader, elem, "kv", "kv");
  std::optional<mjtNum> dampratio = OptionalNonNegative(reader, elem, "dampratio", "dampratio");
  if (kv && dampratio) reader.Fail(elem, "kv and dampratio cannot both be defined");
  std::optional<mjtNum> timeconst = OptionalNonNegative(reader, elem, "timeconst", "timeconst");
  SetToPosition(act, kp, kv, dampratio, timeconst, ReadInheritRange(reader, elem, "ctrlrange"));
}

void ReadVelocity(const XmlReader& reader, const XMLElement* elem, SpecActuator& act) {
  mjtNum kv = act.gainprm[0];
  reader.ReadReal(elem, "kv", kv);
  SetToVelocity(act, kv);
}

void ReadIntVelocity(const XmlReader& reader, const XMLElement* elem, SpecActuator& act) {
  mjtNum kp = act.gainprm[0];
  reader.ReadReal(elem, "kp", kp);
  std::optional<mjtNum> kv = OptionalReal(reader, elem, "kv");
  std::optional<mjtNum> dampratio = OptionalReal(reader, elem, "dampratio");
  SetToIntVelocity(act, kp, kv, dampratio, ReadInheritRange(reader, elem, "actrange"));
}

void ReadDamper(const XmlReader& reader, const XMLElement* elem, SpecActuator& act) {
  mjtNum kv = 0;
  ReadNonNegative(reader, elem, "kv", kv, "damping coefficient");
  if (act.ctrlrange[0] < 0 || act.ctrlrange[1] < 0) {
    reader.Fail(elem, "damper control range cannot be negative");
  }
  SetToDamper(act, kv);
}

void ReadCylinder(const XmlReader& reader, const XMLElement* elem, SpecActuator& act) {
  mjtNum timeconst = act.dynprm[0], area = act.gainprm[0];
  mjtNum bias[3] = {act.biasprm[0], act.biasprm[1], act.biasprm[2]};
  reader.ReadReal(elem, "timeconst", timeconst);
  reader.ReadReal(elem, "area", area);
  std::optional<mjtNum> diameter = OptionalReal(reader, elem, "diameter");
  reader.ReadReals(elem, "bias", bias, 3);
  SetToCylinder(act, timeconst, area, diameter, bias);
}

void ReadMuscle(const XmlReader& reader, const XMLElement* elem, SpecActuator& act) {
  mjtNum timeconst[2] = {-1, -1}, range[2] = {-1, -1};
  bool has_timeconst = reader.ReadReals(elem, "timeconst", timeconst, 2);
  bool has_range = reader.ReadReals(elem, "range", range, 2);
  std::optional<mjtNum> tausmooth = OptionalReal(reader, elem, "tausmooth");
  if (tausmooth && *tausmooth < 0) reader.Fail(elem, "muscle tausmooth cannot be negative");
  std::optional<mjtNum> given_timeconst[2], given_range[2], params[7];
  for (int i = 0; i < 2; ++i) {
    if (has_timeconst) given_timeconst[i] = timeconst[i];
    if (has_range) given_range[i] = range[i];
  }
  static const char* const kNames[] = {"force", "scale", "lmin", "lmax", "vmax", "fpmax", "fvmax"};
  for (int i = 0; i < 7; ++i) params[i] = OptionalReal(reader, elem, kNames[i]);
  SetToMuscle(act, given_timeconst, tausmooth, given_range, params);
}

void ReadAdhesion(const XmlReader& reader, const XMLElement* elem, SpecActuator& act) {
  mjtNum gain = act.gainprm[0];
  ReadNonNegative(reader, elem, "gain", gain, "adhesion gain");
  if (act.ctrlrange[0] < 0 || act.ctrlrange[1] < 0) {
    reader.Fail(elem, "adhesion control range cannot be negative");
  }
  SetToAdhesion(act, gain);
}

// The values of one element (general or shortcut) applied to `act`.
void ReadActuatorValues(const XmlReader& reader, const XMLElement* elem, SpecActuator& act) {
  act.source = reader.Locate(elem);
  ReadAttributes(reader, elem, act);  // the general values; a shortcut's schema has fewer
  std::string tag = elem->Name();
  if (tag == "motor") ReadMotor(reader, elem, act);
  if (tag == "position") ReadPosition(reader, elem, act);
  if (tag == "velocity") ReadVelocity(reader, elem, act);
  if (tag == "intvelocity") ReadIntVelocity(reader, elem, act);
  if (tag == "damper") ReadDamper(reader, elem, act);
  if (tag == "cylinder") ReadCylinder(reader, elem, act);
  if (tag == "muscle") ReadMuscle(reader, elem, act);
  if (tag == "adhesion") ReadAdhesion(reader, elem, act);
}

// the transmission target of an element in <actuator> (read with its values): at most one
void CheckTarget(const XmlReader& reader, const XMLElement* elem, const SpecActuator& act) {
  int count = 0;
  std::string given;
  for (const char* attr : {"joint", "jointinparent", "tendon", "site", "cranksite", "body"}) {
    if (!elem->Attribute(attr)) continue;
    given += (count++ ? ", " : "") + std::string(attr);
  }
  if (count > 1) {
    reader.Fail(elem, "an actuator can have only one transmission target, got " + given);
  }
  if (!act.refsite.empty() && count == 1 && act.site.empty()) {
    reader.Fail(elem, "refsite can only be used with a site transmission");
  }
  bool crank_only = !act.slidersite.empty() || elem->Attribute("cranklength");
  if (crank_only && count == 1 && act.cranksite.empty()) {
    reader.Fail(elem, "cranklength and slidersite can only be used with a slider-crank transmission");
  }
}

}  // namespace

std::vector<ElementSchema> ActuatorSchema() {
  std::vector<ElementSchema> schema;
  Names children;
  for (const char* tag : kShortcuts) {
    children.push_back(std::string("actuator/") + tag);
    schema.push_back({std::string("actuator/") + tag, tag, SectionAttributes(tag), {}, {}});
    schema.push_back({std::string("default/") + tag, tag, DefaultAttributes(tag), {}, {}});
  }
  children.push_back("actuator/plugin");  // an MJCF element mjsim rejects: no schema entry
  schema.push_back({"actuator", "actuator", {}, {}, children});
  schema.push_back({"compiler/lengthrange", "lengthrange",
                    {"mode", "useexisting", "uselimit", "accel", "maxforce", "timeconst", "timestep",
                     "inttotal", "interval", "tolrange"},
                    {}, {}});
  return schema;
}

void ReadActuatorSection(XmlReader& reader, const XMLElement* section) {
  const ElementSchema& schema = *FindSchema("actuator");
  for (const XMLElement* child = section->FirstChildElement(); child;
       child = child->NextSiblingElement()) {
    reader.ValidateChild(child, schema);
    // actuators take their class from their own `class` only (no childclass outside bodies)
    SpecActuator act = reader.spec().defaults[reader.ActiveClass(child, 0)].actuator;
    ReadActuatorValues(reader, child, act);
    reader.ReadString(child, "name", act.name);
    CheckTarget(reader, child, act);
    if (std::string(child->Name()) == "adhesion" && act.body.empty()) {
      reader.Fail(child, "required attribute missing: 'body'");
    }
    reader.spec().actuators.push_back(std::move(act));
  }
}

void ReadLengthRange(XmlReader& reader, const XMLElement* elem) {
  if (elem->NextSiblingElement("lengthrange")) {
    reader.Fail(elem, "only one lengthrange element is allowed in compiler");
  }
  SpecLengthRange& options = reader.spec().compiler.lengthrange;
  reader.ReadKeyword(elem, "mode", kLengthRangeModes, options.mode);
  reader.ReadBool(elem, "useexisting", options.useexisting);
  reader.ReadBool(elem, "uselimit", options.uselimit);
  reader.ReadReal(elem, "accel", options.accel);
  reader.ReadReal(elem, "maxforce", options.maxforce);
  reader.ReadReal(elem, "timeconst", options.timeconst);
  reader.ReadReal(elem, "timestep", options.timestep);
  reader.ReadReal(elem, "inttotal", options.inttotal);
  reader.ReadReal(elem, "interval", options.interval);
  reader.ReadReal(elem, "tolrange", options.tolrange);
}

bool ReadActuatorDefault(XmlReader& reader, const XMLElement* elem, const std::string& key,
                         SpecDefault& dflt) {
  for (const char* tag : kShortcuts) {
    if (key != std::string("default/") + tag) continue;
    SourceLocation source = dflt.actuator.source;
    ReadActuatorValues(reader, elem, dflt.actuator);
    dflt.actuator.source = source;  // an actuator's location is its own element's
    return true;
  }
  return false;
}

}  // namespace mjsim
