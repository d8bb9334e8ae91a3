// model_tools.cc: MjLROpt, mj_defaultLROpt, mj_setLengthRange (compiler/length_range.cc),
// mj_saveLastXML (compiler/load.cc), mj_resetDataDebug (engine/reset.cc) and mj_addM with
// mujoco's Python signatures. As in the mujoco package, failures of the first two raise
// FatalError (mjsim.FatalError).
#include <string>
#include <vector>

#include "bindings.h"
#include "compiler/length_range.h"
#include "mjsim/errors.h"

namespace mjsim {
namespace {

using IndexArray = py::array_t<int, py::array::c_style | py::array::forcecast>;

void CheckIndexSize(const IndexArray& array, py::ssize_t size, const char* name) {
  if (array.size() != size) {
    throw py::value_error(std::string(name) + " should be of size " + std::to_string(size));
  }
}

// dst (a CSR matrix of nM values with the given row pattern, lower triangle) += M
void AddInertia(const Model& m, const Data& d, mjtNum* dst, const int* rownnz, const int* rowadr,
                const int* colind) {
  std::vector<mjtNum> full(static_cast<size_t>(m.nv) * m.nv);
  mj_fullM(m, full.data(), d.qM);
  for (int i = 0; i < m.nv; ++i) {
    for (int k = 0; k < rownnz[i]; ++k) {
      int address = rowadr[i] + k, column = address >= 0 && address < m.nM ? colind[address] : -1;
      if (column < 0 || column >= m.nv) {
        throw py::value_error("mj_addM: row " + std::to_string(i) +
                              " addresses a value outside dst or a column outside [0, nv)");
      }
      dst[address] += full[static_cast<size_t>(i) * m.nv + column];
    }
  }
}

}  // namespace

void BindModelTools(py::module_& module) {
  py::class_<LengthRangeOptions> options(module, "MjLROpt",
                                         "Options for mj_setLengthRange (actuator length range).");
  // the mujoco package's MjLROpt() starts zeroed; mj_defaultLROpt sets the defaults
  options.def(py::init([]() {
    LengthRangeOptions zero;
    zero.mode = 0;
    zero.useexisting = zero.uselimit = false;
    zero.accel = zero.maxforce = zero.timeconst = zero.timestep = 0;
    zero.inttotal = zero.interval = zero.tolrange = 0;
    return zero;
  }));
  options.def_property(
      "mode", [](const LengthRangeOptions& o) { return o.mode; },
      [](LengthRangeOptions& o, int value) { o.mode = value; },
      "which actuators to process (mjtLRMode)");
  options.def_property(
      "useexisting", [](const LengthRangeOptions& o) { return static_cast<int>(o.useexisting); },
      [](LengthRangeOptions& o, int value) { o.useexisting = value != 0; },
      "use existing length range if available");
  options.def_property(
      "uselimit", [](const LengthRangeOptions& o) { return static_cast<int>(o.uselimit); },
      [](LengthRangeOptions& o, int value) { o.uselimit = value != 0; },
      "use joint and tendon limits if available");
  options.def_readwrite("accel", &LengthRangeOptions::accel,
                        "target acceleration used to compute force");
  options.def_readwrite("maxforce", &LengthRangeOptions::maxforce,
                        "maximum force; 0: no limit");
  options.def_readwrite("timeconst", &LengthRangeOptions::timeconst,
                        "time constant for velocity reduction; min 0.01");
  options.def_readwrite("timestep", &LengthRangeOptions::timestep,
                        "simulation timestep; 0: use mjOption.timestep");
  options.def_readwrite("inttotal", &LengthRangeOptions::inttotal,
                        "total simulation time interval");
  options.def_readwrite("interval", &LengthRangeOptions::interval,
                        "evaluation time interval (at the end)");
  options.def_readwrite("tolrange", &LengthRangeOptions::tolrange,
                        "convergence tolerance (relative to range)");
  options.def("__repr__", [](const LengthRangeOptions& o) {
    return "<MjLROpt mode=" + std::to_string(o.mode) + " accel=" + std::to_string(o.accel) +
           " inttotal=" + std::to_string(o.inttotal) + ">";
  });

  module.def("mj_defaultLROpt", [](LengthRangeOptions& opt) { opt = LengthRangeOptions(); },
             py::arg("opt"), "Set default options for length range computation.");
  module.def("mj_setLengthRange",
             [](PyModel& m, PyData& d, int index, const LengthRangeOptions& opt) {
               CheckSameModel(m, d);
               std::string error;
               if (!mj_setLengthRange(*m.model, *d.data, index, opt, &error)) {
                 throw FatalError(error);
               }
             },
             py::arg("m"), py::arg("d"), py::arg("index"), py::arg("opt"),
             "Set actuator_lengthrange for specified actuator; return 1 if ok, 0 if error.");
  module.def("mj_addM", [](const PyModel& m, PyData& d, py::array dst, IndexArray rownnz,
                           IndexArray rowadr, IndexArray colind) {
    CheckSameModel(m, d);
    const Model& model = *m.model;
    mjtNum* out = OutputArray(dst, model.nM, "dst");
    CheckIndexSize(rownnz, model.nv, "rownnz");
    CheckIndexSize(rowadr, model.nv, "rowadr");
    CheckIndexSize(colind, model.nM, "colind");
    AddInertia(model, *d.data, out, rownnz.data(), rowadr.data(), colind.data());
  }, py::arg("m"), py::arg("d"), py::arg("dst"), py::arg("rownnz"), py::arg("rowadr"),
     py::arg("colind"),
     "Add inertia matrix to destination matrix (lower triangle only), in the CSR pattern given.");
  module.def("mj_resetDataDebug", [](const PyModel& m, PyData& d, int debug_value) {
    CheckSameModel(m, d);
    mj_resetDataDebug(*m.model, *d.data, static_cast<unsigned char>(debug_value));
  }, py::arg("m"), py::arg("d"), py::arg("debug_value"),
     "Reset data to defaults, fill everything else with debug_value.");
  module.def("mj_saveLastXML", [](const std::string& filename, const PyModel&) {
    SaveLastXml(filename);
  }, py::arg("filename"), py::arg("m"),
     "Save the last MJCF model loaded from XML (includes expanded). Edits of m made after "
     "loading are not written back (the mujoco package writes them).");
}

}  // namespace mjsim
