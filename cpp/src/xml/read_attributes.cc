// read_attributes.cc: the MJCF reader of the attribute tables (xml/attributes.h): each row reads
// its attribute with the typed readers of reader_base.h, as its `how` says. Each ReadValue
// returns whether the attribute was there with a value.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "util/math3.h"
#include "xml/attributes.h"
#include "xml/reader_base.h"

namespace mjsim {
namespace {

using Reader = XmlReader;

// ---- Plain: by the member's type --------------------------------------------------------------
template <typename T>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T&, mjtNum& m, attr::Plain) {
  return r.ReadReal(elem, name, m);
}
template <typename T>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T&, float& m, attr::Plain) {
  return r.ReadFloats(elem, name, &m, 1);
}
template <typename T>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T&, int& m, attr::Plain) {
  return r.ReadInt(elem, name, m);
}
template <typename T>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T&, bool& m, attr::Plain) {
  return r.ReadBool(elem, name, m);
}
template <typename T>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T&, std::string& m,
               attr::Plain) {
  return r.ReadString(elem, name, m);
}
template <typename T, std::size_t N>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T&, mjtNum (&m)[N],
               attr::Plain) {
  return r.ReadReals(elem, name, m, N);
}
template <typename T, std::size_t N>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T&, float (&m)[N],
               attr::Plain) {
  return r.ReadFloats(elem, name, m, N);
}
template <typename T, std::size_t N>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T&, int (&m)[N],
               attr::Plain) {
  return r.ReadInts(elem, name, m, N);
}
template <typename T>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T&,
               std::vector<mjtNum>& m, attr::Plain) {
  return r.ReadRealList(elem, name, m);
}
// inline vertex data are single precision, as the reference stores them
template <typename T>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T&,
               std::vector<float>& m, attr::Plain) {
  const char* text = elem->Attribute(name);
  if (!text) return false;
  std::vector<mjtNum> numbers = r.ParseNumbers(elem, name, text, Reader::Precision::kFloat);
  m.assign(numbers.begin(), numbers.end());
  return true;
}
template <typename T>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T&, std::vector<int>& m,
               attr::Plain) {
  const char* text = elem->Attribute(name);
  if (!text) return false;
  m = r.ParseIntegers(elem, name, text);
  return true;
}
template <typename T>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T&,
               std::optional<mjtNum>& m, attr::Plain) {
  mjtNum value;
  if (!r.ReadReal(elem, name, value)) return false;
  m = value;
  return true;
}
template <typename T>
bool ReadValue(const Reader& r, const XMLElement* elem, const char*, T&, Orientation& m,
               attr::Plain) {
  r.ReadOrientation(elem, m);
  return true;
}

// ---- counts, keywords, flags --------------------------------------------------------------------
template <typename T, std::size_t N>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T&, mjtNum (&m)[N],
               attr::UpTo how) {
  return r.ReadRealsUpTo(elem, name, m, how.min_read, N) > 0;
}
template <typename T, std::size_t N>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T&, mjtNum (&m)[N],
               attr::Prefix) {
  const char* text = elem->Attribute(name);
  if (!text) return false;
  std::vector<mjtNum> numbers = r.ParseNumbers(elem, name, text);
  if (numbers.size() > N) {
    r.Fail(elem, std::string("attribute '") + name + "' takes at most " + std::to_string(N) +
                     " numbers, got " + std::to_string(numbers.size()) + " (\"" + text + "\")");
  }
  for (size_t i = 0; i < numbers.size(); ++i) m[i] = numbers[i];
  return true;
}
template <typename T>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T&, int& m,
               attr::Keyword how) {
  return r.ReadKeyword(elem, name, *how.table, m);
}
template <typename T, std::size_t N>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T& e, mjtNum (&m)[N],
               attr::Given<T> how) {
  if (!r.ReadReals(elem, name, m, N)) return false;
  e.*how.flag = true;
  return true;
}
template <typename T>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T&,
               std::optional<std::vector<mjtNum>>& m, attr::Exactly how) {
  std::optional<std::vector<mjtNum>> values = r.ReadRealVector(elem, name, how.count);
  if (values) m = values;
  return values.has_value();
}
template <typename T, typename M>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T& e, M& m,
               const attr::Needs& how) {
  auto fail = [&] {
    r.Fail(elem, std::string("attribute '") + name + "' needs '" + how.other +
                     "' (required attribute missing)");
  };
  bool lacks_other = !elem->Attribute(how.other);
  if (!how.when_given && elem->Attribute(name) && lacks_other) fail();
  bool read = ReadValue(r, elem, name, e, m, attr::Plain());
  if (how.when_given && read && lacks_other) fail();
  return read;
}

// ---- special rows --------------------------------------------------------------------------------
// GeomSize: how many values were written (a geom type reads the first one, two or three)
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, SpecGeom& geom,
               mjtNum (&m)[3], attr::GeomSize) {
  int count = r.ReadRealsUpTo(elem, name, m, 1, 3);
  if (count) geom.size_count = count;
  return count > 0;
}
// SpringLength: one value (the rest length) or two (a dead band); one value sets both
template <typename T>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T&, mjtNum (&m)[2],
               attr::SpringLength) {
  mjtNum spring[2];
  int count = r.ReadRealsUpTo(elem, name, spring, 1, 2);
  if (count == 1) m[0] = m[1] = spring[0];
  if (count == 2) Copy2(m, spring);
  return count > 0;
}
// MaxHullVert: -1 for no limit, else more than 3
template <typename T>
bool ReadValue(const Reader& r, const XMLElement* elem, const char* name, T&, int& m,
               attr::MaxHullVert) {
  if (!r.ReadInt(elem, name, m)) return false;
  if (m != -1 && m <= 3) {
    r.Fail(elem, "maxhullvert must be -1 (no limit) or larger than 3, got " + std::to_string(m));
  }
  return true;
}

}  // namespace

#define MJSIM_READ_ROW(how, name, member, python) ReadValue(reader, elem, name, e, e.member, attr::how);
#define MJSIM_DEFINE_READ(Type, TABLE)                                              \
  void ReadAttributes(const XmlReader& reader, const XMLElement* elem, Type& e) { \
    TABLE(MJSIM_READ_ROW)                                                           \
  }
MJSIM_ATTRIBUTE_TABLES(MJSIM_DEFINE_READ)
#undef MJSIM_DEFINE_READ
#undef MJSIM_READ_ROW

}  // namespace mjsim
