// overlay_text.h: text in window pixels within render/ (overlay.cc), for the figures and labels
#pragma once
#include <string>

#include "mjsim/render.h"

namespace mjsim {
// the cell height of `font` (mjFONT_BIG's or the normal one's)
int FontHeight(int font, const RenderContext& con);
// `txt` with its first cell's bottom left corner at window pixel (x, y) of `area`, in rgb (GL
// draws no text whose start lies outside the viewport, here `area`)
void DrawTextPixels(int font, const std::string& txt, int x, int y, const float rgb[3],
                    RenderRect area, const RenderContext& con);
// a geom's label: `txt` at the raster position of world point `pos` under the current
// projection and modelview, white over its black outline
void DrawText3D(const float pos[3], const std::string& txt, const RenderContext& con);
// viewport `area`, with a projection in which (x, y) is window pixel (x, y)
void PixelProjection(RenderRect area);
}  // namespace mjsim
