// fonts.h: the fonts' display lists within render/ (fonts.cc)
#pragma once
#include "mjsim/render.h"

namespace mjsim {
// the font scale mjr_makeContext gives a context asked for `fontscale` (any number)
int ContextFontScale(int fontscale);
// the three fonts' lists at `fontscale` (50 to 300 in steps of 50), replacing the context's;
// GL must be loaded
void MakeFontLists(int fontscale, RenderContext& con);
void FreeFontLists(RenderContext& con);
// GL entry points from the current context (context.cc); throws FatalError without one
void LoadGLFromCurrentContext();
}  // namespace mjsim
