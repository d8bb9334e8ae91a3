// xml_writer_node.h: the element tree the MJCF writer builds and prints, and the attribute
// setters it uses: each writes an attribute only when its value differs from the default given
// (the element's class), the way mujoco's writer leaves out inherited values.
#pragma once
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "mjsim/types.h"

namespace mjsim {

struct XmlNode {
  std::string tag;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::vector<XmlNode> children;
  int frame_index = -1;  // a <frame>'s index in its body's frames (the writer merges runs)

  XmlNode& Add(std::string child_tag) {
    children.push_back(XmlNode{std::move(child_tag), {}, {}, -1});
    return children.back();
  }
  void Set(const std::string& name, std::string value) {
    attributes.emplace_back(name, std::move(value));
  }
  bool empty() const { return attributes.empty() && children.empty(); }
};

// the shortest decimal text that reads back to the same double (float)
std::string NumberText(double value);
std::string NumberText(float value);
std::string NumberText(int value);
std::string NumberText(long long value);

template <typename T>
std::string NumbersText(const T* values, int count) {
  std::string text;
  for (int i = 0; i < count; ++i) text += (i ? " " : "") + NumberText(values[i]);
  return text;
}

template <typename T>
bool SameValues(const T* a, const T* b, int count) {
  for (int i = 0; i < count; ++i) {
    bool both_nan = std::isnan(static_cast<double>(a[i])) && std::isnan(static_cast<double>(b[i]));
    if (a[i] != b[i] && !both_nan) return false;
  }
  return true;
}

// `count` numbers, written when `dflt` is null or they differ from it
template <typename T>
void SetNumbers(XmlNode& node, const char* name, const T* values, const T* dflt, int count) {
  if (dflt && SameValues(values, dflt, count)) return;
  node.Set(name, NumbersText(values, count));
}
template <typename T>
void SetNumber(XmlNode& node, const char* name, const T& value, const T& dflt) {
  SetNumbers(node, name, &value, &dflt, 1);
}
template <typename T>
void SetList(XmlNode& node, const char* name, const std::vector<T>& values,
             const std::vector<T>& dflt) {
  if (values.size() == dflt.size() && SameValues(values.data(), dflt.data(), values.size())) return;
  if (values.empty()) return;  // an empty list cannot be written over a class's list
  node.Set(name, NumbersText(values.data(), static_cast<int>(values.size())));
}
// the fewest leading values that, read over the class's values `dflt`, give `values` (at least
// `min_count` when any differ)
template <typename T>
void SetNumbersUpTo(XmlNode& node, const char* name, const T* values, const T* dflt, int count,
                    int min_count = 1) {
  int last = -1;
  for (int i = 0; i < count; ++i) {
    if (!SameValues(values + i, dflt + i, 1)) last = i;
  }
  if (last < 0) return;
  node.Set(name, NumbersText(values, std::max(last + 1, std::min(min_count, count))));
}
template <typename T>
void SetOptional(XmlNode& node, const char* name, const std::optional<T>& value,
                 const std::optional<T>& dflt) {
  if (!value || (dflt && *dflt == *value)) return;
  node.Set(name, NumberText(*value));
}
inline void SetOptionalList(XmlNode& node, const char* name,
                            const std::optional<std::vector<mjtNum>>& value,
                            const std::optional<std::vector<mjtNum>>& dflt) {
  if (!value || (dflt && *dflt == *value)) return;
  node.Set(name, NumbersText(value->data(), static_cast<int>(value->size())));
}
inline void SetString(XmlNode& node, const char* name, const std::string& value,
                      const std::string& dflt = "") {
  if (value != dflt) node.Set(name, value);
}
inline void SetBool(XmlNode& node, const char* name, bool value, bool dflt) {
  if (value != dflt) node.Set(name, value ? "true" : "false");
}
// the keyword of `value` in a reader's keyword table (xml/keywords.h)
void SetKeyword(XmlNode& node, const char* name, int value, int dflt,
                const std::map<std::string, int>& table);

// MJCF text of a tree: two-space indent, a blank line between the root's children
std::string PrintXml(const XmlNode& root);

}  // namespace mjsim
