// enums.cc: every mjt* enum of the reference that no other binding defines, from the generated
// enum_table.h, as pybind11 enums like mujoco's (int-valued, names as members), plus the numeric
// mj* constants (mjPI, mjMAXVAL, ...). The enums are added by _add_missing_enums(), which
// mjsim/__init__.py calls after every binding has run, so that an enum a binding file defines
// itself (mjtGeom, mjtObj, ...) is never defined twice.
#include <utility>

#include "bindings.h"
#include "enum_table.h"

namespace mjsim {
namespace {

// pybind11 registers one Python enum per C++ type: table entry N gets the type EnumTag<N>::Type
template <int N>
struct EnumTag {
  enum Type : int {};  // unscoped: pybind11 gives arithmetic enums | & ^ only then
};

template <int N>
void BindTableEnum(py::module_& module) {
  using Type = typename EnumTag<N>::Type;
  const EnumTableEntry& entry = EnumTable()[N];
  if (py::hasattr(module, entry.name)) return;
  py::enum_<Type> type(module, entry.name, py::arithmetic());
  for (const auto& [name, value] : entry.members) type.value(name, static_cast<Type>(value));
}

template <int... N>
void BindTableEnums(py::module_& module, std::integer_sequence<int, N...>) {
  (BindTableEnum<N>(module), ...);
}

}  // namespace

void BindEnumTable(py::module_& module) {
  for (const ConstantTableEntry& constant : ConstantTable()) {
    if (constant.is_int) {
      module.attr(constant.name) = static_cast<long long>(constant.value);
    } else {
      module.attr(constant.name) = constant.value;
    }
  }
  module.def("_add_missing_enums", [module]() mutable {
    static bool added = false;  // types are registered once per process
    if (added) return;
    added = true;
    BindTableEnums(module, std::make_integer_sequence<int, kEnumTableSize>());
  }, "Define the mjt* enums no binding has defined (called once by mjsim/__init__.py).");
}

}  // namespace mjsim
