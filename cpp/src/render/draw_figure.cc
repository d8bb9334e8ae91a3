// draw_figure.cc: mjr_figure: a 2D plot of up to mjMAXLINE lines in a viewport: the figure
// colour over the viewport, a pane framed by a grid, tick labels, title, x-axis label, legend.
// The layout follows the reference's, measured at font scales 100 and 200 (with h the normal
// font's charHeight and h2 = h / 2): the pane keeps h2 from the viewport's left and bottom and
// h2 + 1 from its right and top; y-tick labels take the widest of them and of `minwidth` plus
// h2; x-tick labels h + h2; the title h + h2; the x-axis label h + h / 4.
//   reads  fig (all but the axis outputs), con's fonts
//   writes the current framebuffer; fig.xaxispixel yaxispixel xaxisdata yaxisdata
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "mjsim/errors.h"
#include "mjsim/render.h"
#include "render/gl_api.h"
#include "render/overlay_text.h"

namespace mjsim {
using namespace glapi;
namespace {

constexpr int kMaxGrid = 100;

struct Range {
  double low = 0, high = 1;
};

struct Axes {
  Range x, y;
  int x0 = 0, x1 = 0, y0 = 0, y1 = 0;  // the pane in window pixels
};

std::string Text(const char* chars, size_t capacity) {
  return std::string(chars, strnlen(chars, capacity));
}

int LinePoints(const VisFigure& fig, int line) {
  return std::clamp(fig.linepnt[line], 0, mjMAXLINEPNT);
}
const float* LinePoint(const VisFigure& fig, int line, int point) {
  return fig.linedata + 2 * (static_cast<size_t>(line) * mjMAXLINEPNT + point);
}

// the data's bounds along `axis` (0: x, 1: y); false without points
bool DataBounds(const VisFigure& fig, int axis, Range& bounds) {
  bool any = false;
  for (int line = 0; line < mjMAXLINE; ++line) {
    for (int k = 0; k < LinePoints(fig, line); ++k) {
      double v = LinePoint(fig, line, k)[axis];
      if (!std::isfinite(v)) continue;
      bounds.low = any ? std::min(bounds.low, v) : v;
      bounds.high = any ? std::max(bounds.high, v) : v;
      any = true;
    }
  }
  return any;
}

// the axis range: fig.range where it is a range (min < max), extended to the data with
// flg_extend; the data's bounds where it is automatic (measured: range [0, 1] with x data 0 to
// 49 gives xaxisdata [0, 49], y data -0.9993 to 0.9975 gives [-0.9993, 1])
Range AxisRange(const VisFigure& fig, int axis) {
  Range given{fig.range[2 * axis], fig.range[2 * axis + 1]};
  Range data;
  bool has_data = DataBounds(fig, axis, data);
  Range range = given;
  if (given.low >= given.high) {
    range = has_data ? data : Range{};
  } else if (fig.flg_extend && has_data) {
    range = {std::min(given.low, data.low), std::max(given.high, data.high)};
  }
  if (axis == 1 && fig.flg_symmetric) {
    double half = std::max(std::fabs(range.low), std::fabs(range.high));
    range = {-half, half};
  }
  if (!(range.high > range.low)) range.high = range.low + 1;
  return range;
}

// a printf format with exactly one floating-point conversion (and any "%%"): the only kind
// mjr_figure formats tick values with; anything else could read past the arguments
bool IsValueFormat(const std::string& format) {
  int conversions = 0;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') continue;
    if (++i < format.size() && format[i] == '%') continue;
    i = format.find_first_not_of("-+ #0123456789.", i);
    if (i == std::string::npos || !std::strchr("eEfFgGaA", format[i])) return false;
    ++conversions;
  }
  return conversions == 1;
}

std::string FormatValue(const std::string& format, double value) {
  char text[100];
  std::snprintf(text, sizeof(text), format.c_str(), value);
  return text;
}

int GridCount(int size) { return std::clamp(size, 2, kMaxGrid); }

double GridValue(const Range& range, int k, int count) {
  return range.low + (range.high - range.low) * k / (count - 1);
}

std::vector<std::string> TickLabels(const std::string& format, const Range& range, int count) {
  std::vector<std::string> labels;
  for (int k = 0; k < count; ++k) labels.push_back(FormatValue(format, GridValue(range, k, count)));
  return labels;
}

void DrawLinePixels(float xa, float ya, float xb, float yb) {
  gl.Begin(GL_LINES);
  gl.Vertex2f(xa, ya);
  gl.Vertex2f(xb, yb);
  gl.End();
}

// the grid's lines, through pixel centres, the outer ones framing the pane
void DrawGrid(const VisFigure& fig, const Axes& axes, RenderRect viewport) {
  PixelProjection(viewport);
  gl.Disable(GL_LIGHTING);
  gl.Disable(GL_DEPTH_TEST);
  gl.Color4f(fig.gridrgb[0], fig.gridrgb[1], fig.gridrgb[2], 1);
  gl.LineWidth(std::max(fig.gridwidth, 1.0f));
  int nx = GridCount(fig.gridsize[0]), ny = GridCount(fig.gridsize[1]);
  for (int k = 0; k < nx; ++k) {
    float x = axes.x0 + static_cast<float>(axes.x1 - axes.x0) * k / (nx - 1) + 0.5f;
    DrawLinePixels(x, axes.y0 + 0.5f, x, axes.y1 + 0.5f);
  }
  for (int k = 0; k < ny; ++k) {
    float y = axes.y0 + static_cast<float>(axes.y1 - axes.y0) * k / (ny - 1) + 0.5f;
    DrawLinePixels(axes.x0 + 0.5f, y, axes.x1 + 0.5f, y);
  }
  gl.LineWidth(1);
}

float PixelX(const Axes& axes, double x) {
  return static_cast<float>(axes.x0 + (x - axes.x.low) / (axes.x.high - axes.x.low) * (axes.x1 - axes.x0));
}
float PixelY(const Axes& axes, double y) {
  return static_cast<float>(axes.y0 + (y - axes.y.low) / (axes.y.high - axes.y.low) * (axes.y1 - axes.y0));
}

struct LegendRow {
  int line;
  std::string name;
  int width;        // of the name
  RenderRect cell;  // from the name's left to the pane's right edge, one character high
};

// the names of the lines that have points and a name, from legendoffset on, right-aligned h2 + 1
// from the pane's right edge, one row of h each from h + h2 - 1 below its top
std::vector<LegendRow> LegendRows(const VisFigure& fig, const Axes& axes, const RenderContext& con) {
  std::vector<LegendRow> rows;
  int h = con.charHeight, h2 = h / 2;
  int y = axes.y1 - h - h2 + 1;
  for (int line = std::clamp(fig.legendoffset, 0, mjMAXLINE); line < mjMAXLINE; ++line) {
    if (LinePoints(fig, line) == 0 || !fig.linename[100 * line]) continue;
    std::string name = Text(fig.linename + 100 * line, 100);
    int width = TextWidth(mjFONT_NORMAL, name, con);
    rows.push_back({line, name, width, {axes.x1 - h2 - 1 - width, y, width + h2 + 2, h}});
    y -= h;
  }
  return rows;
}

// the line to draw highlighted: highlightid, else the one whose legend row holds the point
// fig.highlight (measured: a point on a name's text or right of it in the pane highlights its
// line, left of it does not)
int HighlightedLine(const VisFigure& fig, const std::vector<LegendRow>& legend) {
  if (fig.highlightid >= 0) return fig.highlightid;
  for (const LegendRow& row : legend) {
    if (FindRect(fig.highlight[0], fig.highlight[1], 1, &row.cell) == 0) return row.line;
  }
  return -1;
}

// the lines, smoothed and clipped to the pane (measured: the reference's lines of width 6 have
// half-covered edge rows); with flg_barplot each two points a segment; the highlighted line 5
// times as wide (measured: 5, 15, 30 rows for linewidth 1, 3, 6)
void DrawLines(const VisFigure& fig, const Axes& axes, int highlighted) {
  gl.Scissor(axes.x0, axes.y0, axes.x1 - axes.x0 + 1, axes.y1 - axes.y0 + 1);
  gl.Enable(GL_SCISSOR_TEST);
  gl.Enable(GL_BLEND);
  gl.BlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  gl.Enable(GL_LINE_SMOOTH);
  for (int line = 0; line < mjMAXLINE; ++line) {
    int count = LinePoints(fig, line);
    if (count == 0) continue;
    const float* rgb = fig.linergb + 3 * line;
    gl.Color4f(rgb[0], rgb[1], rgb[2], 1);
    gl.LineWidth(std::max(fig.linewidth * (line == highlighted ? 5 : 1), 1.0f));
    gl.Begin(count == 1 ? GL_POINTS : (fig.flg_barplot ? GL_LINES : GL_LINE_STRIP));
    for (int k = 0; k < count; ++k) {
      const float* p = LinePoint(fig, line, k);
      if (!std::isfinite(p[0]) || !std::isfinite(p[1])) continue;
      // through pixel centres (measured: a line of width 1 at y = 0.5 fills one row)
      gl.Vertex2f(PixelX(axes, p[0]) + 0.5f, PixelY(axes, p[1]) + 0.5f);
    }
    gl.End();
  }
  if (fig.flg_selection) {  // measured: white and 3 px wide, whatever textrgb and linewidth
    float x = PixelX(axes, fig.selection) + 0.5f;
    gl.Color4f(1, 1, 1, 1);
    gl.LineWidth(3);
    DrawLinePixels(x, static_cast<float>(axes.y0), x, static_cast<float>(axes.y1 + 1));
  }
  gl.LineWidth(1);
  gl.Disable(GL_LINE_SMOOTH);
  gl.Disable(GL_BLEND);
  gl.Disable(GL_SCISSOR_TEST);
}

// x ticks below the pane: the first left-aligned, the last right-aligned, the others centred;
// y ticks left of it, right-aligned h2 from the pane, their cells centred on the grid lines
void DrawTicks(const VisFigure& fig, const Axes& axes, const std::vector<std::string>& xlabels,
               const std::vector<std::string>& ylabels, RenderRect viewport,
               const RenderContext& con) {
  int h = con.charHeight, h2 = h / 2;
  const float* rgb = fig.textrgb;
  int nx = static_cast<int>(xlabels.size());
  for (int k = 0; k < nx && fig.flg_ticklabel[0]; ++k) {
    int tick = axes.x0 + (axes.x1 - axes.x0) * k / (nx - 1);
    int width = TextWidth(mjFONT_NORMAL, xlabels[k], con);
    int left = k == 0 ? tick : (k == nx - 1 ? tick - width : tick - width / 2);
    DrawTextPixels(mjFONT_NORMAL, xlabels[k], left, axes.y0 - h - h2 + 1, rgb, viewport, con);
  }
  int ny = static_cast<int>(ylabels.size());
  for (int k = 0; k < ny && fig.flg_ticklabel[1]; ++k) {
    int tick = axes.y0 + (axes.y1 - axes.y0) * k / (ny - 1);
    int width = TextWidth(mjFONT_NORMAL, ylabels[k], con);
    DrawTextPixels(mjFONT_NORMAL, ylabels[k], axes.x0 - h2 - width, tick - h2, rgb, viewport,
                   con);
  }
}

// the legend's rows in their lines' colours over a legendrgba box
void DrawLegend(const VisFigure& fig, const std::vector<LegendRow>& legend, const Axes& axes,
                RenderRect viewport, const RenderContext& con) {
  if (legend.empty()) return;
  int h = con.charHeight, h2 = h / 2, widest = 0;
  for (const LegendRow& row : legend) widest = std::max(widest, row.width);
  int box_height = static_cast<int>(legend.size()) * h + h2 + 1;
  DrawRectangle({axes.x1 - widest - h, axes.y1 - box_height, widest + h, box_height},
                fig.legendrgba[0], fig.legendrgba[1], fig.legendrgba[2], fig.legendrgba[3]);
  for (const LegendRow& row : legend) {
    DrawTextPixels(mjFONT_NORMAL, row.name, row.cell.left, row.cell.bottom,
                   fig.linergb + 3 * row.line, viewport, con);
  }
}
}  // namespace

void DrawFigure(RenderRect viewport, VisFigure& fig, const RenderContext& con) {
  std::string xformat = Text(fig.xformat, sizeof(fig.xformat));
  std::string yformat = Text(fig.yformat, sizeof(fig.yformat));
  for (const std::string* format : {&xformat, &yformat}) {
    if (!IsValueFormat(*format)) {
      throw FatalError("mjr_figure: tick format '" + *format + "' must hold one floating-point "
                       "conversion (such as %.2g)");
    }
  }
  // a context without fonts (made empty) draws the figure without text, laid out with a
  // character height of 0, as the reference does
  if (!gl.Begin || viewport.width <= 0 || viewport.height <= 0) return;
  Axes axes;
  axes.x = AxisRange(fig, 0);
  axes.y = AxisRange(fig, 1);
  std::vector<std::string> xlabels = TickLabels(xformat, axes.x, GridCount(fig.gridsize[0]));
  std::vector<std::string> ylabels = TickLabels(yformat, axes.y, GridCount(fig.gridsize[1]));
  std::string title = Text(fig.title, sizeof(fig.title));
  std::string xlabel = Text(fig.xlabel, sizeof(fig.xlabel));
  int h = con.charHeight, h2 = h / 2;
  int ytick_width = TextWidth(mjFONT_NORMAL, Text(fig.minwidth, sizeof(fig.minwidth)), con);
  for (const std::string& label : ylabels) {
    ytick_width = std::max(ytick_width, TextWidth(mjFONT_NORMAL, label, con));
  }
  axes.x0 = viewport.left + h2 + (fig.flg_ticklabel[1] ? ytick_width + h2 : 0);
  axes.x1 = viewport.left + viewport.width - h2 - 1;
  axes.y0 = viewport.bottom + h2 + (fig.flg_ticklabel[0] ? h + h2 : 0) +
            (xlabel.empty() ? 0 : h + h / 4);
  axes.y1 = viewport.bottom + viewport.height - h2 - 1 - (title.empty() ? 0 : h + h2);
  fig.xaxispixel[0] = axes.x0, fig.xaxispixel[1] = axes.x1;
  fig.yaxispixel[0] = axes.y0, fig.yaxispixel[1] = axes.y1;
  fig.xaxisdata[0] = static_cast<float>(axes.x.low), fig.xaxisdata[1] = static_cast<float>(axes.x.high);
  fig.yaxisdata[0] = static_cast<float>(axes.y.low), fig.yaxisdata[1] = static_cast<float>(axes.y.high);

  const float* f = fig.figurergba;
  DrawRectangle(viewport, f[0], f[1], f[2], f[3]);
  if (axes.x1 <= axes.x0 || axes.y1 <= axes.y0) return;  // no room for the pane
  const float* p = fig.panergba;
  DrawRectangle({axes.x0, axes.y0, axes.x1 - axes.x0 + 1, axes.y1 - axes.y0 + 1}, p[0], p[1], p[2], p[3]);
  DrawGrid(fig, axes, viewport);
  std::vector<LegendRow> legend = fig.flg_legend ? LegendRows(fig, axes, con) : std::vector<LegendRow>();
  DrawLines(fig, axes, HighlightedLine(fig, legend));
  DrawTicks(fig, axes, xlabels, ylabels, viewport, con);
  int centre = (axes.x0 + axes.x1) / 2;
  if (!title.empty()) {
    DrawTextPixels(mjFONT_NORMAL, title, centre - TextWidth(mjFONT_NORMAL, title, con) / 2,
                   axes.y1 + h2 + 1, fig.textrgb, viewport, con);
  }
  if (!xlabel.empty()) {
    DrawTextPixels(mjFONT_NORMAL, xlabel, centre - TextWidth(mjFONT_NORMAL, xlabel, con) / 2,
                   viewport.bottom + h2, fig.textrgb, viewport, con);
  }
  DrawLegend(fig, legend, axes, viewport, con);
}

}  // namespace mjsim
