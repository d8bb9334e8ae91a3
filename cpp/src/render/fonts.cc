// fonts.cc: the context's bitmap fonts as display lists (mjr_makeContext, mjr_changeFont): one
// list a character, glBitmap of the baked glyph (font_data.h) moving the raster position by the
// character's width.
//   reads  fontdata::kFonts, the font scale
//   writes con.fontScale charWidth charWidthBig charHeight charHeightBig baseFont* rangeFont
#include <algorithm>
#include <string>
#include <vector>

#include "mjsim/errors.h"
#include "mjsim/render.h"
#include "render/font_data.h"
#include "render/fonts.h"
#include "render/gl_api.h"

namespace mjsim {
namespace {
using namespace glapi;

constexpr int kRangeFont = 128;   // lists a font: the reference's rangeFont (measured)
constexpr int kShadowRadius = 2;
constexpr int kWidthEntries = 127;  // charWidth's entries  // measured: the shadow is the glyph grown 2 px every way

const fontdata::Font* FindFont(int fontscale, bool big) {
  for (int i = 0; i < fontdata::kNumFonts; ++i) {
    const fontdata::Font& font = fontdata::kFonts[i];
    if (font.fontscale == fontscale && (font.big != 0) == big) return &font;
  }
  return nullptr;
}

bool BitSet(const unsigned char* bits, int row_bytes, int x, int y) {
  return bits[y * row_bytes + x / 8] & (0x80 >> (x % 8));
}

// the glyph grown by kShadowRadius pixels in x and y (a square neighbourhood), within the
// character's cell horizontally so that a shadow does not cover the character before it
// (measured: the reference's shadow of 'H' stops at its advance width)
void RecordShadow(const fontdata::Glyph& glyph) {
  int left = std::max(glyph.left - kShadowRadius, 0);
  int right = std::min<int>(glyph.left + glyph.width + kShadowRadius, glyph.advance);
  int width = right - left, height = glyph.height + 2 * kShadowRadius;
  if (glyph.width == 0 || width <= 0) return;
  int row_bytes = (width + 7) / 8, glyph_row_bytes = (glyph.width + 7) / 8;
  const unsigned char* bits = fontdata::kBits + glyph.offset;
  std::vector<unsigned char> grown(static_cast<size_t>(row_bytes) * height, 0);
  for (int y = 0; y < glyph.height; ++y) {
    for (int x = 0; x < glyph.width; ++x) {
      if (!BitSet(bits, glyph_row_bytes, x, y)) continue;
      for (int dy = 0; dy <= 2 * kShadowRadius; ++dy) {
        for (int dx = -kShadowRadius; dx <= kShadowRadius; ++dx) {
          int gx = glyph.left + x + dx - left;  // column in the grown bitmap
          if (gx >= 0 && gx < width) grown[(y + dy) * row_bytes + gx / 8] |= 0x80 >> (gx % 8);
        }
      }
    }
  }
  gl.Bitmap(width, height, static_cast<float>(-left),
            static_cast<float>(kShadowRadius - glyph.bottom), 0, 0, grown.data());
}

// lists base .. base + kRangeFont - 1: character c draws its glyph (or nothing) and moves on
void RecordFont(const fontdata::Font& font, GLuint base, bool shadow, int* widths) {
  for (int c = 0; c < kRangeFont; ++c) {
    gl.NewList(base + c, GL_COMPILE);
    int index = c - fontdata::kFirstChar;
    if (index >= 0 && index < fontdata::kNumChars) {
      const fontdata::Glyph& glyph = font.glyphs[index];
      if (shadow) RecordShadow(glyph);
      // an empty glyph (the space) still needs a bitmap pointer: Mesa records no move for null
      static const unsigned char kNoBits = 0;
      const unsigned char* bits = glyph.width ? fontdata::kBits + glyph.offset : &kNoBits;
      gl.Bitmap(glyph.width, glyph.height, static_cast<float>(-glyph.left),
                static_cast<float>(-glyph.bottom), static_cast<float>(glyph.advance), 0, bits);
      if (widths && c < kWidthEntries) widths[c] = glyph.advance;
    }
    gl.EndList();
  }
}

void DeleteFontLists(RenderContext& con) {
  if (con.baseFontNormal && con.rangeFont > 0) gl.DeleteLists(con.baseFontNormal, 3 * con.rangeFont);
  con.baseFontNormal = con.baseFontShadow = con.baseFontBig = 0;
  con.rangeFont = 0;
  std::fill(std::begin(con.charWidth), std::end(con.charWidth), 0);
  std::fill(std::begin(con.charWidthBig), std::end(con.charWidthBig), 0);
  con.charHeight = con.charHeightBig = 0;
}
}  // namespace

int ContextFontScale(int fontscale) {
  // measured: mjr_makeContext takes any number, to the nearest of 100 ... 300 (ties upwards;
  // 50 and below give 100: only mjr_changeFont gives the font of 50)
  const int scales[] = {100, 150, 200, 250, 300};
  for (int scale : scales) {
    if (fontscale < scale + 25) return scale;
  }
  return 300;
}

void MakeFontLists(int fontscale, RenderContext& con) {
  DeleteFontLists(con);
  const fontdata::Font* normal = FindFont(fontscale, false);
  const fontdata::Font* big = FindFont(fontscale, true);
  if (!normal || !big) throw FatalError("Invalid fontscale");
  gl.PixelStorei(GL_UNPACK_ALIGNMENT, 1);  // the baked rows are padded to bytes, not words
  con.rangeFont = kRangeFont;
  con.baseFontNormal = gl.GenLists(3 * kRangeFont);
  con.baseFontShadow = con.baseFontNormal + kRangeFont;
  con.baseFontBig = con.baseFontShadow + kRangeFont;
  RecordFont(*normal, con.baseFontNormal, false, con.charWidth);
  RecordFont(*normal, con.baseFontShadow, true, nullptr);
  RecordFont(*big, con.baseFontBig, false, con.charWidthBig);
  con.charHeight = normal->char_height;
  con.charHeightBig = big->char_height;
  con.fontScale = fontscale;
}

void FreeFontLists(RenderContext& con) { DeleteFontLists(con); }

}  // namespace mjsim
