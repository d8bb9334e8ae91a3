// load.cc: the entry points from MJCF text or file to a compiled Model.
#include <fstream>
#include <mutex>
#include <sstream>

#include "compiler/compile.h"
#include "mjsim/api.h"
#include "mjsim/errors.h"
#include "util/files.h"
#include "xml/xml_reader.h"

namespace mjsim {
namespace {

// the MJCF of the last model compiled from XML (mj_saveLastXML); loads may run without the GIL
std::mutex last_xml_mutex;
std::string last_xml;
bool last_was_urdf = false, any_loaded = false;

std::unique_ptr<Model> CompileAndRemember(const Spec& spec, const AssetMap& assets) {
  std::unique_ptr<Model> model = CompileSpec(spec, assets);
  std::lock_guard<std::mutex> lock(last_xml_mutex);
  last_xml = spec.expanded_xml;
  last_was_urdf = spec.expanded_xml.empty();
  any_loaded = true;
  return model;
}

}  // namespace

std::unique_ptr<Model> LoadXmlString(const std::string& xml, const AssetMap& assets) {
  return CompileAndRemember(ReadMjcf(xml, "", assets), assets);
}

void SaveLastXml(const std::string& filename) {
  std::string text;
  {
    std::lock_guard<std::mutex> lock(last_xml_mutex);
    if (!any_loaded) throw FatalError("mj_saveLastXML: no model was loaded from XML");
    if (last_was_urdf) {
      throw FatalError("mj_saveLastXML: the last model was loaded from URDF, which mjsim does "
                       "not write back as MJCF");
    }
    text = last_xml;
  }
  std::ofstream file(filename, std::ios::binary);
  if (!file) throw FatalError("mj_saveLastXML: could not open file '" + filename + "'");
  file << text;
  if (!file) throw FatalError("mj_saveLastXML: could not write file '" + filename + "'");
}

std::unique_ptr<Model> LoadXmlFile(const std::string& path, const AssetMap& assets) {
  std::string text;
  FileStatus status = ReadRegularFile(path, text);
  if (status == FileStatus::kMissing) throw FileError("could not open file '" + path + "'");
  if (status != FileStatus::kOk) {
    throw ModelError("could not read file '" + path + "': " + FileStatusText(status));
  }
  return CompileAndRemember(ReadMjcf(text, path, assets), assets);
}

}  // namespace mjsim
