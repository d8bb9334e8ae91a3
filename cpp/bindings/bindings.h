// bindings.h: what the binding files share: the Python-side MjModel and MjData (PyModel, PyData)
// with their cached field views, NumPy views into engine memory, and argument checks.
// module.cc defines the module; other files bind groups of engine functions (Bind* functions,
// called from module.cc's PYBIND11_MODULE).
#pragma once
#include <functional>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "mjsim/api.h"

namespace py = pybind11;

namespace mjsim {

// One capsule keeping `owner` alive, the base of every view of one MjModel or MjData (as the
// mujoco package's views share theirs: a view's base counts the views still alive).
inline py::object ViewBase(const std::shared_ptr<void>& owner) {
  auto* keeper = new std::shared_ptr<void>(owner);
  return py::capsule(keeper, [](void* p) { delete static_cast<std::shared_ptr<void>*>(p); });
}

// A NumPy view of rows x cols values at `pointer`, its base `base` (from ViewBase).
// `cols_text` is the column expression as written in fields.h: only a literal 1 gives a vector.
template <typename T>
inline py::object MakeView(T* pointer, int rows, int cols, const char* cols_text,
                           const py::object& base) {
  std::vector<py::ssize_t> shape = {rows};
  if (std::string(cols_text) != "1") shape.push_back(cols);
  // nothing to view (no rows this step): an empty array of its own, as mujoco's
  if (rows == 0) return py::array_t<T>(shape);
  return py::array_t<T>(shape, pointer, base);
}

// names are exposed as one bytes object, as the mujoco package does
template <>
inline py::object MakeView<char>(char* pointer, int rows, int cols, const char*,
                                 const py::object&) {
  return py::bytes(pointer, static_cast<size_t>(rows) * cols);
}

void AssignToView(py::object view, py::handle value, const char* name);

// a Python dict of file name -> contents (str or bytes) as the engine's AssetMap (module.cc)
AssetMap ToAssetMap(const py::object& assets);

struct PyModel {
  std::shared_ptr<Model> model;
  std::uint64_t spec_signature = 0;  // of the MjSpec compile that made it (0: not from one)
  py::object base;                // ViewBase(model)
  std::vector<py::object> views;  // one per MJSIM_MODEL_FIELDS entry, in table order

  explicit PyModel(std::shared_ptr<Model> compiled)
      : model(std::move(compiled)), base(ViewBase(model)) {
    Model& m = *model;
    views.reserve(64);
#define MJSIM_X(type, name, rows, cols, doc) views.push_back(MakeView(m.name, m.rows, cols, #cols, base));
    MJSIM_MODEL_FIELDS(MJSIM_X)
#undef MJSIM_X
  }
};

struct PyData;
// the MjData wrapping an engine Data, for the callbacks (callbacks.cc); a Data that no MjData
// wraps (the engine's own temporaries) has none
void RememberWrapper(const Data* data, PyData* wrapper);
void ForgetWrapper(const Data* data, const PyData* wrapper);

struct PyData {
  std::shared_ptr<PyModel> owner;
  // d.model: the Python MjModel this Data was made for, referenced from Python's side too (as
  // mujoco's MjData does), so that it stays the same object while d lives
  py::object model_object;
  std::shared_ptr<Model> model;
  std::shared_ptr<Data> data;
  py::object base;                // ViewBase(data)
  std::vector<py::object> views;  // one per MJSIM_DATA_FIELDS entry, in table order
  double last_step_seconds = 0;   // of the last mj_step call, whether to release the GIL

  explicit PyData(std::shared_ptr<PyModel> made_for)
      : owner(std::move(made_for)),
        model_object(py::cast(owner)),
        model(owner->model),
        data(MakeData(*model)),
        base(ViewBase(data)) {
    const Model& m = *model;
    Data& d = *data;
#define MJSIM_X(type, name, rows, cols, doc) views.push_back(MakeView(d.name, m.rows, cols, #cols, base));
    MJSIM_DATA_FIELDS(MJSIM_X)
#undef MJSIM_X
    RememberWrapper(data.get(), this);
  }
  ~PyData() { ForgetWrapper(data.get(), this); }
  PyData(const PyData&) = delete;
  PyData& operator=(const PyData&) = delete;
};

// index of each field in the views vectors
enum ModelFieldIndex {
#define MJSIM_X(type, name, rows, cols, doc) kModelField_##name,
  MJSIM_MODEL_FIELDS(MJSIM_X)
#undef MJSIM_X
};
enum DataFieldIndex {
#define MJSIM_X(type, name, rows, cols, doc) kDataField_##name,
  MJSIM_DATA_FIELDS(MJSIM_X)
#undef MJSIM_X
};

// a ValueError unless d was made for m or a model of the same sizes (copies and unpickled
// Data work with the original model). With a `caller` (the calls that advance or run the
// pipeline: mj_step, mj_forward, mj_step1, ...), also a FatalError naming it when an id,
// address or enum of m is out of range: mj_checkModel costs about a microsecond on humanoid,
// nothing beside a step but as much as a cheap call itself (mj_energyPos), which skips it.
void CheckSameModel(const PyModel& m, const PyData& d, const char* caller = nullptr);

// The float64 C-contiguous writable array `array` of exactly `size` values, for output.
mjtNum* OutputArray(py::array& array, py::ssize_t size, const char* name);

using InputArray = py::array_t<mjtNum, py::array::c_style | py::array::forcecast>;

// a TypeError naming the argument unless an array has exactly `expected` values
void CheckArraySize(py::ssize_t size, py::ssize_t expected, const char* name);
void CheckInputSize(const InputArray& array, py::ssize_t size, const char* name);

// a (m, d) engine function as a Python function with mujoco's signature and a docstring
template <void (*function)(const Model&, Data&)>
void DefModelData(py::module_& module, const char* name, const char* doc) {
  module.def(name, [name](const PyModel& m, PyData& d) {
    CheckSameModel(m, d, name);
    py::gil_scoped_release release;  // threads with their own MjData overlap
    function(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), doc);
}

// fast_step.cc: mj_step and mj_forward's short path in front of their pybind11 functions
// (bound before, by module.cc)
void BindFastStep(py::module_& module);

// mj_ray and the other ray functions (rays.cc)
void BindRayFunctions(py::module_& module);

// d.contact's classes (MjContactList, MjContact) and mj_collision (contacts.cc)
void BindContacts(py::module_& module);
void BindCollisionFunctions(py::module_& module);
// d.contact: the contact list of d, a view of its current contacts
py::object ContactList(const PyData& d);

// jacobians.cc: mj_jac and its variants (engine/jacobian.cc)
void BindJacobians(py::module_& module);
// asset_cache.cc: mj_getCache and the functions of the asset cache
void BindAssetCache(py::module_& module);
// state.cc: mj_stateSize, mj_getState/setState, keyframes, total mass, printing, version
void BindState(py::module_& module);
// math.cc: the mju_ vector, matrix and quaternion utilities
void BindMath(py::module_& module);
// linalg.cc: Cholesky (dense, band), band/sparse conversions, sorting, text helpers
void BindLinearAlgebra(py::module_& module);
// rotations.cc: eig3, mat2Rot, spatial transforms, pyramids, quaternion derivatives,
// mj_local2Global
void BindRotations(py::module_& module);
// derivatives.cc: mjd_transitionFD, mjd_inverseFD and the other model/data functions added
// for drop-in use (mj_angmomMat, mj_isDual, ...)
void BindDerivatives(py::module_& module);
// A Model whose sizes, options, visual and statistic were read from a file or pickle: checks
// that the sizes give `bytes` bytes, copies `buffer` in and checks every id and address
// (mj_checkModel); a ValueError naming `what` otherwise (model_file.cc)
void FillLoadedModel(Model& m, const char* buffer, size_t bytes, const char* what);
// model_file.cc: mj_saveModel, mj_sizeModel, MjModel.from_binary_path (mjsim's own format);
// needs MjModel bound first
void BindModelFiles(py::module_& module);
// model_tools.cc: MjLROpt, mj_defaultLROpt, mj_setLengthRange, mj_saveLastXML
void BindModelTools(py::module_& module);
// set_mjcb_* / get_mjcb_*: Python callables as the engine callbacks (callbacks.cc)
void BindCallbacks(py::module_& module);
// enums.cc: mjDISABLESTRING and the other mj*STRING constants, and _cpp_enums (the C++ enum
// tables, for the tests)
void BindEnumStrings(py::module_& module);
// the thread pool and C++ loop behind mjsim.rollout (rollout.cc)
void BindRollout(py::module_& module);
// state.cc: a print function's output into `filename` (str or bytes) or, with None, Python's
// standard output (ValueError when it cannot be written); and the warning of an invalid
// float_format, after which the default formats print
void PrintTo(const py::object& filename, const std::function<bool(const char*)>& print);
void WarnOnInvalidFloatFormat(const py::object& float_format);
// MjvOption, MjvGeom, MjvLight, MjvGLCamera, MjvScene and the mjv_ functions (visualization.cc)
void BindVisualization(py::module_& module);
// the GL context class, MjrRect, MjrContext and the mjr_ functions (render.cc)
void BindRender(py::module_& module);
// islands.cc: d.iM, d.iacc, d.iefc_* ..., the island-ordered arrays, gathered on each read
void BindIslandArrays(py::class_<PyData, std::shared_ptr<PyData>>& data);

}  // namespace mjsim
