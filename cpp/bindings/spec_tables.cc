// spec_tables.cc: the rows of every Mjs* class (spec_attributes.h), in mjSpec's member order
// (the order keyword-argument errors list them in), and the attributes whose Spec form differs
// from mjSpec's (custom getter and setter).
#include "spec_tables.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "spec_values.h"
#include "xml/attributes.h"

namespace mjsim {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

py::array_t<double> Numbers(const double* values, int count) {
  py::array_t<double> out(count);
  std::copy(values, values + count, out.mutable_data());
  return out;
}

std::vector<double> NumbersFrom(py::handle value, const AttrRow& row, int count) {
  std::vector<double> numbers;
  try {
    numbers = py::array_t<double, py::array::forcecast>::ensure(value)
                  .cast<std::vector<double>>();
  } catch (const std::exception&) {
    throw py::type_error(std::string(row.name) + " needs a list or array of numbers");
  }
  if (count > 0 && static_cast<int>(numbers.size()) != count) {
    throw py::value_error(std::string(row.name) + " needs " + std::to_string(count) + " values");
  }
  return numbers;
}

// ---- body -----------------------------------------------------------------------------------
py::object BodyInertia(void* e, py::handle, const AttrRow&) {
  const auto& d = static_cast<SpecBody*>(e)->inertial.diaginertia;
  double zero[3] = {0, 0, 0};
  return Numbers(d ? d->data() : zero, 3);
}
void SetBodyInertia(void* e, py::handle value, const AttrRow& row) {
  static_cast<SpecBody*>(e)->inertial.diaginertia = NumbersFrom(value, row, 3);
}
py::object BodyFullInertia(void* e, py::handle, const AttrRow&) {
  const auto& f = static_cast<SpecBody*>(e)->inertial.fullinertia;
  double none[6] = {kNaN, kNaN, kNaN, kNaN, kNaN, kNaN};
  return Numbers(f ? f->data() : none, 6);
}
void SetBodyFullInertia(void* e, py::handle value, const AttrRow& row) {
  std::vector<double> numbers = NumbersFrom(value, row, 6);
  auto& target = static_cast<SpecBody*>(e)->inertial.fullinertia;
  if (std::isnan(numbers[0])) target.reset(); else target = numbers;
}

// ---- geom -----------------------------------------------------------------------------------
py::object GeomTypeInertia(void* e, py::handle, const AttrRow&) {
  return py::module_::import("mjsim").attr("mjtGeomInertia")(static_cast<SpecGeom*>(e)->shellinertia ? 1 : 0);
}
void SetGeomTypeInertia(void* e, py::handle value, const AttrRow&) {
  static_cast<SpecGeom*>(e)->shellinertia = value.cast<int>() == 1;
}
py::object GeomFluidEllipsoid(void* e, py::handle, const AttrRow&) {
  return py::float_(static_cast<double>(static_cast<SpecGeom*>(e)->fluidshape));
}
void SetGeomFluidEllipsoid(void* e, py::handle value, const AttrRow&) {
  static_cast<SpecGeom*>(e)->fluidshape = value.cast<double>() != 0 ? 1 : 0;
}

// ---- equality: the objects' type follows from the equality type and `sites` ---------------
py::object EqualityObjType(void* e, py::handle, const AttrRow&) {
  const auto* eq = static_cast<SpecEquality*>(e);
  int type = mjOBJ_BODY;
  if (eq->type == mjEQ_JOINT) type = mjOBJ_JOINT;
  else if (eq->type == mjEQ_TENDON) type = mjOBJ_TENDON;
  else if (eq->sites) type = mjOBJ_SITE;
  return py::module_::import("mjsim").attr("mjtObj")(type);
}
void SetEqualityObjType(void* e, py::handle value, const AttrRow&) {
  static_cast<SpecEquality*>(e)->sites = value.cast<int>() == mjOBJ_SITE;
}

// ---- actuator: the transmission is one of the named targets --------------------------------
struct TransmissionTarget { int trntype; std::string SpecActuator::*member; };
const TransmissionTarget kTargets[] = {
    {mjTRN_JOINT, &SpecActuator::joint},   {mjTRN_JOINTINPARENT, &SpecActuator::jointinparent},
    {mjTRN_TENDON, &SpecActuator::tendon}, {mjTRN_SITE, &SpecActuator::site},
    {mjTRN_SLIDERCRANK, &SpecActuator::cranksite}, {mjTRN_BODY, &SpecActuator::body}};

int TrnType(const SpecActuator& a) {
  for (const TransmissionTarget& t : kTargets) {
    if (!(a.*t.member).empty()) return t.trntype;
  }
  return a.trntype_hint;
}
std::string* TargetOf(SpecActuator& a) {
  int type = TrnType(a);
  for (const TransmissionTarget& t : kTargets) {
    if (t.trntype == type) return &(a.*t.member);
  }
  return nullptr;
}
py::object ActuatorTrnType(void* e, py::handle, const AttrRow&) {
  return py::module_::import("mjsim").attr("mjtTrn")(TrnType(*static_cast<SpecActuator*>(e)));
}
void SetActuatorTrnType(void* e, py::handle value, const AttrRow&) {
  auto& a = *static_cast<SpecActuator*>(e);
  std::string* current = TargetOf(a);
  std::string name = current ? *current : "";
  for (const TransmissionTarget& t : kTargets) (a.*t.member).clear();
  a.trntype_hint = value.cast<int>();
  if (std::string* target = TargetOf(a)) *target = name;
}
py::object ActuatorTarget(void* e, py::handle, const AttrRow&) {
  std::string* target = TargetOf(*static_cast<SpecActuator*>(e));
  return py::str(target ? *target : "");
}
void SetActuatorTarget(void* e, py::handle value, const AttrRow& row) {
  if (!py::isinstance<py::str>(value)) throw py::type_error(std::string(row.name) + " needs a string");
  auto& a = *static_cast<SpecActuator*>(e);
  std::string* target = TargetOf(a);
  if (!target) target = &a.joint;
  *target = value.cast<std::string>();
}


// ---- tuple: three parallel lists --------------------------------------------------------------
py::object TupleObjType(void* e, py::handle, const AttrRow&) {
  py::list out;
  for (const auto& item : static_cast<SpecTuple*>(e)->elements) out.append(item.objtype);
  return out;
}
py::object TupleObjName(void* e, py::handle, const AttrRow&) {
  py::list out;
  for (const auto& item : static_cast<SpecTuple*>(e)->elements) out.append(item.objname);
  return out;
}
py::object TupleObjPrm(void* e, py::handle, const AttrRow&) {
  std::vector<double> out;
  for (const auto& item : static_cast<SpecTuple*>(e)->elements) out.push_back(item.prm);
  return py::array_t<double>(static_cast<py::ssize_t>(out.size()), out.data());
}
void ResizeTuple(SpecTuple& t, size_t n) {
  if (t.elements.size() < n) t.elements.resize(n);
}
void SetTupleObjType(void* e, py::handle value, const AttrRow& row) {
  std::vector<double> numbers = NumbersFrom(value, row, 0);
  auto& t = *static_cast<SpecTuple*>(e);
  ResizeTuple(t, numbers.size());
  for (size_t i = 0; i < numbers.size(); ++i) t.elements[i].objtype = static_cast<int>(numbers[i]);
}
void SetTupleObjName(void* e, py::handle value, const AttrRow& row) {
  std::vector<std::string> names;
  try {
    names = value.cast<std::vector<std::string>>();
  } catch (const py::cast_error&) {
    throw py::type_error(std::string(row.name) + " needs a list of strings");
  }
  auto& t = *static_cast<SpecTuple*>(e);
  ResizeTuple(t, names.size());
  for (size_t i = 0; i < names.size(); ++i) t.elements[i].objname = names[i];
}
void SetTupleObjPrm(void* e, py::handle value, const AttrRow& row) {
  std::vector<double> numbers = NumbersFrom(value, row, 0);
  auto& t = *static_cast<SpecTuple*>(e);
  ResizeTuple(t, numbers.size());
  for (size_t i = 0; i < numbers.size(); ++i) t.elements[i].prm = numbers[i];
}

// ---- keyframe: each array may be absent ------------------------------------------------------
template <std::optional<std::vector<double>> SpecKey::*member>
py::object KeyArray(void* e, py::handle, const AttrRow&) {
  const auto& values = static_cast<SpecKey*>(e)->*member;
  std::vector<double> out = values ? *values : std::vector<double>{};
  return py::array_t<double>(static_cast<py::ssize_t>(out.size()), out.data());
}
template <std::optional<std::vector<double>> SpecKey::*member>
void SetKeyArray(void* e, py::handle value, const AttrRow& row) {
  std::vector<double> numbers = NumbersFrom(value, row, 0);
  auto& target = static_cast<SpecKey*>(e)->*member;
  if (numbers.empty()) target.reset(); else target = numbers;
}

// ---- skin: the bones' lists ---------------------------------------------------------------------
py::object SkinBodyName(void* e, py::handle, const AttrRow&) {
  py::list out;
  for (const auto& bone : static_cast<SpecSkin*>(e)->bones) out.append(bone.body);
  return out;
}
void SetSkinBodyName(void* e, py::handle value, const AttrRow&) {
  auto names = value.cast<std::vector<std::string>>();
  auto& skin = *static_cast<SpecSkin*>(e);
  if (skin.bones.size() < names.size()) skin.bones.resize(names.size());
  for (size_t i = 0; i < names.size(); ++i) skin.bones[i].body = names[i];
}
py::object SkinVertId(void* e, py::handle, const AttrRow&) {
  py::list out;
  for (const auto& bone : static_cast<SpecSkin*>(e)->bones) out.append(py::cast(bone.vertid));
  return out;
}
void SetSkinVertId(void* e, py::handle value, const AttrRow&) {
  auto lists = value.cast<std::vector<std::vector<int>>>();
  auto& skin = *static_cast<SpecSkin*>(e);
  if (skin.bones.size() < lists.size()) skin.bones.resize(lists.size());
  for (size_t i = 0; i < lists.size(); ++i) skin.bones[i].vertid = lists[i];
}
py::object SkinVertWeight(void* e, py::handle, const AttrRow&) {
  py::list out;
  for (const auto& bone : static_cast<SpecSkin*>(e)->bones) out.append(py::cast(bone.vertweight));
  return out;
}
void SetSkinVertWeight(void* e, py::handle value, const AttrRow&) {
  auto lists = value.cast<std::vector<std::vector<double>>>();
  auto& skin = *static_cast<SpecSkin*>(e);
  if (skin.bones.size() < lists.size()) skin.bones.resize(lists.size());
  for (size_t i = 0; i < lists.size(); ++i) skin.bones[i].vertweight = lists[i];
}
template <int count, mjtNum (SpecSkinBone::*member)[count]>
py::object SkinBind(void* e, py::handle, const AttrRow&) {
  std::vector<double> out;
  for (const auto& bone : static_cast<SpecSkin*>(e)->bones) {
    out.insert(out.end(), bone.*member, bone.*member + count);
  }
  return py::array_t<double>(static_cast<py::ssize_t>(out.size()), out.data());
}
template <int count, mjtNum (SpecSkinBone::*member)[count]>
void SetSkinBind(void* e, py::handle value, const AttrRow& row) {
  std::vector<double> numbers = NumbersFrom(value, row, 0);
  auto& skin = *static_cast<SpecSkin*>(e);
  size_t bones = numbers.size() / count;
  if (skin.bones.size() < bones) skin.bones.resize(bones);
  for (size_t b = 0; b < bones; ++b) {
    std::copy(numbers.begin() + b * count, numbers.begin() + (b + 1) * count, skin.bones[b].*member);
  }
}

// ---- texture pixels and plugin config -----------------------------------------------------------
py::object TextureData(void* e, py::handle, const AttrRow&) {
  const auto& data = static_cast<SpecTexture*>(e)->data;
  return py::bytes(reinterpret_cast<const char*>(data.data()), data.size());
}
void SetTextureData(void* e, py::handle value, const AttrRow& row) {
  if (!py::isinstance<py::bytes>(value) && !py::isinstance<py::bytearray>(value)) {
    throw py::type_error(std::string(row.name) + " needs bytes");
  }
  std::string bytes = value.cast<std::string>();
  static_cast<SpecTexture*>(e)->data.assign(bytes.begin(), bytes.end());
}
py::object PluginConfig(void* e, py::handle, const AttrRow&) {
  py::dict out;
  for (const auto& [key, value] : static_cast<SpecPlugin*>(e)->config) out[py::str(key)] = value;
  return out;
}
void SetPluginConfig(void* e, py::handle value, const AttrRow& row) {
  if (!py::isinstance<py::dict>(value)) throw py::type_error(std::string(row.name) + " needs a dict");
  auto& config = static_cast<SpecPlugin*>(e)->config;
  config.clear();
  for (auto item : value.cast<py::dict>()) {
    config.emplace_back(py::str(item.first).cast<std::string>(), py::str(item.second).cast<std::string>());
  }
}

// ---- agreement with the MJCF attribute tables (xml/attributes.h) ------------------------------
// A table row that names an mjSpec attribute must be a row here of the same member; a row
// added to one table and not the other fails on the class's first use.
struct PythonName {
  const char* mjcf;
  const char* python;
  std::ptrdiff_t offset;
};

template <typename T, typename Access>
std::ptrdiff_t OffsetIn(Access access) {
  T& probe = Probe<T>();
  return reinterpret_cast<char*>(&access(probe)) - reinterpret_cast<char*>(&probe);
}

void CheckPythonNames(const char* kind, const std::vector<AttrRow>& rows,
                      std::initializer_list<PythonName> names) {
  for (const PythonName& name : names) {
    if (!*name.python) continue;
    bool found = false;
    for (const AttrRow& row : rows) {
      found = found || (std::strcmp(row.name, name.python) == 0 && row.offset == name.offset);
    }
    if (!found) {
      throw std::logic_error(std::string(kind) + " attribute '" + name.mjcf + "' (xml/attributes.h) names mjSpec attribute '" + name.python + "', which is not a row of the same member in spec_tables.cc");
    }
  }
}

template <typename T>
const std::vector<AttrRow>& Checked(const std::vector<AttrRow>& rows) {
  return rows;  // kinds without an MJCF attribute table
}

#define MJSIM_PYTHON_NAME(how, name, member, python) \
  PythonName{name, python, OffsetIn<T>([](T& e) -> auto& { return e.member; })},
#define MJSIM_CHECKED(Type, TABLE)                                                \
  template <>                                                                     \
  const std::vector<AttrRow>& Checked<Type>(const std::vector<AttrRow>& rows) {  \
    using T = Type;                                                               \
    CheckPythonNames(#Type, rows, {TABLE(MJSIM_PYTHON_NAME)});                    \
    return rows;                                                                  \
  }
MJSIM_ATTRIBUTE_TABLES(MJSIM_CHECKED)
#undef MJSIM_CHECKED
#undef MJSIM_PYTHON_NAME

}  // namespace

#define A MJSIM_ATTR

template <> const std::vector<AttrRow>& RowsOf<SpecBody>() {
  using T = SpecBody;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "childclass", childclass), A(T, "pos", pos),
      A(T, "quat", orientation.quat), A(T, "alt", orientation), A(T, "mass", inertial.mass),
      A(T, "ipos", inertial.pos), A(T, "iquat", inertial.orientation.quat),
      Custom("inertia", BodyInertia, SetBodyInertia), A(T, "ialt", inertial.orientation),
      Custom("fullinertia", BodyFullInertia, SetBodyFullInertia), A(T, "mocap", mocap),
      A(T, "gravcomp", gravcomp), A(T, "userdata", user),
      A(T, "explicitinertial", explicitinertial), PluginRow<T>([](T& e) -> std::string& { return e.plugin; }), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecFrame>() {
  using T = SpecFrame;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "childclass", childclass), A(T, "pos", pos),
      A(T, "quat", orientation.quat), A(T, "alt", orientation), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecJoint>() {
  using T = SpecJoint;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "type", type, "mjtJoint"), A(T, "pos", pos), A(T, "axis", axis),
      A(T, "ref", ref), A(T, "align", align), A(T, "stiffness", stiffness),
      A(T, "springref", springref), A(T, "springdamper", springdamper),
      A(T, "limited", limited), MJSIM_GIVEN(T, "range", range, range_given),
      A(T, "margin", margin), A(T, "solref_limit", solref_limit),
      A(T, "solimp_limit", solimp_limit), A(T, "actfrclimited", actuatorfrclimited),
      MJSIM_GIVEN(T, "actfrcrange", actuatorfrcrange, actuatorfrcrange_given),
      A(T, "armature", armature), A(T, "damping", damping), A(T, "frictionloss", frictionloss),
      A(T, "solref_friction", solref_friction), A(T, "solimp_friction", solimp_friction),
      A(T, "group", group), A(T, "actgravcomp", actuatorgravcomp), A(T, "userdata", user),
      A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecGeom>() {
  using T = SpecGeom;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "type", type, "mjtGeom"), A(T, "pos", pos),
      A(T, "quat", orientation.quat), A(T, "alt", orientation),
      MJSIM_OPTIONAL_REALS(T, "fromto", fromto, 6), A(T, "size", size),
      A(T, "contype", contype), A(T, "conaffinity", conaffinity), A(T, "condim", condim),
      A(T, "priority", priority), A(T, "friction", friction), A(T, "solmix", solmix),
      A(T, "solref", solref), A(T, "solimp", solimp), A(T, "margin", margin), A(T, "gap", gap),
      A(T, "mass", mass), A(T, "density", density),
      Custom("typeinertia", GeomTypeInertia, SetGeomTypeInertia),
      Custom("fluid_ellipsoid", GeomFluidEllipsoid, SetGeomFluidEllipsoid),
      A(T, "fluid_coefs", fluidcoef), A(T, "material", material), A(T, "rgba", rgba),
      A(T, "group", group), A(T, "hfieldname", hfield), A(T, "meshname", mesh),
      A(T, "fitscale", fitscale), A(T, "userdata", user), PluginRow<T>([](T& e) -> std::string& { return e.plugin; }),
      A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecSite>() {
  using T = SpecSite;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "pos", pos), A(T, "quat", orientation.quat),
      A(T, "alt", orientation), MJSIM_OPTIONAL_REALS(T, "fromto", fromto, 6),
      A(T, "size", size), A(T, "type", type, "mjtGeom"), A(T, "material", material),
      A(T, "group", group), A(T, "rgba", rgba), A(T, "userdata", user), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecCamera>() {
  using T = SpecCamera;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "pos", pos), A(T, "quat", orientation.quat),
      A(T, "alt", orientation), A(T, "mode", mode, "mjtCamLight"), A(T, "targetbody", target),
      A(T, "orthographic", orthographic), A(T, "fovy", fovy), A(T, "ipd", ipd),
      A(T, "sensor_size", sensorsize), A(T, "resolution", resolution),
      A(T, "focal_length", focal), A(T, "focal_pixel", focalpixel),
      A(T, "principal_length", principal), A(T, "principal_pixel", principalpixel),
      A(T, "userdata", user), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecLight>() {
  using T = SpecLight;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "pos", pos), A(T, "dir", dir), A(T, "mode", mode, "mjtCamLight"),
      A(T, "targetbody", target), A(T, "active", active), A(T, "type", type, "mjtLightType"),
      A(T, "texture", texture), A(T, "castshadow", castshadow),
      A(T, "bulbradius", bulbradius), A(T, "intensity", intensity), A(T, "range", range),
      A(T, "attenuation", attenuation), A(T, "cutoff", cutoff), A(T, "exponent", exponent),
      A(T, "ambient", ambient), A(T, "diffuse", diffuse), A(T, "specular", specular),
      A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecFlex>() {
  using T = SpecFlex;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "contype", contype), A(T, "conaffinity", conaffinity),
      A(T, "condim", condim), A(T, "priority", priority), A(T, "friction", friction),
      A(T, "solmix", solmix), A(T, "solref", solref), A(T, "solimp", solimp),
      A(T, "margin", margin), A(T, "gap", gap), A(T, "dim", dim), A(T, "radius", radius),
      A(T, "internal", internal), A(T, "flatskin", flatskin), A(T, "selfcollide", selfcollide),
      A(T, "vertcollide", vertcollide), A(T, "passive", passive),
      A(T, "activelayers", activelayers), A(T, "group", group),
      A(T, "edgestiffness", edgestiffness), A(T, "edgedamping", edgedamping),
      A(T, "rgba", rgba), A(T, "material", material), A(T, "young", young),
      A(T, "poisson", poisson), A(T, "damping", damping), A(T, "thickness", thickness),
      A(T, "elastic2d", elastic2d), A(T, "nodebody", nodebody), A(T, "vertbody", vertbody),
      A(T, "node", node), A(T, "vert", vert), A(T, "elem", elem),
      A(T, "texcoord", texcoord), A(T, "elemtexcoord", elemtexcoord), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecMesh>() {
  using T = SpecMesh;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "content_type", content_type), A(T, "file", file),
      A(T, "refpos", refpos), A(T, "refquat", refquat), A(T, "scale", scale),
      A(T, "inertia", inertia, "mjtMeshInertia"), A(T, "smoothnormal", smoothnormal),
      A(T, "maxhullvert", maxhullvert), A(T, "uservert", vertex),
      A(T, "usernormal", normal), A(T, "usertexcoord", texcoord), A(T, "userface", face),
      A(T, "material", material), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecHField>() {
  using T = SpecHField;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "content_type", content_type), A(T, "file", file),
      A(T, "size", size), A(T, "nrow", nrow), A(T, "ncol", ncol),
      MJSIM_GIVEN(T, "userdata", elevation, elevation_given), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecSkin>() {
  using T = SpecSkin;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "file", file), A(T, "material", material), A(T, "rgba", rgba),
      A(T, "inflate", inflate), A(T, "group", group), A(T, "vert", vertex),
      A(T, "texcoord", texcoord), A(T, "face", face),
      Custom("bodyname", SkinBodyName, SetSkinBodyName),
      Custom("bindpos", SkinBind<3, &SpecSkinBone::bindpos>, SetSkinBind<3, &SpecSkinBone::bindpos>),
      Custom("bindquat", SkinBind<4, &SpecSkinBone::bindquat>, SetSkinBind<4, &SpecSkinBone::bindquat>),
      Custom("vertid", SkinVertId, SetSkinVertId),
      Custom("vertweight", SkinVertWeight, SetSkinVertWeight), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecTexture>() {
  using T = SpecTexture;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "type", type, "mjtTexture"),
      A(T, "colorspace", colorspace, "mjtColorSpace"), A(T, "builtin", builtin),
      A(T, "mark", mark), A(T, "rgb1", rgb1), A(T, "rgb2", rgb2), A(T, "markrgb", markrgb),
      A(T, "random", random), A(T, "height", height), A(T, "width", width),
      A(T, "nchannel", nchannel), A(T, "content_type", content_type), A(T, "file", file),
      A(T, "gridsize", gridsize), A(T, "gridlayout", gridlayout),
      A(T, "cubefiles", cubefiles), Custom("data", TextureData, SetTextureData),
      A(T, "hflip", hflip), A(T, "vflip", vflip), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecMaterial>() {
  using T = SpecMaterial;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "textures", textures), A(T, "texuniform", texuniform),
      A(T, "texrepeat", texrepeat), A(T, "emission", emission), A(T, "specular", specular),
      A(T, "shininess", shininess), A(T, "reflectance", reflectance),
      A(T, "metallic", metallic), A(T, "roughness", roughness), A(T, "rgba", rgba),
      A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecPair>() {
  using T = SpecPair;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "geomname1", geom1), A(T, "geomname2", geom2),
      A(T, "condim", condim), A(T, "solref", solref), A(T, "solreffriction", solreffriction),
      A(T, "solimp", solimp), A(T, "margin", margin), A(T, "gap", gap),
      A(T, "friction", friction), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecExclude>() {
  using T = SpecExclude;
  static const std::vector<AttrRow> rows = {A(T, "name", name), A(T, "bodyname1", body1),
                                            A(T, "bodyname2", body2), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecEquality>() {
  using T = SpecEquality;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "type", type, "mjtEq"), A(T, "data", data),
      A(T, "active", active), A(T, "name1", name1), A(T, "name2", name2),
      Custom("objtype", EqualityObjType, SetEqualityObjType), A(T, "solref", solref),
      A(T, "solimp", solimp), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecTendon>() {
  using T = SpecTendon;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "stiffness", stiffness), A(T, "springlength", springlength),
      A(T, "damping", damping), A(T, "frictionloss", frictionloss),
      A(T, "solref_friction", solref_friction), A(T, "solimp_friction", solimp_friction),
      A(T, "armature", armature), A(T, "limited", limited),
      A(T, "actfrclimited", actuatorfrclimited), MJSIM_GIVEN(T, "range", range, range_given),
      MJSIM_GIVEN(T, "actfrcrange", actuatorfrcrange, actuatorfrcrange_given),
      A(T, "margin", margin), A(T, "solref_limit", solref_limit),
      A(T, "solimp_limit", solimp_limit), A(T, "material", material), A(T, "width", width),
      A(T, "rgba", rgba), A(T, "group", group), A(T, "userdata", user), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecActuator>() {
  using T = SpecActuator;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "gaintype", gaintype, "mjtGain"), A(T, "gainprm", gainprm),
      A(T, "biastype", biastype, "mjtBias"), A(T, "biasprm", biasprm),
      A(T, "dyntype", dyntype, "mjtDyn"), A(T, "dynprm", dynprm), A(T, "actdim", actdim),
      A(T, "actearly", actearly), Custom("trntype", ActuatorTrnType, SetActuatorTrnType),
      A(T, "gear", gear), Custom("target", ActuatorTarget, SetActuatorTarget),
      A(T, "refsite", refsite), A(T, "slidersite", slidersite),
      A(T, "cranklength", cranklength), A(T, "lengthrange", lengthrange),
      A(T, "inheritrange", inheritrange), A(T, "ctrllimited", ctrllimited),
      A(T, "ctrlrange", ctrlrange), A(T, "forcelimited", forcelimited),
      A(T, "forcerange", forcerange), A(T, "actlimited", actlimited),
      A(T, "actrange", actrange), A(T, "group", group), A(T, "userdata", user),
      PluginRow<T>([](T& e) -> std::string& { return e.plugin; }), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecSensor>() {
  using T = SpecSensor;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "type", type, "mjtSensor"), A(T, "objtype", objtype, "mjtObj"),
      A(T, "objname", objname), A(T, "reftype", reftype, "mjtObj"), A(T, "refname", refname),
      A(T, "intprm", intprm),
      A(T, "datatype", datatype, "mjtDataType"), A(T, "needstage", needstage, "mjtStage"),
      A(T, "dim", dim), A(T, "cutoff", cutoff), A(T, "noise", noise), A(T, "userdata", user),
      PluginRow<T>([](T& e) -> std::string& { return e.plugin; }), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecNumeric>() {
  using T = SpecNumeric;
  static const std::vector<AttrRow> rows = {A(T, "name", name), A(T, "data", data),
                                            A(T, "size", size), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecText>() {
  using T = SpecText;
  static const std::vector<AttrRow> rows = {A(T, "name", name), A(T, "data", data),
                                            A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecTuple>() {
  using T = SpecTuple;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), Custom("objtype", TupleObjType, SetTupleObjType),
      Custom("objname", TupleObjName, SetTupleObjName),
      Custom("objprm", TupleObjPrm, SetTupleObjPrm), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecKey>() {
  using T = SpecKey;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "time", time),
      Custom("qpos", KeyArray<&SpecKey::qpos>, SetKeyArray<&SpecKey::qpos>),
      Custom("qvel", KeyArray<&SpecKey::qvel>, SetKeyArray<&SpecKey::qvel>),
      Custom("act", KeyArray<&SpecKey::act>, SetKeyArray<&SpecKey::act>),
      Custom("mpos", KeyArray<&SpecKey::mpos>, SetKeyArray<&SpecKey::mpos>),
      Custom("mquat", KeyArray<&SpecKey::mquat>, SetKeyArray<&SpecKey::mquat>),
      Custom("ctrl", KeyArray<&SpecKey::ctrl>, SetKeyArray<&SpecKey::ctrl>), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

template <> const std::vector<AttrRow>& RowsOf<SpecPlugin>() {
  using T = SpecPlugin;
  static const std::vector<AttrRow> rows = {
      A(T, "name", name), A(T, "plugin_name", plugin_name), A(T, "active", active),
      Custom("config", PluginConfig, SetPluginConfig), A(T, "info", source.info)};
  static const std::vector<AttrRow>& checked = Checked<T>(rows);
  return checked;
}

#undef A

}  // namespace mjsim
