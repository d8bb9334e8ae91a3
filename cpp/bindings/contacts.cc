// contacts.cc: d.contact (mujoco's contact list of MjContact) and the collision functions.
#include <cstddef>
#include <string>

#include "bindings.h"

namespace mjsim {
namespace {

// d.contact: mujoco's contact list. Each member is a strided NumPy view over the ncon contacts
// in the arena (d.contact.dist has shape (ncon,), d.contact.frame (ncon, 9)); d.contact[i] is
// one MjContact whose array members are views too.
template <typename T>
py::object ContactMemberView(const std::shared_ptr<Data>& data, size_t offset, int first, int rows,
                             int cols, bool vector) {
  auto* keeper = new std::shared_ptr<void>(data);
  py::capsule base(keeper, [](void* p) { delete static_cast<std::shared_ptr<void>*>(p); });
  auto* pointer = reinterpret_cast<T*>(reinterpret_cast<unsigned char*>(data->contact + first) +
                                       offset);
  std::vector<py::ssize_t> shape, strides;
  if (rows >= 0) {
    shape.push_back(rows);
    strides.push_back(sizeof(Contact));
  }
  if (vector) {
    shape.push_back(cols);
    strides.push_back(sizeof(T));
  }
  return py::array_t<T>(shape, strides, pointer, base);
}

struct PyContactList {
  std::shared_ptr<Data> data;
};
struct PyContact {
  std::shared_ptr<Data> data;
  int index;
};

#define MJSIM_CONTACT_MEMBERS(X)                                                              \
  X(mjtNum, dist, 1, "distance between the surfaces; negative: penetration")                  \
  X(mjtNum, pos, 3, "position of the contact point, midway between the surfaces")              \
  X(mjtNum, frame, 9, "normal (geom1 to geom2), tangent1, tangent2")                           \
  X(mjtNum, includemargin, 1, "include in the solver if dist < includemargin")                  \
  X(mjtNum, friction, 5, "tangent1, tangent2, spin, roll1, roll2")                             \
  X(mjtNum, solref, 2, "constraint solver reference, normal direction")                        \
  X(mjtNum, solreffriction, 2, "constraint solver reference, friction directions")             \
  X(mjtNum, solimp, 5, "constraint solver impedance")                                          \
  X(mjtNum, mu, 1, "friction of the regularized cone")                                         \
  X(mjtNum, H, 36, "cone Hessian")                                                             \
  X(int, dim, 1, "contact space dimensionality: 1, 3, 4 or 6")                                 \
  X(int, geom1, 1, "id of geom 1")                                                            \
  X(int, geom2, 1, "id of geom 2")                                                            \
  X(int, geom, 2, "geom ids")                                                                 \
  X(int, flex, 2, "flex ids; -1 for geoms")                                                   \
  X(int, elem, 2, "element ids; -1 for geoms")                                                \
  X(int, vert, 2, "vertex ids; -1 for geoms")                                                 \
  X(int, exclude, 1, "0: include, 1: in gap, 2: fused, 3: no dofs")                          \
  X(int, efc_address, 1, "address in the efc arrays; -1: not included")

}  // namespace

void BindContacts(py::module_& module) {
  py::class_<PyContactList> list(module, "MjContactList", "d.contact: this step's contacts.");
  list.def("__len__", [](const PyContactList& self) { return self.data->ncon; });
  list.def("__getitem__", [](const PyContactList& self, int index) {
    int ncon = self.data->ncon;
    if (index < 0) index += ncon;
    if (index < 0 || index >= ncon) {
      throw py::index_error("contact index out of range [0, " + std::to_string(ncon) + ")");
    }
    return PyContact{self.data, index};
  }, py::arg("index"));
  py::class_<PyContact> contact(module, "MjContact", "One contact (d.contact[i]).");
#define MJSIM_X(type, name, count, doc)                                                        \
  list.def_property(                                                                          \
      #name,                                                                                  \
      [](const PyContactList& self) {                                                         \
        return ContactMemberView<type>(self.data, offsetof(Contact, name), 0, self.data->ncon, \
                                       count, count > 1);                                     \
      },                                                                                      \
      [](PyContactList& self, py::handle value) {                                             \
        AssignToView(ContactMemberView<type>(self.data, offsetof(Contact, name), 0,           \
                                             self.data->ncon, count, count > 1),              \
                     value, #name);                                                           \
      },                                                                                      \
      doc);                                                                                   \
  contact.def_property(                                                                       \
      #name,                                                                                  \
      [](const PyContact& self) -> py::object {                                               \
        if (self.index >= self.data->ncon) throw py::index_error("contact no longer exists");  \
        const Contact& c = self.data->contact[self.index];                                    \
        if (count == 1) return py::cast(*reinterpret_cast<const type*>(&c.name));             \
        return ContactMemberView<type>(self.data, offsetof(Contact, name), self.index, -1,    \
                                       count, true);                                          \
      },                                                                                      \
      [](PyContact& self, py::handle value) {                                                 \
        if (self.index >= self.data->ncon) throw py::index_error("contact no longer exists");  \
        AssignToView(ContactMemberView<type>(self.data, offsetof(Contact, name), self.index,  \
                                             1, count, count > 1),                            \
                     value, #name);                                                           \
      },                                                                                      \
      doc);
  MJSIM_CONTACT_MEMBERS(MJSIM_X)
#undef MJSIM_X
}

py::object ContactList(const PyData& d) { return py::cast(PyContactList{d.data}); }

void BindCollisionFunctions(py::module_& module) {
  module.def("mj_collision", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    py::gil_scoped_release release;
    mj_collision(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Collision detection: d.contact and d.ncon.");
  module.def("mj_geomDistance", [](const PyModel& m, PyData& d, int geom1, int geom2,
                                   mjtNum distmax, const py::object& fromto) {
    CheckSameModel(m, d);
    const Model& model = *m.model;
    for (int g : {geom1, geom2}) {
      if (g < 0 || g >= model.ngeom) {
        throw py::value_error("geom id " + std::to_string(g) + " out of range [0, " +
                              std::to_string(model.ngeom) + ")");
      }
    }
    py::array array;
    mjtNum* out = nullptr;
    if (!fromto.is_none()) {
      if (!py::isinstance<py::array>(fromto)) {
        throw py::type_error("fromto must be a writable C-contiguous float64 array or None");
      }
      array = fromto.cast<py::array>();
      out = OutputArray(array, 6, "fromto");
    }
    return mj_geomDistance(model, *d.data, geom1, geom2, distmax, out);
  }, py::arg("m"), py::arg("d"), py::arg("geom1"), py::arg("geom2"), py::arg("distmax"),
     py::arg("fromto") = py::none(),
     "Smallest signed distance between two geoms, up to distmax; fromto (6 float64, or None) "
     "receives the closest points on geom1 and geom2.");
}

}  // namespace mjsim
