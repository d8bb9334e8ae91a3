// scene.cc: making a scene for a model, the geom helpers (mjv_initGeom, mjv_connector) and
// mjv_updateScene: the cameras first (the headlight sits at the eyes), then geoms and lights.
#include <algorithm>
#include <cmath>

#include "mjsim/vis.h"
#include "util/math3.h"

namespace mjsim {

VisScene MakeScene(const Model* m, int maxgeom) {
  VisScene scn;
  scn.maxgeom = std::max(maxgeom, 0);
  scn.geoms.assign(scn.maxgeom, VisGeom());
  scn.geomorder.assign(scn.maxgeom, 0);
  if (!m) return scn;
  scn.nskin = m->nskin;
  scn.skinfacenum.assign(m->nskin, 0);
  scn.skinvertadr.assign(m->nskin, 0);
  scn.skinvertnum.assign(m->nskin, 0);
  int vertices = 0, largest = 0;
  for (int s = 0; s < m->nskin; ++s) {
    largest = std::max(largest, m->skin_vertnum[s]);
    scn.skinfacenum[s] = m->skin_facenum[s];
    scn.skinvertadr[s] = vertices;
    scn.skinvertnum[s] = m->skin_vertnum[s];
    vertices += m->skin_vertnum[s];
  }
  scn.skinvert.assign(3 * vertices, 0);
  scn.skinnormal.assign(3 * vertices, 0);
  scn.skin_scratch.assign(7 * static_cast<size_t>(largest), 0);
  return scn;
}

void InitGeom(VisGeom& geom, int type, const mjtNum size[3], const mjtNum pos[3],
              const mjtNum mat[9], const float rgba[4]) {
  geom = VisGeom();
  geom.type = type;
  for (int i = 0; i < 3; ++i) {
    geom.size[i] = size ? static_cast<float>(size[i]) : 0.1f;
    geom.pos[i] = pos ? static_cast<float>(pos[i]) : 0;
  }
  if (mat) {
    for (int i = 0; i < 9; ++i) geom.mat[i] = static_cast<float>(mat[i]);
  }
  if (rgba) std::copy(rgba, rgba + 4, geom.rgba);
  geom.objtype = mjOBJ_UNKNOWN;
  geom.category = mjCAT_DECOR;
}

void Connector(VisGeom& geom, int type, mjtNum width, const mjtNum from[3], const mjtNum to[3]) {
  mjtNum direction[3], quat[4], mat[9];
  Sub3(direction, to, from);
  mjtNum length = Norm3(direction);
  ZAxisToQuat(quat, direction);
  QuatToMat(mat, quat);
  bool centred = type == mjGEOM_CAPSULE || type == mjGEOM_CYLINDER;
  geom.type = type;
  geom.size[0] = geom.size[1] = static_cast<float>(width);
  geom.size[2] = static_cast<float>(centred ? length / 2 : length);
  for (int i = 0; i < 3; ++i) {
    geom.pos[i] = static_cast<float>(centred ? (from[i] + to[i]) / 2 : from[i]);
  }
  for (int i = 0; i < 9; ++i) geom.mat[i] = static_cast<float>(mat[i]);
}

void UpdateScene(const Model& m, const Data& d, const VisOption& opt, const VisPerturb* pert,
                 VisCamera& cam, int catmask, VisScene& scn) {
  scn.ngeom = 0;
  scn.status = 0;
  // the renderer's flex options travel in the scene (measured: mjv_updateScene copies them,
  // whatever catmask; mjv_addGeoms does not)
  scn.flexvertopt = opt.flags[mjVIS_FLEXVERT];
  scn.flexedgeopt = opt.flags[mjVIS_FLEXEDGE];
  scn.flexfaceopt = opt.flags[mjVIS_FLEXFACE];
  scn.flexskinopt = opt.flags[mjVIS_FLEXSKIN];
  AddGeoms(m, d, opt, pert, catmask, scn);  // before the eyes move: infinite planes follow them
  UpdateCamera(m, d, cam, scn);
  MakeLights(m, d, scn);
  UpdateSkin(m, d, scn);
}

}  // namespace mjsim
