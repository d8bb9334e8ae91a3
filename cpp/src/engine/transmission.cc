// transmission.cc: actuator lengths and moments, forward pipeline stage 10 (Computation,
// "Actuation model" / transmission; checklist C.8).
//   reads   m.actuator_trntype actuator_trnid actuator_gear actuator_cranklength jnt_* site_bodyid
//           body_parentid body_rootid body_dofadr body_dofnum
//           d.qpos xquat site_xpos site_xmat                    (written by kinematics.cc)
//           d.subtree_com cdof                                  (written by com.cc)
//           d.ten_length ten_J ten_J_rownnz ten_J_rowadr ten_J_colind (written by tendon.cc)
//           d.contact ncon                                      (written by collision)
//   writes  d.actuator_length moment_rownnz moment_rowadr moment_colind actuator_moment
//
// The moment of actuator i is the gradient of its length, dl/dq (a row of nv numbers); it is
// stored sparse. Joint transmissions keep every dof of the joint, zeros included; the others
// (tendon, site, slider-crank, body) keep the non-zero entries only. Rows are packed one after
// the other (moment_rowadr), within the nJmom entries the compiler reserves.
//   joint hinge/slide   l = gear0 q,                 moment = gear0 at the dof
//   joint ball          l = gear[0:3] . rotvec(q),   moment = gear[0:3] at the 3 dofs
//   joint free          l = 0,                       moment = gear[0:6] at the 6 dofs
//   jointinparent       as joint, but the rotational gear is given in the parent frame:
//                       ball R(q)' gear[0:3], free R(body)' gear[3:6]
//   tendon              l = gear0 ten_length,        moment = gear0 ten_J (a sparse ten_J row
//                       is kept as it is, zeros included)
//   site (no refsite)   l = 0, moment = J' (R_site gear[0:3]) + Jrot' (R_site gear[3:6])
//   site with refsite   l = gear[0:3] . R_ref' (p_site - p_ref) + gear[3:6] . rotvec(q_ref^-1 q_site),
//                       moment over the dofs moving only one of the two sites (RefsiteTransmission)
//   slider-crank        a = slider z axis, v = crank - slider, r = cranklength,
//                       det = (a.v)^2 + r^2 - |v|^2 (0 if negative), l = gear0 (a.v - sqrt(det)),
//                       moment = gear0 d/dq of the same expression
//   body (adhesion)     l = 0; moment = minus the mean normal Jacobian of the body's contacts
//                       (an empty row without contacts); gear is not applied
#include <cmath>

#include "mjsim/api.h"
#include "util/math3.h"

namespace mjsim {
namespace {

// row = R' v for the rotation of a quaternion
void RotateBack(mjtNum row[3], const mjtNum quat[4], const mjtNum v[3]) {
  mjtNum q[4] = {quat[0], quat[1], quat[2], quat[3]};
  NormalizeQuat(q);
  mjtNum R[9];
  QuatToMat(R, q);
  MulMatTVec3(row, R, v);
}

// joint and jointinparent: one entry per dof of the joint
int JointTransmission(const Model& m, Data& d, int i, mjtNum* moment, int* columns) {
  int joint = m.actuator_trnid[2 * i];
  const mjtNum* gear = m.actuator_gear + 6 * i;
  const mjtNum* q = d.qpos + m.jnt_qposadr[joint];
  int type = m.jnt_type[joint];
  int count = JointDofCount(type);
  for (int k = 0; k < count; ++k) {
    columns[k] = m.jnt_dofadr[joint] + k;
    moment[k] = gear[k];
  }
  bool in_parent = m.actuator_trntype[i] == mjTRN_JOINTINPARENT;
  mjtNum& length = d.actuator_length[i];
  if (type == mjJNT_SLIDE || type == mjJNT_HINGE) {
    length = gear[0] * q[0];
  } else if (type == mjJNT_BALL) {
    mjtNum rotvec[3];
    QuatToRotationVector(rotvec, q);
    length = Dot3(gear, rotvec);
    if (in_parent) RotateBack(moment, q, gear);
  } else {
    length = 0;
    if (in_parent) RotateBack(moment + 3, q + 3, gear + 3);
  }
  return count;
}

// the non-zero entries of a dense row, packed in place (row and moment may overlap: the
// packed entry k never lies after the dense entry it comes from)
int PackNonzeros(const Model& m, const mjtNum* row, mjtNum* moment, int* columns) {
  int count = 0;
  for (int dof = 0; dof < m.nv; ++dof) {
    mjtNum value = row[dof];
    if (value == 0) continue;
    columns[count] = dof;
    moment[count++] = value;
  }
  return count;
}

void ZeroRow(const Model& m, mjtNum* row) {
  for (int dof = 0; dof < m.nv; ++dof) row[dof] = 0;
}

// row += force . dp/dq + torque . dw/dq for a point p on body b (torque may be null), over
// the dofs of b and its ancestors below `stop` (0: all of them)
void AddWrenchMoment(const Model& m, const Data& d, mjtNum* row, int b, const mjtNum p[3],
                     const mjtNum force[3], const mjtNum* torque, int stop = 0) {
  mjtNum offset[3];
  Sub3(offset, p, d.subtree_com + 3 * m.body_rootid[b]);
  for (; b > 0 && b != stop; b = m.body_parentid[b]) {
    for (int dof = m.body_dofadr[b]; dof >= 0 && dof < m.body_dofadr[b] + m.body_dofnum[b]; ++dof) {
      const mjtNum* cdof = d.cdof + 6 * dof;
      mjtNum velocity[3];
      Cross3(velocity, cdof, offset);
      AddTo3(velocity, cdof + 3);
      row[dof] += Dot3(force, velocity) + (torque ? Dot3(torque, cdof) : 0);
    }
  }
}

// site without refsite: a wrench fixed in the site frame, applied at the site
void SiteTransmission(const Model& m, const Data& d, int i, mjtNum* row) {
  int site = m.actuator_trnid[2 * i];
  const mjtNum* gear = m.actuator_gear + 6 * i;
  const mjtNum* R = d.site_xmat + 9 * site;
  mjtNum force[3], torque[3];
  MulMatVec3(force, R, gear);
  MulMatVec3(torque, R, gear + 3);
  AddWrenchMoment(m, d, row, m.site_bodyid[site], d.site_xpos + 3 * site, force, torque);
}

// the deepest body that is b1 or an ancestor of it and b2 or an ancestor of it
int CommonAncestor(const Model& m, int b1, int b2) {
  for (int a = b1; a > 0; a = m.body_parentid[a]) {
    for (int c = b2; c > 0; c = m.body_parentid[c]) {
      if (a == c) return a;
    }
  }
  return 0;
}

// orientation of a site as the reference composes it here: site_quat * xquat (sic)
void ReferenceSiteQuat(mjtNum quat[4], const Model& m, const Data& d, int site) {
  MulQuat(quat, m.site_quat + 4 * site, d.xquat + 4 * m.site_bodyid[site]);
}

// site with refsite: l = gear[0:3] . R_ref' (p_site - p_ref) + gear[3:6] . rotvec(q_ref^-1 q_site)
// with the site orientations composed as ReferenceSiteQuat; moment = f . (J_site - J_ref) +
// t . (Jrot_site - Jrot_ref), f = R_ref gear[0:3], t = R_ref gear[3:6], over the dofs that move
// one site but not both (the rotation of the ref frame by its own dofs is left out, as in the
// reference)
mjtNum RefsiteTransmission(const Model& m, const Data& d, int i, mjtNum* row) {
  int site = m.actuator_trnid[2 * i];
  int ref = m.actuator_trnid[2 * i + 1];
  const mjtNum* gear = m.actuator_gear + 6 * i;
  const mjtNum* R = d.site_xmat + 9 * ref;
  mjtNum offset[3], local[3];
  Sub3(offset, d.site_xpos + 3 * site, d.site_xpos + 3 * ref);
  MulMatTVec3(local, R, offset);
  mjtNum site_quat[4], ref_quat[4], rotvec[3];
  ReferenceSiteQuat(site_quat, m, d, site);
  ReferenceSiteQuat(ref_quat, m, d, ref);
  QuatDifference(rotvec, ref_quat, site_quat);

  mjtNum force[3], torque[3], negative_force[3], negative_torque[3];
  MulMatVec3(force, R, gear);
  MulMatVec3(torque, R, gear + 3);
  Scale3(negative_force, force, -1);
  Scale3(negative_torque, torque, -1);
  int site_body = m.site_bodyid[site], ref_body = m.site_bodyid[ref];
  int common = CommonAncestor(m, site_body, ref_body);
  AddWrenchMoment(m, d, row, site_body, d.site_xpos + 3 * site, force, torque, common);
  AddWrenchMoment(m, d, row, ref_body, d.site_xpos + 3 * ref, negative_force, negative_torque, common);
  return Dot3(gear, local) + Dot3(gear + 3, rotvec);
}

// slider-crank: l = gear0 (a.v - sqrt(det)); the derivative of a.v is v.da + a.dv, with
// dv = d(crank) - d(slider) and da = w_slider x a; d(det) = 2 (a.v) d(a.v) - 2 v.dv
mjtNum SliderCrankTransmission(const Model& m, const Data& d, int i, mjtNum* row) {
  int crank = m.actuator_trnid[2 * i];
  int slider = m.actuator_trnid[2 * i + 1];
  mjtNum gear = m.actuator_gear[6 * i];
  mjtNum r = m.actuator_cranklength[i];
  const mjtNum* R = d.site_xmat + 9 * slider;
  mjtNum axis[3] = {R[2], R[5], R[8]};
  mjtNum v[3];
  Sub3(v, d.site_xpos + 3 * crank, d.site_xpos + 3 * slider);
  mjtNum av = Dot3(axis, v);
  mjtNum det = av * av + r * r - Dot3(v, v);
  mjtNum root = det > 0 ? std::sqrt(det) : 0;
  // dl = gear [ d(a.v) (1 - av/root) + (v.dv)/root ], the root terms dropped when det <= 0
  mjtNum scale_av = root > 0 ? gear * (1 - av / root) : gear;
  mjtNum scale_v = root > 0 ? gear / root : 0;
  // d(a.v) = a.dv + v.(w_slider x a) = a.dv + (a x v).w_slider;  v.dv
  mjtNum crank_force[3], slider_force[3], slider_torque[3];
  for (int k = 0; k < 3; ++k) crank_force[k] = scale_av * axis[k] + scale_v * v[k];
  Scale3(slider_force, crank_force, -1);
  Cross3(slider_torque, axis, v);
  Scale3(slider_torque, slider_torque, scale_av);
  AddWrenchMoment(m, d, row, m.site_bodyid[crank], d.site_xpos + 3 * crank, crank_force, nullptr);
  AddWrenchMoment(m, d, row, m.site_bodyid[slider], d.site_xpos + 3 * slider, slider_force, slider_torque);
  return gear * (av - root);
}

// Body transmission (adhesion): minus the mean, over every contact of the body's geoms (those
// beyond margin - gap included), of the normal's Jacobian n . (dp2/dq - dp1/dq) at the contact
// point, so a positive force pulls the body and the other geom together. Gear is not applied
// and the length is 0. Fitted to the reference, exact on plane, sphere and gap contacts.
void BodyTransmission(const Model& m, const Data& d, int body, mjtNum* row) {
  int count = 0;
  for (int c = 0; c < d.ncon; ++c) {
    const Contact& con = d.contact[c];
    if (con.geom1 < 0 || con.geom2 < 0) continue;
    int body1 = m.geom_bodyid[con.geom1], body2 = m.geom_bodyid[con.geom2];
    if (body1 != body && body2 != body) continue;
    const mjtNum* normal = con.frame;
    mjtNum away[3];
    Scale3(away, normal, -1);
    AddWrenchMoment(m, d, row, body2, con.pos, normal, nullptr);
    AddWrenchMoment(m, d, row, body1, con.pos, away, nullptr);
    ++count;
  }
  if (count == 0) return;
  for (int dof = 0; dof < m.nv; ++dof) row[dof] /= -count;
}

// a sparse tendon row is taken as it is, zeros included, as the reference does
int CopySparseTendonRow(const Model& m, const Data& d, int tendon, mjtNum gear, mjtNum* moment,
                        int* columns) {
  int adr = d.ten_J_rowadr[tendon];
  int count = d.ten_J_rownnz[tendon];
  for (int k = 0; k < count; ++k) {
    columns[k] = d.ten_J_colind[adr + k];
    moment[k] = gear * d.ten_J[adr + k];
  }
  return count;
}

// a row computed dense into the moment storage, then packed
int DenseTransmission(const Model& m, Data& d, int i, mjtNum* moment, int* columns) {
  mjtNum* row = moment;  // the reserved space from here on holds at least nv entries
  ZeroRow(m, row);
  mjtNum gear = m.actuator_gear[6 * i];
  int id = m.actuator_trnid[2 * i];
  switch (m.actuator_trntype[i]) {
    case mjTRN_TENDON:
      d.actuator_length[i] = gear * d.ten_length[id];
      if (mj_isSparse(m)) return CopySparseTendonRow(m, d, id, gear, moment, columns);
      for (int dof = 0; dof < m.nv; ++dof) row[dof] = gear * d.ten_J[id * m.nv + dof];
      break;
    case mjTRN_SITE:
      if (m.actuator_trnid[2 * i + 1] >= 0) {
        d.actuator_length[i] = RefsiteTransmission(m, d, i, row);
      } else {
        d.actuator_length[i] = 0;
        SiteTransmission(m, d, i, row);
      }
      break;
    case mjTRN_SLIDERCRANK:
      d.actuator_length[i] = SliderCrankTransmission(m, d, i, row);
      break;
    case mjTRN_BODY:
      d.actuator_length[i] = 0;
      BodyTransmission(m, d, id, row);
      break;
    default:
      d.actuator_length[i] = 0;
      break;
  }
  return PackNonzeros(m, row, moment, columns);
}

}  // namespace

void mj_transmission(const Model& m, Data& d) {
  int adr = 0;
  for (int i = 0; i < m.nu; ++i) {
    d.moment_rowadr[i] = adr;
    int type = m.actuator_trntype[i];
    int count = 0;
    if (type == mjTRN_JOINT || type == mjTRN_JOINTINPARENT) {
      count = JointTransmission(m, d, i, d.actuator_moment + adr, d.moment_colind + adr);
    } else {
      count = DenseTransmission(m, d, i, d.actuator_moment + adr, d.moment_colind + adr);
    }
    d.moment_rownnz[i] = count;
    adr += count;
  }
}

}  // namespace mjsim
