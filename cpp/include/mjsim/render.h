// render.h: the OpenGL renderer (mjr) of the abstract scene, and the headless GL contexts it
// draws in. Nothing here includes GL headers: GL object names are plain unsigned ints, and the
// GL entry points are loaded at run time from the library of the current context
// (cpp/src/render/gl_loader.cc), so the core links no GL library.
//
// Errors: RenderError (Python RuntimeError) when no GL library or context can be had; the
// reference's FatalError for calls it ends with mju_error.
#pragma once
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "mjsim/model.h"
#include "mjsim/vis.h"

namespace mjsim {

// No GL library, no display, no context: Python sees RuntimeError.
class RenderError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// ---- GL contexts (render/gl_context.cc) -------------------------------------------------------
// A headless GL context and its default framebuffer of width x height pixels.
class GLContext {
 public:
  virtual ~GLContext() = default;
  virtual void MakeCurrent() = 0;
  // releases the context (and its window or buffer); later calls are no-ops
  virtual void Free() = 0;
  virtual bool freed() const = 0;
};
// backend: "osmesa", "egl" or "glfw" (MUJOCO_GL's values); library: the shared library to
// open (empty: the usual names). Throws RenderError naming MUJOCO_GL and the library when the
// library cannot be opened or the context cannot be made.
std::unique_ptr<GLContext> CreateGLContext(const std::string& backend, int width, int height,
                                           const std::string& library = "");

// ---- MjrContext -------------------------------------------------------------------------------
constexpr int mjNAUX = 10;         // auxiliary buffers
constexpr int mjMAXTEXTURE = 1000; // textures
constexpr int mjMAXMATERIAL = 1000;
constexpr int mjNTEXROLE = 10;     // texture roles per material
enum mjtFramebuffer : int { mjFB_WINDOW = 0, mjFB_OFFSCREEN };
enum mjtDepthMap : int { mjDEPTH_ZERONEAR = 0, mjDEPTH_ZEROFAR };
enum mjtFontScale : int { mjFONTSCALE_50 = 50, mjFONTSCALE_100 = 100, mjFONTSCALE_150 = 150,
                          mjFONTSCALE_200 = 200, mjFONTSCALE_250 = 250, mjFONTSCALE_300 = 300 };
enum mjtFont : int { mjFONT_NORMAL = 0, mjFONT_SHADOW, mjFONT_BIG };
enum mjtGridPos : int { mjGRID_TOPLEFT = 0, mjGRID_TOPRIGHT, mjGRID_BOTTOMLEFT,
                        mjGRID_BOTTOMRIGHT, mjGRID_TOP, mjGRID_BOTTOM, mjGRID_LEFT, mjGRID_RIGHT };

// The builtin display lists, after baseBuiltin (rangeBuiltin of them): unit shapes a geom
// scales. Order is ours.
enum RenderBuiltin : int { kBuiltinSphere = 0, kBuiltinSphereTop, kBuiltinSphereBottom,
                           kBuiltinCylinder, kBuiltinCylinderOpen, kBuiltinDisk, kBuiltinBox,
                           kBuiltinCone, kNumBuiltin };

// X(type, name, count, doc): mjrContext's members, with its names
#define MJSIM_RENDER_CONTEXT_MEMBERS(X)                                                    \
  X(float, lineWidth,       1, "line width of wireframes (vis.global_.linewidth)")         \
  X(float, shadowClip,      1, "clipping radius of directional shadows")                    \
  X(float, shadowScale,     1, "fraction of a spot light's cutoff its shadow covers")       \
  X(float, fogStart,        1, "fog start distance")                                        \
  X(float, fogEnd,          1, "fog end distance")                                          \
  X(float, fogRGBA,         4, "fog colour")                                                \
  X(int,   shadowSize,      1, "size of the shadow map")                                    \
  X(int,   offWidth,        1, "width of the offscreen buffer")                             \
  X(int,   offHeight,       1, "height of the offscreen buffer")                            \
  X(int,   offSamples,      1, "multisamples of the offscreen buffer")                      \
  X(int,   fontScale,       1, "mjtFontScale")                                              \
  X(int,   auxWidth,        mjNAUX, "widths of the auxiliary buffers")                      \
  X(int,   auxHeight,       mjNAUX, "heights of the auxiliary buffers")                     \
  X(int,   auxSamples,      mjNAUX, "multisamples of the auxiliary buffers")                \
  X(unsigned, offFBO,       1, "offscreen framebuffer (multisampled)")                      \
  X(unsigned, offFBO_r,     1, "offscreen framebuffer the samples resolve into")            \
  X(unsigned, offColor,     1, "colour renderbuffer of offFBO")                             \
  X(unsigned, offColor_r,   1, "colour renderbuffer of offFBO_r")                           \
  X(unsigned, offDepthStencil,   1, "depth-stencil renderbuffer of offFBO")                 \
  X(unsigned, offDepthStencil_r, 1, "depth-stencil renderbuffer of offFBO_r")               \
  X(unsigned, shadowFBO,    1, "shadow-map framebuffer")                                    \
  X(unsigned, shadowTex,    1, "shadow-map texture")                                        \
  X(unsigned, auxFBO,       mjNAUX, "auxiliary framebuffers")                               \
  X(unsigned, auxFBO_r,     mjNAUX, "auxiliary resolve framebuffers")                       \
  X(unsigned, auxColor,     mjNAUX, "auxiliary colour renderbuffers")                       \
  X(unsigned, auxColor_r,   mjNAUX, "auxiliary resolve colour renderbuffers")               \
  X(int,   mat_texid,       mjMAXMATERIAL * mjNTEXROLE, "texture of each material role")    \
  X(int,   mat_texuniform,  mjMAXMATERIAL, "uniform cube mapping of each material")         \
  X(float, mat_texrepeat,   2 * mjMAXMATERIAL, "texture repetition of each material")       \
  X(int,   ntexture,        1, "textures uploaded")                                         \
  X(int,   textureType,     mjMAXTEXTURE, "mjtTexture of each texture")                     \
  X(unsigned, texture,      mjMAXTEXTURE, "GL texture names")                               \
  X(unsigned, basePlane,    1, "display lists of the planes")                               \
  X(unsigned, baseMesh,     1, "display lists of the meshes (and their convex hulls)")      \
  X(unsigned, baseHField,   1, "display lists of the height fields")                        \
  X(unsigned, baseBuiltin,  1, "display lists of the builtin shapes")                       \
  X(unsigned, baseFontNormal, 1, "display lists of the normal font")                        \
  X(unsigned, baseFontShadow, 1, "display lists of the shadowed font")                      \
  X(unsigned, baseFontBig,  1, "display lists of the big font")                             \
  X(int,   rangePlane,      1, "number of plane lists")                                     \
  X(int,   rangeMesh,       1, "number of mesh lists")                                      \
  X(int,   rangeHField,     1, "number of height-field lists")                              \
  X(int,   rangeBuiltin,    1, "number of builtin lists")                                   \
  X(int,   rangeFont,       1, "number of characters of a font")                            \
  X(int,   nskin,           1, "skins of the model")                                        \
  X(int,   charWidth,       127, "character widths, normal font")                           \
  X(int,   charWidthBig,    127, "character widths, big font")                              \
  X(int,   charHeight,      1, "character height, normal font")                             \
  X(int,   charHeightBig,   1, "character height, big font")                                \
  X(int,   glInitialized,   1, "GL entry points are loaded")                                \
  X(int,   windowAvailable, 1, "the context has a default framebuffer")                     \
  X(int,   windowSamples,   1, "multisamples of the default framebuffer")                   \
  X(int,   windowStereo,    1, "the default framebuffer is stereo")                         \
  X(int,   windowDoublebuffer, 1, "the default framebuffer is double-buffered")             \
  X(int,   currentBuffer,   1, "mjtFramebuffer drawn into")                                 \
  X(int,   readPixelFormat, 1, "GL format mjr_readPixels reads colour in")                 \
  X(int,   readDepthMap,    1, "mjtDepthMap of depth reads")

struct RenderContext {
#define MJSIM_X(type, name, count, doc) typename MemberStorage<type, count>::Storage name{};
  MJSIM_RENDER_CONTEXT_MEMBERS(MJSIM_X)
#undef MJSIM_X
  int windowWidth = 0, windowHeight = 0;  // the default framebuffer (its viewport when made)
  int skyboxSlices = 0;  // sides of the skybox's prism (vis.quality.numslices)
  // the model's skin triangles (vertex ids within each skin) and where each skin's begin; the
  // vertices come from the scene (mjv_updateSkin)
  std::vector<int> skinFace, skinFaceAdr, skinFaceNum;
  std::vector<int> skinVertAdr, skinTexcoordAdr;  // -1: a skin without texture coordinates
  std::vector<float> skinTexcoord;
};

struct RenderRect {
  int left = 0, bottom = 0, width = 0, height = 0;
};

// mjr_makeContext: loads GL from the current context, makes the offscreen buffer and uploads the
// model's shapes. Throws FatalError when no GL context is current.
void MakeRenderContext(const Model& m, RenderContext& con, int fontscale);
// mjr_freeContext: deletes what MakeRenderContext made; the context is empty afterwards
void FreeRenderContext(RenderContext& con);
// mjr_setBuffer / mjr_restoreBuffer
void SetBuffer(int framebuffer, RenderContext& con);
void RestoreBuffer(const RenderContext& con);
// mjr_maxViewport: the whole of the current buffer
RenderRect MaxViewport(const RenderContext& con);
// mjr_readPixels: rgb (3 bytes a pixel) and depth (one float a pixel in [0, 1]) of `viewport`,
// bottom row first; either may be null
void ReadPixels(unsigned char* rgb, float* depth, RenderRect viewport, const RenderContext& con);
// mjr_rectangle: a filled rectangle in window pixels
void DrawRectangle(RenderRect viewport, float r, float g, float b, float a);
// mjr_finish / mjr_getError
void FinishRendering();
int GetRenderError();
// mjr_resizeOffscreen: a new offscreen buffer of width x height (positive) pixels
void ResizeOffscreen(int width, int height, RenderContext& con);
// mjr_uploadMesh / mjr_uploadHField: the display list of one mesh (and its hull) or height
// field, drawn again from the model (after its vertices or elevations changed)
void UploadMesh(const Model& m, RenderContext& con, int meshid);
void UploadHField(const Model& m, RenderContext& con, int hfieldid);
// mjr_uploadTexture: one texture again from the model
void UploadTexture(const Model& m, RenderContext& con, int texid);
// mjr_drawPixels: rgb (3 bytes a pixel) and depth (buffer values) into `viewport`, bottom row
// first; either may be null
void DrawPixels(const unsigned char* rgb, const float* depth, RenderRect viewport,
                const RenderContext& con);
// mjr_blitBuffer: `src` of the current buffer into `dst` of the other one (window and offscreen)
void BlitBuffer(RenderRect src, RenderRect dst, bool color, bool depth, const RenderContext& con);
// mjr_addAux: auxiliary colour buffer `index` (0 to mjNAUX - 1) of width x height pixels and
// `samples` samples, with its single-sample resolve buffer; mjr_setAux draws into it (until
// mjr_restoreBuffer); mjr_blitAux copies `src` of it into the current buffer at (left, bottom)
void AddAux(int index, int width, int height, int samples, RenderContext& con);
void SetAux(int index, const RenderContext& con);
void BlitAux(int index, RenderRect src, int left, int bottom, const RenderContext& con);
// mjr_findRect: the first of `count` rectangles holding window point (x, y), or -1
int FindRect(int x, int y, int count, const RenderRect* rects);
// ---- fonts and 2D drawing (render/fonts.cc, render/overlay.cc, render/draw_figure.cc) -------
// mjr_changeFont: the context's three fonts (display lists after baseFontNormal, baseFontShadow,
// baseFontBig; rangeFont characters each) at `fontscale`, one of mjtFontScale's values; throws
// FatalError "Invalid fontscale" otherwise. Loads GL from the current context when the context
// has none yet (an empty MjrContext gets fonts alone).
void ChangeFont(int fontscale, RenderContext& con);
// mjr_text: `txt` at (x, y) of the current GL viewport in [0, 1] (the bottom left corner of its
// first character cell), in colour (r, g, b); mjFONT_SHADOW draws a black outline first
void DrawText(int font, const std::string& txt, const RenderContext& con, float x, float y,
              float r, float g, float b);
// mjr_overlay: the lines of `overlay` (and of `overlay2`, a second column) on dark panels at
// `gridpos` (mjtGridPos) of the viewport; nothing for other gridpos values
void DrawOverlay(int font, int gridpos, RenderRect viewport, const std::string& overlay,
                 const std::string& overlay2, const RenderContext& con);
// mjr_label: the viewport filled with (r, g, b, a) and `txt` centred in it in (rt, gt, bt),
// when it fits
void DrawLabel(RenderRect viewport, int font, const std::string& txt, const float rgba[4],
               const float text_rgb[3], const RenderContext& con);
// mjr_figure: the figure's pane, grid, lines, tick labels, title and legend in the viewport;
// writes its pixel and data ranges back into fig (xaxispixel, yaxispixel, xaxisdata, yaxisdata)
void DrawFigure(RenderRect viewport, VisFigure& fig, const RenderContext& con);
// the width in pixels of `txt` in `font` (mjr_overlay and mjr_figure lay text out with it)
int TextWidth(int font, const std::string& txt, const RenderContext& con);

// mjr_render: the scene's geoms, lit by its lights, seen by its eyes, into `viewport`
void RenderScene(RenderRect viewport, VisScene& scn, const RenderContext& con);

}  // namespace mjsim
