// reader_base.h: what every MJCF section reader shares: the schema check, typed attribute
// readers that report element, attribute, value and line, default-class lookup, and the Spec
// being filled. Section readers (one file per group of elements) take an XmlReader&.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "spec/spec.h"
#include "tinyxml2.h"
#include "xml/attributes.h"
#include "xml/keywords.h"
#include "xml/schema.h"

namespace mjsim {

using tinyxml2::XMLElement;


class XmlReader {
 public:
  XmlReader(std::string file, Spec& spec) : file_(std::move(file)), spec_(spec) {}
  Spec& spec() { return spec_; }
  const std::string& file() const { return file_; }

  // where an element came from; elements spliced in by <include> keep their own file and line
  SourceLocation Locate(const XMLElement* elem) const;
  void SetOrigin(const XMLElement* elem, const std::string& file, int line);

  [[noreturn]] void Fail(const XMLElement* elem, const std::string& message) const;

  // schema: attributes of `elem` must be in `schema`; a child must be allowed under `parent`
  void Validate(const XMLElement* elem, const ElementSchema& schema) const;
  std::string ValidateChild(const XMLElement* child, const ElementSchema& parent) const;

  // typed readers: each returns false (or 0) when the attribute is absent
  // Every number of every attribute is parsed here: a value outside the range of its type
  // (1e400, 1e-400; 1e39 for a float; 2^31 for an int) is an error, as in the reference.
  enum class Precision { kDouble, kFloat };
  std::vector<mjtNum> ParseNumbers(const XMLElement* elem, const char* attr, const char* text,
                                   Precision precision = Precision::kDouble) const;
  std::vector<int> ParseIntegers(const XMLElement* elem, const char* attr, const char* text) const;
  bool ReadReals(const XMLElement* elem, const char* attr, mjtNum* out, int count) const;
  // Between min_count and max_count numbers; returns how many were read (0 when absent).
  // Values past those given keep what `out` held: MJCF reads solref, solimp, friction, size,
  // fluidcoef (and more) this way, the rest coming from the default class.
  int ReadRealsUpTo(const XMLElement* elem, const char* attr, mjtNum* out, int min_count,
                    int max_count) const;
  bool ReadReal(const XMLElement* elem, const char* attr, mjtNum& out) const;
  bool ReadFloats(const XMLElement* elem, const char* attr, float* out, int count) const;
  std::optional<std::vector<mjtNum>> ReadRealVector(const XMLElement* elem, const char* attr,
                                                    int count) const;
  // any number of values (e.g. user, data); absent -> false
  bool ReadRealList(const XMLElement* elem, const char* attr, std::vector<mjtNum>& out) const;
  bool ReadInt(const XMLElement* elem, const char* attr, int& out) const;
  bool ReadInts(const XMLElement* elem, const char* attr, int* out, int count) const;
  bool ReadKeyword(const XMLElement* elem, const char* attr, const std::map<std::string, int>& map,
                   int& out) const;
  bool ReadBool(const XMLElement* elem, const char* attr, bool& out) const;
  bool ReadString(const XMLElement* elem, const char* attr, std::string& out) const;
  // quat | axisangle | euler | xyaxes | zaxis; at most one per element
  void ReadOrientation(const XMLElement* elem, Orientation& orientation) const;
  // a required attribute: fails naming it when absent
  void Require(const XMLElement* elem, const char* attr) const;

  // default classes: index by name (-1 when absent); the class an element takes values from
  int FindDefault(const std::string& name) const;
  int ActiveClass(const XMLElement* elem, int childclass) const;

 private:
  static bool Contains(const std::vector<std::string>& names, const std::string& name);
  std::string file_;
  Spec& spec_;
  std::map<const XMLElement*, SourceLocation> origins_;
};

// ReadAttributes(reader, elem, e): the attributes of e's table (xml/attributes.h), each over the
// value `e` holds (its class's); read_attributes.cc
#define MJSIM_DECLARE_READ(Type, TABLE) \
  void ReadAttributes(const XmlReader& reader, const XMLElement* elem, Type& e);
MJSIM_ATTRIBUTE_TABLES(MJSIM_DECLARE_READ)
#undef MJSIM_DECLARE_READ

}  // namespace mjsim
