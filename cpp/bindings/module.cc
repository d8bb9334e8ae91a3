// module.cc: the mjsim._core extension. MjModel and MjData expose every fields.h array as a
// NumPy view into the engine's buffer. Each view's base is a capsule holding a reference to that
// buffer's owner, so a view outlives the Python object it came from safely. Views of fixed-size
// arrays are made once per object and cached: reading d.qpos costs one attribute lookup.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <memory>
#include <set>
#include <type_traits>
#include <string>
#include <vector>

#include "bindings.h"
#include "spec.h"
#include "structs.h"
#include "engine/stages.h"
#include "mjsim/api.h"
#include "mjsim/errors.h"
#include "mjsim/inverse.h"

namespace mjsim {

// Copies `value` into the view's memory after checking its shape; a partial write never happens.
void AssignToView(py::object view, py::handle value, const char* name) {
  if (py::isinstance<py::bytes>(view)) {
    throw py::attribute_error(std::string("'") + name + "' is read-only");
  }
  py::array target = view.cast<py::array>();
  py::array source = py::array::ensure(value);
  if (!source) throw py::type_error(std::string("cannot convert value for '") + name + "' to an array");
  py::module_ numpy = py::module_::import("numpy");
  try {
    numpy.attr("copyto")(target, source, py::arg("casting") = "same_kind");
  } catch (py::error_already_set& error) {
    throw py::value_error(std::string("cannot assign to '") + name + "': " + error.what());
  }
}

void CheckSameModel(const PyModel& m, const PyData& d, const char* caller) {
  if (m.model != d.model && !DataFitsModel(*d.model, *m.model)) {
    throw py::value_error("d was made for a different MjModel than m, of other sizes (nq " +
                          std::to_string(d.model->nq) + " vs " + std::to_string(m.model->nq) +
                          ", nv " + std::to_string(d.model->nv) + " vs " +
                          std::to_string(m.model->nv) + ", ...)");
  }
  if (caller) mj_checkModel(*m.model, caller, false);
}

// The float64 C-contiguous writable array `array` of exactly `size` values, for output.
mjtNum* OutputArray(py::array& array, py::ssize_t size, const char* name) {
  if (!array.dtype().is(py::dtype::of<mjtNum>()) || !(array.flags() & py::array::c_style) ||
      !array.writeable()) {
    throw py::type_error(std::string(name) + " must be a writable C-contiguous float64 array");
  }
  CheckArraySize(array.size(), size, name);
  return static_cast<mjtNum*>(array.mutable_data());
}

// TypeError, as the reference's bindings raise for an array of the wrong size
void CheckArraySize(py::ssize_t size, py::ssize_t expected, const char* name) {
  if (size != expected) {
    throw py::type_error(std::string(name) + " must have " + std::to_string(expected) +
                         " values, got " + std::to_string(size));
  }
}

void CheckInputSize(const InputArray& array, py::ssize_t size, const char* name) {
  CheckArraySize(array.size(), size, name);
}

// Assets are found by file name, so two keys naming the same file in different folders are
// ambiguous: a ValueError, with the reference's wording.
AssetMap ToAssetMap(const py::object& assets) {
  AssetMap map;
  if (assets.is_none()) return map;
  std::set<std::string> file_names;
  for (auto item : assets.cast<py::dict>()) {
    std::string key = item.first.cast<std::string>();
    std::string file_name = key.substr(key.find_last_of("/\\") + 1);
    if (!file_names.insert(file_name).second) {
      throw py::value_error("Repeated file name in assets dict: " + file_name);
    }
    map[key] = item.second.cast<std::string>();
  }
  return map;
}

namespace {


// m.opt, m.vis and m.stat: views of the Model's structs (structs.h), from their tables
void BindOption(py::module_& module) {
  using Struct = Option;
  auto cls = BindStruct<Option>(module, "MjOption", "Physics options (m.opt).");
  MJSIM_OPTION_FIELDS(MJSIM_STRUCT_MEMBER_WITH_DEFAULT)
  FinishStruct<Option>(cls, [] { return Option(); });
  module.def("mj_defaultOption", [](StructHandle<Option>& opt) { *opt.value = Option(); },
             py::arg("opt"), "Reset an MjOption to the defaults of <option>.");
}

// m.vis.global_ is spelled as the mujoco bindings spell it; the sections are nested classes
// (MjVisual.Global), not constructible, as the reference's
void BindVisual(py::module_& module) {
  py::class_<StructHandle<Visual>> visual =
      BindStruct<Visual>(module, "MjVisual", "Visualization settings (m.vis).");
#define MJSIM_VISUAL_BIND(SectionStruct, member, tag, TABLE)                                   \
  {                                                                                          \
    using Struct = SectionStruct;                                                            \
    std::string class_name = tag;                                                            \
    class_name[0] = static_cast<char>(class_name[0] - 'a' + 'A');                            \
    auto cls = BindStruct<Struct>(visual, class_name.c_str(), "m.vis." tag " settings");     \
    TABLE(MJSIM_STRUCT_MEMBER_WITH_KIND)                                                     \
    FinishStruct<Struct>(cls, nullptr);                                                      \
    static const std::string python_name = std::string(tag) == "global" ? "global_" : tag;   \
    AddMember(visual, python_name.c_str(), &Visual::member, "m.vis." tag " settings");       \
  }
  MJSIM_VISUAL_SECTIONS(MJSIM_VISUAL_BIND)
#undef MJSIM_VISUAL_BIND
  FinishStruct<Visual>(visual, nullptr, false);
  module.def("mj_defaultVisual", [](StructHandle<Visual>& vis) { *vis.value = Visual(); },
             py::arg("vis"), "Reset an MjVisual to the defaults of <visual>.");
  using Struct = Statistic;
  auto cls = BindStruct<Statistic>(module, "MjStatistic", "Model statistics (m.stat).");
  MJSIM_STATISTIC_FIELDS(MJSIM_STRUCT_MEMBER)
  FinishStruct<Statistic>(cls, [] { return Statistic(); });
}

// MjvCamera and MjvPerturb, the viewer's camera and mouse perturbation, with their defaults
// (mjv_defaultCamera, mjv_defaultPerturb)
void BindViewerStructs(py::module_& module) {
  {
    using Struct = VisCamera;
    auto cls = BindStruct<VisCamera>(module, "MjvCamera", "How a viewer looks at the scene.");
    MJSIM_VIS_CAMERA_MEMBERS(MJSIM_STRUCT_MEMBER_WITH_DEFAULT)
    FinishStruct<VisCamera>(cls, [] { return VisCamera(); });
    module.def("mjv_defaultCamera", [](StructHandle<VisCamera>& cam) { *cam.value = VisCamera(); },
               py::arg("cam"), "Resets a viewer camera to the free camera's defaults.");
  }
  using Struct = VisPerturb;
  auto cls = BindStruct<VisPerturb>(module, "MjvPerturb",
                                    "The body a user grabbed in a viewer and where it is pulled.");
  MJSIM_VIS_PERTURB_MEMBERS(MJSIM_STRUCT_MEMBER_WITH_DEFAULT)
  FinishStruct<VisPerturb>(cls, [] { return VisPerturb(); });
  module.def("mjv_defaultPerturb", [](StructHandle<VisPerturb>& pert) { *pert.value = VisPerturb(); },
             py::arg("pert"), "Resets a perturbation to none selected.");
}

// Parsing and compiling release the GIL, so threads can load models in parallel.
std::shared_ptr<PyModel> CompileWithoutGil(
    std::unique_ptr<Model> (*load)(const std::string&, const AssetMap&), const std::string& source,
    const AssetMap& assets) {
  std::shared_ptr<Model> compiled;
  {
    py::gil_scoped_release release;
    compiled = load(source, assets);
  }
  return std::make_shared<PyModel>(std::move(compiled));
}

// Pickling: a Model is its sizes, its option/visual/statistic structs and its buffer; a Data
// is its Model plus its buffer and scalars. The bytes are this build's memory layout: a pickle
// is read back by the same mjsim version on the same kind of machine.
constexpr const char* kModelPickleTag = "mjsim-model-1";

py::tuple ModelState(const Model& m) {
  py::list sizes;
#define MJSIM_X(name, doc) sizes.append(m.name);
  MJSIM_MODEL_SIZES(MJSIM_X)
#undef MJSIM_X
  return py::make_tuple(kModelPickleTag, sizes, StructBytes(m.opt), StructBytes(m.vis),
                        StructBytes(m.stat),
                        py::bytes(reinterpret_cast<const char*>(m.buffer.bytes()), m.buffer.size()));
}

std::shared_ptr<PyModel> ModelFromState(const py::tuple& state) {
  if (state.size() != 6 || !py::isinstance<py::str>(state[0]) ||
      state[0].cast<std::string>() != kModelPickleTag) {
    throw py::value_error("not a pickled mjsim MjModel of this version");
  }
  auto m = std::make_shared<Model>();
  std::string buffer;
  try {
    py::list sizes = state[1];
    size_t next = 0;
#define MJSIM_X(name, doc) m->name = sizes[next++].cast<int>();
    MJSIM_MODEL_SIZES(MJSIM_X)
#undef MJSIM_X
    buffer = state[5].cast<py::bytes>();
  } catch (const py::cast_error&) {
    throw py::value_error("pickled MjModel is corrupted: its sizes or buffer are of the wrong type");
  } catch (const py::error_already_set&) {
    throw py::value_error("pickled MjModel is corrupted: its sizes or buffer are of the wrong type");
  }
  StructFromBytes(m->opt, state[2], "options");
  StructFromBytes(m->vis, state[3], "visual settings");
  StructFromBytes(m->stat, state[4], "statistics");
  FillLoadedModel(*m, buffer.data(), buffer.size(), "pickled MjModel");
  return std::make_shared<PyModel>(std::move(m));
}

// an array field of MjModel or MjData: its name, its place in the views, its doc
struct FieldEntry {
  const char* name;
  int index;
  const char* doc;
};

// The array fields of MjModel or MjData (Wrapper: PyModel or PyData, each with its views) as
// properties, one getter and one setter type for all of them: a lambda per field was a
// template instantiation per field, minutes of compile time.
template <class Wrapper, class Class, size_t count>
void BindArrayFields(Class& cls, const FieldEntry (&fields)[count]) {
  for (const FieldEntry& entry : fields) {
    int index = entry.index;
    const char* name = entry.name;
    cls.def_property(
        name, [index](const Wrapper& self) { return self.views[index]; },
        [index, name](Wrapper& self, py::handle value) {
          AssignToView(self.views[index], value, name);
        },
        entry.doc);
  }
}

void BindModel(py::module_& module) {
  py::class_<PyModel, std::shared_ptr<PyModel>> model(module, "MjModel", "A compiled model.");
  model.def_static(
      "from_xml_string",
      [](const std::string& xml, py::object assets) {
        return CompileWithoutGil(LoadXmlString, xml, ToAssetMap(assets));
      },
      py::arg("xml"), py::arg("assets") = py::none(), "Compiles a model from MJCF text.");
  model.def_static(
      "from_xml_path",
      [](const std::string& path, py::object assets) {
        return CompileWithoutGil(LoadXmlFile, path, ToAssetMap(assets));
      },
      py::arg("filename"), py::arg("assets") = py::none(), "Compiles a model from an MJCF file.");
  model.def("__copy__", [](const PyModel& self) {
    return std::make_shared<PyModel>(std::shared_ptr<Model>(CopyModel(*self.model)));
  });
  model.def("__deepcopy__", [](const PyModel& self, py::dict) {
    return std::make_shared<PyModel>(std::shared_ptr<Model>(CopyModel(*self.model)));
  }, py::arg("memo"));
  model.def(py::pickle([](const PyModel& self) { return ModelState(*self.model); },
                       [](py::tuple state) {
                         try {
                           return ModelFromState(state);
                         } catch (const py::cast_error&) {
                           throw py::value_error("pickled MjModel is corrupted: an entry is of the wrong type");
                         }
                       }));
  model.def_property_readonly(
      "_spec_signature", [](const PyModel& self) { return self.spec_signature; },
      "the signature of the MjSpec compile that made this model (0: none), for bind");
  model.def_property_readonly(
      "nbuffer", [](const PyModel& self) { return self.model->buffer.size(); },
      "bytes of the buffer holding the model's arrays");
  model.def_property_readonly(
      "signature", [](const PyModel& self) { return ModelSignature(*self.model); },
      "hash of the model's structure (sizes, body tree, sensor types): equal for models of one "
      "structure, whatever their numbers and names; mjsim's own hash, not the reference's value");
  model.def_property_readonly(
      "_address", [](const PyModel& self) { return reinterpret_cast<uintptr_t>(self.model.get()); },
      "where the engine's model lives in memory");
  model.def_property_readonly(
      "opt", [](const PyModel& self) { return StructHandle<Option>::View(&self.model->opt, self.model); },
      "physics options");
  model.def_property_readonly(
      "vis", [](const PyModel& self) { return StructHandle<Visual>::View(&self.model->vis, self.model); },
      "visualization settings");
  model.def_property_readonly(
      "stat", [](const PyModel& self) {
        return StructHandle<Statistic>::View(&self.model->stat, self.model);
      }, "model statistics");
  // the sizes and arrays from tables (see BindArrayFields)
  struct SizeEntry {
    const char* name;
    int Model::*size;
    const char* doc;
  };
  static const SizeEntry kSizes[] = {
#define MJSIM_X(name, doc) {#name, &Model::name, doc},
      MJSIM_MODEL_SIZES(MJSIM_X)
#undef MJSIM_X
  };
  for (const SizeEntry& entry : kSizes) {
    int Model::*size = entry.size;
    model.def_property_readonly(
        entry.name, [size](const PyModel& self) { return (*self.model).*size; }, entry.doc);
  }
  static const FieldEntry kFields[] = {
#define MJSIM_X(type, name, rows, cols, doc) {#name, kModelField_##name, doc},
      MJSIM_MODEL_FIELDS(MJSIM_X)
#undef MJSIM_X
  };
  BindArrayFields<PyModel>(model, kFields);
}

// d.warning, d.timer and d.solver: mujoco's lists of MjWarningStat, MjTimerStat and
// MjSolverStat. d.warning[i].number; d.warning.number, a strided view over all of them;
// d.solver[:n], the list of the first n (any slice), with the same views.
template <typename Stat>
struct PyStatList {
  std::shared_ptr<Data> data;
  Stat* first;
  py::ssize_t count;
  py::ssize_t step = 1;  // in Stats
};

template <typename Stat, typename T>
py::object StatMemberView(const PyStatList<Stat>& list, T Stat::*member) {
  auto* keeper = new std::shared_ptr<void>(list.data);
  py::capsule base(keeper, [](void* p) { delete static_cast<std::shared_ptr<void>*>(p); });
  return py::array_t<T>({list.count}, {static_cast<py::ssize_t>(sizeof(Stat)) * list.step},
                        &(list.first->*member), base);
}

// the list class: len, indexing (negative from the end), slicing, one strided view per member
template <typename Stat>
py::class_<PyStatList<Stat>> BindStatList(py::module_& module, const char* name,
                                          const char* doc) {
  py::class_<PyStatList<Stat>> list(module, name, doc);
  list.def("__len__", [](const PyStatList<Stat>& self) { return self.count; })
      .def("__getitem__", [name](const PyStatList<Stat>& self, py::ssize_t index) {
        py::ssize_t count = self.count;
        if (index < 0) index += count;
        if (index < 0 || index >= count) {
          throw py::index_error(std::string(name) + " index " + std::to_string(index) +
                                " out of range [0, " + std::to_string(count) + ")");
        }
        return StructHandle<Stat>::View(self.first + index * self.step, self.data);
      }, py::arg("index"))
      .def("__getitem__", [](const PyStatList<Stat>& self, const py::slice& slice) {
        py::ssize_t start, stop, step, length;
        if (!slice.compute(self.count, &start, &stop, &step, &length)) {
          throw py::error_already_set();
        }
        return PyStatList<Stat>{self.data, self.first + start * self.step, length,
                                step * self.step};
      }, py::arg("slice"));
  return list;
}

template <typename Stat>
struct StatClasses {
  py::class_<StructHandle<Stat>> cls;  // d.warning[i]
  py::class_<PyStatList<Stat>> list;   // d.warning
};

template <typename Stat>
StatClasses<Stat> BindStatClasses(py::module_& module, const char* name, const char* doc,
                                  const char* list_name, const char* list_doc) {
  return {BindStruct<Stat>(module, name, doc), BindStatList<Stat>(module, list_name, list_doc)};
}

template <typename Stat, typename T>
void AddStatMember(StatClasses<Stat>& classes, const char* name, T Stat::*member,
                   const char* doc) {
  AddMember(classes.cls, name, member, doc);
  classes.list.def_property_readonly(name, [member](const PyStatList<Stat>& self) {
    return StatMemberView(self, member);
  }, doc);
}

template <typename Stat>
void FinishStatClasses(StatClasses<Stat>& classes) {
  FinishStruct<Stat>(classes.cls, Zeroed<Stat>);
  FinishStructList<PyStatList<Stat>, Stat>(
      classes.list, [](const PyStatList<Stat>& list) { return list.count; },
      [](const PyStatList<Stat>& list, py::ssize_t i) -> const Stat& {
        return list.first[i * list.step];
      });
}

// one row of a stat table (data.h, efc.h) in `classes` for Struct (usings in scope)
#define MJSIM_STAT_MEMBER(type, name, count, doc) AddStatMember(classes, #name, &Struct::name, doc);

void BindWarnings(py::module_& module) {
  using Struct = WarningStat;
  auto classes = BindStatClasses<WarningStat>(
      module, "MjWarningStat", "How often a warning was raised (d.warning[i]).",
      "MjWarningStatList", "d.warning, indexed by mjtWarning.");
  MJSIM_WARNING_STAT_MEMBERS(MJSIM_STAT_MEMBER)
  FinishStatClasses(classes);
}

void BindTimers(py::module_& module) {
  using Struct = TimerStat;
  auto classes = BindStatClasses<TimerStat>(
      module, "MjTimerStat", "How often a stage ran and for how long (d.timer[i]).",
      "MjTimerStatList", "d.timer, indexed by mjtTimer.");
  MJSIM_TIMER_STAT_MEMBERS(MJSIM_STAT_MEMBER)
  FinishStatClasses(classes);
}


// d.efc_<name>: a view of the current nefc rows; a field of m.nv columns is flat (efc_J,
// efc_J_colind), nJ long
template <typename T>
py::object EfcView(const PyData& self, T* pointer, int cols, const char* cols_text) {
  const Data& d = *self.data;
  std::string text(cols_text);
  if (text == "m.nv") {
    return MakeView(pointer, d.nJ, 1, "1", self.base);
  }
  return MakeView(pointer, d.nefc, cols, cols_text, self.base);
}

// row i's entries of the sparse layout lie within the nJ packed entries and its columns within
// the dense row (the engine's rows always; rows a script laid out or edited may not)
bool SparseRowInRange(const Model& m, const Data& d, int i) {
  int address = d.efc_J_rowadr[i], count = d.efc_J_rownnz[i];
  if (address < 0 || count < 0 || count > m.nv || address > d.nJ - count) return false;
  const int* columns = d.efc_J_colind + address;
  return std::all_of(columns, columns + count, [&](int c) { return c >= 0 && c < m.nv; });
}

// efc_J in the sparse layout: the nonzeros of the dense rows, packed as efc_J_colind says. The
// engine keeps dense rows, so this is a copy; assigning to d.efc_J writes the rows back.
py::object SparseJacobian(const PyData& self) {
  const Model& m = *self.model;
  const Data& d = *self.data;
  py::array_t<mjtNum> packed(d.nJ);
  mjtNum* out = packed.mutable_data();
  std::fill(out, out + d.nJ, 0.0);
  for (int i = 0; i < d.nefc; ++i) {
    if (!SparseRowInRange(m, d, i)) continue;  // rows a script sized (_realloc_con_efc)
    const int* columns = d.efc_J_colind + d.efc_J_rowadr[i];
    for (int k = 0; k < d.efc_J_rownnz[i]; ++k) {
      out[d.efc_J_rowadr[i] + k] = d.efc_J[static_cast<size_t>(i) * m.nv + columns[k]];
    }
  }
  return std::move(packed);
}

void AssignSparseJacobian(PyData& self, py::handle value) {
  const Model& m = *self.model;
  Data& d = *self.data;
  py::object packed = SparseJacobian(self);
  AssignToView(packed, value, "efc_J");
  const mjtNum* in = packed.cast<py::array_t<mjtNum>>().data();
  for (int i = 0; i < d.nefc; ++i) {
    if (!SparseRowInRange(m, d, i)) continue;
    const int* columns = d.efc_J_colind + d.efc_J_rowadr[i];
    for (int k = 0; k < d.efc_J_rownnz[i]; ++k) {
      d.efc_J[static_cast<size_t>(i) * m.nv + columns[k]] = in[d.efc_J_rowadr[i] + k];
    }
  }
}

// efc_AR (nA entries) or one of its per-row pattern arrays (nefc entries while efc_AR is filled)
template <typename T>
py::object DualMatrixView(const PyData& self, T* pointer, bool per_row) {
  const Data& d = *self.data;
  int rows = per_row ? (d.nA > 0 ? d.nefc : 0) : d.nA;
  return MakeView(pointer, rows, 1, "1", self.base);
}

template <typename T>
py::object EfcField(const PyData& self, T* pointer, int cols, const char* cols_text,
                    const char* name) {
  if (std::strcmp(name, "efc_J") == 0 && mj_isSparse(*self.model)) return SparseJacobian(self);
  return EfcView(self, pointer, cols, cols_text);
}

template <typename T>
void AssignEfcField(PyData& self, T* pointer, int cols, const char* cols_text, const char* name,
                    py::handle value) {
  if (std::strcmp(name, "efc_J") == 0 && mj_isSparse(*self.model)) {
    AssignSparseJacobian(self, value);
    return;
  }
  AssignToView(EfcView(self, pointer, cols, cols_text), value, name);
}
// the `m` the efc table's column expressions refer to
#define MJSIM_EFC_COLUMNS_OF(self) \
  const Model& m = *(self).model;   \
  (void)m

void BindSolverStats(py::module_& module) {
  using Struct = SolverStat;
  auto classes = BindStatClasses<SolverStat>(
      module, "MjSolverStat", "One solver iteration (d.solver[i]).", "MjSolverStatList",
      "d.solver, per island and iteration (island i's at i * mjNSOLVER).");
  MJSIM_SOLVER_STAT_MEMBERS(MJSIM_STAT_MEMBER)
  FinishStatClasses(classes);
}

// Pickling an MjData: its model's state, then the Data scalars table (data.h) as raw bytes,
// the buffer and the arena's bytes in use (contacts, constraint rows, efc_AR); read back by
// the same mjsim build, as a pickled MjModel.
constexpr const char* kDataPickleTag = "mjsim-data-3";

size_t ScalarBytes() {
  size_t total = 0;
#define MJSIM_X(type, name, count, doc) total += sizeof(Data::name);
  MJSIM_DATA_SCALARS(MJSIM_X)
#undef MJSIM_X
  return total;
}

py::tuple DataState(const PyData& self) {
  const Data& d = *self.data;
  std::string scalars;
#define MJSIM_X(type, name, count, doc) \
  scalars.append(reinterpret_cast<const char*>(&d.name), sizeof(d.name));
  MJSIM_DATA_SCALARS(MJSIM_X)
#undef MJSIM_X
  return py::make_tuple(kDataPickleTag, ModelState(*self.model), py::bytes(scalars),
                        py::bytes(reinterpret_cast<const char*>(d.buffer.bytes()), d.buffer.size()),
                        py::bytes(reinterpret_cast<const char*>(d.arena.bytes()), d.parena));
}

// an MjData from its pickled state; ValueError when it is malformed
std::shared_ptr<PyData> DataFromState(const py::tuple& state) {
  if (state.size() != 5 || !py::isinstance<py::str>(state[0]) ||
      state[0].cast<std::string>() != kDataPickleTag) {
    throw py::value_error("not a pickled mjsim MjData of this version");
  }
  auto data = std::make_shared<PyData>(ModelFromState(state[1]));
  Data& d = *data->data;
  std::string scalars = state[2].cast<py::bytes>();
  std::string buffer = state[3].cast<py::bytes>();
  std::string arena = state[4].cast<py::bytes>();
  if (scalars.size() != ScalarBytes() || buffer.size() != d.buffer.size()) {
    throw py::value_error("pickled MjData has the wrong size");
  }
  // the counts are checked on a copy: d keeps its reset state until they are known to fit
  Data counts;
  size_t offset = 0;
#define MJSIM_X(type, name, count, doc)                                  \
  std::memcpy(&counts.name, scalars.data() + offset, sizeof(counts.name)); \
  offset += sizeof(counts.name);
  MJSIM_DATA_SCALARS(MJSIM_X)
#undef MJSIM_X
  const Model& m = *data->model;
  bool counts_fit = counts.pstack == 0 && counts.pbase == 0 && counts.ncon >= 0 &&
                    counts.ncon <= d.MaxContacts() && counts.nefc >= 0 &&
                    counts.nA >= 0 && counts.nisland >= 0 && counts.nisland <= m.nv &&
                    counts.nidof >= 0 && counts.nidof <= m.nv;
  counts_fit = counts_fit && counts.nJ >= 0;
  d.ncon = counts_fit ? counts.ncon : 0;
  d.nefc = counts_fit ? counts.nefc : 0;  // LayoutDualMatrix sizes its row arrays by nefc
  d.nJ = counts_fit ? counts.nJ : 0;      // and LayoutConstraintRows the Jacobian's by nJ
  if (!counts_fit || !LayoutConstraintRows(m, d, counts.nefc) ||
      (counts.nA > 0 && !LayoutDualMatrix(d, counts.nA)) || arena.size() != d.parena) {
    throw py::value_error("pickled MjData has malformed contacts or constraint rows");
  }
#define MJSIM_X(type, name, count, doc) \
  std::memcpy(&d.name, &counts.name, sizeof(d.name));
  MJSIM_DATA_SCALARS(MJSIM_X)
#undef MJSIM_X
  std::memcpy(d.buffer.bytes(), buffer.data(), buffer.size());
  std::memcpy(d.arena.bytes(), arena.data(), arena.size());
  return data;
}

// d.narena, d.nbuffer, where the arena's rows and stack end, and their high-water marks. The
// stack's and rows' extents may be set, as in mujoco (a script fills the stack to test the
// overflow error), within the arena.
void BindArenaMembers(py::class_<PyData, std::shared_ptr<PyData>>& data) {
  data.def_property_readonly(
      "narena", [](const PyData& self) { return self.data->arena.size(); },
      "bytes of the arena: contacts and constraint rows from its start, the stack from its end");
  data.def_property_readonly(
      "nbuffer", [](const PyData& self) { return self.data->buffer.size(); },
      "bytes of the buffer holding the fixed-size arrays");
  struct Extent {
    const char* name;
    size_t Data::*member;
    const char* doc;
  };
  static const Extent kExtents[] = {
      {"pstack", &Data::pstack, "arena bytes the stack takes from its end"},
      {"pbase", &Data::pbase, "pstack when the innermost stack frame opened"},
      {"parena", &Data::parena, "arena bytes in use from its start (contacts, rows, efc_AR)"},
  };
  for (const Extent& extent : kExtents) {
    size_t Data::*member = extent.member;
    const char* name = extent.name;
    data.def_property(
        name, [member](const PyData& self) { return (*self.data).*member; },
        [member, name](PyData& self, size_t value) {
          Data& d = *self.data;
          size_t other = member == &Data::parena ? d.pstack : d.parena;
          if (member != &Data::pbase && value > d.arena.size() - other) {
            throw FatalError(std::string(name) + " = " + std::to_string(value) +
                             " leaves no room: the arena holds " + std::to_string(d.arena.size()) +
                             " bytes, " + std::to_string(other) + " of them taken");
          }
          d.*member = value;
        },
        extent.doc);
  }
  data.def_property(
      "maxuse_stack", [](const PyData& self) { return self.data->maxuse_stack; },
      [](PyData& self, size_t value) { self.data->maxuse_stack = value; },
      "most stack bytes in use since the reset");
  data.def_property(
      "maxuse_arena", [](const PyData& self) { return self.data->maxuse_arena; },
      [](PyData& self, size_t value) { self.data->maxuse_arena = value; },
      "most arena bytes in use, rows and stack, since the reset");
  data.def_property(
      "maxuse_con", [](const PyData& self) { return self.data->maxuse_con; },
      [](PyData& self, int value) { self.data->maxuse_con = value; },
      "most contacts at once since the reset");
  data.def_property(
      "maxuse_efc", [](const PyData& self) { return self.data->maxuse_efc; },
      [](PyData& self, int value) { self.data->maxuse_efc = value; },
      "most constraint rows at once since the reset");
  data.def_property_readonly(
      "maxuse_threadstack",
      [](const PyData& self) {
        return MakeView(self.data->maxuse_threadstack, mjMAXTHREAD, 1, "1", self.base);
      },
      "most stack bytes per worker thread (mjsim's steps run on the calling thread: 0)");
}

// _realloc_con_efc: room for ncon zeroed contacts and nefc zeroed constraint rows (the Jacobian's
// arrays with nJ entries; nJ < 0 keeps d.nJ), as mujoco's private helper; the arena's contents
// are gone either way (ncon = nefc = 0 when they do not fit)
void ReallocateContactsAndRows(const PyModel& m, PyData& self, int ncon, int nefc, int nJ) {
  Data& d = *self.data;
  const Model& model = *m.model;
  d.ncon = d.nefc = d.ne = d.nf = d.nl = d.nA = d.nisland = d.nidof = 0;
  if (nJ >= 0) d.nJ = nJ;
  bool fits = ncon >= 0 && nefc >= 0 && ncon <= d.MaxContacts();
  if (fits) {
    d.ncon = ncon;
    fits = LayoutConstraintRows(model, d, nefc);
  }
  if (!fits) {
    d.ncon = 0;
    LayoutConstraintRows(model, d, 0);
    throw FatalError("insufficient arena memory available");
  }
  d.nefc = nefc;
  std::memset(d.arena.bytes(), 0, d.parena);
}

void BindData(py::module_& module) {
  BindContacts(module);
  BindSolverStats(module);
  BindWarnings(module);
  BindTimers(module);
  py::class_<PyData, std::shared_ptr<PyData>> data(module, "MjData", "Simulation state and results.");
  data.def_property_readonly(
      "warning", [](const PyData& self) {
        return PyStatList<WarningStat>{self.data, self.data->warning, mjNWARNING};
      }, "warning statistics");
  data.def_property_readonly(
      "timer", [](const PyData& self) {
        return PyStatList<TimerStat>{self.data, self.data->timer, mjNTIMER};
      }, "how often each stage ran and for how long (mjtTimer)");
  data.def_property(
      "energy",
      [](const PyData& self) { return MakeView(self.data->energy, 2, 1, "1", self.base); },
      [](PyData& self, py::handle value) {
        AssignToView(MakeView(self.data->energy, 2, 1, "1", self.base), value, "energy");
      },
      "potential and kinetic energy (with mjENBL_ENERGY)");
  data.def(py::init([](std::shared_ptr<PyModel> model) {
    if (!model) throw py::type_error("MjModel cannot be None");
    return std::make_shared<PyData>(std::move(model));
  }), py::arg("model"));
  data.def_property_readonly(
      "threadpool", [](const PyData&) { return 0; },
      "the thread pool stepping this data: mjsim has none (0)");
  data.def_property_readonly(
      "_address", [](const PyData& self) { return reinterpret_cast<uintptr_t>(self.data.get()); },
      "where the engine's data lives in memory");
  data.def_property_readonly(
      "model", [](const PyData& self) { return self.model_object; },
      "the MjModel this MjData was made for");
  data.def_property_readonly(
      "signature", [](const PyData& self) { return ModelSignature(*self.model); },
      "the signature of the model this MjData was made for (MjModel.signature)");
  // copy.copy shares the model; deepcopy and pickle copy it too, as mujoco's MjData does
  auto copy_onto = [](const PyData& source, std::shared_ptr<PyModel> model) {
    auto copy = std::make_shared<PyData>(std::move(model));
    CopyData(*copy->model, *source.data, *copy->data);
    return copy;
  };
  data.def("__copy__", [copy_onto](const PyData& self) { return copy_onto(self, self.owner); });
  data.def("__deepcopy__", [copy_onto](const PyData& self, py::dict) {
    return copy_onto(self, std::make_shared<PyModel>(std::shared_ptr<Model>(CopyModel(*self.model))));
  }, py::arg("memo"));
  data.def(py::pickle(
      [](const PyData& self) { return DataState(self); },
      [](py::tuple state) {
        try {
          return DataFromState(state);
        } catch (const py::cast_error&) {
          throw py::value_error("pickled MjData is corrupted: an entry is of the wrong type");
        } catch (const py::error_already_set&) {
          throw py::value_error("pickled MjData is corrupted: an entry is of the wrong type");
        }
      }));
  data.def_property_readonly(
      "ncon", [](const PyData& self) { return self.data->ncon; }, "number of detected contacts");
  data.def_property_readonly(
      "nefc", [](const PyData& self) { return self.data->nefc; }, "number of constraint rows");
  data.def_property_readonly(
      "nA", [](const PyData& self) { return self.data->nA; }, "number of entries of efc_AR");
  data.def_property_readonly(
      "ne", [](const PyData& self) { return self.data->ne; }, "number of equality rows");
  data.def_property_readonly(
      "nf", [](const PyData& self) { return self.data->nf; }, "number of friction rows");
  data.def_property_readonly(
      "nl", [](const PyData& self) { return self.data->nl; }, "number of limit rows");
  data.def_property_readonly(
      "nisland", [](const PyData& self) { return self.data->nisland; },
      "constraint islands found this step");
  data.def_property_readonly(
      "nidof", [](const PyData& self) { return self.data->nidof; },
      "dofs in all islands together");
  // island_*: views of this step's nisland islands
#define MJSIM_X(type, name, doc)                                                              \
  data.def_property_readonly(                                                                 \
      #name,                                                                                  \
      [](const PyData& self) {                                                                \
        return MakeView(self.data->name, self.data->nisland, 1, "1", self.base);              \
      },                                                                                      \
      doc);
  MJSIM_ISLAND_FIELDS(MJSIM_X)
#undef MJSIM_X
  data.def_property_readonly(
      "nJ", [](const PyData& self) { return self.data->nJ; },
      "number of entries of efc_J (nonzeros only in the sparse layout)");
  // efc_*: views of this step's rows (nefc of them); efc_J is flat, nJ long, as mujoco's
#define MJSIM_X(type, name, cols, doc)                                                        \
  data.def_property(                                                                          \
      #name,                                                                                  \
      [](const PyData& self) {                                                                \
        MJSIM_EFC_COLUMNS_OF(self);                                                           \
        return EfcField(self, self.data->name, cols, #cols, #name);                           \
      },                                                                                      \
      [](PyData& self, py::handle value) {                                                    \
        MJSIM_EFC_COLUMNS_OF(self);                                                           \
        AssignEfcField(self, self.data->name, cols, #cols, #name, value);                     \
      },                                                                                      \
      doc);
  MJSIM_EFC_FIELDS(MJSIM_X)
#undef MJSIM_X
  // efc_AR and its pattern (mj_projectConstraint): nA entries; the per-row arrays have nefc
  // rows while efc_AR is filled, none otherwise
  data.def_property(
      "efc_AR", [](const PyData& self) { return DualMatrixView(self, self.data->efc_AR, false); },
      [](PyData& self, py::handle value) {
        AssignToView(DualMatrixView(self, self.data->efc_AR, false), value, "efc_AR");
      },
      "J M^-1 J' + diag(R): dense nefc x nefc, or the nonzeros listed in efc_AR_colind");
  data.def_property_readonly(
      "efc_AR_rownnz",
      [](const PyData& self) { return DualMatrixView(self, self.data->efc_AR_rownnz, true); },
      "number of nonzeros of each row of efc_AR");
  data.def_property_readonly(
      "efc_AR_rowadr",
      [](const PyData& self) { return DualMatrixView(self, self.data->efc_AR_rowadr, true); },
      "first nonzero of each row of efc_AR in efc_AR_colind");
  data.def_property_readonly(
      "efc_AR_colind",
      [](const PyData& self) { return DualMatrixView(self, self.data->efc_AR_colind, false); },
      "columns of the nonzeros of efc_AR, rows packed");
  data.def_property_readonly(
      "solver", [](const PyData& self) {
        return PyStatList<SolverStat>{self.data, self.data->solver, mjNISLAND * mjNSOLVER};
      },
      "iteration statistics of the constraint solver, mjNSOLVER slots for each of mjNISLAND islands");
  data.def_property_readonly(
      "solver_niter",
      [](const PyData& self) { return MakeView(self.data->solver_niter, mjNISLAND, 1, "1", self.base); },
      "solver iterations per island");
  data.def_property_readonly(
      "solver_nnz",
      [](const PyData& self) { return MakeView(self.data->solver_nnz, mjNISLAND, 1, "1", self.base); },
      "stored entries of the Hessian (primal) or efc_AR (dual), per island");
  data.def_property_readonly(
      "solver_fwdinv",
      [](const PyData& self) { return MakeView(self.data->solver_fwdinv, 2, 1, "1", self.base); },
      "forward-inverse mismatch, generalized and constraint forces");
  data.def_property_readonly(
      "contact", [](const PyData& self) { return ContactList(self); },
      "this step's contacts (mj_collision)");
  data.def_property(
      "time", [](const PyData& self) { return self.data->time; },
      [](PyData& self, mjtNum time) { self.data->time = time; }, "simulation time");
  BindArenaMembers(data);
  BindIslandArrays(data);
  static const FieldEntry kFields[] = {
#define MJSIM_X(type, name, rows, cols, doc) {#name, kDataField_##name, doc},
      MJSIM_DATA_FIELDS(MJSIM_X)
#undef MJSIM_X
  };
  BindArrayFields<PyData>(data, kFields);
  module.def("_realloc_con_efc", [](PyData& d, int ncon, int nefc, int nJ) {
    ReallocateContactsAndRows(*d.owner, d, ncon, nefc, nJ);
  }, py::arg("d"), py::arg("ncon"), py::arg("nefc"), py::arg("nJ") = -1,
     "Lays out ncon zeroed contacts and nefc zeroed constraint rows in d's arena (nJ: entries "
     "of the Jacobian's arrays; negative keeps d.nJ); a FatalError when they do not fit.");
}

// mj_crb, mj_makeM, mj_factorM, mj_solveM, mj_fullM, mj_mulM (engine/inertia.cc, engine/factorization.cc)
void BindInertiaFunctions(py::module_& module) {
  module.def("mj_crb", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_crb(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Composite rigid-body inertias (crb) and the inertia matrix M.");
  module.def("mj_makeM", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_makeM(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "mj_crb, then the inertia matrix in the qM layout.");
  module.def("mj_factorM", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_factorM(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Sparse L'*D*L factorization of M into qLD and qLDiagInv.");
  module.def("mj_solveM", [](const PyModel& m, PyData& d, py::array x, InputArray y) {
    CheckSameModel(m, d);
    int nv = m.model->nv;
    if (y.ndim() < 1 || y.shape(y.ndim() - 1) != nv) {
      throw py::type_error("the last dimension of y should be of size nv = " + std::to_string(nv));
    }
    int n = nv ? static_cast<int>(y.size() / nv) : 0;
    mjtNum* out = OutputArray(x, y.size(), "x");
    mj_solveM(*m.model, *d.data, out, y.data(), n);
  }, py::arg("m"), py::arg("d"), py::arg("x"), py::arg("y"),
     "x = inv(M) y for each row of y, by back-substitution with the factors of M = L'DL (qLD).");
  module.def("mj_fullM", [](const PyModel& m, py::array dst, InputArray M) {
    CheckInputSize(M, m.model->nM, "M");
    mjtNum* out = OutputArray(dst, static_cast<py::ssize_t>(m.model->nv) * m.model->nv, "dst");
    mj_fullM(*m.model, out, M.data());
  }, py::arg("m"), py::arg("dst"), py::arg("M"), "Dense nv x nv copy of a matrix in the qM layout.");
  module.def("mj_mulM", [](const PyModel& m, PyData& d, py::array res, InputArray vec) {
    CheckSameModel(m, d);
    CheckInputSize(vec, m.model->nv, "vec");
    mjtNum* out = OutputArray(res, m.model->nv, "res");
    mj_mulM(*m.model, *d.data, out, vec.data());
  }, py::arg("m"), py::arg("d"), py::arg("res"), py::arg("vec"), "res = M * vec.");
}

// mj_forward, mj_step and their parts (engine/forward.cc, integrate.cc, check.cc). Stepping
// releases the GIL, so threads stepping their own MjData run in parallel.
void BindStepFunctions(py::module_& module) {
  module.def("mj_step", [](const PyModel& m, PyData& d, int nstep) {
    CheckSameModel(m, d, "mj_step");
    const Model& model = *m.model;
    Data& data = *d.data;
    py::gil_scoped_release release;
    for (int i = 0; i < nstep; ++i) mj_step(model, data);
  }, py::arg("m"), py::arg("d"), py::arg("nstep") = 1,
     "Advance the simulation by one step (nstep steps), in C++ without the GIL.");
  module.def("mj_forward", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d, "mj_forward");
    py::gil_scoped_release release;
    mj_forward(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Forward dynamics: the same as mj_step without integrating.");
  module.def("mj_forwardSkip", [](const PyModel& m, PyData& d, int skipstage, int skipsensor) {
    CheckSameModel(m, d);
    if (skipstage < mjSTAGE_NONE || skipstage > mjSTAGE_ACC) {
      throw py::value_error("skipstage must be an mjtStage (0..3), got " + std::to_string(skipstage));
    }
    py::gil_scoped_release release;
    mj_forwardSkip(*m.model, *d.data, skipstage, skipsensor);
  }, py::arg("m"), py::arg("d"), py::arg("skipstage"), py::arg("skipsensor"),
     "Forward dynamics, reusing the results of the stages before skipstage.");
  DefModelData<mj_step1>(module, "mj_step1", "First half of mj_step: state checks, the position and velocity stages and the control callback. Set ctrl and applied forces, then call mj_step2.");
  DefModelData<mj_step2>(module, "mj_step2", "Second half of mj_step: actuation, acceleration, constraints, acceleration sensors and integration (Euler for RK4 models), once the controls are set.");
  DefModelData<mj_fwdPosition>(module, "mj_fwdPosition", "Run the position-dependent computations.");
  DefModelData<mj_fwdVelocity>(module, "mj_fwdVelocity", "Run the velocity-dependent computations.");
  DefModelData<mj_fwdAcceleration>(module, "mj_fwdAcceleration", "qacc_smooth from the smooth forces: M qacc_smooth = qfrc_passive + qfrc_actuator + qfrc_applied - qfrc_bias (plus xfrc_applied).");
  DefModelData<mj_fwdConstraint>(module, "mj_fwdConstraint", "Run the constraint solver: qacc, qfrc_constraint, efc_force, efc_state.");
  DefModelData<mj_makeConstraint>(module, "mj_makeConstraint", "Construct the constraint rows (efc_J, efc_pos, impedances, R).");
  DefModelData<mj_island>(module, "mj_island", "Find constraint islands.");
  DefModelData<mj_referenceConstraint>(module, "mj_referenceConstraint", "Compute efc_vel and efc_aref.");
  DefModelData<mj_projectConstraint>(module, "mj_projectConstraint", "Compute efc_AR = J M^-1 J' + diag(R) and its pattern.");
  DefModelData<mj_inverse>(module, "mj_inverse", "Inverse dynamics: from qpos, qvel and qacc, compute qfrc_inverse (set qacc first).");
  DefModelData<mj_invPosition>(module, "mj_invPosition", "Position-dependent computations of the inverse dynamics.");
  DefModelData<mj_invVelocity>(module, "mj_invVelocity", "Velocity-dependent computations of the inverse dynamics.");
  DefModelData<mj_invConstraint>(module, "mj_invConstraint", "Constraint forces of the inverse dynamics at qacc.");
  DefModelData<mj_compareFwdInv>(module, "mj_compareFwdInv", "Run inverse dynamics on the forward result and store the mismatch in d.solver_fwdinv.");
  module.def("mj_inverseSkip", [](const PyModel& m, PyData& d, int skipstage, int skipsensor) {
    CheckSameModel(m, d);
    if (skipstage < mjSTAGE_NONE || skipstage > mjSTAGE_ACC) {
      throw py::value_error("skipstage must be an mjtStage (0..3), got " + std::to_string(skipstage));
    }
    py::gil_scoped_release release;
    mj_inverseSkip(*m.model, *d.data, skipstage, skipsensor);
  }, py::arg("m"), py::arg("d"), py::arg("skipstage"), py::arg("skipsensor"),
     "Inverse dynamics, reusing the results of the stages before skipstage.");
  DefModelData<mj_Euler>(module, "mj_Euler", "Advance one step with the Euler integrator (velocity first, then position; damping implicit).");
  DefModelData<mj_implicit>(module, "mj_implicit", "Implicit-in-velocity integrators (implicit, implicitfast).");
  DefModelData<mj_checkPos>(module, "mj_checkPos", "Reset the state when qpos has a NaN or an entry beyond mjMAXVAL (warning mjWARN_BADQPOS); no reset under mjDSBL_AUTORESET.");
  DefModelData<mj_checkVel>(module, "mj_checkVel", "Reset the state when qvel has a NaN or an entry beyond mjMAXVAL (warning mjWARN_BADQVEL); no reset under mjDSBL_AUTORESET.");
  DefModelData<mj_checkAcc>(module, "mj_checkAcc", "Reset the state when qacc has a NaN or an entry beyond mjMAXVAL (warning mjWARN_BADQACC), then rerun mj_forward; no reset under mjDSBL_AUTORESET.");
  module.def("mj_RungeKutta", [](const PyModel& m, PyData& d, int N) {
    CheckSameModel(m, d);
    if (N != 4) throw py::value_error("mj_RungeKutta: only N = 4 (the classic tableau) is supported, got " + std::to_string(N));
    py::gil_scoped_release release;
    mj_RungeKutta(*m.model, *d.data, N);
  }, py::arg("m"), py::arg("d"), py::arg("N"), "Advance one step with the classic fourth-order Runge-Kutta method (N must be 4).");
  module.def("mj_integratePos", [](const PyModel& m, py::array qpos, InputArray qvel, mjtNum dt) {
    mjtNum* positions = OutputArray(qpos, m.model->nq, "qpos");
    CheckInputSize(qvel, m.model->nv, "qvel");
    mj_integratePos(*m.model, positions, qvel.data(), dt);
  }, py::arg("m"), py::arg("qpos"), py::arg("qvel"), py::arg("dt"),
     "qpos += qvel * dt, moving ball and free joint quaternions along their rotation.");
  module.def("mj_differentiatePos", [](const PyModel& m, py::array qvel, mjtNum dt,
                                       InputArray qpos1, InputArray qpos2) {
    mjtNum* velocities = OutputArray(qvel, m.model->nv, "qvel");
    CheckInputSize(qpos1, m.model->nq, "qpos1");
    CheckInputSize(qpos2, m.model->nq, "qpos2");
    mj_differentiatePos(*m.model, velocities, dt, qpos1.data(), qpos2.data());
  }, py::arg("m"), py::arg("qvel"), py::arg("dt"), py::arg("qpos1"), py::arg("qpos2"),
     "qvel = (qpos2 - qpos1) / dt, with quaternion differences taken on the sphere.");
  module.def("mj_normalizeQuat", [](const PyModel& m, py::array qpos) {
    mj_normalizeQuat(*m.model, OutputArray(qpos, m.model->nq, "qpos"));
  }, py::arg("m"), py::arg("qpos"), "Normalize the quaternions of ball and free joints in a qpos-shaped vector.");
}

// _model_field_rows / _data_field_rows: field name -> the size naming its rows (fields.h),
// which the named access (python/mjsim/_named.py) uses to slice rows per object
void BindFieldTables(py::module_& module) {
  py::dict model_rows, data_rows;
#define MJSIM_X(type, name, rows, cols, doc) model_rows[#name] = #rows;
  MJSIM_MODEL_FIELDS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(type, name, rows, cols, doc) data_rows[#name] = #rows;
  MJSIM_DATA_FIELDS(MJSIM_X)
#undef MJSIM_X
  module.attr("_model_field_rows") = model_rows;
  module.attr("_data_field_rows") = data_rows;
  // the names in Data's other tables: scalars, constraint rows, islands, contact members
  py::list scalars, efc, islands, contact;
#define MJSIM_X(type, name, count, doc) scalars.append(#name);
  MJSIM_DATA_SCALARS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(type, name, cols, doc) efc.append(#name);
  MJSIM_EFC_FIELDS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(type, name, doc) islands.append(#name);
  MJSIM_ISLAND_FIELDS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(type, name, count, doc) contact.append(#name);
  MJSIM_CONTACT_MEMBERS(MJSIM_X)
#undef MJSIM_X
  module.attr("_data_scalars") = scalars;
  module.attr("_data_efc_fields") = efc;
  module.attr("_data_island_fields") = islands;
  module.attr("_contact_members") = contact;
}

// mj_comVel, mj_subtreeVel, mj_rne, mj_rnePostConstraint, mj_energyPos, mj_energyVel
// (engine/velocity.cc, engine/rne.cc, engine/energy.cc), and two internal stages for tests
void BindVelocityFunctions(py::module_& module) {
  module.def("mj_comVel", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_comVel(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Com-based velocities (cvel) and time-derivatives of cdof (cdof_dot).");
  module.def("mj_subtreeVel", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_subtreeVel(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Fill subtree_linvel and subtree_angmom, the com velocity and angular momentum of every subtree.");
  module.def("mj_rne", [](const PyModel& m, PyData& d, int flg_acc, py::array result) {
    CheckSameModel(m, d);
    mjtNum* out = OutputArray(result, m.model->nv, "result");
    mj_rne(*m.model, *d.data, flg_acc, out);
  }, py::arg("m"), py::arg("d"), py::arg("flg_acc"), py::arg("result"),
     "Recursive Newton-Euler: result = M*qacc + C(qpos, qvel) if flg_acc, else C(qpos, qvel).");
  module.def("mj_rnePostConstraint", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_rnePostConstraint(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Body accelerations and forces after the constraint solve: cacc, cfrc_int, cfrc_ext.");
  module.def("mj_energyPos", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_energyPos(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Potential energy (gravity and springs) into energy[0].");
  module.def("mj_energyVel", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_energyVel(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Kinetic energy 0.5*qvel'*M*qvel into energy[1].");
  module.def("_tendon_actuator_velocity", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    TendonActuatorVelocity(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Internal stage (tests): ten_velocity and actuator_velocity.");
  module.def("_add_bias_velocity_derivative", [](const PyModel& m, PyData& d, py::array qDeriv) {
    CheckSameModel(m, d);
    mjtNum* out = OutputArray(qDeriv, m.model->nD, "qDeriv");
    AddBiasVelocityDerivative(*m.model, *d.data, out);
  }, py::arg("m"), py::arg("d"), py::arg("qDeriv"),
     "Internal stage (tests): qDeriv -= d(qfrc_bias)/d(qvel) in the D layout (nD values).");
}

// internal stages of engine/fluid.cc, for tests
void BindFluidFunctions(py::module_& module) {
  module.def("_fluid_forces", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    FluidForces(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"),
     "Internal stage (tests): qfrc_fluid from the inertia-box and ellipsoid fluid models.");
  module.def("_add_fluid_velocity_derivative", [](const PyModel& m, PyData& d, py::array qDeriv) {
    CheckSameModel(m, d);
    mjtNum* out = OutputArray(qDeriv, m.model->nD, "qDeriv");
    AddFluidVelocityDerivative(*m.model, *d.data, out);
  }, py::arg("m"), py::arg("d"), py::arg("qDeriv"),
     "Internal stage (tests): qDeriv += d(qfrc_fluid)/d(qvel) in the D layout (nD values).");
}

// the object named by (objtype, objid) must have a frame: ValueError for another type,
// IndexError for an id out of range
void CheckFrameObject(const PyModel& m, int objtype, int objid) {
  const Model& model = *m.model;
  int count = objtype == mjOBJ_BODY || objtype == mjOBJ_XBODY ? model.nbody
            : objtype == mjOBJ_GEOM ? model.ngeom
            : objtype == mjOBJ_SITE ? model.nsite
            : objtype == mjOBJ_CAMERA ? model.ncam : -1;
  if (count < 0) {
    throw py::value_error("objtype must be mjOBJ_BODY, mjOBJ_XBODY, mjOBJ_GEOM, mjOBJ_SITE or "
                          "mjOBJ_CAMERA, got " + std::to_string(objtype));
  }
  if (objid < 0 || objid >= count) {
    throw py::index_error("objid " + std::to_string(objid) + " out of range for objtype " +
                          std::to_string(objtype) + " (" + std::to_string(count) + " objects)");
  }
}

// mj_sensorPos, mj_sensorVel, mj_sensorAcc (engine/sensor.cc), mj_objectVelocity,
// mj_objectAcceleration (engine/object_velocity.cc)
void BindSensorFunctions(py::module_& module) {
  module.def("mj_sensorPos", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_sensorPos(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Evaluate position-dependent sensors.");
  module.def("mj_sensorVel", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_sensorVel(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Evaluate velocity-dependent sensors.");
  module.def("mj_sensorAcc", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_sensorAcc(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Compute the sensors of the acceleration stage (accelerometers, touch, force, torque, ...).");
  module.def("mj_constraintUpdate", [](const PyModel& m, PyData& d, InputArray jar,
                                       py::object cost, int flg_coneHessian) {
    CheckSameModel(m, d);
    CheckInputSize(jar, d.data->nefc, "jar");
    mjtNum total = 0;
    mj_constraintUpdate(*m.model, *d.data, jar.data(), &total, flg_coneHessian);
    if (!cost.is_none()) {
      py::array target = cost.cast<py::array>();
      *OutputArray(target, 1, "cost") = total;
    }
  }, py::arg("m"), py::arg("d"), py::arg("jar"), py::arg("cost"), py::arg("flg_coneHessian"),
     "From jar = J qacc - aref: the row states, efc_force and qfrc_constraint, and the cone Hessians when flg_coneHessian is set.");
  module.def("mj_contactForce", [](const PyModel& m, PyData& d, int id, py::array result) {
    CheckSameModel(m, d);
    mjtNum* out = OutputArray(result, 6, "result");
    mj_contactForce(*m.model, *d.data, id, out);
  }, py::arg("m"), py::arg("d"), py::arg("id"), py::arg("result"),
     "Force and torque of contact id in its contact frame (6 numbers: normal, tangents, then torques).");
  module.def("mj_objectVelocity", [](const PyModel& m, PyData& d, int objtype, int objid,
                                     py::array res, int flg_local) {
    CheckSameModel(m, d);
    CheckFrameObject(m, objtype, objid);
    mjtNum* out = OutputArray(res, 6, "res");
    mj_objectVelocity(*m.model, *d.data, objtype, objid, out, flg_local);
  }, py::arg("m"), py::arg("d"), py::arg("objtype"), py::arg("objid"), py::arg("res"),
     py::arg("flg_local"),
     "6D velocity (rotation then translation) of an object at its own origin; flg_local: in its frame, else in world axes.");
  module.def("mj_objectAcceleration", [](const PyModel& m, PyData& d, int objtype, int objid,
                                         py::array res, int flg_local) {
    CheckSameModel(m, d);
    CheckFrameObject(m, objtype, objid);
    mjtNum* out = OutputArray(res, 6, "res");
    mj_objectAcceleration(*m.model, *d.data, objtype, objid, out, flg_local);
  }, py::arg("m"), py::arg("d"), py::arg("objtype"), py::arg("objid"), py::arg("res"),
     py::arg("flg_local"),
     "6D acceleration (rotation then translation) of an object at its own origin; flg_local: in its frame, else in world axes.");
}

// A fixed-size float64 parameter vector (lengthrange, prm) of a mju_muscle* function: any
// sequence of exactly `size` numbers.
InputArray MuscleParameters(const py::object& values, py::ssize_t size, const char* name) {
  InputArray array = InputArray::ensure(values);  // empty if not convertible to float64
  if (!array) {
    throw py::type_error(std::string(name) + " must be an array of " + std::to_string(size) +
                         " float64 values");
  }
  CheckInputSize(array, size, name);
  return array;
}

// mj_fwdActuation, mju_muscleGain, mju_muscleBias, mju_muscleDynamics (engine/actuation.cc)
void BindActuationFunctions(py::module_& module) {
  module.def("mj_fwdActuation", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_fwdActuation(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Actuator activation dynamics and forces: act_dot, "
     "actuator_force, qfrc_actuator.");
  module.def("mju_muscleGain", [](mjtNum len, mjtNum vel, const py::object& lengthrange,
                                  mjtNum acc0, const py::object& prm) {
    InputArray range = MuscleParameters(lengthrange, 2, "lengthrange");
    InputArray parameters = MuscleParameters(prm, 9, "prm");
    return mju_muscleGain(len, vel, range.data(), acc0, parameters.data());
  }, py::arg("len"), py::arg("vel"), py::arg("lengthrange"), py::arg("acc0"), py::arg("prm"),
     "Active force gain of the muscle model at length len and velocity vel. prm: operating range (2 numbers), force, scale, lmin, lmax, vmax, fpmax, fvmax.");
  module.def("mju_muscleBias", [](mjtNum len, const py::object& lengthrange, mjtNum acc0,
                                  const py::object& prm) {
    InputArray range = MuscleParameters(lengthrange, 2, "lengthrange");
    InputArray parameters = MuscleParameters(prm, 9, "prm");
    return mju_muscleBias(len, range.data(), acc0, parameters.data());
  }, py::arg("len"), py::arg("lengthrange"), py::arg("acc0"), py::arg("prm"),
     "Passive force of the muscle model at length len. prm: operating range (2 numbers), force, scale, lmin, lmax, vmax, fpmax, fvmax.");
  module.def("mju_muscleDynamics", [](mjtNum ctrl, mjtNum act, const py::object& prm) {
    InputArray parameters = MuscleParameters(prm, 3, "prm");
    return mju_muscleDynamics(ctrl, act, parameters.data());
  }, py::arg("ctrl"), py::arg("act"), py::arg("prm"),
     "Activation rate of the muscle model. prm: activation and deactivation time constants, smoothing width.");
  // not a MuJoCo function (not re-exported by mjsim): the actuator part of mjd_smooth_vel, for
  // the tests
  module.def("_add_actuator_velocity_derivative", [](const PyModel& m, PyData& d, py::array qDeriv) {
    CheckSameModel(m, d);
    mjtNum* out = OutputArray(qDeriv, m.model->nD, "qDeriv");
    AddActuatorVelocityDerivative(*m.model, *d.data, out);
  }, py::arg("m"), py::arg("d"), py::arg("qDeriv"),
     "qDeriv += d(qfrc_actuator)/d(qvel) in the D layout (nD values).");
}


// mj_passive (engine/passive.cc, engine/fluid.cc)
void BindPassiveFunctions(py::module_& module) {
  module.def("mj_passive", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_passive(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Passive forces: qfrc_spring, qfrc_damper, qfrc_gravcomp, "
     "qfrc_fluid and their sum qfrc_passive.");
  // not a MuJoCo function (not re-exported by mjsim): the passive part of mjd_smooth_vel, for
  // the tests
  module.def("_add_passive_velocity_derivative", [](const PyModel& m, PyData& d, py::array qDeriv) {
    CheckSameModel(m, d);
    mjtNum* out = OutputArray(qDeriv, m.model->nD, "qDeriv");
    AddPassiveVelocityDerivative(*m.model, *d.data, out);
  }, py::arg("m"), py::arg("d"), py::arg("qDeriv"),
     "qDeriv += d(qfrc_passive)/d(qvel) in the D layout (nD values).");
}


void BindFunctions(py::module_& module) {
  BindFieldTables(module);
  BindCollisionFunctions(module);
  BindStepFunctions(module);
  BindFastStep(module);
  BindInertiaFunctions(module);
  BindActuationFunctions(module);
  BindPassiveFunctions(module);
  BindVelocityFunctions(module);
  BindFluidFunctions(module);
  BindSensorFunctions(module);
  BindRayFunctions(module);
  BindJacobians(module);
  BindState(module);
  BindAssetCache(module);
  BindMath(module);
  BindLinearAlgebra(module);
  BindRotations(module);
  BindDerivatives(module);
  BindModelFiles(module);
  BindModelTools(module);
  BindCallbacks(module);
  BindEnumStrings(module);
  BindRollout(module);
  module.def("mj_resetData", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_resetData(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Resets d to the model's default state.");
  module.def("mj_copyData", [](PyData& dest, const PyModel& m, const PyData& src) {
    CheckSameModel(m, dest);
    CheckSameModel(m, src);
    CopyData(*m.model, *src.data, *dest.data);
  }, py::arg("dest"), py::arg("m"), py::arg("src"),
     "Copies every array and scalar of src into dest (both made for m).");
  module.def("mj_kinematics", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_kinematics(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Forward kinematics: body, joint, geom and site frames.");
  module.def("mj_comPos", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_comPos(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Center-of-mass quantities: subtree_com, cinert, cdof.");
  module.def("mj_camlight", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_camlight(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Camera and light poses: cam_xpos, cam_xmat, light_xpos, light_xdir.");
  module.def("mj_tendon", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_tendon(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Tendon lengths, moments (ten_J) and wrap paths.");
  module.def("mj_transmission", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_transmission(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Actuator lengths and moments (sparse).");
  module.def("mj_applyFT", [](const PyModel& m, PyData& d, InputArray force, InputArray torque,
                             InputArray point, int body, py::array qfrc_target) {
    CheckSameModel(m, d);
    CheckInputSize(force, 3, "force");
    CheckInputSize(torque, 3, "torque");
    CheckInputSize(point, 3, "point");
    if (body < 0 || body >= m.model->nbody) {
      throw py::index_error("body " + std::to_string(body) + " out of range [0, " +
                            std::to_string(m.model->nbody) + ")");
    }
    mjtNum* out = OutputArray(qfrc_target, m.model->nv, "qfrc_target");
    mj_applyFT(*m.model, *d.data, force.data(), torque.data(), point.data(), body, out);
  }, py::arg("m"), py::arg("d"), py::arg("force"), py::arg("torque"), py::arg("point"),
     py::arg("body"), py::arg("qfrc_target"),
     "Apply Cartesian force and torque at a point of a body: add J' force + Jrot' torque to qfrc_target.");
  module.def("mj_name2id", [](const PyModel& m, int type, const std::string& name) {
    return mj_name2id(*m.model, type, name.c_str());
  }, py::arg("m"), py::arg("type"), py::arg("name"), "Id of the named object, or -1.");
  module.def("mj_id2name", [](const PyModel& m, int type, int id) -> py::object {
    const char* name = mj_id2name(*m.model, type, id);
    if (!name) return py::none();
    return py::str(name);
  }, py::arg("m"), py::arg("type"), py::arg("id"), "Name of the object, or None.");
}

}  // namespace
}  // namespace mjsim

PYBIND11_MODULE(_core, module) {
  module.doc() = "mjsim core: a MuJoCo-compatible physics engine";
  // mujoco.FatalError: what the reference raises where it calls mju_error
  py::register_exception<mjsim::FatalError>(module, "FatalError");
  // mujoco.UnexpectedError: an internal invariant broke (a bug, not the caller's input)
  py::register_exception<mjsim::UnexpectedError>(module, "UnexpectedError");
  py::register_exception_translator([](std::exception_ptr error) {
    try {
      if (error) std::rethrow_exception(error);
    } catch (const mjsim::FileError& e) {
      PyErr_SetString(PyExc_FileNotFoundError, e.what());
    } catch (const mjsim::ModelError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
  mjsim::BindOption(module);
  mjsim::BindVisual(module);
  mjsim::BindViewerStructs(module);
  mjsim::BindVisualization(module);
  mjsim::BindRender(module);
  mjsim::BindModel(module);
  mjsim::BindData(module);
  mjsim::BindSpec(module);
  mjsim::BindFunctions(module);
}
