// spec_values.h: attribute access by table row and the list views of spec elements.
#pragma once
#include "spec_attributes.h"

namespace mjsim {

// a std::vector member of an element, seen from Python; `owner` keeps the element alive
template <typename E>
struct ListView {
  py::object owner;
  std::vector<E>* values;
};

// a std::vector<std::string> member (material textures, texture cubefiles)
struct StringsView {
  py::object owner;
  std::vector<std::string>* items;
};

// a char[count] member (compiler eulerseq)
struct CharsView {
  py::object owner;
  char* chars;
  int count;
};

// The attribute `row` of `element` as a Python value (`self`: the element's Python object,
// the base of the views returned).
py::object GetAttr(void* element, const AttrRow& row, py::handle self);
// Writes `value` to the attribute; TypeError or ValueError naming the attribute when it does
// not fit, and the element unchanged.
void SetAttr(void* element, const AttrRow& row, py::handle value);
py::object OrientationObject(Orientation* orientation, py::handle self);

void BindSpecValueViews(py::module_& module);

}  // namespace mjsim
