// include.cc: expansion of <include> elements (MJCF reference, "include").
#include "xml/include.h"
#include "util/files.h"
#include "util/paths.h"

#include <fstream>
#include <memory>
#include <set>
#include <sstream>

namespace mjsim {
namespace {

using tinyxml2::XMLDocument;
using tinyxml2::XMLNode;

class IncludeExpander {
 public:
  IncludeExpander(XMLDocument& document, XmlReader& reader, std::string main_dir,
                  const AssetMap& assets)
      : document_(document), reader_(reader), main_dir_(std::move(main_dir)), assets_(assets) {}

  void ExpandChildren(XMLElement* parent, const std::string& dir) {
    for (XMLElement* child = parent->FirstChildElement(); child;) {
      XMLElement* next = child->NextSiblingElement();
      if (std::string(child->Name()) == "include") {
        Splice(child, dir);
      } else {
        ExpandChildren(child, dir);
      }
      child = next;
    }
  }

 private:
  void Splice(XMLElement* include, const std::string& dir) {
    reader_.Validate(include, IncludeSchema());
    std::string name;
    if (!reader_.ReadString(include, "file", name)) {
      reader_.Fail(include, "required attribute missing: 'file'");
    }
    std::string path, contents;
    Load(include, name, dir, path, contents);
    if (!included_.insert(path).second) reader_.Fail(include, "File '" + name + "' already included");

    auto included = std::make_unique<XMLDocument>();
    if (included->Parse(contents.c_str(), contents.size()) != tinyxml2::XML_SUCCESS) {
      reader_.Fail(include, "Include error: XML parse error in '" + name + "': " +
                                (included->ErrorStr() ? included->ErrorStr() : "unknown"));
    }
    const XMLElement* top = included->RootElement();
    if (!top || !top->FirstChildElement()) {
      reader_.Fail(include, "Empty include file '" + name + "'");
    }
    XMLNode* parent = include->Parent();
    XMLNode* previous = include;
    std::string included_dir = DirectoryOf(path);
    for (const XMLElement* child = top->FirstChildElement(); child;
         child = child->NextSiblingElement()) {
      XMLElement* copy = child->DeepClone(&document_)->ToElement();
      RecordOrigins(copy, child, path);
      parent->InsertAfterChild(previous, copy);
      previous = copy;
    }
    // expand what was spliced, relative to the included file
    XMLNode* stop = previous->NextSibling();
    for (XMLNode* node = include->NextSibling(); node != stop;) {
      XMLNode* next = node->NextSibling();
      XMLElement* elem = node->ToElement();
      if (elem && std::string(elem->Name()) == "include") {
        Splice(elem, included_dir);
      } else if (elem) {
        ExpandChildren(elem, included_dir);
      }
      node = next;
    }
    parent->DeleteChild(include);
    documents_.push_back(std::move(included));
  }

  // Finds the file in the caller's assets, next to the including file, or next to the main file.
  void Load(const XMLElement* include, const std::string& name, const std::string& dir,
            std::string& path, std::string& contents) const {
    auto asset = assets_.find(name);
    if (asset != assets_.end()) {
      path = name;
      contents = asset->second;
      return;
    }
    std::vector<std::string> candidates = {name};
    if (!IsAbsolutePath(name)) candidates = {dir + name, main_dir_ + name};
    FileStatus status = FileStatus::kMissing;
    for (const std::string& candidate : candidates) {
      status = ReadRegularFile(candidate, contents);
      if (status == FileStatus::kOk) {
        path = candidate;
        return;
      }
      if (status != FileStatus::kMissing) break;
    }
    reader_.Fail(include, "Error opening file '" + name + "': " + FileStatusText(status));
  }

  void RecordOrigins(const XMLElement* copy, const XMLElement* original, const std::string& file) {
    reader_.SetOrigin(copy, file, original->GetLineNum());
    const XMLElement* c = copy->FirstChildElement();
    const XMLElement* o = original->FirstChildElement();
    for (; c && o; c = c->NextSiblingElement(), o = o->NextSiblingElement()) {
      RecordOrigins(c, o, file);
    }
  }

  static const ElementSchema& IncludeSchema() {
    static const ElementSchema schema{"include", "include", {"file"}, {}, {}};
    return schema;
  }

  XMLDocument& document_;
  XmlReader& reader_;
  std::string main_dir_;
  const AssetMap& assets_;
  std::set<std::string> included_;
  std::vector<std::unique_ptr<XMLDocument>> documents_;
};

}  // namespace

void ExpandIncludes(XMLDocument& document, XmlReader& reader, const std::string& main_dir,
                    const AssetMap& assets) {
  XMLElement* root = document.RootElement();
  if (!root) return;
  if (std::string(root->Name()) == "include") {
    reader.Fail(root, "the top element cannot be an include");
  }
  IncludeExpander(document, reader, main_dir, assets).ExpandChildren(root, main_dir);
}

}  // namespace mjsim
