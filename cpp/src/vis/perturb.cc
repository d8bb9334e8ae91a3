// perturb.cc: the mouse perturbation of a selected body (mjvPerturb): its reference pose
// (mjv_initPerturb), mouse motions of it (mjv_movePerturb), the spring that pulls the body to
// it (mjv_applyPerturbForce) or the pose set outright (mjv_applyPerturbPose), and mouse motions
// of the whole model's room transform (mjv_moveModel). Measured on mujoco 3.3.7:
//   a rotation of refquat stays within 90 degrees of the body's orientation
//   localmass = 3 / trace(J M^-1 J^T), J the translational jacobian at the selection point
//   (1 when no dof moves it); the rotational spring uses 1 / body_invweight0[b][1] (1 when 0)
//   force  = k m (refselpos - p) - sqrt(k) m v(p),               k = vis.map.stiffness
//   torque = (p - xipos) x force - sqrt(kr) I (w.u) u  (translate; u along refselpos - p)
//   torque = kr I rotvec(refquat * conj(xquat iquat)) - sqrt(kr) I w  (rotate; kr = stiffnessrot)
#include <cmath>
#include <string>
#include <vector>

#include "mjsim/api.h"
#include "mjsim/errors.h"
#include "mjsim/vis.h"
#include "util/math3.h"

namespace mjsim {
namespace {

bool IsBody(const Model& m, int body) { return body >= 0 && body < m.nbody; }

// the picked point: localpos in the body's frame, in the world
void SelectionPoint(mjtNum point[3], const Data& d, int body, const mjtNum localpos[3]) {
  MulMatVec3(point, d.xmat + 9 * body, localpos);
  AddTo3(point, d.xpos + 3 * body);
}

// the orientation of the body's inertial frame (xquat * body_iquat)
void InertialQuat(mjtNum quat[4], const Model& m, const Data& d, int body) {
  MulQuat(quat, d.xquat + 4 * body, m.body_iquat + 4 * body);
}

// 3 / trace(J M^-1 J^T) with J the translational jacobian of `point` on `body`: the mass a
// force at the point feels, averaged over directions; 1 when no dof moves the point
mjtNum TranslationalMass(const Model& m, const Data& d, int body, const mjtNum point[3]) {
  std::vector<mjtNum> jacp(3 * m.nv), solved(3 * m.nv);
  mj_jac(m, d, jacp.data(), nullptr, point, body);
  mj_solveM(m, d, solved.data(), jacp.data(), 3);
  mjtNum trace = 0;
  for (int i = 0; i < 3 * m.nv; ++i) trace += jacp[i] * solved[i];
  return trace < mjMINVAL ? 1 : 3 / trace;
}

// the rotational counterpart: 1 / body_invweight0 (measured; 1 for a body without dofs)
mjtNum RotationalInertia(const Model& m, int body) {
  mjtNum invweight = m.body_invweight0[2 * body + 1];
  return invweight < mjMINVAL ? 1 : 1 / invweight;
}

// the body's angular velocity and the linear velocity of `point` on it, from cvel (as of the
// last mj_forward: measured, qvel changed since is not seen)
void PointVelocity(mjtNum angular[3], mjtNum linear[3], const Model& m, const Data& d, int body,
                   const mjtNum point[3]) {
  const mjtNum* cvel = d.cvel + 6 * body;
  mjtNum offset[3], turn[3];
  Sub3(offset, point, d.subtree_com + 3 * m.body_rootid[body]);
  Copy3(angular, cvel);
  Cross3(turn, angular, offset);
  Add3(linear, cvel + 3, turn);
}

// the quaternion of a rotation vector (axis * angle)
void RotationVectorToQuat(mjtNum quat[4], const mjtNum rotvec[3]) {
  mjtNum axis[3] = {rotvec[0], rotvec[1], rotvec[2]};
  mjtNum angle = Normalize3(axis);
  if (angle < mjMINVAL) {
    quat[0] = 1;
    quat[1] = quat[2] = quat[3] = 0;
    return;
  }
  AxisAngleToQuat(quat, axis, angle);
}

// quat = rotation(rotvec) * quat, normalized
void RotateInWorld(mjtNum quat[4], const mjtNum rotvec[3]) {
  mjtNum turn[4], result[4];
  RotationVectorToQuat(turn, rotvec);
  MulQuat(result, turn, quat);
  NormalizeQuat(result);
  Copy4(quat, result);
}

// refquat kept within a quarter turn of the body's inertial orientation (measured: a larger
// difference is cut to 90 degrees about the same world axis)
void LimitToQuarterTurn(const Model& m, const Data& d, VisPerturb& pert) {
  mjtNum current[4], inverse[4], relative[4], rotvec[3];
  InertialQuat(current, m, d, pert.select);
  ConjugateQuat(inverse, current);
  MulQuat(relative, pert.refquat, inverse);
  QuatToRotationVector(rotvec, relative);
  mjtNum angle = Norm3(rotvec);
  if (angle <= mjPI / 2) return;
  Scale3(rotvec, rotvec, mjPI / 2 / angle);
  Copy4(pert.refquat, current);
  RotateInWorld(pert.refquat, rotvec);
}

void CheckBodySelected(const Model& m, const VisPerturb& pert, const char* motion) {
  if (IsBody(m, pert.select)) return;
  throw FatalError(std::string("mjv_movePerturb: ") + motion + " needs a selected body; select " +
                   std::to_string(pert.select) + " is outside [0, " + std::to_string(m.nbody) +
                   ")");
}

// the average eye's forward direction in model coordinates
void ModelForward(mjtNum forward[3], const VisScene& scn) {
  mjtNum head[3], up[3];
  CameraInModel(head, forward, up, scn);
}

// the spring pulling the selection point to refselpos, and its moment about the body's centre
// of mass; the angular velocity about the pull direction is damped too (measured)
void TranslationSpring(const Model& m, const Data& d, const VisPerturb& pert, bool with_torque,
                       mjtNum* xfrc) {
  int body = pert.select;
  mjtNum point[3], angular[3], linear[3], stretch[3];
  SelectionPoint(point, d, body, pert.localpos);
  PointVelocity(angular, linear, m, d, body, point);
  Sub3(stretch, pert.refselpos, point);
  mjtNum k = m.vis.map.stiffness, mass = pert.localmass;
  for (int i = 0; i < 3; ++i) xfrc[i] = k * mass * stretch[i] - std::sqrt(k) * mass * linear[i];
  if (!with_torque) return;
  mjtNum lever[3], pull[3] = {stretch[0], stretch[1], stretch[2]};
  Sub3(lever, point, d.xipos + 3 * body);
  Cross3(xfrc + 3, lever, xfrc);
  if (Normalize3(pull) < mjMINVAL) pull[0] = 1, pull[1] = pull[2] = 0;  // as mju_normalize3
  mjtNum spin = std::sqrt(m.vis.map.stiffnessrot) * RotationalInertia(m, body) *
                Dot3(angular, pull);
  AddScaledTo3(xfrc + 3, pull, -spin);
}

// the torsion spring turning the body's inertial frame to refquat
void RotationSpring(const Model& m, const Data& d, const VisPerturb& pert, mjtNum* torque) {
  int body = pert.select;
  mjtNum current[4], inverse[4], relative[4], rotvec[3], angular[3], linear[3];
  InertialQuat(current, m, d, body);
  ConjugateQuat(inverse, current);
  MulQuat(relative, pert.refquat, inverse);
  QuatToRotationVector(rotvec, relative);
  PointVelocity(angular, linear, m, d, body, d.xipos + 3 * body);
  mjtNum kr = m.vis.map.stiffnessrot, inertia = RotationalInertia(m, body);
  for (int i = 0; i < 3; ++i) {
    torque[i] = kr * inertia * rotvec[i] - std::sqrt(kr) * inertia * angular[i];
  }
}

// the pose (pos, quat) of a frame that is at `root` while the selected body's inertial frame is
// at `inertial`, moved so that the inertial frame goes to (refpos, refquat)
void CarryFrame(mjtNum pos[3], mjtNum quat[4], const mjtNum inertial_pos[3],
                const mjtNum inertial_quat[4], const VisPerturb& pert) {
  mjtNum inverse[4], relative_quat[4], offset[3], relative_pos[3], moved[3];
  ConjugateQuat(inverse, inertial_quat);
  MulQuat(relative_quat, inverse, quat);
  Sub3(offset, pos, inertial_pos);
  RotateVecByQuat(relative_pos, offset, inverse);
  MulQuat(quat, pert.refquat, relative_quat);
  RotateVecByQuat(moved, relative_pos, pert.refquat);
  Add3(pos, pert.refpos, moved);
}

// a mocap body: its frame from the inertial frame's reference pose and the model's body_ipos,
// body_iquat (measured: the current mocap pose is not used)
void PoseMocap(const Model& m, Data& d, const VisPerturb& pert, int mocap) {
  int body = pert.select;
  mjtNum inverse_iquat[4], quat[4], offset[3];
  ConjugateQuat(inverse_iquat, m.body_iquat + 4 * body);
  MulQuat(quat, pert.refquat, inverse_iquat);
  RotateVecByQuat(offset, m.body_ipos + 3 * body, quat);
  Sub3(d.mocap_pos + 3 * mocap, pert.refpos, offset);
  Copy4(d.mocap_quat + 4 * mocap, quat);
}

// the free joint of the selected body's root, moved so that the selected body's inertial frame
// reaches the reference pose; the root pose is read from qpos, the body's from xipos and xquat
void PoseFreeRoot(const Model& m, Data& d, const VisPerturb& pert) {
  int body = pert.select, root = m.body_rootid[body];
  if (m.body_jntnum[root] < 1 || m.jnt_type[m.body_jntadr[root]] != mjJNT_FREE) return;
  mjtNum* qpos = d.qpos + m.jnt_qposadr[m.body_jntadr[root]];
  mjtNum inertial_quat[4];
  InertialQuat(inertial_quat, m, d, body);
  CarryFrame(qpos, qpos + 3, d.xipos + 3 * body, inertial_quat, pert);
}

// the room's axes seen from the camera: right = unit(forward x roomup) and the heading, forward
// less its part along roomup (roomup as given: measured, it is not normalized)
void RoomAxes(mjtNum right[3], mjtNum heading[3], const mjtNum roomup[3], const VisScene& scn) {
  mjtNum head[3], forward[3], up[3];
  CameraInRoom(head, forward, up, scn);
  Cross3(right, forward, roomup);
  Normalize3(right);
  mjtNum along = Dot3(forward, roomup);
  for (int i = 0; i < 3; ++i) heading[i] = forward[i] - along * roomup[i];
  Normalize3(heading);
}

// scn.rotate turned in the room by the rotation vector pi (dy right + dx about)
void RotateRoom(VisScene& scn, const mjtNum right[3], const mjtNum about[3], mjtNum reldx,
                mjtNum reldy) {
  mjtNum rotvec[3], rotate[4];
  for (int i = 0; i < 3; ++i) rotvec[i] = mjPI * (reldy * right[i] + reldx * about[i]);
  for (int i = 0; i < 4; ++i) rotate[i] = scn.rotate[i];
  RotateInWorld(rotate, rotvec);
  for (int i = 0; i < 4; ++i) scn.rotate[i] = static_cast<float>(rotate[i]);
}

}  // namespace

void InitPerturb(const Model& m, const Data& d, const VisScene& scn, VisPerturb& pert) {
  int body = pert.select;
  if (body <= 0 || body >= m.nbody) return;  // measured: nothing changes
  Copy3(pert.refpos, d.xipos + 3 * body);
  InertialQuat(pert.refquat, m, d, body);
  SelectionPoint(pert.refselpos, d, body, pert.localpos);
  pert.localmass = TranslationalMass(m, d, body, pert.refselpos);
  // the window's height in the world at the selection point's depth
  mjtNum head[3], forward[3], up[3], offset[3];
  CameraInModel(head, forward, up, scn);
  Sub3(offset, pert.refselpos, head);
  pert.scale = Dot3(offset, forward) * FrustumHeight(scn);
}

void MovePerturb(const Model& m, const Data& d, int action, mjtNum reldx, mjtNum reldy,
                 const VisScene& scn, VisPerturb& pert) {
  mjtNum forward[3], local[3], world[3];
  switch (action) {
    case mjMOUSE_ROTATE_V:
    case mjMOUSE_ROTATE_H: {
      // one rotation of 2 pi per window height, about the camera's right (dy) and z or the
      // camera's heading (dx)
      CheckBodySelected(m, pert, "a rotation");
      mjtNum v[3] = {reldy, 0, reldx}, h[3] = {reldy, reldx, 0};
      ModelForward(forward, scn);
      AlignToCamera(world, action == mjMOUSE_ROTATE_V ? v : h, forward);
      Scale3(world, world, 2 * mjPI);
      RotateInWorld(pert.refquat, world);
      LimitToQuarterTurn(m, d, pert);
      return;
    }
    case mjMOUSE_MOVE_V:
    case mjMOUSE_MOVE_H: {
      local[0] = reldx;
      local[1] = action == mjMOUSE_MOVE_V ? 0 : -reldy;
      local[2] = action == mjMOUSE_MOVE_V ? -reldy : 0;
      ModelForward(forward, scn);
      AlignToCamera(world, local, forward);
      break;
    }
    case mjMOUSE_MOVE_V_REL:
    case mjMOUSE_MOVE_H_REL: {
      // in the selected body's frame, whatever the camera (measured): V along (y, z), H (y, x)
      CheckBodySelected(m, pert, "a relative motion");
      local[0] = action == mjMOUSE_MOVE_V_REL ? 0 : reldy;
      local[1] = reldx;
      local[2] = action == mjMOUSE_MOVE_V_REL ? reldy : 0;
      MulMatVec3(world, d.xmat + 9 * pert.select, local);
      break;
    }
    case mjMOUSE_ZOOM:
      return;
    default:
      throw FatalError("mjv_movePerturb: unexpected mouse action " + std::to_string(action));
  }
  AddScaledTo3(pert.refpos, world, pert.scale);
  AddScaledTo3(pert.refselpos, world, pert.scale);
}

void ApplyPerturbForce(const Model& m, Data& d, const VisPerturb& pert) {
  int body = pert.select, active = pert.active | pert.active2;
  if (!IsBody(m, body)) return;  // measured: select 0 pulls the world body
  mjtNum* xfrc = d.xfrc_applied + 6 * body;
  // each active spring overwrites its part of xfrc_applied (measured)
  if (active & mjPERT_TRANSLATE) {
    TranslationSpring(m, d, pert, !(active & mjPERT_ROTATE), xfrc);
  }
  if (active & mjPERT_ROTATE) RotationSpring(m, d, pert, xfrc + 3);
}

void ApplyPerturbPose(const Model& m, Data& d, const VisPerturb& pert, int flg_paused) {
  int body = pert.select;
  if (body <= 0 || body >= m.nbody || !(pert.active | pert.active2)) return;
  int mocap = m.body_mocapid[body];
  if (mocap >= 0) {
    PoseMocap(m, d, pert, mocap);
  } else if (flg_paused) {
    PoseFreeRoot(m, d, pert);
  }
}

void MoveModel(const Model& m, int action, mjtNum reldx, mjtNum reldy, const mjtNum roomup[3],
               VisScene& scn) {
  if (!scn.enabletransform) return;  // measured: nothing, whatever the action
  mjtNum right[3], heading[3];
  RoomAxes(right, heading, roomup, scn);
  switch (action) {
    case mjMOUSE_ROTATE_V:
    case mjMOUSE_ROTATE_H:
      // half a turn per window height, about right (dy) and roomup or the heading (dx)
      RotateRoom(scn, right, action == mjMOUSE_ROTATE_V ? roomup : heading, reldx, reldy);
      return;
    case mjMOUSE_MOVE_V:
    case mjMOUSE_MOVE_H:
    case mjMOUSE_MOVE_V_REL:
    case mjMOUSE_MOVE_H_REL: {
      // one model extent per window height, right (dx) and down roomup or back the heading
      bool vertical = action == mjMOUSE_MOVE_V || action == mjMOUSE_MOVE_V_REL;
      const mjtNum* along = vertical ? roomup : heading;
      for (int i = 0; i < 3; ++i) {
        mjtNum shift = m.stat.extent * (reldx * right[i] - reldy * along[i]);
        scn.translate[i] += static_cast<float>(shift);
      }
      return;
    }
    case mjMOUSE_ZOOM: {
      // the scale grows by 3 log(1 + scale / 3) per window height, within [0.01, 100]
      mjtNum scale = scn.scale;
      scale += 3 * std::log(1 + scale / 3) * reldy;
      scn.scale = static_cast<float>(std::fmin(std::fmax(scale, 0.01), 100));
      return;
    }
    default:
      throw FatalError("mjv_moveModel: unexpected action " + std::to_string(action));
  }
}

}  // namespace mjsim
