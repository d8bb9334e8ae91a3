// shadows.cc: the shadow map of mjr_render (shadows.h). Measured on the reference: a fragment in
// a light's shadow loses all of that light (ambient, diffuse and specular), keeps the other
// lights, and is lit as usual outside the light's shadow volume; the lit colour is the sum of a
// pass without the shadow-casting lights and one pass per such light, each rounded to bytes (a
// lit floor reads 1 byte above the same floor with shadows off).
//   reads  con.shadowSize shadowClip shadowScale, the light and the eye
//   writes con.shadowFBO shadowTex, texture unit 1
#include <algorithm>
#include <cmath>
#include <string>

#include "mjsim/errors.h"
#include "render/gl_api.h"
#include "render/shadows.h"
#include "render/transforms.h"

namespace mjsim {
using namespace glapi;

void MakeShadowMap(RenderContext& con) {
  if (con.shadowSize == 0) return;  // no shadows (the reference's too)
  GLint max_size = 0;
  gl.GetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  if (con.shadowSize < 1 || con.shadowSize > max_size) {
    throw FatalError("MjrContext: visual/quality shadowsize " + std::to_string(con.shadowSize) +
                     " must be 0 (no shadows) or within 1 and the driver's GL_MAX_TEXTURE_SIZE, " +
                     std::to_string(max_size));
  }
  gl.GenTextures(1, &con.shadowTex);
  gl.BindTexture(GL_TEXTURE_2D, con.shadowTex);
  gl.TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, con.shadowSize, con.shadowSize, 0,
                GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, nullptr);
  gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  // beyond the map nothing is in shadow: the border is the far plane
  const float far_border[4] = {1, 1, 1, 1};
  gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
  gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
  gl.TexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, far_border);
  gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
  gl.TexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_LUMINANCE);
  gl.BindTexture(GL_TEXTURE_2D, 0);
  gl.GenFramebuffers(1, &con.shadowFBO);
  gl.BindFramebuffer(GL_FRAMEBUFFER, con.shadowFBO);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, con.shadowTex, 0);
  gl.DrawBuffer(GL_NONE);
  gl.ReadBuffer(GL_NONE);
  bool complete = gl.CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  if (!complete) {
    FreeShadowMap(con);
    throw FatalError("MjrContext: the shadow map framebuffer of " +
                     std::to_string(con.shadowSize) + " x " + std::to_string(con.shadowSize) +
                     " depth texels is not complete");
  }
}

void FreeShadowMap(RenderContext& con) {
  if (con.shadowFBO) gl.DeleteFramebuffers(1, &con.shadowFBO);
  if (con.shadowTex) gl.DeleteTextures(1, &con.shadowTex);
  con.shadowFBO = con.shadowTex = 0;
}

namespace {
constexpr int kLightDirectional = 1;  // mjLIGHT_DIRECTIONAL
constexpr float kDegree = 3.14159265358979f / 180;

// an up vector for looking along `forward`: the world axis least aligned with it
void AnyPerpendicular(const float forward[3], float up[3]) {
  float ax = std::fabs(forward[0]), ay = std::fabs(forward[1]), az = std::fabs(forward[2]);
  float axis[3] = {0, 0, 0};
  axis[ax <= ay && ax <= az ? 0 : (ay <= az ? 1 : 2)] = 1;
  float side[3];
  Cross(side, forward, axis);
  Cross(up, side, forward);
  Normalize(up);
}

// GL's frustum and orthographic projections (depth -1 at the near plane, 1 at the far one)
void Perspective(float p[16], float half_size, float n, float f) {
  std::fill(p, p + 16, 0.0f);
  p[0] = p[5] = n / half_size;
  p[10] = -(f + n) / (f - n), p[11] = -1, p[14] = -2 * f * n / (f - n);
}

void Orthographic(float p[16], float half_size, float n, float f) {
  std::fill(p, p + 16, 0.0f);
  p[0] = p[5] = 1 / half_size;
  p[10] = -2 / (f - n), p[14] = -(f + n) / (f - n), p[15] = 1;
}
}  // namespace

ShadowView LightShadowView(const VisLight& light, const VisGLCamera& eye, const RenderContext& con) {
  ShadowView sv;
  float forward[3] = {light.dir[0], light.dir[1], light.dir[2]}, up[3];
  Normalize(forward);
  AnyPerpendicular(forward, up);
  LookAt(sv.view, light.pos, forward, up);
  float n = eye.frustum_near, f = eye.frustum_far;
  if (light.type == kLightDirectional) {
    Orthographic(sv.projection, con.shadowClip, n, f);
  } else {
    float half_angle = std::clamp(light.cutoff * con.shadowScale, 0.1f, 89.0f) * kDegree;
    Perspective(sv.projection, n * std::tan(half_angle), n, f);
  }
  return sv;
}

void BeginShadowMap(const ShadowView& view, const RenderContext& con) {
  gl.BindFramebuffer(GL_FRAMEBUFFER, con.shadowFBO);
  gl.Viewport(0, 0, con.shadowSize, con.shadowSize);
  gl.Disable(GL_SCISSOR_TEST);
  gl.ClipControl(GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE);
  gl.ClearDepth(1);
  gl.DepthMask(1);
  gl.Clear(GL_DEPTH_BUFFER_BIT);
  gl.DepthFunc(GL_LESS);
  gl.Disable(GL_LIGHTING);
  // surfaces facing the light must not shadow themselves at the map's resolution
  gl.Enable(GL_POLYGON_OFFSET_FILL);
  gl.PolygonOffset(2, 4);
  gl.MatrixMode(GL_PROJECTION);
  gl.LoadMatrixf(view.projection);
  gl.MatrixMode(GL_MODELVIEW);
  gl.LoadMatrixf(view.view);
}

void EndShadowMap(unsigned framebuffer) {
  gl.Disable(GL_POLYGON_OFFSET_FILL);
  gl.Enable(GL_LIGHTING);
  gl.BindFramebuffer(GL_FRAMEBUFFER, framebuffer);
}

void BindShadowTexture(const ShadowView& view, const RenderContext& con) {
  gl.ActiveTexture(GL_TEXTURE1);
  // texture coordinates are the fragment's model coordinates (eye planes given under the view)
  const GLenum coords[4] = {GL_S, GL_T, GL_R, GL_Q};
  const GLenum gens[4] = {GL_TEXTURE_GEN_S, GL_TEXTURE_GEN_T, GL_TEXTURE_GEN_R, GL_TEXTURE_GEN_Q};
  for (int i = 0; i < 4; ++i) {
    float plane[4] = {0, 0, 0, 0};
    plane[i] = 1;
    gl.TexGeni(coords[i], GL_TEXTURE_GEN_MODE, GL_EYE_LINEAR);
    gl.TexGenfv(coords[i], GL_EYE_PLANE, plane);
    gl.Enable(gens[i]);
  }
  // then the light's clip coordinates, mapped from [-1, 1] to the map's [0, 1]
  gl.MatrixMode(GL_TEXTURE);
  gl.LoadIdentity();
  gl.Translatef(0.5f, 0.5f, 0.5f);
  gl.Scalef(0.5f, 0.5f, 0.5f);
  gl.MultMatrixf(view.projection);
  gl.MultMatrixf(view.view);
  gl.MatrixMode(GL_MODELVIEW);
  gl.Enable(GL_TEXTURE_2D);
  gl.BindTexture(GL_TEXTURE_2D, con.shadowTex);
  gl.TexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
  gl.ActiveTexture(GL_TEXTURE0);
}

void UnbindShadowTexture() {
  gl.ActiveTexture(GL_TEXTURE1);
  const GLenum gens[4] = {GL_TEXTURE_GEN_S, GL_TEXTURE_GEN_T, GL_TEXTURE_GEN_R, GL_TEXTURE_GEN_Q};
  for (GLenum gen : gens) gl.Disable(gen);
  gl.MatrixMode(GL_TEXTURE);
  gl.LoadIdentity();
  gl.MatrixMode(GL_MODELVIEW);
  gl.BindTexture(GL_TEXTURE_2D, 0);
  gl.Disable(GL_TEXTURE_2D);
  gl.ActiveTexture(GL_TEXTURE0);
}

}  // namespace mjsim
