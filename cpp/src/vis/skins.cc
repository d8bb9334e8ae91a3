// skins.cc: mjv_updateSkin: each skin's vertices moved by its bones. A vertex is the weighted
// average, over the bones that influence it, of its bind-pose position carried by the bone:
// xpos + xmat * bindquat^-1 * (v - bindpos) (the Modeling guide's skin section); normals are
// the normalized sums of the adjacent faces' (area-weighted) normals, and `inflate` pushes the
// vertices along them.
#include <algorithm>
#include <cmath>

#include "mjsim/vis.h"
#include "util/math3.h"

namespace mjsim {
namespace {

// the pose a bone gives its bind-pose vertices: world = rotation * v + shift, with rotation =
// xmat * bindquat^-1 and shift = xpos - rotation * bindpos
void BonePose(const Model& m, const Data& d, int bone, mjtNum rotation[9], mjtNum shift[3]) {
  mjtNum bindquat[4], inverse[4], unbind[9], bindpos[3], moved[3];
  for (int i = 0; i < 4; ++i) bindquat[i] = m.skin_bonebindquat[4 * bone + i];
  for (int i = 0; i < 3; ++i) bindpos[i] = m.skin_bonebindpos[3 * bone + i];
  ConjugateQuat(inverse, bindquat);
  QuatToMat(unbind, inverse);
  int body = m.skin_bonebodyid[bone];
  MulMat3(rotation, d.xmat + 9 * body, unbind);
  MulMatVec3(moved, rotation, bindpos);
  Sub3(shift, d.xpos + 3 * body, moved);
}

// vertices (3 per vertex) and weights (1 per vertex) are scratch of the skin's size
void MoveVertices(const Model& m, const Data& d, int skin, mjtNum* __restrict vertices,
                  mjtNum* __restrict weights) {
  int count = m.skin_vertnum[skin];
  std::fill(vertices, vertices + 3 * count, 0);
  std::fill(weights, weights + count, 0);
  const float* __restrict bind_vertices = m.skin_vert + 3 * m.skin_vertadr[skin];
  const int* __restrict vertex_ids = m.skin_bonevertid;
  const float* __restrict vertex_weights = m.skin_bonevertweight;
  for (int bone = m.skin_boneadr[skin]; bone < m.skin_boneadr[skin] + m.skin_bonenum[skin];
       ++bone) {
    mjtNum r[9], shift[3];
    BonePose(m, d, bone, r, shift);
    int first = m.skin_bonevertadr[bone], last = first + m.skin_bonevertnum[bone];
    for (int k = first; k < last; ++k) {
      int v = vertex_ids[k];
      mjtNum weight = vertex_weights[k];
      const float* b = bind_vertices + 3 * v;
      mjtNum* out = vertices + 3 * v;
      out[0] += weight * (r[0] * b[0] + r[1] * b[1] + r[2] * b[2] + shift[0]);
      out[1] += weight * (r[3] * b[0] + r[4] * b[1] + r[5] * b[2] + shift[1]);
      out[2] += weight * (r[6] * b[0] + r[7] * b[1] + r[8] * b[2] + shift[2]);
      weights[v] += weight;
    }
  }
  for (int v = 0; v < count; ++v) {
    if (weights[v] > mjMINVAL) Scale3(vertices + 3 * v, vertices + 3 * v, 1 / weights[v]);
  }
}

void VertexNormals(const Model& m, int skin, const mjtNum* __restrict vertices,
                   mjtNum* __restrict normals) {
  int count = m.skin_vertnum[skin];
  std::fill(normals, normals + 3 * count, 0);
  const int* __restrict faces = m.skin_face + 3 * m.skin_faceadr[skin];
  for (int f = 0; f < m.skin_facenum[skin]; ++f) {
    const int* corner = faces + 3 * f;
    const mjtNum* a = vertices + 3 * corner[0];
    const mjtNum* b = vertices + 3 * corner[1];
    const mjtNum* c = vertices + 3 * corner[2];
    mjtNum e1[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
    mjtNum e2[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
    mjtNum normal[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2],
                        e1[0] * e2[1] - e1[1] * e2[0]};
    for (int k = 0; k < 3; ++k) {
      mjtNum* out = normals + 3 * corner[k];
      out[0] += normal[0];
      out[1] += normal[1];
      out[2] += normal[2];
    }
  }
  for (int v = 0; v < count; ++v) Normalize3(normals + 3 * v);
}

}  // namespace

void UpdateSkin(const Model& m, const Data& d, VisScene& scn) {
  for (int skin = 0; skin < std::min(m.nskin, scn.nskin); ++skin) {
    int count = m.skin_vertnum[skin];
    if (scn.skin_scratch.size() < 7 * static_cast<size_t>(count)) continue;  // another model's
    mjtNum* vertices = scn.skin_scratch.data();
    mjtNum* normals = vertices + 3 * count;
    MoveVertices(m, d, skin, vertices, normals + 3 * count);
    VertexNormals(m, skin, vertices, normals);
    float* out_vertices = scn.skinvert.data() + 3 * scn.skinvertadr[skin];
    float* out_normals = scn.skinnormal.data() + 3 * scn.skinvertadr[skin];
    mjtNum inflate = m.skin_inflate[skin];
    for (int i = 0; i < 3 * count; ++i) {
      out_vertices[i] = static_cast<float>(vertices[i] + inflate * normals[i]);
      out_normals[i] = static_cast<float>(normals[i]);
    }
  }
}

}  // namespace mjsim
