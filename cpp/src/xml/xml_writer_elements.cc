// xml_writer_elements.cc: the attributes of each element kind, written when the element's value
// differs from its class's (xml_writer_parts.h): the rows of its table (xml/attributes.h), each
// as its `how` says, then what the kind writes besides. Angles are written in radians: joint
// angles as the compiler converts them (compiler/frames.h), so the text reads back to the same
// Model bit for bit.
#include <cmath>
#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>
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
template <typename T, typename V>
std::enable_if_t<std::is_arithmetic_v<V> && !std::is_same_v<V, bool>> WriteValue(
    const Row& row, const char* name, const T&, const T&, const V& value, const V& dflt,
    attr::Plain) {
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

// SpringLength: one value stands for both ends of the dead band (the reader repeats it)
void WriteValue(const Row& row, const char* name, const SpecTendon&, const SpecTendon&,
                const mjtNum (&value)[2], const mjtNum (&dflt)[2], attr::SpringLength) {
  SetNumbers(row.node, name, value, dflt, value[0] == value[1] ? 1 : 2);
}
// RgbTexture: with layers, the rgb texture is a layer too (the reader refuses texture= beside
// layers)
constexpr int kRgbRole = 1;
bool HasLayers(const SpecMaterial& e, const SpecMaterial& d) {
  for (int role = 0; role < kTextureRoles; ++role) {
    if (role != kRgbRole && e.textures[role] != d.textures[role] &&
        KeywordOf(kTextureRoleNames, role)) {
      return true;
    }
  }
  return false;
}
void WriteValue(const Row& row, const char* name, const SpecMaterial& e, const SpecMaterial& d,
                const std::string& value, const std::string& dflt, attr::RgbTexture) {
  if (!HasLayers(e, d)) SetString(row.node, name, value, dflt);
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

void WriteMaterialLayers(XmlNode& node, const SpecMaterial& e, const SpecMaterial& d) {
  for (int role = 0; HasLayers(e, d) && role < kTextureRoles; ++role) {
    if (e.textures[role] == d.textures[role] && role != kRgbRole) continue;
    const char* keyword = KeywordOf(kTextureRoleNames, role);
    if (!keyword || e.textures[role].empty()) continue;  // the user role has no XML form
    XmlNode& layer = node.Add("layer");
    layer.Set("texture", e.textures[role]);
    layer.Set("role", keyword);
  }
}

}  // namespace mjsim
