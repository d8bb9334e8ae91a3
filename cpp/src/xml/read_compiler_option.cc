// read_compiler_option.cc: MJCF <compiler> and <option> (with <flag>), also read inside a
// URDF's <mujoco> element.
#include <map>
#include <string>

#include "xml/sections.h"

namespace mjsim {
namespace {

const std::map<std::string, int> kFlagValues = {{"disable", 0}, {"enable", 1}};

void ReadActuatorGroupDisable(XmlReader& reader, const XMLElement* elem, Option& option) {
  const char* text = elem->Attribute("actuatorgroupdisable");
  if (!text) return;
  option.disableactuator = 0;
  for (mjtNum group : reader.ParseNumbers(elem, "actuatorgroupdisable", text)) {
    if (group != static_cast<int>(group) || group < 0 || group > 30) {
      reader.Fail(elem, "attribute 'actuatorgroupdisable' needs integers in [0, 30], got \"" +
                     std::string(text) + "\"");
    }
    option.disableactuator |= 1 << static_cast<int>(group);
  }
}

void CheckOption(XmlReader& reader, const XMLElement* elem, const Option& option) {
  if (!(option.timestep > 0)) reader.Fail(elem, "timestep must be positive, got " + std::to_string(option.timestep));
  if (option.impratio <= 0) reader.Fail(elem, "impratio must be positive, got " + std::to_string(option.impratio));
  if (option.iterations < 0 || option.ls_iterations < 0 || option.noslip_iterations < 0 ||
      option.ccd_iterations < 0) {
    reader.Fail(elem, "iteration counts must be non-negative");
  }
}

void ReadOptionFlags(XmlReader& reader, const XMLElement* elem, Option& option) {
  for (const OptionFlag& flag : OptionFlags()) {
    int enable = 0;
    if (!reader.ReadKeyword(elem, flag.name, kFlagValues, enable)) continue;
    int& bits = flag.enable_bit ? option.enableflags : option.disableflags;
    bool set_bit = flag.enable_bit ? enable : !enable;
    if (set_bit && flag.unsupported) {
      reader.Fail(elem, std::string("flag ") + flag.name + "=\"" + (enable ? "enable" : "disable") +
                            "\" is not supported: " + flag.unsupported);
    }
    bits = set_bit ? (bits | flag.bit) : (bits & ~flag.bit);
  }
}

}  // namespace

void ReadCompilerElement(XmlReader& reader, const XMLElement* elem) {
  Spec& spec = reader.spec();
  std::string angle;
  if (reader.ReadString(elem, "angle", angle)) {
    if (angle != "degree" && angle != "radian") {
      reader.Fail(elem, "invalid keyword '" + angle + "' in attribute 'angle' (expected degree or radian)");
    }
    spec.compiler.angle_is_degree = angle == "degree";
  }
  std::string sequence;
  if (reader.ReadString(elem, "eulerseq", sequence)) {
    if (sequence.size() != 3 || sequence.find_first_not_of("xyzXYZ") != std::string::npos) {
      reader.Fail(elem, "attribute 'eulerseq' needs 3 characters from xyzXYZ, got '" + sequence + "'");
    }
    for (int i = 0; i < 3; ++i) spec.compiler.eulerseq[i] = sequence[i];
  }
  reader.ReadBool(elem, "autolimits", spec.compiler.autolimits);
  std::string coordinate;
  if (reader.ReadString(elem, "coordinate", coordinate) && coordinate != "local") {
    reader.Fail(elem, "coordinate='" + coordinate + "' is not supported: MuJoCo 3 accepts only 'local'");
  }
  SpecCompiler& compiler = spec.compiler;
  reader.ReadKeyword(elem, "inertiafromgeom", kAutoBools, compiler.inertiafromgeom);
  mjtNum groups[2];
  if (reader.ReadReals(elem, "inertiagrouprange", groups, 2)) {
    for (int i = 0; i < 2; ++i) compiler.inertiagrouprange[i] = static_cast<int>(groups[i]);
  }
  reader.ReadReal(elem, "boundmass", compiler.boundmass);
  reader.ReadReal(elem, "boundinertia", compiler.boundinertia);
  reader.ReadBool(elem, "balanceinertia", compiler.balanceinertia);
  reader.ReadReal(elem, "settotalmass", compiler.settotalmass);
  std::string assetdir;
  if (reader.ReadString(elem, "assetdir", assetdir)) {
    compiler.meshdir = compiler.texturedir = assetdir;  // meshdir/texturedir below win
  }
  reader.ReadString(elem, "meshdir", compiler.meshdir);
  reader.ReadString(elem, "texturedir", compiler.texturedir);
  reader.ReadBool(elem, "strippath", compiler.strippath);
  reader.ReadBool(elem, "fusestatic", compiler.fusestatic);
  reader.ReadBool(elem, "discardvisual", compiler.discardvisual);
  reader.ReadBool(elem, "alignfree", compiler.alignfree);
  reader.ReadBool(elem, "saveinertial", compiler.saveinertial);
  reader.ReadBool(elem, "usethread", compiler.usethread);
  bool fitaabb = false;
  if (reader.ReadBool(elem, "fitaabb", fitaabb)) compiler.fitaabb = fitaabb;
  const ElementSchema& schema = *FindSchema("compiler");
  for (const XMLElement* child = elem->FirstChildElement(); child;
       child = child->NextSiblingElement()) {
    reader.ValidateChild(child, schema);
    ReadLengthRange(reader, child);
  }
}

// <option>: repeated sections overwrite what they set
void ReadOptionElement(XmlReader& reader, const XMLElement* elem) {
  Spec& spec = reader.spec();
  Option& option = spec.option;
  reader.ReadReal(elem, "timestep", option.timestep);
  reader.ReadReal(elem, "impratio", option.impratio);
  reader.ReadReal(elem, "tolerance", option.tolerance);
  reader.ReadReal(elem, "ls_tolerance", option.ls_tolerance);
  reader.ReadReal(elem, "noslip_tolerance", option.noslip_tolerance);
  reader.ReadReal(elem, "ccd_tolerance", option.ccd_tolerance);
  reader.ReadReals(elem, "gravity", option.gravity, 3);
  reader.ReadReals(elem, "wind", option.wind, 3);
  reader.ReadReals(elem, "magnetic", option.magnetic, 3);
  reader.ReadReal(elem, "density", option.density);
  reader.ReadReal(elem, "viscosity", option.viscosity);
  reader.ReadReal(elem, "o_margin", option.o_margin);
  reader.ReadRealsUpTo(elem, "o_solref", option.o_solref, 1, 2);
  reader.ReadRealsUpTo(elem, "o_solimp", option.o_solimp, 1, 5);
  reader.ReadRealsUpTo(elem, "o_friction", option.o_friction, 1, 5);
  reader.ReadKeyword(elem, "integrator", kIntegrators, option.integrator);
  reader.ReadKeyword(elem, "cone", kCones, option.cone);
  reader.ReadKeyword(elem, "jacobian", kJacobians, option.jacobian);
  reader.ReadKeyword(elem, "solver", kSolvers, option.solver);
  reader.ReadInt(elem, "iterations", option.iterations);
  reader.ReadInt(elem, "ls_iterations", option.ls_iterations);
  reader.ReadInt(elem, "noslip_iterations", option.noslip_iterations);
  reader.ReadInt(elem, "ccd_iterations", option.ccd_iterations);
  reader.ReadInt(elem, "sdf_iterations", option.sdf_iterations);
  reader.ReadInt(elem, "sdf_initpoints", option.sdf_initpoints);
  ReadActuatorGroupDisable(reader, elem, option);
  CheckOption(reader, elem, option);
  const ElementSchema& schema = *FindSchema("option");
  for (const XMLElement* child = elem->FirstChildElement(); child;
       child = child->NextSiblingElement()) {
    reader.ValidateChild(child, schema);
    ReadOptionFlags(reader, child, option);
  }
}

}  // namespace mjsim
