// com.cc: center-of-mass quantities, pipeline stage 3 (Computation "com-based quantities";
// checklist C.2). The c-frame of a kinematic tree is world-aligned, centered at the subtree
// com of the tree's root body.
//   reads   m.body_parentid body_rootid body_mass body_subtreemass body_inertia jnt_* body_jnt*
//           d.xpos xmat xipos ximat xanchor xaxis                  (written by kinematics.cc)
//   writes  d.subtree_com cinert cdof
#include "mjsim/api.h"
#include "util/math3.h"

namespace mjsim {
namespace {

// subtree_com = sum of mass * xipos over the subtree, divided by the subtree mass
void ComputeSubtreeCom(const Model& m, Data& d) {
  for (int b = 0; b < m.nbody; ++b) Scale3(d.subtree_com + 3 * b, d.xipos + 3 * b, m.body_mass[b]);
  for (int b = m.nbody - 1; b > 0; --b) {  // parents precede children: one backward sweep
    AddTo3(d.subtree_com + 3 * m.body_parentid[b], d.subtree_com + 3 * b);
  }
  for (int b = 0; b < m.nbody; ++b) {
    if (m.body_subtreemass[b] < mjMINVAL) {
      Copy3(d.subtree_com + 3 * b, d.xipos + 3 * b);
    } else {
      Scale3(d.subtree_com + 3 * b, d.subtree_com + 3 * b, 1 / m.body_subtreemass[b]);
    }
  }
}

// cinert = (I_xx I_yy I_zz I_xy I_xz I_yz, m*d, m) about the c-frame origin, d = xipos - origin:
// I = R (diag(inertia) R') + m (|d|^2 I3 - d d'), with the reference's operation order (each
// entry bit-equal, measured on the corpus): the products as grouped here, and the parallel-axis
// diagonal as m (d_y^2 + d_z^2), not m (|d|^2 - d_x^2).
void ComputeComInertia(mjtNum cinert[10], const mjtNum R[9], const mjtNum diagonal[3],
                       mjtNum mass, const mjtNum d[3]) {
  mjtNum scaled[9];  // diag(inertia) R'
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) scaled[3 * i + j] = diagonal[i] * R[3 * j + i];
  }
  auto rotated = [&](int r, int c) {  // (R scaled)[r][c]
    return R[3 * r] * scaled[c] + R[3 * r + 1] * scaled[3 + c] + R[3 * r + 2] * scaled[6 + c];
  };
  cinert[0] = rotated(0, 0) + mass * (d[1] * d[1] + d[2] * d[2]);
  cinert[1] = rotated(1, 1) + mass * (d[0] * d[0] + d[2] * d[2]);
  cinert[2] = rotated(2, 2) + mass * (d[0] * d[0] + d[1] * d[1]);
  cinert[3] = rotated(0, 1) - mass * d[0] * d[1];
  cinert[4] = rotated(0, 2) - mass * d[0] * d[2];
  cinert[5] = rotated(1, 2) - mass * d[1] * d[2];
  Scale3(cinert + 6, d, mass);
  cinert[9] = mass;
}

void ComputeComInertias(const Model& m, Data& d) {
  for (int i = 0; i < 10; ++i) d.cinert[i] = 0;
  for (int b = 1; b < m.nbody; ++b) {
    mjtNum offset[3];
    Sub3(offset, d.xipos + 3 * b, d.subtree_com + 3 * m.body_rootid[b]);
    ComputeComInertia(d.cinert + 10 * b, d.ximat + 9 * b, m.body_inertia + 3 * b, m.body_mass[b],
                      offset);
  }
}

// one rotational dof about `axis` through `anchor`: (axis, axis x (origin - anchor))
void SetRotationalDof(mjtNum cdof[6], const mjtNum axis[3], const mjtNum anchor[3],
                      const mjtNum origin[3]) {
  mjtNum offset[3];
  Sub3(offset, origin, anchor);
  Copy3(cdof, axis);
  Cross3(cdof + 3, axis, offset);
}

void SetTranslationalDof(mjtNum cdof[6], const mjtNum axis[3]) {
  Zero3(cdof);
  Copy3(cdof + 3, axis);
}

// cdof: the motion of each dof as a spatial velocity (rot:lin) in the c-frame
void ComputeMotionDofs(const Model& m, Data& d) {
  for (int j = 0; j < m.njnt; ++j) {
    int b = m.jnt_bodyid[j];
    const mjtNum* origin = d.subtree_com + 3 * m.body_rootid[b];
    const mjtNum* anchor = d.xanchor + 3 * j;
    mjtNum* cdof = d.cdof + 6 * m.jnt_dofadr[j];
    mjtNum frame[9];  // body axes as rows: ball and free rotations are in the body frame
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) frame[3 * r + c] = d.xmat[9 * b + 3 * c + r];
    }
    switch (m.jnt_type[j]) {
      case mjJNT_FREE: {
        static const mjtNum world_axes[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        for (int i = 0; i < 3; ++i) SetTranslationalDof(cdof + 6 * i, world_axes + 3 * i);
        for (int i = 0; i < 3; ++i) SetRotationalDof(cdof + 6 * (i + 3), frame + 3 * i, anchor, origin);
        break;
      }
      case mjJNT_BALL:
        for (int i = 0; i < 3; ++i) SetRotationalDof(cdof + 6 * i, frame + 3 * i, anchor, origin);
        break;
      case mjJNT_SLIDE:
        SetTranslationalDof(cdof, d.xaxis + 3 * j);
        break;
      case mjJNT_HINGE:
        SetRotationalDof(cdof, d.xaxis + 3 * j, anchor, origin);
        break;
    }
  }
}

}  // namespace

void mj_comPos(const Model& m, Data& d) {
  ComputeSubtreeCom(m, d);
  ComputeComInertias(m, d);
  ComputeMotionDofs(m, d);
}

}  // namespace mjsim
