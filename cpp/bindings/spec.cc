// spec.cc: mujoco.MjSpec and its Mjs* element classes over the Spec tree (spec/spec.h). Python
// objects hold the elements by shared_ptr, so they stay valid while the spec is edited; the
// attributes come from the rows of spec_tables.cc.
#include "spec.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <mutex>
#include <unordered_map>

#include "compiler/compile.h"
#include "compiler/frames.h"
#include "spec/actuator_shortcuts.h"
#include "spec/mesh_builtin.h"
#include "spec/sensor_layout.h"
#include "mjsim/errors.h"
#include "spec_tables.h"
#include "spec_tree.h"
#include "spec_values.h"
#include "structs.h"
#include "util/files.h"
#include "xml/xml_reader.h"

namespace mjsim {

// ---- which spec an element is in ------------------------------------------------------------
namespace {
std::mutex owners_mutex;
std::unordered_map<const void*, std::weak_ptr<Spec>>& Owners() {
  static auto* owners = new std::unordered_map<const void*, std::weak_ptr<Spec>>();
  return *owners;
}
}  // namespace

void NoteOwner(const void* element, const std::shared_ptr<Spec>& spec, bool moved) {
  std::lock_guard<std::mutex> lock(owners_mutex);
  auto& owners = Owners();
  if (owners.size() > 4096) {  // forget the dead specs' entries now and then
    for (auto it = owners.begin(); it != owners.end();) {
      it = it->second.expired() ? owners.erase(it) : std::next(it);
    }
  }
  // a child attached by reference lists the elements it gave away; they stay the parent's
  auto found = owners.find(element);
  if (!moved && spec->attached_to_parent && found != owners.end() && !found->second.expired()) return;
  owners[element] = spec;
}

void KeepSpecAlive(py::handle element, const std::shared_ptr<Spec>& spec) {
  py::object owner = py::cast(spec);
  bool held = false;
  py::detail::with_internals([&](py::detail::internals& internals) {
    auto found = internals.patients.find(element.ptr());
    if (found == internals.patients.end()) return;
    held = std::find(found->second.begin(), found->second.end(), owner.ptr()) != found->second.end();
  });
  if (!held) py::detail::add_patient(element.ptr(), owner.ptr());
}

std::shared_ptr<Spec> OwnerOf(const void* element) {
  std::lock_guard<std::mutex> lock(owners_mutex);
  auto found = Owners().find(element);
  std::shared_ptr<Spec> spec = found == Owners().end() ? nullptr : found->second.lock();
  if (!spec) throw py::value_error("the MjSpec this element belongs to no longer exists");
  return spec;
}

namespace {

// ---- compile records: ids of the elements in the last Model compiled from a spec ----------
std::atomic<std::uint64_t> next_signature{1};

struct CompileRecord {
  std::uint64_t signature = 0;
  std::unordered_map<const void*, int> ids;
};
std::unordered_map<const Spec*, CompileRecord>& Records() {
  static auto* records = new std::unordered_map<const Spec*, CompileRecord>();
  return *records;
}

int IdOf(const void* element) {
  try {
    std::shared_ptr<Spec> spec = OwnerOf(element);
    auto record = Records().find(spec.get());
    if (record == Records().end()) return -1;
    auto id = record->second.ids.find(element);
    return id == record->second.ids.end() ? -1 : id->second;
  } catch (const py::error_already_set&) {
    return -1;
  }
}

std::uint64_t SignatureOf(const Spec* spec) {
  auto record = Records().find(spec);
  return record == Records().end() ? 0 : record->second.signature;
}

template <typename T>
void RecordListIds(CompileRecord& record, ElementList<T>& list) {
  for (size_t i = 0; i < list.size(); ++i) record.ids[&list[i]] = static_cast<int>(i);
}

void RecordIds(Spec& spec, const CompiledOrder& order) {
  CompileRecord record;
  record.signature = next_signature++;
  for (const auto* list : {&order.bodies, &order.joints, &order.geoms, &order.sites,
                           &order.cameras, &order.lights}) {
    for (size_t i = 0; i < list->size(); ++i) record.ids[(*list)[i]] = static_cast<int>(i);
  }
  RecordListIds(record, spec.meshes);
  RecordListIds(record, spec.skins);
  RecordListIds(record, spec.hfields);
  RecordListIds(record, spec.textures);
  RecordListIds(record, spec.materials);
  RecordListIds(record, spec.pairs);
  RecordListIds(record, spec.excludes);
  RecordListIds(record, spec.equalities);
  RecordListIds(record, spec.tendons);
  RecordListIds(record, spec.actuators);
  RecordListIds(record, spec.sensors);
  RecordListIds(record, spec.numerics);
  RecordListIds(record, spec.texts);
  RecordListIds(record, spec.tuples);
  RecordListIds(record, spec.keys);
  Records()[&spec] = std::move(record);
}

// ---- names ------------------------------------------------------------------------------------
template <typename T>
void CheckUniqueName(const std::shared_ptr<Spec>& spec, const T* element, const std::string& name) {
  if (name.empty()) return;
  for (const auto& other : AllOf<T>(spec)) {
    if (other.get() != element && other->name == name) {
      throw py::value_error(std::string("Error: repeated name '") + name + "' in " +
                            KindTraits<T>::name);
    }
  }
}

// an unnamed mesh, texture or hfield is found by its file name without folders and extension
template <typename T>
std::string LookupName(const T& element) {
  if constexpr (std::is_same_v<T, SpecMesh> || std::is_same_v<T, SpecTexture> ||
                std::is_same_v<T, SpecHField>) {
    if (element.name.empty() && !element.file.empty()) {
      std::string base = element.file.substr(element.file.find_last_of("/\\") + 1);
      return base.substr(0, base.find_last_of('.'));
    }
  }
  return element.name;
}

template <typename T>
py::object FindByName(const std::shared_ptr<Spec>& spec, const std::string& name) {
  for (const auto& element : AllOf<T>(spec)) {
    if (LookupName(*element) == name) return WrapElement(spec, element);
  }
  return py::none();
}

template <typename T>
py::list WrapAll(const std::shared_ptr<Spec>& spec, const std::vector<std::shared_ptr<T>>& elements) {
  py::list out;
  for (const auto& element : elements) out.append(WrapElement(spec, element));
  return out;
}

// ---- keyword arguments of add_* ---------------------------------------------------------------
struct OrientationForm { const char* name; Orientation::Form form; int count; };
constexpr OrientationForm kForms[] = {{"axisangle", Orientation::Form::kAxisAngle, 4},
                                      {"xyaxes", Orientation::Form::kXYAxes, 6},
                                      {"zaxis", Orientation::Form::kZAxis, 3},
                                      {"euler", Orientation::Form::kEuler, 3}};

bool IsListLike(py::handle value) {
  return py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value) ||
         py::isinstance<py::array>(value);
}

bool IsIntegerLike(py::handle value) {
  return py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value) ||
         (py::hasattr(value, "__index__") && !py::isinstance<py::float_>(value));
}

size_t FlatSize(py::handle value) {
  return py::array_t<double, py::array::forcecast>::ensure(value).size();
}

std::string ValidNames(const std::vector<AttrRow>& rows) {
  std::string names;
  for (const AttrRow& row : rows) {
    std::string name = row.name;
    std::vector<std::string> expanded = {name};
    if (row.kind == AttrKind::kOrientation) {
      std::string prefix = name == "ialt" ? "i" : "";
      expanded.clear();
      for (const OrientationForm& form : kForms) expanded.push_back(prefix + form.name);
    }
    for (const std::string& entry : expanded) names += (names.empty() ? "" : ", ") + entry;
  }
  return names;
}

const AttrRow* FindRow(const std::vector<AttrRow>& rows, const std::string& name) {
  for (const AttrRow& row : rows) {
    if (name == row.name) return &row;
  }
  return nullptr;
}

// one alternative orientation form given as a keyword ("euler", "iaxisangle", ...)
bool SetOrientationKeyword(void* element, const std::vector<AttrRow>& rows, const std::string& key,
                           py::handle value) {
  for (const char* prefix : {"", "i"}) {
    std::string prefix_text = prefix;
    if (key.rfind(prefix_text, 0) != 0) continue;
    const AttrRow* row = FindRow(rows, prefix_text.empty() ? "alt" : "ialt");
    if (!row || row->kind != AttrKind::kOrientation) continue;
    for (const OrientationForm& form : kForms) {
      if (key != prefix_text + form.name) continue;
      if (!IsListLike(value) || static_cast<int>(FlatSize(value)) != form.count) {
        throw py::value_error(key + " should be a list/array of size " +
                              std::to_string(form.count) + ".");
      }
      auto* orientation = reinterpret_cast<Orientation*>(static_cast<char*>(element) + row->offset);
      std::vector<double> numbers = py::array_t<double, py::array::forcecast>::ensure(value)
                                        .cast<std::vector<double>>();
      orientation->form = form.form;
      std::copy(numbers.begin(), numbers.end(), orientation->Values());
      return true;
    }
  }
  return false;
}

void CheckOneOrientation(const py::kwargs& kwargs, const char* prefix) {
  int given = 0;
  std::string names;
  for (const OrientationForm& form : kForms) {
    std::string key = std::string(prefix) + form.name;
    if (kwargs.contains(key)) ++given;
  }
  if (given > 1) {
    std::string p = prefix;
    throw py::value_error("Only one of: " + p + "axisangle, " + p + "xyaxes, " + p + "zaxis, or" +
                          p + "euler can be set.");
  }
}

void CheckKeywordValue(const AttrRow& row, const std::string& key, py::handle value) {
  switch (row.kind) {
    case AttrKind::kReals: case AttrKind::kFloats: case AttrKind::kInts:
    case AttrKind::kOptionalReals:
      if (!IsListLike(value)) throw py::value_error(key + " should be a list/array.");
      if (static_cast<int>(FlatSize(value)) != row.count) {
        throw py::value_error(key + " should be a list/array of size " + std::to_string(row.count) + ".");
      }
      break;
    case AttrKind::kInt: case AttrKind::kBool:
      if (!IsIntegerLike(value)) throw py::value_error(key + " is the wrong type.");
      break;
    case AttrKind::kRealVec: case AttrKind::kFloatVec: case AttrKind::kIntVec:
      if (!IsListLike(value)) throw py::value_error(key + " has the wrong type.");
      break;
    default: break;
  }
}

void ApplyKeywords(void* element, const std::vector<AttrRow>& rows, const py::kwargs& kwargs,
                   py::handle self, const std::vector<std::string>& only = {}) {
  CheckOneOrientation(kwargs, "");
  CheckOneOrientation(kwargs, "i");
  for (auto item : kwargs) {
    std::string key = item.first.cast<std::string>();
    bool allowed = only.empty() || std::find(only.begin(), only.end(), key) != only.end();
    const AttrRow* row = allowed ? FindRow(rows, key) : nullptr;
    if (allowed && !row && SetOrientationKeyword(element, rows, key, item.second)) continue;
    if (!row || row->kind == AttrKind::kOrientation) {
      std::string valid;
      if (only.empty()) {
        valid = ValidNames(rows);
      } else {
        for (const std::string& name : only) valid += (valid.empty() ? "" : ", ") + name;
      }
      throw py::type_error("Invalid " + key + " keyword argument. Valid options are: " + valid + ".");
    }
    CheckKeywordValue(*row, key, item.second);
    SetAttr(element, *row, item.second);
  }
  (void)self;
}

// ---- the element classes --------------------------------------------------------------------
template <typename T>
using ElementClass = py::class_<T, std::shared_ptr<T>>;

template <typename T>
void SetName(py::object self, py::handle value) {
  T* element = self.cast<T*>();
  if (!py::isinstance<py::str>(value)) throw py::type_error("name needs a string");
  std::string name = value.cast<std::string>();
  std::shared_ptr<Spec> spec;
  try {
    spec = OwnerOf(element);
  } catch (const py::error_already_set&) {
  }
  if (spec) CheckUniqueName<T>(spec, element, name);
  element->name = name;
}

template <typename T>
ElementClass<T> BindElement(py::module_& module, const char* py_name, const char* doc) {
  ElementClass<T> cls(module, py_name, doc);
  const std::vector<AttrRow>& rows = RowsOf<T>();
  for (size_t i = 0; i < rows.size(); ++i) {
    const AttrRow& row = rows[i];
    if (std::string(row.name) == "name" && !std::is_same_v<T, SpecDefault>) {
      cls.def_property("name", [](const T& e) { return e.name; }, &SetName<T>);
      continue;
    }
    cls.def_property(
        row.name,
        [i](py::object self) { return GetAttr(self.cast<T*>(), RowsOf<T>()[i], self); },
        [i](py::object self, py::handle value) { SetAttr(self.cast<T*>(), RowsOf<T>()[i], value); });
  }
  cls.def_property_readonly("id", [](const T& e) { return IdOf(&e); },
                            "its index in the last Model compiled from its spec (-1: none)");
  cls.def_property_readonly("signature", [](const T& e) {
    try {
      return SignatureOf(OwnerOf(&e).get());
    } catch (const py::error_already_set&) {
      return std::uint64_t{0};
    }
  });
  cls.def("__eq__", [](const T& a, py::object b) {
    return py::isinstance<T>(b) && &a == b.cast<const T*>();
  });
  cls.def("__hash__", [](const T& e) { return std::hash<const void*>()(&e); });
  cls.def("__repr__", [py_name](const T& e) {
    std::string text = std::string("<") + py_name;
    if constexpr (!std::is_same_v<T, SpecDefault>) {
      if (!e.name.empty()) text += " '" + e.name + "'";
    }
    return text + ">";
  });
  return cls;
}

template <typename T>
void AddClassName(ElementClass<T> cls) {
  cls.def_property(
      "classname",
      [](const T& e) -> py::object {
        std::shared_ptr<Spec> spec = OwnerOf(&e);
        for (size_t i = 0; i < spec->defaults.size(); ++i) {
          if (spec->defaults[i].name == e.classname) return WrapElement(spec, spec->defaults.ptr(i));
        }
        return py::none();
      },
      [](T& e, const SpecDefault& def) { e.classname = def.name; },
      "the default class the element was made from");
}

// ---- frames of body-held elements -----------------------------------------------------------
template <typename T>
SpecBody* BodyHolding(const std::shared_ptr<Spec>& spec, const T* element, int& index) {
  if constexpr (std::is_same_v<T, SpecBody>) {
    if (element == &spec->worldbody) return nullptr;
  }
  return HolderOf<T>(spec->worldbody, element, index);
}

// the frame an element sits in (a frame's: its enclosing frame)
template <typename T>
int& EnclosingFrame(T& element) {
  if constexpr (std::is_same_v<T, SpecFrame>) {
    return element.parent;
  } else {
    return element.frame;
  }
}

template <typename T>
void AddFrameMembers(ElementClass<T>& cls) {
  cls.def_property_readonly("frame", [](const T& e) -> py::object {
    std::shared_ptr<Spec> spec = OwnerOf(&e);
    int index = -1;
    SpecBody* holder = BodyHolding<T>(spec, &e, index);
    int frame = EnclosingFrame(const_cast<T&>(e));
    if (!holder || frame < 0 || frame >= static_cast<int>(holder->frames.size())) return py::none();
    return WrapElement(spec, holder->frames.ptr(frame));
  });
  cls.def("set_frame", [](T& e, const SpecFrame& frame) {
    std::shared_ptr<Spec> spec = OwnerOf(&e);
    int index = -1;
    SpecBody* holder = BodyHolding<T>(spec, &e, index);
    int frame_index = holder ? holder->frames.IndexOf(&frame) : -1;
    if (frame_index < 0) {
      throw py::value_error("set_frame: the frame is not in the body that holds this element");
    }
    if (std::is_same_v<T, SpecFrame> && frame_index == index) {
      throw py::value_error("set_frame: a frame cannot be its own frame");
    }
    EnclosingFrame(e) = frame_index;
  }, py::arg("frame"));
  cls.def_property_readonly("parent", [](const T& e) -> py::object {
    std::shared_ptr<Spec> spec = OwnerOf(&e);
    int index = -1;
    SpecBody* holder = BodyHolding<T>(spec, &e, index);
    if (!holder) return py::none();
    if (holder == &spec->worldbody) return WrapElement(spec, WorldOf(spec));
    int unused = -1;
    SpecBody* grand = HolderOf<SpecBody>(spec->worldbody, holder, unused);
    return WrapElement(spec, grand ? grand->children.ptr(unused) : nullptr);
  });
}

// ---- adding elements --------------------------------------------------------------------------
const SpecDefault& ClassFor(Spec& spec, const SpecBody& body, py::handle def) {
  if (!def.is_none()) return def.cast<const SpecDefault&>();
  std::string name = body.childclass.empty() ? "main" : body.childclass;
  for (const SpecDefault& d : spec.defaults) {
    if (d.name == name) return d;
  }
  return spec.defaults[0];
}

template <typename T>
T FromClass(const SpecDefault& def);
template <> SpecJoint FromClass<SpecJoint>(const SpecDefault& d) { return d.joint; }
template <> SpecGeom FromClass<SpecGeom>(const SpecDefault& d) { return d.geom; }
template <> SpecSite FromClass<SpecSite>(const SpecDefault& d) { return d.site; }
template <> SpecCamera FromClass<SpecCamera>(const SpecDefault& d) { return d.camera; }
template <> SpecLight FromClass<SpecLight>(const SpecDefault& d) { return d.light; }

template <typename T>
py::object AddToBody(const std::shared_ptr<SpecBody>& body, py::handle def, const py::kwargs& kwargs) {
  std::shared_ptr<Spec> spec = OwnerOf(body.get());
  auto element = std::make_shared<T>(FromClass<T>(ClassFor(*spec, *body, def)));
  element->classname = ClassFor(*spec, *body, def).name;
  py::object wrapped = WrapElement(spec, element);
  ApplyKeywords(element.get(), RowsOf<T>(), kwargs, wrapped);
  CheckUniqueName<T>(spec, nullptr, element->name);
  KindTraits<T>::List(*body).push_back(element);
  return wrapped;
}

template <typename T>
py::object AddToSpec(const std::shared_ptr<Spec>& spec, const py::kwargs& kwargs, T initial = T()) {
  auto element = std::make_shared<T>(std::move(initial));
  py::object wrapped = WrapElement(spec, element);
  ApplyKeywords(element.get(), RowsOf<T>(), kwargs, wrapped);
  CheckUniqueName<T>(spec, nullptr, element->name);
  KindTraits<T>::List(*spec).push_back(element);
  return wrapped;
}

// first_geom / next_geom style iteration over a body's own elements of kind T
template <typename T>
void AddIteration(ElementClass<SpecBody>& cls, const std::string& kind) {
  cls.def(("first_" + kind).c_str(), [](const std::shared_ptr<SpecBody>& body) -> py::object {
    ElementList<T>& list = KindTraits<T>::List(*body);
    return list.empty() ? py::none() : WrapElement(OwnerOf(body.get()), list.ptr(0));
  });
  cls.def(("next_" + kind).c_str(), [](const std::shared_ptr<SpecBody>& body, const T& current) -> py::object {
    ElementList<T>& list = KindTraits<T>::List(*body);
    int index = list.IndexOf(&current);
    if (index < 0 || index + 1 >= static_cast<int>(list.size())) return py::none();
    return WrapElement(OwnerOf(body.get()), list.ptr(index + 1));
  }, py::arg(kind.c_str()));
  cls.def_property_readonly((kind == "body" ? std::string("bodies") : kind + "s").c_str(),
                            [](const std::shared_ptr<SpecBody>& body) {
    ElementList<T>& list = KindTraits<T>::List(*body);
    py::list out;
    std::shared_ptr<Spec> spec = OwnerOf(body.get());
    for (size_t i = 0; i < list.size(); ++i) out.append(WrapElement(spec, list.ptr(i)));
    return out;
  });
}

template <typename T>
py::list FindAllBelow(const std::shared_ptr<SpecBody>& body) {
  return WrapAll(OwnerOf(body.get()), ElementsBelow<T>(*body));
}

py::list FindAll(const std::shared_ptr<SpecBody>& body, py::handle kind) {
  std::string name;
  if (py::isinstance<py::str>(kind)) {
    name = kind.cast<std::string>();
  } else {
    int objtype = kind.cast<int>();
    const std::pair<int, const char*> kinds[] = {
        {mjOBJ_BODY, "body"}, {mjOBJ_FRAME, "frame"}, {mjOBJ_GEOM, "geom"}, {mjOBJ_SITE, "site"},
        {mjOBJ_JOINT, "joint"}, {mjOBJ_LIGHT, "light"}, {mjOBJ_CAMERA, "camera"}};
    for (const auto& [type, text] : kinds) {
      if (type == objtype) name = text;
    }
  }
  if (name == "body") return FindAllBelow<SpecBody>(body);
  if (name == "frame") return FindAllBelow<SpecFrame>(body);
  if (name == "geom") return FindAllBelow<SpecGeom>(body);
  if (name == "site") return FindAllBelow<SpecSite>(body);
  if (name == "joint") return FindAllBelow<SpecJoint>(body);
  if (name == "light") return FindAllBelow<SpecLight>(body);
  if (name == "camera") return FindAllBelow<SpecCamera>(body);
  throw py::value_error("body.find_all supports the types: body, frame, geom, site, joint, light, camera.");
}

// A body turned into a frame of its parent: its elements and children move to the parent,
// posed by the new frame.
std::shared_ptr<SpecFrame> BodyToFrame(const std::shared_ptr<SpecBody>& body) {
  std::shared_ptr<Spec> spec = OwnerOf(body.get());
  int index = -1;
  SpecBody* parent = HolderOf<SpecBody>(spec->worldbody, body.get(), index);
  if (!parent) throw py::value_error("the world body cannot become a frame");
  if (!body->joints.empty()) throw py::value_error("a body with joints cannot become a frame");
  auto frame = std::make_shared<SpecFrame>();
  frame->name = body->name;
  frame->source = body->source;
  frame->childclass = body->childclass;
  std::copy(body->pos, body->pos + 3, frame->pos);
  frame->orientation = body->orientation;
  frame->parent = body->frame;
  int frame_index = static_cast<int>(parent->frames.size());
  int base = frame_index + 1;  // the body's own frames follow the new one
  parent->frames.push_back(frame);
  for (size_t i = 0; i < body->frames.size(); ++i) {
    auto moved = body->frames.ptr(i);
    moved->parent = moved->parent < 0 ? frame_index : moved->parent + base;
    parent->frames.push_back(moved);
  }
  auto relink = [&](auto& list, auto& target) {
    for (size_t i = 0; i < list.size(); ++i) {
      auto moved = list.ptr(i);
      moved->frame = moved->frame < 0 ? frame_index : moved->frame + base;
      target.push_back(moved);
    }
  };
  relink(body->geoms, parent->geoms);
  relink(body->sites, parent->sites);
  relink(body->cameras, parent->cameras);
  relink(body->lights, parent->lights);
  std::vector<std::shared_ptr<SpecBody>> children;
  for (size_t i = 0; i < body->children.size(); ++i) children.push_back(body->children.ptr(i));
  parent->children.erase(index);
  for (auto& child : children) {
    child->frame = child->frame < 0 ? frame_index : child->frame + base;
    parent->children.push_back(child);
  }
  return frame;
}

void BindBody(py::module_& module) {
  auto cls = BindElement<SpecBody>(module, "MjsBody", "A body of an MjSpec.");
  AddFrameMembers(cls);
  cls.def_property(
      "classname",
      [](const SpecBody& b) -> py::object {
        std::shared_ptr<Spec> spec = OwnerOf(&b);
        for (size_t i = 0; i < spec->defaults.size(); ++i) {
          if (spec->defaults[i].name == (b.childclass.empty() ? "main" : b.childclass)) {
            return WrapElement(spec, spec->defaults.ptr(i));
          }
        }
        return py::none();
      },
      [](SpecBody& b, const SpecDefault& def) { b.childclass = def.name; });
  cls.def("add_body", [](const std::shared_ptr<SpecBody>& body, py::object def, py::kwargs kwargs) {
    std::shared_ptr<Spec> spec = OwnerOf(body.get());
    auto child = std::make_shared<SpecBody>();
    if (!def.is_none()) child->childclass = def.cast<const SpecDefault&>().name;
    py::object wrapped = WrapElement(spec, child);
    ApplyKeywords(child.get(), RowsOf<SpecBody>(), kwargs, wrapped);
    CheckUniqueName<SpecBody>(spec, nullptr, child->name);
    body->children.push_back(child);
    return wrapped;
  }, py::arg("default") = py::none());
  cls.def("add_frame", [](const std::shared_ptr<SpecBody>& body, py::object parent_frame, py::kwargs kwargs) {
    std::shared_ptr<Spec> spec = OwnerOf(body.get());
    auto frame = std::make_shared<SpecFrame>();
    if (!parent_frame.is_none()) {
      frame->parent = body->frames.IndexOf(parent_frame.cast<const SpecFrame*>());
      if (frame->parent < 0) throw py::value_error("add_frame: the parent frame is not in this body");
    }
    py::object wrapped = WrapElement(spec, frame);
    ApplyKeywords(frame.get(), RowsOf<SpecFrame>(), kwargs, wrapped);
    CheckUniqueName<SpecFrame>(spec, nullptr, frame->name);
    body->frames.push_back(frame);
    return wrapped;
  }, py::arg("default") = py::none());
  cls.def("add_geom", &AddToBody<SpecGeom>, py::arg("default") = py::none());
  cls.def("add_joint", &AddToBody<SpecJoint>, py::arg("default") = py::none());
  cls.def("add_site", &AddToBody<SpecSite>, py::arg("default") = py::none());
  cls.def("add_camera", &AddToBody<SpecCamera>, py::arg("default") = py::none());
  cls.def("add_light", &AddToBody<SpecLight>, py::arg("default") = py::none());
  cls.def("add_freejoint", [](const std::shared_ptr<SpecBody>& body, py::kwargs kwargs) {
    std::shared_ptr<Spec> spec = OwnerOf(body.get());
    auto joint = std::make_shared<SpecJoint>(ClassFor(*spec, *body, py::none()).joint);
    joint->type = mjJNT_FREE;
    joint->limited = 0;
    joint->actuatorfrclimited = 0;
    py::object wrapped = WrapElement(spec, joint);
    ApplyKeywords(joint.get(), RowsOf<SpecJoint>(), kwargs, wrapped, {"align", "group", "name"});
    CheckUniqueName<SpecJoint>(spec, nullptr, joint->name);
    body->joints.push_back(joint);
    return wrapped;
  });
  AddIteration<SpecBody>(cls, "body");
  AddIteration<SpecFrame>(cls, "frame");
  AddIteration<SpecGeom>(cls, "geom");
  AddIteration<SpecJoint>(cls, "joint");
  AddIteration<SpecSite>(cls, "site");
  AddIteration<SpecCamera>(cls, "camera");
  AddIteration<SpecLight>(cls, "light");
  cls.def("find_all", &FindAll, py::arg("type"));
  cls.def("find_child", [](const std::shared_ptr<SpecBody>& body, const std::string& name) -> py::object {
    for (const auto& child : ElementsBelow<SpecBody>(*body)) {
      if (child->name == name) return WrapElement(OwnerOf(body.get()), child);
    }
    return py::none();
  }, py::arg("name"));
  cls.def("to_frame", [](const std::shared_ptr<SpecBody>& body) {
    std::shared_ptr<Spec> spec = OwnerOf(body.get());
    return WrapElement(spec, BodyToFrame(body));
  });
}

template <typename T>
void BindBodyElement(py::module_& module, const char* name, const char* doc, bool with_class) {
  auto cls = BindElement<T>(module, name, doc);
  AddFrameMembers(cls);
  if (with_class) AddClassName(cls);
}

// -1 (mujoco's default) or any negative value: not given
std::optional<mjtNum> Given(mjtNum value) {
  return value < 0 ? std::nullopt : std::optional<mjtNum>(value);
}

// make_* replace the mesh's data at once, as the reference (spec/mesh_builtin)
void BindMeshBuiltins(ElementClass<SpecMesh> cls) {
  using M = SpecMesh;
  auto pair = [](const std::vector<double>& values, const char* what) {
    if (values.size() != 2) throw py::value_error(std::string(what) + " needs 2 values");
    return values;
  };
  cls.def("make_sphere", [](M& m, int subdivision) {
    MakeBuiltinMesh(m, kMeshBuiltinSphere, {double(subdivision)});
  }, py::arg("subdivision"));
  cls.def("make_hemisphere", [](M& m, int resolution) {
    MakeBuiltinMesh(m, kMeshBuiltinHemisphere, {double(resolution)});
  }, py::arg("resolution"));
  cls.def("make_cone", [](M& m, int nedge, double radius) {
    MakeBuiltinMesh(m, kMeshBuiltinCone, {double(nedge), radius});
  }, py::arg("nedge"), py::arg("radius"));
  cls.def("make_supersphere", [](M& m, int resolution, double e, double n) {
    MakeBuiltinMesh(m, kMeshBuiltinSupersphere, {double(resolution), e, n});
  }, py::arg("resolution"), py::arg("e"), py::arg("n"));
  cls.def("make_supertorus", [](M& m, int resolution, double radius, double s, double t) {
    MakeBuiltinMesh(m, kMeshBuiltinSupertorus, {double(resolution), radius, s, t});
  }, py::arg("resolution"), py::arg("radius"), py::arg("s"), py::arg("t"));
  cls.def("make_wedge", [pair](M& m, std::vector<double> resolution, std::vector<double> fov,
                               double gamma) {
    pair(resolution, "resolution");
    pair(fov, "fov");
    MakeBuiltinMesh(m, kMeshBuiltinWedge,
                    {std::trunc(resolution[0]), std::trunc(resolution[1]), fov[0], fov[1], gamma});
  }, py::arg("resolution") = std::vector<double>{0, 0}, py::arg("fov") = std::vector<double>{0, 0},
     py::arg("gamma") = 0.0);
  cls.def("make_plate", [pair](M& m, std::vector<double> resolution) {
    pair(resolution, "resolution");
    MakeBuiltinMesh(m, kMeshBuiltinPlate, {std::trunc(resolution[0]), std::trunc(resolution[1])});
  }, py::arg("resolution") = std::vector<double>{0, 0});
}

void BindActuatorShortcuts(ElementClass<SpecActuator> cls) {
  using A = SpecActuator;
  cls.def("set_to_motor", [](A& a) { SetToMotor(a); });
  cls.def("set_to_position", [](A& a, mjtNum kp, mjtNum kv, mjtNum dampratio, mjtNum timeconst,
                                bool inheritrange) {
    if (kv >= 0 && dampratio >= 0) throw py::value_error("kv and dampratio cannot both be defined");
    SetToPosition(a, kp, Given(kv), Given(dampratio), Given(timeconst), inheritrange ? 1.0 : 0.0);
  }, py::arg("kp"), py::arg("kv") = -1, py::arg("dampratio") = -1, py::arg("timeconst") = -1,
     py::arg("inheritrange") = false);
  cls.def("set_to_intvelocity", [](A& a, mjtNum kp, mjtNum kv, mjtNum dampratio, mjtNum,
                                   bool inheritrange) {
    SetToIntVelocity(a, kp, Given(kv), Given(dampratio), inheritrange ? 1.0 : 0.0);
  }, py::arg("kp"), py::arg("kv") = -1, py::arg("dampratio") = -1, py::arg("timeconst") = -1,
     py::arg("inheritrange") = false);
  cls.def("set_to_velocity", [](A& a, mjtNum kv) { SetToVelocity(a, kv); }, py::arg("kv"));
  cls.def("set_to_damper", [](A& a, mjtNum kv) {
    if (kv < 0) throw py::value_error("damping coefficient cannot be negative");
    SetToDamper(a, kv);
  }, py::arg("kv"));
  cls.def("set_to_cylinder", [](A& a, mjtNum timeconst, mjtNum bias, mjtNum area, mjtNum diameter) {
    mjtNum biases[3] = {bias, a.biasprm[1], a.biasprm[2]};
    SetToCylinder(a, timeconst, area, Given(diameter), biases);
  }, py::arg("timeconst"), py::arg("bias"), py::arg("area"), py::arg("diameter") = -1);
  cls.def("set_to_muscle", [](A& a, mjtNum timeconst, mjtNum tausmooth, std::vector<mjtNum> range,
                              mjtNum force, mjtNum scale, mjtNum lmin, mjtNum lmax, mjtNum vmax,
                              mjtNum fpmax, mjtNum fvmax) {
    if (range.size() != 2) throw py::value_error("range needs 2 values");
    std::optional<mjtNum> timeconsts[2] = {Given(timeconst), Given(timeconst)};
    std::optional<mjtNum> ranges[2] = {Given(range[0]), Given(range[1])};
    std::optional<mjtNum> params[7] = {Given(force), Given(scale), Given(lmin), Given(lmax),
                                       Given(vmax), Given(fpmax), Given(fvmax)};
    SetToMuscle(a, timeconsts, Given(tausmooth), ranges, params);
  }, py::arg("timeconst") = -1, py::arg("tausmooth") = -1,
     py::arg("range") = std::vector<mjtNum>{-1, -1}, py::arg("force") = -1, py::arg("scale") = -1,
     py::arg("lmin") = -1, py::arg("lmax") = -1, py::arg("vmax") = -1, py::arg("fpmax") = -1,
     py::arg("fvmax") = -1);
  cls.def("set_to_adhesion", [](A& a, mjtNum gain) {
    if (gain < 0) throw py::value_error("adhesion gain cannot be negative");
    SetToAdhesion(a, gain);
  }, py::arg("gain"));
}

// A tendon's path, one wrap at a time; a joint makes it a fixed tendon.
std::shared_ptr<SpecTendonWrap> AddWrap(SpecTendon& tendon, SpecTendonWrap::Kind kind,
                                        const std::string& target, const std::string& sidesite,
                                        mjtNum value) {
  auto wrap = std::make_shared<SpecTendonWrap>();
  wrap->kind = kind;
  wrap->target = target;
  wrap->sidesite = sidesite;
  wrap->value = value;
  tendon.spatial = kind != SpecTendonWrap::Kind::kJoint;
  tendon.path.push_back(wrap);
  return wrap;
}

void BindTendon(ElementClass<SpecTendon> cls, py::module_& module) {
  py::class_<SpecTendonWrap, std::shared_ptr<SpecTendonWrap>>(module, "MjsWrap",
                                                              "One element of a tendon's path.")
      .def_property(
          "info", [](const SpecTendonWrap& w) { return w.source.info; },
          [](SpecTendonWrap& w, const std::string& info) { w.source.info = info; });
  using Kind = SpecTendonWrap::Kind;
  cls.def("wrap_site", [](SpecTendon& t, const std::string& site) {
    return AddWrap(t, Kind::kSite, site, "", 0);
  }, py::arg("site"));
  cls.def("wrap_geom", [](SpecTendon& t, const std::string& geom, const std::string& sidesite) {
    return AddWrap(t, Kind::kGeom, geom, sidesite, 0);
  }, py::arg("geom"), py::arg("sidesite") = "");
  cls.def("wrap_joint", [](SpecTendon& t, const std::string& joint, mjtNum coef) {
    return AddWrap(t, Kind::kJoint, joint, "", coef);
  }, py::arg("joint"), py::arg("coef"));
  cls.def("wrap_pulley", [](SpecTendon& t, mjtNum divisor) {
    return AddWrap(t, Kind::kPulley, "", "", divisor);
  }, py::arg("divisor"));
  cls.def("default", [](const SpecTendon& t) -> py::object {
    std::shared_ptr<Spec> spec = OwnerOf(&t);
    for (size_t i = 0; i < spec->defaults.size(); ++i) {
      if (spec->defaults[i].name == t.classname) return WrapElement(spec, spec->defaults.ptr(i));
    }
    return py::none();
  });
}

void BindOrientation(py::module_& module) {
  py::class_<Orientation>(module, "MjsOrientation", "An alternative orientation of a spec element.")
      .def_property(
          "type",
          [](const Orientation& o) {
            return py::module_::import("mjsim").attr("mjtOrientation")(static_cast<int>(o.form));
          },
          [](Orientation& o, int type) {
            if (type < 0 || type > 4) throw py::value_error("type needs an mjtOrientation");
            o.form = static_cast<Orientation::Form>(type);
          })
#define MJSIM_FORM(member, count)                                                           \
  .def_property(                                                                           \
      #member,                                                                             \
      [](py::object self) {                                                                \
        Orientation* o = self.cast<Orientation*>();                                        \
        return py::array_t<double>({count}, {sizeof(double)}, o->member, self);            \
      },                                                                                   \
      [](Orientation& o, const std::vector<double>& values) {                              \
        if (values.size() != count) throw py::value_error(#member " needs " #count " values"); \
        std::copy(values.begin(), values.end(), o.member);                                 \
      })
      MJSIM_FORM(axisangle, 4) MJSIM_FORM(xyaxes, 6) MJSIM_FORM(zaxis, 3) MJSIM_FORM(euler, 3);
#undef MJSIM_FORM
}

}  // namespace

// ---- plugins named by elements (spec_tables.h) ----------------------------------------------
py::object ElementPlugin(void* element, py::handle, const AttrRow& row) {
  const std::string& name = *reinterpret_cast<std::string*>(static_cast<char*>(element) + row.offset);
  if (name.empty()) return py::none();
  std::shared_ptr<Spec> spec = OwnerOf(element);
  return FindByName<SpecPlugin>(spec, name);
}

void SetElementPlugin(void* element, py::handle value, const AttrRow& row) {
  std::string& name = *reinterpret_cast<std::string*>(static_cast<char*>(element) + row.offset);
  if (value.is_none()) {
    name.clear();
    return;
  }
  if (!py::isinstance<SpecPlugin>(value)) throw py::type_error("plugin needs an MjsPlugin");
  const SpecPlugin& plugin = value.cast<const SpecPlugin&>();
  if (plugin.name.empty()) {
    throw py::value_error("plugin: only a named plugin instance can be referenced (give it a name)");
  }
  name = plugin.name;
}

namespace {

// ---- default classes --------------------------------------------------------------------------
void BindDefault(py::module_& module) {
  ElementClass<SpecDefault> cls(module, "MjsDefault", "A default class of an MjSpec.");
  cls.def_property_readonly("name", [](const SpecDefault& d) { return d.name; });
#define MJSIM_DEFAULT_MEMBER(member)                                                         \
  cls.def_property_readonly(#member, [](const std::shared_ptr<SpecDefault>& d) {           \
    std::shared_ptr<Spec> spec = OwnerOf(d.get());                                         \
    return WrapElement(spec, std::shared_ptr<decltype(d->member)>(d, &d->member));         \
  });
  MJSIM_DEFAULT_MEMBER(joint)
  MJSIM_DEFAULT_MEMBER(geom)
  MJSIM_DEFAULT_MEMBER(site)
  MJSIM_DEFAULT_MEMBER(camera)
  MJSIM_DEFAULT_MEMBER(light)
  MJSIM_DEFAULT_MEMBER(actuator)
  MJSIM_DEFAULT_MEMBER(tendon)
  MJSIM_DEFAULT_MEMBER(equality)
  MJSIM_DEFAULT_MEMBER(pair)
  MJSIM_DEFAULT_MEMBER(mesh)
  MJSIM_DEFAULT_MEMBER(material)
#undef MJSIM_DEFAULT_MEMBER
  cls.def("__eq__", [](const SpecDefault& a, py::object b) {
    return py::isinstance<SpecDefault>(b) && &a == b.cast<const SpecDefault*>();
  });
  cls.def("__hash__", [](const SpecDefault& d) { return std::hash<const void*>()(&d); });
}

// ---- compiler and statistic --------------------------------------------------------------
template <typename T, typename M>
void CompilerValue(py::class_<SpecCompiler, std::shared_ptr<SpecCompiler>>& cls, const char* name,
                   M SpecCompiler::*member) {
  using Python = std::conditional_t<std::is_same_v<M, bool>, int, M>;
  cls.def_property(
      name, [member](const SpecCompiler& c) { return static_cast<Python>(c.*member); },
      [member](SpecCompiler& c, Python value) { c.*member = static_cast<M>(value); });
}

void BindCompiler(py::module_& module) {
  py::class_<SpecCompiler, std::shared_ptr<SpecCompiler>> cls(module, "MjsCompiler",
                                                               "The compiler settings of an MjSpec.");
  CompilerValue<int>(cls, "autolimits", &SpecCompiler::autolimits);
  CompilerValue<double>(cls, "boundmass", &SpecCompiler::boundmass);
  CompilerValue<double>(cls, "boundinertia", &SpecCompiler::boundinertia);
  CompilerValue<double>(cls, "settotalmass", &SpecCompiler::settotalmass);
  CompilerValue<int>(cls, "balanceinertia", &SpecCompiler::balanceinertia);
  CompilerValue<int>(cls, "degree", &SpecCompiler::angle_is_degree);
  CompilerValue<int>(cls, "discardvisual", &SpecCompiler::discardvisual);
  CompilerValue<int>(cls, "usethread", &SpecCompiler::usethread);
  CompilerValue<int>(cls, "fusestatic", &SpecCompiler::fusestatic);
  CompilerValue<int>(cls, "inertiafromgeom", &SpecCompiler::inertiafromgeom);
  CompilerValue<int>(cls, "saveinertial", &SpecCompiler::saveinertial);
  CompilerValue<int>(cls, "alignfree", &SpecCompiler::alignfree);
  cls.def_property(
      "fitaabb", [](const SpecCompiler& c) { return c.fitaabb.value_or(0); },
      [](SpecCompiler& c, int value) { c.fitaabb = value; });
  cls.def_property(
      "inertiagrouprange",
      [](py::object self) {
        auto* c = self.cast<SpecCompiler*>();
        return py::array_t<int>({2}, {sizeof(int)}, c->inertiagrouprange, self);
      },
      [](SpecCompiler& c, const std::vector<int>& range) {
        if (range.size() != 2) throw py::value_error("inertiagrouprange needs 2 values");
        c.inertiagrouprange[0] = range[0];
        c.inertiagrouprange[1] = range[1];
      });
  cls.def_property(
      "eulerseq",
      [](py::object self) {
        auto* c = self.cast<SpecCompiler*>();
        return CharsView{self, c->eulerseq, 3};
      },
      [](SpecCompiler& c, py::object value) {
        std::string text;
        for (py::handle item : value) text += item.cast<std::string>();
        if (text.size() != 3) throw py::value_error("eulerseq needs 3 characters");
        std::copy(text.begin(), text.end(), c.eulerseq);
      });
  cls.def_property(
      "meshdir", [](const SpecCompiler& c) { return c.meshdir; },
      [](SpecCompiler& c, const std::string& dir) { c.meshdir = dir; });
  cls.def_property(
      "texturedir", [](const SpecCompiler& c) { return c.texturedir; },
      [](SpecCompiler& c, const std::string& dir) { c.texturedir = dir; });
}

}  // namespace

template <> const std::vector<AttrRow>& RowsOf<SpecStatistic>() {
  using T = SpecStatistic;
  static const std::vector<AttrRow> rows = {
      MJSIM_ATTR(T, "meaninertia", meaninertia), MJSIM_ATTR(T, "meanmass", meanmass),
      MJSIM_ATTR(T, "meansize", meansize), MJSIM_ATTR(T, "extent", extent),
      MJSIM_OPTIONAL_REALS(T, "center", center, 3)};
  return rows;
}

namespace {

void BindStatistic(py::module_& module) {
  py::class_<SpecStatistic, std::shared_ptr<SpecStatistic>> cls(
      module, "MjsStatistic", "The statistics an MjSpec gives (NaN: computed by the compiler).");
  const auto& rows = RowsOf<SpecStatistic>();
  for (size_t i = 0; i < rows.size(); ++i) {
    cls.def_property(
        rows[i].name,
        [i](py::object self) { return GetAttr(self.cast<SpecStatistic*>(), RowsOf<SpecStatistic>()[i], self); },
        [i](py::object self, py::handle value) {
          SetAttr(self.cast<SpecStatistic*>(), RowsOf<SpecStatistic>()[i], value);
        });
  }
}

// ---- deleting -----------------------------------------------------------------------------------
// Elements in a frame of a deleted frame move to that frame's parent; later indices shift.
void RemoveFrame(SpecBody& body, int index) {
  int parent = body.frames[index].parent;
  auto relink = [&](int& frame) {
    if (frame == index) frame = parent;
    else if (frame > index) --frame;
  };
  for (SpecFrame& frame : body.frames) relink(frame.parent);
  for (SpecJoint& e : body.joints) relink(e.frame);
  for (SpecGeom& e : body.geoms) relink(e.frame);
  for (SpecSite& e : body.sites) relink(e.frame);
  for (SpecCamera& e : body.cameras) relink(e.frame);
  for (SpecLight& e : body.lights) relink(e.frame);
  for (SpecBody& e : body.children) relink(e.frame);
  body.frames.erase(index);
}

template <typename T>
bool DeleteIfKind(Spec& spec, py::handle element) {
  if (!py::isinstance<T>(element)) return false;
  const T* target = element.cast<const T*>();
  if constexpr (KindTraits<T>::in_body) {
    if constexpr (std::is_same_v<T, SpecBody>) {
      if (target == &spec.worldbody) throw py::value_error("the world body cannot be deleted");
    }
    int index = -1;
    SpecBody* holder = HolderOf<T>(spec.worldbody, target, index);
    if (!holder) throw py::value_error(std::string("delete: this ") + KindTraits<T>::name + " is not in the spec");
    if constexpr (std::is_same_v<T, SpecFrame>) {
      RemoveFrame(*holder, index);
    } else {
      KindTraits<T>::List(*holder).erase(index);
    }
  } else {
    ElementList<T>& list = KindTraits<T>::List(spec);
    int index = list.IndexOf(target);
    if (index < 0) throw py::value_error(std::string("delete: this ") + KindTraits<T>::name + " is not in the spec");
    if constexpr (std::is_same_v<T, SpecDefault>) {
      if (index == 0) throw py::value_error("the default class 'main' cannot be deleted");
      for (SpecDefault& d : spec.defaults) {
        if (d.parent == index) d.parent = list[index].parent;
        else if (d.parent > index) --d.parent;
      }
    }
    list.erase(index);
  }
  return true;
}

void DeleteElement(Spec& spec, py::handle element) {
  bool done = DeleteIfKind<SpecBody>(spec, element) || DeleteIfKind<SpecFrame>(spec, element) ||
              DeleteIfKind<SpecJoint>(spec, element) || DeleteIfKind<SpecGeom>(spec, element) ||
              DeleteIfKind<SpecSite>(spec, element) || DeleteIfKind<SpecCamera>(spec, element) ||
              DeleteIfKind<SpecLight>(spec, element) || DeleteIfKind<SpecMesh>(spec, element) ||
              DeleteIfKind<SpecSkin>(spec, element) || DeleteIfKind<SpecHField>(spec, element) ||
              DeleteIfKind<SpecTexture>(spec, element) || DeleteIfKind<SpecMaterial>(spec, element) ||
              DeleteIfKind<SpecPair>(spec, element) || DeleteIfKind<SpecExclude>(spec, element) ||
              DeleteIfKind<SpecEquality>(spec, element) || DeleteIfKind<SpecTendon>(spec, element) ||
              DeleteIfKind<SpecActuator>(spec, element) || DeleteIfKind<SpecSensor>(spec, element) ||
              DeleteIfKind<SpecNumeric>(spec, element) || DeleteIfKind<SpecText>(spec, element) ||
              DeleteIfKind<SpecTuple>(spec, element) || DeleteIfKind<SpecKey>(spec, element) ||
              DeleteIfKind<SpecPlugin>(spec, element) || DeleteIfKind<SpecFlex>(spec, element) ||
              DeleteIfKind<SpecDefault>(spec, element);
  if (!done) throw py::type_error("delete: not an element of an MjSpec");
}

// ---- loading and compiling ---------------------------------------------------------------------
AssetMap SpecAssets(py::handle spec_object, py::handle include) {
  AssetMap assets = ToAssetMap(py::reinterpret_borrow<py::object>(spec_object.attr("assets")));
  if (!include.is_none()) {
    for (auto item : include.cast<py::dict>()) {
      assets[item.first.cast<std::string>()] = item.second.cast<std::string>();
    }
  }
  return assets;
}

py::object NewSpecObject(Spec spec, py::object assets) {
  py::object object = py::cast(std::make_shared<Spec>(std::move(spec)));
  object.attr("assets") = assets.is_none() ? py::dict() : py::dict(assets);
  return object;
}

std::shared_ptr<PyModel> CompileSpecObject(py::object self) {
  auto spec = self.cast<std::shared_ptr<Spec>>();
  AssetMap assets = SpecAssets(self, py::none());
  CompiledOrder order;
  std::shared_ptr<Model> model;
  {
    py::gil_scoped_release release;
    model = CompileSpec(*spec, assets, &order);
  }
  RecordIds(*spec, order);
  auto compiled = std::make_shared<PyModel>(std::move(model));
  compiled->spec_signature = SignatureOf(spec.get());
  return compiled;
}

template <typename T>
void AddSpecKind(py::class_<Spec, std::shared_ptr<Spec>>& cls, const char* plural) {
  std::string kind = KindTraits<T>::name;
  cls.def(("add_" + kind).c_str(), [](const std::shared_ptr<Spec>& spec, py::kwargs kwargs) {
    return AddToSpec<T>(spec, kwargs);
  });
  cls.def(kind.c_str(), [](const std::shared_ptr<Spec>& spec, const std::string& name) {
    return FindByName<T>(spec, name);
  }, py::arg("name"));
  cls.def_property_readonly(plural, [](const std::shared_ptr<Spec>& spec) {
    return WrapAll(spec, AllOf<T>(spec));
  });
}

template <typename T>
void AddTreeKind(py::class_<Spec, std::shared_ptr<Spec>>& cls, const char* plural) {
  std::string kind = KindTraits<T>::name;
  cls.def(kind.c_str(), [](const std::shared_ptr<Spec>& spec, const std::string& name) {
    return FindByName<T>(spec, name);
  }, py::arg("name"));
  cls.def_property_readonly(plural, [](const std::shared_ptr<Spec>& spec) {
    return WrapAll(spec, AllOf<T>(spec));
  });
}

template <typename M>
void SizeValue(py::class_<Spec, std::shared_ptr<Spec>>& cls, const char* name, M SpecSize::*member) {
  cls.def_property(
      name, [member](const Spec& s) { return s.size.*member; },
      [member](Spec& s, M value) { s.size.*member = value; });
}

void BindSpecClass(py::module_& module) {
  py::class_<Spec, std::shared_ptr<Spec>> cls(module, "MjSpec", py::dynamic_attr(),
                                              "An editable model: build, edit, compile, save.");
  cls.def(py::init([] { return std::make_shared<Spec>(); }));
  cls.def_static("from_string", [](const std::string& xml, py::object include, py::object assets) {
    AssetMap files = ToAssetMap(assets);
    if (!include.is_none()) {
      for (auto item : include.cast<py::dict>()) {
        files[item.first.cast<std::string>()] = item.second.cast<std::string>();
      }
    }
    Spec spec;
    {
      py::gil_scoped_release release;
      spec = ReadMjcf(xml, "", files);
    }
    return NewSpecObject(std::move(spec), assets);
  }, py::arg("xml"), py::arg("include") = py::none(), py::arg("assets") = py::none());
  cls.def_static("from_file", [](const std::string& path, py::object include, py::object assets) {
    AssetMap files = ToAssetMap(assets);
    if (!include.is_none()) {
      for (auto item : include.cast<py::dict>()) {
        files[item.first.cast<std::string>()] = item.second.cast<std::string>();
      }
    }
    Spec spec;
    {
      py::gil_scoped_release release;
      std::string text;
      FileStatus status = ReadRegularFile(path, text);
      if (status == FileStatus::kMissing) throw FileError("could not open file '" + path + "'");
      if (status != FileStatus::kOk) {
        throw ModelError("could not read file '" + path + "': " + FileStatusText(status));
      }
      spec = ReadMjcf(text, path, files);
    }
    return NewSpecObject(std::move(spec), assets);
  }, py::arg("filename"), py::arg("include") = py::none(), py::arg("assets") = py::none());
  cls.def_property(
      "assets",
      [](py::object self) {
        py::dict attributes = self.attr("__dict__");
        if (!attributes.contains("_assets")) attributes["_assets"] = py::dict();
        return py::object(attributes["_assets"]);
      },
      [](py::object self, py::object assets) {
        if (!py::isinstance<py::dict>(assets)) throw py::type_error("assets needs a dict");
        self.attr("__dict__")["_assets"] = assets;
      },
      "file name -> contents (str or bytes) of the files the compiler reads instead of disk");
  cls.def("compile", &CompileSpecObject);
  cls.def("copy", [](py::object self) {
    auto spec = self.cast<std::shared_ptr<Spec>>();
    return NewSpecObject(*spec, self.attr("assets"));
  });
  cls.def("__copy__", [](py::object self) {
    return NewSpecObject(*self.cast<std::shared_ptr<Spec>>(), self.attr("assets"));
  });
  cls.def("__deepcopy__", [](py::object self, py::dict) {
    return NewSpecObject(*self.cast<std::shared_ptr<Spec>>(), self.attr("assets"));
  }, py::arg("memo"));
  cls.def_property_readonly("_address", [](const Spec& s) { return reinterpret_cast<std::uintptr_t>(&s); });
  cls.def_property_readonly("worldbody", [](const std::shared_ptr<Spec>& spec) {
    return WrapElement(spec, WorldOf(spec));
  });
  cls.def_property_readonly("default", [](const std::shared_ptr<Spec>& spec) {
    return WrapElement(spec, spec->defaults.ptr(0));
  });
  cls.def("add_default", [](const std::shared_ptr<Spec>& spec, const std::string& name,
                            py::object parent) {
    for (const SpecDefault& d : spec->defaults) {
      if (d.name == name) throw py::value_error("Error: repeated default class name '" + name + "'");
    }
    int parent_index = 0;
    if (!parent.is_none()) parent_index = spec->defaults.IndexOf(parent.cast<const SpecDefault*>());
    if (parent_index < 0) throw py::value_error("add_default: the parent class is not in this spec");
    SpecDefault made = spec->defaults[parent_index];
    made.SetName(name);
    made.parent = parent_index;
    spec->defaults.push_back(std::move(made));
    return WrapElement(spec, spec->defaults.ptr(spec->defaults.size() - 1));
  }, py::arg("classname"), py::arg("parent") = py::none());
  cls.def("find_default", [](const std::shared_ptr<Spec>& spec, const std::string& name) -> py::object {
    for (size_t i = 0; i < spec->defaults.size(); ++i) {
      if (spec->defaults[i].name == name) return WrapElement(spec, spec->defaults.ptr(i));
    }
    return py::none();
  }, py::arg("classname"));
  cls.def("delete", [](Spec& spec, py::handle element) { DeleteElement(spec, element); },
          py::arg("element"));
  cls.def_property_readonly("compiler", [](const std::shared_ptr<Spec>& spec) {
    return std::shared_ptr<SpecCompiler>(spec, &spec->compiler);
  });
  cls.def_property_readonly("stat", [](const std::shared_ptr<Spec>& spec) {
    return std::shared_ptr<SpecStatistic>(spec, &spec->statistic);
  });
  cls.def_property_readonly("option", [](const std::shared_ptr<Spec>& spec) {
    return StructHandle<Option>::View(&spec->option, spec);
  });
  cls.def_property_readonly("visual", [](const std::shared_ptr<Spec>& spec) {
    return StructHandle<Visual>::View(&spec->visual.values, spec);
  });
  cls.def_property(
      "modelname", [](const Spec& s) { return s.model_name; },
      [](Spec& s, const std::string& name) { s.model_name = name; });
  cls.def_property(
      "comment", [](const Spec& s) { return s.comment; },
      [](Spec& s, const std::string& text) { s.comment = text; });
  cls.def_property(
      "meshdir", [](const Spec& s) { return s.compiler.meshdir; },
      [](Spec& s, const std::string& dir) { s.compiler.meshdir = dir; });
  cls.def_property(
      "texturedir", [](const Spec& s) { return s.compiler.texturedir; },
      [](Spec& s, const std::string& dir) { s.compiler.texturedir = dir; });
  cls.def_property(
      "strippath", [](const Spec& s) { return static_cast<int>(s.compiler.strippath); },
      [](Spec& s, int value) { s.compiler.strippath = value != 0; });
  cls.def_property_readonly("modelfiledir", [](const Spec& s) { return s.model_dir; });
  SizeValue(cls, "nuser_body", &SpecSize::nuser_body);
  SizeValue(cls, "nuser_jnt", &SpecSize::nuser_jnt);
  SizeValue(cls, "nuser_geom", &SpecSize::nuser_geom);
  SizeValue(cls, "nuser_site", &SpecSize::nuser_site);
  SizeValue(cls, "nuser_cam", &SpecSize::nuser_cam);
  SizeValue(cls, "nuser_tendon", &SpecSize::nuser_tendon);
  SizeValue(cls, "nuser_actuator", &SpecSize::nuser_actuator);
  SizeValue(cls, "nuser_sensor", &SpecSize::nuser_sensor);
  SizeValue(cls, "nuserdata", &SpecSize::nuserdata);
  SizeValue(cls, "nkey", &SpecSize::nkey);
  SizeValue(cls, "njmax", &SpecSize::njmax);
  SizeValue(cls, "nconmax", &SpecSize::nconmax);
  SizeValue(cls, "nstack", &SpecSize::nstack);
  SizeValue(cls, "memory", &SpecSize::memory);
  AddTreeKind<SpecBody>(cls, "bodies");
  AddTreeKind<SpecFrame>(cls, "frames");
  AddTreeKind<SpecJoint>(cls, "joints");
  AddTreeKind<SpecGeom>(cls, "geoms");
  AddTreeKind<SpecSite>(cls, "sites");
  AddTreeKind<SpecCamera>(cls, "cameras");
  AddTreeKind<SpecLight>(cls, "lights");
  AddSpecKind<SpecMesh>(cls, "meshes");
  AddSpecKind<SpecSkin>(cls, "skins");
  AddSpecKind<SpecHField>(cls, "hfields");
  AddSpecKind<SpecTexture>(cls, "textures");
  AddSpecKind<SpecMaterial>(cls, "materials");
  AddSpecKind<SpecPair>(cls, "pairs");
  AddSpecKind<SpecExclude>(cls, "excludes");
  AddSpecKind<SpecEquality>(cls, "equalities");
  AddSpecKind<SpecTendon>(cls, "tendons");
  AddSpecKind<SpecActuator>(cls, "actuators");
  AddSpecKind<SpecSensor>(cls, "sensors");
  AddSpecKind<SpecNumeric>(cls, "numerics");
  AddSpecKind<SpecText>(cls, "texts");
  AddSpecKind<SpecTuple>(cls, "tuples");
  AddSpecKind<SpecKey>(cls, "keys");
  AddSpecKind<SpecPlugin>(cls, "plugins");
  AddSpecKind<SpecFlex>(cls, "flexes");
  cls.def_static("resolve_orientation", [](bool degree, py::object sequence, const Orientation& orientation) {
    SpecCompiler compiler;
    compiler.angle_is_degree = degree;
    if (!sequence.is_none()) {
      std::string text;
      for (py::handle item : sequence) text += item.cast<std::string>();
      if (text.size() != 3) throw py::value_error("sequence needs 3 characters");
      std::copy(text.begin(), text.end(), compiler.eulerseq);
    }
    if (const char* problem = OrientationProblem(orientation)) throw py::value_error(problem);
    py::array_t<double> quat(4);
    OrientationToQuat(quat.mutable_data(), orientation, compiler);
    return quat;
  }, py::arg("degree"), py::arg("sequence"), py::arg("orientation"));
}

}  // namespace

void BindSpec(py::module_& module) {
  BindSpecValueViews(module);
  BindOrientation(module);
  BindDefault(module);
  BindCompiler(module);
  BindStatistic(module);
  BindBody(module);
  BindBodyElement<SpecFrame>(module, "MjsFrame", "A frame of an MjSpec.", false);
  BindBodyElement<SpecJoint>(module, "MjsJoint", "A joint of an MjSpec.", true);
  BindBodyElement<SpecGeom>(module, "MjsGeom", "A geom of an MjSpec.", true);
  BindBodyElement<SpecSite>(module, "MjsSite", "A site of an MjSpec.", true);
  BindBodyElement<SpecCamera>(module, "MjsCamera", "A camera of an MjSpec.", true);
  BindBodyElement<SpecLight>(module, "MjsLight", "A light of an MjSpec.", true);
  auto mesh = BindElement<SpecMesh>(module, "MjsMesh", "A mesh of an MjSpec.");
  AddClassName(mesh);
  BindMeshBuiltins(mesh);
  BindElement<SpecSkin>(module, "MjsSkin", "A skin of an MjSpec.");
  BindElement<SpecHField>(module, "MjsHField", "A height field of an MjSpec.");
  BindElement<SpecTexture>(module, "MjsTexture", "A texture of an MjSpec.");
  AddClassName(BindElement<SpecMaterial>(module, "MjsMaterial", "A material of an MjSpec."));
  AddClassName(BindElement<SpecPair>(module, "MjsPair", "A contact pair of an MjSpec."));
  BindElement<SpecExclude>(module, "MjsExclude", "A contact exclusion of an MjSpec.");
  AddClassName(BindElement<SpecEquality>(module, "MjsEquality", "An equality constraint of an MjSpec."));
  BindTendon(BindElement<SpecTendon>(module, "MjsTendon", "A tendon of an MjSpec."), module);
  auto actuator = BindElement<SpecActuator>(module, "MjsActuator", "An actuator of an MjSpec.");
  AddClassName(actuator);
  BindActuatorShortcuts(actuator);
  BindElement<SpecSensor>(module, "MjsSensor", "A sensor of an MjSpec.")
      .def("get_data_size", [](const SpecSensor& sensor) {
        int size = SensorDataSize(sensor);
        if (size < 0) throw py::value_error("a tactile sensor's size depends on its mesh: compile the spec");
        return size;
      }, "the number of outputs the sensor writes");
  BindElement<SpecNumeric>(module, "MjsNumeric", "A numeric of an MjSpec.");
  BindElement<SpecText>(module, "MjsText", "A text of an MjSpec.");
  BindElement<SpecTuple>(module, "MjsTuple", "A tuple of an MjSpec.");
  BindElement<SpecKey>(module, "MjsKey", "A keyframe of an MjSpec.");
  BindElement<SpecPlugin>(module, "MjsPlugin", "A plugin instance of an MjSpec.");
  BindElement<SpecFlex>(module, "MjsFlex", "A flex of an MjSpec.");
  BindSpecClass(module);
  BindSpecWriter(module);
  BindSpecAttach(module);
}

}  // namespace mjsim
