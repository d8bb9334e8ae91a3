// fast_step.cc: mj_step and mj_forward as METH_FASTCALL functions in front of their pybind11
// bindings (module.cc). The RL loop calls mj_step(m, d) once per step: pybind11's dispatch
// (argument tuple, overload loop, type-registry lookups of both arguments, holder casts) cost
// about as much as a small model's whole step. The call with exactly an MjModel and an MjData
// (and an int nstep) takes the short path: the same checks (CheckSameModel, mj_checkModel),
// the same engine call. Anything else (keywords, subclasses, wrong types) goes to the pybind11
// function unchanged, so errors and their messages stay as they were.
//
// The GIL is released around a step expected to take longer than kReleaseSeconds (the last
// step of the same MjData, from d.timer[mjTIMER_STEP]), always with nstep > 1, a user clock
// (mjcb_time: its durations mean nothing to us) or mj_forward of a slow step. Releasing and
// retaking it costs ~0.3 us, a tenth of a 1-dof step; below 20 us another thread waits no
// longer than it does for the Python code between two steps.
#include <Python.h>

#include <climits>
#include <string>

#include "bindings.h"
#include "mjsim/api.h"
#include "mjsim/callbacks.h"

namespace mjsim {
namespace {

constexpr double kReleaseSeconds = 20e-6;

PyTypeObject* model_type = nullptr;
PyTypeObject* data_type = nullptr;
PyObject* step_fallback = nullptr;
PyObject* forward_fallback = nullptr;

// the C++ object of a pybind11 instance of exactly `type` (simple layout), else nullptr
template <typename T>
T* Unwrap(PyObject* object, PyTypeObject* type) {
  if (Py_TYPE(object) != type) return nullptr;
  auto* instance = reinterpret_cast<py::detail::instance*>(object);
  if (!instance->simple_layout || !instance->simple_holder_constructed) return nullptr;
  return static_cast<T*>(instance->simple_value_holder[0]);
}

bool ShouldRelease(const PyData& d, int nstep) {
  return nstep > 1 || mjcb_time || d.last_step_seconds > kReleaseSeconds;
}

// runs `call` with or without the GIL; a C++ exception becomes the Python exception pybind11
// would have raised (its registered translators)
template <typename Call>
PyObject* Run(bool release, Call&& call) {
  try {
    if (release) {
      py::gil_scoped_release gil;
      call();
    } else {
      call();
    }
  } catch (...) {
    py::detail::try_translate_exceptions();  // pybind11's translators, as its dispatch does
    return nullptr;
  }
  Py_RETURN_NONE;
}

// CheckSameModel; false with its Python exception set when it throws
bool SameModel(const PyModel& m, const PyData& d, const char* function) {
  PyObject* none = Run(false, [&] { CheckSameModel(m, d, function); });
  Py_XDECREF(none);
  return none != nullptr;
}

PyObject* Fallback(PyObject* function, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return PyObject_Vectorcall(function, args, static_cast<size_t>(nargs), kwnames);
}

PyObject* FastStep(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  if (kwnames || nargs < 2 || nargs > 3) return Fallback(step_fallback, args, nargs, kwnames);
  auto* m = Unwrap<PyModel>(args[0], model_type);
  auto* d = Unwrap<PyData>(args[1], data_type);
  if (!m || !d || (nargs == 3 && !PyLong_CheckExact(args[2]))) {
    return Fallback(step_fallback, args, nargs, kwnames);
  }
  long nstep = 1;
  if (nargs == 3) {
    int overflow = 0;
    nstep = PyLong_AsLongAndOverflow(args[2], &overflow);
    if (overflow || nstep < INT_MIN || nstep > INT_MAX) return Fallback(step_fallback, args, nargs, kwnames);
  }
  if (!SameModel(*m, *d, "mj_step")) return nullptr;
  const Model& model = *m->model;
  Data& data = *d->data;
  double before = data.timer[mjTIMER_STEP].duration;
  PyObject* result = Run(ShouldRelease(*d, static_cast<int>(nstep)), [&] {
    for (long i = 0; i < nstep; ++i) mj_step(model, data);
  });
  if (nstep > 0) d->last_step_seconds = (data.timer[mjTIMER_STEP].duration - before) / nstep;
  return result;
}

PyObject* FastForward(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PyModel* m = kwnames || nargs != 2 ? nullptr : Unwrap<PyModel>(args[0], model_type);
  PyData* d = m ? Unwrap<PyData>(args[1], data_type) : nullptr;
  if (!d) return Fallback(forward_fallback, args, nargs, kwnames);
  if (!SameModel(*m, *d, "mj_forward")) return nullptr;
  return Run(ShouldRelease(*d, 1), [m, d] { mj_forward(*m->model, *d->data); });
}

// `name`'s pybind11 function, kept as the fallback and replaced by `fast` under the same name
// and docstring; `def` lives as long as the module
void Replace(py::module_& module, PyMethodDef& def, std::string& doc, PyObject*& fallback) {
  py::object original = module.attr(def.ml_name);
  fallback = original.release().ptr();
  doc = py::str(py::handle(fallback).attr("__doc__")).cast<std::string>();
  def.ml_doc = doc.c_str();
  py::object function = py::reinterpret_steal<py::object>(
      PyCFunction_NewEx(&def, nullptr, py::object(module.attr("__name__")).ptr()));
  if (!function) throw py::error_already_set();
  module.attr(def.ml_name) = function;
}

}  // namespace

void BindFastStep(py::module_& module) {
  model_type = reinterpret_cast<PyTypeObject*>(py::type::of<PyModel>().ptr());
  data_type = reinterpret_cast<PyTypeObject*>(py::type::of<PyData>().ptr());
  static std::string docs[2];
  static PyMethodDef defs[2] = {
      {"mj_step", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(FastStep)),
       METH_FASTCALL | METH_KEYWORDS, nullptr},
      {"mj_forward", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(FastForward)),
       METH_FASTCALL | METH_KEYWORDS, nullptr},
  };
  Replace(module, defs[0], docs[0], step_fallback);
  Replace(module, defs[1], docs[1], forward_fallback);
}

}  // namespace mjsim
