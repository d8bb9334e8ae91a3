// skins.cc: mjv_updateSkin: each skin's vertices moved by its bones. A vertex is the weighted
// average, over the bones that influence it, of its bind-pose position carried by the bone:
// xpos + xmat * bindquat^-1 * (v - bindpos) (the Modeling guide's skin section); normals are
// the normalized sums of the adjacent faces' (area-weighted) normals, and `inflate` pushes the
// vertices along them.
#include <algorithm>
#include <cmath>
#include <vector>

#include "mjsim/vis.h"
#include "util/math3.h"

namespace mjsim {
namespace {

void MoveVertices(const Model& m, const Data& d, int skin, std::vector<mjtNum>& vertices) {
  int count = m.skin_vertnum[skin];
  vertices.assign(3 * count, 0);
  std::vector<mjtNum> weights(count, 0);
  const float* bind_vertices = m.skin_vert + 3 * m.skin_vertadr[skin];
  for (int bone = m.skin_boneadr[skin]; bone < m.skin_boneadr[skin] + m.skin_bonenum[skin];
       ++bone) {
    int body = m.skin_bonebodyid[bone];
    mjtNum bindquat[4], inverse[4], bindpos[3];
    for (int i = 0; i < 4; ++i) bindquat[i] = m.skin_bonebindquat[4 * bone + i];
    for (int i = 0; i < 3; ++i) bindpos[i] = m.skin_bonebindpos[3 * bone + i];
    ConjugateQuat(inverse, bindquat);
    for (int k = m.skin_bonevertadr[bone]; k < m.skin_bonevertadr[bone] + m.skin_bonevertnum[bone];
         ++k) {
      int v = m.skin_bonevertid[k];
      mjtNum weight = m.skin_bonevertweight[k], offset[3], local[3], world[3];
      for (int i = 0; i < 3; ++i) offset[i] = bind_vertices[3 * v + i] - bindpos[i];
      RotateVecByQuat(local, offset, inverse);
      MulMatVec3(world, d.xmat + 9 * body, local);
      AddTo3(world, d.xpos + 3 * body);
      AddScaledTo3(&vertices[3 * v], world, weight);
      weights[v] += weight;
    }
  }
  for (int v = 0; v < count; ++v) {
    if (weights[v] > mjMINVAL) Scale3(&vertices[3 * v], &vertices[3 * v], 1 / weights[v]);
  }
}

void VertexNormals(const Model& m, int skin, const std::vector<mjtNum>& vertices,
                   std::vector<mjtNum>& normals) {
  normals.assign(vertices.size(), 0);
  const int* faces = m.skin_face + 3 * m.skin_faceadr[skin];
  for (int f = 0; f < m.skin_facenum[skin]; ++f) {
    const int* corner = faces + 3 * f;
    mjtNum e1[3], e2[3], normal[3];
    Sub3(e1, &vertices[3 * corner[1]], &vertices[3 * corner[0]]);
    Sub3(e2, &vertices[3 * corner[2]], &vertices[3 * corner[0]]);
    Cross3(normal, e1, e2);
    for (int c = 0; c < 3; ++c) AddTo3(&normals[3 * corner[c]], normal);
  }
  for (size_t v = 0; v < normals.size() / 3; ++v) Normalize3(&normals[3 * v]);
}

}  // namespace

void UpdateSkin(const Model& m, const Data& d, VisScene& scn) {
  std::vector<mjtNum> vertices, normals;
  for (int skin = 0; skin < std::min(m.nskin, scn.nskin); ++skin) {
    MoveVertices(m, d, skin, vertices);
    VertexNormals(m, skin, vertices, normals);
    float* out_vertices = scn.skinvert.data() + 3 * scn.skinvertadr[skin];
    float* out_normals = scn.skinnormal.data() + 3 * scn.skinvertadr[skin];
    mjtNum inflate = m.skin_inflate[skin];
    for (size_t i = 0; i < vertices.size(); ++i) {
      out_vertices[i] = static_cast<float>(vertices[i] + inflate * normals[i]);
      out_normals[i] = static_cast<float>(normals[i]);
    }
  }
}

}  // namespace mjsim
