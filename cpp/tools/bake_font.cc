// bake_font.cc: a build-time tool: rasterises printable ASCII of a TrueType font (stb_truetype)
// at the renderer's font scales and writes the bitmaps as C++ (render/font_data.h describes
// them). Usage: bake_font FONT.ttf OUTPUT.cc
//
// Pixel sizes: per font scale, the em size at which DejaVu Sans Condensed's rounded advance
// widths are closest to the reference's charWidth (normal) and charWidthBig (big) at that scale
// (mean error 0.78 px over the 95 characters at 50, 0.86 px at 100, 2.5 px at 300;
// docs/REFERENCE-BEHAVIOURS.md). The cell height (charHeight) is the reference's line height at
// that scale where the font's ascent + descent fits in it (all but the normal font at 50, whose
// 11 px are less than the 14 px DejaVu needs at 11.2 px a em), the spare rows split above and
// below the glyphs, so that text lays out line for line as the reference's does.
#define STB_TRUETYPE_IMPLEMENTATION
#include "stb_truetype.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

constexpr int kNumScales = 6;
constexpr int kFontScales[kNumScales] = {50, 100, 150, 200, 250, 300};
constexpr float kEmNormal[kNumScales] = {11.2f, 14.5f, 21.6f, 28.5f, 35.5f, 41.6f};
constexpr float kEmBig[kNumScales] = {14.5f, 28.5f, 41.6f, 53.0f, 66.7f, 78.9f};
// the reference's charHeight and charHeightBig (measured with mjr_changeFont)
constexpr int kLineNormal[kNumScales] = {11, 18, 28, 37, 45, 54};
constexpr int kLineBig[kNumScales] = {18, 37, 54, 71, 89, 106};
constexpr int kFirstChar = 32, kNumChars = 95;
// coverage (of 255) from which a pixel is drawn: the fonts are 1 bit, like the reference's
constexpr int kCoverageThreshold = 100;

struct BakedGlyph {
  int advance, width, height, left, bottom;
  size_t offset;
};

struct Baker {
  stbtt_fontinfo info;
  std::vector<unsigned char> bits;
  std::string tables;

  // one glyph's bitmap into `bits`, rows bottom first, padded to bytes
  BakedGlyph Bake(int codepoint, float scale, int baseline) {
    int advance = 0, bearing = 0;
    stbtt_GetCodepointHMetrics(&info, codepoint, &advance, &bearing);
    int x0, y0, x1, y1;
    stbtt_GetCodepointBitmapBox(&info, codepoint, scale, scale, &x0, &y0, &x1, &y1);
    BakedGlyph glyph{static_cast<int>(std::lround(advance * scale)), x1 - x0, y1 - y0, x0,
                     baseline - y1, bits.size()};
    if (glyph.width <= 0 || glyph.height <= 0) {
      glyph.width = glyph.height = 0;
      return glyph;
    }
    std::vector<unsigned char> coverage(static_cast<size_t>(glyph.width) * glyph.height);
    stbtt_MakeCodepointBitmap(&info, coverage.data(), glyph.width, glyph.height, glyph.width,
                              scale, scale, codepoint);
    int row_bytes = (glyph.width + 7) / 8;
    for (int row = glyph.height - 1; row >= 0; --row) {  // stb's rows are top first
      std::vector<unsigned char> packed(row_bytes, 0);
      for (int x = 0; x < glyph.width; ++x) {
        if (coverage[static_cast<size_t>(row) * glyph.width + x] >= kCoverageThreshold) {
          packed[x / 8] |= static_cast<unsigned char>(0x80 >> (x % 8));
        }
      }
      bits.insert(bits.end(), packed.begin(), packed.end());
    }
    return glyph;
  }

  // the glyph table of one font; returns its cell height
  int BakeFont(const std::string& name, float em, int line) {
    float scale = stbtt_ScaleForMappingEmToPixels(&info, em);
    int ascent, descent, gap;
    stbtt_GetFontVMetrics(&info, &ascent, &descent, &gap);
    int own = static_cast<int>(std::ceil((ascent - descent) * scale));
    int height = std::max(own, line);
    int baseline = static_cast<int>(std::ceil(-descent * scale)) + (height - own) / 2;
    tables += "const Glyph " + name + "[kNumChars] = {\n";
    for (int c = kFirstChar; c < kFirstChar + kNumChars; ++c) {
      BakedGlyph g = Bake(c, scale, baseline);
      tables += "  {" + std::to_string(g.advance) + ", " + std::to_string(g.width) + ", " +
                std::to_string(g.height) + ", " + std::to_string(g.left) + ", " +
                std::to_string(g.bottom) + ", " + std::to_string(g.offset) + "u},\n";
    }
    tables += "};\n";
    return height;
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s FONT.ttf OUTPUT.cc\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::vector<unsigned char> ttf((std::istreambuf_iterator<char>(in)),
                                 std::istreambuf_iterator<char>());
  Baker baker;
  if (ttf.empty() || !stbtt_InitFont(&baker.info, ttf.data(), stbtt_GetFontOffsetForIndex(ttf.data(), 0))) {
    std::fprintf(stderr, "bake_font: cannot read the font %s\n", argv[1]);
    return 1;
  }
  std::string fonts = "const Font kFonts[] = {\n";
  int count = 0;
  for (int k = 0; k < kNumScales; ++k) {
    int fontscale = kFontScales[k];
    for (int big = 0; big < 2; ++big) {
      std::string name = "kGlyphs" + std::to_string(fontscale) + (big ? "Big" : "Normal");
      float em = big ? kEmBig[k] : kEmNormal[k];
      int height = baker.BakeFont(name, em, big ? kLineBig[k] : kLineNormal[k]);
      fonts += "  {" + std::to_string(fontscale) + ", " + std::to_string(big) + ", " +
               std::to_string(height) + ", " + name + "},\n";
      ++count;
    }
  }
  fonts += "};\nconst int kNumFonts = " + std::to_string(count) + ";\n";
  std::ofstream out(argv[2]);
  out << "// generated by cpp/tools/bake_font.cc from " << argv[1] << "; do not edit\n"
      << "#include \"render/font_data.h\"\n\nnamespace mjsim::fontdata {\n\n"
      << "const unsigned char kBits[] = {";
  for (size_t i = 0; i < baker.bits.size(); ++i) {
    out << (i % 24 ? "" : "\n  ") << static_cast<int>(baker.bits[i]) << ",";
  }
  out << "0};\n\n" << baker.tables << "\n" << fonts << "\n}  // namespace mjsim::fontdata\n";
  return out ? 0 : 1;
}
