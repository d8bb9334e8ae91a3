// textures.cc: texture images (checklist B: procedural textures, texture files).
//   builtin  gradient: rgb1 at the centre (2d) or towards +Y (cube), rgb2 away from it, through a
//            sigmoid; checker: 2x2 blocks rgb1/rgb2 (per cube face); flat: rgb1, the cube's
//            bottom face rgb2. Marks: edge (border), cross (middle row and column), random.
//   files    PNG (any colour type, converted) or the binary format int32 width, int32 height,
//            then width*height*3 bytes; a cube from one file cut by gridsize/gridlayout, or from
//            six files fileright ... fileback.
// Colours become bytes as int(255 * value), wrapping outside [0, 1] like the reference.
#include "compiler/textures.h"
#include "util/paths.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "lodepng.h"

namespace mjsim {
namespace {

using Image = CompileContext::TextureImage;

unsigned char ColorByte(mjtNum value) {
  return static_cast<unsigned char>(static_cast<int>(255 * value));
}

void SetPixel(Image& image, int row, int col, const mjtNum rgb[3]) {
  unsigned char* pixel = image.data.data() + 3 * (static_cast<size_t>(row) * image.width + col);
  for (int c = 0; c < 3; ++c) pixel[c] = ColorByte(rgb[c]);
}

// The gradient's weight of rgb1 at s in [-1, 1] (-1: all rgb2, 1: all rgb1):
// 1/2 + s / sqrt(2 (1 + s^2)), clamped at 0 below s = -1. Measured on the reference's bytes
// (each pixel's weight read to 24 bits through rgb1 = 256^j / 255): within 1.2e-7 of it,
// every byte of a 2d and a skybox gradient exact.
mjtNum GradientWeight(mjtNum s) {
  return std::max<mjtNum>(0, 0.5 + s / std::sqrt(2 * (1 + s * s)));
}

// a cube-face pixel's weight: s = its direction's elevation, as a fraction of a quarter turn
mjtNum CubeGradientWeight(mjtNum sine) {
  return GradientWeight(std::asin(sine) / (M_PI / 2));
}

// the sine of the elevation of the direction through a cube-face pixel; NaN for a 1-pixel face
mjtNum CubeElevationSine(int face, mjtNum x, mjtNum y) {
  mjtNum dir[3];
  switch (face) {
    case 0: dir[0] = 1; dir[1] = -y; dir[2] = -x; break;
    case 1: dir[0] = -1; dir[1] = -y; dir[2] = x; break;
    case 2: dir[0] = x; dir[1] = 1; dir[2] = y; break;
    case 3: dir[0] = x; dir[1] = -1; dir[2] = -y; break;
    case 4: dir[0] = x; dir[1] = -y; dir[2] = 1; break;
    default: dir[0] = -x; dir[1] = -y; dir[2] = -1; break;
  }
  mjtNum norm = std::sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
  return dir[1] / norm;
}

// one square or rectangular block of `width` x `height` pixels starting at row `top`;
// `face` is the cube face (-1 for a 2d texture). Pixel coordinates x, y run over [-1, 1].
void FillBuiltinBlock(Image& image, const SpecTexture& texture, int top, int width, int height,
                      int face) {
  std::vector<mjtNum> xs(width), ys(height);
  for (int c = 0; c < width; ++c) xs[c] = width > 1 ? 2.0 * c / (width - 1) - 1 : NAN;
  for (int r = 0; r < height; ++r) ys[r] = height > 1 ? 2.0 * r / (height - 1) - 1 : NAN;
  if (texture.builtin == kBuiltinChecker || texture.builtin == kBuiltinFlat) {
    unsigned char rgb1[3], rgb2[3];
    for (int k = 0; k < 3; ++k) {
      rgb1[k] = ColorByte(texture.rgb1[k]);
      rgb2[k] = ColorByte(texture.rgb2[k]);
    }
    // every row is one of two patterns (the checker's upper and lower halves; flat: one)
    auto pattern = [&](bool upper) {
      std::vector<unsigned char> row(3 * static_cast<size_t>(width));
      for (int c = 0; c < width; ++c) {
        bool first;
        if (texture.builtin == kBuiltinChecker) {
          // the front and back cube faces start with rgb2 (as the reference lays them out)
          first = (upper == (c < width / 2)) != (face == 4 || face == 5);
        } else {
          first = face != 3;
        }
        std::memcpy(row.data() + 3 * static_cast<size_t>(c), first ? rgb1 : rgb2, 3);
      }
      return row;
    };
    const std::vector<unsigned char> upper = pattern(true), lower = pattern(false);
    for (int r = 0; r < height; ++r) {
      const std::vector<unsigned char>& row = r < height / 2 ? upper : lower;
      std::memcpy(image.data.data() + 3 * static_cast<size_t>(top + r) * image.width, row.data(),
                  row.size());
    }
    return;
  }
  for (int r = 0; r < height; ++r) {
    unsigned char* pixel = image.data.data() + 3 * static_cast<size_t>(top + r) * image.width;
    for (int c = 0; c < width; ++c, pixel += 3) {
      mjtNum weight;
      if (face < 0) {  // 2d gradient: radial from the centre
        mjtNum s = 1 - 2 * std::sqrt(xs[c] * xs[c] + ys[r] * ys[r]);
        weight = std::isnan(s) ? 0 : GradientWeight(s);
      } else {  // cube gradient: by the elevation of the direction through the pixel
        mjtNum sine = CubeElevationSine(face, xs[c], ys[r]);
        weight = std::isnan(sine) ? 0 : CubeGradientWeight(sine);
      }
      for (int k = 0; k < 3; ++k) {
        pixel[k] = ColorByte(weight * texture.rgb1[k] + (1 - weight) * texture.rgb2[k]);
      }
    }
  }
}

void MarkBlock(Image& image, const SpecTexture& texture, int top, int width, int height,
               uint64_t& random_state) {
  bool marks = texture.mark == kMarkEdge || texture.mark == kMarkCross ||
               (texture.mark == kMarkRandom && texture.random > 0);
  if (!marks) return;
  for (int r = 0; r < height; ++r) {
    for (int c = 0; c < width; ++c) {
      bool mark = false;
      if (texture.mark == kMarkEdge) mark = r == 0 || c == 0 || r == height - 1 || c == width - 1;
      if (texture.mark == kMarkCross) mark = r == height / 2 || c == width / 2;
      if (texture.mark == kMarkRandom && texture.random > 0) {
        random_state = random_state * 6364136223846793005ULL + 1442695040888963407ULL;
        mark = static_cast<mjtNum>(random_state >> 11) / 9007199254740992.0 < texture.random;
      }
      if (mark) SetPixel(image, top + r, c, texture.markrgb);
    }
  }
}

Image BuiltinTexture(const CompileContext& ctx, const SpecTexture& texture, int id) {
  if (texture.width <= 0) ctx.Fail("texture", texture.name, id, texture.source, "width of a builtin texture must be positive");
  bool cube = texture.type != kTexture2D;
  if (!cube && texture.height <= 0) ctx.Fail("texture", texture.name, id, texture.source, "height of a builtin texture must be positive");
  Image image;
  image.width = texture.width;
  image.height = cube ? 6 * texture.width : texture.height;
  image.data.assign(3 * static_cast<size_t>(image.width) * image.height, 0);
  uint64_t random_state = 0x853c49e6748fea9bULL;
  int faces = cube ? 6 : 1, block_height = cube ? texture.width : texture.height;
  const size_t face_bytes = 3 * static_cast<size_t>(image.width) * block_height;
  for (int face = 0; face < faces; ++face) {
    // the four side faces of a cube gradient have the same pixels (the elevation's sine is
    // -y / |(1, x, y)| on each): the first one computed is copied
    bool same_as_first_side = cube && texture.builtin == kBuiltinGradient && (face == 1 || face >= 4);
    if (same_as_first_side) {
      std::memcpy(image.data.data() + face * face_bytes, image.data.data(), face_bytes);
    } else {
      FillBuiltinBlock(image, texture, face * block_height, image.width, block_height, cube ? face : -1);
    }
  }
  for (int face = 0; face < faces && texture.mark != kMarkNone; ++face) {
    MarkBlock(image, texture, face * block_height, image.width, block_height, random_state);
  }
  return image;
}

// PNG or the binary format, as 3-channel rows
Image LoadImageFile(const CompileContext& ctx, const SpecTexture& texture, int id,
                    const std::string& file) {
  std::string bytes = ctx.ReadAssetFile(file, ctx.spec.compiler.texturedir, "texture",
                                        texture.name, id, texture.source);
  Image image;
  std::string extension = file.size() >= 4 ? file.substr(file.size() - 4) : "";
  for (char& ch : extension) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  bool png = extension == ".png" || texture.content_type == "image/png";
  if (png) {
    std::string error;
    image.nchannel = texture.nchannel;
    if (!DecodePng(bytes, texture.nchannel, image.data, image.width, image.height, error, &image.srgb)) {
      ctx.Fail("texture", texture.name, id, texture.source, "could not decode PNG file '" + file + "': " + error);
    }
    return image;
  }
  int32_t header[2] = {0, 0};
  if (bytes.size() >= 8) std::memcpy(header, bytes.data(), 8);
  if (bytes.size() < 8 || header[0] <= 0 || header[1] <= 0 ||
      bytes.size() != 8 + 3 * static_cast<size_t>(header[0]) * header[1]) {
    ctx.Fail("texture", texture.name, id, texture.source,
             "file '" + file + "' is neither PNG nor the binary texture format (int32 width, "
             "int32 height, width*height*3 bytes)");
  }
  image.width = header[0];
  image.height = header[1];
  image.data.assign(bytes.begin() + 8, bytes.end());
  return image;
}

void Flip(Image& image, bool hflip, bool vflip) {
  int w = image.width, h = image.height, n = image.nchannel;
  std::vector<unsigned char> out(image.data.size());
  for (int r = 0; r < h; ++r) {
    for (int c = 0; c < w; ++c) {
      int sr = vflip ? h - 1 - r : r, sc = hflip ? w - 1 - c : c;
      std::memcpy(&out[n * (static_cast<size_t>(r) * w + c)], &image.data[n * (static_cast<size_t>(sr) * w + sc)], n);
    }
  }
  image.data.swap(out);
}

// cube faces no file or grid cell provides show rgb1 (first three channels; alpha opaque)
void FillMissingFaces(Image& image, const SpecTexture& texture) {
  int n = image.nchannel;
  for (size_t p = 0; p < image.data.size() / n; ++p) {
    for (int c = 0; c < n; ++c) image.data[n * p + c] = c < 3 ? ColorByte(texture.rgb1[c]) : 255;
  }
}

// faces of a cube cut out of one image laid out on a gridsize grid; gridlayout letters R L U D
// F B name the face in each cell ('.' unused); faces not in the layout are filled with rgb1
Image CubeFromGrid(const CompileContext& ctx, const SpecTexture& texture, int id, const Image& grid) {
  int rows = texture.gridsize[0], cols = texture.gridsize[1];
  if (rows <= 0 || cols <= 0 || rows * cols > 12) {
    ctx.Fail("texture", texture.name, id, texture.source, "gridsize must be positive with at most 12 cells");
  }
  if (grid.width % cols != 0 || grid.height % rows != 0 || grid.width / cols != grid.height / rows) {
    ctx.Fail("texture", texture.name, id, texture.source, "image size does not divide into square cells of gridsize");
  }
  int side = grid.width / cols, n = grid.nchannel;
  Image image;
  image.width = side;
  image.height = 6 * side;
  image.nchannel = n;
  image.data.assign(n * static_cast<size_t>(side) * image.height, 0);
  FillMissingFaces(image, texture);
  if (static_cast<int>(texture.gridlayout.size()) != rows * cols) {
    ctx.Fail("texture", texture.name, id, texture.source, "gridlayout needs one character per grid cell");
  }
  const std::string letters = "RLUDFB";
  for (int cell = 0; cell < rows * cols; ++cell) {
    char letter = texture.gridlayout[cell];
    if (letter == '.') continue;
    size_t face = letters.find(letter);
    if (face == std::string::npos) {
      ctx.Fail("texture", texture.name, id, texture.source, std::string("gridlayout character '") + letter + "' is not one of . R L U D F B");
    }
    int top = (cell / cols) * side, left = (cell % cols) * side;
    for (int r = 0; r < side; ++r) {
      std::memcpy(&image.data[n * ((face * side + r) * static_cast<size_t>(side))],
                  &grid.data[n * ((static_cast<size_t>(top) + r) * grid.width + left)], n * static_cast<size_t>(side));
    }
  }
  return image;
}

Image CubeFromFiles(const CompileContext& ctx, const SpecTexture& texture, int id) {
  Image image;
  for (int face = 0; face < 6 && face < static_cast<int>(texture.cubefiles.size()); ++face) {
    if (texture.cubefiles[face].empty()) continue;
    Image part = LoadImageFile(ctx, texture, id, texture.cubefiles[face]);
    Flip(part, texture.hflip, texture.vflip);
    if (image.data.empty()) {
      image.width = part.width;
      image.height = 6 * part.width;
      image.nchannel = part.nchannel;
      image.data.assign(image.nchannel * static_cast<size_t>(image.width) * image.height, 0);
      FillMissingFaces(image, texture);
    }
    if (part.width != image.width || part.height != image.width) {
      ctx.Fail("texture", texture.name, id, texture.source, "cube face files must be square and of one size");
    }
    std::memcpy(&image.data[image.nchannel * static_cast<size_t>(face) * image.width * image.width], part.data.data(), part.data.size());
  }
  if (image.data.empty()) ctx.Fail("texture", texture.name, id, texture.source, "a cube or skybox texture needs file, fileright ... fileback, or builtin");
  return image;
}

// the reference stores nchannel bytes per pixel but fills them from the 3-channel rows in
// order, zero-padding the rest (so nchannel 4 shifts colours); we keep that layout
void ToChannels(Image& image, int nchannel) {
  if (image.nchannel == nchannel) return;
  image.nchannel = nchannel;
  image.data.resize(static_cast<size_t>(nchannel) * image.width * image.height, 0);
}

}  // namespace

bool DecodePng(const std::string& bytes, int channels, std::vector<unsigned char>& pixels,
               int& width, int& height, std::string& error, bool* srgb) {
  lodepng::State state;
  state.info_raw.colortype = channels == 1 ? LCT_GREY : channels == 4 ? LCT_RGBA : LCT_RGB;
  state.info_raw.bitdepth = 8;
  unsigned w = 0, h = 0;
  unsigned code = lodepng::decode(pixels, w, h, state, reinterpret_cast<const unsigned char*>(bytes.data()),
                                  bytes.size());
  if (srgb != nullptr) *srgb = state.info_png.srgb_defined != 0;
  if (code) {
    error = lodepng_error_text(code);
    return false;
  }
  width = static_cast<int>(w);
  height = static_cast<int>(h);
  return true;
}

std::string NameFromFile(const std::string& file) { return FileStem(file); }

Image BuildTexture(const CompileContext& ctx, const SpecTexture& texture, int id) {
  if (texture.nchannel != 1 && texture.nchannel != 3 && texture.nchannel != 4) {
    ctx.Fail("texture", texture.name, id, texture.source, "nchannel must be 1, 3 or 4, got " + std::to_string(texture.nchannel));
  }
  Image image;
  bool has_cube_files = false;
  for (const std::string& file : texture.cubefiles) has_cube_files = has_cube_files || !file.empty();
  if (!texture.data.empty()) {
    // pixels given directly (MjSpec): width x height x nchannel bytes, as they are
    size_t expected = static_cast<size_t>(texture.width) * texture.height * texture.nchannel;
    if (texture.width <= 0 || texture.height <= 0 || texture.data.size() != expected) {
      ctx.Fail("texture", texture.name, id, texture.source,
               "Texture buffer has incorrect size, given " + std::to_string(texture.data.size()) +
                   " expected " + std::to_string(expected));
    }
    image.width = texture.width;
    image.height = texture.height;
    image.nchannel = texture.nchannel;
    image.data = texture.data;
    return image;
  } else if (texture.builtin != kBuiltinNone) {
    image = BuiltinTexture(ctx, texture, id);
  } else if (!texture.file.empty()) {
    image = LoadImageFile(ctx, texture, id, texture.file);
    Flip(image, texture.hflip, texture.vflip);
    // a cube from one image on a 1 x 1 grid keeps the image as loaded (every face shows it)
    bool single_cell = texture.gridsize[0] == 1 && texture.gridsize[1] == 1;
    if (texture.type != kTexture2D && !single_cell) {
      bool srgb = image.srgb;
      image = CubeFromGrid(ctx, texture, id, image);
      image.srgb = srgb;
    }
  } else if (texture.type == kTexture2D) {
    ctx.Fail("texture", texture.name, id, texture.source, "a 2d texture needs 'file' or 'builtin'");
  } else {
    if (!has_cube_files) ctx.Fail("texture", texture.name, id, texture.source, "a cube or skybox texture needs file, fileright ... fileback, or builtin");
    image = CubeFromFiles(ctx, texture, id);
  }
  ToChannels(image, texture.nchannel);
  return image;
}

}  // namespace mjsim
