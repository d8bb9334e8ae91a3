// read_mesh.cc: MJCF reader of mesh assets and their defaults (checklist A: asset/mesh,
// default/mesh). Values are stored as written; files are read by the compiler (meshes.cc).
#include "mjsim/errors.h"
#include "spec/mesh_builtin.h"
#include "xml/sections.h"

namespace mjsim {
namespace {


// builtin= and params=: the procedural mesh is made here, as the reference does while reading
void ReadMeshBuiltin(XmlReader& reader, const XMLElement* elem, SpecMesh& mesh) {
  std::map<std::string, int> keywords;
  for (const MeshBuiltinInfo& row : kMeshBuiltins) keywords[row.keyword] = row.type;
  int builtin = kMeshBuiltinNone;
  if (!reader.ReadKeyword(elem, "builtin", keywords, builtin)) return;
  reader.Require(elem, "params");
  if (!mesh.file.empty()) reader.Fail(elem, "builtin cannot be used with a mesh file");
  if (!mesh.vertex.empty()) reader.Fail(elem, "builtin mesh cannot be used with user vertex data");
  std::vector<mjtNum> params;
  reader.ReadRealList(elem, "params", params);
  try {
    MakeBuiltinMesh(mesh, static_cast<MeshBuiltin>(builtin), params);
  } catch (const ModelError& error) {
    reader.Fail(elem, error.what());
  }
}

// the table's, a name and a class, and the builtin procedure (ReadMeshBuiltin)
std::vector<std::string> MeshAttributes() {
  std::vector<std::string> names = AttributeNames({MJSIM_MESH_ATTRIBUTES(MJSIM_ATTRIBUTE_NAME)});
  names.insert(names.begin(), {"name", "class"});
  names.insert(names.end(), {"builtin", "params"});
  return names;
}

}  // namespace

std::vector<ElementSchema> MeshSchema() {
  return {
      {"asset/mesh", "mesh", MeshAttributes(), {}, {"mesh/plugin"}},
      {"default/mesh", "mesh", {"scale", "maxhullvert", "inertia"}, {}, {}},
  };
}

void ReadMeshAsset(XmlReader& reader, const XMLElement* elem) {
  Spec& spec = reader.spec();
  SpecMesh mesh = spec.defaults[reader.ActiveClass(elem, 0)].mesh;
  mesh.source = reader.Locate(elem);
  reader.ReadString(elem, "name", mesh.name);
  ReadAttributes(reader, elem, mesh);
  ReadMeshBuiltin(reader, elem, mesh);
  for (const XMLElement* child = elem->FirstChildElement(); child; child = child->NextSiblingElement()) {
    reader.ValidateChild(child, *FindSchema("asset/mesh"));  // <plugin> is not supported yet
  }
  spec.meshes.push_back(std::move(mesh));
}

bool ReadMeshDefault(XmlReader& reader, const XMLElement* elem, const std::string& key, SpecDefault& dflt) {
  if (key != "default/mesh") return false;
  ReadAttributes(reader, elem, dflt.mesh);  // the schema allows scale, maxhullvert, inertia
  return true;
}

}  // namespace mjsim
