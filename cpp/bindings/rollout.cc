// rollout.cc: _core._RolloutPool, the C++ side of mjsim.rollout (python/mjsim/rollout.py does
// the reference's argument checks, shapes and tiling). Every array is checked against the
// sizes it is read or written with, so skip_checks=True cannot make the core read out of
// bounds; the rollouts run without the GIL.
#include <memory>

#include "bindings.h"
#include "mjsim/rollout.h"

namespace mjsim {
namespace {

template <typename T>
std::vector<std::shared_ptr<T>> OneOrMany(const py::object& objects, const char* what) {
  std::vector<std::shared_ptr<T>> items;
  if (py::isinstance<T>(objects)) {
    items.push_back(objects.cast<std::shared_ptr<T>>());
  } else {
    for (py::handle item : objects) {
      if (!py::isinstance<T>(item)) throw py::type_error(std::string(what) + " must hold only " + what);
      items.push_back(item.cast<std::shared_ptr<T>>());
    }
  }
  return items;
}

// a float64 C-contiguous array of `size` values (or None: null)
template <typename Pointer>
Pointer ArrayOf(const py::object& object, py::ssize_t size, const char* name, bool output) {
  if (object.is_none()) return nullptr;
  if (!py::isinstance<py::array>(object)) throw py::value_error(std::string(name) + " must be a numpy array");
  py::array array = object.cast<py::array>();
  if (!array.dtype().is(py::dtype::of<mjtNum>()) || !(array.flags() & py::array::c_style) ||
      (output && !array.writeable())) {
    throw py::value_error(std::string(name) + " must be a C-contiguous float64 array" +
                          (output ? " that can be written" : ""));
  }
  if (array.size() != size) {
    throw py::value_error(std::string(name) + " has " + std::to_string(array.size()) +
                          " values, the rollout needs " + std::to_string(size));
  }
  return static_cast<Pointer>(output ? array.mutable_data() : const_cast<void*>(array.data()));
}

class RolloutPool {
 public:
  explicit RolloutPool(int nthread) : nthread_(nthread) {
    if (nthread < 0) throw py::value_error("nthread must be non-negative");
    if (nthread > 0) pool_ = std::make_unique<ThreadPool>(nthread);
  }

  void Rollout(const py::object& models_in, const py::object& datas_in, py::object nstep_in,
               int control_spec, const py::object& initial_state, const py::object& warmstart,
               const py::object& control, const py::object& state, const py::object& sensordata,
               py::object chunk_size) {
    auto models = OneOrMany<PyModel>(models_in, "MjModel");
    auto datas = OneOrMany<PyData>(datas_in, "MjData");
    if (models.empty()) throw py::value_error("The list of models is empty");
    if (datas.empty()) throw py::value_error("The list of data instances is empty");
    if (nthread_ == 0 && datas.size() > 1) {
      throw py::value_error("More than one data instance passed but rollout is configured to run on main thread");
    }
    if (nthread_ > 0 && static_cast<int>(datas.size()) != nthread_) {
      throw py::value_error("Length of data: " + std::to_string(datas.size()) +
                            " not equal to nthread: " + std::to_string(nthread_));
    }
    const Model& first = *models[0]->model;
    const py::ssize_t nstate = mj_stateSize(first, mjSTATE_FULLPHYSICS);
    if (initial_state.is_none()) throw py::value_error("initial_state is required");
    // the rows of initial_state are the rollouts; rollout r runs models[r] (or the one model)
    const py::ssize_t nbatch = py::array(initial_state).size() / nstate;
    if (models.size() > 1 && static_cast<py::ssize_t>(models.size()) < nbatch) {
      throw py::value_error("initial_state has " + std::to_string(nbatch) + " rows but only " +
                            std::to_string(models.size()) + " models were given");
    }
    int nstep = nstep_in.is_none() ? 1 : nstep_in.cast<int>();
    if (nstep < 0) throw py::value_error("nstep must be non-negative");
    RolloutJob job;
    for (py::ssize_t r = 0; r < nbatch; ++r) {
      job.models.push_back(models[models.size() == 1 ? 0 : r]->model.get());
    }
    for (const auto& d : datas) {
      job.datas.push_back(d->data.get());
      job.data_models.push_back(d->model.get());
    }
    job.nstep = nstep;
    job.control_spec = control_spec;
    job.chunk_size = chunk_size.is_none() ? 0 : chunk_size.cast<int>();
    const py::ssize_t steps = nbatch * nstep;
    job.initial_state = ArrayOf<const mjtNum*>(initial_state, nbatch * nstate, "initial_state", false);
    job.initial_warmstart = ArrayOf<const mjtNum*>(warmstart, nbatch * first.nv, "initial_warmstart", false);
    job.control = ArrayOf<const mjtNum*>(control, steps * mj_stateSize(first, control_spec & mjSTATE_USER), "control", false);
    job.state = ArrayOf<mjtNum*>(state, steps * nstate, "state", true);
    job.sensordata = ArrayOf<mjtNum*>(sensordata, steps * first.nsensordata, "sensordata", true);
    for (const auto& m : models) mj_checkModel(*m->model, "mj_step", false);
    if (nbatch == 0) return;
    py::gil_scoped_release release;
    RunRollouts(job, pool_.get());
  }

  int nthread() const { return nthread_; }

 private:
  int nthread_;
  std::unique_ptr<ThreadPool> pool_;
};

}  // namespace

void BindRollout(py::module_& module) {
  py::class_<RolloutPool>(module, "_RolloutPool", "Worker threads kept for mjsim.rollout.")
      .def(py::init<int>(), py::arg("nthread"))
      .def_property_readonly("nthread", &RolloutPool::nthread)
      .def("rollout", &RolloutPool::Rollout, py::arg("model"), py::arg("data"), py::arg("nstep"),
           py::arg("control_spec"), py::arg("initial_state"), py::arg("initial_warmstart"),
           py::arg("control"), py::arg("state"), py::arg("sensordata"), py::arg("chunk_size"),
           "Runs the rollouts in C++ without the GIL, on the pool's threads (or this one).");
}

}  // namespace mjsim
