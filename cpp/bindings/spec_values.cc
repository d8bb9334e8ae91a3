// spec_values.cc: reading and writing one attribute of an Mjs* element through its table row
// (spec_attributes.h), and the list views (MjDoubleVec, MjStringVec, ...) that write through.
#include "spec_values.h"

#include <cmath>
#include <limits>

namespace mjsim {
namespace {

template <typename M>
M& At(void* element, std::ptrdiff_t offset) {
  return *reinterpret_cast<M*>(static_cast<char*>(element) + offset);
}

template <typename E>
py::object ArrayView(E* values, int count, py::handle base) {
  return py::array_t<E>({static_cast<py::ssize_t>(count)}, {static_cast<py::ssize_t>(sizeof(E))},
                        values, base);
}

bool IsSequence(py::handle value) {
  return py::isinstance<py::array>(value) || py::isinstance<py::list>(value) ||
         py::isinstance<py::tuple>(value);
}

bool IsInteger(py::handle value) {
  if (py::isinstance<py::bool_>(value) || py::isinstance<py::int_>(value)) return true;
  return py::hasattr(value, "__index__") && !py::isinstance<py::float_>(value);
}

[[noreturn]] void WrongType(const AttrRow& row, const char* expected) {
  throw py::type_error(std::string(row.name) + " needs " + expected);
}

// a flat list of numbers from a sequence or array; TypeError otherwise
template <typename E>
std::vector<E> NumbersOf(py::handle value, const AttrRow& row) {
  if (!IsSequence(value)) WrongType(row, "a list or array of numbers");
  py::array flat;
  try {
    flat = py::array_t<double, py::array::forcecast>::ensure(value);
  } catch (const py::error_already_set&) {
    flat = py::array();
  }
  if (!flat || flat.ptr() == nullptr) WrongType(row, "a list or array of numbers");
  py::array_t<double> numbers = py::array_t<double, py::array::forcecast | py::array::c_style>(flat);
  std::vector<E> out(static_cast<size_t>(numbers.size()));
  const double* data = numbers.data();
  for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<E>(data[i]);
  return out;
}

template <typename E>
void SetFixed(E* target, int count, py::handle value, const AttrRow& row) {
  std::vector<E> numbers = NumbersOf<E>(value, row);
  if (static_cast<int>(numbers.size()) != count) {
    throw py::value_error(std::string(row.name) + " needs " + std::to_string(count) +
                          " values, got " + std::to_string(numbers.size()));
  }
  std::copy(numbers.begin(), numbers.end(), target);
}

py::object EnumValue(const char* enum_type, int value) {
  if (!enum_type) return py::int_(value);
  py::object enums = py::module_::import("mjsim").attr(enum_type);
  try {
    return enums(value);
  } catch (const py::error_already_set&) {
    return py::int_(value);  // a value no member names (set by hand) stays readable
  }
}

}  // namespace

py::object OrientationObject(Orientation* orientation, py::handle self) {
  return py::cast(orientation, py::return_value_policy::reference_internal, self);
}

py::object GetAttr(void* element, const AttrRow& row, py::handle self) {
  switch (row.kind) {
    case AttrKind::kString: return py::str(At<std::string>(element, row.offset));
    case AttrKind::kInt: return EnumValue(row.enum_type, At<int>(element, row.offset));
    case AttrKind::kBool: return py::int_(At<bool>(element, row.offset) ? 1 : 0);
    case AttrKind::kReal: return py::float_(At<double>(element, row.offset));
    case AttrKind::kFloat: return py::float_(At<float>(element, row.offset));
    case AttrKind::kReals: return ArrayView(&At<double>(element, row.offset), row.count, self);
    case AttrKind::kFloats: return ArrayView(&At<float>(element, row.offset), row.count, self);
    case AttrKind::kInts: return ArrayView(&At<int>(element, row.offset), row.count, self);
    case AttrKind::kRealVec:
      return py::cast(ListView<double>{py::reinterpret_borrow<py::object>(self),
                                       &At<std::vector<double>>(element, row.offset)});
    case AttrKind::kFloatVec:
      return py::cast(ListView<float>{py::reinterpret_borrow<py::object>(self),
                                      &At<std::vector<float>>(element, row.offset)});
    case AttrKind::kIntVec:
      return py::cast(ListView<int>{py::reinterpret_borrow<py::object>(self),
                                    &At<std::vector<int>>(element, row.offset)});
    case AttrKind::kStrings:
      return py::cast(StringsView{py::reinterpret_borrow<py::object>(self),
                                  &At<std::vector<std::string>>(element, row.offset)});
    case AttrKind::kOptionalReal: {
      const auto& value = At<std::optional<double>>(element, row.offset);
      return py::float_(value ? *value : std::numeric_limits<double>::quiet_NaN());
    }
    case AttrKind::kOptionalReals: {
      const auto& value = At<std::optional<std::vector<double>>>(element, row.offset);
      py::array_t<double> out(row.count);
      for (int i = 0; i < row.count; ++i) {
        out.mutable_data()[i] = value ? (*value)[i] : std::numeric_limits<double>::quiet_NaN();
      }
      return std::move(out);
    }
    case AttrKind::kOrientation: return OrientationObject(&At<Orientation>(element, row.offset), self);
    case AttrKind::kCustom: return row.get(element, self, row);
  }
  return py::none();
}

void SetAttr(void* element, const AttrRow& row, py::handle value) {
  if (value.is_none() && row.kind != AttrKind::kOptionalReal && row.kind != AttrKind::kCustom) {
    throw py::type_error(std::string(row.name) + " cannot be None");
  }
  switch (row.kind) {
    case AttrKind::kString:
      if (!py::isinstance<py::str>(value)) WrongType(row, "a string");
      At<std::string>(element, row.offset) = value.cast<std::string>();
      break;
    case AttrKind::kInt:
      if (!IsInteger(value)) WrongType(row, row.enum_type ? row.enum_type : "an integer");
      At<int>(element, row.offset) = value.cast<int>();
      break;
    case AttrKind::kBool:
      if (!IsInteger(value)) WrongType(row, "a bool or integer");
      At<bool>(element, row.offset) = value.cast<long long>() != 0;
      break;
    case AttrKind::kReal:
      if (IsSequence(value) || py::isinstance<py::str>(value)) WrongType(row, "a number");
      At<double>(element, row.offset) = value.cast<double>();
      break;
    case AttrKind::kFloat:
      if (IsSequence(value) || py::isinstance<py::str>(value)) WrongType(row, "a number");
      At<float>(element, row.offset) = value.cast<float>();
      break;
    case AttrKind::kReals: SetFixed(&At<double>(element, row.offset), row.count, value, row); break;
    case AttrKind::kFloats: SetFixed(&At<float>(element, row.offset), row.count, value, row); break;
    case AttrKind::kInts: SetFixed(&At<int>(element, row.offset), row.count, value, row); break;
    case AttrKind::kRealVec: At<std::vector<double>>(element, row.offset) = NumbersOf<double>(value, row); break;
    case AttrKind::kFloatVec: At<std::vector<float>>(element, row.offset) = NumbersOf<float>(value, row); break;
    case AttrKind::kIntVec: At<std::vector<int>>(element, row.offset) = NumbersOf<int>(value, row); break;
    case AttrKind::kStrings: {
      if (!py::isinstance<py::list>(value) && !py::isinstance<py::tuple>(value)) {
        WrongType(row, "a list of strings");
      }
      std::vector<std::string> items;
      for (py::handle item : value) {
        if (!py::isinstance<py::str>(item)) WrongType(row, "a list of strings");
        items.push_back(item.cast<std::string>());
      }
      At<std::vector<std::string>>(element, row.offset) = std::move(items);
      break;
    }
    case AttrKind::kOptionalReal: {
      auto& target = At<std::optional<double>>(element, row.offset);
      double number = value.is_none() ? std::numeric_limits<double>::quiet_NaN() : value.cast<double>();
      if (std::isnan(number)) target.reset(); else target = number;
      break;
    }
    case AttrKind::kOptionalReals: {
      std::vector<double> numbers = NumbersOf<double>(value, row);
      if (static_cast<int>(numbers.size()) != row.count) {
        throw py::value_error(std::string(row.name) + " needs " + std::to_string(row.count) +
                              " values, got " + std::to_string(numbers.size()));
      }
      auto& target = At<std::optional<std::vector<double>>>(element, row.offset);
      if (std::isnan(numbers[0])) target.reset(); else target = numbers;
      break;
    }
    case AttrKind::kOrientation:
      throw py::attribute_error(std::string(row.name) +
                                " is set through its members (type, axisangle, xyaxes, zaxis, euler)");
    case AttrKind::kCustom:
      if (!row.set) throw py::attribute_error(std::string(row.name) + " is read-only");
      row.set(element, value, row);
      break;
  }
  if (row.given >= 0) At<bool>(element, row.given) = true;
}

// ---- list views -----------------------------------------------------------------------------
namespace {

py::ssize_t CheckedIndex(py::ssize_t index, size_t size) {
  // negative indices are refused too, as mujoco's vectors refuse them
  if (index < 0 || static_cast<size_t>(index) >= size) throw py::index_error("index out of range");
  return index;
}

template <typename E>
void BindListView(py::module_& module, const char* name, const char* format) {
  using View = ListView<E>;
  py::class_<View>(module, name, py::buffer_protocol(), "A list held by a spec element; writes go to the element.")
      .def("__len__", [](const View& v) { return v.values->size(); })
      .def("__getitem__", [](const View& v, py::ssize_t i) { return (*v.values)[CheckedIndex(i, v.values->size())]; })
      .def("__setitem__", [](View& v, py::ssize_t i, E value) { (*v.values)[CheckedIndex(i, v.values->size())] = value; })
      .def("__iter__", [](const View& v) {
        return py::iter(py::cast(std::vector<E>(*v.values)));
      })
      .def("__array__", [](const View& v, py::args, py::kwargs) {
        py::array_t<E> out(static_cast<py::ssize_t>(v.values->size()));
        std::copy(v.values->begin(), v.values->end(), out.mutable_data());
        return out;
      })
      .def("__eq__", [](const View& v, py::object other) {
        try {
          std::vector<E> values = other.cast<std::vector<E>>();
          return values == *v.values;
        } catch (const py::cast_error&) {
          return false;
        }
      })
      .def("__repr__", [](const View& v) { return py::repr(py::cast(*v.values)).template cast<std::string>(); })
      .def_buffer([format](View& v) {
        return py::buffer_info(v.values->data(), sizeof(E), format, 1,
                               {static_cast<py::ssize_t>(v.values->size())}, {sizeof(E)});
      });
}

}  // namespace

void BindSpecValueViews(py::module_& module) {
  BindListView<double>(module, "MjDoubleVec", "d");
  BindListView<float>(module, "MjFloatVec", "f");
  BindListView<int>(module, "MjIntVec", "i");
  py::class_<StringsView>(module, "MjStringVec", "Strings held by a spec element; writes go to the element.")
      .def("__len__", [](const StringsView& v) { return v.items->size(); })
      .def("__getitem__", [](const StringsView& v, py::ssize_t i) {
        return (*v.items)[CheckedIndex(i, v.items->size())];
      })
      .def("__setitem__", [](StringsView& v, py::ssize_t i, const std::string& text) {
        (*v.items)[CheckedIndex(i, v.items->size())] = text;
      })
      .def("__iter__", [](const StringsView& v) { return py::iter(py::cast(*v.items)); })
      .def("__eq__", [](const StringsView& v, py::object other) {
        try {
          return other.cast<std::vector<std::string>>() == *v.items;
        } catch (const py::cast_error&) {
          return false;
        }
      })
      .def("__repr__", [](const StringsView& v) { return py::repr(py::cast(*v.items)).cast<std::string>(); });
  py::class_<CharsView>(module, "MjCharVec", "Characters held by a spec element; writes go to the element.")
      .def("__len__", [](const CharsView& v) { return v.count; })
      .def("__getitem__", [](const CharsView& v, py::ssize_t i) {
        return std::string(1, v.chars[CheckedIndex(i, static_cast<size_t>(v.count))]);
      })
      .def("__setitem__", [](CharsView& v, py::ssize_t i, const std::string& text) {
        if (text.size() != 1) throw py::value_error("one character is needed");
        v.chars[CheckedIndex(i, static_cast<size_t>(v.count))] = text[0];
      })
      .def("__iter__", [](const CharsView& v) {
        py::list chars;
        for (int i = 0; i < v.count; ++i) chars.append(std::string(1, v.chars[i]));
        return py::iter(chars);
      })
      .def("__repr__", [](const CharsView& v) {
        return py::repr(py::str(std::string(v.chars, v.count))).cast<std::string>();
      });
}

}  // namespace mjsim
