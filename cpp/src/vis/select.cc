// select.cc: mjv_select: the body under a point of the window. The ray leaves the average eye
// through the point (relx, rely in [0, 1], from the bottom left) of the near plane, whose
// width is the frustum's height times the aspect ratio (an orthographic view casts parallel
// rays from the point itself), and hits the geoms and skins the option shows (flexes are not
// hit yet: flexid stays -1). A skin hit selects the hit triangle's vertex nearest to the hit as
// the point, and the bone body that weighs most on it (measured: dog.xml, skinned_tentacle.xml).
#include <algorithm>
#include <cmath>

#include "mjsim/api.h"
#include "mjsim/vis.h"
#include "util/math3.h"

namespace mjsim {
namespace {

// the distance along `direction` (in its units) at which the ray hits triangle abc from either
// side, or -1 (Moller and Trumbore's barycentric solution)
mjtNum RayTriangle(const mjtNum origin[3], const mjtNum direction[3], const mjtNum a[3],
                   const mjtNum b[3], const mjtNum c[3]) {
  mjtNum e1[3], e2[3], p[3], t[3], q[3];
  Sub3(e1, b, a);
  Sub3(e2, c, a);
  Cross3(p, direction, e2);
  mjtNum det = Dot3(e1, p);
  if (std::abs(det) < mjMINVAL) return -1;
  Sub3(t, origin, a);
  mjtNum u = Dot3(t, p) / det;
  if (u < 0 || u > 1) return -1;
  Cross3(q, t, e1);
  mjtNum v = Dot3(direction, q) / det;
  if (v < 0 || u + v > 1) return -1;
  mjtNum distance = Dot3(e2, q) / det;
  return distance >= 0 ? distance : -1;
}

struct SkinHit {
  mjtNum distance = -1;
  int skin = -1, vertex = -1;  // the hit triangle's vertex nearest to the hit
};

void Vertex(const VisScene& scn, int skin, int v, mjtNum out[3]) {
  const float* vertex = scn.skinvert.data() + 3 * (scn.skinvertadr[skin] + v);
  for (int i = 0; i < 3; ++i) out[i] = vertex[i];
}

// the nearest hit of the skins shown, from the scene's vertices (mjv_updateSkin's)
SkinHit RaySkins(const Model& m, const VisOption& opt, const VisScene& scn, const mjtNum origin[3],
                 const mjtNum direction[3]) {
  SkinHit hit;
  if (!opt.flags[mjVIS_SKIN]) return hit;
  for (int skin = 0; skin < std::min(m.nskin, scn.nskin); ++skin) {
    int group = std::clamp(m.skin_group[skin], 0, mjNGROUP - 1);
    if (!opt.skingroup[group]) continue;
    const int* faces = m.skin_face + 3 * m.skin_faceadr[skin];
    for (int f = 0; f < m.skin_facenum[skin]; ++f) {
      mjtNum corner[3][3];
      for (int k = 0; k < 3; ++k) Vertex(scn, skin, faces[3 * f + k], corner[k]);
      mjtNum distance = RayTriangle(origin, direction, corner[0], corner[1], corner[2]);
      if (distance < 0 || (hit.distance >= 0 && distance >= hit.distance)) continue;
      mjtNum point[3], nearest = -1;
      for (int i = 0; i < 3; ++i) point[i] = origin[i] + distance * direction[i];
      for (int k = 0; k < 3; ++k) {
        mjtNum offset[3];
        Sub3(offset, point, corner[k]);
        if (nearest < 0 || Norm3(offset) < nearest) {
          nearest = Norm3(offset);
          hit.vertex = faces[3 * f + k];
        }
      }
      hit.distance = distance;
      hit.skin = skin;
    }
  }
  return hit;
}

// the bone body of `skin` with the largest weight on vertex `vertex`
int HeaviestBone(const Model& m, int skin, int vertex) {
  int body = -1;
  mjtNum heaviest = 0;
  for (int bone = m.skin_boneadr[skin]; bone < m.skin_boneadr[skin] + m.skin_bonenum[skin];
       ++bone) {
    for (int k = m.skin_bonevertadr[bone]; k < m.skin_bonevertadr[bone] + m.skin_bonevertnum[bone];
         ++k) {
      if (m.skin_bonevertid[k] == vertex && (body < 0 || m.skin_bonevertweight[k] > heaviest)) {
        body = m.skin_bonebodyid[bone];
        heaviest = m.skin_bonevertweight[k];
      }
    }
  }
  return body;
}

}  // namespace

int Select(const Model& m, const Data& d, const VisOption& opt, mjtNum aspectratio, mjtNum relx,
           mjtNum rely, const VisScene& scn, mjtNum selpnt[3], int* geomid, int* flexid,
           int* skinid) {
  *geomid = *flexid = *skinid = -1;
  mjtNum head[3], forward[3], up[3], right[3];
  CameraInModel(head, forward, up, scn);
  Cross3(right, forward, up);
  const VisGLCamera& eye = scn.camera[0];
  mjtNum height = static_cast<mjtNum>(eye.frustum_top) - eye.frustum_bottom;
  mjtNum x = eye.frustum_center + (2 * relx - 1) * aspectratio * height / 2;
  mjtNum y = eye.frustum_bottom + rely * height;
  mjtNum origin[3], direction[3];
  for (int i = 0; i < 3; ++i) {
    if (eye.orthographic) {
      origin[i] = head[i] + x * right[i] + y * up[i];
      direction[i] = forward[i];
    } else {
      origin[i] = head[i];
      direction[i] = eye.frustum_near * forward[i] + x * right[i] + y * up[i];
    }
  }
  mjtNum distance = mj_ray(m, d, origin, direction, opt.geomgroup, opt.flags[mjVIS_STATIC], -1,
                           geomid);
  if (distance < 0 || *geomid < 0) {
    *geomid = -1;
    distance = -1;
  }
  SkinHit skin = RaySkins(m, opt, scn, origin, direction);
  bool skin_first = skin.distance >= 0 && (distance < 0 || skin.distance < distance);
  if (skin_first) {
    distance = skin.distance;
    *geomid = -1;
    *skinid = skin.skin;
  }
  if (distance < 0) return -1;
  if (skin_first) {  // the selected point is the vertex (measured)
    Vertex(scn, skin.skin, skin.vertex, selpnt);
    return HeaviestBone(m, skin.skin, skin.vertex);
  }
  for (int i = 0; i < 3; ++i) selpnt[i] = origin[i] + distance * direction[i];
  return m.geom_bodyid[*geomid];
}

}  // namespace mjsim
