// callbacks.cc: set_mjcb_* and get_mjcb_* with mujoco's names: a Python callable (or None)
// installed as the engine's global callback (mjsim/callbacks.h). The engine calls a trampoline
// that takes the GIL (mj_step runs without it), finds the MjModel and MjData objects wrapping
// the engine's model and data, calls the Python function and checks its result. An exception
// raised by the callback propagates through the engine call to the Python caller.
// mju_user_warning takes the message: a str, or bytes for a ctypes function (dm_control installs
// a CFUNCTYPE(None, c_char_p), whose c_char_p argument accepts bytes only).
#include <unordered_map>

#include "bindings.h"
#include "mjsim/callbacks.h"

namespace mjsim {
namespace {

// The installed Python callables. Leaked on purpose: they must outlive the interpreter's
// teardown order (a static py::object would be destroyed after Python is gone).
struct Installed {
  py::object control, passive, act_dyn, act_gain, act_bias, sensor, contactfilter, time, warning;
  bool warning_takes_bytes = false;
};
Installed& Callables() {
  static Installed* installed = new Installed();
  return *installed;
}

// Data -> its MjData; touched only with the GIL held
std::unordered_map<const Data*, PyData*>& Wrappers() {
  static auto* wrappers = new std::unordered_map<const Data*, PyData*>();
  return *wrappers;
}

// (MjModel, MjData) as Python objects for engine data d; None for data no MjData wraps
std::pair<py::object, py::object> PythonObjects(const Data& d) {
  auto found = Wrappers().find(&d);
  if (found == Wrappers().end()) return {py::none(), py::none()};
  PyData* wrapper = found->second;
  return {py::cast(wrapper->owner), py::cast(wrapper, py::return_value_policy::reference)};
}

mjtNum NumberResult(const py::object& result, const char* name) {
  PyObject* value = result.ptr();
  if (!PyFloat_Check(value) && !PyLong_Check(value) && !PyObject_HasAttrString(value, "__float__")) {
    throw py::type_error(std::string(name) + " callback did not return a number");
  }
  return result.cast<mjtNum>();
}

void ControlTrampoline(const Model&, Data& d) {
  py::gil_scoped_acquire gil;
  auto [m, data] = PythonObjects(d);
  Callables().control(m, data);
}

void PassiveTrampoline(const Model&, Data& d) {
  py::gil_scoped_acquire gil;
  auto [m, data] = PythonObjects(d);
  Callables().passive(m, data);
}

void SensorTrampoline(const Model&, Data& d, int stage) {
  py::gil_scoped_acquire gil;
  auto [m, data] = PythonObjects(d);
  Callables().sensor(m, data, stage);
}

int ContactFilterTrampoline(const Model&, Data& d, int geom1, int geom2) {
  py::gil_scoped_acquire gil;
  auto [m, data] = PythonObjects(d);
  py::object result = Callables().contactfilter(m, data, geom1, geom2);
  if (!PyIndex_Check(result.ptr())) {
    throw py::type_error("mjcb_contactfilter callback did not return an integer");
  }
  return result.cast<int>() != 0;
}

template <py::object Installed::*member>
mjtNum ActuatorTrampoline(const Model&, const Data& d, int id) {
  py::gil_scoped_acquire gil;
  auto [m, data] = PythonObjects(d);
  const char* name = member == &Installed::act_dyn    ? "mjcb_act_dyn"
                     : member == &Installed::act_gain ? "mjcb_act_gain"
                                                      : "mjcb_act_bias";
  return NumberResult((Callables().*member)(m, data, id), name);
}

mjtNum TimeTrampoline() {
  py::gil_scoped_acquire gil;
  return NumberResult(Callables().time(), "mjcb_time");
}

void WarningTrampoline(const char* message) {
  py::gil_scoped_acquire gil;
  if (Callables().warning_takes_bytes) {
    Callables().warning(py::bytes(message));
  } else {
    Callables().warning(py::str(message));
  }
}

void CheckCallable(const py::object& callable) {
  if (!callable.is_none() && !PyCallable_Check(callable.ptr())) {
    throw py::type_error("callback is not an Optional[Callable]");
  }
}

// set_mjcb_<name>(callable or None) and get_mjcb_<name>() for one engine callback
template <typename Pointer>
void BindCallback(py::module_& module, const char* name, py::object Installed::*member,
                  Pointer* engine, Pointer trampoline, const char* doc) {
  module.def(("set_mjcb_" + std::string(name)).c_str(),
             [member, engine, trampoline](py::object callable) {
               CheckCallable(callable);
               Callables().*member = callable.is_none() ? py::object() : callable;
               *engine = callable.is_none() ? nullptr : trampoline;
             }, py::arg("callback"), doc);
  module.def(("get_mjcb_" + std::string(name)).c_str(), [member]() -> py::object {
    const py::object& callable = Callables().*member;
    return callable ? callable : py::none();
  }, (std::string("The installed mjcb_") + name + " callback, or None.").c_str());
}

}  // namespace

void RememberWrapper(const Data* data, PyData* wrapper) { Wrappers()[data] = wrapper; }

void ForgetWrapper(const Data* data, const PyData* wrapper) {
  auto found = Wrappers().find(data);
  if (found != Wrappers().end() && found->second == wrapper) Wrappers().erase(found);
}

// set/get_mju_user_<name>: only a C function pointer (a ctypes function) will do, as in the
// reference: the allocator runs where Python cannot (compiling releases the GIL). Every function
// ever installed is kept alive, since blocks are freed by the free that was current when they
// were allocated.
template <typename Pointer>
void BindAllocator(py::module_& module, const std::string& name, Pointer* installed,
                   const char* doc) {
  static py::object* current = new py::object();  // per name: one instantiation per Pointer type
  static py::list* every = new py::list();
  module.def(("set_mju_user_" + name).c_str(), [name, installed](py::object function) {
    if (function.is_none()) {
      *installed = nullptr;
      *current = py::object();
      return;
    }
    py::module_ ctypes = py::module_::import("ctypes");
    if (!py::isinstance(function, ctypes.attr("_CFuncPtr"))) {
      throw py::type_error("mju_user_" + name + " must be a C function pointer");
    }
    py::object pointer = ctypes.attr("cast")(function, ctypes.attr("c_void_p"));
    auto address = pointer.attr("value").cast<uintptr_t>();
    every->append(function);
    *current = function;
    *installed = reinterpret_cast<Pointer>(address);
  }, py::arg("function"), doc);
  module.def(("get_mju_user_" + name).c_str(), []() -> py::object {
    return *current ? *current : py::none();
  }, ("The installed mju_user_" + name + ", or None.").c_str());
}

void BindCallbacks(py::module_& module) {
  BindCallback(module, "control", &Installed::control, &mjcb_control, &ControlTrampoline,
               "Installs f(m, d), called after the velocity stages to set controls "
               "(None removes it).");
  BindCallback(module, "passive", &Installed::passive, &mjcb_passive, &PassiveTrampoline,
               "Installs f(m, d), called at the end of mj_passive to add passive forces.");
  BindCallback(module, "act_dyn", &Installed::act_dyn, &mjcb_act_dyn,
               &ActuatorTrampoline<&Installed::act_dyn>,
               "Installs f(m, d, id) -> act_dot for actuators with dyntype user.");
  BindCallback(module, "act_gain", &Installed::act_gain, &mjcb_act_gain,
               &ActuatorTrampoline<&Installed::act_gain>,
               "Installs f(m, d, id) -> gain for actuators with gaintype user.");
  BindCallback(module, "act_bias", &Installed::act_bias, &mjcb_act_bias,
               &ActuatorTrampoline<&Installed::act_bias>,
               "Installs f(m, d, id) -> bias for actuators with biastype user.");
  BindCallback(module, "sensor", &Installed::sensor, &mjcb_sensor, &SensorTrampoline,
               "Installs f(m, d, stage), which writes the user sensors of that stage.");
  BindCallback(module, "contactfilter", &Installed::contactfilter, &mjcb_contactfilter,
               &ContactFilterTrampoline,
               "Installs f(m, d, geom1, geom2) -> int; nonzero discards the geom pair.");
  BindCallback(module, "time", &Installed::time, &mjcb_time, &TimeTrampoline,
               "Installs f() -> time, the clock of d.timer.");
  module.def("set_mju_user_warning", [](py::object callable) {
    CheckCallable(callable);
    py::object ctypes_function = py::module_::import("ctypes").attr("_CFuncPtr");
    Callables().warning = callable.is_none() ? py::object() : callable;
    Callables().warning_takes_bytes = py::isinstance(callable, ctypes_function);
    mju_user_warning = callable.is_none() ? nullptr : &WarningTrampoline;
  }, py::arg("callback"),
     "Installs f(message), called with the text of a warning the first time it is counted "
     "since the data's last reset (None removes it).");
  module.def("get_mju_user_warning", []() -> py::object {
    return Callables().warning ? Callables().warning : py::none();
  }, "The installed mju_user_warning callback, or None.");
  BindAllocator(module, "malloc", &mju_user_malloc,
                "Installs a C allocator, void* f(size_t), for Model and Data buffers (a ctypes "
                "function; None restores mjsim's own).");
  BindAllocator(module, "free", &mju_user_free,
                "Installs the C function, void f(void*), that frees what the allocator gave "
                "(a ctypes function; None: std::free for the user allocator's blocks).");
}

}  // namespace mjsim
