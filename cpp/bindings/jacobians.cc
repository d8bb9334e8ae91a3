// jacobians.cc: mj_jac, mj_jacBody, mj_jacBodyCom, mj_jacSubtreeCom, mj_jacGeom, mj_jacSite,
// mj_jacPointAxis, mj_jacDot, mj_mulJacVec, mj_mulJacTVec (engine/jacobian.cc) with mujoco's
// Python signatures: Jacobian outputs are writable C-contiguous float64 arrays of shape
// (3, nv), or None to skip; mj_mulJac(T)Vec take flat vectors of nefc and nv values. Every
// argument is checked before anything is written.
#include <string>

#include "bindings.h"

namespace mjsim {
namespace {

// the (3, nv) output `jac`, or nullptr for None
mjtNum* JacobianOutput(const py::object& jac, int nv, const char* name) {
  if (jac.is_none()) return nullptr;
  if (!py::isinstance<py::array>(jac)) {
    throw py::type_error(std::string(name) + " must be a float64 array of shape (3, nv) or None");
  }
  py::array array = jac.cast<py::array>();
  if (!array.dtype().is(py::dtype::of<mjtNum>()) || !(array.flags() & py::array::c_style) ||
      !array.writeable()) {
    throw py::type_error(std::string(name) + " must be a writable C-contiguous float64 array");
  }
  // a 1-d array of 3 is a (3, 1) matrix, as the reference's matrix arguments take it
  bool column = array.ndim() == 1 && array.shape(0) == 3 && nv == 1;
  if (!column && (array.ndim() != 2 || array.shape(0) != 3 || array.shape(1) != nv)) {
    throw py::type_error(std::string(name) + " should be of shape (3, nv) = (3, " +
                         std::to_string(nv) + ")");
  }
  return static_cast<mjtNum*>(array.mutable_data());
}

// a 3-vector argument (point, axis): any sequence of 3 numbers
InputArray Vector3(const py::object& value, const char* name) {
  InputArray array = InputArray::ensure(value);
  if (!array) throw py::type_error(std::string(name) + " must be an array of 3 float64 values");
  CheckInputSize(array, 3, name);
  return array;
}

// IndexError unless 0 <= id < count
void CheckId(int id, int count, const char* name) {
  if (id < 0 || id >= count) {
    throw py::index_error(std::string(name) + " " + std::to_string(id) + " out of range [0, " +
                          std::to_string(count) + ")");
  }
}

// a float64 vector argument of exactly `size` values; TypeError naming it otherwise (as the
// reference: "vec should be of length nv")
InputArray SizedInput(const py::object& value, py::ssize_t size, const char* name,
                      const char* size_name) {
  InputArray array = InputArray::ensure(value);
  if (!array || array.ndim() > 2 || array.size() != size) {
    throw py::type_error(std::string(name) + " should be of length " + size_name);
  }
  return array;
}

// a writable C-contiguous float64 output of exactly `size` values
mjtNum* SizedOutput(const py::object& value, py::ssize_t size, const char* name,
                    const char* size_name) {
  if (!py::isinstance<py::array>(value)) {
    throw py::type_error(std::string(name) + " must be a writable float64 array");
  }
  py::array array = value.cast<py::array>();
  if (!array.dtype().is(py::dtype::of<mjtNum>()) || !(array.flags() & py::array::c_style) ||
      !array.writeable()) {
    throw py::type_error(std::string(name) + " must be a writable C-contiguous float64 array");
  }
  if (array.size() != size) {
    throw py::type_error(std::string(name) + " should be of length " + size_name);
  }
  return static_cast<mjtNum*>(array.mutable_data());
}

using PointJacobian = void (*)(const Model&, const Data&, mjtNum*, mjtNum*, const mjtNum*, int);
using ObjectJacobian = void (*)(const Model&, const Data&, mjtNum*, mjtNum*, int);

template <PointJacobian function>
void DefPointJacobian(py::module_& module, const char* name, const char* doc) {
  module.def(name, [](const PyModel& m, PyData& d, py::object jacp, py::object jacr,
                      py::object point, int body) {
    CheckSameModel(m, d);
    mjtNum* p = JacobianOutput(jacp, m.model->nv, "jacp");
    mjtNum* r = JacobianOutput(jacr, m.model->nv, "jacr");
    InputArray at = Vector3(point, "point");
    CheckId(body, m.model->nbody, "body");
    function(*m.model, *d.data, p, r, at.data(), body);
  }, py::arg("m"), py::arg("d"), py::arg("jacp").none(true), py::arg("jacr").none(true),
     py::arg("point"), py::arg("body"), doc);
}

// an object's count in m, for the id check of mj_jacBody/Geom/Site
template <ObjectJacobian function>
void DefObjectJacobian(py::module_& module, const char* name, const char* id_name,
                       int Model::*count, const char* doc) {
  module.def(name, [id_name, count](const PyModel& m, PyData& d, py::object jacp,
                                    py::object jacr, int id) {
    CheckSameModel(m, d);
    mjtNum* p = JacobianOutput(jacp, m.model->nv, "jacp");
    mjtNum* r = JacobianOutput(jacr, m.model->nv, "jacr");
    CheckId(id, (*m.model).*count, id_name);
    function(*m.model, *d.data, p, r, id);
  }, py::arg("m"), py::arg("d"), py::arg("jacp").none(true), py::arg("jacr").none(true),
     py::arg(id_name), doc);
}

}  // namespace

void BindJacobians(py::module_& module) {
  DefPointJacobian<mj_jac>(module, "mj_jac",
      "Jacobians of a world point moving with body: jacp (3 x nv, translation) and jacr (3 x nv, rotation); either may be None.");
  DefPointJacobian<mj_jacDot>(module, "mj_jacDot",
      "Time derivatives of the Jacobians mj_jac gives, for a world point moving with body.");
  DefObjectJacobian<mj_jacBody>(module, "mj_jacBody", "body", &Model::nbody,
      "Translation and rotation Jacobians of the body frame's origin.");
  DefObjectJacobian<mj_jacBodyCom>(module, "mj_jacBodyCom", "body", &Model::nbody,
      "Translation and rotation Jacobians of the body's center of mass.");
  DefObjectJacobian<mj_jacGeom>(module, "mj_jacGeom", "geom", &Model::ngeom,
      "Translation and rotation Jacobians of the geom's center.");
  DefObjectJacobian<mj_jacSite>(module, "mj_jacSite", "site", &Model::nsite,
      "Translation and rotation Jacobians of the site's origin.");
  module.def("mj_jacSubtreeCom", [](const PyModel& m, PyData& d, py::object jacp, int body) {
    CheckSameModel(m, d);
    mjtNum* p = JacobianOutput(jacp, m.model->nv, "jacp");
    CheckId(body, m.model->nbody, "body");
    mj_jacSubtreeCom(*m.model, *d.data, p, body);
  }, py::arg("m"), py::arg("d"), py::arg("jacp").none(true), py::arg("body"),
     "Translation Jacobian of the center of mass of the body's subtree.");
  module.def("mj_jacPointAxis", [](const PyModel& m, PyData& d, py::object jacPoint,
                                   py::object jacAxis, py::object point, py::object axis,
                                   int body) {
    CheckSameModel(m, d);
    mjtNum* p = JacobianOutput(jacPoint, m.model->nv, "jacPoint");
    mjtNum* a = JacobianOutput(jacAxis, m.model->nv, "jacAxis");
    InputArray at = Vector3(point, "point");
    InputArray direction = Vector3(axis, "axis");
    CheckId(body, m.model->nbody, "body");
    mj_jacPointAxis(*m.model, *d.data, p, a, at.data(), direction.data(), body);
  }, py::arg("m"), py::arg("d"), py::arg("jacPoint").none(true), py::arg("jacAxis").none(true),
     py::arg("point"), py::arg("axis"), py::arg("body"),
     "Translation Jacobian of a point and rotation Jacobian of an axis, both moving with body.");
  module.def("mj_mulJacVec", [](const PyModel& m, PyData& d, py::object res, py::object vec) {
    CheckSameModel(m, d);
    mjtNum* out = SizedOutput(res, d.data->nefc, "res", "nefc");
    InputArray in = SizedInput(vec, m.model->nv, "vec", "nv");
    mj_mulJacVec(*m.model, *d.data, out, in.data());
  }, py::arg("m"), py::arg("d"), py::arg("res"), py::arg("vec"),
     "res = J vec, with J the constraint Jacobian (dense or sparse).");
  module.def("mj_mulJacTVec", [](const PyModel& m, PyData& d, py::object res, py::object vec) {
    CheckSameModel(m, d);
    mjtNum* out = SizedOutput(res, m.model->nv, "res", "nv");
    InputArray in = SizedInput(vec, d.data->nefc, "vec", "nefc");
    mj_mulJacTVec(*m.model, *d.data, out, in.data());
  }, py::arg("m"), py::arg("d"), py::arg("res"), py::arg("vec"),
     "res = J' vec, with J the constraint Jacobian (dense or sparse).");
}

}  // namespace mjsim
