// xml_writer_node.cc: number text and printing of the MJCF writer's element tree.
#include "xml/xml_writer_node.h"

#include <charconv>

#include "xml/keywords.h"

namespace mjsim {
namespace {

template <typename T>
std::string ShortestText(T value) {
  if (value == 0) return "0";  // also -0, which reads back as the same zero for every use
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
  return std::string(buffer, result.ptr);
}

std::string Escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

void PrintNode(const XmlNode& node, int depth, std::string& out) {
  std::string indent(2 * depth, ' ');
  out += indent + "<" + node.tag;
  for (const auto& [name, value] : node.attributes) out += " " + name + "=\"" + Escaped(value) + "\"";
  if (node.children.empty()) {
    out += "/>\n";
    return;
  }
  out += ">\n";
  for (size_t i = 0; i < node.children.size(); ++i) {
    if (depth == 0 && i > 0) out += "\n";
    PrintNode(node.children[i], depth + 1, out);
  }
  out += indent + "</" + node.tag + ">\n";
}

}  // namespace

std::string NumberText(double value) { return ShortestText(value); }
std::string NumberText(float value) { return ShortestText(value); }
std::string NumberText(int value) { return std::to_string(value); }
std::string NumberText(long long value) { return std::to_string(value); }

void SetKeyword(XmlNode& node, const char* name, int value, int dflt,
                const std::map<std::string, int>& table) {
  if (value == dflt) return;
  const char* keyword = KeywordOf(table, value);
  node.Set(name, keyword ? keyword : NumberText(value));
}

std::string PrintXml(const XmlNode& root) {
  std::string out;
  PrintNode(root, 0, out);
  return out;
}

}  // namespace mjsim
