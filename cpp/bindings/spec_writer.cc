// spec_writer.cc: MjSpec.to_xml, MjSpec.to_file and mj_saveLastXML (xml/xml_writer.h). As the reference, both
// compile the spec first, so a spec that does not compile fails with the compiler's ValueError
// instead of giving text that does not load.
#include <fstream>

#include "mjsim/api.h"
#include "mjsim/errors.h"
#include "spec.h"
#include "xml/xml_writer.h"

namespace mjsim {
namespace {

std::string CompiledXml(py::object self) {
  self.attr("compile")();
  auto spec = self.cast<std::shared_ptr<Spec>>();
  py::gil_scoped_release release;
  return WriteMjcf(*spec);
}

void WriteFile(const std::string& filename, const std::string& text) {
  std::ofstream file(filename, std::ios::binary);
  if (!file) throw FatalError("XML Write error: could not open file '" + filename + "'");
  file << text;
  if (!file) throw FatalError("XML Write error: could not write file '" + filename + "'");
}

}  // namespace

void BindSpecWriter(py::module_& module) {
  py::object spec_class = module.attr("MjSpec");
  spec_class.attr("to_xml") = py::cpp_function(
      [](py::object self) { return CompiledXml(self); }, py::is_method(spec_class),
      py::name("to_xml"), "The spec as MJCF text (compiles it first).");
  spec_class.attr("to_file") = py::cpp_function(
      [](py::object self, const std::string& filename) {
        WriteFile(filename, CompiledXml(self));
      },
      py::is_method(spec_class), py::name("to_file"), py::arg("filename"),
      "Writes the spec as MJCF to a file (compiles it first).");
  module.def("mj_saveLastXML", [](const std::string& filename, const PyModel&) {
    SaveLastXml(filename);
  }, py::arg("filename"), py::arg("m"),
     "Save the last model loaded from XML or URDF as MJCF, written from its spec. Edits of m "
     "made after loading are not written back (the mujoco package writes them).");
}

}  // namespace mjsim
