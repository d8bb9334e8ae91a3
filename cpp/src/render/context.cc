// context.cc: MjrContext (mjr_makeContext / mjr_freeContext), its offscreen framebuffers, and
// the buffer calls: mjr_setBuffer, mjr_restoreBuffer, mjr_maxViewport, mjr_readPixels,
// mjr_rectangle, mjr_finish, mjr_getError.
#include <algorithm>
#include <string>

#include "mjsim/errors.h"
#include "mjsim/render.h"
#include "render/current_context.h"
#include "render/fonts.h"
#include "render/gl_api.h"
#include "render/shadows.h"
#include "render/shapes.h"

namespace mjsim {
using namespace glapi;

void LoadGLFromCurrentContext() {
  ProcLookup lookup = CurrentProcLookup();
  if (!lookup) {
    throw FatalError("MjrContext: no OpenGL context is current; make one with "
                     "GLContext(width, height).make_current() (the environment variable "
                     "MUJOCO_GL chooses osmesa, egl or glfw)");
  }
  std::string missing;
  if (!LoadApi(lookup, &missing)) {
    throw FatalError("MjrContext: the current OpenGL context lacks " + missing);
  }
}

namespace {

// the sizes, fog and shadow settings of the model's <visual>, in world units
void CopyVisualSettings(const Model& m, RenderContext& con) {
  float extent = static_cast<float>(m.stat.extent);
  con.lineWidth = m.vis.global.linewidth;
  con.shadowClip = m.vis.map.shadowclip * extent;
  con.shadowScale = m.vis.map.shadowscale;
  con.fogStart = m.vis.map.fogstart * extent;
  con.fogEnd = m.vis.map.fogend * extent;
  std::copy(m.vis.rgba.fog, m.vis.rgba.fog + 4, con.fogRGBA);
  con.shadowSize = m.vis.quality.shadowsize;
  con.offWidth = m.vis.global.offwidth;
  con.offHeight = m.vis.global.offheight;
  con.offSamples = m.vis.quality.offsamples;
  con.nskin = m.nskin;
  con.skinFace.assign(m.skin_face, m.skin_face + 3 * m.nskinface);
  con.skinFaceAdr.assign(m.skin_faceadr, m.skin_faceadr + m.nskin);
  con.skinFaceNum.assign(m.skin_facenum, m.skin_facenum + m.nskin);
  con.skinVertAdr.assign(m.skin_vertadr, m.skin_vertadr + m.nskin);
  con.skinTexcoordAdr.assign(m.skin_texcoordadr, m.skin_texcoordadr + m.nskin);
  con.skinTexcoord.assign(m.skin_texcoord, m.skin_texcoord + 2 * m.nskintexvert);
  con.readPixelFormat = GL_RGB;
  con.skyboxSlices = std::max(m.vis.quality.numslices, 3);
}

GLuint NewRenderbuffer(int samples, GLenum format, int width, int height) {
  GLuint id = 0;
  gl.GenRenderbuffers(1, &id);
  gl.BindRenderbuffer(GL_RENDERBUFFER, id);
  if (samples > 0) {
    gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, samples, format, width, height);
  } else {
    gl.RenderbufferStorage(GL_RENDERBUFFER, format, width, height);
  }
  return id;
}

// a framebuffer with an RGBA8 colour and a depth-stencil renderbuffer of `samples` samples
void MakeFramebuffer(int samples, int width, int height, GLuint& fbo, GLuint& color,
                     GLuint& depth) {
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  color = NewRenderbuffer(samples, GL_RGBA8, width, height);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
  // float depth: with the reversed depth range (render_scene.cc) it keeps ~7 digits of the
  // distance from near to far
  depth = NewRenderbuffer(samples, GL_DEPTH32F_STENCIL8, width, height);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, depth);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
    throw FatalError("MjrContext: offscreen framebuffer of " + std::to_string(width) + " x " +
                     std::to_string(height) + " pixels, " + std::to_string(samples) +
                     " samples, is not complete");
  }
}

// the multisampled offscreen buffer and the single-sample one it resolves into
void MakeOffscreen(RenderContext& con) {
  GLint max_size = 0, max_samples = 0;
  gl.GetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
  gl.GetIntegerv(GL_MAX_SAMPLES, &max_samples);
  if (con.offWidth < 1 || con.offHeight < 1 || con.offWidth > max_size || con.offHeight > max_size) {
    throw FatalError("MjrContext: offscreen buffer of " + std::to_string(con.offWidth) + " x " +
                     std::to_string(con.offHeight) + " pixels: each side must be within 1 and "
                     "the driver's GL_MAX_RENDERBUFFER_SIZE, " + std::to_string(max_size));
  }
  con.offSamples = std::clamp(con.offSamples, 0, max_samples);
  MakeFramebuffer(con.offSamples, con.offWidth, con.offHeight, con.offFBO, con.offColor,
                  con.offDepthStencil);
  MakeFramebuffer(0, con.offWidth, con.offHeight, con.offFBO_r, con.offColor_r,
                  con.offDepthStencil_r);
}

void DeleteFramebuffer(GLuint& fbo, GLuint& color, GLuint& depth) {
  if (fbo) gl.DeleteFramebuffers(1, &fbo);
  if (color) gl.DeleteRenderbuffers(1, &color);
  if (depth) gl.DeleteRenderbuffers(1, &depth);
  fbo = color = depth = 0;
}

void DeleteLists(GLuint base, int range) {
  if (base && range > 0) gl.DeleteLists(base, range);
}

GLenum WindowDrawBuffer(const RenderContext& con) {
  return con.windowDoublebuffer ? GL_BACK_LEFT : GL_FRONT_LEFT;
}
}  // namespace

void MakeRenderContext(const Model& m, RenderContext& con, int fontscale) {
  FreeRenderContext(con);
  LoadGLFromCurrentContext();
  CopyVisualSettings(m, con);
  GLint viewport[4] = {0, 0, 0, 0};
  gl.GetIntegerv(GL_VIEWPORT, viewport);
  con.windowWidth = viewport[2];
  con.windowHeight = viewport[3];
  con.windowAvailable = 1;
  con.glInitialized = 1;
  MakeOffscreen(con);
  MakeShadowMap(con);
  MakeBuiltinLists(m, con);
  MakePlaneLists(m, con);
  MakeMeshLists(m, con);
  MakeHFieldLists(m, con);
  MakeTextures(m, con);
  MakeFontLists(ContextFontScale(fontscale), con);
  con.currentBuffer = mjFB_WINDOW;
  RestoreBuffer(con);
}

void FreeRenderContext(RenderContext& con) {
  if (con.glInitialized) {
    for (int i = 0; i < mjNAUX; ++i) {
      GLuint none = 0;
      DeleteFramebuffer(con.auxFBO[i], con.auxColor[i], none);
      DeleteFramebuffer(con.auxFBO_r[i], con.auxColor_r[i], none);
    }
    DeleteFramebuffer(con.offFBO, con.offColor, con.offDepthStencil);
    DeleteFramebuffer(con.offFBO_r, con.offColor_r, con.offDepthStencil_r);
    FreeShadowMap(con);
    DeleteLists(con.baseBuiltin, con.rangeBuiltin);
    DeleteLists(con.basePlane, con.rangePlane);
    DeleteLists(con.baseMesh, con.rangeMesh);
    DeleteLists(con.baseHField, con.rangeHField);
    DeleteTextures(con);
  }
  if (con.rangeFont && gl.DeleteLists) FreeFontLists(con);  // an empty context may have fonts
  con = RenderContext();
}

void ChangeFont(int fontscale, RenderContext& con) {
  bool allowed = fontscale == mjFONTSCALE_50 || fontscale == mjFONTSCALE_100 ||
                 fontscale == mjFONTSCALE_150 || fontscale == mjFONTSCALE_200 ||
                 fontscale == mjFONTSCALE_250 || fontscale == mjFONTSCALE_300;
  if (!allowed) throw FatalError("Invalid fontscale");
  if (!gl.GenLists) LoadGLFromCurrentContext();
  MakeFontLists(fontscale, con);
}

void SetBuffer(int framebuffer, RenderContext& con) {
  if (!con.glInitialized) return;
  con.currentBuffer = framebuffer == mjFB_OFFSCREEN ? mjFB_OFFSCREEN : mjFB_WINDOW;
  RestoreBuffer(con);
}

void RestoreBuffer(const RenderContext& con) {
  if (!con.glInitialized) return;
  if (con.currentBuffer == mjFB_OFFSCREEN) {
    gl.BindFramebuffer(GL_FRAMEBUFFER, con.offFBO);
    gl.DrawBuffer(GL_COLOR_ATTACHMENT0);
    gl.ReadBuffer(GL_COLOR_ATTACHMENT0);
  } else {
    gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl.DrawBuffer(WindowDrawBuffer(con));
    gl.ReadBuffer(WindowDrawBuffer(con));
  }
}

RenderRect MaxViewport(const RenderContext& con) {
  if (con.currentBuffer == mjFB_OFFSCREEN) return {0, 0, con.offWidth, con.offHeight};
  return {0, 0, con.windowWidth, con.windowHeight};
}

void ReadPixels(unsigned char* rgb, float* depth, RenderRect viewport, const RenderContext& con) {
  if (!con.glInitialized || (!rgb && !depth)) return;
  bool offscreen = con.currentBuffer == mjFB_OFFSCREEN;
  if (offscreen) {  // resolve the samples, then read the single-sample copy
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, con.offFBO);
    gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, con.offFBO_r);
    gl.BlitFramebuffer(viewport.left, viewport.bottom, viewport.left + viewport.width,
                       viewport.bottom + viewport.height, viewport.left, viewport.bottom,
                       viewport.left + viewport.width, viewport.bottom + viewport.height,
                       (rgb ? GL_COLOR_BUFFER_BIT : 0) | (depth ? GL_DEPTH_BUFFER_BIT : 0),
                       GL_NEAREST);
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, con.offFBO_r);
    gl.ReadBuffer(GL_COLOR_ATTACHMENT0);
  }
  gl.PixelStorei(GL_PACK_ALIGNMENT, 1);
  if (rgb) {
    gl.ReadPixels(viewport.left, viewport.bottom, viewport.width, viewport.height, GL_RGB,
                  GL_UNSIGNED_BYTE, rgb);
  }
  if (depth) {
    gl.ReadPixels(viewport.left, viewport.bottom, viewport.width, viewport.height,
                  GL_DEPTH_COMPONENT, GL_FLOAT, depth);
    // the buffer holds 1 at the near plane and 0 at the far one; mjDEPTH_ZERONEAR reads
    // OpenGL's usual depth, 1 minus that
    if (con.readDepthMap == mjDEPTH_ZERONEAR) {
      size_t count = static_cast<size_t>(viewport.width) * viewport.height;
      for (size_t i = 0; i < count; ++i) depth[i] = 1 - depth[i];
    }
  }
  if (offscreen) RestoreBuffer(con);
}

void DrawRectangle(RenderRect viewport, float r, float g, float b, float a) {
  if (!gl.Begin) return;  // no MjrContext has loaded GL yet
  gl.Viewport(viewport.left, viewport.bottom, viewport.width, viewport.height);
  gl.Scissor(viewport.left, viewport.bottom, viewport.width, viewport.height);
  gl.Enable(GL_SCISSOR_TEST);
  gl.Disable(GL_DEPTH_TEST);
  gl.Disable(GL_LIGHTING);
  gl.Enable(GL_BLEND);
  gl.BlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  gl.MatrixMode(GL_PROJECTION);
  gl.LoadIdentity();
  gl.Ortho(0, 1, 0, 1, -1, 1);
  gl.MatrixMode(GL_MODELVIEW);
  gl.LoadIdentity();
  gl.Color4f(r, g, b, a);
  gl.Begin(GL_QUADS);
  gl.Vertex2f(0, 0);
  gl.Vertex2f(1, 0);
  gl.Vertex2f(1, 1);
  gl.Vertex2f(0, 1);
  gl.End();
  gl.Disable(GL_SCISSOR_TEST);
}

void ResizeOffscreen(int width, int height, RenderContext& con) {
  if (!con.glInitialized) return;
  DeleteFramebuffer(con.offFBO, con.offColor, con.offDepthStencil);
  DeleteFramebuffer(con.offFBO_r, con.offColor_r, con.offDepthStencil_r);
  con.offWidth = width;
  con.offHeight = height;
  MakeOffscreen(con);
  RestoreBuffer(con);
}

void UploadMesh(const Model& m, RenderContext& con, int meshid) {
  if (meshid < 0 || meshid >= m.nmesh || 2 * meshid + 1 >= con.rangeMesh) {
    throw FatalError("Invalid mesh index " + std::to_string(meshid));
  }
  RecordMeshLists(m, con, meshid);
}

void UploadHField(const Model& m, RenderContext& con, int hfieldid) {
  if (hfieldid < 0 || hfieldid >= m.nhfield || hfieldid >= con.rangeHField) {
    throw FatalError("Invalid height field index " + std::to_string(hfieldid));
  }
  RecordHFieldList(m, con, hfieldid);
}

void UploadTexture(const Model& m, RenderContext& con, int texid) {
  UploadModelTexture(m, con, texid);
}

namespace {
// window pixels as the current raster position's frame: an orthographic projection over the
// buffer, so that RasterPos2i(x, y) is pixel (x, y)
void PixelProjection(const RenderContext& con) {
  RenderRect all = MaxViewport(con);
  gl.Viewport(0, 0, all.width, all.height);
  gl.MatrixMode(GL_PROJECTION);
  gl.LoadIdentity();
  gl.Ortho(0, all.width, 0, all.height, -1, 1);
  gl.MatrixMode(GL_MODELVIEW);
  gl.LoadIdentity();
}
}  // namespace

void DrawPixels(const unsigned char* rgb, const float* depth, RenderRect viewport,
                const RenderContext& con) {
  if (!con.glInitialized || viewport.width <= 0 || viewport.height <= 0) return;
  PixelProjection(con);
  gl.Disable(GL_LIGHTING);
  gl.Disable(GL_BLEND);
  gl.Disable(GL_SCISSOR_TEST);
  gl.PixelStorei(GL_UNPACK_ALIGNMENT, 1);
  gl.RasterPos2i(viewport.left, viewport.bottom);
  if (rgb) {
    gl.Disable(GL_DEPTH_TEST);
    gl.DrawPixels(viewport.width, viewport.height, GL_RGB, GL_UNSIGNED_BYTE, rgb);
  }
  if (depth) {  // depth only: the colour stays, every value is written
    gl.Enable(GL_DEPTH_TEST);
    gl.DepthFunc(GL_ALWAYS);
    gl.DepthMask(1);
    gl.ColorMask(0, 0, 0, 0);
    gl.DrawPixels(viewport.width, viewport.height, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
    gl.ColorMask(1, 1, 1, 1);
    gl.DepthFunc(GL_LESS);
  }
}

void BlitBuffer(RenderRect src, RenderRect dst, bool color, bool depth, const RenderContext& con) {
  if (!con.glInitialized || (!color && !depth)) return;
  bool offscreen = con.currentBuffer == mjFB_OFFSCREEN;
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, offscreen ? con.offFBO : 0);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, offscreen ? 0 : con.offFBO);
  bool same_size = src.width == dst.width && src.height == dst.height;
  gl.BlitFramebuffer(src.left, src.bottom, src.left + src.width, src.bottom + src.height,
                     dst.left, dst.bottom, dst.left + dst.width, dst.bottom + dst.height,
                     (color ? GL_COLOR_BUFFER_BIT : 0) | (depth ? GL_DEPTH_BUFFER_BIT : 0),
                     depth || same_size ? GL_NEAREST : GL_LINEAR);
  RestoreBuffer(con);
}

namespace {
void CheckAuxIndex(int index) {
  if (index < 0 || index >= mjNAUX) throw FatalError("Invalid aux buffer index");
}

// a framebuffer with one RGBA8 colour renderbuffer of `samples` samples
void MakeColorFramebuffer(int samples, int width, int height, GLuint& fbo, GLuint& color) {
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  color = NewRenderbuffer(samples, GL_RGBA8, width, height);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    throw FatalError("mjr_addAux: aux buffer of " + std::to_string(width) + " x " +
                     std::to_string(height) + " pixels, " + std::to_string(samples) +
                     " samples, is not complete");
  }
}
}  // namespace

void AddAux(int index, int width, int height, int samples, RenderContext& con) {
  CheckAuxIndex(index);
  if (!con.glInitialized) return;
  GLuint none = 0;
  DeleteFramebuffer(con.auxFBO[index], con.auxColor[index], none);
  DeleteFramebuffer(con.auxFBO_r[index], con.auxColor_r[index], none);
  GLint max_samples = 0;
  gl.GetIntegerv(GL_MAX_SAMPLES, &max_samples);
  con.auxWidth[index] = width;
  con.auxHeight[index] = height;
  con.auxSamples[index] = std::clamp(samples, 0, max_samples);
  MakeColorFramebuffer(con.auxSamples[index], width, height, con.auxFBO[index], con.auxColor[index]);
  MakeColorFramebuffer(0, width, height, con.auxFBO_r[index], con.auxColor_r[index]);
  RestoreBuffer(con);
}

void SetAux(int index, const RenderContext& con) {
  CheckAuxIndex(index);
  if (!con.auxFBO[index]) throw FatalError("auxFBO " + std::to_string(index) + " does not exist");
  gl.BindFramebuffer(GL_FRAMEBUFFER, con.auxFBO[index]);
  gl.DrawBuffer(GL_COLOR_ATTACHMENT0);
  gl.ReadBuffer(GL_COLOR_ATTACHMENT0);
}

void BlitAux(int index, RenderRect src, int left, int bottom, const RenderContext& con) {
  CheckAuxIndex(index);
  if (!con.auxFBO[index]) throw FatalError("auxFBO " + std::to_string(index) + " does not exist");
  int x1 = src.left + src.width, y1 = src.bottom + src.height;
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, con.auxFBO[index]);  // resolve the samples first
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, con.auxFBO_r[index]);
  gl.BlitFramebuffer(src.left, src.bottom, x1, y1, src.left, src.bottom, x1, y1,
                     GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, con.auxFBO_r[index]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER,
                     con.currentBuffer == mjFB_OFFSCREEN ? con.offFBO : 0);
  gl.BlitFramebuffer(src.left, src.bottom, x1, y1, left, bottom, left + src.width,
                     bottom + src.height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  RestoreBuffer(con);
}

int FindRect(int x, int y, int count, const RenderRect* rects) {
  for (int i = 0; i < count; ++i) {
    const RenderRect& r = rects[i];
    if (x >= r.left && x < r.left + r.width && y >= r.bottom && y < r.bottom + r.height) return i;
  }
  return -1;
}

void FinishRendering() {
  if (gl.Finish) gl.Finish();
}

int GetRenderError() { return gl.GetError ? static_cast<int>(gl.GetError()) : 0; }

}  // namespace mjsim
