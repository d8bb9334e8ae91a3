// gl_loader.cc: the GL entry points of MJSIM_GL_FUNCTIONS looked up in the current context's
// driver, one table expanded from the list.
#include "render/gl_api.h"

namespace mjsim::glapi {

Api gl;

bool LoadApi(ProcLookup lookup, std::string* missing) {
  Api loaded;
#define MJSIM_X(ret, name, params)                                                       \
  loaded.name = reinterpret_cast<ret(MJSIM_GLAPI*) params>(lookup("gl" #name));         \
  if (loaded.name == nullptr) {                                                          \
    if (missing) *missing = "gl" #name;                                                  \
    return false;                                                                        \
  }
  MJSIM_GL_FUNCTIONS(MJSIM_X)
#undef MJSIM_X
  gl = loaded;
  return true;
}

}  // namespace mjsim::glapi
