// rne.cc: recursive Newton-Euler in com-based spatial coordinates, forward pipeline stage 18
// (Computation, "Forward dynamics" and "Inverse dynamics"; Featherstone, "Rigid Body Dynamics
// Algorithms", 5.3; checklist C.18), the post-constraint body accelerations and forces, and
// the velocity derivative of the bias force used by the implicit integrator.
//   reads   m.body_parentid body_dofadr body_dofnum dof_bodyid dof_jntid jnt_type jnt_dofadr
//           D_rownnz D_rowadr D_colind opt.gravity opt.disableflags
//           d.qvel qacc xfrc_applied
//           d.xipos subtree_com cinert cdof                (written by kinematics.cc, com.cc)
//           d.cvel cdof_dot                                (written by velocity.cc)
//   writes  result (mj_rne), d.cacc cfrc_int cfrc_ext (mj_rnePostConstraint),
//           qDeriv (AddBiasVelocityDerivative adds to it)
//
// Forward pass, world first: gravity enters as an acceleration of the world,
//   a[0] = (0, 0, 0, -gravity)   (zero with mjDSBL_GRAVITY),
//   a[b] = a[parent] + sum over b's dofs of cdof_dot_i qvel_i (+ cdof_i qacc_i),
//   f[b] = I[b] a[b] + v[b] x_f (I[b] v[b])        (I = cinert, v = cvel).
// Backward pass, leaves first: F[b] = f[b] + sum of F over b's children; the generalized
// force of dof i is cdof_i . F[body of i]. With qacc this is M qacc + C(q, v), without the
// joint armature (which is not a body inertia); without qacc it is C(q, v) = qfrc_bias.
//
// After the constraint solve (mj_rnePostConstraint) the same passes give, with the solved
// qacc, cacc = a, cfrc_ext = the applied wrench xfrc_applied of each body (force at xipos,
// moved to the c-frame origin: torque + (xipos - origin) x force; the world's stays zero), and
// cfrc_int[b] = F[b] with f[b] - cfrc_ext[b] in place of f[b]. cfrc_ext also holds the
// wrenches of contacts, connect and weld constraints (constraint_force.cc).
//
// Velocity derivative of the bias force, one column j (dof j on body bj, motion S = cdof_j)
// at a time, differentiating the passes (qacc = 0, gravity constant):
//   dv[c] = S for c in the subtree of bj, zero elsewhere;
//   da[bj] = cdof_dot_j + sum over the dofs k of bj in groups after j's of (S x_m cdof_k) qvel_k
//            (velocity.cc: every dof of a group crosses the velocity reached before the group),
//   da[c]  = da[parent] + S x_m (sum over c's dofs of cdof_k qvel_k)   below bj,
//   df[c]  = I[c] da[c] + S x_f (I[c] v[c]) + v[c] x_f (I[c] S);
//   dF gathered over the subtree; d(qfrc_bias_i)/d(qvel_j) = cdof_i . dF[body of i] for
//   dofs i below or on bj, and cdof_i . dF[bj] for the ancestors of j. Exactly the ancestor/
//   descendant pattern of D.
#include <algorithm>

#include "engine/stages.h"
#include "mjsim/api.h"
#include "util/math3.h"
#include "util/scratch.h"
#include "util/spatial.h"

namespace mjsim {
namespace {

// the world's acceleration: minus gravity, so that every body feels its weight
void SetWorldAcceleration(const Model& m, mjtNum cacc[6]) {
  Zero6(cacc);
  if (!(m.opt.disableflags & mjDSBL_GRAVITY)) Scale3(cacc + 3, m.opt.gravity, -1);
}

// cacc[b] = cacc[parent] + sum of cdof_dot qvel (+ cdof qacc when qacc is given)
void ComputeAccelerations(const Model& m, const Data& d, const mjtNum* qacc, mjtNum* cacc) {
  SetWorldAcceleration(m, cacc);
  for (int b = 1; b < m.nbody; ++b) {
    mjtNum* acc = cacc + 6 * b;
    Copy6(acc, cacc + 6 * m.body_parentid[b]);
    // the body's dofs summed apart, then added (the reference's rounding, measured)
    mjtNum velocity_part[6] = {0, 0, 0, 0, 0, 0}, acceleration_part[6] = {0, 0, 0, 0, 0, 0};
    for (int i = m.body_dofadr[b]; i < m.body_dofadr[b] + m.body_dofnum[b]; ++i) {
      AddScaledTo6(velocity_part, d.cdof_dot + 6 * i, d.qvel[i]);
      if (qacc) AddScaledTo6(acceleration_part, d.cdof + 6 * i, qacc[i]);
    }
    AddTo6(acc, velocity_part);
    if (qacc) AddTo6(acc, acceleration_part);
  }
}

// f = I a + v x_f (I v): the force that gives body b its acceleration
void BodyForce(const Data& d, int b, const mjtNum acc[6], mjtNum force[6]) {
  const mjtNum* inertia = d.cinert + 10 * b;
  const mjtNum* velocity = d.cvel + 6 * b;
  mjtNum momentum[6], gyroscopic[6];
  MulInertiaMotion(force, inertia, acc);
  MulInertiaMotion(momentum, inertia, velocity);
  CrossForce(gyroscopic, velocity, momentum);
  AddTo6(force, gyroscopic);
}

// F[parent] += F[b], leaves first
void GatherToParents(const Model& m, mjtNum* cfrc) {
  for (int b = m.nbody - 1; b > 0; --b) AddTo6(cfrc + 6 * m.body_parentid[b], cfrc + 6 * b);
}

// cfrc_ext: xfrc_applied as a com-based wrench (torque + (xipos - origin) x force, force)
void ComputeExternalForces(const Model& m, Data& d) {
  Zero6(d.cfrc_ext);
  for (int b = 1; b < m.nbody; ++b) {
    const mjtNum* applied = d.xfrc_applied + 6 * b;
    mjtNum* wrench = d.cfrc_ext + 6 * b;
    mjtNum offset[3], moment[3];
    Sub3(offset, d.xipos + 3 * b, d.subtree_com + 3 * m.body_rootid[b]);
    Cross3(moment, offset, applied);
    Add3(wrench, applied + 3, moment);
    Copy3(wrench + 3, applied);
  }
}

// one past the last dof of the group of dof j (velocity.cc: hinge/slide alone, ball three,
// free translations three then rotations three)
int GroupEnd(const Model& m, int j) {
  int joint = m.dof_jntid[j];
  int adr = m.jnt_dofadr[joint];
  switch (m.jnt_type[joint]) {
    case mjJNT_FREE: return j < adr + 3 ? adr + 3 : adr + 6;
    case mjJNT_BALL: return adr + 3;
    default: return j + 1;
  }
}

// sum over body c's dofs, from dof `from` on, of cdof_k qvel_k
void DofVelocitySum(const Model& m, const Data& d, int c, int from, mjtNum sum[6]) {
  Zero6(sum);
  for (int k = std::max(from, m.body_dofadr[c]); k < m.body_dofadr[c] + m.body_dofnum[c]; ++k) {
    AddScaledTo6(sum, d.cdof + 6 * k, d.qvel[k]);
  }
}

struct DerivativeWork {
  mjtNum* momentum;  // I[c] v[c] per body
  mjtNum* dacc;      // da per body
  mjtNum* dfrc;      // df, then dF, per body
  char* inside;      // body in the subtree of the column's body (valid from that body on)
};

// dF over the subtree of bj = dof_bodyid[j]: the derivative of the gathered body forces
void BiasForceColumn(const Model& m, const Data& d, int j, DerivativeWork& w) {
  int bj = m.dof_bodyid[j];
  const mjtNum* S = d.cdof + 6 * j;
  for (int c = bj; c < m.nbody; ++c) {
    int parent = m.body_parentid[c];
    w.inside[c] = c == bj || (parent >= bj && w.inside[parent]);
    if (!w.inside[c]) continue;
    mjtNum* da = w.dacc + 6 * c;
    mjtNum moved[6], turn[6];
    if (c == bj) {
      Copy6(da, d.cdof_dot + 6 * j);
      DofVelocitySum(m, d, c, GroupEnd(m, j), moved);
    } else {
      Copy6(da, w.dacc + 6 * parent);
      DofVelocitySum(m, d, c, 0, moved);
    }
    CrossMotion(turn, S, moved);
    AddTo6(da, turn);
    mjtNum* df = w.dfrc + 6 * c;
    mjtNum inertia_S[6], term[6];
    MulInertiaMotion(df, d.cinert + 10 * c, da);
    CrossForce(term, S, w.momentum + 6 * c);
    AddTo6(df, term);
    MulInertiaMotion(inertia_S, d.cinert + 10 * c, S);
    CrossForce(term, d.cvel + 6 * c, inertia_S);
    AddTo6(df, term);
  }
  for (int c = m.nbody - 1; c > bj; --c) {
    if (w.inside[c]) AddTo6(w.dfrc + 6 * m.body_parentid[c], w.dfrc + 6 * c);
  }
}

// position of (row, column) in the D layout, -1 if D does not keep it
int FindInD(const Model& m, int row, int column) {
  const int* begin = m.D_colind + m.D_rowadr[row];
  const int* end = begin + m.D_rownnz[row];
  const int* found = std::lower_bound(begin, end, column);
  return (found != end && *found == column) ? m.D_rowadr[row] + static_cast<int>(found - begin) : -1;
}

}  // namespace

void mj_rne(const Model& m, Data& d, int flg_acc, mjtNum* result) {
  ScratchFrame frame(d);
  mjtNum* cacc = frame.Allocate<mjtNum>(6 * m.nbody);
  mjtNum* cfrc = frame.Allocate<mjtNum>(6 * m.nbody);
  ComputeAccelerations(m, d, flg_acc ? d.qacc : nullptr, cacc);
  Zero6(cfrc);
  for (int b = 1; b < m.nbody; ++b) BodyForce(d, b, cacc + 6 * b, cfrc + 6 * b);
  GatherToParents(m, cfrc);
  for (int i = 0; i < m.nv; ++i) {
    result[i] = DotMotionForce(d.cdof + 6 * i, cfrc + 6 * m.dof_bodyid[i]);
  }
}

void mj_rnePostConstraint(const Model& m, Data& d) {
  ComputeExternalForces(m, d);
  AddConstraintWrenches(m, d, d.cfrc_ext);
  ComputeAccelerations(m, d, d.qacc, d.cacc);
  Zero6(d.cfrc_int);
  for (int b = 1; b < m.nbody; ++b) {
    mjtNum* force = d.cfrc_int + 6 * b;
    BodyForce(d, b, d.cacc + 6 * b, force);
    for (int k = 0; k < 6; ++k) force[k] -= d.cfrc_ext[6 * b + k];
  }
  GatherToParents(m, d.cfrc_int);
}

// qDeriv -= d(qfrc_bias)/d(qvel), column by column, on the D pattern
void AddBiasVelocityDerivative(const Model& m, Data& d, mjtNum* qDeriv) {
  ScratchFrame frame(d);
  DerivativeWork w;
  w.momentum = frame.Allocate<mjtNum>(6 * m.nbody);
  w.dacc = frame.Allocate<mjtNum>(6 * m.nbody);
  w.dfrc = frame.Allocate<mjtNum>(6 * m.nbody);
  w.inside = frame.Allocate<char>(m.nbody);
  for (int b = 0; b < m.nbody; ++b) {
    MulInertiaMotion(w.momentum + 6 * b, d.cinert + 10 * b, d.cvel + 6 * b);
  }
  for (int j = 0; j < m.nv; ++j) {
    BiasForceColumn(m, d, j, w);
    int bj = m.dof_bodyid[j];
    for (int p = m.D_rowadr[j]; p < m.D_rowadr[j] + m.D_rownnz[j]; ++p) {
      int i = m.D_colind[p];
      int bi = m.dof_bodyid[i];
      const mjtNum* force = (bi >= bj && w.inside[bi]) ? w.dfrc + 6 * bi : w.dfrc + 6 * bj;
      int k = FindInD(m, i, j);
      if (k >= 0) qDeriv[k] -= DotMotionForce(d.cdof + 6 * i, force);
    }
  }
}

}  // namespace mjsim
