// xml_writer_elements.cc: the attributes of each element kind, written when the element's value
// differs from its class's (xml_writer_parts.h): the rows of its table (xml/attributes.h), each
// as its `how` says, then what the kind writes besides. Angles are written in radians: joint
// angles as the compiler converts them (compiler/frames.h), so the text reads back to the same
// Model bit for bit.
#include <cmath>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "compiler/frames.h"
#include "xml/attributes.h"
#include "xml/keywords.h"
#include "xml/xml_writer_parts.h"

namespace mjsim {
namespace {

// what a row's writer needs besides the values: the node, and whether it writes a class
struct Row {
  const WriteContext& c;
  XmlNode& node;
  bool in_default;
};

// ---- Plain: by the member's type --------------------------------------------------------------
template <typename T>
void WriteValue(const Row& row, const char* name, const T&, const T&, const mjtNum& value,
                const mjtNum& dflt, attr::Plain) {
  SetNumber(row.node, name, value, dflt);
}
template <typename T>
void WriteValue(const Row& row, const char* name, const T&, const T&, const float& value,
                const float& dflt, attr::Plain) {
  SetNumber(row.node, name, value, dflt);
}
template <typename T>
void WriteValue(const Row& row, const char* name, const T&, const T&, const int& value,
                const int& dflt, attr::Plain) {
  SetNumber(row.node, name, value, dflt);
}
template <typename T>
void WriteValue(const Row& row, const char* name, const T&, const T&, const bool& value,
                const bool& dflt, attr::Plain) {
  SetBool(row.node, name, value, dflt);
}
template <typename T>
void WriteValue(const Row& row, const char* name, const T&, const T&, const std::string& value,
                const std::string& dflt, attr::Plain) {
  SetString(row.node, name, value, dflt);
}
template <typename T, typename V, std::size_t N>
void WriteValue(const Row& row, const char* name, const T&, const T&, const V (&value)[N],
                const V (&dflt)[N], attr::Plain) {
  SetNumbers(row.node, name, value, dflt, N);
}
template <typename T, typename V>
void WriteValue(const Row& row, const char* name, const T&, const T&, const std::vector<V>& value,
                const std::vector<V>& dflt, attr::Plain) {
  SetList(row.node, name, value, dflt);
}
template <typename T>
void WriteValue(const Row& row, const char* name, const T&, const T&,
                const std::optional<mjtNum>& value, const std::optional<mjtNum>& dflt,
                attr::Plain) {
  SetOptional(row.node, name, value, dflt);
}
template <typename T>
void WriteValue(const Row& row, const char*, const T&, const T&, const Orientation& value,
                const Orientation& dflt, attr::Plain) {
  WriteOrientation(row.c, row.node, value, &dflt);
}

// ---- counts, keywords, flags --------------------------------------------------------------------
template <typename T, std::size_t N>
void WriteValue(const Row& row, const char* name, const T&, const T&, const mjtNum (&value)[N],
                const mjtNum (&dflt)[N], attr::UpTo how) {
  SetNumbersUpTo(row.node, name, value, dflt, N, how.min_written);
}
template <typename T, std::size_t N>
void WriteValue(const Row& row, const char* name, const T&, const T&, const mjtNum (&value)[N],
                const mjtNum (&dflt)[N], attr::Prefix how) {
  SetNumbersUpTo(row.node, name, value, dflt, N, how.min_written);
}
template <typename T>
void WriteValue(const Row& row, const char* name, const T&, const T&, const int& value,
                const int& dflt, attr::Keyword how) {
  SetKeyword(row.node, name, value, dflt, *how.table);
}
void SetGivenRange(XmlNode& node, const char* name, const mjtNum* value, bool given,
                   const mjtNum* dflt, bool dflt_given) {
  if (given && (!dflt_given || !SameValues(value, dflt, 2))) node.Set(name, NumbersText(value, 2));
}
template <typename T>
void WriteValue(const Row& row, const char* name, const T& e, const T& d, const mjtNum (&value)[2],
                const mjtNum (&dflt)[2], attr::Given<T> how) {
  SetGivenRange(row.node, name, value, e.*how.flag, dflt, d.*how.flag);
}
template <typename T>
void WriteValue(const Row& row, const char* name, const T&, const T&,
                const std::optional<std::vector<mjtNum>>& value,
                const std::optional<std::vector<mjtNum>>& dflt, attr::Exactly) {
  SetOptionalList(row.node, name, value, dflt);
}
template <typename T, std::size_t N>
void WriteValue(const Row& row, const char* name, const T&, const T&, const mjtNum (&value)[N],
                const mjtNum (&dflt)[N], attr::OnEveryElement) {
  SetNumbers(row.node, name, value, row.in_default ? dflt : nullptr, N);
}

// ---- special rows --------------------------------------------------------------------------------
bool IsAngular(int joint_type) { return joint_type == mjJNT_HINGE || joint_type == mjJNT_BALL; }

// JointPos, JointAxis: the reference always writes the pos of a joint and the axis of one that
// has an axis
void WriteValue(const Row& row, const char* name, const SpecJoint& e, const SpecJoint&,
                const mjtNum (&value)[3], const mjtNum (&dflt)[3], attr::JointPos) {
  bool always = !row.in_default && e.type != mjJNT_FREE;
  SetNumbers(row.node, name, value, always ? nullptr : dflt, 3);
}
void WriteValue(const Row& row, const char* name, const SpecJoint& e, const SpecJoint&,
                const mjtNum (&value)[3], const mjtNum (&dflt)[3], attr::JointAxis) {
  bool always = !row.in_default && (e.type == mjJNT_HINGE || e.type == mjJNT_SLIDE);
  SetNumbers(row.node, name, value, always ? nullptr : dflt, 3);
}
// HingeAngle, JointRange: in radians as the compiler converts them (ref and springref of hinges,
// the range of limited hinges and balls). A class is written as given: the compiler converts a
// class's values only where an element of an angular type inherits them.
void WriteValue(const Row& row, const char* name, const SpecJoint& e, const SpecJoint&,
                const mjtNum& value, const mjtNum& dflt, attr::HingeAngle) {
  bool convert = !row.in_default && e.type == mjJNT_HINGE;
  SetNumber(row.node, name, convert ? AngleToRadians(value, row.c.spec.compiler) : value, dflt);
}
void WriteValue(const Row& row, const char* name, const SpecJoint& e, const SpecJoint& d,
                const mjtNum (&value)[2], const mjtNum (&dflt)[2], attr::JointRange how) {
  const SpecCompiler& compiler = row.c.spec.compiler;
  bool convert = !row.in_default && IsAngular(e.type) && JointIsLimited(e, compiler);
  mjtNum range[2];
  for (int i = 0; i < 2; ++i) range[i] = convert ? AngleToRadians(value[i], compiler) : value[i];
  SetGivenRange(row.node, name, range, e.*how.flag, dflt, d.*how.flag);
}
// GeomSize: the values of the size its type reads (sphere 1, capsule and cylinder 2, others 3),
// all three in a class
int SizeCountOf(int type) {
  if (type == mjGEOM_SPHERE) return 1;
  if (type == mjGEOM_CAPSULE || type == mjGEOM_CYLINDER) return 2;
  return 3;
}
void WriteValue(const Row& row, const char* name, const SpecGeom& e, const SpecGeom&,
                const mjtNum (&value)[3], const mjtNum (&dflt)[3], attr::GeomSize) {
  SetNumbersUpTo(row.node, name, value, dflt, 3, row.in_default ? 3 : SizeCountOf(e.type));
}

}  // namespace

#define MJSIM_WRITE_ROW(how, name, member, python) \
  WriteValue(row, name, e, d, e.member, d.member, attr::how);
#define MJSIM_DEFINE_WRITE(Type, TABLE)                                                    \
  void WriteAttributes(const WriteContext& c, XmlNode& node, const Type& e, const Type& d, \
                       bool in_default) {                                                  \
    const Row row{c, node, in_default};                                                    \
    TABLE(MJSIM_WRITE_ROW)                                                                 \
  }
MJSIM_ATTRIBUTE_TABLES(MJSIM_DEFINE_WRITE)
#undef MJSIM_DEFINE_WRITE
#undef MJSIM_WRITE_ROW

void WriteOrientation(const WriteContext& c, XmlNode& node, const Orientation& e,
                      const Orientation* d) {
  using Form = Orientation::Form;
  int count = e.form == Form::kXYAxes ? 6 : e.form == Form::kZAxis || e.form == Form::kEuler ? 3 : 4;
  if (d && d->form == e.form && SameValues(e.Values(), d->Values(), count)) return;
  const SpecCompiler& compiler = c.spec.compiler;
  switch (e.form) {
    case Form::kQuat: {
      const mjtNum identity[4] = {1, 0, 0, 0};
      bool class_has_other_form = d && d->form != Form::kQuat;
      SetNumbers(node, "quat", e.quat, class_has_other_form ? nullptr : d ? d->quat : identity, 4);
      break;
    }
    case Form::kAxisAngle: {
      mjtNum values[4] = {e.axisangle[0], e.axisangle[1], e.axisangle[2],
                          OrientationAngleToRadians(e.axisangle[3], compiler)};
      node.Set("axisangle", NumbersText(values, 4));
      break;
    }
    case Form::kXYAxes: node.Set("xyaxes", NumbersText(e.xyaxes, 6)); break;
    case Form::kZAxis: node.Set("zaxis", NumbersText(e.zaxis, 3)); break;
    case Form::kEuler: {
      mjtNum values[3];
      for (int i = 0; i < 3; ++i) values[i] = OrientationAngleToRadians(e.euler[i], compiler);
      node.Set("euler", NumbersText(values, 3));
      break;
    }
  }
}

void WriteCameraValues(const WriteContext& c, XmlNode& node, const SpecCamera& e, const SpecCamera& d,
                      bool in_default) {
  SetString(node, "target", e.target, d.target);
  SetNumbers(node, "pos", e.pos, in_default ? d.pos : nullptr, 3);
  WriteOrientation(c, node, e.orientation, &d.orientation);
  SetNumber(node, "ipd", e.ipd, d.ipd);
  SetKeyword(node, "mode", e.mode, d.mode, kModes);
  SetBool(node, "orthographic", e.orthographic, d.orthographic);
  SetNumbers(node, "resolution", e.resolution, d.resolution, 2);
  SetNumber(node, "fovy", e.fovy, d.fovy);
  SetNumbers(node, "sensorsize", e.sensorsize, d.sensorsize, 2);
  SetNumbers(node, "focal", e.focal, d.focal, 2);
  SetNumbers(node, "focalpixel", e.focalpixel, d.focalpixel, 2);
  SetNumbers(node, "principal", e.principal, d.principal, 2);
  SetNumbers(node, "principalpixel", e.principalpixel, d.principalpixel, 2);
  SetList(node, "user", e.user, d.user);
}

void WriteLightValues(const WriteContext&, XmlNode& node, const SpecLight& e, const SpecLight& d,
                      bool in_default) {
  SetNumbers(node, "pos", e.pos, in_default ? d.pos : nullptr, 3);
  SetNumbers(node, "dir", e.dir, in_default ? d.dir : nullptr, 3);
  SetNumber(node, "bulbradius", e.bulbradius, d.bulbradius);
  SetNumber(node, "intensity", e.intensity, d.intensity);
  SetNumber(node, "range", e.range, d.range);
  SetKeyword(node, "type", e.type, d.type, kLightTypes);
  SetString(node, "texture", e.texture, d.texture);
  SetBool(node, "castshadow", e.castshadow, d.castshadow);
  SetBool(node, "active", e.active, d.active);
  SetNumbers(node, "attenuation", e.attenuation, d.attenuation, 3);
  SetNumber(node, "cutoff", e.cutoff, d.cutoff);
  SetNumber(node, "exponent", e.exponent, d.exponent);
  SetNumbers(node, "ambient", e.ambient, d.ambient, 3);
  SetNumbers(node, "diffuse", e.diffuse, d.diffuse, 3);
  SetNumbers(node, "specular", e.specular, d.specular, 3);
  SetKeyword(node, "mode", e.mode, d.mode, kModes);
  SetString(node, "target", e.target, d.target);
}

void WriteMeshValues(XmlNode& node, const SpecMesh& e, const SpecMesh& d) {
  SetString(node, "content_type", e.content_type, d.content_type);
  SetString(node, "file", e.file, d.file);
  SetList(node, "vertex", e.vertex, d.vertex);
  SetList(node, "normal", e.normal, d.normal);
  SetList(node, "texcoord", e.texcoord, d.texcoord);
  SetList(node, "face", e.face, d.face);
  SetNumbers(node, "refpos", e.refpos, d.refpos, 3);
  SetNumbers(node, "refquat", e.refquat, d.refquat, 4);
  SetNumbers(node, "scale", e.scale, d.scale, 3);
  SetBool(node, "smoothnormal", e.smoothnormal, d.smoothnormal);
  SetNumber(node, "maxhullvert", e.maxhullvert, d.maxhullvert);
  SetKeyword(node, "inertia", e.inertia, d.inertia, kMeshInertia);
  SetString(node, "material", e.material, d.material);
}

void WriteMaterialValues(XmlNode& node, const SpecMaterial& e, const SpecMaterial& d) {
  constexpr int kRgbRole = 1;
  // with layers, the rgb texture is a layer too (the reader refuses texture= beside layers)
  bool layered = false;
  for (int role = 0; role < kTextureRoles; ++role) {
    if (role != kRgbRole && e.textures[role] != d.textures[role] &&
        KeywordOf(kTextureRoleNames, role)) {
      layered = true;
    }
  }
  if (!layered) SetString(node, "texture", e.textures[kRgbRole], d.textures[kRgbRole]);
  SetNumbers(node, "texrepeat", e.texrepeat, d.texrepeat, 2);
  SetBool(node, "texuniform", e.texuniform, d.texuniform);
  SetNumber(node, "emission", e.emission, d.emission);
  SetNumber(node, "specular", e.specular, d.specular);
  SetNumber(node, "shininess", e.shininess, d.shininess);
  SetNumber(node, "reflectance", e.reflectance, d.reflectance);
  SetNumber(node, "metallic", e.metallic, d.metallic);
  SetNumber(node, "roughness", e.roughness, d.roughness);
  SetNumbers(node, "rgba", e.rgba, d.rgba, 4);
  for (int role = 0; layered && role < kTextureRoles; ++role) {
    if (e.textures[role] == d.textures[role] && role != kRgbRole) continue;
    const char* keyword = KeywordOf(kTextureRoleNames, role);
    if (!keyword || e.textures[role].empty()) continue;  // the user role has no XML form
    XmlNode& layer = node.Add("layer");
    layer.Set("texture", e.textures[role]);
    layer.Set("role", keyword);
  }
}

void WritePairValues(XmlNode& node, const SpecPair& e, const SpecPair& d) {
  SetString(node, "geom1", e.geom1, d.geom1);
  SetString(node, "geom2", e.geom2, d.geom2);
  SetNumber(node, "condim", e.condim, d.condim);
  SetNumbersUpTo(node, "friction", e.friction, d.friction, 5);
  SetNumbersUpTo(node, "solref", e.solref, d.solref, 2);
  SetNumbersUpTo(node, "solreffriction", e.solreffriction, d.solreffriction, 2);
  SetNumbersUpTo(node, "solimp", e.solimp, d.solimp, 5);
  SetNumber(node, "margin", e.margin, d.margin);
  SetNumber(node, "gap", e.gap, d.gap);
}

void WriteEqualityValues(XmlNode& node, const SpecEquality& e, const SpecEquality& d) {
  SetBool(node, "active", e.active, d.active);
  SetNumbersUpTo(node, "solref", e.solref, d.solref, 2);
  SetNumbersUpTo(node, "solimp", e.solimp, d.solimp, 5);
}

void WriteTendonValues(XmlNode& node, const SpecTendon& e, const SpecTendon& d) {
  SetNumber(node, "group", e.group, d.group);
  SetNumbersUpTo(node, "solreflimit", e.solref_limit, d.solref_limit, 2);
  SetNumbersUpTo(node, "solimplimit", e.solimp_limit, d.solimp_limit, 5);
  SetNumbersUpTo(node, "solreffriction", e.solref_friction, d.solref_friction, 2);
  SetNumbersUpTo(node, "solimpfriction", e.solimp_friction, d.solimp_friction, 5);
  SetKeyword(node, "limited", e.limited, d.limited, kAutoBools);
  SetGivenRange(node, "range", e.range, e.range_given, d.range, d.range_given);
  SetKeyword(node, "actuatorfrclimited", e.actuatorfrclimited, d.actuatorfrclimited, kAutoBools);
  SetGivenRange(node, "actuatorfrcrange", e.actuatorfrcrange, e.actuatorfrcrange_given,
                d.actuatorfrcrange, d.actuatorfrcrange_given);
  SetNumber(node, "margin", e.margin, d.margin);
  SetNumber(node, "stiffness", e.stiffness, d.stiffness);
  SetNumber(node, "damping", e.damping, d.damping);
  SetNumber(node, "armature", e.armature, d.armature);
  SetNumber(node, "frictionloss", e.frictionloss, d.frictionloss);
  // one value stands for both ends of the dead band (the reader repeats it)
  SetNumbers(node, "springlength", e.springlength, d.springlength,
             e.springlength[0] == e.springlength[1] ? 1 : 2);
  SetNumber(node, "width", e.width, d.width);
  SetString(node, "material", e.material, d.material);
  SetNumbers(node, "rgba", e.rgba, d.rgba, 4);
  SetList(node, "user", e.user, d.user);
}

void WriteActuatorValues(XmlNode& node, const SpecActuator& e, const SpecActuator& d) {
  SetString(node, "joint", e.joint, d.joint);
  SetString(node, "jointinparent", e.jointinparent, d.jointinparent);
  SetString(node, "tendon", e.tendon, d.tendon);
  SetString(node, "site", e.site, d.site);
  SetString(node, "cranksite", e.cranksite, d.cranksite);
  SetString(node, "body", e.body, d.body);
  SetString(node, "refsite", e.refsite, d.refsite);
  SetString(node, "slidersite", e.slidersite, d.slidersite);
  SetNumber(node, "group", e.group, d.group);
  SetKeyword(node, "ctrllimited", e.ctrllimited, d.ctrllimited, kAutoBools);
  SetNumbers(node, "ctrlrange", e.ctrlrange, d.ctrlrange, 2);
  SetKeyword(node, "forcelimited", e.forcelimited, d.forcelimited, kAutoBools);
  SetNumbers(node, "forcerange", e.forcerange, d.forcerange, 2);
  SetKeyword(node, "actlimited", e.actlimited, d.actlimited, kAutoBools);
  SetNumbers(node, "actrange", e.actrange, d.actrange, 2);
  SetNumbers(node, "lengthrange", e.lengthrange, d.lengthrange, 2);
  SetNumbers(node, "gear", e.gear, d.gear, 6);
  SetNumber(node, "cranklength", e.cranklength, d.cranklength);
  SetBool(node, "actearly", e.actearly, d.actearly);
  SetKeyword(node, "dyntype", e.dyntype, d.dyntype, kDynTypes);
  SetKeyword(node, "gaintype", e.gaintype, d.gaintype, kGainTypes);
  SetKeyword(node, "biastype", e.biastype, d.biastype, kBiasTypes);
  SetNumbersUpTo(node, "dynprm", e.dynprm, d.dynprm, kActuatorParams);
  SetNumbersUpTo(node, "gainprm", e.gainprm, d.gainprm, kActuatorParams);
  SetNumbersUpTo(node, "biasprm", e.biasprm, d.biasprm, kActuatorParams);
  SetNumber(node, "actdim", e.actdim, d.actdim);
  SetList(node, "user", e.user, d.user);
}

}  // namespace mjsim
