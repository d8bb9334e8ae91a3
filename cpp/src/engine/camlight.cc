// camlight.cc: positions and orientations of cameras and lights, pipeline stage after
// kinematics and com (Computation "Forward kinematics"; checklist C.1 mj_camLight).
//   reads   m.cam_* light_* (mode, bodyid, targetbodyid, pos, quat, dir, pos0, poscom0, mat0, dir0)
//           d.xpos xmat subtree_com
//   writes  d.cam_xpos cam_xmat light_xpos light_xdir
// fixed: rigid in the body. track: world offset pos0 from the body, orientation fixed at
// qpos0. trackcom: world offset poscom0 from the body's subtree com. targetbody(com): position
// as fixed, looking (-z for cameras, dir for lights) at the target body (its subtree com).
#include "mjsim/api.h"
#include "util/math3.h"

namespace mjsim {
namespace {

// the point a camera or light follows: the body frame, its subtree com, or the target
void FollowedPosition(mjtNum pos[3], const Data& d, int mode, int body, const mjtNum pos0[3],
                      const mjtNum poscom0[3]) {
  if (mode == 1) {
    Add3(pos, d.xpos + 3 * body, pos0);
  } else {  // trackcom
    Add3(pos, d.subtree_com + 3 * body, poscom0);
  }
}

// unit vector from `from` towards the target body (or its subtree com)
bool TargetDirection(mjtNum dir[3], const Data& d, int mode, int target, const mjtNum from[3]) {
  if (target < 0) return false;
  const mjtNum* point = mode == 4 ? d.subtree_com + 3 * target : d.xpos + 3 * target;
  Sub3(dir, point, from);
  return Normalize3(dir) > 0;
}

void ComputeCamera(const Model& m, Data& d, int c) {
  int mode = m.cam_mode[c], body = m.cam_bodyid[c];
  mjtNum* xpos = d.cam_xpos + 3 * c;
  mjtNum* xmat = d.cam_xmat + 9 * c;
  if (mode == 1 || mode == 2) {
    FollowedPosition(xpos, d, mode, body, m.cam_pos0 + 3 * c, m.cam_poscom0 + 3 * c);
    Copy9(xmat, m.cam_mat0 + 9 * c);
    return;
  }
  // rigid in the body
  mjtNum local[9];
  MulMatVec3(xpos, d.xmat + 9 * body, m.cam_pos + 3 * c);
  AddTo3(xpos, d.xpos + 3 * body);
  QuatToMat(local, m.cam_quat + 4 * c);
  MulMat3(xmat, d.xmat + 9 * body, local);
  mjtNum look[3];
  if ((mode == 3 || mode == 4) && TargetDirection(look, d, mode, m.cam_targetbodyid[c], xpos)) {
    // z = -look; x = normalize(world up x z); y = z x x
    mjtNum z[3] = {-look[0], -look[1], -look[2]}, up[3] = {0, 0, 1}, x[3], y[3];
    Cross3(x, up, z);
    Normalize3(x);
    Cross3(y, z, x);
    for (int i = 0; i < 3; ++i) {
      xmat[3 * i] = x[i];
      xmat[3 * i + 1] = y[i];
      xmat[3 * i + 2] = z[i];
    }
  }
}

void ComputeLight(const Model& m, Data& d, int l) {
  int mode = m.light_mode[l], body = m.light_bodyid[l];
  mjtNum* xpos = d.light_xpos + 3 * l;
  mjtNum* xdir = d.light_xdir + 3 * l;
  if (mode == 1 || mode == 2) {
    FollowedPosition(xpos, d, mode, body, m.light_pos0 + 3 * l, m.light_poscom0 + 3 * l);
    Copy3(xdir, m.light_dir0 + 3 * l);
    return;
  }
  MulMatVec3(xpos, d.xmat + 9 * body, m.light_pos + 3 * l);
  AddTo3(xpos, d.xpos + 3 * body);
  MulMatVec3(xdir, d.xmat + 9 * body, m.light_dir + 3 * l);
  if (mode == 3 || mode == 4) TargetDirection(xdir, d, mode, m.light_targetbodyid[l], xpos);
}

}  // namespace

void mj_camlight(const Model& m, Data& d) {
  for (int c = 0; c < m.ncam; ++c) ComputeCamera(m, d, c);
  for (int l = 0; l < m.nlight; ++l) ComputeLight(m, d, l);
}

}  // namespace mjsim
