// object_velocity.cc: 6-d velocity and acceleration of an object frame (MuJoCo API
// mj_objectVelocity, mj_objectAcceleration; Computation "com-based quantities"), used by the
// velocity and acceleration sensors and by scripts.
//   reads   m.body_rootid body_weldid geom_bodyid site_bodyid cam_bodyid
//           d.xpos xmat xipos ximat geom_xpos geom_xmat site_xpos site_xmat  (kinematics.cc)
//           d.cam_xpos cam_xmat (camlight.cc), subtree_com (com.cc)
//           d.cvel (velocity.cc), d.cacc (rne.cc, mj_rnePostConstraint)
//   writes  res (6 numbers, rot:lin)
//
// cvel and cacc of body b are spatial vectors (w, v) about the c-frame origin c, the com of
// b's tree (subtree_com of the root). At the object position p:
//   velocity      (w,  v + w x (p - c))
//   acceleration  (dw, dv + dw x (p - c) + w x v_p)   with v_p the velocity of p:
// the last term turns the spatial acceleration into the classical acceleration of the point
// (Featherstone, "Rigid Body Dynamics Algorithms", 2.11). With flg_local both 3-vectors are
// expressed in the object frame (R' x) instead of the world frame.
// Objects of static bodies (welded to the world, weldid 0) have zero acceleration (observed on
// the reference: a static accelerometer reads 0 although the world's cacc holds -gravity).
#include "engine/stages.h"
#include "mjsim/api.h"
#include "util/math3.h"
#include "util/spatial.h"

namespace mjsim {

bool ObjectFrame(const Model& m, const Data& d, int objtype, int objid, ObjectPose* pose) {
  auto valid = [objid](int count) { return objid >= 0 && objid < count; };
  switch (objtype) {
    case mjOBJ_BODY:
      if (!valid(m.nbody)) return false;
      *pose = {d.xipos + 3 * objid, d.ximat + 9 * objid, objid};
      return true;
    case mjOBJ_XBODY:
      if (!valid(m.nbody)) return false;
      *pose = {d.xpos + 3 * objid, d.xmat + 9 * objid, objid};
      return true;
    case mjOBJ_GEOM:
      if (!valid(m.ngeom)) return false;
      *pose = {d.geom_xpos + 3 * objid, d.geom_xmat + 9 * objid, m.geom_bodyid[objid]};
      return true;
    case mjOBJ_SITE:
      if (!valid(m.nsite)) return false;
      *pose = {d.site_xpos + 3 * objid, d.site_xmat + 9 * objid, m.site_bodyid[objid]};
      return true;
    case mjOBJ_CAMERA:
      if (!valid(m.ncam)) return false;
      *pose = {d.cam_xpos + 3 * objid, d.cam_xmat + 9 * objid, m.cam_bodyid[objid]};
      return true;
    default:
      return false;
  }
}

namespace {

// res = (R' res[0:3], R' res[3:6])
void ToLocal(mjtNum res[6], const mjtNum R[9]) {
  MulMatTVec3(res, R, res);
  MulMatTVec3(res + 3, R, res + 3);
}

}  // namespace

void mj_objectVelocity(const Model& m, const Data& d, int objtype, int objid, mjtNum res[6],
                       int flg_local) {
  ObjectPose pose;
  if (!ObjectFrame(m, d, objtype, objid, &pose)) return Zero6(res);
  Copy3(res, d.cvel + 6 * pose.body);
  PointVelocity(m, d, pose.body, pose.pos, res + 3);
  if (flg_local) ToLocal(res, pose.mat);
}

void mj_objectAcceleration(const Model& m, const Data& d, int objtype, int objid, mjtNum res[6],
                           int flg_local) {
  ObjectPose pose;
  if (!ObjectFrame(m, d, objtype, objid, &pose) || m.body_weldid[pose.body] == 0) {
    return Zero6(res);
  }
  int b = pose.body;
  const mjtNum* cacc = d.cacc + 6 * b;
  // the spatial velocity and acceleration at p (in the object frame when flg_local), then
  // dv_p = dv + dw x (p - c) + w x v_p: the cross product taken in the frame of the result,
  // as the reference rounds (310 of 310 site accelerations bit-equal, measured)
  mjtNum velocity[6], offset[3];
  Copy3(velocity, d.cvel + 6 * b);
  PointVelocity(m, d, b, pose.pos, velocity + 3);
  Sub3(offset, pose.pos, d.subtree_com + 3 * m.body_rootid[b]);
  Copy3(res, cacc);
  Cross3(res + 3, cacc, offset);
  AddTo3(res + 3, cacc + 3);
  if (flg_local) {
    ToLocal(velocity, pose.mat);
    ToLocal(res, pose.mat);
  }
  mjtNum coriolis[3];
  Cross3(coriolis, velocity, velocity + 3);
  AddTo3(res + 3, coriolis);
}

}  // namespace mjsim
