// reader_base.cc: schema validation, typed attribute readers and error reporting shared by the
// MJCF section readers.
#include "xml/reader_base.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <sstream>

#include "mjsim/errors.h"

namespace mjsim {

const std::map<std::string, int> kBools = {{"false", 0}, {"true", 1}};
const std::map<std::string, int> kAutoBools = {{"false", 0}, {"true", 1}, {"auto", 2}};

// ---- errors ---------------------------------------------------------------------------------
SourceLocation XmlReader::Locate(const XMLElement* elem) const {
  auto found = origins_.find(elem);
  if (found != origins_.end()) return found->second;
  return SourceLocation{elem->Name(), elem->GetLineNum(), file_};
}

void XmlReader::SetOrigin(const XMLElement* elem, const std::string& file, int line) {
  origins_[elem] = SourceLocation{elem->Name(), line, file};
}

void XmlReader::Fail(const XMLElement* elem, const std::string& message) const {
  SourceLocation where = Locate(elem);
  std::ostringstream text;
  text << "XML Error: " << message << "\nElement '" << where.element << "', line " << where.line;
  if (!where.file.empty()) text << ", file '" << where.file << "'";
  throw ModelError(text.str());
}

void XmlReader::Validate(const XMLElement* elem, const ElementSchema& schema) const {
  for (const tinyxml2::XMLAttribute* attr = elem->FirstAttribute(); attr; attr = attr->Next()) {
    std::string name = attr->Name();
    if (Contains(schema.attributes, name)) continue;
    if (Contains(schema.pending, name)) {
      Fail(elem, "attribute '" + name + "' of '" + schema.tag +
                     "' is not supported by mjsim yet");
    }
    Fail(elem, "Schema violation: unrecognized attribute '" + name + "' in '" + schema.tag + "'");
  }
  // children are checked here too, so that no reader can skip one: a leaf (joint, geom, ...)
  // never iterates its children
  for (const XMLElement* child = elem->FirstChildElement(); child;
       child = child->NextSiblingElement()) {
    if (ChildSchemaKey(schema, child->Name()).empty()) {
      Fail(child, "Schema violation: unrecognized element '" + std::string(child->Name()) +
                      "' in '" + schema.tag + "'");
    }
  }
  for (const std::string& tag : schema.unique) {
    int count = 0;
    for (const XMLElement* child = elem->FirstChildElement(tag.c_str()); child;
         child = child->NextSiblingElement(tag.c_str())) {
      ++count;
    }
    if (count > 1) {
      Fail(elem, "Schema violation: unique element '" + tag + "' found " + std::to_string(count) +
                     " times in '" + schema.tag + "'");
    }
  }
}

// Checks that `child` may appear under `parent` and validates its attributes; returns its key.
std::string XmlReader::ValidateChild(const XMLElement* child, const ElementSchema& parent) const {
  std::string tag = child->Name();
  std::string key = ChildSchemaKey(parent, tag);
  if (key.empty()) {
    Fail(child, "Schema violation: unrecognized element '" + tag + "' in '" + parent.tag + "'");
  }
  const ElementSchema* schema = FindSchema(key);
  if (!schema) Fail(child, "element '" + tag + "' is not supported by mjsim yet");
  Validate(child, *schema);
  return key;
}

bool XmlReader::Contains(const std::vector<std::string>& names, const std::string& name) {
  for (const std::string& entry : names) {
    if (entry == name) return true;
  }
  return false;
}

std::vector<mjtNum> XmlReader::ParseNumbers(const XMLElement* elem, const char* attr,
                                            const char* text, Precision precision) const {
  std::vector<mjtNum> numbers;
  std::istringstream tokens(text);
  std::string token;
  while (tokens >> token) {
    char* end = nullptr;
    errno = 0;
    mjtNum value = precision == Precision::kFloat ? std::strtof(token.c_str(), &end)
                                                  : std::strtod(token.c_str(), &end);
    if (end == token.c_str() || *end != '\0') {
      Fail(elem, std::string("bad format in attribute '") + attr + "': '" + token +
                     "' is not a number (\"" + text + "\")");
    }
    if (errno == ERANGE) {
      Fail(elem, std::string("number out of range in attribute '") + attr + "': '" + token +
                     "' does not fit a " +
                     (precision == Precision::kFloat ? "float" : "double") + " (\"" + text +
                     "\")");
    }
    numbers.push_back(value);
  }
  return numbers;
}

std::vector<int> XmlReader::ParseIntegers(const XMLElement* elem, const char* attr,
                                          const char* text) const {
  std::vector<int> numbers;
  std::istringstream tokens(text);
  std::string token;
  while (tokens >> token) {
    char* end = nullptr;
    errno = 0;
    long value = std::strtol(token.c_str(), &end, 10);
    if (end == token.c_str() || *end != '\0' || errno == ERANGE || value < INT_MIN ||
        value > INT_MAX) {
      Fail(elem, std::string("attribute '") + attr + "' needs integers: '" + token +
                     "' is not an integer in the range of int (\"" + text + "\")");
    }
    numbers.push_back(static_cast<int>(value));
  }
  return numbers;
}

bool XmlReader::ReadReals(const XMLElement* elem, const char* attr, mjtNum* out, int count) const {
  const char* text = elem->Attribute(attr);
  if (!text) return false;
  std::vector<mjtNum> numbers = ParseNumbers(elem, attr, text);
  if (numbers.empty()) return false;  // "" or blanks: absent, the default stays
  if (static_cast<int>(numbers.size()) != count) {
    Fail(elem, std::string("attribute '") + attr + "' needs " + std::to_string(count) +
                   (count == 1 ? " number" : " numbers") + ", got " +
                   std::to_string(numbers.size()) + " (\"" + text + "\")");
  }
  for (int i = 0; i < count; ++i) out[i] = numbers[i];
  return true;
}

// Between min_count and max_count numbers; returns how many were read (0 when absent).
int XmlReader::ReadRealsUpTo(const XMLElement* elem, const char* attr, mjtNum* out, int min_count,
                  int max_count) const {
  const char* text = elem->Attribute(attr);
  if (!text) return 0;
  std::vector<mjtNum> numbers = ParseNumbers(elem, attr, text);
  int n = static_cast<int>(numbers.size());
  if (n == 0) return 0;  // "" or blanks: absent, the default stays
  if (n < min_count || n > max_count) {
    Fail(elem, std::string("attribute '") + attr + "' needs " + std::to_string(min_count) +
                   " to " + std::to_string(max_count) + " numbers, got " + std::to_string(n) +
                   " (\"" + text + "\")");
  }
  for (int i = 0; i < n; ++i) out[i] = numbers[i];
  return n;
}

bool XmlReader::ReadReal(const XMLElement* elem, const char* attr, mjtNum& out) const {
  return ReadReals(elem, attr, &out, 1);
}

bool XmlReader::ReadFloats(const XMLElement* elem, const char* attr, float* out, int count) const {
  const char* text = elem->Attribute(attr);
  if (!text) return false;
  std::vector<mjtNum> numbers = ParseNumbers(elem, attr, text, Precision::kFloat);
  if (numbers.empty()) return false;  // "" or blanks: absent, the default stays
  if (static_cast<int>(numbers.size()) != count) {
    Fail(elem, std::string("attribute '") + attr + "' needs " + std::to_string(count) +
                   (count == 1 ? " number" : " numbers") + ", got " +
                   std::to_string(numbers.size()) + " (\"" + text + "\")");
  }
  for (int i = 0; i < count; ++i) out[i] = static_cast<float>(numbers[i]);
  return true;
}

std::optional<std::vector<mjtNum>> XmlReader::ReadRealVector(const XMLElement* elem, const char* attr,
                                                  int count) const {
  std::vector<mjtNum> values(count);
  if (!ReadReals(elem, attr, values.data(), count)) return std::nullopt;
  return values;
}

bool XmlReader::ReadInt(const XMLElement* elem, const char* attr, int& out) const {
  const char* text = elem->Attribute(attr);
  if (!text) return false;
  std::vector<int> numbers = ParseIntegers(elem, attr, text);
  if (numbers.size() != 1) {
    Fail(elem, std::string("attribute '") + attr + "' needs one integer, got \"" + text + "\"");
  }
  out = numbers[0];
  return true;
}

bool XmlReader::ReadKeyword(const XMLElement* elem, const char* attr, const std::map<std::string, int>& map,
                 int& out) const {
  const char* text = elem->Attribute(attr);
  if (!text) return false;
  auto found = map.find(text);
  if (found == map.end()) {
    std::string allowed;
    for (const auto& entry : map) allowed += (allowed.empty() ? "" : ", ") + entry.first;
    Fail(elem, std::string("invalid keyword '") + text + "' in attribute '" + attr +
                   "' (expected one of: " + allowed + ")");
  }
  out = found->second;
  return true;
}

bool XmlReader::ReadBool(const XMLElement* elem, const char* attr, bool& out) const {
  int value = 0;
  if (!ReadKeyword(elem, attr, kBools, value)) return false;
  out = value != 0;
  return true;
}

bool XmlReader::ReadString(const XMLElement* elem, const char* attr, std::string& out) const {
  const char* text = elem->Attribute(attr);
  if (!text) return false;
  out = text;
  return true;
}

void XmlReader::ReadOrientation(const XMLElement* elem, Orientation& orientation) const {
  struct Form { const char* attr; Orientation::Form form; int count; };
  static const Form forms[] = {{"quat", Orientation::Form::kQuat, 4},
                               {"axisangle", Orientation::Form::kAxisAngle, 4},
                               {"euler", Orientation::Form::kEuler, 3},
                               {"xyaxes", Orientation::Form::kXYAxes, 6},
                               {"zaxis", Orientation::Form::kZAxis, 3}};
  int given = 0;
  for (const Form& form : forms) {
    mjtNum values[6];
    if (!elem->Attribute(form.attr)) continue;
    // an empty one counts as given here, though it leaves the orientation as it was
    if (++given > 1) Fail(elem, "multiple orientation specifiers are not allowed");
    if (!ReadReals(elem, form.attr, values, form.count)) continue;
    if (form.form == Orientation::Form::kQuat && values[0] == 0 && values[1] == 0 &&
        values[2] == 0 && values[3] == 0) {
      Fail(elem, "zero quaternion is not allowed");
    }
    orientation.form = form.form;
    for (int i = 0; i < form.count; ++i) orientation.Values()[i] = values[i];
  }
}

bool XmlReader::ReadRealList(const XMLElement* elem, const char* attr,
                             std::vector<mjtNum>& out) const {
  const char* text = elem->Attribute(attr);
  if (!text) return false;
  out = ParseNumbers(elem, attr, text);
  return true;
}

bool XmlReader::ReadInts(const XMLElement* elem, const char* attr, int* out, int count) const {
  const char* text = elem->Attribute(attr);
  if (!text) return false;
  std::vector<int> numbers = ParseIntegers(elem, attr, text);
  if (static_cast<int>(numbers.size()) != count) {
    Fail(elem, std::string("attribute '") + attr + "' needs " + std::to_string(count) +
                   (count == 1 ? " integer" : " integers") + ", got \"" + text + "\"");
  }
  for (int i = 0; i < count; ++i) out[i] = numbers[i];
  return true;
}

void XmlReader::Require(const XMLElement* elem, const char* attr) const {
  if (!elem->Attribute(attr)) Fail(elem, std::string("required attribute missing: '") + attr + "'");
}

int XmlReader::FindDefault(const std::string& name) const {
  for (size_t i = 0; i < spec_.defaults.size(); ++i) {
    if (spec_.defaults[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

int XmlReader::ActiveClass(const XMLElement* elem, int childclass) const {
  std::string name;
  if (!ReadString(elem, "class", name)) return childclass;
  int index = FindDefault(name);
  if (index < 0) Fail(elem, "unknown default class name '" + name + "'");
  return index;
}

}  // namespace mjsim
