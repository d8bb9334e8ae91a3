// read_skin.cc: MJCF reader of <asset><skin> and its <bone> children.
#include "xml/sections.h"
#include "util/paths.h"

namespace mjsim {

std::vector<ElementSchema> SkinSchema() {
  const std::vector<std::string> attributes = {"name",   "file",     "material", "rgba", "inflate",
                                               "vertex", "texcoord", "face",     "group"};
  return {
      {"asset/skin", "skin", attributes, {}, {"skin/bone"}},
      {"deformable/skin", "skin", attributes, {}, {"skin/bone"}},  // the same element
      {"skin/bone", "bone", {"body", "bindpos", "bindquat", "vertid", "vertweight"}, {}, {}},
  };
}

namespace {

std::vector<int> ToIndices(XmlReader& reader, const XMLElement* elem, const char* attr,
                           const std::vector<mjtNum>& values) {
  std::vector<int> indices;
  for (mjtNum value : values) {
    if (value != static_cast<int>(value) || value < 0) {
      reader.Fail(elem, std::string("attribute '") + attr + "' needs non-negative integers");
    }
    indices.push_back(static_cast<int>(value));
  }
  return indices;
}

SpecSkinBone ReadBone(XmlReader& reader, const XMLElement* elem) {
  SpecSkinBone bone;
  bone.source = reader.Locate(elem);
  for (const char* attr : {"body", "bindpos", "bindquat", "vertid", "vertweight"}) {
    reader.Require(elem, attr);
  }
  reader.ReadString(elem, "body", bone.body);
  reader.ReadReals(elem, "bindpos", bone.bindpos, 3);
  reader.ReadReals(elem, "bindquat", bone.bindquat, 4);
  std::vector<mjtNum> ids;
  reader.ReadRealList(elem, "vertid", ids);
  bone.vertid = ToIndices(reader, elem, "vertid", ids);
  reader.ReadRealList(elem, "vertweight", bone.vertweight);
  if (bone.vertid.size() != bone.vertweight.size()) {
    reader.Fail(elem, "vertid and vertweight must have the same length");
  }
  return bone;
}

}  // namespace

void ReadSkinAsset(XmlReader& reader, const XMLElement* elem) {
  SpecSkin skin;
  skin.source = reader.Locate(elem);
  reader.ReadString(elem, "name", skin.name);
  reader.ReadString(elem, "file", skin.file);
  reader.ReadString(elem, "material", skin.material);
  reader.ReadFloats(elem, "rgba", skin.rgba, 4);
  float inflate = 0;  // a float in the model: 1e-300 is out of range, as in the reference
  if (reader.ReadFloats(elem, "inflate", &inflate, 1)) skin.inflate = inflate;
  reader.ReadInt(elem, "group", skin.group);
  reader.ReadRealList(elem, "vertex", skin.vertex);
  reader.ReadRealList(elem, "texcoord", skin.texcoord);
  std::vector<mjtNum> face;
  reader.ReadRealList(elem, "face", face);
  skin.face = ToIndices(reader, elem, "face", face);
  const ElementSchema& schema = *FindSchema("asset/skin");
  for (const XMLElement* child = elem->FirstChildElement(); child;
       child = child->NextSiblingElement()) {
    reader.ValidateChild(child, schema);
    skin.bones.push_back(ReadBone(reader, child));
  }
  if (skin.file.empty() && skin.vertex.empty()) {
    reader.Fail(elem, "a skin needs a file or inline vertex data");
  }
  if (!skin.file.empty() && (!skin.vertex.empty() || !skin.bones.empty())) {
    reader.Fail(elem, "a skin from a file cannot also have inline data or bones");
  }
  if (skin.name.empty() && !skin.file.empty()) {  // named after its file
    skin.name = FileStem(skin.file);
  }
  reader.spec().skins.push_back(std::move(skin));
}

}  // namespace mjsim
