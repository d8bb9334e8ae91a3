// skins.cc: compiler stage for skins (drawn only): SKN files or inline data into skin_* arrays.
// SKN layout (MJCF reference, skin/file): int32 nvert, ntexcoord, nface, nbone; float
// vertex[3 nvert], texcoord[2 ntexcoord]; int32 face[3 nface]; per bone: char body[40],
// float bindpos[3], bindquat[4], int32 nvert, int32 vertid[nvert], float vertweight[nvert].
#include <cstring>

#include "compiler/stages.h"
#include "util/math3.h"

namespace mjsim {
namespace {

class SknParser {
 public:
  SknParser(const CompileContext& ctx, const SpecSkin& skin, int id, const std::string& bytes)
      : ctx_(ctx), skin_(skin), id_(id), bytes_(bytes) {}

  SpecSkin Parse() {
    SpecSkin parsed = skin_;
    int nvert = Int(), ntexcoord = Int(), nface = Int(), nbone = Int();
    if (nvert < 0 || ntexcoord < 0 || nface < 0 || nbone < 0) Corrupt("negative count in header");
    parsed.vertex = Floats(3 * static_cast<size_t>(nvert));
    parsed.texcoord = Floats(2 * static_cast<size_t>(ntexcoord));
    for (int i = 0; i < 3 * nface; ++i) parsed.face.push_back(Int());
    for (int b = 0; b < nbone; ++b) {
      SpecSkinBone bone;
      bone.source = skin_.source;
      char name[41] = {0};
      Read(name, 40);
      bone.body = name;
      std::vector<mjtNum> pose = Floats(7);
      for (int i = 0; i < 3; ++i) bone.bindpos[i] = pose[i];
      for (int i = 0; i < 4; ++i) bone.bindquat[i] = pose[3 + i];
      int count = Int();
      if (count < 0) Corrupt("negative bone vertex count");
      for (int i = 0; i < count; ++i) bone.vertid.push_back(Int());
      bone.vertweight = Floats(static_cast<size_t>(count));
      parsed.bones.push_back(bone);
    }
    if (offset_ != bytes_.size()) Corrupt("the file is longer than its header says");
    return parsed;
  }

 private:
  [[noreturn]] void Corrupt(const std::string& what) const {
    ctx_.Fail("skin", skin_.name, id_, skin_.source, "corrupt SKN file '" + skin_.file + "': " + what);
  }

  void Read(void* out, size_t count) {
    if (bytes_.size() - offset_ < count) Corrupt("the file is shorter than its header says");
    std::memcpy(out, bytes_.data() + offset_, count);
    offset_ += count;
  }

  int Int() {
    int32_t value;
    Read(&value, sizeof(value));
    return value;
  }

  std::vector<mjtNum> Floats(size_t count) {
    if ((bytes_.size() - offset_) / sizeof(float) < count) Corrupt("the file is shorter than its header says");
    std::vector<float> values(count);
    Read(values.data(), count * sizeof(float));
    return std::vector<mjtNum>(values.begin(), values.end());
  }

  const CompileContext& ctx_;
  const SpecSkin& skin_;
  int id_;
  const std::string& bytes_;
  size_t offset_ = 0;
};

void CheckSkin(const CompileContext& ctx, const SpecSkin& skin, int id) {
  auto fail = [&](const std::string& message) { ctx.Fail("skin", skin.name, id, skin.source, message); };
  if (skin.vertex.size() % 3 != 0 || skin.vertex.empty()) fail("vertex data must be a positive multiple of 3 numbers");
  size_t nvert = skin.vertex.size() / 3;
  if (!skin.texcoord.empty() && skin.texcoord.size() != 2 * nvert) fail("texcoord must have 2 numbers per vertex");
  if (skin.face.size() % 3 != 0 || skin.face.empty()) fail("face data must be a positive multiple of 3 indices");
  for (int index : skin.face) {
    if (index < 0 || static_cast<size_t>(index) >= nvert) fail("face index " + std::to_string(index) + " out of range");
  }
  if (skin.bones.empty()) fail("a skin needs at least one bone");
  for (const SpecSkinBone& bone : skin.bones) {
    for (int index : bone.vertid) {
      if (index < 0 || static_cast<size_t>(index) >= nvert) {
        fail("bone '" + bone.body + "' vertex id " + std::to_string(index) + " out of range");
      }
    }
    if (ctx.FindId(mjOBJ_BODY, bone.body) < 0) fail("bone body '" + bone.body + "' not found");
  }
}

}  // namespace

void CollectSkins(CompileContext& ctx, Model& m) {
  std::vector<std::string> names, paths;
  for (size_t i = 0; i < ctx.spec.skins.size(); ++i) {
    const SpecSkin& skin = ctx.spec.skins[i];
    int id = static_cast<int>(i);
    SpecSkin resolved = skin;
    if (!skin.file.empty()) {
      std::string bytes = ctx.ReadAssetFile(skin.file, ctx.spec.compiler.meshdir, "skin", skin.name,
                                            id, skin.source);
      resolved = SknParser(ctx, skin, id, bytes).Parse();
    }
    CheckSkin(ctx, resolved, id);
    m.nskinvert += static_cast<int>(resolved.vertex.size() / 3);
    m.nskintexvert += static_cast<int>(resolved.texcoord.size() / 2);
    m.nskinface += static_cast<int>(resolved.face.size() / 3);
    m.nskinbone += static_cast<int>(resolved.bones.size());
    for (const SpecSkinBone& bone : resolved.bones) m.nskinbonevert += static_cast<int>(bone.vertid.size());
    names.push_back(skin.name);
    paths.push_back(skin.file);
    ctx.skins.push_back(std::move(resolved));
  }
  m.nskin = static_cast<int>(ctx.skins.size());
  ctx.RegisterNames(mjOBJ_SKIN, names);
  ctx.RegisterPaths(mjOBJ_SKIN, paths);
}

void FillSkins(CompileContext& ctx, Model& m) {
  int vert = 0, texcoord = 0, face = 0, bone = 0, bonevert = 0;
  for (int s = 0; s < m.nskin; ++s) {
    const SpecSkin& skin = ctx.skins[s];
    m.skin_matid[s] = skin.material.empty() ? -1 : ctx.FindId(mjOBJ_MATERIAL, skin.material);
    if (!skin.material.empty() && m.skin_matid[s] < 0) {
      ctx.Fail("skin", skin.name, s, skin.source, ctx.NotFound(mjOBJ_MATERIAL, skin.material));
    }
    m.skin_group[s] = skin.group;
    for (int i = 0; i < 4; ++i) m.skin_rgba[4 * s + i] = skin.rgba[i];
    m.skin_inflate[s] = static_cast<float>(skin.inflate);
    int nvert = static_cast<int>(skin.vertex.size() / 3);
    m.skin_vertadr[s] = vert;
    m.skin_vertnum[s] = nvert;
    m.skin_texcoordadr[s] = skin.texcoord.empty() ? -1 : texcoord;
    m.skin_faceadr[s] = face;
    m.skin_facenum[s] = static_cast<int>(skin.face.size() / 3);
    m.skin_boneadr[s] = bone;
    m.skin_bonenum[s] = static_cast<int>(skin.bones.size());
    for (size_t i = 0; i < skin.vertex.size(); ++i) m.skin_vert[3 * vert + i] = static_cast<float>(skin.vertex[i]);
    for (size_t i = 0; i < skin.texcoord.size(); ++i) {
      m.skin_texcoord[2 * texcoord + i] = static_cast<float>(skin.texcoord[i]);
    }
    for (size_t i = 0; i < skin.face.size(); ++i) m.skin_face[3 * face + i] = skin.face[i];
    vert += nvert;
    texcoord += static_cast<int>(skin.texcoord.size() / 2);
    face += m.skin_facenum[s];
    // each vertex's weights are normalized over the bones that move it (as the reference)
    std::vector<mjtNum> total(nvert, 0);
    for (const SpecSkinBone& b : skin.bones) {
      for (size_t i = 0; i < b.vertid.size(); ++i) total[b.vertid[i]] += b.vertweight[i];
    }
    for (int v = 0; v < nvert; ++v) {
      if (!(total[v] > 0)) ctx.Fail("skin", skin.name, s, skin.source, "vertex " + std::to_string(v) + " must have positive total weight");
    }
    for (const SpecSkinBone& b : skin.bones) {
      m.skin_bonevertadr[bone] = bonevert;
      m.skin_bonevertnum[bone] = static_cast<int>(b.vertid.size());
      for (int i = 0; i < 3; ++i) m.skin_bonebindpos[3 * bone + i] = static_cast<float>(b.bindpos[i]);
      for (int i = 0; i < 4; ++i) m.skin_bonebindquat[4 * bone + i] = static_cast<float>(b.bindquat[i]);
      m.skin_bonebodyid[bone] = ctx.FindId(mjOBJ_BODY, b.body);
      for (size_t i = 0; i < b.vertid.size(); ++i) {
        m.skin_bonevertid[bonevert + i] = b.vertid[i];
        mjtNum sum = total[b.vertid[i]];
        m.skin_bonevertweight[bonevert + i] = static_cast<float>(sum > 0 ? b.vertweight[i] / sum : 0);
      }
      bonevert += static_cast<int>(b.vertid.size());
      ++bone;
    }
  }
}

}  // namespace mjsim
