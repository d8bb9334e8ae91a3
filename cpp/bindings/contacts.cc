// contacts.cc: d.contact (mujoco's contact list of MjContact) and the collision functions.
#include <algorithm>
#include <cstddef>
#include <string>

#include "bindings.h"
#include "structs.h"

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

// contacts [first, first + count) of d; count -1: all of the current ones (d.contact itself)
struct PyContactList {
  std::shared_ptr<Data> data;
  int first = 0;
  int count = -1;
  int Length() const {
    int available = std::max(0, data->ncon - first);
    return count < 0 ? available : std::min(count, available);
  }
};
}  // namespace

void BindContacts(py::module_& module) {
  py::class_<PyContactList> list(module, "MjContactList", "d.contact: this step's contacts.");
  list.def("__len__", [](const PyContactList& self) { return self.Length(); });
  list.def("__getitem__", [](const PyContactList& self, int index) {
    int length = self.Length();
    if (index < 0) index += length;
    if (index < 0 || index >= length) {
      throw py::index_error("contact index out of range [0, " + std::to_string(length) + ")");
    }
    return StructHandle<Contact>::View(self.data->contact + self.first + index, self.data);
  }, py::arg("index"));
  // d.contact[a:b]: a contact list of those contacts (steps other than 1 are refused)
  list.def("__getitem__", [](const PyContactList& self, const py::slice& slice) {
    py::ssize_t start, stop, step, length;
    if (!slice.compute(self.Length(), &start, &stop, &step, &length)) throw py::error_already_set();
    if (step != 1) throw py::value_error("contact list slices must have step 1");
    return PyContactList{self.data, self.first + static_cast<int>(start),
                         static_cast<int>(length)};
  }, py::arg("slice"));
  // d.contact.<member>: a strided view over the list's contacts
#define MJSIM_X(type, name, count, doc)                                                        \
  list.def_property(                                                                          \
      #name,                                                                                  \
      [](const PyContactList& self) {                                                         \
        return ContactMemberView<type>(self.data, offsetof(Contact, name), self.first,        \
                                       self.Length(), count, count > 1);                      \
      },                                                                                      \
      [](PyContactList& self, py::handle value) {                                             \
        AssignToView(ContactMemberView<type>(self.data, offsetof(Contact, name), self.first,  \
                                             self.Length(), count, count > 1),                \
                     value, #name);                                                           \
      },                                                                                      \
      doc);
  MJSIM_CONTACT_MEMBERS(MJSIM_X)
#undef MJSIM_X
  using Struct = Contact;
  auto cls = BindStruct<Contact>(module, "MjContact", "One contact (d.contact[i]).");
  MJSIM_CONTACT_MEMBERS(MJSIM_STRUCT_MEMBER)
  FinishStruct<Contact>(cls, Zeroed<Contact>);
  FinishStructList<PyContactList, Contact>(
      list, [](const PyContactList& self) { return static_cast<py::ssize_t>(self.Length()); },
      [](const PyContactList& self, py::ssize_t i) -> const Contact& {
        return self.data->contact[self.first + i];
      });
}

py::object ContactList(const PyData& d) { return py::cast(PyContactList{d.data}); }

void BindCollisionFunctions(py::module_& module) {
  module.def("mj_collision", [](const PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    py::gil_scoped_release release;
    mj_collision(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Collision detection: d.contact and d.ncon.");
  module.def("mj_addContact", [](const PyModel& m, PyData& d, const StructHandle<Contact>& con) {
    CheckSameModel(m, d);
    return mj_addContact(*m.model, *d.data, *con.value);
  }, py::arg("m"), py::arg("d"), py::arg("con"),
     "Append a copy of con to d.contact, giving up this step's constraint rows; 0 on success, 1 (with a mjWARN_CONTACTFULL warning) when the arena has no room.");
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
     "Signed distance between geom1 and geom2 (negative: penetration), capped at distmax; fromto (6 float64, or None) receives the nearest point on each.");
}

}  // namespace mjsim
