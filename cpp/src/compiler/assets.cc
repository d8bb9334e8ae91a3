// assets.cc: compiler stage for height fields, textures and materials (checklist B: hfield
// data, textures, materials).
//   reads   Spec hfields textures materials; asset files (PNG, binary formats)
//   writes  hfield_* tex_* mat_*; names and paths of these objects
// Height-field elevation is normalized to [0, 1] (min -> 0, max -> 1); rows of `elevation` and
// of PNG files are stored in reverse order (the first stored row is the last written), rows of
// the binary format as they are. Textures read from files default to the linear colorspace, PNG
// files with an sRGB chunk to sRGB.
#include <algorithm>
#include <cstdint>
#include <cstring>

#include "compiler/stages.h"
#include "compiler/textures.h"

namespace mjsim {
namespace {

[[noreturn]] void FailHField(const CompileContext& ctx, const SpecHField& hfield, int id, const std::string& message) {
  ctx.Fail("hfield", hfield.name, id, hfield.source, message);
}

std::string HFieldName(const SpecHField& hfield) {
  return hfield.name.empty() && !hfield.file.empty() ? NameFromFile(hfield.file) : hfield.name;
}

std::string TextureName(const SpecTexture& texture) {
  return texture.name.empty() && !texture.file.empty() ? NameFromFile(texture.file) : texture.name;
}

bool IsPng(const std::string& file, const std::string& content_type) {
  if (content_type == "image/png") return true;
  if (!content_type.empty()) return false;
  std::string extension = file.size() >= 4 ? file.substr(file.size() - 4) : "";
  for (char& ch : extension) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return extension == ".png";
}

// rows as stored in the file/XML (top row first), then flipped and normalized
std::vector<float> HFieldFromFile(const CompileContext& ctx, const SpecHField& hfield, int id, int& nrow, int& ncol) {
  if (hfield.nrow || hfield.ncol) FailHField(ctx, hfield, id, "nrow and ncol must not be given with a file");
  std::string bytes = ctx.ReadAssetFile(hfield.file, ctx.spec.compiler.meshdir, "hfield", hfield.name, id, hfield.source);
  std::vector<float> rows;
  if (IsPng(hfield.file, hfield.content_type)) {
    std::vector<unsigned char> pixels;
    std::string error;
    if (!DecodePng(bytes, 1, pixels, ncol, nrow, error)) {
      FailHField(ctx, hfield, id, "could not decode PNG file '" + hfield.file + "': " + error);
    }
    for (unsigned char p : pixels) rows.push_back(static_cast<float>(p));
    return rows;
  }
  int32_t header[2] = {0, 0};
  if (bytes.size() >= 8) std::memcpy(header, bytes.data(), 8);
  if (bytes.size() < 8 || header[0] <= 0 || header[1] <= 0 ||
      bytes.size() != 4 * (2 + static_cast<size_t>(header[0]) * header[1])) {
    FailHField(ctx, hfield, id, "file '" + hfield.file + "' is neither PNG nor the binary hfield format "
               "(int32 nrow, int32 ncol, nrow*ncol float32), size " + std::to_string(bytes.size()) + " bytes");
  }
  nrow = header[0];
  ncol = header[1];
  rows.resize(static_cast<size_t>(nrow) * ncol);
  std::memcpy(rows.data(), bytes.data() + 8, 4 * rows.size());
  return rows;
}

std::vector<float> HFieldData(const CompileContext& ctx, const SpecHField& hfield, int id, int& nrow, int& ncol) {
  for (int i = 0; i < 4; ++i) {
    if (hfield.size[i] <= 0) {
      FailHField(ctx, hfield, id, "size[" + std::to_string(i) + "] must be positive, got " + std::to_string(hfield.size[i]));
    }
  }
  std::vector<float> rows;
  nrow = hfield.nrow;
  ncol = hfield.ncol;
  if (!hfield.file.empty()) {
    if (hfield.elevation_given) FailHField(ctx, hfield, id, "file and elevation cannot both be given");
    rows = HFieldFromFile(ctx, hfield, id, nrow, ncol);
  } else {
    if (nrow < 2 || ncol < 2) FailHField(ctx, hfield, id, "nrow and ncol must be at least 2 without a file, got " + std::to_string(nrow) + " x " + std::to_string(ncol));
    rows.assign(static_cast<size_t>(nrow) * ncol, 0);
    if (hfield.elevation_given) {
      if (hfield.elevation.size() != rows.size()) {
        ctx.FailVerbatim(hfield.name, id, hfield.source, "elevation data length must match nrow*ncol");
      }
      for (size_t i = 0; i < rows.size(); ++i) rows[i] = static_cast<float>(hfield.elevation[i]);
    }
  }
  // normalize to [0, 1]; all-equal data stays 0
  if (!rows.empty()) {
    auto [low, high] = std::minmax_element(rows.begin(), rows.end());
    float min = *low, range = *high - *low;
    for (float& v : rows) v = range > 0 ? (v - min) / range : 0;
  }
  // elevation and PNG rows are written top row first and stored bottom row first; the binary
  // format is stored as is
  bool binary = !hfield.file.empty() && !IsPng(hfield.file, hfield.content_type);
  if (binary) return rows;
  std::vector<float> data(rows.size());
  for (int r = 0; r < nrow; ++r) {
    std::copy_n(rows.begin() + static_cast<size_t>(nrow - 1 - r) * ncol, ncol, data.begin() + static_cast<size_t>(r) * ncol);
  }
  return data;
}

}  // namespace

void CollectAssets(CompileContext& ctx, Model& m) {
  const Spec& spec = ctx.spec;
  std::vector<std::string> names, paths;
  m.nhfield = static_cast<int>(spec.hfields.size());
  ctx.hfield_grids.clear();
  for (int h = 0; h < m.nhfield; ++h) {
    const SpecHField& hfield = spec.hfields[h];
    if (HFieldName(hfield).empty()) FailHField(ctx, hfield, h, "a height field needs a name (or a file to take it from)");
    CompileContext::HFieldGrid grid;
    grid.data = HFieldData(ctx, hfield, h, grid.nrow, grid.ncol);
    m.nhfielddata += grid.nrow * grid.ncol;
    ctx.hfield_grids.push_back(std::move(grid));
    names.push_back(HFieldName(hfield));
    paths.push_back(hfield.file);
  }
  ctx.RegisterNames(mjOBJ_HFIELD, names);
  ctx.RegisterPaths(mjOBJ_HFIELD, paths);

  names.clear();
  paths.clear();
  m.ntex = static_cast<int>(spec.textures.size());
  ctx.texture_images.clear();
  for (int t = 0; t < m.ntex; ++t) {
    const SpecTexture& texture = spec.textures[t];
    std::string name = TextureName(texture);
    if (name.empty() && texture.type != kTextureSkybox) {
      ctx.Fail("texture", name, t, texture.source, "a texture needs a name (or a file to take it from); only a skybox may be unnamed");
    }
    ctx.texture_images.push_back(BuildTexture(ctx, texture, t));
    m.ntexdata += static_cast<int>(ctx.texture_images.back().data.size());
    names.push_back(name);
    paths.push_back(texture.file);
  }
  ctx.RegisterNames(mjOBJ_TEXTURE, names);
  ctx.RegisterPaths(mjOBJ_TEXTURE, paths);

  names.clear();
  m.nmat = static_cast<int>(spec.materials.size());
  for (const SpecMaterial& material : spec.materials) {
    if (material.name.empty()) ctx.Fail("material", "", static_cast<int>(names.size()), material.source, "a material needs a name");
    names.push_back(material.name);
  }
  ctx.RegisterNames(mjOBJ_MATERIAL, names);
}

void FillAssets(CompileContext& ctx, Model& m) {
  const Spec& spec = ctx.spec;
  int adr = 0;
  for (int h = 0; h < m.nhfield; ++h) {
    const SpecHField& hfield = spec.hfields[h];
    const std::vector<float>& data = ctx.hfield_grids[h].data;
    for (int i = 0; i < 4; ++i) m.hfield_size[4 * h + i] = hfield.size[i];
    m.hfield_nrow[h] = ctx.hfield_grids[h].nrow;
    m.hfield_ncol[h] = ctx.hfield_grids[h].ncol;
    m.hfield_adr[h] = adr;
    std::copy(data.begin(), data.end(), m.hfield_data + adr);
    adr += static_cast<int>(data.size());
  }
  adr = 0;
  for (int t = 0; t < m.ntex; ++t) {
    const SpecTexture& texture = spec.textures[t];
    const CompileContext::TextureImage& image = ctx.texture_images[t];
    m.tex_type[t] = texture.type;
    bool from_file = texture.builtin == kBuiltinNone;
    // auto: sRGB for a PNG file that says so (an sRGB chunk), else linear for files
    int from_file_colorspace = image.srgb ? 2 : 1;
    m.tex_colorspace[t] = texture.colorspace == 0 && from_file ? from_file_colorspace : texture.colorspace;
    m.tex_height[t] = image.height;
    m.tex_width[t] = image.width;
    m.tex_nchannel[t] = image.nchannel;
    m.tex_adr[t] = adr;
    std::copy(image.data.begin(), image.data.end(), m.tex_data + adr);
    adr += static_cast<int>(image.data.size());
  }
  for (int i = 0; i < m.nmat; ++i) {
    const SpecMaterial& material = spec.materials[i];
    for (int role = 0; role < kTextureRoles; ++role) {
      const std::string texture =
          role < static_cast<int>(material.textures.size()) ? material.textures[role] : "";
      int id = texture.empty() ? -1 : ctx.FindId(mjOBJ_TEXTURE, texture);
      if (!texture.empty() && id < 0) ctx.Fail("material", material.name, i, material.source, "texture '" + texture + "' not found");
      m.mat_texid[kTextureRoles * i + role] = id;
    }
    m.mat_texuniform[i] = material.texuniform;
    m.mat_texrepeat[2 * i] = material.texrepeat[0];
    m.mat_texrepeat[2 * i + 1] = material.texrepeat[1];
    m.mat_emission[i] = material.emission;
    m.mat_specular[i] = material.specular;
    m.mat_shininess[i] = material.shininess;
    m.mat_reflectance[i] = material.reflectance;
    m.mat_metallic[i] = material.metallic;
    m.mat_roughness[i] = material.roughness;
    for (int k = 0; k < 4; ++k) m.mat_rgba[4 * i + k] = material.rgba[k];
  }
}

// the geom spans the hfield's x and y radii; size[2] = z_top / 4 + z_bottom / 2, as the
// reference sets it (half the distance from the base bottom to the mid-elevation)
void ResolveHFieldGeom(const CompileContext& ctx, int hfield, const SpecGeom& geom, mjtNum size[3]) {
  const mjtNum* hsize = ctx.spec.hfields[hfield].size;
  size[0] = hsize[0];
  size[1] = hsize[1];
  size[2] = 0.25 * hsize[2] + 0.5 * hsize[3];
}

}  // namespace mjsim
