// constraint_force.cc: constraint forces as Cartesian wrenches, after the solve: the 6-d force
// of one contact in its frame (mj_contactForce) and the wrenches of contacts, connect and weld
// constraints on their bodies, which mj_rnePostConstraint adds to cfrc_ext.
//   reads   m.geom_bodyid eq_* body_rootid d.contact efc_force efc_type efc_id xpos xmat
//           site_xpos subtree_com
//   writes  result (mj_contactForce); adds to cfrc_ext (AddConstraintWrenches)
//
// A contact's rows act along its frame: elliptic rows are the force itself (normal, two
// tangents, torsion, two rolls); a pyramidal edge pair j pushes along n + mu_j t_j and
// n - mu_j t_j, so the normal force is the sum of all edges and friction j is
// mu_j (f_2j - f_2j+1); a frictionless row is the normal force.
// The contact wrench acts on geom2's body (+) and geom1's body (-) at the contact point. A
// connect's force f (its three rows, world frame) acts on body1 at its anchor and -f on body2
// at its anchor; a weld's rotational rows f_r act as the world torque f_r on body1 and -f_r on
// body2, as the reference reports them (not J' f of those rows, which would be
// torquescale / 2 R2 (q_w I - [q_v]x)' f_r).
#include <cstring>

#include "engine/stages.h"
#include "mjsim/api.h"
#include "util/math3.h"

namespace mjsim {
namespace {

// cfrc_ext[b] += the wrench (force, torque) acting at `point`, as a com-based (rot:lin) wrench
// about the c-frame origin of b's tree
void AddWorldWrench(const Model& m, const Data& d, int body, const mjtNum force[3],
                    const mjtNum torque[3], const mjtNum point[3], mjtNum sign, mjtNum* cfrc) {
  if (body <= 0) return;
  mjtNum offset[3], moment[3];
  Sub3(offset, point, d.subtree_com + 3 * m.body_rootid[body]);
  Cross3(moment, offset, force);
  mjtNum* wrench = cfrc + 6 * body;
  for (int k = 0; k < 3; ++k) {
    wrench[k] += sign * (torque[k] + moment[k]);
    wrench[3 + k] += sign * force[k];
  }
}

// world force and torque of contact c from its force in the contact frame
void ContactWrench(const Contact& con, const mjtNum local[6], mjtNum force[3],
                   mjtNum torque[3]) {
  Zero3(force);
  Zero3(torque);
  for (int r = 0; r < 3; ++r) {
    AddScaledTo3(force, con.frame + 3 * r, local[r]);
    AddScaledTo3(torque, con.frame + 3 * r, local[3 + r]);
  }
}

// body ids and anchors of a connect or weld, as the constraint rows use them
void EqualityAnchors(const Model& m, const Data& d, int eq, int body[2], mjtNum point[2][3]) {
  const mjtNum* data = m.eq_data + mjNEQDATA * eq;
  int ids[2] = {m.eq_obj1id[eq], m.eq_obj2id[eq]};
  bool weld = m.eq_type[eq] == mjEQ_WELD;
  for (int side = 0; side < 2; ++side) {
    int id = ids[side];
    if (m.eq_objtype[eq] == mjOBJ_SITE) {
      body[side] = m.site_bodyid[id];
      Copy3(point[side], d.site_xpos + 3 * id);
      continue;
    }
    body[side] = id;
    const mjtNum* local = weld ? data + (side == 0 ? 3 : 0) : data + 3 * side;
    MulMatVec3(point[side], d.xmat + 9 * id, local);
    AddTo3(point[side], d.xpos + 3 * id);
  }
}

// the wrenches of the equality block starting at row i (connect or weld)
void AddEqualityWrench(const Model& m, const Data& d, int i, mjtNum* cfrc) {
  int eq = d.efc_id[i];
  int body[2];
  mjtNum point[2][3];
  EqualityAnchors(m, d, eq, body, point);
  const mjtNum* f = d.efc_force + i;
  mjtNum zero[3] = {0, 0, 0};
  AddWorldWrench(m, d, body[0], f, zero, point[0], 1, cfrc);
  AddWorldWrench(m, d, body[1], f, zero, point[1], -1, cfrc);
  if (m.eq_type[eq] != mjEQ_WELD) return;
  // the reference takes the rotational rows' forces as a world torque as they are
  AddWorldWrench(m, d, body[0], zero, f + 3, point[0], 1, cfrc);
  AddWorldWrench(m, d, body[1], zero, f + 3, point[1], -1, cfrc);
}

}  // namespace

void mj_contactForce(const Model& m, const Data& d, int id, mjtNum result[6]) {
  for (int k = 0; k < 6; ++k) result[k] = 0;
  if (id < 0 || id >= d.ncon) return;
  const Contact& con = d.contact[id];
  int first = con.efc_address;
  if (first < 0 || first >= d.nefc) return;
  const mjtNum* f = d.efc_force + first;
  if (con.dim == 1) {
    result[0] = f[0];
  } else if (d.efc_type[first] == mjCNSTR_CONTACT_ELLIPTIC) {
    for (int j = 0; j < con.dim; ++j) result[j] = f[j];
  } else {
    for (int j = 0; j < 2 * (con.dim - 1); ++j) result[0] += f[j];
    for (int j = 1; j < con.dim; ++j) {
      result[j] = con.friction[j - 1] * (f[2 * j - 2] - f[2 * j - 1]);
    }
  }
}

void AddConstraintWrenches(const Model& m, const Data& d, mjtNum* cfrc) {
  for (int i = 0; i < d.ne;) {
    int eq = d.efc_id[i];
    int type = m.eq_type[eq];
    if (type == mjEQ_CONNECT || type == mjEQ_WELD) AddEqualityWrench(m, d, i, cfrc);
    i += type == mjEQ_CONNECT ? 3 : type == mjEQ_WELD ? 6 : 1;
  }
  for (int c = 0; c < d.ncon; ++c) {
    const Contact& con = d.contact[c];
    if (con.efc_address < 0) continue;
    mjtNum local[6], force[3], torque[3];
    mj_contactForce(m, d, c, local);
    ContactWrench(con, local, force, torque);
    AddWorldWrench(m, d, m.geom_bodyid[con.geom[1]], force, torque, con.pos, 1, cfrc);
    AddWorldWrench(m, d, m.geom_bodyid[con.geom[0]], force, torque, con.pos, -1, cfrc);
  }
}

}  // namespace mjsim
