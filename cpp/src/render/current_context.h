// current_context.h: the entry-point lookup of the GL context current on this thread: one of
// ours (gl_context.cc) or one a client made with its own library; null when there is none.
#pragma once
#include "render/gl_api.h"

namespace mjsim {
glapi::ProcLookup CurrentProcLookup();
}  // namespace mjsim
