// constraint.cc: the constraint rows of one step, forward pipeline stage 9 (checklist C.7, C.12)
// and the reference acceleration of stage 17.
//   reads   m.eq_* jnt_* dof_* tendon_* body_invweight0 dof_invweight0 tendon_invweight0 opt
//           d.xpos xquat xmat site_xpos qpos ten_length ten_J cdof subtree_com contact qvel
//   writes  d.ne nf nl nefc efc_type efc_id efc_J efc_pos efc_margin efc_frictionloss
//           efc_diagApprox efc_KBIP efc_D efc_R (mj_makeConstraint); efc_vel efc_aref
//           (mj_referenceConstraint); contact.efc_address mu
//
// Rows come in the chapter's order: equality, friction loss (dofs, then tendons), limits
// (joints, then tendons), contacts. Each row i gets the soft-constraint parameters
//   impedance d_i = d(pos_i - margin_i) from solimp (a sigmoid from dmin to dmax over width),
//   stiffness k_i and damping b_i from solref (timeconst/dampratio, or -stiffness/-damping),
//   R_i = diagApprox_i (1 - d_i) / d_i, D_i = 1 / R_i,
//   aref_i = -b_i (J qvel)_i - k_i d_i (pos_i - margin_i),
// where diagApprox approximates diag(J M^-1 J') by the compiler's inverse weights at qpos0.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "engine/solver.h"
#include "engine/stages.h"
#include "mjsim/api.h"
#include "util/math3.h"
#include "util/scratch.h"

namespace mjsim {
namespace {

constexpr mjtNum kMinImpedance = 0.0001;  // mjMINIMP
constexpr mjtNum kMaxImpedance = 0.9999;  // mjMAXIMP

bool Disabled(const Model& m, int flag) { return (m.opt.disableflags & flag) != 0; }

// ---- counting rows ----------------------------------------------------------------------------

int EqualityRowCount(const Model& m, const Data& d, int eq) {
  if (!d.eq_active[eq]) return 0;
  switch (m.eq_type[eq]) {
    case mjEQ_CONNECT: return 3;
    case mjEQ_WELD: return 6;
    case mjEQ_JOINT:
    case mjEQ_TENDON: return 1;
    default: return 0;  // flex and distance constraints are not supported
  }
}

// rows of one contact, 0 when it is not included (in the gap, or excluded by collision)
int ContactRowCount(const Model& m, const Contact& con) {
  if (con.exclude != 0 || !(con.dist < con.includemargin)) return 0;
  if (con.dim == 1) return 1;
  return m.opt.cone == mjCONE_ELLIPTIC ? con.dim : 2 * (con.dim - 1);
}

// a scalar limit's distance on one side: side 0 (lower) value - range[0], side 1 (upper)
// range[1] - value; the side's row is active while it is below the margin
mjtNum LimitDistance(mjtNum value, const mjtNum range[2], int side) {
  mjtNum sign = side == 0 ? 1 : -1;
  return sign * (value - range[side]);
}

// a ball joint's limit distance, max(range) - its rotation angle; rotvec and angle returned
mjtNum BallLimitDistance(const Model& m, const Data& d, int j, mjtNum rotvec[3],
                         mjtNum* angle) {
  QuatToRotationVector(rotvec, d.qpos + m.jnt_qposadr[j]);
  *angle = Norm3(rotvec);
  return std::max(m.jnt_range[2 * j], m.jnt_range[2 * j + 1]) - *angle;
}

int ActiveScalarLimits(mjtNum value, const mjtNum range[2], mjtNum margin) {
  return (LimitDistance(value, range, 0) < margin) + (LimitDistance(value, range, 1) < margin);
}

// the limit rows this step produces
int LimitRowCount(const Model& m, const Data& d) {
  int rows = 0;
  for (int j = 0; j < m.njnt; ++j) {
    if (!m.jnt_limited[j]) continue;
    if (m.jnt_type[j] == mjJNT_BALL) {
      mjtNum rotvec[3], angle;
      rows += BallLimitDistance(m, d, j, rotvec, &angle) < m.jnt_margin[j];
    } else if (m.jnt_type[j] == mjJNT_HINGE || m.jnt_type[j] == mjJNT_SLIDE) {
      rows += ActiveScalarLimits(d.qpos[m.jnt_qposadr[j]], m.jnt_range + 2 * j, m.jnt_margin[j]);
    }
  }
  for (int t = 0; t < m.ntendon; ++t) {
    if (m.tendon_limited[t]) {
      rows += ActiveScalarLimits(d.ten_length[t], m.tendon_range + 2 * t, m.tendon_margin[t]);
    }
  }
  return rows;
}

// the rows this step produces (an upper bound if an equality's rows are ever dropped): the
// layout is made for them and, when fewer come, packed by copying every efc array (dense
// efc_J included), which cost humanoid_CMU 7% of mj_step when limits were counted on both sides
int MaxRowCount(const Model& m, const Data& d) {
  if (Disabled(m, mjDSBL_CONSTRAINT)) return 0;
  int rows = 0;
  if (!Disabled(m, mjDSBL_EQUALITY)) {
    for (int eq = 0; eq < m.neq; ++eq) rows += EqualityRowCount(m, d, eq);
  }
  if (!Disabled(m, mjDSBL_FRICTIONLOSS)) {
    for (int dof = 0; dof < m.nv; ++dof) rows += m.dof_frictionloss[dof] > 0;
    for (int t = 0; t < m.ntendon; ++t) rows += m.tendon_frictionloss[t] > 0;
  }
  if (!Disabled(m, mjDSBL_LIMIT)) rows += LimitRowCount(m, d);
  if (!Disabled(m, mjDSBL_CONTACT)) {
    for (int c = 0; c < d.ncon; ++c) rows += ContactRowCount(m, d.contact[c]);
  }
  return rows;
}

// ---- Jacobians --------------------------------------------------------------------------------

// jacp += sign * d(point)/d(qvel), jacr += sign * d(angular velocity)/d(qvel), for a point
// moving with `body` (3 x nv each, row-major; either may be null); cdof = (w, v) about the
// tree's c-frame origin, so a dof moves the point by v + w x (point - origin)
void AddPointJacobian(const Model& m, const Data& d, int body, const mjtNum point[3],
                      mjtNum sign, mjtNum* jacp, mjtNum* jacr) {
  if (body <= 0) return;
  mjtNum offset[3];
  Sub3(offset, point, d.subtree_com + 3 * m.body_rootid[body]);
  for (int dof = LastDofAbove(m, body); dof >= 0; dof = m.dof_parentid[dof]) {
    const mjtNum* cdof = d.cdof + 6 * dof;
    if (jacp) {
      mjtNum velocity[3];
      Cross3(velocity, cdof, offset);
      AddTo3(velocity, cdof + 3);
      for (int k = 0; k < 3; ++k) jacp[k * m.nv + dof] += sign * velocity[k];
    }
    if (jacr) {
      for (int k = 0; k < 3; ++k) jacr[k * m.nv + dof] += sign * cdof[k];
    }
  }
}

// row += scale * ten_J[t] (ten_J is dense, or sparse when mj_isSparse)
void AddTendonRow(const Model& m, const Data& d, int t, mjtNum scale, mjtNum* row) {
  if (!mj_isSparse(m)) {
    for (int i = 0; i < m.nv; ++i) row[i] += scale * d.ten_J[t * m.nv + i];
    return;
  }
  int adr = d.ten_J_rowadr[t];
  for (int k = 0; k < d.ten_J_rownnz[t]; ++k) row[d.ten_J_colind[adr + k]] += scale * d.ten_J[adr + k];
}

// ---- the rows under construction --------------------------------------------------------------

// Appends rows to the efc arrays; each row starts zeroed, with impedance parameters set later.
struct RowWriter {
  const Model& m;
  Data& d;
  // a new row: its Jacobian is zero, the caller fills it
  int Add(int type, int id, mjtNum pos, mjtNum margin, mjtNum frictionloss, mjtNum diag) {
    int i = d.nefc++;
    d.efc_type[i] = type;
    d.efc_id[i] = id;
    std::memset(d.efc_J + static_cast<size_t>(i) * m.nv, 0, sizeof(mjtNum) * m.nv);
    d.efc_pos[i] = pos;
    d.efc_margin[i] = margin;
    d.efc_frictionloss[i] = frictionloss;
    d.efc_diagApprox[i] = diag;
    return i;
  }
  mjtNum* J(int row) { return d.efc_J + static_cast<size_t>(row) * m.nv; }
};

// ---- equality constraints ---------------------------------------------------------------------

// the two bodies and anchor points (world) of a connect or weld: sites give their own
// positions; bodies take anchors from eq_data in their frames (connect: anchor1, anchor2;
// weld: body1 at relpose's position, body2 at the anchor)
struct EqualityEnds {
  int body[2];
  mjtNum point[2][3];
  mjtNum quat[2][4];
};

EqualityEnds FindEqualityEnds(const Model& m, const Data& d, int eq) {
  EqualityEnds ends;
  const mjtNum* data = m.eq_data + mjNEQDATA * eq;
  int ids[2] = {m.eq_obj1id[eq], m.eq_obj2id[eq]};
  bool weld = m.eq_type[eq] == mjEQ_WELD;
  for (int side = 0; side < 2; ++side) {
    int id = ids[side];
    if (m.eq_objtype[eq] == mjOBJ_SITE) {
      ends.body[side] = m.site_bodyid[id];
      Copy3(ends.point[side], d.site_xpos + 3 * id);
      // the body's quaternion times the site's (not one from site_xmat, whose sign may
      // differ: the weld residual is the vector part of a quaternion)
      MulQuat(ends.quat[side], d.xquat + 4 * ends.body[side], m.site_quat + 4 * id);
      continue;
    }
    ends.body[side] = id;
    const mjtNum* local = weld ? data + (side == 0 ? 3 : 0) : data + 3 * side;
    MulMatVec3(ends.point[side], d.xmat + 9 * id, local);
    AddTo3(ends.point[side], d.xpos + 3 * id);
    Copy4(ends.quat[side], d.xquat + 4 * id);
  }
  return ends;
}

mjtNum BodyInvWeight(const Model& m, int body, int part) {
  return m.body_invweight0[2 * body + part];
}

// connect: pos = p1 - p2, J = Jp(body1, p1) - Jp(body2, p2)
void AddConnect(RowWriter& w, int eq) {
  const Model& m = w.m;
  EqualityEnds e = FindEqualityEnds(m, w.d, eq);
  mjtNum residual[3];
  Sub3(residual, e.point[0], e.point[1]);
  mjtNum diag = BodyInvWeight(m, e.body[0], 0) + BodyInvWeight(m, e.body[1], 0);
  int first = w.Add(mjCNSTR_EQUALITY, eq, residual[0], 0, 0, diag);
  for (int k = 1; k < 3; ++k) w.Add(mjCNSTR_EQUALITY, eq, residual[k], 0, 0, diag);
  AddPointJacobian(m, w.d, e.body[0], e.point[0], 1, w.J(first), nullptr);
  AddPointJacobian(m, w.d, e.body[1], e.point[1], -1, w.J(first), nullptr);
}

// weld: rows 0-2 as connect; rows 3-5 the vector part of q = q2^-1 q1 qrel times torquescale
// (sites: q2^-1 q1, their frames),
// whose rate is 1/2 (q_w I - [q_v]x) R2' (w1 - w2)
void AddWeld(RowWriter& w, int eq) {
  const Model& m = w.m;
  const mjtNum* data = m.eq_data + mjNEQDATA * eq;
  EqualityEnds e = FindEqualityEnds(m, w.d, eq);
  mjtNum torquescale = data[10];
  mjtNum q1rel[4], q2inv[4], q[4];
  if (m.eq_objtype[eq] == mjOBJ_SITE) {
    Copy4(q1rel, e.quat[0]);  // sites weld their own frames: no relpose (eq_data holds zeros)
  } else {
    MulQuat(q1rel, e.quat[0], data + 6);
  }
  ConjugateQuat(q2inv, e.quat[1]);
  MulQuat(q, q2inv, q1rel);
  mjtNum residual[6];
  Sub3(residual, e.point[0], e.point[1]);
  Scale3(residual + 3, q + 1, torquescale);
  mjtNum trn = BodyInvWeight(m, e.body[0], 0) + BodyInvWeight(m, e.body[1], 0);
  mjtNum rot = BodyInvWeight(m, e.body[0], 1) + BodyInvWeight(m, e.body[1], 1);
  int first = w.d.nefc;
  for (int k = 0; k < 6; ++k) w.Add(mjCNSTR_EQUALITY, eq, residual[k], 0, 0, k < 3 ? trn : rot);
  AddPointJacobian(m, w.d, e.body[0], e.point[0], 1, w.J(first), nullptr);
  AddPointJacobian(m, w.d, e.body[1], e.point[1], -1, w.J(first), nullptr);
  // angular part: Jrot = 1/2 (q_w I - [q_v]x) R2' (Jr1 - Jr2) * torquescale
  ScratchFrame frame(w.d);
  mjtNum* jr = frame.Allocate<mjtNum>(3 * m.nv);
  std::memset(jr, 0, sizeof(mjtNum) * 3 * m.nv);
  AddPointJacobian(m, w.d, e.body[0], e.point[0], 1, nullptr, jr);
  AddPointJacobian(m, w.d, e.body[1], e.point[1], -1, nullptr, jr);
  mjtNum R2[9];
  QuatToMat(R2, e.quat[1]);
  const mjtNum* v = q + 1;
  mjtNum G[9] = {q[0], v[2], -v[1], -v[2], q[0], v[0], v[1], -v[0], q[0]};  // q_w I - [v]x
  mjtNum GR[9];  // G R2'
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) {
      GR[3 * r + c] = 0;
      for (int k = 0; k < 3; ++k) GR[3 * r + c] += G[3 * r + k] * R2[3 * c + k];
    }
  }
  for (int r = 0; r < 3; ++r) {
    mjtNum* row = w.J(first + 3 + r);
    for (int i = 0; i < m.nv; ++i) {
      mjtNum sum = 0;
      for (int k = 0; k < 3; ++k) sum += GR[3 * r + k] * jr[k * m.nv + i];
      row[i] = 0.5 * torquescale * sum;
    }
  }
}

// y - y0 = a0 + a1 x + ... + a4 x^4 with x the second coordinate's offset from its qpos0 (or
// tendon_length0) value: pos = y - y0 - poly(x), dpos/dx = -poly'(x)
void PolynomialResidual(const mjtNum* a, mjtNum y, mjtNum x, bool has_x, mjtNum* pos,
                        mjtNum* slope) {
  if (!has_x) {
    *pos = y - a[0];
    *slope = 0;
    return;
  }
  *pos = y - (a[0] + x * (a[1] + x * (a[2] + x * (a[3] + x * a[4]))));
  *slope = -(a[1] + x * (2 * a[2] + x * (3 * a[3] + x * 4 * a[4])));
}

void AddJointCoupling(RowWriter& w, int eq) {
  const Model& m = w.m;
  int j1 = m.eq_obj1id[eq], j2 = m.eq_obj2id[eq];
  int q1 = m.jnt_qposadr[j1], dof1 = m.jnt_dofadr[j1];
  mjtNum y = w.d.qpos[q1] - m.qpos0[q1], x = 0, pos, slope;
  if (j2 >= 0) x = w.d.qpos[m.jnt_qposadr[j2]] - m.qpos0[m.jnt_qposadr[j2]];
  PolynomialResidual(m.eq_data + mjNEQDATA * eq, y, x, j2 >= 0, &pos, &slope);
  mjtNum diag = m.dof_invweight0[dof1] + (j2 >= 0 ? m.dof_invweight0[m.jnt_dofadr[j2]] : 0);
  int row = w.Add(mjCNSTR_EQUALITY, eq, pos, 0, 0, diag);
  w.J(row)[dof1] = 1;
  if (j2 >= 0) w.J(row)[m.jnt_dofadr[j2]] += slope;
}

void AddTendonCoupling(RowWriter& w, int eq) {
  const Model& m = w.m;
  int t1 = m.eq_obj1id[eq], t2 = m.eq_obj2id[eq];
  mjtNum y = w.d.ten_length[t1] - m.tendon_length0[t1], x = 0, pos, slope;
  if (t2 >= 0) x = w.d.ten_length[t2] - m.tendon_length0[t2];
  PolynomialResidual(m.eq_data + mjNEQDATA * eq, y, x, t2 >= 0, &pos, &slope);
  mjtNum diag = m.tendon_invweight0[t1] + (t2 >= 0 ? m.tendon_invweight0[t2] : 0);
  int row = w.Add(mjCNSTR_EQUALITY, eq, pos, 0, 0, diag);
  AddTendonRow(m, w.d, t1, 1, w.J(row));
  if (t2 >= 0) AddTendonRow(m, w.d, t2, slope, w.J(row));
}

// an equality whose rows have an all-zero Jacobian constrains nothing the dofs can change
// (e.g. a connect at a hinge's own anchor): the reference leaves it out, and so do we
void DropIfJacobianEmpty(RowWriter& w, int first) {
  size_t count = static_cast<size_t>(w.d.nefc - first) * w.m.nv;
  const mjtNum* J = w.J(first);
  for (size_t k = 0; k < count; ++k) {
    if (J[k] != 0) return;
  }
  w.d.nefc = first;
}

void AddEqualityRows(RowWriter& w) {
  for (int eq = 0; eq < w.m.neq; ++eq) {
    if (!w.d.eq_active[eq]) continue;
    int first = w.d.nefc;
    switch (w.m.eq_type[eq]) {
      case mjEQ_CONNECT: AddConnect(w, eq); break;
      case mjEQ_WELD: AddWeld(w, eq); break;
      case mjEQ_JOINT: AddJointCoupling(w, eq); break;
      case mjEQ_TENDON: AddTendonCoupling(w, eq); break;
      default: break;
    }
    DropIfJacobianEmpty(w, first);
  }
}

// ---- friction loss and limits -----------------------------------------------------------------

// friction loss: pos = 0, J = unit row of the dof or the tendon's moment row
void AddFrictionRows(RowWriter& w) {
  const Model& m = w.m;
  for (int dof = 0; dof < m.nv; ++dof) {
    if (!(m.dof_frictionloss[dof] > 0)) continue;
    int row = w.Add(mjCNSTR_FRICTION_DOF, dof, 0, 0, m.dof_frictionloss[dof],
                    m.dof_invweight0[dof]);
    w.J(row)[dof] = 1;
  }
  for (int t = 0; t < m.ntendon; ++t) {
    if (!(m.tendon_frictionloss[t] > 0)) continue;
    int row = w.Add(mjCNSTR_FRICTION_TENDON, t, 0, 0, m.tendon_frictionloss[t],
                    m.tendon_invweight0[t]);
    AddTendonRow(m, w.d, t, 1, w.J(row));
  }
}

// a ball joint's limit bounds the rotation angle |rotvec(q)| by max(range): pos = bound -
// angle, J = -rotvec / angle on its three dofs
void AddBallLimit(RowWriter& w, int j) {
  const Model& m = w.m;
  mjtNum rotvec[3], angle;
  mjtNum pos = BallLimitDistance(m, w.d, j, rotvec, &angle), margin = m.jnt_margin[j];
  if (!(pos < margin)) return;
  int dof = m.jnt_dofadr[j];
  int row = w.Add(mjCNSTR_LIMIT_JOINT, j, pos, margin, 0, m.dof_invweight0[dof]);
  if (angle < mjMINVAL) return;
  for (int k = 0; k < 3; ++k) w.J(row)[dof + k] = -rotvec[k] / angle;
}

// a scalar limit: lower row pos = value - range[0] with J = +moment, upper row pos = range[1] -
// value with J = -moment; a row is active while pos < margin
template <typename FillJacobian>
void AddScalarLimits(RowWriter& w, int type, int id, mjtNum value, const mjtNum range[2],
                     mjtNum margin, mjtNum diag, FillJacobian fill) {
  for (int side = 0; side < 2; ++side) {
    mjtNum pos = LimitDistance(value, range, side);
    if (!(pos < margin)) continue;
    int row = w.Add(type, id, pos, margin, 0, diag);
    fill(w.J(row), side == 0 ? 1 : -1);
  }
}

void AddLimitRows(RowWriter& w) {
  const Model& m = w.m;
  for (int j = 0; j < m.njnt; ++j) {
    if (!m.jnt_limited[j]) continue;
    int type = m.jnt_type[j], dof = m.jnt_dofadr[j];
    if (type == mjJNT_BALL) {
      AddBallLimit(w, j);
    } else if (type == mjJNT_HINGE || type == mjJNT_SLIDE) {
      AddScalarLimits(w, mjCNSTR_LIMIT_JOINT, j, w.d.qpos[m.jnt_qposadr[j]], m.jnt_range + 2 * j,
                      m.jnt_margin[j], m.dof_invweight0[dof],
                      [dof](mjtNum* row, mjtNum sign) { row[dof] = sign; });
    }
  }
  for (int t = 0; t < m.ntendon; ++t) {
    if (!m.tendon_limited[t]) continue;
    AddScalarLimits(w, mjCNSTR_LIMIT_TENDON, t, w.d.ten_length[t], m.tendon_range + 2 * t,
                    m.tendon_margin[t], m.tendon_invweight0[t],
                    [&](mjtNum* row, mjtNum sign) { AddTendonRow(m, w.d, t, sign, row); });
  }
}

// ---- contacts ---------------------------------------------------------------------------------

// the dofs whose motion moves bodies a or b (each body's LastDofAbove chain, the columns
// AddPointJacobian writes), ascending and without repeats; returns their number. Both chains
// descend (a dof's parent has a smaller index), so they merge from their ends.
int ChainColumns(const Model& m, const int body[2], int* scratch, int* columns) {
  int length[2] = {0, 0};
  int* chain[2] = {scratch, scratch + m.nv};
  for (int side = 0; side < 2; ++side) {
    if (body[side] <= 0) continue;
    for (int dof = LastDofAbove(m, body[side]); dof >= 0; dof = m.dof_parentid[dof]) {
      chain[side][length[side]++] = dof;
    }
  }
  int count = 0, a = length[0] - 1, b = length[1] - 1;
  while (a >= 0 || b >= 0) {
    int next = b < 0 || (a >= 0 && chain[0][a] < chain[1][b]) ? chain[0][a] : chain[1][b];
    if (a >= 0 && chain[0][a] == next) --a;
    if (b >= 0 && chain[1][b] == next) --b;
    columns[count++] = next;
  }
  return count;
}

// contact rows: S = (J(geom2 body) - J(geom1 body)) at the contact point, rotated into the contact
// frame: rows normal, tangent1, tangent2 from the linear part, torsion (normal), roll1, roll2
// (tangents) from the angular part. Elliptic cones take the first dim rows of S; pyramidal
// cones take the edges S_n +- mu_j S_j.
void AddContactRows(RowWriter& w, int c) {
  const Model& m = w.m;
  Contact& con = w.d.contact[c];
  int rows = ContactRowCount(m, con);
  con.efc_address = -1;
  if (rows == 0) {
    if (con.exclude == 0) con.exclude = 1;  // in the gap
    return;
  }
  int body[2] = {m.geom_bodyid[con.geom[0]], m.geom_bodyid[con.geom[1]]};
  ScratchFrame frame(w.d);
  mjtNum* jacp = frame.Allocate<mjtNum>(3 * m.nv);
  mjtNum* jacr = frame.Allocate<mjtNum>(3 * m.nv);
  mjtNum* S = frame.Allocate<mjtNum>(6 * m.nv);
  std::memset(jacp, 0, sizeof(mjtNum) * 3 * m.nv);
  std::memset(jacr, 0, sizeof(mjtNum) * 3 * m.nv);
  AddPointJacobian(m, w.d, body[1], con.pos, 1, jacp, con.dim > 3 ? jacr : nullptr);
  AddPointJacobian(m, w.d, body[0], con.pos, -1, jacp, con.dim > 3 ? jacr : nullptr);
  // jacp and jacr are zero off the bodies' chains: S and the rows are filled on those columns
  int* columns = frame.Allocate<int>(m.nv);
  int* chains = frame.Allocate<int>(2 * m.nv);
  int ncol = ChainColumns(m, body, chains, columns);
  for (int r = 0; r < con.dim; ++r) {  // the rows below dim are never read
    const mjtNum* axis = con.frame + 3 * (r % 3);
    const mjtNum* source = r < 3 ? jacp : jacr;
    for (int k = 0; k < ncol; ++k) {
      int i = columns[k];
      S[r * m.nv + i] = axis[0] * source[i] + axis[1] * source[m.nv + i] +
                        axis[2] * source[2 * m.nv + i];
    }
  }
  mjtNum tran = BodyInvWeight(m, body[0], 0) + BodyInvWeight(m, body[1], 0);
  mjtNum rot = BodyInvWeight(m, body[0], 1) + BodyInvWeight(m, body[1], 1);
  con.efc_address = w.d.nefc;
  if (con.dim == 1) {
    int row = w.Add(mjCNSTR_CONTACT_FRICTIONLESS, c, con.dist, con.includemargin, 0, tran);
    for (int k = 0; k < ncol; ++k) w.J(row)[columns[k]] = S[columns[k]];
  } else if (m.opt.cone == mjCONE_ELLIPTIC) {
    for (int r = 0; r < con.dim; ++r) {
      bool normal = r == 0;
      int row = w.Add(mjCNSTR_CONTACT_ELLIPTIC, c, normal ? con.dist : 0,
                      normal ? con.includemargin : 0, 0, r < 3 ? tran : rot);
      for (int k = 0; k < ncol; ++k) w.J(row)[columns[k]] = S[r * m.nv + columns[k]];
    }
  } else {
    for (int j = 1; j < con.dim; ++j) {
      mjtNum mu = con.friction[j - 1];
      mjtNum diag = tran + mu * mu * (j < 3 ? tran : rot);
      for (int sign = 1; sign >= -1; sign -= 2) {
        int row = w.Add(mjCNSTR_CONTACT_PYRAMIDAL, c, con.dist, con.includemargin, 0, diag);
        for (int k = 0; k < ncol; ++k) {
          int i = columns[k];
          w.J(row)[i] = S[i] + sign * mu * S[j * m.nv + i];
        }
      }
    }
  }
}

// ---- soft-constraint parameters (checklist C.12) ----------------------------------------------

struct SolverParameters {
  mjtNum solref[2];
  mjtNum solimp[5];
};

// the solref/solimp pair of row i, by its type
SolverParameters RowParameters(const Model& m, const Data& d, int i, bool friction_row) {
  SolverParameters p;
  const mjtNum* ref = nullptr;
  const mjtNum* imp = nullptr;
  int id = d.efc_id[i];
  switch (d.efc_type[i]) {
    case mjCNSTR_EQUALITY: ref = m.eq_solref + 2 * id; imp = m.eq_solimp + 5 * id; break;
    case mjCNSTR_FRICTION_DOF: ref = m.dof_solref + 2 * id; imp = m.dof_solimp + 5 * id; break;
    case mjCNSTR_FRICTION_TENDON:
      ref = m.tendon_solref_fri + 2 * id; imp = m.tendon_solimp_fri + 5 * id; break;
    case mjCNSTR_LIMIT_JOINT: ref = m.jnt_solref + 2 * id; imp = m.jnt_solimp + 5 * id; break;
    case mjCNSTR_LIMIT_TENDON:
      ref = m.tendon_solref_lim + 2 * id; imp = m.tendon_solimp_lim + 5 * id; break;
    default: {
      const Contact& con = d.contact[id];
      bool own_friction = con.solreffriction[0] != 0 || con.solreffriction[1] != 0;
      ref = friction_row && own_friction ? con.solreffriction : con.solref;
      imp = con.solimp;
    }
  }
  for (int k = 0; k < 2; ++k) p.solref[k] = ref[k];
  for (int k = 0; k < 5; ++k) p.solimp[k] = imp[k];
  return p;
}

// solref with mixed signs is invalid: the default (0.02, 1) stands in; solimp's impedances are
// kept inside (0, 1), its width non-negative, midpoint inside (0, 1) and power at least 1
void SanitizeParameters(SolverParameters& p) {
  if ((p.solref[0] > 0) != (p.solref[1] > 0)) {
    p.solref[0] = 0.02;
    p.solref[1] = 1;
  }
  for (int k : {0, 1, 3}) p.solimp[k] = std::clamp(p.solimp[k], kMinImpedance, kMaxImpedance);
  p.solimp[2] = std::max(p.solimp[2], mjtNum(0));
  p.solimp[4] = std::max(p.solimp[4], mjtNum(1));
}

// impedance d(r) = dmin + y(|r|/width) (dmax - dmin), y the two-piece power sigmoid through
// (midpoint, midpoint); *derivative = d'(r)
mjtNum Impedance(const mjtNum solimp[5], mjtNum r, mjtNum* derivative) {
  mjtNum dmin = solimp[0], dmax = solimp[1], width = solimp[2];
  mjtNum mid = solimp[3], power = solimp[4];
  *derivative = 0;
  if (dmin == dmax || width <= mjMINVAL) return 0.5 * (dmin + dmax);
  mjtNum x = std::fabs(r) / width;
  if (x >= 1) return dmax;
  if (x <= 0) return dmin;
  mjtNum y, slope;
  if (power == 1) {
    y = x;
    slope = 1;
  } else if (x <= mid) {
    mjtNum a = 1 / std::pow(mid, power - 1);
    y = a * std::pow(x, power);
    slope = a * power * std::pow(x, power - 1);
  } else {
    mjtNum b = 1 / std::pow(1 - mid, power - 1);
    y = 1 - b * std::pow(1 - x, power);
    slope = b * power * std::pow(1 - x, power - 1);
  }
  *derivative = slope * (r < 0 ? -1 : 1) * (dmax - dmin) / width;
  return dmin + y * (dmax - dmin);
}

// k and b: timeconst form k = 1/(dmax^2 tc^2 dr^2), b = 2/(dmax tc), tc at least two timesteps
// unless refsafe is disabled; direct form k = -solref[0]/dmax^2, b = -solref[1]/dmax
void StiffnessDamping(const Model& m, const SolverParameters& p, mjtNum* k, mjtNum* b) {
  mjtNum dmax = p.solimp[1];
  if (p.solref[0] > 0) {
    mjtNum timeconst = p.solref[0], dampratio = p.solref[1];
    if (!Disabled(m, mjDSBL_REFSAFE)) timeconst = std::max(timeconst, 2 * m.opt.timestep);
    *k = 1 / (dmax * dmax * timeconst * timeconst * dampratio * dampratio);
    *b = 2 / (dmax * timeconst);
  } else {
    *k = -p.solref[0] / (dmax * dmax);
    *b = -p.solref[1] / dmax;
  }
}

// friction rows (friction loss, elliptic friction dimensions) have no stiffness
bool IsFrictionRow(const Data& d, int i) {
  int type = d.efc_type[i];
  if (type == mjCNSTR_FRICTION_DOF || type == mjCNSTR_FRICTION_TENDON) return true;
  return type == mjCNSTR_CONTACT_ELLIPTIC && i != d.contact[d.efc_id[i]].efc_address;
}

bool IsContactRow(int type);

// rows a and i (a < i) of the same contact, both friction rows or both not
bool SameContactKind(const Data& d, int a, int i, bool friction) {
  return IsContactRow(d.efc_type[i]) && d.efc_type[a] == d.efc_type[i] &&
         d.efc_id[a] == d.efc_id[i] && IsFrictionRow(d, a) == friction;
}

// the row whose position sets the impedance: a contact's first row, a connect/weld block's
// residual norm, otherwise the row itself
mjtNum ImpedanceDistance(const Model& m, const Data& d, int i) {
  int type = d.efc_type[i];
  if (type >= mjCNSTR_CONTACT_FRICTIONLESS) {
    int first = d.contact[d.efc_id[i]].efc_address;
    return d.efc_pos[first] - d.efc_margin[first];
  }
  if (type == mjCNSTR_EQUALITY) {
    int eq = d.efc_id[i], size = m.eq_type[eq] == mjEQ_CONNECT ? 3 : 6;
    if (m.eq_type[eq] == mjEQ_CONNECT || m.eq_type[eq] == mjEQ_WELD) {
      int first = i;
      while (first > 0 && d.efc_type[first - 1] == mjCNSTR_EQUALITY &&
             d.efc_id[first - 1] == eq) {
        --first;
      }
      mjtNum sum = 0;
      for (int k = 0; k < size; ++k) sum += d.efc_pos[first + k] * d.efc_pos[first + k];
      return std::sqrt(sum);
    }
  }
  return d.efc_pos[i] - d.efc_margin[i];
}

// KBIP and R = diagApprox (1 - d) / d for every row (in this order, as the reference rounds)
// (a contact's rows after its first take the previous row's KBIP when they are of the same
// kind: the same parameters and impedance distance give the same values)
void ComputeImpedances(const Model& m, Data& d) {
  for (int i = 0; i < d.nefc; ++i) {
    bool friction = IsFrictionRow(d, i);
    if (i > 0 && SameContactKind(d, i - 1, i, friction)) {
      std::memcpy(d.efc_KBIP + 4 * i, d.efc_KBIP + 4 * (i - 1), sizeof(mjtNum) * 4);
      mjtNum imp = d.efc_KBIP[4 * i + 2];
      d.efc_R[i] = std::max(mjMINVAL, d.efc_diagApprox[i] * (1 - imp) / imp);
      continue;
    }
    SolverParameters p = RowParameters(m, d, i, friction);
    SanitizeParameters(p);
    mjtNum* kbip = d.efc_KBIP + 4 * i;
    StiffnessDamping(m, p, &kbip[0], &kbip[1]);
    if (friction) kbip[0] = 0;
    kbip[2] = Impedance(p.solimp, ImpedanceDistance(m, d, i), &kbip[3]);
    mjtNum imp = kbip[2];
    d.efc_R[i] = std::max(mjMINVAL, d.efc_diagApprox[i] * (1 - imp) / imp);
  }
}

// friction dimensions of contacts: elliptic R1 = R0 / impratio, R_j = R1 mu_1^2 / mu_j^2;
// pyramidal edges all take 2 mu^2 R(first edge), mu = mu_1 / sqrt(impratio); the regularized
// cone's friction mu = mu_1 sqrt(R1 / R0)
void AdjustContactRegularizers(const Model& m, Data& d) {
  for (int c = 0; c < d.ncon; ++c) {
    Contact& con = d.contact[c];
    int first = con.efc_address;
    if (first < 0 || con.dim == 1) continue;
    mjtNum impratio = std::max(m.opt.impratio, mjMINVAL);
    if (m.opt.cone == mjCONE_ELLIPTIC) {
      d.efc_R[first + 1] = d.efc_R[first] / impratio;
      for (int j = 2; j < con.dim; ++j) {
        mjtNum mu_j = std::max(con.friction[j - 1], mjMINVAL);  // R1 mu_1 mu_1 / (mu_j mu_j)
        d.efc_R[first + j] = d.efc_R[first + 1] * con.friction[0] * con.friction[0] / (mu_j * mu_j);
      }
      con.mu = con.friction[0] * std::sqrt(d.efc_R[first + 1] / d.efc_R[first]);
      for (int j = 0; j < con.dim; ++j) {
        d.efc_R[first + j] = std::max(mjMINVAL, d.efc_R[first + j]);
      }
    } else {
      con.mu = con.friction[0] / std::sqrt(impratio);
      mjtNum R = std::max(mjMINVAL, 2 * con.mu * con.mu * d.efc_R[first]);
      for (int j = 0; j < 2 * (con.dim - 1); ++j) d.efc_R[first + j] = R;
    }
  }
}

bool IsContactRow(int type) {
  return type == mjCNSTR_CONTACT_FRICTIONLESS || type == mjCNSTR_CONTACT_PYRAMIDAL ||
         type == mjCNSTR_CONTACT_ELLIPTIC;
}

// marks every dof of the chain from body (or its nearest ancestor with dofs) to the root
void MarkBodyChain(const Model& m, int body, int* mark) {
  while (body > 0 && m.body_dofnum[body] == 0) body = m.body_parentid[body];
  if (body <= 0) return;
  for (int c = m.body_dofadr[body] + m.body_dofnum[body] - 1; c >= 0 && !mark[c];
       c = m.dof_parentid[c]) {
    mark[c] = 1;
  }
}

// an equality row's structural pattern with a sparse Jacobian, as the reference's: a joint
// equality's two dofs (a zero coefficient included); a connect's or weld's two bodies' chains
// (of the sites' bodies when given by sites)
void MarkEqualityObjects(const Model& m, const Data& d, int i, int* mark) {
  if (!mj_isSparse(m) || d.efc_type[i] != mjCNSTR_EQUALITY) return;
  int id = d.efc_id[i];
  if (m.eq_type[id] == mjEQ_JOINT) {
    for (int joint : {m.eq_obj1id[id], m.eq_obj2id[id]}) {
      if (joint >= 0) mark[m.jnt_dofadr[joint]] = 1;
    }
    return;
  }
  if (m.eq_type[id] != mjEQ_CONNECT && m.eq_type[id] != mjEQ_WELD) return;
  for (int object : {m.eq_obj1id[id], m.eq_obj2id[id]}) {
    if (object < 0) continue;
    MarkBodyChain(m, m.eq_objtype[id] == mjOBJ_SITE ? m.site_bodyid[object] : object, mark);
  }
}

// marks the columns of ten_J's sparse pattern of the tendons behind row i (none for a dense
// Jacobian or a row that is not a tendon row)
void MarkTendonPattern(const Model& m, const Data& d, int i, int* mark) {
  if (!mj_isSparse(m)) return;
  int type = d.efc_type[i], id = d.efc_id[i];
  int tendons[2] = {-1, -1};
  if (type == mjCNSTR_FRICTION_TENDON || type == mjCNSTR_LIMIT_TENDON) {
    tendons[0] = id;
  } else if (type == mjCNSTR_EQUALITY && m.eq_type[id] == mjEQ_TENDON) {
    tendons[0] = m.eq_obj1id[id], tendons[1] = m.eq_obj2id[id];
  }
  for (int t : tendons) {
    if (t < 0) continue;
    const int* cols = d.ten_J_colind + d.ten_J_rowadr[t];
    for (int k = 0; k < d.ten_J_rownnz[t]; ++k) mark[cols[k]] = 1;
  }
}

// columns of the nonzeros of row i, ascending; returns their number. A contact row's pattern
// is structural, as the reference's: every dof of the chains (a body's dofs and its
// ancestors') of the bodies it moves, nonzero or not (a floor contact's normal row is exactly
// zero in a free body's horizontal slides), found by dof_parentid from the body's last dof.
// With a sparse Jacobian a tendon row (friction, limit, tendon equality) keeps its tendons'
// ten_J pattern too, a joint with coefficient 0 included (measured: such a joint's tree then
// joins the row's island in the reference). Other rows keep their numerical nonzeros.
int RowNonzeros(const Model& m, const Data& d, int i, int* mark, int* columns) {
  const mjtNum* row = d.efc_J + static_cast<size_t>(i) * m.nv;
  int count = 0;
  for (int k = 0; k < m.nv; ++k) mark[k] = 0;
  if (!IsContactRow(d.efc_type[i])) {
    MarkTendonPattern(m, d, i, mark);
    MarkEqualityObjects(m, d, i, mark);
    for (int k = 0; k < m.nv; ++k) {
      if (row[k] != 0 || mark[k]) columns[count++] = k;
    }
    return count;
  }
  const Contact& con = d.contact[d.efc_id[i]];
  for (int geom : {con.geom1, con.geom2}) {
    if (geom >= 0) MarkBodyChain(m, m.geom_bodyid[geom], mark);
  }
  for (int k = 0; k < m.nv; ++k) mark[k] |= row[k] != 0;  // flex or other movers
  for (int k = 0; k < m.nv; ++k) {
    if (mark[k]) columns[count++] = k;
  }
  return count;
}

// The nonzero pattern of efc_J (the reference's sparse layout: row i's columns are
// efc_J_colind[rowadr_i .. rowadr_i + rownnz_i), ascending, rows packed). The solvers' products
// visit only these columns, so dense and sparse Jacobians give the same sums. rowsuper counts
// the following rows with the same columns (contact rows share their bodies' dofs).
void IndexJacobianNonzeros(const Model& m, Data& d) {
  ScratchFrame frame(d);
  int* mark = frame.Allocate<int>(m.nv);
  int address = 0;
  for (int i = 0; i < d.nefc; ++i) {
    d.efc_J_rowadr[i] = address;
    bool same_contact = i > 0 && IsContactRow(d.efc_type[i]) &&
                        d.efc_type[i - 1] == d.efc_type[i] && d.efc_id[i - 1] == d.efc_id[i];
    if (same_contact) {  // a contact's rows share its structural pattern
      d.efc_J_rownnz[i] = d.efc_J_rownnz[i - 1];
      std::memcpy(d.efc_J_colind + address, d.efc_J_colind + d.efc_J_rowadr[i - 1],
                  sizeof(int) * d.efc_J_rownnz[i]);
    } else {
      d.efc_J_rownnz[i] = RowNonzeros(m, d, i, mark, d.efc_J_colind + address);
    }
    address += d.efc_J_rownnz[i];
  }
  for (int i = d.nefc - 1; i >= 0; --i) {
    d.efc_J_rowsuper[i] = 0;
    if (i + 1 == d.nefc || d.efc_J_rownnz[i] != d.efc_J_rownnz[i + 1]) continue;
    const int* mine = d.efc_J_colind + d.efc_J_rowadr[i];
    const int* next = d.efc_J_colind + d.efc_J_rowadr[i + 1];
    if (std::equal(mine, mine + d.efc_J_rownnz[i], next)) {
      d.efc_J_rowsuper[i] = d.efc_J_rowsuper[i + 1] + 1;
    }
  }
}

}  // namespace

bool LayoutConstraintRows(const Model& m, Data& d, int nefc) {
  auto align = [](size_t bytes) { return (bytes + 63) / 64 * 64; };
  size_t offset = align(sizeof(Contact) * d.ncon);
  unsigned char* base = d.arena.bytes();
  // the Jacobian's arrays (m.nv columns) hold dense rows, or d.nJ entries where more were asked
  // for (_realloc_con_efc)
  size_t jacobian = std::max(static_cast<size_t>(nefc) * m.nv, static_cast<size_t>(std::max(d.nJ, 0)));
  auto entries = [&](const char* cols_text, size_t cols) {
    return std::strcmp(cols_text, "m.nv") == 0 ? jacobian : static_cast<size_t>(nefc) * cols;
  };
#define MJSIM_X(type, name, cols, doc)                     \
  d.name = reinterpret_cast<type*>(base + offset);         \
  offset += align(sizeof(type) * entries(#cols, (cols)));
  MJSIM_EFC_FIELDS(MJSIM_X)
#undef MJSIM_X
  d.parena = offset;
  d.nA = 0;  // efc_AR is made later (mj_projectConstraint)
  if (offset > d.StackBottom()) return false;
  d.NoteArenaUse();
  return true;
}

namespace {

// tendon_efcadr: each tendon's first row, of its friction loss or limit or of a tendon equality
// naming it as either tendon
void IndexTendonRows(const Model& m, Data& d) {
  std::fill(d.tendon_efcadr, d.tendon_efcadr + m.ntendon, -1);
  auto note = [&](int tendon, int row) {
    if (tendon >= 0 && tendon < m.ntendon && d.tendon_efcadr[tendon] < 0) d.tendon_efcadr[tendon] = row;
  };
  for (int i = 0; i < d.nefc; ++i) {
    int id = d.efc_id[i];
    if (d.efc_type[i] == mjCNSTR_FRICTION_TENDON || d.efc_type[i] == mjCNSTR_LIMIT_TENDON) {
      note(id, i);
    } else if (d.efc_type[i] == mjCNSTR_EQUALITY && m.eq_type[id] == mjEQ_TENDON) {
      note(m.eq_obj1id[id], i);
      note(m.eq_obj2id[id], i);
    }
  }
}

}  // namespace

void mj_makeConstraint(const Model& m, Data& d) {
  d.ne = d.nf = d.nl = d.nefc = d.nJ = 0;
  std::fill(d.tendon_efcadr, d.tendon_efcadr + m.ntendon, -1);
  for (int c = 0; c < d.ncon; ++c) d.contact[c].efc_address = -1;
  int capacity = MaxRowCount(m, d);
  if (!LayoutConstraintRows(m, d, capacity)) {
    mj_warning(d, mjWARN_CNSTRFULL, capacity);
    LayoutConstraintRows(m, d, 0);
    return;
  }
  if (capacity == 0) return;
  RowWriter writer{m, d};
  if (!Disabled(m, mjDSBL_EQUALITY)) AddEqualityRows(writer);
  d.ne = d.nefc;
  if (!Disabled(m, mjDSBL_FRICTIONLOSS)) AddFrictionRows(writer);
  d.nf = d.nefc - d.ne;
  if (!Disabled(m, mjDSBL_LIMIT)) AddLimitRows(writer);
  d.nl = d.nefc - d.ne - d.nf;
  if (!Disabled(m, mjDSBL_CONTACT)) {
    for (int c = 0; c < d.ncon; ++c) AddContactRows(writer, c);
  }
  // the rows were laid out for `capacity`; pack them for the actual nefc (same order of arrays,
  // each shorter or equal, so copying forward never overwrites what is still to be read)
  int nefc = d.nefc;
  d.maxuse_efc = std::max(d.maxuse_efc, nefc);
  if (nefc < capacity) {
#define MJSIM_X(type, name, cols, doc) type* old_##name = d.name;
    MJSIM_EFC_FIELDS(MJSIM_X)
#undef MJSIM_X
    LayoutConstraintRows(m, d, nefc);
#define MJSIM_X(type, name, cols, doc) \
    std::memmove(d.name, old_##name, sizeof(type) * static_cast<size_t>(nefc) * (cols));
    MJSIM_EFC_FIELDS(MJSIM_X)
#undef MJSIM_X
  }
  IndexJacobianNonzeros(m, d);
  IndexTendonRows(m, d);
  d.nJ = !mj_isSparse(m) ? d.nefc * m.nv
                         : (d.nefc ? d.efc_J_rowadr[d.nefc - 1] + d.efc_J_rownnz[d.nefc - 1] : 0);
  ComputeImpedances(m, d);
  AdjustContactRegularizers(m, d);
  // every row's diagApprox is restated from its final R (the reference's bits, 7126 of 7126 rows)
  for (int i = 0; i < d.nefc; ++i) {
    mjtNum imp = d.efc_KBIP[4 * i + 2];
    d.efc_diagApprox[i] = d.efc_R[i] * imp / (1 - imp);
    d.efc_D[i] = 1 / d.efc_R[i];
  }
}

// efc_vel = J qvel; efc_aref = -b vel - k imp (pos - margin)
void mj_referenceConstraint(const Model& m, Data& d) {
  SolverView whole = WholeSystem(m, d);
  MulJacobian(whole.m, whole.d, d.efc_vel, d.qvel);
  for (int i = 0; i < d.nefc; ++i) {
    const mjtNum* kbip = d.efc_KBIP + 4 * i;
    d.efc_aref[i] = -kbip[1] * d.efc_vel[i] - kbip[0] * kbip[2] * (d.efc_pos[i] - d.efc_margin[i]);
  }
}

}  // namespace mjsim
