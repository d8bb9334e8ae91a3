// spec_attributes.h: the attributes of the Mjs* element classes (MjSpec's elements) as table
// rows: mjSpec's name for it, where it lives in the Spec element, what kind of value it is. One
// getter and one setter serve every row (spec.cc), so adding an attribute is adding a row.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "bindings.h"
#include "spec/spec.h"

namespace mjsim {

enum class AttrKind {
  kString, kInt, kBool, kReal, kFloat,  // scalars (bool as int, as mujoco's)
  kReals, kFloats, kInts,               // fixed-size arrays: NumPy views
  kRealVec, kFloatVec, kIntVec,         // variable-size lists: MjDoubleVec-like views
  kStrings,                             // std::vector<std::string>: an MjStringVec-like view
  kOptionalReal,                        // std::optional<mjtNum>: NaN when absent
  kOptionalReals,                       // std::optional<std::vector<mjtNum>>(count): NaNs when absent
  kOrientation,                         // an alternative orientation (MjsOrientation)
  kCustom,                              // get/set functions of its own
};

struct AttrRow;
using AttrGetter = py::object (*)(void* element, py::handle self, const AttrRow& row);
using AttrSetter = void (*)(void* element, py::handle value, const AttrRow& row);

struct AttrRow {
  const char* name;
  AttrKind kind;
  int count;              // array length (1 for scalars)
  std::ptrdiff_t offset;  // of the member in the element
  const char* enum_type;  // mjt* enum the value is returned as, or nullptr
  std::ptrdiff_t given = -1;  // a bool member set true when the attribute is written, or -1
  AttrGetter get = nullptr;   // kCustom
  AttrSetter set = nullptr;
};

template <typename M> struct KindOf;
template <> struct KindOf<std::string> { static constexpr AttrKind kind = AttrKind::kString; static constexpr int count = 1; };
template <> struct KindOf<int> { static constexpr AttrKind kind = AttrKind::kInt; static constexpr int count = 1; };
template <> struct KindOf<bool> { static constexpr AttrKind kind = AttrKind::kBool; static constexpr int count = 1; };
template <> struct KindOf<double> { static constexpr AttrKind kind = AttrKind::kReal; static constexpr int count = 1; };
template <> struct KindOf<float> { static constexpr AttrKind kind = AttrKind::kFloat; static constexpr int count = 1; };
template <std::size_t n> struct KindOf<double[n]> { static constexpr AttrKind kind = AttrKind::kReals; static constexpr int count = static_cast<int>(n); };
template <std::size_t n> struct KindOf<float[n]> { static constexpr AttrKind kind = AttrKind::kFloats; static constexpr int count = static_cast<int>(n); };
template <std::size_t n> struct KindOf<int[n]> { static constexpr AttrKind kind = AttrKind::kInts; static constexpr int count = static_cast<int>(n); };
template <> struct KindOf<std::vector<double>> { static constexpr AttrKind kind = AttrKind::kRealVec; static constexpr int count = 0; };
template <> struct KindOf<std::vector<float>> { static constexpr AttrKind kind = AttrKind::kFloatVec; static constexpr int count = 0; };
template <> struct KindOf<std::vector<std::string>> { static constexpr AttrKind kind = AttrKind::kStrings; static constexpr int count = 0; };
template <> struct KindOf<std::vector<int>> { static constexpr AttrKind kind = AttrKind::kIntVec; static constexpr int count = 0; };
template <> struct KindOf<std::optional<double>> { static constexpr AttrKind kind = AttrKind::kOptionalReal; static constexpr int count = 1; };
template <> struct KindOf<Orientation> { static constexpr AttrKind kind = AttrKind::kOrientation; static constexpr int count = 1; };

// one default-constructed T to measure member offsets on
template <typename T>
T& Probe() {
  static T probe;
  return probe;
}

// A row for the member that `access` returns (a lambda T& -> M&): its kind from M's type
template <typename T, typename Access>
AttrRow Attr(const char* name, Access access, const char* enum_type = nullptr) {
  using M = std::remove_reference_t<decltype(access(Probe<T>()))>;
  T& probe = Probe<T>();
  std::ptrdiff_t offset = reinterpret_cast<char*>(&access(probe)) - reinterpret_cast<char*>(&probe);
  return AttrRow{name, KindOf<M>::kind, KindOf<M>::count, offset, enum_type};
}

// as Attr, for an std::optional<std::vector<mjtNum>> of `count` numbers (fromto)
template <typename T, typename Access>
AttrRow OptionalReals(const char* name, Access access, int count) {
  T& probe = Probe<T>();
  std::ptrdiff_t offset = reinterpret_cast<char*>(&access(probe)) - reinterpret_cast<char*>(&probe);
  return AttrRow{name, AttrKind::kOptionalReals, count, offset, nullptr};
}

// as Attr, and writing it sets the bool `given` returns (range_given, ...)
template <typename T, typename Access, typename Given>
AttrRow GivenAttr(const char* name, Access access, Given given) {
  AttrRow row = Attr<T>(name, access);
  T& probe = Probe<T>();
  row.given = reinterpret_cast<char*>(&given(probe)) - reinterpret_cast<char*>(&probe);
  return row;
}

inline AttrRow Custom(const char* name, AttrGetter get, AttrSetter set) {
  return AttrRow{name, AttrKind::kCustom, 1, 0, nullptr, -1, get, set};
}

#define MJSIM_ATTR(T, name, expr, ...) Attr<T>(name, [](T& e) -> auto& { return e.expr; }, ##__VA_ARGS__)
#define MJSIM_GIVEN(T, name, expr, flag) \
  GivenAttr<T>(name, [](T& e) -> auto& { return e.expr; }, [](T& e) -> bool& { return e.flag; })
#define MJSIM_OPTIONAL_REALS(T, name, expr, count) \
  OptionalReals<T>(name, [](T& e) -> auto& { return e.expr; }, count)

}  // namespace mjsim
