// overlay.cc: text in window pixels with the context's fonts: mjr_text, mjr_overlay (text
// panels at a grid position of a viewport) and mjr_label (a filled rectangle with centred text).
// The panel layout is the reference's, measured pixel by pixel (docs/REFERENCE-BEHAVIOURS.md).
//   reads  con's font lists and metrics (fonts.cc), the current GL viewport (mjr_text)
//   writes the current framebuffer
#include <algorithm>
#include <string>
#include <vector>

#include "mjsim/render.h"
#include "render/gl_api.h"
#include "render/overlay_text.h"

namespace mjsim {
using namespace glapi;
namespace {

bool HasFonts(const RenderContext& con) { return con.rangeFont > 0 && gl.CallLists; }

// the characters that have lists (ASCII); others are left out
std::string ListCodes(const std::string& txt, int range) {
  std::string codes;
  for (unsigned char c : txt) {
    if (c < range) codes.push_back(static_cast<char>(c));
  }
  return codes;
}

// GL state for bitmaps: the raster colour is the current colour, unlit, over everything
void PrepareBitmaps() {
  gl.Disable(GL_LIGHTING);
  gl.Disable(GL_DEPTH_TEST);
  gl.Disable(GL_TEXTURE_2D);
  gl.Disable(GL_TEXTURE_CUBE_MAP);
  gl.Disable(GL_BLEND);
}

// `codes` from the raster position of `pos` under the current projection, in rgb
void CallFont(GLuint base, const std::string& codes, const float pos[3], const float rgb[3]) {
  gl.Color4f(rgb[0], rgb[1], rgb[2], 1);
  gl.RasterPos3f(pos[0], pos[1], pos[2]);
  gl.ListBase(base);
  gl.CallLists(static_cast<GLsizei>(codes.size()), GL_UNSIGNED_BYTE, codes.data());
}

// the font's lists at `pos`: mjFONT_SHADOW its black outline, then the normal font over it
void CallText(int font, const std::string& txt, const float pos[3], const float rgb[3],
              const RenderContext& con) {
  std::string codes = ListCodes(txt, con.rangeFont);
  if (codes.empty()) return;
  if (font == mjFONT_SHADOW) {
    const float black[3] = {0, 0, 0};
    CallFont(con.baseFontShadow, codes, pos, black);
  }
  CallFont(font == mjFONT_BIG ? con.baseFontBig : con.baseFontNormal, codes, pos, rgb);
}

}  // namespace

void PixelProjection(RenderRect area) {
  gl.Viewport(area.left, area.bottom, area.width, area.height);
  gl.MatrixMode(GL_PROJECTION);
  gl.LoadIdentity();
  gl.Ortho(area.left, area.left + area.width, area.bottom, area.bottom + area.height, -1, 1);
  gl.MatrixMode(GL_MODELVIEW);
  gl.LoadIdentity();
}

namespace {
std::vector<std::string> Lines(const std::string& txt) {
  std::vector<std::string> lines(1);
  for (char c : txt) {
    if (c == '\n') {
      lines.emplace_back();
    } else {
      lines.back().push_back(c);
    }
  }
  return lines;
}
}  // namespace

int TextWidth(int font, const std::string& txt, const RenderContext& con) {
  const int* widths = font == mjFONT_BIG ? con.charWidthBig : con.charWidth;
  int width = 0;
  for (unsigned char c : txt) {
    if (c < 127) width += widths[c];
  }
  return width;
}

int FontHeight(int font, const RenderContext& con) {
  return font == mjFONT_BIG ? con.charHeightBig : con.charHeight;
}

void DrawTextPixels(int font, const std::string& txt, int x, int y, const float rgb[3],
                    RenderRect area, const RenderContext& con) {
  if (!HasFonts(con)) return;
  PixelProjection(area);
  PrepareBitmaps();
  const float pos[3] = {static_cast<float>(x), static_cast<float>(y), 0};
  CallText(font, txt, pos, rgb, con);
}

void DrawText3D(const float pos[3], const std::string& txt, const RenderContext& con) {
  if (!HasFonts(con)) return;
  PrepareBitmaps();
  // white in the shadow font (measured: the reference's geom labels have its black outline)
  const float white[3] = {1, 1, 1};
  CallText(mjFONT_SHADOW, txt, pos, white, con);
}

void DrawText(int font, const std::string& txt, const RenderContext& con, float x, float y,
              float r, float g, float b) {
  if (!HasFonts(con)) return;
  // (x, y) are fractions of the current viewport (measured: after mjr_rectangle of a 200 x 100
  // rectangle at (100, 100), (0.5, 0.5) is pixel (200, 150))
  gl.MatrixMode(GL_PROJECTION);
  gl.LoadIdentity();
  gl.Ortho(0, 1, 0, 1, -1, 1);
  gl.MatrixMode(GL_MODELVIEW);
  gl.LoadIdentity();
  PrepareBitmaps();
  const float rgb[3] = {r, g, b}, pos[3] = {x, y, 0};
  CallText(font, txt, pos, rgb, con);
}

namespace {
// measured layout of the reference's panels (normal font at 100, charHeight 18): each line
// takes charHeight + 5 pixels; a panel is 13 pixels wider than its widest line, the text 3
// pixels in; the panels keep 5 pixels from the viewport's left and bottom edges and 6 from its
// right and top ones; two columns overlap by 2 pixels
constexpr int kLineGap = 5, kPanelPad = 13, kTextInset = 3, kColumnOverlap = 2;
constexpr int kMarginLow = 5, kMarginHigh = 6;
constexpr float kPanelAlpha = 0.5f;
constexpr float kFirstColumnGrey = 0.7f;  // the first of two columns; the second is white

struct Column {
  std::vector<std::string> lines;
  int width = 0;   // of the widest line
  int height = 0;  // of the panel
  int left = 0, top = 0;  // of the panel (top: the first row above it)
  float rgb[3] = {1, 1, 1};
};

Column MakeColumn(int font, const std::string& txt, const RenderContext& con) {
  Column column;
  column.lines = Lines(txt);
  for (const std::string& line : column.lines) {
    column.width = std::max(column.width, TextWidth(font, line, con));
  }
  column.height = static_cast<int>(column.lines.size()) * (FontHeight(font, con) + kLineGap);
  return column;
}

bool IsLeft(int gridpos) {
  return gridpos == mjGRID_TOPLEFT || gridpos == mjGRID_BOTTOMLEFT || gridpos == mjGRID_LEFT;
}
bool IsRight(int gridpos) {
  return gridpos == mjGRID_TOPRIGHT || gridpos == mjGRID_BOTTOMRIGHT || gridpos == mjGRID_RIGHT;
}
bool IsTop(int gridpos) {
  return gridpos == mjGRID_TOPLEFT || gridpos == mjGRID_TOPRIGHT || gridpos == mjGRID_TOP;
}
bool IsBottom(int gridpos) {
  return gridpos == mjGRID_BOTTOMLEFT || gridpos == mjGRID_BOTTOMRIGHT || gridpos == mjGRID_BOTTOM;
}

// the panels' top rows: at the top, at the bottom (each panel on the margin) or centred, each
// panel by its own height (measured: a 1-line column beside a 3-line one is centred on its own)
void PlaceVertically(int gridpos, RenderRect viewport, Column& column) {
  int top = viewport.bottom + viewport.height;
  if (IsTop(gridpos)) {
    column.top = top - kMarginHigh;
  } else if (IsBottom(gridpos)) {
    column.top = viewport.bottom + kMarginLow + column.height;
  } else {  // measured: floor(centre + height / 2) - 6
    column.top = (2 * viewport.bottom + viewport.height + column.height) / 2 - kMarginHigh;
  }
}

// the panels' left edges. At the sides the columns are side by side, the second overlapping
// the first by 2 pixels. At mjGRID_TOP and mjGRID_BOTTOM the reference centres the second (or
// only) panel 6 pixels left of the viewport's centre and the first at
// centre - 18.5 - (w1 + w2) / 2, rounded up, so that the two overlap more the wider they are
// (measured on four pairs of widths and two viewports)
void PlaceHorizontally(int gridpos, RenderRect viewport, Column* first, Column& last) {
  int last_width = last.width + kPanelPad;
  if (gridpos == mjGRID_TOP || gridpos == mjGRID_BOTTOM) {
    int twice_centre = 2 * viewport.left + viewport.width;
    last.left = (twice_centre - 12 - last_width) / 2;
    if (first) {
      int twice_left = twice_centre - 37 - first->width - last.width;  // 2 x (centre - 18.5 - ...)
      first->left = (twice_left + 1) / 2;
    }
    return;
  }
  int total = last_width + (first ? first->width + kPanelPad - kColumnOverlap : 0);
  int left = IsLeft(gridpos) ? viewport.left + kMarginLow
                             : viewport.left + viewport.width - kMarginHigh - total;
  if (first) {
    first->left = left;
    left += first->width + kPanelPad - kColumnOverlap;
  }
  last.left = left;
}

void DrawColumn(int font, const Column& column, RenderRect viewport, const RenderContext& con) {
  RenderRect panel{column.left, column.top - column.height, column.width + kPanelPad,
                   column.height};
  DrawRectangle(panel, 0, 0, 0, kPanelAlpha);
  int pitch = FontHeight(font, con) + kLineGap;
  int height = FontHeight(font, con);
  for (size_t k = 0; k < column.lines.size(); ++k) {
    int y = column.top - height - static_cast<int>(k) * pitch;
    DrawTextPixels(font, column.lines[k], column.left + kTextInset, y, column.rgb, viewport, con);
  }
}
}  // namespace

void DrawOverlay(int font, int gridpos, RenderRect viewport, const std::string& overlay,
                 const std::string& overlay2, const RenderContext& con) {
  // without fonts the panels are drawn all the same, for lines 0 pixels high (measured)
  if (!(IsLeft(gridpos) || IsRight(gridpos) || gridpos == mjGRID_TOP || gridpos == mjGRID_BOTTOM)) {
    return;
  }
  if (overlay2.empty()) {  // one white column
    Column only = MakeColumn(font, overlay, con);
    PlaceVertically(gridpos, viewport, only);
    PlaceHorizontally(gridpos, viewport, nullptr, only);
    DrawColumn(font, only, viewport, con);
    return;
  }
  // at mjGRID_LEFT the second text is the left column (measured)
  bool swap = gridpos == mjGRID_LEFT;
  Column first = MakeColumn(font, swap ? overlay2 : overlay, con);
  Column second = MakeColumn(font, swap ? overlay : overlay2, con);
  Column& grey = swap ? second : first;
  std::fill(grey.rgb, grey.rgb + 3, kFirstColumnGrey);
  PlaceVertically(gridpos, viewport, first);
  PlaceVertically(gridpos, viewport, second);
  PlaceHorizontally(gridpos, viewport, &first, second);
  // the right column first: where the panels overlap the left one's covers it (measured: at
  // mjGRID_TOP the right column's text shows at half brightness under the left panel)
  DrawColumn(font, second, viewport, con);
  DrawColumn(font, first, viewport, con);
}

void DrawLabel(RenderRect viewport, int font, const std::string& txt, const float rgba[4],
               const float text_rgb[3], const RenderContext& con) {
  DrawRectangle(viewport, rgba[0], rgba[1], rgba[2], rgba[3]);
  if (!HasFonts(con)) return;
  // measured: the shadow font draws as the normal one here; text wider or taller than the
  // rectangle is left out
  int drawn = font == mjFONT_BIG ? mjFONT_BIG : mjFONT_NORMAL;
  int width = TextWidth(drawn, txt, con), height = FontHeight(drawn, con);
  if (width > viewport.width || height > viewport.height) return;
  DrawTextPixels(drawn, txt, viewport.left + (viewport.width - width) / 2,
                 viewport.bottom + (viewport.height - height) / 2, text_rgb, viewport, con);
}

}  // namespace mjsim
