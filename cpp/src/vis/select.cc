// select.cc: mjv_select: the body under a point of the window. The ray leaves the average eye
// through the point (relx, rely in [0, 1], from the bottom left) of the near plane, whose
// width is the frustum's height times the aspect ratio (an orthographic view casts parallel
// rays from the point itself), and hits the geoms the option shows. Skins and flexes are not
// hit yet (their ray functions belong to the flex issue): flexid and skinid stay -1.
#include "mjsim/api.h"
#include "mjsim/vis.h"
#include "util/math3.h"

namespace mjsim {

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
    return -1;
  }
  for (int i = 0; i < 3; ++i) selpnt[i] = origin[i] + distance * direction[i];
  return m.geom_bodyid[*geomid];
}

}  // namespace mjsim
