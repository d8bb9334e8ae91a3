// derivatives.cc: mjd_transitionFD and mjd_inverseFD (engine/derivative_fd.cc), mj_angmomMat
// (engine/angmom.cc) and mj_isDual, with mujoco's Python signatures: optional output matrices
// (None: not computed) must be writable C-contiguous float64 arrays of exactly the documented
// number of values, checked before anything runs.
#include <cmath>
#include <string>

#include "bindings.h"
#include "mjsim/derivative_fd.h"

namespace mjsim {
namespace {

// the data pointer of an optional output matrix of rows x cols values, or null for None
mjtNum* OptionalMatrix(const py::object& value, py::ssize_t rows, py::ssize_t cols,
                       const char* name) {
  if (value.is_none()) return nullptr;
  if (!py::isinstance<py::array>(value)) {
    throw py::type_error(std::string(name) + " must be a float64 array or None");
  }
  py::array array = value;
  if (array.size() != rows * cols) {
    throw py::type_error(std::string(name) + " must have " + std::to_string(rows) + " x " +
                          std::to_string(cols) + " values, got " +
                          std::to_string(array.size()));
  }
  return OutputArray(array, rows * cols, name);
}

void BindTransitionFD(py::module_& module) {
  module.def("mjd_transitionFD", [](const PyModel& m, PyData& d, mjtNum eps, int flg_centered,
                                    py::object A, py::object B, py::object C, py::object D) {
    CheckSameModel(m, d);
    const Model& model = *m.model;
    if (!(eps > 0)) throw py::value_error("eps must be positive");
    py::ssize_t nx = 2 * model.nv + model.na, nu = model.nu, ns = model.nsensordata;
    mjtNum* a = OptionalMatrix(A, nx, nx, "A");
    mjtNum* b = OptionalMatrix(B, nx, nu, "B");
    mjtNum* c = OptionalMatrix(C, ns, nx, "C");
    mjtNum* dd = OptionalMatrix(D, ns, nu, "D");
    py::gil_scoped_release release;
    mjd_transitionFD(model, *d.data, eps, flg_centered != 0, a, b, c, dd);
  }, py::arg("m"), py::arg("d"), py::arg("eps"), py::arg("flg_centered"),
     py::arg("A") = py::none(), py::arg("B") = py::none(), py::arg("C") = py::none(),
     py::arg("D") = py::none(),
     "Finite-difference linearization of one mj_step about the current state:\n"
         "  dx_next = A dx + B du,  dsensor = C dx + D du\n"
         "with x = (dq, qvel, act) and u = ctrl. Any output may be None; the shapes are\n"
         "  A: (2*nv+na, 2*nv+na), B: (2*nv+na, nu), C: (nsensordata, 2*nv+na), D: (nsensordata, nu).");
}

void BindInverseFD(py::module_& module) {
  module.def("mjd_inverseFD", [](const PyModel& m, PyData& d, mjtNum eps, int flg_actuation,
                                 py::object DfDq, py::object DfDv, py::object DfDa,
                                 py::object DsDq, py::object DsDv, py::object DsDa,
                                 py::object DmDq) {
    CheckSameModel(m, d);
    const Model& model = *m.model;
    if (!(eps > 0)) throw py::value_error("eps must be positive");
    py::ssize_t nv = model.nv, ns = model.nsensordata, nM = model.nM;
    mjtNum* fq = OptionalMatrix(DfDq, nv, nv, "DfDq");
    mjtNum* fv = OptionalMatrix(DfDv, nv, nv, "DfDv");
    mjtNum* fa = OptionalMatrix(DfDa, nv, nv, "DfDa");
    mjtNum* sq = OptionalMatrix(DsDq, nv, ns, "DsDq");
    mjtNum* sv = OptionalMatrix(DsDv, nv, ns, "DsDv");
    mjtNum* sa = OptionalMatrix(DsDa, nv, ns, "DsDa");
    mjtNum* mq = OptionalMatrix(DmDq, nv, nM, "DmDq");
    py::gil_scoped_release release;
    mjd_inverseFD(model, *d.data, eps, flg_actuation != 0, fq, fv, fa, sq, sv, sa, mq);
  }, py::arg("m"), py::arg("d"), py::arg("eps"), py::arg("flg_actuation"),
     py::arg("DfDq") = py::none(), py::arg("DfDv") = py::none(), py::arg("DfDa") = py::none(),
     py::arg("DsDq") = py::none(), py::arg("DsDv") = py::none(), py::arg("DsDa") = py::none(),
     py::arg("DmDq") = py::none(),
     "Finite-difference Jacobians of the inverse dynamics (qfrc_inverse, sensordata, and qM for DmDq) with respect to qpos, qvel and qacc.\n"
         "Every output may be None; each is the transpose of the control-theory form: DfDq, DfDv and DfDa are nv x nv, DsDq, DsDv and DsDa are nv x nsensordata, DmDq is nv x nM.\n"
         "flg_actuation: subtract qfrc_actuator from qfrc_inverse first.");
}

// M = L' D L (qLD: L below the diagonal, D on it, in M's CSR pattern; factorization.cc)
// res = sqrt(D) L vec, so that |res|^2 = vec' M vec
void MulInertiaHalf(const Model& m, const Data& d, mjtNum* res, const mjtNum* vec) {
  for (int k = 0; k < m.nv; ++k) {
    const mjtNum* row = d.qLD + m.M_rowadr[k];
    const int* columns = m.M_colind + m.M_rowadr[k];
    mjtNum sum = vec[k];
    for (int p = 0; p < m.M_rownnz[k] - 1; ++p) sum += row[p] * vec[columns[p]];
    res[k] = sum / std::sqrt(d.qLDiagInv[k]);
  }
}

void BindInertiaHalves(py::module_& module) {
  module.def("mj_mulM2", [](const PyModel& m, PyData& d, py::array res, py::object vec) {
    CheckSameModel(m, d);
    const Model& model = *m.model;
    InputArray v = InputArray::ensure(vec);
    if (!v) throw py::type_error("vec must be convertible to a float64 array");
    CheckInputSize(v, model.nv, "vec");
    MulInertiaHalf(model, *d.data, OutputArray(res, model.nv, "res"), v.data());
  }, py::arg("m"), py::arg("d"), py::arg("res"), py::arg("vec"),
     "res = sqrt(D) L vec, with M = L'DL: a square root of the inertia matrix applied to vec.");
  module.def("mj_solveM2", [](const PyModel& m, PyData& d, py::array x, py::object y,
                              py::object sqrtInvD) {
    CheckSameModel(m, d);
    const Model& model = *m.model;
    InputArray yv = InputArray::ensure(y), sv = InputArray::ensure(sqrtInvD);
    if (!yv || !sv) throw py::type_error("y and sqrtInvD must be convertible to float64 arrays");
    if (model.nv == 0 || yv.size() % model.nv != 0) {
      throw py::type_error("y must have n x nv values");
    }
    CheckInputSize(sv, model.nv, "sqrtInvD");
    py::ssize_t n = yv.size() / model.nv;
    mj_solveM2(model, *d.data, OutputArray(x, n * model.nv, "x"), yv.data(), sv.data(),
               static_cast<int>(n));
  }, py::arg("m"), py::arg("d"), py::arg("x"), py::arg("y"), py::arg("sqrtInvD"),
     "x = sqrt(inv(D)) inv(L') y, half of the solve with M = L'DL (sqrtInvD: the diagonal 1/sqrt(D)).");
}

void BindModelQueries(py::module_& module) {
  module.def("mj_angmomMat", [](const PyModel& m, PyData& d, py::array mat, int body) {
    CheckSameModel(m, d);
    const Model& model = *m.model;
    if (body < 0 || body >= model.nbody) {
      throw py::value_error("body must be in [0, nbody), got " + std::to_string(body));
    }
    mjtNum* out = OutputArray(mat, 3 * static_cast<py::ssize_t>(model.nv), "mat");
    mj_angmomMat(model, *d.data, out, body);
  }, py::arg("m"), py::arg("d"), py::arg("mat"), py::arg("body"),
     "Matrix mapping qvel to the angular momentum of the body's subtree about its com (3 x nv).");
  // mjsim has no global callbacks (mjcb_*): there is nothing to reset
  module.def("mj_resetCallbacks", []() {},
             "Meant to clear the mjcb_* callbacks; in mjsim it does nothing yet (pass None to each set_mjcb_* instead).");
  // the dual solvers: PGS, and any solver followed by noslip iterations (observed)
  module.def("mj_isDual", [](const PyModel& m) {
    const Model& model = *m.model;
    return static_cast<int>(model.opt.solver == mjSOL_PGS || model.opt.noslip_iterations > 0);
  }, py::arg("m"), "1 if the solve needs dual quantities: the PGS solver, or noslip iterations after any solver.");
}

}  // namespace

void BindDerivatives(py::module_& module) {
  BindTransitionFD(module);
  BindInverseFD(module);
  BindModelQueries(module);
  BindInertiaHalves(module);
}

}  // namespace mjsim
