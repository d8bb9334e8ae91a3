// structs.h: mujoco's small structs (MjOption, MjVisual, MjStatistic, MjContact, MjLROpt and the
// stat structs) as Python classes generated from their member tables. A StructHandle either owns
// its struct (MjOption(), copies, unpickled ones) or points into a Model or Data and keeps it
// alive (m.opt, d.contact[i]): writes through a view change the Model/Data, and array members
// are NumPy views in both cases. BindStruct gives every class the reference's behaviour:
// constructor with defaults, value equality, unhashable, repr listing the members, copy,
// deepcopy and pickle.
#pragma once
#include <algorithm>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "bindings.h"

namespace mjsim {

template <typename T>
struct StructHandle {
  std::shared_ptr<void> owner;  // the owned T, or the Model/Data `value` points into
  T* value = nullptr;

  static StructHandle Own(const T& initial) {
    auto owned = std::make_shared<T>(initial);
    return {owned, owned.get()};
  }
  static StructHandle View(T* inside, std::shared_ptr<void> keep_alive) {
    return {std::move(keep_alive), inside};
  }
};

// a struct as bytes (pickling); the layout is this build's
template <typename T>
py::bytes StructBytes(const T& value) {
  static_assert(std::is_trivially_copyable_v<T>);
  return py::bytes(reinterpret_cast<const char*>(&value), sizeof(T));
}

template <typename T>
void StructFromBytes(T& value, const py::bytes& bytes, const char* what) {
  std::string text = bytes;
  if (text.size() != sizeof(T)) {
    throw py::value_error(std::string("pickled ") + what + " has the wrong size");
  }
  std::memcpy(&value, text.data(), sizeof(T));
}

// the value-initialized struct: every member zero (the reference's MjContact(), MjLROpt(), ...)
template <typename T>
T Zeroed() {
  static_assert(std::is_trivially_copyable_v<T>);
  T value;
  std::memset(static_cast<void*>(&value), 0, sizeof(T));
  return value;
}

template <typename T>
struct StructMember {
  std::string name;
  std::function<std::string(const StructHandle<T>&)> repr;
  std::function<bool(const T&, const T&)> equal;
};

// the members of T in table order, filled by AddMember
template <typename T>
std::vector<StructMember<T>>& Members() {
  static std::vector<StructMember<T>> members;
  return members;
}

template <typename T>
bool StructEqual(const T& a, const T& b) {
  for (const StructMember<T>& member : Members<T>()) {
    if (!member.equal(a, b)) return false;
  }
  return true;
}

// "<Name\n  member: value\n  ...\n>", the reference's format; nested structs are indented
template <typename T>
std::string StructRepr(const StructHandle<T>& handle, const std::string& type_name) {
  std::string text = "<" + type_name;
  for (const StructMember<T>& member : Members<T>()) {
    text += "\n  " + member.name + ": " + member.repr(handle);
  }
  return text + "\n>";
}

// a NumPy view of an array member; `rows` > 1 shapes it (rows, count / rows) (mjvGeom.mat)
template <typename Element, size_t count>
py::object MemberArray(Element (&values)[count], const std::shared_ptr<void>& owner,
                       int rows = 1) {
  if (rows > 1) {
    return MakeView(values, rows, static_cast<int>(count) / rows, "n", ViewBase(owner));
  }
  return MakeView(values, static_cast<int>(count), 1, "1", ViewBase(owner));
}

template <typename T> struct IsStruct : std::is_class<T> {};

// one member of T as a Python property: a number (bool as int, as the reference), a NumPy view
// for an array (of `rows` rows when > 1), a str for a char array (mjvGeom.label), a view handle
// for a nested struct (m.vis.global_)
template <typename T, typename M>
void AddMember(py::class_<StructHandle<T>>& cls, const char* name, M T::*member,
               const char* doc, int rows = 1) {
  StructMember<T> entry{name, nullptr, nullptr};
  if constexpr (std::is_array_v<M> && std::is_same_v<std::remove_extent_t<M>, char>) {
    if (rows > 1) {  // rows fixed-width strings: a NumPy bytes array (mjvFigure.linename)
      auto view = [member, rows](const StructHandle<T>& h) {
        int width = static_cast<int>(std::extent_v<M>) / rows;
        return py::array(py::dtype("S" + std::to_string(width)), {rows}, {width},
                         h.value->*member, ViewBase(h.owner));
      };
      cls.def_property(name, view, [view, name](StructHandle<T>& h, py::handle input) {
        AssignToView(view(h), input, name);
      }, doc);
      entry.repr = [view](const StructHandle<T>& h) {
        return py::repr(view(h)).template cast<std::string>();
      };
      entry.equal = [member](const T& a, const T& b) {
        return std::equal(std::begin(a.*member), std::end(a.*member), std::begin(b.*member));
      };
      Members<T>().push_back(std::move(entry));
      return;
    }
    constexpr size_t size = std::extent_v<M>;
    auto text = [member](const StructHandle<T>& h) {
      const char* chars = h.value->*member;
      return std::string(chars, strnlen(chars, size));
    };
    cls.def_property(
        name, text,
        [member](StructHandle<T>& h, const std::string& input) {
          char* chars = h.value->*member;
          size_t length = std::min(input.size(), size - 1);
          std::memcpy(chars, input.data(), length);
          std::memset(chars + length, 0, size - length);
        },
        doc);
    entry.repr = [text](const StructHandle<T>& h) {
      return py::repr(py::str(text(h))).template cast<std::string>();
    };
    entry.equal = [member](const T& a, const T& b) {
      return std::strncmp(a.*member, b.*member, size) == 0;
    };
  } else if constexpr (std::is_array_v<M>) {
    cls.def_property(
        name, [member, rows](const StructHandle<T>& h) {
          return MemberArray(h.value->*member, h.owner, rows);
        },
        [member, name, rows](StructHandle<T>& h, py::handle input) {
          if (input.is_none()) throw py::type_error(std::string(name) + " cannot be None");
          AssignToView(MemberArray(h.value->*member, h.owner, rows), input, name);
        },
        doc);
    entry.repr = [member, rows](const StructHandle<T>& h) {
      return py::repr(MemberArray(h.value->*member, h.owner, rows)).template cast<std::string>();
    };
    entry.equal = [member](const T& a, const T& b) {
      return std::equal(std::begin(a.*member), std::end(a.*member), std::begin(b.*member));
    };
  } else if constexpr (IsStruct<M>::value) {
    cls.def_property_readonly(
        name, [member](const StructHandle<T>& h) {
          return StructHandle<M>::View(&(h.value->*member), h.owner);
        }, doc);
    entry.repr = [member](const StructHandle<T>& h) {
      py::object nested = py::cast(StructHandle<M>::View(&(h.value->*member), h.owner));
      std::string text = py::repr(nested).cast<std::string>();
      for (size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', at + 3)) {
        text.insert(at + 1, "  ");
      }
      return text;
    };
    entry.equal = [member](const T& a, const T& b) { return StructEqual(a.*member, b.*member); };
  } else {
    using Python = std::conditional_t<std::is_same_v<M, bool>, int, M>;
    cls.def_property(
        name, [member](const StructHandle<T>& h) { return static_cast<Python>(h.value->*member); },
        [member](StructHandle<T>& h, Python input) { h.value->*member = static_cast<M>(input); },
        doc);
    entry.repr = [member](const StructHandle<T>& h) {
      return py::repr(py::cast(static_cast<Python>(h.value->*member))).template cast<std::string>();
    };
    entry.equal = [member](const T& a, const T& b) { return a.*member == b.*member; };
  }
  Members<T>().push_back(std::move(entry));
}

// The class of T, without members yet (AddMember adds them, then FinishStruct). `scope`: the
// module, or the enclosing class for a nested one (MjVisual.Global).
template <typename T>
py::class_<StructHandle<T>> BindStruct(py::handle scope, const char* name, const char* doc) {
  Members<T>().clear();
  return py::class_<StructHandle<T>>(scope, name, doc);
}

// Equality, hash, repr, copy and pickle from the members; `make_default` (nullptr: not
// constructible, as the reference's MjVisual) gives MjT(). `sort_repr`: list the members by
// name, as the reference does for every struct but MjVisual.
template <typename T>
void FinishStruct(py::class_<StructHandle<T>>& cls, T (*make_default)(), bool sort_repr = true) {
  using Handle = StructHandle<T>;
  if (sort_repr) {
    std::sort(Members<T>().begin(), Members<T>().end(),
              [](const StructMember<T>& a, const StructMember<T>& b) { return a.name < b.name; });
  }
  if (make_default) cls.def(py::init([make_default]() { return Handle::Own(make_default()); }));
  cls.def("__eq__", [](const py::object& self, const py::object& other) {
    if (!py::type::of(self).is(py::type::of(other))) return false;
    return StructEqual(*self.cast<const Handle&>().value, *other.cast<const Handle&>().value);
  }, py::arg("other"));
  cls.attr("__hash__") = py::none();
  auto repr = [](const py::object& self) {
    return StructRepr(self.cast<const Handle&>(),
                      py::type::of(self).attr("__name__").cast<std::string>());
  };
  cls.def("__repr__", repr);
  cls.def("__str__", repr);
  cls.def("__copy__", [](const Handle& self) { return Handle::Own(*self.value); });
  cls.def("__deepcopy__", [](const Handle& self, const py::object&) {
    return Handle::Own(*self.value);
  }, py::arg("memo"));
  cls.def(py::pickle([](const Handle& self) { return StructBytes(*self.value); },
                     [](const py::bytes& state) {
                       T value = Zeroed<T>();
                       StructFromBytes(value, state, "struct");
                       return Handle::Own(value);
                     }));
}

// A list of structs (d.contact, d.warning) after its member views: list == list when of the same
// length with equal elements (another type is unequal), unhashable, and a repr of its member
// views in the structs' format. `element(list, i)` is the i-th struct; T's members are bound.
template <typename List, typename T>
void FinishStructList(py::class_<List>& cls, py::ssize_t (*length)(const List&),
                     const T& (*element)(const List&, py::ssize_t)) {
  cls.def("__eq__", [length, element](const py::object& self, const py::object& other) {
    if (!py::type::of(self).is(py::type::of(other))) return false;
    const List& a = self.cast<const List&>();
    const List& b = other.cast<const List&>();
    if (length(a) != length(b)) return false;
    for (py::ssize_t i = 0; i < length(a); ++i) {
      if (!StructEqual(element(a, i), element(b, i))) return false;
    }
    return true;
  }, py::arg("other"));
  cls.attr("__hash__") = py::none();
  auto repr = [](const py::object& self) {
    std::string text = "<" + py::type::of(self).attr("__name__").cast<std::string>();
    for (const StructMember<T>& member : Members<T>()) {
      text += "\n  " + member.name + ": " +
              py::repr(self.attr(member.name.c_str())).template cast<std::string>();
    }
    return text + "\n>";
  };
  cls.def("__repr__", repr);
  cls.def("__str__", repr);
}

// one table row as a member of `cls`, the class of StructHandle<Struct> (a using in scope);
// the tables' rows start (type, name, count or default, ...) and end with the doc
#define MJSIM_STRUCT_MEMBER(type, name, count, doc) AddMember(cls, #name, &Struct::name, doc);
#define MJSIM_STRUCT_MEMBER_WITH_DEFAULT(type, name, count, values, doc) \
  MJSIM_STRUCT_MEMBER(type, name, count, doc)
#define MJSIM_STRUCT_MEMBER_WITH_KIND(type, name, count, kind, values, doc) \
  MJSIM_STRUCT_MEMBER(type, name, count, doc)

}  // namespace mjsim
