// figure.cc: mjv_defaultFigure. The first eight lines have fixed colours; the others take each
// channel from a van der Corput sequence (bases 2, 3 and 5), mapped into [0.1, 0.9] (measured
// on mujoco 3.3.7, to the float's last bit on half of them).
#include <cstring>

#include "mjsim/vis.h"

namespace mjsim {
namespace {

double VanDerCorput(int index, int base) {
  double value = 0, scale = 1.0 / base;
  for (; index > 0; index /= base, scale /= base) value += (index % base) * scale;
  return value;
}

void SetText(char* out, size_t size, const char* text) {
  std::memset(out, 0, size);
  std::strncpy(out, text, size - 1);
}

}  // namespace

void DefaultFigure(VisFigure& fig) {
  std::memset(&fig, 0, sizeof(fig));
  fig.flg_legend = 1;
  fig.flg_ticklabel[0] = fig.flg_ticklabel[1] = 1;
  fig.flg_extend = 1;
  fig.linewidth = 3;
  fig.gridwidth = 1;
  fig.gridsize[0] = fig.gridsize[1] = 2;
  for (float& c : fig.gridrgb) c = 0.4f;
  fig.figurergba[3] = 1;
  fig.panergba[3] = 1;
  fig.legendrgba[3] = 0.3f;
  for (float& c : fig.textrgb) c = 1;
  const float fixed[8][3] = {{1, 0.3f, 0.3f}, {0.1f, 1, 0.1f}, {0.3f, 0.3f, 1}, {0.1f, 1, 1},
                             {1, 0.2f, 1},    {1, 1, 0.1f},    {1, 0.6f, 0.2f}, {0.6f, 0.7f, 0.4f}};
  const int bases[3] = {2, 3, 5};
  for (int line = 0; line < mjMAXLINE; ++line) {
    for (int c = 0; c < 3; ++c) {
      fig.linergb[3 * line + c] =
          line < 8 ? fixed[line][c] : static_cast<float>(0.1 + 0.8 * VanDerCorput(line, bases[c]));
    }
  }
  fig.range[1] = fig.range[3] = 1;  // [[0, 1], [0, 1]]
  SetText(fig.xformat, sizeof(fig.xformat), "%.0f");
  SetText(fig.yformat, sizeof(fig.yformat), "%.2g");
  SetText(fig.minwidth, sizeof(fig.minwidth), "XXX");
  fig.highlightid = -1;
}

}  // namespace mjsim
