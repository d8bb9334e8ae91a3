// read_mesh.cc: MJCF reader of mesh assets and their defaults (checklist A: asset/mesh,
// default/mesh). Values are stored as written; files are read by the compiler (meshes.cc).
#include "mjsim/errors.h"
#include "spec/mesh_builtin.h"
#include "xml/sections.h"

namespace mjsim {
namespace {


// the attributes a default class may set; an asset reads these too
void ReadMeshDefaultValues(XmlReader& reader, const XMLElement* elem, SpecMesh& mesh) {
  reader.ReadReals(elem, "scale", mesh.scale, 3);
  if (reader.ReadInt(elem, "maxhullvert", mesh.maxhullvert)) {
    if (mesh.maxhullvert != -1 && mesh.maxhullvert <= 3) {
      reader.Fail(elem, "maxhullvert must be -1 (no limit) or larger than 3, got " +
                            std::to_string(mesh.maxhullvert));
    }
  }
  reader.ReadKeyword(elem, "inertia", kMeshInertia, mesh.inertia);
}

std::vector<float> ReadFloatList(XmlReader& reader, const XMLElement* elem, const char* attr) {
  const char* text = elem->Attribute(attr);
  if (!text) return {};
  std::vector<mjtNum> values = reader.ParseNumbers(elem, attr, text, XmlReader::Precision::kFloat);
  return std::vector<float>(values.begin(), values.end());
}

// integer list: each value must be a whole number in the range of int
std::vector<int> ReadIntList(XmlReader& reader, const XMLElement* elem, const char* attr) {
  const char* text = elem->Attribute(attr);
  return text ? reader.ParseIntegers(elem, attr, text) : std::vector<int>{};
}

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

}  // namespace

std::vector<ElementSchema> MeshSchema() {
  return {
      {"asset/mesh", "mesh",
       {"name", "class", "content_type", "file", "vertex", "normal", "texcoord", "face",
        "refpos", "refquat", "scale", "smoothnormal", "maxhullvert", "inertia", "builtin",
        "params", "material"},
       {},
       {"mesh/plugin"}},
      {"default/mesh", "mesh", {"scale", "maxhullvert", "inertia"}, {}, {}},
  };
}

void ReadMeshAsset(XmlReader& reader, const XMLElement* elem) {
  Spec& spec = reader.spec();
  SpecMesh mesh = spec.defaults[reader.ActiveClass(elem, 0)].mesh;
  mesh.source = reader.Locate(elem);
  reader.ReadString(elem, "name", mesh.name);
  reader.ReadString(elem, "content_type", mesh.content_type);
  reader.ReadString(elem, "file", mesh.file);
  reader.ReadString(elem, "material", mesh.material);
  mesh.vertex = ReadFloatList(reader, elem, "vertex");
  mesh.normal = ReadFloatList(reader, elem, "normal");
  mesh.texcoord = ReadFloatList(reader, elem, "texcoord");
  mesh.face = ReadIntList(reader, elem, "face");
  reader.ReadReals(elem, "refpos", mesh.refpos, 3);
  reader.ReadReals(elem, "refquat", mesh.refquat, 4);
  reader.ReadBool(elem, "smoothnormal", mesh.smoothnormal);
  ReadMeshDefaultValues(reader, elem, mesh);
  ReadMeshBuiltin(reader, elem, mesh);
  for (const XMLElement* child = elem->FirstChildElement(); child; child = child->NextSiblingElement()) {
    reader.ValidateChild(child, *FindSchema("asset/mesh"));  // <plugin> is not supported yet
  }
  spec.meshes.push_back(std::move(mesh));
}

bool ReadMeshDefault(XmlReader& reader, const XMLElement* elem, const std::string& key, SpecDefault& dflt) {
  if (key != "default/mesh") return false;
  ReadMeshDefaultValues(reader, elem, dflt.mesh);
  return true;
}

}  // namespace mjsim
