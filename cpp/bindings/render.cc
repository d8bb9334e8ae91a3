// render.cc: the renderer in Python (mjsim/render.h): the headless GL context class the
// mjsim.osmesa / egl / glfw modules wrap, MjrRect, MjrContext and the mjr_ functions.
#include <algorithm>
#include <cstring>
#include <vector>
#include <memory>
#include <string>

#include "bindings.h"
#include "mjsim/errors.h"
#include "mjsim/render.h"
#include "mjsim/vis.h"
#include "structs.h"

namespace mjsim {
namespace {

using ContextHandle = std::shared_ptr<RenderContext>;

void BindGLContext(py::module_& module) {
  py::class_<GLContext>(module, "_GLContext",
                        "A headless OpenGL context (the backend of mjsim.GLContext).")
      .def(py::init([](const std::string& backend, int width, int height,
                       const std::string& library) {
             return CreateGLContext(backend, width, height, library);
           }),
           py::arg("backend"), py::arg("max_width"), py::arg("max_height"),
           py::arg("library") = "")
      .def("make_current", &GLContext::MakeCurrent, "Makes the context current on this thread.")
      .def("free", &GLContext::Free, "Releases the context.")
      .def_property_readonly("freed", &GLContext::freed);
}

void BindRect(py::module_& module) {
  py::class_<RenderRect>(module, "MjrRect", "A rectangle of pixels (left, bottom, width, height).")
      .def(py::init([](int left, int bottom, int width, int height) {
             return RenderRect{left, bottom, width, height};
           }),
           py::arg("left"), py::arg("bottom"), py::arg("width"), py::arg("height"))
      .def_readwrite("left", &RenderRect::left)
      .def_readwrite("bottom", &RenderRect::bottom)
      .def_readwrite("width", &RenderRect::width)
      .def_readwrite("height", &RenderRect::height)
      .def("__copy__", [](const RenderRect& self) { return self; })
      .def("__deepcopy__", [](const RenderRect& self, py::dict) { return self; })
      .def("__eq__", [](const RenderRect& a, const RenderRect& b) {
        return a.left == b.left && a.bottom == b.bottom && a.width == b.width &&
               a.height == b.height;
      })
      .def("__repr__", [](const RenderRect& r) {
        return "<MjrRect\n  bottom: " + std::to_string(r.bottom) + "\n  height: " +
               std::to_string(r.height) + "\n  left: " + std::to_string(r.left) +
               "\n  width: " + std::to_string(r.width) + "\n>";
      });
}

// a number member as a Python number, an array member as a NumPy view
template <typename E, size_t count>
py::object ContextMember(E (&values)[count], const ContextHandle& owner) {
  return MakeView(values, static_cast<int>(count), 1, "1", ViewBase(owner));
}
template <typename E>
py::object ContextMember(E& value, const ContextHandle&) {
  return py::cast(value);
}

// the reference holds GL buffer names per skin here; mjsim keeps no skin buffers (it draws each
// frame's skin vertices from the scene), so the tuples are empty
py::tuple SkinBuffers(const RenderContext&) { return py::tuple(0); }

void BindContext(py::module_& module) {
  py::class_<RenderContext, ContextHandle> cls(module, "MjrContext",
                                               "The GL resources of a model (mjr_makeContext).");
  cls.def(py::init([] { return std::make_shared<RenderContext>(); }));
  cls.def(py::init([](const PyModel& model, int fontscale) {
            auto con = std::make_shared<RenderContext>();
            MakeRenderContext(*model.model, *con, fontscale);
            return con;
          }),
          py::arg("model"), py::arg("fontscale"));
  cls.def("free", [](RenderContext& con) { FreeRenderContext(con); },
          "Frees the context's GL resources.");
#define MJSIM_X(type, name, count, doc)                                                 \
  cls.def_property_readonly(#name, [](const ContextHandle& self) {                     \
    return ContextMember(self->name, self);                                             \
  }, doc);
  MJSIM_RENDER_CONTEXT_MEMBERS(MJSIM_X)
#undef MJSIM_X
  // what mjr_readPixels reads: clients set these (Renderer reads the reversed depth)
  cls.def_property("readDepthMap", [](const RenderContext& con) { return con.readDepthMap; },
                   [](RenderContext& con, int map) {
                     if (map != mjDEPTH_ZERONEAR && map != mjDEPTH_ZEROFAR) {
                       throw py::value_error("readDepthMap must be mjDEPTH_ZERONEAR (0) or "
                                             "mjDEPTH_ZEROFAR (1), got " + std::to_string(map));
                     }
                     con.readDepthMap = map;
                   }, "mjtDepthMap of depth reads");
  for (const char* name : {"skinvertVBO", "skinnormalVBO", "skintexcoordVBO", "skinfaceVBO"}) {
    cls.def_property_readonly(name, [](const RenderContext& con) { return SkinBuffers(con); });
  }
}

const RenderContext& Initialized(const RenderContext& con, const char* function) {
  if (!con.glInitialized) {
    throw FatalError(std::string(function) + ": the MjrContext has been freed (or was made "
                     "without a model)");
  }
  return con;
}

// a writable C-contiguous array of `dtype` with at least `needed` elements, or null for None
template <typename T>
T* PixelsOut(const py::object& array, size_t needed, const char* name) {
  if (array.is_none()) return nullptr;
  if (!py::isinstance<py::array_t<T>>(array)) {
    throw py::type_error(std::string("mjr_readPixels: ") + name + " must be a NumPy array of " +
                         py::str(py::dtype::of<T>()).cast<std::string>());
  }
  auto values = array.cast<py::array>();
  if (!values.writeable() || !(values.flags() & py::array::c_style) ||
      !values.dtype().is(py::dtype::of<T>())) {
    throw py::type_error(std::string("mjr_readPixels: ") + name +
                         " must be a writable C-contiguous array of " +
                         py::str(py::dtype::of<T>()).cast<std::string>());
  }
  if (static_cast<size_t>(values.size()) < needed) {
    throw py::value_error(std::string("mjr_readPixels: ") + name + " has " +
                          std::to_string(values.size()) + " elements; the viewport needs " +
                          std::to_string(needed));
  }
  return static_cast<T*>(values.mutable_data());
}

void BindFunctions(py::module_& module) {
  module.def("mjr_setBuffer", [](int framebuffer, RenderContext& con) {
    Initialized(con, "mjr_setBuffer");
    SetBuffer(framebuffer, con);
  }, py::arg("framebuffer"), py::arg("con"), "Draws into the window or the offscreen buffer.");
  module.def("mjr_restoreBuffer", [](const RenderContext& con) { RestoreBuffer(con); },
             py::arg("con"), "Binds the context's current buffer again.");
  module.def("mjr_maxViewport", [](const RenderContext& con) { return MaxViewport(con); },
             py::arg("con"), "The whole of the current buffer.");
  module.def("mjr_readPixels", [](py::object rgb, py::object depth, RenderRect viewport,
                                  const RenderContext& con) {
    Initialized(con, "mjr_readPixels");
    if (viewport.width < 0 || viewport.height < 0) {
      throw py::value_error("mjr_readPixels: viewport width and height must be non-negative");
    }
    size_t pixels = static_cast<size_t>(viewport.width) * viewport.height;
    unsigned char* rgb_out = PixelsOut<unsigned char>(rgb, 3 * pixels, "rgb");
    float* depth_out = PixelsOut<float>(depth, pixels, "depth");
    py::gil_scoped_release release;
    ReadPixels(rgb_out, depth_out, viewport, con);
  }, py::arg("rgb").none(true), py::arg("depth").none(true), py::arg("viewport"), py::arg("con"),
     "Reads colour (uint8 rgb) and depth (float32 in [0, 1]) of the viewport, bottom row first.");
  module.def("mjr_rectangle", [](RenderRect viewport, float r, float g, float b, float a) {
    DrawRectangle(viewport, r, g, b, a);
  }, py::arg("viewport"), py::arg("r"), py::arg("g"), py::arg("b"), py::arg("a"),
     "Fills the viewport with a colour.");
  module.def("mjr_finish", [] { FinishRendering(); }, "Waits for the GL to finish.");
  module.def("mjr_getError", [] { return GetRenderError(); }, "The GL error code (glGetError).");
  module.def("mjr_resizeOffscreen", [](int width, int height, RenderContext& con) {
    Initialized(con, "mjr_resizeOffscreen");
    if (width < 1 || height < 1) {
      throw py::value_error("mjr_resizeOffscreen: width and height must be positive, got " +
                            std::to_string(width) + " x " + std::to_string(height));
    }
    ResizeOffscreen(width, height, con);
  }, py::arg("width"), py::arg("height"), py::arg("con"), "A new offscreen buffer size.");
  module.def("mjr_uploadMesh", [](const PyModel& m, RenderContext& con, int meshid) {
    UploadMesh(*m.model, con, meshid);
  }, py::arg("m"), py::arg("con"), py::arg("meshid"), "Uploads one mesh again.");
  module.def("mjr_uploadHField", [](const PyModel& m, RenderContext& con, int hfieldid) {
    UploadHField(*m.model, con, hfieldid);
  }, py::arg("m"), py::arg("con"), py::arg("hfieldid"), "Uploads one height field again.");
  module.def("mjr_uploadTexture", [](const PyModel& m, RenderContext& con, int texid) {
    Initialized(con, "mjr_uploadTexture");
    UploadTexture(*m.model, con, texid);
  }, py::arg("m"), py::arg("con"), py::arg("texid"), "Uploads one texture again.");
  module.def("mjr_drawPixels", [](py::object rgb, py::object depth, RenderRect viewport,
                                  const RenderContext& con) {
    Initialized(con, "mjr_drawPixels");
    size_t pixels = static_cast<size_t>(std::max(viewport.width, 0)) * std::max(viewport.height, 0);
    py::array_t<unsigned char, py::array::c_style | py::array::forcecast> rgb_in;
    py::array_t<float, py::array::c_style | py::array::forcecast> depth_in;
    if (!rgb.is_none()) rgb_in = rgb;
    if (!depth.is_none()) depth_in = depth;
    if (!rgb.is_none() && static_cast<size_t>(rgb_in.size()) < 3 * pixels) {
      throw py::value_error("mjr_drawPixels: rgb has " + std::to_string(rgb_in.size()) +
                            " elements; the viewport needs " + std::to_string(3 * pixels));
    }
    if (!depth.is_none() && static_cast<size_t>(depth_in.size()) < pixels) {
      throw py::value_error("mjr_drawPixels: depth has " + std::to_string(depth_in.size()) +
                            " elements; the viewport needs " + std::to_string(pixels));
    }
    DrawPixels(rgb.is_none() ? nullptr : rgb_in.data(), depth.is_none() ? nullptr : depth_in.data(),
               viewport, con);
  }, py::arg("rgb").none(true), py::arg("depth").none(true), py::arg("viewport"), py::arg("con"),
     "Draws colour and depth pixels into the viewport, bottom row first.");
  module.def("mjr_blitBuffer", [](RenderRect src, RenderRect dst, int flg_color, int flg_depth,
                                  const RenderContext& con) {
    Initialized(con, "mjr_blitBuffer");
    BlitBuffer(src, dst, flg_color != 0, flg_depth != 0, con);
  }, py::arg("src"), py::arg("dst"), py::arg("flg_color"), py::arg("flg_depth"), py::arg("con"),
     "Copies a rectangle of the current buffer into the other buffer.");
  module.def("mjr_addAux", [](int index, int width, int height, int samples, RenderContext& con) {
    AddAux(index, width, height, samples, con);
  }, py::arg("index"), py::arg("width"), py::arg("height"), py::arg("samples"), py::arg("con"),
     "Makes auxiliary buffer `index`.");
  module.def("mjr_setAux", [](int index, const RenderContext& con) { SetAux(index, con); },
             py::arg("index"), py::arg("con"), "Draws into auxiliary buffer `index`.");
  module.def("mjr_blitAux", [](int index, RenderRect src, int left, int bottom,
                               const RenderContext& con) {
    BlitAux(index, src, left, bottom, con);
  }, py::arg("index"), py::arg("src"), py::arg("left"), py::arg("bottom"), py::arg("con"),
     "Copies a rectangle of auxiliary buffer `index` into the current buffer.");
  module.def("mjr_findRect", [](int x, int y, int nrect, py::object rect) {
    std::vector<RenderRect> rects;
    if (py::isinstance<RenderRect>(rect)) {
      rects.push_back(rect.cast<RenderRect>());
    } else {
      rects = rect.cast<std::vector<RenderRect>>();
    }
    if (nrect > static_cast<int>(rects.size())) {
      throw py::value_error("mjr_findRect: nrect " + std::to_string(nrect) + " > the " +
                            std::to_string(rects.size()) + " rectangles given");
    }
    return FindRect(x, y, nrect, rects.data());
  }, py::arg("x"), py::arg("y"), py::arg("nrect"), py::arg("rect"),
     "The index of the first of nrect rectangles holding (x, y), or -1.");
  module.def("mjr_changeFont", [](int fontscale, RenderContext& con) {
    ChangeFont(fontscale, con);
  }, py::arg("fontscale"), py::arg("con"), "Remakes the context's three fonts at another mjtFontScale (50 to 300).");
  module.def("mjr_text", [](int font, const std::string& txt, const RenderContext& con, float x,
                            float y, float r, float g, float b) {
    DrawText(font, txt, con, x, y, r, g, b);
  }, py::arg("font"), py::arg("txt"), py::arg("con"), py::arg("x"), py::arg("y"), py::arg("r"),
     py::arg("g"), py::arg("b"), "Writes txt in an mjtFont with its first cell's corner at (x, y), fractions of the "
     "current viewport.");
  module.def("mjr_overlay", [](int font, int gridpos, RenderRect viewport,
                               const std::string& overlay, const std::string& overlay2,
                               const RenderContext& con) {
    // the reference darkens the whole viewport and draws the text somewhere for these
    if (gridpos < mjGRID_TOPLEFT || gridpos > mjGRID_RIGHT) {
      throw py::value_error("mjr_overlay: gridpos must be an mjtGridPos (0 to 7), got " +
                            std::to_string(gridpos));
    }
    DrawOverlay(font, gridpos, viewport, overlay, overlay2, con);
  }, py::arg("font"), py::arg("gridpos"), py::arg("viewport"), py::arg("overlay"),
     py::arg("overlay2"), py::arg("con"),
     "Writes one or two columns of lines on dark panels at an mjtGridPos of the viewport.");
  module.def("mjr_label", [](RenderRect viewport, int font, const std::string& txt, float r,
                             float g, float b, float a, float rt, float gt, float bt,
                             const RenderContext& con) {
    const float rgba[4] = {r, g, b, a}, text_rgb[3] = {rt, gt, bt};
    DrawLabel(viewport, font, txt, rgba, text_rgb, con);
  }, py::arg("viewport"), py::arg("font"), py::arg("txt"), py::arg("r"), py::arg("g"),
     py::arg("b"), py::arg("a"), py::arg("rt"), py::arg("gt"), py::arg("bt"), py::arg("con"),
     "Fills the viewport with a colour and writes txt in its middle.");
  module.def("mjr_figure", [](RenderRect viewport, StructHandle<VisFigure>& fig,
                              const RenderContext& con) {
    DrawFigure(viewport, *fig.value, con);
  }, py::arg("viewport"), py::arg("fig"), py::arg("con"), "Plots an MjvFigure's lines with grid, ticks, title and legend in the viewport.");
  module.def("mjr_render", [](RenderRect viewport, VisScene& scn, const RenderContext& con) {
    Initialized(con, "mjr_render");
    py::gil_scoped_release release;
    RenderScene(viewport, scn, con);
  }, py::arg("viewport"), py::arg("scn"), py::arg("con"), "Renders the scene into the viewport.");
}

}  // namespace

void BindRender(py::module_& module) {
  py::register_exception<RenderError>(module, "_RenderError", PyExc_RuntimeError);
  BindGLContext(module);
  BindRect(module);
  BindContext(module);
  BindFunctions(module);
}

}  // namespace mjsim
