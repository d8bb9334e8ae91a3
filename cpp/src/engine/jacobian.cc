// jacobian.cc: Jacobians of points and frames on bodies with respect to qvel (support functions
// outside the pipeline, Computation chapter "Jacobians"; MuJoCo's mj_jac* family).
//   reads   m.body_parentid body_dofnum body_dofadr body_rootid body_subtreemass body_mass
//           m.dof_parentid geom_bodyid site_bodyid
//           d.cdof subtree_com xpos xipos geom_xpos site_xpos  (kinematics.cc, com.cc)
//           d.cvel                                            (velocity.cc, mj_jacDot only)
//   writes  the caller's 3 x nv row-major arrays; a null output is skipped
//
// Each dof i has the com-based motion axis cdof_i = (w_i, v_i): the spatial velocity per unit
// qvel_i expressed at c = subtree_com of the tree's root. A point p moved by dof i then has
//   jacp[:, i] = v_i + w_i x (p - c),   jacr[:, i] = w_i,
// and dofs that do not move the body (not on its chain to the root) have zero columns.
#include <cstring>

#include "engine/stages.h"
#include "mjsim/api.h"
#include "util/math3.h"
#include "util/spatial.h"

namespace mjsim {
namespace {

void ZeroJacobian(const Model& m, mjtNum* jac) {
  if (jac) std::memset(jac, 0, sizeof(mjtNum) * 3 * m.nv);
}

// column `dof` of a 3 x nv row-major matrix
void SetColumn(const Model& m, mjtNum* jac, int dof, const mjtNum value[3]) {
  for (int r = 0; r < 3; ++r) jac[r * m.nv + dof] = value[r];
}
void AddScaledColumn(const Model& m, mjtNum* jac, int dof, const mjtNum value[3], mjtNum s) {
  for (int r = 0; r < 3; ++r) jac[r * m.nv + dof] += s * value[r];
}

// velocity of point p per unit qvel of a dof with axis cdof, about the c-frame origin c
void PointVelocity(mjtNum result[3], const mjtNum cdof[6], const mjtNum offset[3]) {
  Cross3(result, cdof, offset);
  AddTo3(result, cdof + 3);
}

// offset = p - c, with c the com of the subtree of body's root
void OffsetFromRootCom(const Model& m, const Data& d, const mjtNum point[3], int body,
                       mjtNum offset[3]) {
  Sub3(offset, point, d.subtree_com + 3 * m.body_rootid[body]);
}

// d(cdof)/dt of one dof, with the c-frame held fixed. A joint's axis is carried by its parent
// body and by the joints of its own body up to and including itself (later joints of the body
// do not move it), so its rate is v x_m cdof with v = cvel of the parent body plus those joints'
// cdof * qvel. A free joint's translational axes are fixed in the world and do not change.
void DofAxisRate(const Model& m, const Data& d, int dof, mjtNum rate[6]) {
  int joint = m.dof_jntid[dof];
  if (m.jnt_type[joint] == mjJNT_FREE && dof < m.jnt_dofadr[joint] + 3) {
    Zero6(rate);
    return;
  }
  int body = m.dof_bodyid[dof];
  mjtNum carrier[6];
  Copy6(carrier, d.cvel + 6 * m.body_parentid[body]);
  int last = m.jnt_dofadr[joint] + JointDofCount(m.jnt_type[joint]) - 1;
  for (int k = m.body_dofadr[body]; k <= last; ++k) {
    AddScaledTo6(carrier, d.cdof + 6 * k, d.qvel[k]);
  }
  CrossMotion(rate, carrier, d.cdof + 6 * dof);
}

}  // namespace

void mj_jac(const Model& m, const Data& d, mjtNum* jacp, mjtNum* jacr, const mjtNum point[3],
            int body) {
  ZeroJacobian(m, jacp);
  ZeroJacobian(m, jacr);
  if (body <= 0 || body >= m.nbody) return;
  mjtNum offset[3];
  OffsetFromRootCom(m, d, point, body, offset);
  for (int dof = LastDofAbove(m, body); dof >= 0; dof = m.dof_parentid[dof]) {
    const mjtNum* cdof = d.cdof + 6 * dof;
    if (jacp) {
      mjtNum velocity[3];
      PointVelocity(velocity, cdof, offset);
      SetColumn(m, jacp, dof, velocity);
    }
    if (jacr) SetColumn(m, jacr, dof, cdof);
  }
}

void mj_jacBody(const Model& m, const Data& d, mjtNum* jacp, mjtNum* jacr, int body) {
  mj_jac(m, d, jacp, jacr, d.xpos + 3 * body, body);
}

void mj_jacBodyCom(const Model& m, const Data& d, mjtNum* jacp, mjtNum* jacr, int body) {
  mj_jac(m, d, jacp, jacr, d.xipos + 3 * body, body);
}

void mj_jacGeom(const Model& m, const Data& d, mjtNum* jacp, mjtNum* jacr, int geom) {
  mj_jac(m, d, jacp, jacr, d.geom_xpos + 3 * geom, m.geom_bodyid[geom]);
}

void mj_jacSite(const Model& m, const Data& d, mjtNum* jacp, mjtNum* jacr, int site) {
  mj_jac(m, d, jacp, jacr, d.site_xpos + 3 * site, m.site_bodyid[site]);
}

// d(subtree_com[body])/d(qvel) = sum over bodies b of the subtree of mass_b * jacp(xipos_b),
// divided by the subtree mass; body 0 gives the Jacobian of the whole model's com
void mj_jacSubtreeCom(const Model& m, const Data& d, mjtNum* jacp, int body) {
  ZeroJacobian(m, jacp);
  if (!jacp || body < 0 || body >= m.nbody || m.body_subtreemass[body] < mjMINVAL) return;
  for (int b = body > 0 ? body : 1; b < m.nbody; ++b) {
    int ancestor = b;  // parents precede children, so the subtree of `body` lies after it
    while (ancestor > body) ancestor = m.body_parentid[ancestor];
    if (ancestor != body) continue;
    mjtNum offset[3];
    OffsetFromRootCom(m, d, d.xipos + 3 * b, b, offset);
    for (int dof = LastDofAbove(m, b); dof >= 0; dof = m.dof_parentid[dof]) {
      mjtNum velocity[3];
      PointVelocity(velocity, d.cdof + 6 * dof, offset);
      AddScaledColumn(m, jacp, dof, velocity, m.body_mass[b]);
    }
  }
  mjtNum scale = 1 / m.body_subtreemass[body];
  for (int i = 0; i < 3 * m.nv; ++i) jacp[i] *= scale;
}

// jacAxis[:, i] = w_i x axis: the rate of change of a world-fixed-length axis carried by body
void mj_jacPointAxis(const Model& m, const Data& d, mjtNum* jacPoint, mjtNum* jacAxis,
                     const mjtNum point[3], const mjtNum axis[3], int body) {
  ZeroJacobian(m, jacAxis);
  mj_jac(m, d, jacPoint, nullptr, point, body);
  if (!jacAxis || body <= 0 || body >= m.nbody) return;
  for (int dof = LastDofAbove(m, body); dof >= 0; dof = m.dof_parentid[dof]) {
    mjtNum rate[3];
    Cross3(rate, d.cdof + 6 * dof, axis);
    SetColumn(m, jacAxis, dof, rate);
  }
}

// Time derivative of mj_jac's Jacobians at the current velocity (needs mj_comVel). With the
// c-frame held fixed at this instant, cdof changes at (wdot, vdot) (DofAxisRate) and the point
// moves with pdot = v_b + w_b x (p - c) (cvel of its body), so
//   jacp_dot[:, i] = vdot_i + wdot_i x (p - c) + w_i x pdot,   jacr_dot[:, i] = wdot_i.
void mj_jacDot(const Model& m, const Data& d, mjtNum* jacp, mjtNum* jacr, const mjtNum point[3],
               int body) {
  ZeroJacobian(m, jacp);
  ZeroJacobian(m, jacr);
  if (body <= 0 || body >= m.nbody) return;
  mjtNum offset[3], point_velocity[3];
  OffsetFromRootCom(m, d, point, body, offset);
  PointVelocity(point_velocity, d.cvel + 6 * body, offset);
  for (int dof = LastDofAbove(m, body); dof >= 0; dof = m.dof_parentid[dof]) {
    mjtNum cdof_dot[6];
    DofAxisRate(m, d, dof, cdof_dot);
    if (jacp) {
      mjtNum rate[3], carried[3];
      PointVelocity(rate, cdof_dot, offset);
      Cross3(carried, d.cdof + 6 * dof, point_velocity);
      AddTo3(rate, carried);
      SetColumn(m, jacp, dof, rate);
    }
    if (jacr) SetColumn(m, jacr, dof, cdof_dot);
  }
}

}  // namespace mjsim

namespace mjsim {

// res = efc_J vec (nefc values) and res = efc_J' vec (nv values), with the dense constraint
// Jacobian of the current constraint rows (mj_makeConstraint)
void mj_mulJacVec(const Model& m, const Data& d, mjtNum* res, const mjtNum* vec) {
  for (int r = 0; r < d.nefc; ++r) {
    const mjtNum* row = d.efc_J + static_cast<size_t>(r) * m.nv;
    mjtNum sum = 0;
    for (int j = 0; j < m.nv; ++j) sum += row[j] * vec[j];
    res[r] = sum;
  }
}

void mj_mulJacTVec(const Model& m, const Data& d, mjtNum* res, const mjtNum* vec) {
  if (d.nefc == 0) return;  // observed: the reference leaves res as it was
  for (int j = 0; j < m.nv; ++j) res[j] = 0;
  for (int r = 0; r < d.nefc; ++r) {
    const mjtNum* row = d.efc_J + static_cast<size_t>(r) * m.nv;
    for (int j = 0; j < m.nv; ++j) res[j] += row[j] * vec[r];
  }
}

}  // namespace mjsim
