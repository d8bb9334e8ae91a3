// shadows.h: shadow mapping for mjr_render. A shadow-casting light sees the scene into a depth
// texture (con.shadowTex, shadowSize square); the camera pass then compares each fragment's
// depth from the light with it, through texture unit 1.
#pragma once
#include "mjsim/render.h"
#include "mjsim/vis.h"

namespace mjsim {

// the light's view and projection, column-major, into the shadow map's clip space
struct ShadowView {
  float view[16];
  float projection[16];
};

void MakeShadowMap(RenderContext& con);
void FreeShadowMap(RenderContext& con);

// a spot light sees a square frustum of half-angle cutoff * shadowScale; a directional light a
// box of half-width shadowClip about its position; both between the eye's near and far planes
ShadowView LightShadowView(const VisLight& light, const VisGLCamera& eye, const RenderContext& con);

// draws into the shadow map from `view` until EndShadowMap, which rebinds `framebuffer`
void BeginShadowMap(const ShadowView& view, const RenderContext& con);
void EndShadowMap(unsigned framebuffer);

// unit 1 yields 1 where a fragment is lit by the light of `view`, 0 where it is in shadow, and
// multiplies the fragment's colour by it; the modelview must be the scene's view when called
void BindShadowTexture(const ShadowView& view, const RenderContext& con);
void UnbindShadowTexture();

}  // namespace mjsim
