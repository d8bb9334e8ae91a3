// render_scene.cc: mjr_render: the scene's geoms with fixed-function OpenGL lighting (ambient,
// diffuse and specular terms per vertex, the scene's lights as GL lights), seen through the
// average of the scene's two eyes; or, with mjRND_SEGMENT, each geom flat in its segmentation
// colour.
//   reads  scn.geoms ngeom lights nlight camera flags, enabletransform translate rotate scale
//          con's display lists (shapes.cc)
//   writes the current framebuffer (viewport only), scn.geomorder
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "mjsim/render.h"
#include "render/gl_api.h"
#include "render/shadows.h"
#include "render/transforms.h"
#include "render/overlay_text.h"

namespace mjsim {
namespace {
using namespace glapi;

constexpr int kMaxGLLights = 8;  // the lights fixed-function OpenGL guarantees
constexpr int kLightSpot = 0, kLightDirectional = 1;

// projection: the eye's frustum at the near plane, as wide as the viewport's aspect ratio asks,
// with the depth range reversed (1 at the near plane, 0 at the far one) into a float buffer:
// depth = n f / (d (f - n)) - n / (f - n) at distance d is nearly proportional to 1 / d, which
// floats resolve evenly in relative terms. The reference's buffer reads the same (measured:
// d = n f / (depth (f - n) + n) recovers its Renderer's distances to 1e-6).
void SetProjection(const VisGLCamera& eye, RenderRect viewport) {
  double aspect = static_cast<double>(viewport.width) / std::max(viewport.height, 1);
  double half_width = 0.5 * aspect * (eye.frustum_top - eye.frustum_bottom);
  double l = eye.frustum_center - half_width, r = eye.frustum_center + half_width;
  double b = eye.frustum_bottom, t = eye.frustum_top;
  double n = eye.frustum_near, f = eye.frustum_far;
  float p[16] = {0};  // column-major
  if (eye.orthographic) {
    p[0] = 2 / (r - l), p[5] = 2 / (t - b), p[10] = 1 / (f - n);
    p[12] = -(r + l) / (r - l), p[13] = -(t + b) / (t - b), p[14] = f / (f - n), p[15] = 1;
  } else {
    p[0] = 2 * n / (r - l), p[5] = 2 * n / (t - b);
    p[8] = (r + l) / (r - l), p[9] = (t + b) / (t - b), p[11] = -1;
    // the reversed depth d = (w - z) / 2 of GL's usual frustum, its entries computed in float
    // arithmetic: the reference's intercept is off n / (f - n) by half the rounding of
    // (f + n) / (f - n) in floats (measured for 7 znear, zfar, extent from 0.001, 50, 1 to
    // 0.05, 50, 4: -3.6e-8 to 2.7e-8, predicted within 4e-9), which decides the depth
    // readings near the far plane, where the float's steps are centimetres
    float near = eye.frustum_near, far = eye.frustum_far;
    float usual_z = (far + near) / (far - near);
    float usual_w = 2 * far * near / (far - near);
    p[10] = 0.5f * usual_z - 0.5f;
    p[14] = 0.5f * usual_w;
  }
  gl.MatrixMode(GL_PROJECTION);
  gl.LoadMatrixf(p);
}

// modelview: world to eye (x right, y up, looking down -z), then the scene's model transform
void SetView(const VisGLCamera& eye, const VisScene& scn) {
  float m[16];
  LookAt(m, eye.pos, eye.forward, eye.up);
  gl.MatrixMode(GL_MODELVIEW);
  gl.LoadMatrixf(m);
  if (!scn.enabletransform) return;
  gl.Translatef(scn.translate[0], scn.translate[1], scn.translate[2]);
  const float* q = scn.rotate;  // quaternion (w, x, y, z) as a rotation matrix, column-major
  float r[16] = {1 - 2 * (q[2] * q[2] + q[3] * q[3]), 2 * (q[1] * q[2] + q[0] * q[3]),
                 2 * (q[1] * q[3] - q[0] * q[2]), 0,
                 2 * (q[1] * q[2] - q[0] * q[3]), 1 - 2 * (q[1] * q[1] + q[3] * q[3]),
                 2 * (q[2] * q[3] + q[0] * q[1]), 0,
                 2 * (q[1] * q[3] + q[0] * q[2]), 2 * (q[2] * q[3] - q[0] * q[1]),
                 1 - 2 * (q[1] * q[1] + q[2] * q[2]), 0,
                 0, 0, 0, 1};
  gl.MultMatrixf(r);
  gl.Scalef(scn.scale, scn.scale, scn.scale);
}

bool CastsShadow(const VisScene& scn, int light, const RenderContext& con) {
  return scn.flags[mjRND_SHADOW] && scn.lights[light].castshadow && con.shadowFBO;
}

// which of the scene's lights a pass is lit by: all, those casting no shadow, or one of them
constexpr int kAllLights = -1, kUnshadowedLights = -2;

// the scene's first lights as GL lights, in world coordinates (the modelview is the view)
void SetLights(const VisScene& scn, const RenderContext& con, int which = kAllLights) {
  const float none[4] = {0, 0, 0, 1};
  gl.LightModelfv(GL_LIGHT_MODEL_AMBIENT, none);
  gl.LightModeli(GL_LIGHT_MODEL_LOCAL_VIEWER, 1);
  int count = std::min(scn.nlight, kMaxGLLights);
  for (int i = 0; i < kMaxGLLights; ++i) {
    GLenum id = GL_LIGHT0 + i;
    bool off = which >= 0 ? i != which : which == kUnshadowedLights && CastsShadow(scn, i, con);
    if (i >= count || off) {
      gl.Disable(id);
      continue;
    }
    const VisLight& light = scn.lights[i];
    bool directional = light.type == kLightDirectional;
    float position[4] = {directional ? -light.dir[0] : light.pos[0],
                         directional ? -light.dir[1] : light.pos[1],
                         directional ? -light.dir[2] : light.pos[2], directional ? 0.0f : 1.0f};
    float ambient[4] = {light.ambient[0], light.ambient[1], light.ambient[2], 1};
    float diffuse[4] = {light.diffuse[0], light.diffuse[1], light.diffuse[2], 1};
    float specular[4] = {light.specular[0], light.specular[1], light.specular[2], 1};
    gl.Lightfv(id, GL_POSITION, position);
    gl.Lightfv(id, GL_AMBIENT, ambient);
    gl.Lightfv(id, GL_DIFFUSE, diffuse);
    gl.Lightfv(id, GL_SPECULAR, specular);
    bool spot = light.type == kLightSpot;
    gl.Lightfv(id, GL_SPOT_DIRECTION, light.dir);
    gl.Lightf(id, GL_SPOT_CUTOFF, spot ? std::clamp(light.cutoff, 0.0f, 90.0f) : 180.0f);
    gl.Lightf(id, GL_SPOT_EXPONENT, spot ? std::clamp(light.exponent, 0.0f, 128.0f) : 0.0f);
    gl.Lightf(id, GL_CONSTANT_ATTENUATION, directional ? 1 : light.attenuation[0]);
    gl.Lightf(id, GL_LINEAR_ATTENUATION, directional ? 0 : light.attenuation[1]);
    gl.Lightf(id, GL_QUADRATIC_ATTENUATION, directional ? 0 : light.attenuation[2]);
    gl.Enable(id);
  }
}

// what a pass through the geoms draws: lit colours; lit colours without emission (the passes
// adding one shadow-casting light); segmentation colours; depth alone (shadow maps)
enum class Pass { kColour, kLightOnly, kSegment, kDepth };

// the material of a lit geom: its colour as ambient and diffuse reflectance, a grey specular,
// shininess scaled to GL's 0..128, emission as a fraction of the colour
void SetMaterial(const VisGeom& geom, float alpha_scale, bool emissive) {
  const float rgba[4] = {geom.rgba[0], geom.rgba[1], geom.rgba[2], geom.rgba[3] * alpha_scale};
  float specular[4] = {geom.specular, geom.specular, geom.specular, 1};
  float glow = emissive ? geom.emission : 0;
  float emission[4] = {glow * rgba[0], glow * rgba[1], glow * rgba[2], 1};
  gl.Materialfv(GL_FRONT_AND_BACK, GL_AMBIENT, rgba);
  gl.Materialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, rgba);
  gl.Materialfv(GL_FRONT_AND_BACK, GL_SPECULAR, specular);
  gl.Materialfv(GL_FRONT_AND_BACK, GL_EMISSION, emission);
  gl.Materialf(GL_FRONT_AND_BACK, GL_SHININESS, std::clamp(128 * geom.shininess, 0.0f, 128.0f));
}

// the radical inverse of n in `base` (the van der Corput sequence): its digits mirrored about
// the point
float RadicalInverse(unsigned n, unsigned base) {
  double value = 0, digit_weight = 1.0 / base;
  for (; n > 0; n /= base, digit_weight /= base) value += (n % base) * digit_weight;
  return static_cast<float>(value);
}

// segmentation colour: with mjRND_IDCOLOR the bytes of segid + 1 (red lowest; black is the
// background); otherwise 0.1 + 0.8 h for h the Halton point segid + 10 in bases 2, 3, 5
// (measured: all 400 colours of a 400-geom scene, exact to the byte)
void SetSegmentColor(const VisGeom& geom, bool idcolor) {
  if (idcolor) {
    unsigned id = static_cast<unsigned>(geom.segid + 1);
    gl.Color4ub(id & 0xff, (id >> 8) & 0xff, (id >> 16) & 0xff, 255);
    return;
  }
  unsigned n = static_cast<unsigned>(geom.segid + 10);
  gl.Color4f(0.1f + 0.8f * RadicalInverse(n, 2), 0.1f + 0.8f * RadicalInverse(n, 3),
             0.1f + 0.8f * RadicalInverse(n, 5), 1);
}

// the geom's frame: position, then the rotation (row-major mat, GL wants columns)
void MultGeomFrame(const VisGeom& geom) {
  const float* R = geom.mat;
  float m[16] = {R[0], R[3], R[6], 0, R[1], R[4], R[7], 0, R[2], R[5], R[8], 0,
                 geom.pos[0], geom.pos[1], geom.pos[2], 1};
  gl.MultMatrixf(m);
}

void CallScaled(GLuint list, float sx, float sy, float sz) {
  gl.PushMatrix();
  gl.Scalef(sx, sy, sz);
  gl.CallList(list);
  gl.PopMatrix();
}

// a capsule: the open cylinder of half-length size[2] and two hemispheres of radius size[0]
// (a scene geom's size is radius, radius, half-length for capsules and cylinders)
void DrawCapsule(const VisGeom& geom, const RenderContext& con) {
  float r = geom.size[0], h = geom.size[2];
  CallScaled(con.baseBuiltin + kBuiltinCylinderOpen, r, r, h);
  gl.PushMatrix();
  gl.Translatef(0, 0, h);
  CallScaled(con.baseBuiltin + kBuiltinSphereTop, r, r, r);
  gl.Translatef(0, 0, -2 * h);
  CallScaled(con.baseBuiltin + kBuiltinSphereBottom, r, r, r);
  gl.PopMatrix();
}

// a skin's triangles at the scene's vertices and normals (world coordinates)
bool DrawSkin(const VisGeom& geom, const VisScene& scn, const RenderContext& con) {
  int skin = geom.objid;
  if (skin < 0 || skin >= static_cast<int>(con.skinFaceAdr.size()) ||
      skin >= static_cast<int>(scn.skinvertadr.size())) {
    return false;
  }
  const float* vert = scn.skinvert.data() + 3 * scn.skinvertadr[skin];
  const float* normal = scn.skinnormal.data() + 3 * scn.skinvertadr[skin];
  const int* face = con.skinFace.data() + 3 * con.skinFaceAdr[skin];
  // texture coordinates are per skin vertex, from the skin's first
  int texcoord_adr = con.skinTexcoordAdr[skin];
  const float* texcoord =
      texcoord_adr >= 0 ? con.skinTexcoord.data() + 2 * texcoord_adr : nullptr;
  gl.Begin(GL_TRIANGLES);
  for (int k = 0; k < 3 * con.skinFaceNum[skin]; ++k) {
    if (texcoord) gl.TexCoord2fv(texcoord + 2 * face[k]);
    gl.Normal3fv(normal + 3 * face[k]);
    gl.Vertex3fv(vert + 3 * face[k]);
  }
  gl.End();
  return true;
}

// false for the types not drawn yet (decorations other than lines, flex, labels)
bool DrawShape(const VisGeom& geom, const RenderContext& con) {
  const float* s = geom.size;
  switch (geom.type) {
    case mjGEOM_PLANE: {
      // seen from behind too (measured: a wall plane facing away from the camera covers its
      // pixels in the reference's segmentation)
      GLboolean culling = gl.IsEnabled(GL_CULL_FACE);
      gl.Disable(GL_CULL_FACE);
      if (geom.dataid >= 0 && geom.dataid < con.rangePlane - 1) {
        gl.CallList(con.basePlane + geom.dataid);
      } else {  // the unit plane, at the geom's half-extents
        CallScaled(con.basePlane + con.rangePlane - 1, s[0], s[1], 1);
      }
      if (culling) gl.Enable(GL_CULL_FACE);
      return true;
    }
    case mjGEOM_HFIELD:
      if (geom.dataid < 0 || geom.dataid >= con.rangeHField) return false;
      gl.CallList(con.baseHField + geom.dataid);
      return true;
    case mjGEOM_SPHERE: CallScaled(con.baseBuiltin + kBuiltinSphere, s[0], s[0], s[0]); return true;
    case mjGEOM_ELLIPSOID: CallScaled(con.baseBuiltin + kBuiltinSphere, s[0], s[1], s[2]); return true;
    case mjGEOM_CYLINDER: CallScaled(con.baseBuiltin + kBuiltinCylinder, s[0], s[1], s[2]); return true;
    case mjGEOM_BOX: CallScaled(con.baseBuiltin + kBuiltinBox, s[0], s[1], s[2]); return true;
    case mjGEOM_CAPSULE: DrawCapsule(geom, con); return true;
    case mjGEOM_MESH:
      if (geom.dataid < 0 || geom.dataid >= con.rangeMesh) return false;
      gl.CallList(con.baseMesh + geom.dataid);
      return true;
    case mjGEOM_LINE: {
      // a line of size[0] pixels from the origin along z, size[2] long, unlit
      GLboolean lit = gl.IsEnabled(GL_LIGHTING);
      gl.Disable(GL_LIGHTING);
      if (lit) gl.Color4f(geom.rgba[0], geom.rgba[1], geom.rgba[2], geom.rgba[3]);
      gl.LineWidth(std::max(s[0], 1.0f));
      gl.Begin(GL_LINES);
      gl.Vertex3f(0, 0, 0);
      gl.Vertex3f(0, 0, s[2]);
      gl.End();
      gl.LineWidth(1);
      if (lit) gl.Enable(GL_LIGHTING);
      return true;
    }
    default:
      return false;
  }
}

constexpr int kRoleRGB = 1;  // mjTEXROLE_RGB
constexpr int kTexture2D = 0, kTextureCube = 1, kTextureSkybox = 2;  // mjtTexture

bool IsSolid(const VisGeom& geom) {
  return geom.type == mjGEOM_SPHERE || geom.type == mjGEOM_CAPSULE ||
         geom.type == mjGEOM_ELLIPSOID || geom.type == mjGEOM_CYLINDER || geom.type == mjGEOM_BOX;
}

// texture coordinates from the shape's own coordinates: one object plane per coordinate
void GenerateFromShape(const float (*planes)[4], int count) {
  const GLenum coords[3] = {GL_S, GL_T, GL_R};
  const GLenum gens[3] = {GL_TEXTURE_GEN_S, GL_TEXTURE_GEN_T, GL_TEXTURE_GEN_R};
  for (int i = 0; i < count; ++i) {
    gl.TexGeni(coords[i], GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
    gl.TexGenfv(coords[i], GL_OBJECT_PLANE, planes[i]);
    gl.Enable(gens[i]);
  }
}

// a 2D texture on a shape, scaled. Planes and height fields carry (x, -y) of their frame: the
// texture repeats texrepeat times over the width (2 size[0]) or, with texuniform, every
// 2 / texrepeat units (measured on a checker: texuniform="true" texrepeat="1 1" has cells of 1
// unit whatever the plane's size; the first texture row lies towards +y; on a ramp texture,
// coordinate (0.5, 0.5) lies at the plane's centre whatever its size or repeat). Meshes and
// skins carry their own coordinates. Solids take (x, -y) of their unit shape, times
// texrepeat / 2, about the centre (measured on a ramp: a box's top face spans the texture once
// whatever its size; a sphere's front shows (x, -y) too; texuniform changes nothing).
bool Bind2D(const VisGeom& geom, GLuint texture, const RenderContext& con) {
  bool flat = geom.type == mjGEOM_PLANE || geom.type == mjGEOM_HFIELD;
  bool carried = (geom.type == mjGEOM_MESH || geom.type == mjGEOM_SKIN) && geom.texcoord;
  bool solid = IsSolid(geom);
  if (!flat && !carried && !solid) return false;
  const float* repeat = con.mat_texrepeat + 2 * geom.matid;
  float sx = 1, sy = 1;
  if (flat) {
    bool uniform = con.mat_texuniform[geom.matid] || geom.size[0] <= 0 || geom.size[1] <= 0;
    sx = repeat[0] / (uniform ? 2 : 2 * geom.size[0]);
    sy = repeat[1] / (uniform ? 2 : 2 * geom.size[1]);
  } else if (solid) {
    const float planes[2][4] = {{1, 0, 0, 0}, {0, -1, 0, 0}};
    GenerateFromShape(planes, 2);
    sx = repeat[0] / 2, sy = repeat[1] / 2;
  }
  gl.MatrixMode(GL_TEXTURE);
  gl.LoadIdentity();
  if (!carried) gl.Translatef(0.5f, 0.5f, 0);  // the texture's centre at the shape's (measured)
  gl.Scalef(sx, sy, 1);
  gl.MatrixMode(GL_MODELVIEW);
  gl.Enable(GL_TEXTURE_2D);
  gl.BindTexture(GL_TEXTURE_2D, texture);
  return true;
}

// a cube texture on a solid, sampled at the direction (x, y, z) of each point in the unit
// shape's frame, unlike the skybox's (x, z, -y): of the 48 axis permutations and signs this one
// (and symmetric equivalents) matches the reference's checker and gradient cubes on a sphere,
// box, capsule and cylinder (SSIM 0.995, against 0.83 and 0.93 for the skybox's)
bool BindCube(const VisGeom& geom, GLuint texture) {
  if (!IsSolid(geom)) return false;
  const float planes[3][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}};
  GenerateFromShape(planes, 3);
  gl.Enable(GL_TEXTURE_CUBE_MAP);
  gl.BindTexture(GL_TEXTURE_CUBE_MAP, texture);
  return true;
}

// the geom's colour texture, bound (GL_TEXTURE_2D or GL_TEXTURE_CUBE_MAP returned), when its
// material has one the shape can carry; 0 otherwise
GLenum BindTexture(const VisGeom& geom, const RenderContext& con) {
  if (geom.matid < 0 || geom.matid >= mjMAXMATERIAL) return 0;
  int tex = con.mat_texid[mjNTEXROLE * geom.matid + kRoleRGB];
  if (tex < 0 || tex >= con.ntexture) return 0;
  GLenum bound = 0;
  if (con.textureType[tex] == kTexture2D && Bind2D(geom, con.texture[tex], con)) {
    bound = GL_TEXTURE_2D;
  } else if (con.textureType[tex] == kTextureCube && BindCube(geom, con.texture[tex])) {
    bound = GL_TEXTURE_CUBE_MAP;
  }
  if (bound) gl.TexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
  return bound;
}

void UnbindTexture(GLenum target) {
  gl.Disable(target);
  gl.BindTexture(target, 0);
  for (GLenum gen : {GL_TEXTURE_GEN_S, GL_TEXTURE_GEN_T, GL_TEXTURE_GEN_R}) gl.Disable(gen);
  gl.MatrixMode(GL_TEXTURE);
  gl.LoadIdentity();
  gl.MatrixMode(GL_MODELVIEW);
}

// one geom of `scn` (skins take their vertices from it)
void DrawGeom(const VisGeom& geom, const VisScene& scn, const RenderContext& con, Pass pass,
              float alpha_scale) {
  GLenum texture = 0;
  if (pass == Pass::kSegment) {
    SetSegmentColor(geom, scn.flags[mjRND_IDCOLOR]);
  } else if (pass != Pass::kDepth) {
    SetMaterial(geom, alpha_scale, pass == Pass::kColour);
    texture = BindTexture(geom, con);
  }
  if (geom.type == mjGEOM_SKIN) {
    DrawSkin(geom, scn, con);
  } else {
    gl.PushMatrix();
    MultGeomFrame(geom);
    DrawShape(geom, con);
    gl.PopMatrix();
  }
  if (texture) UnbindTexture(texture);
}

bool IsLine(const VisGeom& geom) { return geom.type == mjGEOM_LINE || geom.type == mjGEOM_LINEBOX; }

bool IsTransparent(const VisGeom& geom) { return geom.transparent || geom.rgba[3] < 1; }

bool IsMirror(const VisGeom& geom) {
  return geom.type == mjGEOM_PLANE && geom.reflectance > 0 && !IsTransparent(geom);
}

// the plane's frame as a column-major matrix
void PlaneFrame(const VisGeom& plane, float m[16]) {
  const float* R = plane.mat;
  const float frame[16] = {R[0], R[3], R[6], 0, R[1], R[4], R[7], 0, R[2], R[5], R[8], 0,
                           plane.pos[0], plane.pos[1], plane.pos[2], 1};
  std::copy(frame, frame + 16, m);
}

// the other geoms mirrored in a reflective plane, over black where the plane covers the screen
// (stencil 1), lit by the mirrored lights; what the mirror shows lies below the plane (clip
// plane). The plane's colour is then added to reflectance times it (DrawOpaque), so pixels that
// mirror nothing keep the plane's colour (measured: the reference's floor pixels away from
// reflections are the same with mjRND_REFLECTION and mjRND_SKYBOX on or off)
void DrawReflection(int mirror, const VisScene& scn, const RenderContext& con, int opaque,
                    int lights) {
  const VisGeom& plane = scn.geoms[mirror];
  gl.Enable(GL_STENCIL_TEST);
  gl.Clear(GL_STENCIL_BUFFER_BIT);
  gl.StencilFunc(GL_ALWAYS, 1, 0xff);
  gl.StencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
  gl.DepthMask(0);
  gl.Disable(GL_LIGHTING);  // black where the plane lies: nothing mirrored adds nothing
  gl.Color4f(0, 0, 0, 1);
  DrawGeom(plane, scn, con, Pass::kDepth, 1);
  gl.Enable(GL_LIGHTING);
  gl.DepthMask(1);
  gl.StencilFunc(GL_EQUAL, 1, 0xff);
  gl.StencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
  float frame[16], inverse[16];
  PlaneFrame(plane, frame);
  const float* R = plane.mat;  // world to plane: transpose rotation, minus the position
  const float* p = plane.pos;
  const float inv[16] = {R[0], R[1], R[2], 0, R[3], R[4], R[5], 0, R[6], R[7], R[8], 0,
                         -(R[0] * p[0] + R[3] * p[1] + R[6] * p[2]),
                         -(R[1] * p[0] + R[4] * p[1] + R[7] * p[2]),
                         -(R[2] * p[0] + R[5] * p[1] + R[8] * p[2]), 1};
  std::copy(inv, inv + 16, inverse);
  gl.PushMatrix();
  gl.MultMatrixf(frame);
  const double below[4] = {0, 0, -1, 0};
  gl.ClipPlane(GL_CLIP_PLANE0, below);
  gl.Enable(GL_CLIP_PLANE0);
  gl.Scalef(1, 1, -1);
  gl.MultMatrixf(inverse);
  gl.FrontFace(GL_CW);  // the mirror turns the winding
  SetLights(scn, con, lights);
  for (int k = 0; k < opaque; ++k) {
    int g = scn.geomorder[k];
    if (g != mirror) DrawGeom(scn.geoms[g], scn, con, Pass::kColour, 1);
  }
  gl.FrontFace(GL_CCW);
  gl.Disable(GL_CLIP_PLANE0);
  gl.PopMatrix();
  SetLights(scn, con, lights);
  gl.Disable(GL_STENCIL_TEST);
  gl.Clear(GL_DEPTH_BUFFER_BIT);
}

// scn.geomorder: the opaque geoms in scene order, then the transparent ones far to near
int OrderGeoms(VisScene& scn, bool segment) {
  std::vector<int>& order = scn.geomorder;
  order.resize(std::max<size_t>(order.size(), scn.ngeom));
  int count = 0;
  for (int i = 0; i < scn.ngeom; ++i) {
    if (segment || !IsTransparent(scn.geoms[i])) order[count++] = i;
  }
  int opaque = count;
  for (int i = 0; i < scn.ngeom && !segment; ++i) {
    if (IsTransparent(scn.geoms[i])) order[count++] = i;
  }
  std::stable_sort(order.begin() + opaque, order.begin() + count, [&scn](int a, int b) {
    return scn.geoms[a].camdist > scn.geoms[b].camdist;
  });
  return opaque;
}

// the first skybox texture on a prism around the eye, drawn first with its depth written: the
// reference's depth buffer holds it (measured through mjr_readPixels: a prism with
// vis.quality.numslices sides, vertices at multiples of 360 / numslices degrees from world +x,
// circumradius and half-height 0.7 times the far plane's distance, flat caps, centred at the
// eye). World directions (x, y, z) sample the cube map at (x, z, -y), the map's y being up
// (textures.cc). Of the 8 ways to turn the map about its up axis, this one alone matches the
// reference's stars (SSIM 0.996 on dm_control's cheetah, 0.58 to 0.73 for the others, with the
// reference's texels)
constexpr float kSkyboxSize = 0.7f;

void SkyboxVertex(float x, float y, float z) {
  gl.TexCoord3f(x, z, -y);
  gl.Vertex3f(x, y, z);
}

void DrawSkyboxPrism(int slices) {
  std::vector<float> cosines(slices + 1), sines(slices + 1);
  for (int i = 0; i <= slices; ++i) {
    double angle = 2 * M_PI * (i % slices) / slices;
    cosines[i] = static_cast<float>(std::cos(angle));
    sines[i] = static_cast<float>(std::sin(angle));
  }
  gl.Begin(GL_QUADS);
  for (int i = 0; i < slices; ++i) {
    SkyboxVertex(cosines[i], sines[i], -1);
    SkyboxVertex(cosines[i + 1], sines[i + 1], -1);
    SkyboxVertex(cosines[i + 1], sines[i + 1], 1);
    SkyboxVertex(cosines[i], sines[i], 1);
  }
  gl.End();
  for (float z : {-1.0f, 1.0f}) {
    gl.Begin(GL_TRIANGLE_FAN);
    for (int i = 0; i < slices; ++i) SkyboxVertex(cosines[i], sines[i], z);
    gl.End();
  }
}

void DrawSkybox(const VisGLCamera& eye, const RenderContext& con) {
  int sky = -1;
  for (int tex = 0; tex < con.ntexture && sky < 0; ++tex) {
    if (con.textureType[tex] == kTextureSkybox) sky = tex;
  }
  if (sky < 0) return;
  float size = kSkyboxSize * eye.frustum_far;
  gl.Disable(GL_LIGHTING);
  gl.Enable(GL_TEXTURE_CUBE_MAP);
  gl.BindTexture(GL_TEXTURE_CUBE_MAP, con.texture[sky]);
  gl.TexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
  gl.PushMatrix();
  gl.Translatef(eye.pos[0], eye.pos[1], eye.pos[2]);
  gl.Scalef(size, size, size);
  DrawSkyboxPrism(con.skyboxSlices);
  gl.PopMatrix();
  gl.BindTexture(GL_TEXTURE_CUBE_MAP, 0);
  gl.Disable(GL_TEXTURE_CUBE_MAP);
  gl.Enable(GL_LIGHTING);
}

void DrawSkyboxFromInside(const VisGLCamera& eye, const RenderContext& con) {
  GLboolean culling = gl.IsEnabled(GL_CULL_FACE);
  gl.Disable(GL_CULL_FACE);
  DrawSkybox(eye, con);
  if (culling) gl.Enable(GL_CULL_FACE);
}

void PrepareTarget(RenderRect viewport) {
  gl.Viewport(viewport.left, viewport.bottom, viewport.width, viewport.height);
  gl.Scissor(viewport.left, viewport.bottom, viewport.width, viewport.height);
  gl.Enable(GL_SCISSOR_TEST);
  gl.ClearColor(0, 0, 0, 1);
  gl.ClipControl(GL_LOWER_LEFT, GL_ZERO_TO_ONE);  // clip-space depth is the buffer's depth
  gl.ClearDepth(0);                               // reversed: the far plane is 0
  gl.DepthMask(1);
  gl.Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  gl.Enable(GL_DEPTH_TEST);
  gl.DepthFunc(GL_GEQUAL);
}

// fixed-function state: lighting with normalised normals (geoms scale the unit shapes), or flat
// colours without multisampling (every sample of a pixel gets the same id)
void PrepareShading(const VisScene& scn, bool segment) {
  gl.Disable(GL_COLOR_MATERIAL);
  if (scn.flags[mjRND_CULL_FACE]) {
    gl.Enable(GL_CULL_FACE);
    gl.CullFace(GL_BACK);
  } else {
    gl.Disable(GL_CULL_FACE);
  }
  gl.FrontFace(GL_CCW);
  if (segment) {
    gl.Disable(GL_LIGHTING);
    gl.Disable(GL_MULTISAMPLE);
    gl.Disable(GL_BLEND);
    gl.Disable(GL_DITHER);
    return;
  }
  gl.Enable(GL_MULTISAMPLE);
  gl.Enable(GL_LIGHTING);
  gl.Enable(GL_NORMALIZE);
  gl.ShadeModel(GL_SMOOTH);
  gl.Disable(GL_BLEND);
}

// linear fog in eye distance, from fogStart to fogEnd (the model's fogstart and fogend times
// its extent), over everything drawn, the skybox included
void PrepareFog(const VisScene& scn, const RenderContext& con, bool segment) {
  if (segment || !scn.flags[mjRND_FOG]) {
    gl.Disable(GL_FOG);
    return;
  }
  gl.Enable(GL_FOG);
  gl.Fogi(GL_FOG_MODE, GL_LINEAR);
  gl.Fogf(GL_FOG_START, con.fogStart);
  gl.Fogf(GL_FOG_END, con.fogEnd);
  gl.Fogfv(GL_FOG_COLOR, con.fogRGBA);
}


// the opaque geoms; a mirror's colour added to reflectance times its reflection (measured: a
// wall's reflection in a floor of reflectance 0.5 reads floor + 0.5 wall, byte for byte)
void DrawOpaque(const VisScene& scn, const RenderContext& con, int opaque, bool reflect, Pass pass) {
  for (int k = 0; k < opaque; ++k) {
    const VisGeom& geom = scn.geoms[scn.geomorder[k]];
    if (pass == Pass::kDepth && IsLine(geom)) continue;  // lines cast no shadow (measured)
    if (reflect && IsMirror(geom) && pass == Pass::kColour) {
      gl.Enable(GL_BLEND);
      gl.BlendFunc(GL_ONE, GL_SRC_ALPHA);
      DrawGeom(geom, scn, con, pass, geom.reflectance);
      gl.Disable(GL_BLEND);
    } else {
      DrawGeom(geom, scn, con, pass, 1);
    }
  }
}

// a transparent geom: its far side, then its near side over it (measured: an alpha-0.5 box over
// a floor shows a quarter of the floor's colour, not half). Planes and lines have one side.
void DrawTransparent(const VisGeom& geom, const VisScene& scn, const RenderContext& con) {
  GLboolean culling = gl.IsEnabled(GL_CULL_FACE);
  gl.Enable(GL_CULL_FACE);
  if (geom.type != mjGEOM_PLANE && !IsLine(geom)) {
    gl.CullFace(GL_FRONT);
    DrawGeom(geom, scn, con, Pass::kColour, 1);
  }
  gl.CullFace(GL_BACK);
  DrawGeom(geom, scn, con, Pass::kColour, 1);
  if (!culling) gl.Disable(GL_CULL_FACE);
}

// light `light` added to the opaque geoms where it is not in their shadow: the geoms seen from
// the light into the shadow map, then drawn again over themselves (same depth) lit by that light
// alone, the shadow texture masking it, the colours summed
void AddShadowedLight(int light, const VisGLCamera& eye, RenderRect viewport, const VisScene& scn,
                      const RenderContext& con, int opaque, bool reflect) {
  GLint target = 0;
  gl.GetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &target);
  ShadowView view = LightShadowView(scn.lights[light], eye, con);
  BeginShadowMap(view, con);
  DrawOpaque(scn, con, scn.ngeom, false, Pass::kDepth);  // transparent geoms cast shadows too
  EndShadowMap(static_cast<unsigned>(target));
  gl.Viewport(viewport.left, viewport.bottom, viewport.width, viewport.height);
  gl.Enable(GL_SCISSOR_TEST);
  gl.ClipControl(GL_LOWER_LEFT, GL_ZERO_TO_ONE);
  gl.ClearDepth(0);
  SetProjection(eye, viewport);
  SetView(eye, scn);
  BindShadowTexture(view, con);
  SetLights(scn, con, light);
  gl.Enable(GL_BLEND);
  gl.BlendFunc(GL_ONE, GL_ONE);
  gl.DepthFunc(GL_EQUAL);
  gl.DepthMask(0);
  DrawOpaque(scn, con, opaque, reflect, Pass::kLightOnly);
  gl.DepthMask(1);
  gl.DepthFunc(GL_GEQUAL);
  gl.Disable(GL_BLEND);
  UnbindShadowTexture();
}

// the labels of the geoms that have one, over everything at each geom's position
void DrawLabels(const VisScene& scn, const RenderContext& con) {
  for (int i = 0; i < scn.ngeom; ++i) {
    const VisGeom& geom = scn.geoms[i];
    if (!geom.label[0]) continue;
    DrawText3D(geom.pos, std::string(geom.label, strnlen(geom.label, mjMAXLABEL)), con);
  }
}

}  // namespace

void RenderScene(RenderRect viewport, VisScene& scn, const RenderContext& con) {
  if (!con.glInitialized || viewport.width <= 0 || viewport.height <= 0) return;
  // ngeom and nlight are writable from Python: never past the buffers
  scn.ngeom = std::clamp(scn.ngeom, 0, static_cast<int>(scn.geoms.size()));
  scn.nlight = std::clamp(scn.nlight, 0, mjMAXLIGHT);
  bool segment = scn.flags[mjRND_SEGMENT];
  VisGLCamera eye = AverageCamera(scn.camera[0], scn.camera[1]);
  PrepareTarget(viewport);
  SetProjection(eye, viewport);
  SetView(eye, scn);
  PrepareShading(scn, segment);
  PrepareFog(scn, con, segment);
  bool sky = !segment && scn.flags[mjRND_SKYBOX];
  if (sky) DrawSkyboxFromInside(eye, con);
  // geoms as outlines over the solid sky (measured: segmentation and depth images stay solid)
  bool wireframe = !segment && scn.flags[mjRND_WIREFRAME];
  if (wireframe) gl.PolygonMode(GL_FRONT_AND_BACK, GL_LINE);
  bool shadows = false;
  for (int i = 0; i < std::min(scn.nlight, kMaxGLLights) && !segment; ++i) {
    shadows = shadows || CastsShadow(scn, i, con);
  }
  int base_lights = shadows ? kUnshadowedLights : kAllLights;
  if (!segment) SetLights(scn, con, base_lights);
  int opaque = OrderGeoms(scn, segment);
  bool reflect = !segment && scn.flags[mjRND_REFLECTION];
  bool reflected = false;
  for (int k = 0; k < opaque && reflect; ++k) {
    int g = scn.geomorder[k];
    if (IsMirror(scn.geoms[g])) {
      DrawReflection(g, scn, con, opaque, base_lights);
      reflected = true;
    }
  }
  if (reflected && sky) {  // the reflections cleared the depth buffer: the sky's depth again
    gl.ColorMask(0, 0, 0, 0);
    DrawSkyboxFromInside(eye, con);
    gl.ColorMask(1, 1, 1, 1);
  }
  DrawOpaque(scn, con, opaque, reflect, segment ? Pass::kSegment : Pass::kColour);
  for (int i = 0; i < std::min(scn.nlight, kMaxGLLights) && shadows; ++i) {
    if (CastsShadow(scn, i, con)) AddShadowedLight(i, eye, viewport, scn, con, opaque, reflect);
  }
  if (shadows) SetLights(scn, con, kAllLights);
  // transparent geoms blend over what is behind them (or add to it, with mjRND_ADDITIVE) and
  // do not hide one another
  gl.Enable(GL_BLEND);
  gl.BlendFunc(GL_SRC_ALPHA, scn.flags[mjRND_ADDITIVE] ? GL_ONE : GL_ONE_MINUS_SRC_ALPHA);
  gl.DepthMask(0);
  for (int k = opaque; k < scn.ngeom; ++k) DrawTransparent(scn.geoms[scn.geomorder[k]], scn, con);
  gl.DepthMask(1);
  gl.Disable(GL_BLEND);
  gl.Disable(GL_FOG);
  gl.PolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  if (!segment) DrawLabels(scn, con);
  gl.Disable(GL_SCISSOR_TEST);
  gl.Enable(GL_MULTISAMPLE);
  gl.ClipControl(GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE);  // GL's default, for other drawing
  gl.ClearDepth(1);
  gl.DepthFunc(GL_LESS);
}

}  // namespace mjsim
