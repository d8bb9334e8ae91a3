// kinematics.cc: forward kinematics, pipeline stage 2 (Computation "Forward kinematics";
// checklist C.1).
//   reads   m.body_* jnt_* geom_pos geom_quat site_pos site_quat qpos0
//           d.qpos mocap_pos mocap_quat
//   writes  d.xpos xquat xmat xipos ximat xanchor xaxis geom_xpos geom_xmat site_xpos site_xmat
#include "mjsim/api.h"
#include "util/math3.h"

namespace mjsim {
namespace {

// Body frame from the parent frame and the body offset, then each joint in document order:
// hinge and ball rotate about the anchor, slide translates along the axis, free sets the pose.
void ComputeBodyFrame(const Model& m, Data& d, int b) {
  mjtNum* xpos = d.xpos + 3 * b;
  mjtNum* xquat = d.xquat + 4 * b;
  int mocap = m.body_mocapid[b];
  if (mocap >= 0) {  // mocap bodies are children of the world: their pose is the input
    Copy3(xpos, d.mocap_pos + 3 * mocap);
    Copy4(xquat, d.mocap_quat + 4 * mocap);
    NormalizeQuat(xquat);
    return;
  }
  int first = m.body_jntadr[b];
  // a free joint (alone in its body) sets the pose whatever the parent's: the composition
  // below would be overwritten
  bool free = m.body_jntnum[b] == 1 && m.jnt_type[first] == mjJNT_FREE;
  if (!free) {
    // xpos = parent xpos + parent xmat * body_pos;  xquat = parent xquat * body_quat
    int parent = m.body_parentid[b];
    MulMatVec3(xpos, d.xmat + 9 * parent, m.body_pos + 3 * b);
    AddTo3(xpos, d.xpos + 3 * parent);
    MulQuat(xquat, d.xquat + 4 * parent, m.body_quat + 4 * b);
  }

  for (int j = first; j >= 0 && j < first + m.body_jntnum[b]; ++j) {
    const mjtNum* q = d.qpos + m.jnt_qposadr[j];
    mjtNum* xanchor = d.xanchor + 3 * j;
    mjtNum* xaxis = d.xaxis + 3 * j;
    if (m.jnt_type[j] == mjJNT_FREE) {
      Copy3(xpos, q);
      Copy4(xquat, q + 3);
      NormalizeQuat(xquat);
      Copy3(xanchor, xpos);
      Copy3(xaxis, m.jnt_axis + 3 * j);
      continue;
    }
    // anchor and axis in the world, before this joint moves the body
    RotateVecByQuat(xanchor, m.jnt_pos + 3 * j, xquat);
    AddTo3(xanchor, xpos);
    RotateVecByQuat(xaxis, m.jnt_axis + 3 * j, xquat);

    mjtNum rotation[4];
    switch (m.jnt_type[j]) {
      case mjJNT_SLIDE:
        AddScaledTo3(xpos, xaxis, q[0] - m.qpos0[m.jnt_qposadr[j]]);
        continue;
      case mjJNT_BALL:
        Copy4(rotation, q);
        NormalizeQuat(rotation);
        break;
      default:  // hinge: rotate about the local axis by q - qpos0
        AxisAngleToQuat(rotation, m.jnt_axis + 3 * j, q[0] - m.qpos0[m.jnt_qposadr[j]]);
        break;
    }
    MulQuat(xquat, xquat, rotation);
    // keep the anchor fixed: xpos = xanchor - R(xquat) jnt_pos
    mjtNum offset[3];
    RotateVecByQuat(offset, m.jnt_pos + 3 * j, xquat);
    Sub3(xpos, xanchor, offset);
  }
  NormalizeQuat(xquat);
}

// pos = xpos + xmat * local_pos;  mat = R(xquat * local_quat). `sameframe` (the compiler's
// *_sameframe flag: 1 body, 2 inertia, 3 body rotation, 4 inertia rotation) copies the frame,
// or its rotation, it coincides with, as the reference does: the compiler decides coincidence
// with a tolerance, so a local pos of 1e-19 gives the body's position exactly.
void ComputeAttachedFrame(mjtNum pos[3], mjtNum mat[9], const Data& d, int b,
                          const mjtNum local_pos[3], const mjtNum local_quat[4],
                          int sameframe = 0) {
  const mjtNum* frame_pos = sameframe == 1 ? d.xpos + 3 * b : d.xipos + 3 * b;
  const mjtNum* frame_mat = (sameframe == 1 || sameframe == 3) ? d.xmat + 9 * b : d.ximat + 9 * b;
  if (sameframe == 1 || sameframe == 2) {
    Copy3(pos, frame_pos);
  } else {
    MulMatVec3(pos, d.xmat + 9 * b, local_pos);
    AddTo3(pos, d.xpos + 3 * b);
  }
  if (sameframe != 0) {
    Copy9(mat, frame_mat);
    return;
  }
  mjtNum quat[4];
  MulQuat(quat, d.xquat + 4 * b, local_quat);
  QuatToMat(mat, quat);
}

}  // namespace

void mj_kinematics(const Model& m, Data& d) {
  // world body
  Zero3(d.xpos);
  d.xquat[0] = 1; d.xquat[1] = d.xquat[2] = d.xquat[3] = 0;
  QuatToMat(d.xmat, d.xquat);
  Zero3(d.xipos);
  Copy9(d.ximat, d.xmat);

  for (int b = 1; b < m.nbody; ++b) {  // parents precede children
    ComputeBodyFrame(m, d, b);
    QuatToMat(d.xmat + 9 * b, d.xquat + 4 * b);
    // the inertial frame coincides with the body frame or its rotation (1 or 3) at most
    int sameframe = m.body_sameframe[b] == 1 || m.body_sameframe[b] == 3 ? m.body_sameframe[b] : 0;
    ComputeAttachedFrame(d.xipos + 3 * b, d.ximat + 9 * b, d, b, m.body_ipos + 3 * b,
                         m.body_iquat + 4 * b, sameframe);
  }
  for (int g = 0; g < m.ngeom; ++g) {
    ComputeAttachedFrame(d.geom_xpos + 3 * g, d.geom_xmat + 9 * g, d, m.geom_bodyid[g],
                         m.geom_pos + 3 * g, m.geom_quat + 4 * g, m.geom_sameframe[g]);
  }
  for (int s = 0; s < m.nsite; ++s) {
    ComputeAttachedFrame(d.site_xpos + 3 * s, d.site_xmat + 9 * s, d, m.site_bodyid[s],
                         m.site_pos + 3 * s, m.site_quat + 4 * s, m.site_sameframe[s]);
  }
}

}  // namespace mjsim
