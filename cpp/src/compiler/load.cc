// load.cc: the entry points from MJCF text or file to a compiled Model.
#include <fstream>
#include <mutex>
#include <sstream>

#include "compiler/compile.h"
#include "mjsim/api.h"
#include "mjsim/errors.h"
#include "util/files.h"
#include "xml/xml_reader.h"
#include "xml/xml_writer.h"

namespace mjsim {
namespace {

// the spec of the last model compiled from XML or URDF (mj_saveLastXML); loads may run
// without the GIL
std::mutex last_spec_mutex;
std::shared_ptr<const Spec> last_spec;

std::unique_ptr<Model> CompileAndRemember(Spec spec, const AssetMap& assets) {
  std::unique_ptr<Model> model = CompileSpec(spec, assets);
  auto kept = std::make_shared<const Spec>(std::move(spec));
  std::lock_guard<std::mutex> lock(last_spec_mutex);
  last_spec = std::move(kept);
  return model;
}

}  // namespace

std::unique_ptr<Model> LoadXmlString(const std::string& xml, const AssetMap& assets) {
  return CompileAndRemember(ReadMjcf(xml, "", assets), assets);
}

void SaveLastXml(const std::string& filename) {
  std::shared_ptr<const Spec> spec;
  {
    std::lock_guard<std::mutex> lock(last_spec_mutex);
    spec = last_spec;
  }
  if (!spec) throw FatalError("mj_saveLastXML: no model was loaded from XML");
  std::string text = WriteMjcf(*spec);
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
