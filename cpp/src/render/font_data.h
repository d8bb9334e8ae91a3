// font_data.h: the glyph bitmaps of the renderer's fonts, baked at build time from the vendored
// DejaVu Sans Condensed (third_party/dejavu) by cpp/tools/bake_font.cc into the generated
// font_bitmaps.cc: one normal and one big font per font scale, 1 bit a pixel, the layout
// glBitmap reads (rows bottom first, the leftmost pixel in the high bit, rows padded to bytes).
#pragma once

namespace mjsim::fontdata {

constexpr int kFirstChar = 32, kNumChars = 95;  // printable ASCII, ' ' to '~'

struct Glyph {
  short advance;        // pixels the raster position moves right
  short width, height;  // of the bitmap
  short left;           // bitmap's left edge right of the raster position
  short bottom;         // bitmap's bottom row above the raster position (the cell's bottom)
  unsigned offset;      // of the first row in kBits
};

struct Font {
  int fontscale;    // mjtFontScale
  int big;          // 1: the big font
  int char_height;  // cell height: ascent + descent, pixels
  const Glyph* glyphs;  // kNumChars of them, from kFirstChar
};

extern const Font kFonts[];
extern const int kNumFonts;
extern const unsigned char kBits[];

}  // namespace mjsim::fontdata
