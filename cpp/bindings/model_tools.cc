// model_tools.cc: MjLROpt, mj_defaultLROpt, mj_setLengthRange (compiler/length_range.cc),
// mj_saveLastXML (compiler/load.cc), mj_resetDataDebug (engine/reset.cc) and mj_addM with
// mujoco's Python signatures. As in the mujoco package, failures of the first two raise
// FatalError (mjsim.FatalError).
#include <string>
#include <vector>

#include "bindings.h"
#include "structs.h"
#include "compiler/length_range.h"
#include "mjsim/errors.h"

namespace mjsim {
namespace {

using IndexArray = py::array_t<int, py::array::c_style | py::array::forcecast>;

void CheckIndexSize(const IndexArray& array, py::ssize_t size, const char* name) {
  if (array.size() != size) {
    throw py::type_error(std::string(name) + " should be of size " + std::to_string(size));
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
  using Struct = LengthRangeOptions;
  auto cls = BindStruct<LengthRangeOptions>(
      module, "MjLROpt", "Options for mj_setLengthRange (actuator length range).");
  MJSIM_LROPT_MEMBERS(MJSIM_STRUCT_MEMBER)
  // the mujoco package's MjLROpt() starts zeroed; mj_defaultLROpt sets the defaults
  FinishStruct<LengthRangeOptions>(cls, Zeroed<LengthRangeOptions>);
  module.def("mj_defaultLROpt",
             [](StructHandle<LengthRangeOptions>& opt) { *opt.value = LengthRangeOptions(); },
             py::arg("opt"), "Reset an MjLROpt to the defaults of <compiler><lengthrange>.");
  module.def("mj_setLengthRange",
             [](PyModel& m, PyData& d, int index, const StructHandle<LengthRangeOptions>& opt) {
               CheckSameModel(m, d);
               std::string error;
               bool done;
               {
                 py::gil_scoped_release release;
                 done = mj_setLengthRange(*m.model, *d.data, index, *opt.value, &error);
               }
               if (!done) throw FatalError(error);
             },
             py::arg("m"), py::arg("d"), py::arg("index"), py::arg("opt"),
             "Compute actuator_lengthrange of actuator index by simulation (opt: MjLROpt); 1 on success, 0 on failure.");
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
     "Add the inertia matrix (its lower triangle) into dst, a sparse matrix with the given CSR pattern.");
  module.def("mj_resetDataDebug", [](const PyModel& m, PyData& d, int debug_value) {
    CheckSameModel(m, d);
    mj_resetDataDebug(*m.model, *d.data, static_cast<unsigned char>(debug_value));
  }, py::arg("m"), py::arg("d"), py::arg("debug_value"),
     "As mj_resetData, but the arena and the step's buffers are filled with the byte debug_value.");
}

}  // namespace mjsim
