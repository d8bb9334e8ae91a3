// gl_context.cc: headless GL contexts (OSMesa, EGL, GLFW), each from a shared library opened at
// run time, and the entry-point lookup of whichever context is current (also one a client made
// itself, as dm_control and PyOpenGL users do: its library is found among those the process has
// loaded).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

#include "mjsim/render.h"
#include "render/current_context.h"

#if defined(_WIN32)
#include <windows.h>
#else
#include <dlfcn.h>
#endif

namespace mjsim {
namespace {

// ---- shared libraries ---------------------------------------------------------------------
void* OpenLibrary(const std::string& name, bool already_loaded_only) {
#if defined(_WIN32)
  return already_loaded_only ? reinterpret_cast<void*>(GetModuleHandleA(name.c_str()))
                             : reinterpret_cast<void*>(LoadLibraryA(name.c_str()));
#else
  int flags = RTLD_NOW | RTLD_LOCAL | (already_loaded_only ? RTLD_NOLOAD : 0);
  return dlopen(name.c_str(), flags);
#endif
}

void* Symbol(void* library, const char* name) {
#if defined(_WIN32)
  return reinterpret_cast<void*>(GetProcAddress(static_cast<HMODULE>(library), name));
#else
  return dlsym(library, name);
#endif
}

std::string LastLibraryError() {
#if defined(_WIN32)
  return "error " + std::to_string(GetLastError());
#else
  const char* text = dlerror();
  return text ? text : "unknown error";
#endif
}

std::string Joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

// the first of `names` that opens (`library` instead, when given); `opened` says which
void* OpenFirst(const std::string& backend, const std::string& library,
                const std::vector<std::string>& names, const char* package, std::string& opened) {
  std::vector<std::string> candidates = library.empty() ? names : std::vector<std::string>{library};
  std::string errors;
  for (const std::string& name : candidates) {
    if (void* handle = OpenLibrary(name, false)) {
      opened = name;
      return handle;
    }
    errors += "\n  " + LastLibraryError();
  }
  throw RenderError("MUJOCO_GL=" + backend + ": cannot load the GL library (looked for " +
                    Joined(candidates) + "):" + errors + "\nInstall it (" + package +
                    ") or choose another backend with the environment variable MUJOCO_GL.");
}

template <typename F>
F Function(void* library, const char* name, const std::string& backend,
           const std::string& library_name) {
  void* pointer = Symbol(library, name);
  if (!pointer) {
    throw RenderError("MUJOCO_GL=" + backend + ": " + library_name + " has no " + name);
  }
  return reinterpret_cast<F>(pointer);
}

// the lookup of the context last made current by MakeCurrent (null: none of ours)
glapi::ProcLookup current_lookup = nullptr;

// ---- OSMesa -------------------------------------------------------------------------------
constexpr unsigned kOSMesaRGBA = 0x1908, kUnsignedByte = 0x1401;
struct OSMesaLibrary {
  void* (*CreateContextExt)(unsigned format, int depth, int stencil, int accum, void* share);
  unsigned char (*MakeCurrent)(void* context, void* buffer, unsigned type, int w, int h);
  void (*DestroyContext)(void* context);
  void* (*GetProcAddress)(const char* name);
};
OSMesaLibrary osmesa;
void* OSMesaLookup(const char* name) { return osmesa.GetProcAddress(name); }

class OSMesaContext : public GLContext {
 public:
  OSMesaContext(int width, int height, const std::string& library)
      : width_(width), height_(height), buffer_(static_cast<size_t>(width) * height * 4) {
    std::string opened;
    void* handle = OpenFirst("osmesa", library, {"libOSMesa.so.8", "libOSMesa.so.6",
                             "libOSMesa.so"}, "Debian: libosmesa6", opened);
    osmesa = {Function<decltype(osmesa.CreateContextExt)>(handle, "OSMesaCreateContextExt", "osmesa", opened),
              Function<decltype(osmesa.MakeCurrent)>(handle, "OSMesaMakeCurrent", "osmesa", opened),
              Function<decltype(osmesa.DestroyContext)>(handle, "OSMesaDestroyContext", "osmesa", opened),
              Function<decltype(osmesa.GetProcAddress)>(handle, "OSMesaGetProcAddress", "osmesa", opened)};
    // 24 depth bits, 8 stencil bits, no accumulation buffer
    context_ = osmesa.CreateContextExt(kOSMesaRGBA, 24, 8, 0, nullptr);
    if (!context_) throw RenderError("MUJOCO_GL=osmesa: OSMesaCreateContextExt failed (" + opened + ")");
  }
  ~OSMesaContext() override { Free(); }
  void MakeCurrent() override {
    if (!context_) throw RenderError("the GL context has been freed");
    if (!osmesa.MakeCurrent(context_, buffer_.data(), kUnsignedByte, width_, height_)) {
      throw RenderError("MUJOCO_GL=osmesa: OSMesaMakeCurrent failed");
    }
    current_lookup = OSMesaLookup;
  }
  void Free() override {
    if (!context_) return;
    osmesa.DestroyContext(context_);
    context_ = nullptr;
    if (current_lookup == OSMesaLookup) current_lookup = nullptr;
  }
  bool freed() const override { return context_ == nullptr; }

 private:
  int width_, height_;
  std::vector<unsigned char> buffer_;  // the default framebuffer's colour
  void* context_ = nullptr;
};

// ---- EGL ----------------------------------------------------------------------------------
using EGLint = int;
constexpr EGLint kEGL_NONE = 0x3038, kEGL_SURFACE_TYPE = 0x3033, kEGL_PBUFFER_BIT = 0x0001,
                 kEGL_RED = 0x3024, kEGL_GREEN = 0x3023, kEGL_BLUE = 0x3022, kEGL_ALPHA = 0x3021,
                 kEGL_DEPTH = 0x3025, kEGL_STENCIL = 0x3026, kEGL_RENDERABLE_TYPE = 0x3040,
                 kEGL_OPENGL_BIT = 0x0008, kEGL_WIDTH = 0x3057, kEGL_HEIGHT = 0x3056;
constexpr unsigned kEGL_OPENGL_API = 0x30A2, kEGL_PLATFORM_DEVICE = 0x313F;
struct EGLLibrary {
  void* (*GetProcAddress)(const char* name);
  unsigned (*Initialize)(void* display, EGLint* major, EGLint* minor);
  unsigned (*ChooseConfig)(void* display, const EGLint* attributes, void** configs, EGLint size,
                           EGLint* count);
  unsigned (*BindAPI)(unsigned api);
  void* (*CreatePbufferSurface)(void* display, void* config, const EGLint* attributes);
  void* (*CreateContext)(void* display, void* config, void* share, const EGLint* attributes);
  unsigned (*MakeCurrent)(void* display, void* draw, void* read, void* context);
  unsigned (*DestroyContext)(void* display, void* context);
  unsigned (*DestroySurface)(void* display, void* surface);
  EGLint (*GetError)();
};
EGLLibrary egl;
void* gl_library_for_egl = nullptr;  // GL 1.x entry points some EGL drivers do not hand out
void* EGLLookup(const char* name) {
  void* pointer = egl.GetProcAddress(name);
  if (!pointer && gl_library_for_egl) pointer = Symbol(gl_library_for_egl, name);
  return pointer;
}

std::string EGLErrorText() {
  char text[32];
  std::snprintf(text, sizeof(text), "EGL error 0x%04X", egl.GetError());
  return text;
}

// an initialised display of the EGL devices (MUJOCO_EGL_DEVICE_ID picks one), as the reference
// opens EGL: through the device platform, with no window system
void* InitializedDeviceDisplay(const std::string& opened) {
  using QueryDevices = unsigned (*)(EGLint max, void** devices, EGLint* count);
  using PlatformDisplay = void* (*)(unsigned platform, void* native, const EGLint* attributes);
  auto query = reinterpret_cast<QueryDevices>(egl.GetProcAddress("eglQueryDevicesEXT"));
  auto platform = reinterpret_cast<PlatformDisplay>(egl.GetProcAddress("eglGetPlatformDisplayEXT"));
  if (!query || !platform) {
    throw RenderError("MUJOCO_GL=egl: " + opened + " lacks EGL_EXT_device_enumeration or "
                      "EGL_EXT_platform_device");
  }
  void* devices[32];
  EGLint count = 0;
  if (!query(32, devices, &count)) count = 0;
  int first = 0, last = count;
  if (const char* chosen = std::getenv("MUJOCO_EGL_DEVICE_ID")) {
    first = std::atoi(chosen);
    if (first < 0 || first >= count) {
      throw RenderError("MUJOCO_EGL_DEVICE_ID must be an integer between 0 and " +
                        std::to_string(count - 1) + " (inclusive), got " + chosen);
    }
    last = first + 1;
  }
  for (int i = first; i < last; ++i) {
    void* display = platform(kEGL_PLATFORM_DEVICE, devices[i], nullptr);
    EGLint major, minor;
    if (display && egl.Initialize(display, &major, &minor)) return display;
  }
  throw RenderError("MUJOCO_GL=egl: none of the " + std::to_string(count) + " EGL devices of " +
                    opened + " could be initialised (" + EGLErrorText() + "); with no GPU, "
                    "MUJOCO_GL=osmesa renders in software");
}

template <typename F>
F EGLFunction(void* handle, const char* name, const std::string& opened) {
  return Function<F>(handle, name, "egl", opened);
}

class EGLContext : public GLContext {
 public:
  EGLContext(int width, int height, const std::string& library) {
    std::string opened;
    void* handle = OpenFirst("egl", library, {"libEGL.so.1", "libEGL.so"},
                             "Debian: libegl1 libegl-mesa0", opened);
    LoadFunctions(handle, opened);
    display_ = InitializedDeviceDisplay(opened);
    const EGLint config_attributes[] = {
        kEGL_RED, 8, kEGL_GREEN, 8, kEGL_BLUE, 8, kEGL_ALPHA, 8, kEGL_DEPTH, 24, kEGL_STENCIL, 8,
        kEGL_SURFACE_TYPE, kEGL_PBUFFER_BIT, kEGL_RENDERABLE_TYPE, kEGL_OPENGL_BIT, kEGL_NONE};
    void* config = nullptr;
    EGLint count = 0;
    if (!egl.ChooseConfig(display_, config_attributes, &config, 1, &count) || count < 1) {
      throw RenderError("MUJOCO_GL=egl: no RGBA8 / depth 24 / stencil 8 config (" + EGLErrorText() + ")");
    }
    const EGLint surface_attributes[] = {kEGL_WIDTH, width, kEGL_HEIGHT, height, kEGL_NONE};
    surface_ = egl.CreatePbufferSurface(display_, config, surface_attributes);
    if (!egl.BindAPI(kEGL_OPENGL_API)) throw RenderError("MUJOCO_GL=egl: eglBindAPI(OpenGL) failed");
    context_ = egl.CreateContext(display_, config, nullptr, nullptr);
    if (!context_ || !surface_) throw RenderError("MUJOCO_GL=egl: eglCreateContext failed (" + EGLErrorText() + ")");
  }
  ~EGLContext() override { Free(); }
  void MakeCurrent() override {
    if (!context_) throw RenderError("the GL context has been freed");
    if (!egl.MakeCurrent(display_, surface_, surface_, context_)) {
      throw RenderError("MUJOCO_GL=egl: eglMakeCurrent failed (" + EGLErrorText() + ")");
    }
    current_lookup = EGLLookup;
  }
  void Free() override {
    if (!context_) return;
    egl.MakeCurrent(display_, nullptr, nullptr, nullptr);
    egl.DestroyContext(display_, context_);
    if (surface_) egl.DestroySurface(display_, surface_);
    context_ = surface_ = nullptr;
    if (current_lookup == EGLLookup) current_lookup = nullptr;
  }
  bool freed() const override { return context_ == nullptr; }

 private:
  void LoadFunctions(void* handle, const std::string& opened) {
    egl.GetProcAddress = EGLFunction<decltype(egl.GetProcAddress)>(handle, "eglGetProcAddress", opened);
    egl.Initialize = EGLFunction<decltype(egl.Initialize)>(handle, "eglInitialize", opened);
    egl.ChooseConfig = EGLFunction<decltype(egl.ChooseConfig)>(handle, "eglChooseConfig", opened);
    egl.BindAPI = EGLFunction<decltype(egl.BindAPI)>(handle, "eglBindAPI", opened);
    egl.CreatePbufferSurface =
        EGLFunction<decltype(egl.CreatePbufferSurface)>(handle, "eglCreatePbufferSurface", opened);
    egl.CreateContext = EGLFunction<decltype(egl.CreateContext)>(handle, "eglCreateContext", opened);
    egl.MakeCurrent = EGLFunction<decltype(egl.MakeCurrent)>(handle, "eglMakeCurrent", opened);
    egl.DestroyContext = EGLFunction<decltype(egl.DestroyContext)>(handle, "eglDestroyContext", opened);
    egl.DestroySurface = EGLFunction<decltype(egl.DestroySurface)>(handle, "eglDestroySurface", opened);
    egl.GetError = EGLFunction<decltype(egl.GetError)>(handle, "eglGetError", opened);
    for (const char* name : {"libOpenGL.so.0", "libGL.so.1"}) {
      if ((gl_library_for_egl = OpenLibrary(name, false))) break;
    }
  }
  void* display_ = nullptr;
  void* surface_ = nullptr;
  void* context_ = nullptr;
};

// ---- GLFW (a hidden window) ---------------------------------------------------------------
constexpr int kGLFW_VISIBLE = 0x00020004;
struct GLFWLibrary {
  int (*Init)();
  void (*WindowHint)(int hint, int value);
  void* (*CreateWindow)(int width, int height, const char* title, void* monitor, void* share);
  void (*MakeContextCurrent)(void* window);
  void (*DestroyWindow)(void* window);
  void* (*GetProcAddress)(const char* name);
};
GLFWLibrary glfw;
void* GLFWLookup(const char* name) { return glfw.GetProcAddress(name); }

template <typename F>
F GLFWFunction(void* handle, const char* name, const std::string& opened) {
  return Function<F>(handle, name, "glfw", opened);
}

class GLFWContext : public GLContext {
 public:
  GLFWContext(int width, int height, const std::string& library) {
    std::string opened;
    void* handle = OpenFirst("glfw", library, {"libglfw.so.3", "libglfw.so", "glfw3.dll",
                             "libglfw.3.dylib"}, "Debian: libglfw3, or pip install glfw", opened);
    glfw = {GLFWFunction<decltype(glfw.Init)>(handle, "glfwInit", opened),
            GLFWFunction<decltype(glfw.WindowHint)>(handle, "glfwWindowHint", opened),
            GLFWFunction<decltype(glfw.CreateWindow)>(handle, "glfwCreateWindow", opened),
            GLFWFunction<decltype(glfw.MakeContextCurrent)>(handle, "glfwMakeContextCurrent", opened),
            GLFWFunction<decltype(glfw.DestroyWindow)>(handle, "glfwDestroyWindow", opened),
            GLFWFunction<decltype(glfw.GetProcAddress)>(handle, "glfwGetProcAddress", opened)};
    if (!glfw.Init()) {
      throw RenderError("MUJOCO_GL=glfw: glfwInit failed (" + opened + "): no display? "
                        "Headless machines render with MUJOCO_GL=egl or MUJOCO_GL=osmesa");
    }
    glfw.WindowHint(kGLFW_VISIBLE, 0);
    window_ = glfw.CreateWindow(width, height, "mjsim", nullptr, nullptr);
    if (!window_) throw RenderError("MUJOCO_GL=glfw: glfwCreateWindow failed (" + opened + ")");
  }
  ~GLFWContext() override { Free(); }
  void MakeCurrent() override {
    if (!window_) throw RenderError("the GL context has been freed");
    glfw.MakeContextCurrent(window_);
    current_lookup = GLFWLookup;
  }
  void Free() override {
    if (!window_) return;
    glfw.DestroyWindow(window_);
    window_ = nullptr;
    if (current_lookup == GLFWLookup) current_lookup = nullptr;
  }
  bool freed() const override { return window_ == nullptr; }

 private:
  void* window_ = nullptr;
};

// ---- a context made current by someone else -------------------------------------------------
void* foreign_getproc_library = nullptr;
void* (*foreign_getproc)(const char*) = nullptr;
void* ForeignLookup(const char* name) {
  void* pointer = foreign_getproc(name);
  return pointer ? pointer : Symbol(foreign_getproc_library, name);
}

// (library, function telling the current context, its GetProcAddress)
struct KnownLibrary {
  const char* library;
  const char* current;
  const char* getproc;
};
constexpr KnownLibrary kKnownLibraries[] = {
    {"libOSMesa.so.8", "OSMesaGetCurrentContext", "OSMesaGetProcAddress"},
    {"libOSMesa.so.6", "OSMesaGetCurrentContext", "OSMesaGetProcAddress"},
    {"libEGL.so.1", "eglGetCurrentContext", "eglGetProcAddress"},
    {"libGLX.so.0", "glXGetCurrentContext", "glXGetProcAddress"},
    {"libGL.so.1", "glXGetCurrentContext", "glXGetProcAddress"},
};

glapi::ProcLookup ForeignCurrentLookup() {
  for (const KnownLibrary& known : kKnownLibraries) {
    void* handle = OpenLibrary(known.library, true);
    if (!handle) continue;
    auto current = reinterpret_cast<void* (*)()>(Symbol(handle, known.current));
    auto getproc = reinterpret_cast<void* (*)(const char*)>(Symbol(handle, known.getproc));
    if (current && getproc && current()) {
      foreign_getproc_library = handle;
      foreign_getproc = getproc;
      return ForeignLookup;
    }
  }
  return nullptr;
}

}  // namespace

glapi::ProcLookup CurrentProcLookup() {
  return current_lookup ? current_lookup : ForeignCurrentLookup();
}

std::unique_ptr<GLContext> CreateGLContext(const std::string& backend, int width, int height,
                                           const std::string& library) {
  if (width <= 0 || height <= 0) {
    throw RenderError("GLContext: max_width and max_height must be positive, got " +
                      std::to_string(width) + " x " + std::to_string(height));
  }
  if (backend == "osmesa") return std::make_unique<OSMesaContext>(width, height, library);
  if (backend == "egl") return std::make_unique<EGLContext>(width, height, library);
  if (backend == "glfw") return std::make_unique<GLFWContext>(width, height, library);
  throw RenderError("invalid value for environment variable MUJOCO_GL: " + backend +
                    " (expected osmesa, egl or glfw)");
}

}  // namespace mjsim
