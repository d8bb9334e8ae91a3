// load.cc: the entry points from MJCF text or file to a compiled Model.
#include <fstream>
#include <sstream>

#include "compiler/compile.h"
#include "mjsim/api.h"
#include "mjsim/errors.h"
#include "xml/xml_reader.h"

namespace mjsim {

std::unique_ptr<Model> LoadXmlString(const std::string& xml, const AssetMap& assets) {
  return CompileSpec(ReadMjcf(xml, "", assets), assets);
}

std::unique_ptr<Model> LoadXmlFile(const std::string& path, const AssetMap& assets) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw FileError("could not open file '" + path + "'");
  std::ostringstream text;
  text << file.rdbuf();
  if (file.bad()) throw FileError("could not read file '" + path + "'");
  return CompileSpec(ReadMjcf(text.str(), path, assets), assets);
}

}  // namespace mjsim
