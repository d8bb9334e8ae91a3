// camera.cc: the abstract camera (free, tracking, fixed) turned into the scene's two eyes and
// frustum, and the mouse motions that move it. The constants were measured on mujoco 3.3.7:
// rotation is 180 degrees of azimuth or elevation per window height, elevation stays
// within +-89 degrees, and zoom changes the distance by 9 * extent * log(1 + distance /
// (3 * extent)) per window height, between znear and 100 model extents.
#include <algorithm>
#include <cmath>
#include <string>

#include "mjsim/errors.h"
#include "mjsim/vis.h"
#include "util/math3.h"

namespace mjsim {
namespace {

constexpr mjtNum kDegree = mjPI / 180;

// the unit view direction of an azimuth and elevation (degrees)
void ViewDirection(mjtNum forward[3], mjtNum up[3], mjtNum azimuth, mjtNum elevation) {
  mjtNum ca = std::cos(azimuth * kDegree), sa = std::sin(azimuth * kDegree);
  mjtNum ce = std::cos(elevation * kDegree), se = std::sin(elevation * kDegree);
  forward[0] = ce * ca;
  forward[1] = ce * sa;
  forward[2] = se;
  up[0] = -se * ca;
  up[1] = -se * sa;
  up[2] = ce;
}

void CopyToFloat(float out[3], const mjtNum in[3]) {
  for (int i = 0; i < 3; ++i) out[i] = static_cast<float>(in[i]);
}

// the eye of a camera at `head` looking along `forward`, shifted sideways by `shift`
void SetEye(VisGLCamera& eye, const mjtNum head[3], const mjtNum forward[3], const mjtNum up[3],
            mjtNum shift) {
  mjtNum right[3], pos[3];
  Cross3(right, forward, up);
  for (int i = 0; i < 3; ++i) pos[i] = head[i] + shift * right[i];
  CopyToFloat(eye.pos, pos);
  CopyToFloat(eye.forward, forward);
  CopyToFloat(eye.up, up);
}

// the frustum at the near plane: a vertical field of view (degrees), or its height when
// orthographic
void SetFrustum(VisGLCamera& eye, const Model& m, mjtNum fovy, bool orthographic) {
  mjtNum znear = m.vis.map.znear * m.stat.extent;
  eye.frustum_near = static_cast<float>(znear);
  eye.frustum_far = static_cast<float>(m.vis.map.zfar * m.stat.extent);
  mjtNum half = orthographic ? fovy / 2 : znear * std::tan(fovy * kDegree / 2);
  eye.frustum_top = static_cast<float>(half);
  eye.frustum_bottom = static_cast<float>(-half);
  eye.frustum_center = 0;
  eye.frustum_width = 0;
  eye.orthographic = orthographic;
}

// a model camera with a sensor size: the frustum of its focal lengths and principal point
void SetSensorFrustum(VisGLCamera& eye, const Model& m, int id) {
  const float* sensor = m.cam_sensorsize + 2 * id;
  const float* intrinsic = m.cam_intrinsic + 4 * id;  // fx, fy, cx, cy
  mjtNum znear = eye.frustum_near;
  eye.frustum_top = static_cast<float>(znear / intrinsic[1] * (sensor[1] / 2 + intrinsic[3]));
  eye.frustum_bottom = static_cast<float>(-znear / intrinsic[1] * (sensor[1] / 2 - intrinsic[3]));
  eye.frustum_center = static_cast<float>(znear / intrinsic[0] * intrinsic[2]);
  eye.frustum_width = static_cast<float>(znear / intrinsic[0] * sensor[0] / 2);
}

void UpdateFixedCamera(const Model& m, const Data& d, int id, VisScene& scn) {
  const mjtNum* xmat = d.cam_xmat + 9 * id;
  mjtNum forward[3] = {-xmat[2], -xmat[5], -xmat[8]}, up[3] = {xmat[1], xmat[4], xmat[7]};
  mjtNum half_ipd = m.cam_ipd[id] / 2;
  SetEye(scn.camera[0], d.cam_xpos + 3 * id, forward, up, -half_ipd);
  SetEye(scn.camera[1], d.cam_xpos + 3 * id, forward, up, half_ipd);
  bool sensor = m.cam_sensorsize[2 * id] > 0 && m.cam_sensorsize[2 * id + 1] > 0;
  for (VisGLCamera& eye : scn.camera) {
    SetFrustum(eye, m, m.cam_fovy[id], m.cam_orthographic[id] != 0);
    if (sensor) SetSensorFrustum(eye, m, id);
  }
}

}  // namespace

void DefaultFreeCamera(const Model& m, VisCamera& cam) {
  cam = VisCamera();
  Copy3(cam.lookat, m.stat.center);
  cam.distance = 1.5 * m.stat.extent;
  cam.azimuth = m.vis.global.azimuth;
  cam.elevation = m.vis.global.elevation;
  cam.orthographic = m.vis.global.orthographic;
}

void UpdateCamera(const Model& m, const Data& d, VisCamera& cam, VisScene& scn) {
  if (cam.type == mjCAMERA_USER) return;
  if (cam.type == mjCAMERA_FIXED) {
    if (cam.fixedcamid < 0 || cam.fixedcamid >= m.ncam) {
      throw FatalError("mjv_updateCamera: fixed camera id " + std::to_string(cam.fixedcamid) +
                       " is outside the model's cameras [0, " + std::to_string(m.ncam) + ")");
    }
    UpdateFixedCamera(m, d, cam.fixedcamid, scn);
    return;
  }
  if (cam.type == mjCAMERA_TRACKING) {
    if (cam.trackbodyid < 0 || cam.trackbodyid >= m.nbody) {
      throw FatalError("mjv_updateCamera: track body id " + std::to_string(cam.trackbodyid) +
                       " is outside the model's bodies [0, " + std::to_string(m.nbody) + ")");
    }
    Copy3(cam.lookat, d.subtree_com + 3 * cam.trackbodyid);
  }
  mjtNum forward[3], up[3], head[3];
  ViewDirection(forward, up, cam.azimuth, cam.elevation);
  for (int i = 0; i < 3; ++i) head[i] = cam.lookat[i] - cam.distance * forward[i];
  mjtNum half_ipd = m.vis.global.ipd / 2;
  SetEye(scn.camera[0], head, forward, up, -half_ipd);
  SetEye(scn.camera[1], head, forward, up, half_ipd);
  // the projection is <visual><global orthographic>'s (measured: cam.orthographic is ignored)
  bool orthographic = m.vis.global.orthographic != 0;
  for (VisGLCamera& eye : scn.camera) SetFrustum(eye, m, m.vis.global.fovy, orthographic);
}

mjtNum FrustumHeight(const VisScene& scn) {
  const VisGLCamera& eye = scn.camera[0];
  if (eye.frustum_near <= 0) return 0;
  return (static_cast<mjtNum>(eye.frustum_top) - eye.frustum_bottom) / eye.frustum_near;
}

void MoveCamera(const Model& m, int action, mjtNum reldx, mjtNum reldy, const VisScene& scn,
                VisCamera& cam) {
  if (cam.type == mjCAMERA_FIXED || cam.type == mjCAMERA_USER) return;
  switch (action) {
    case mjMOUSE_ROTATE_V:
    case mjMOUSE_ROTATE_H:
      cam.azimuth -= 180 * reldx;
      if (cam.azimuth > 180) cam.azimuth -= 360;  // kept within [-180, 180]
      if (cam.azimuth < -180) cam.azimuth += 360;
      cam.elevation = std::clamp(cam.elevation - 180 * reldy, mjtNum(-89), mjtNum(89));
      break;
    case mjMOUSE_MOVE_V:
    case mjMOUSE_MOVE_H: {
      if (cam.type == mjCAMERA_TRACKING) break;
      // (x right, y ahead, z up) in the frame of the eyes' heading, scaled to the view
      mjtNum head[3], forward[3], up[3], shift[3];
      CameraInModel(head, forward, up, scn);
      mjtNum scale = cam.distance * FrustumHeight(scn);
      mjtNum local[3] = {-reldx * scale, 0, reldy * scale};
      if (action == mjMOUSE_MOVE_H) std::swap(local[1], local[2]);
      AlignToCamera(shift, local, forward);
      AddTo3(cam.lookat, shift);
      break;
    }
    case mjMOUSE_ZOOM: {
      mjtNum extent = m.stat.extent;
      cam.distance -= 9 * extent * std::log(1 + cam.distance / extent / 3) * reldy;
      cam.distance = std::clamp(cam.distance, mjtNum(m.vis.map.znear) * extent, 100 * extent);
      break;
    }
    default:
      break;
  }
}

VisGLCamera AverageCamera(const VisGLCamera& a, const VisGLCamera& b) {
  VisGLCamera average = a;
  for (int i = 0; i < 3; ++i) {
    average.pos[i] = (a.pos[i] + b.pos[i]) / 2;
    average.forward[i] = (a.forward[i] + b.forward[i]) / 2;
    average.up[i] = (a.up[i] + b.up[i]) / 2;
  }
  average.frustum_center = (a.frustum_center + b.frustum_center) / 2;
  average.frustum_width = (a.frustum_width + b.frustum_width) / 2;
  average.frustum_bottom = (a.frustum_bottom + b.frustum_bottom) / 2;
  average.frustum_top = (a.frustum_top + b.frustum_top) / 2;
  average.frustum_near = (a.frustum_near + b.frustum_near) / 2;
  average.frustum_far = (a.frustum_far + b.frustum_far) / 2;
  return average;
}

void AlignToCamera(mjtNum res[3], const mjtNum vec[3], const mjtNum forward[3]) {
  // the rotation about z that takes (0, 1) to the heading of `forward`; without a heading
  // (looking straight up or down) the heading is +x, as a normalized zero vector is
  mjtNum fx = forward[0], fy = forward[1], norm = std::hypot(fx, fy);
  if (norm < mjMINVAL) {
    fx = 1;
    fy = 0;
  } else {
    fx /= norm;
    fy /= norm;
  }
  mjtNum x = vec[0], y = vec[1];
  res[0] = x * fy + y * fx;
  res[1] = -x * fx + y * fy;
  res[2] = vec[2];
}

// The room is the model rotated by scn.rotate, shifted by scn.translate and scaled: room =
// scale * (rotate(model) + translate). Going back, the reference divides after removing the
// translation: model = rotate^-1(room - translate) / scale (measured; not the exact inverse).
void RoomToModel(mjtNum modelpos[3], mjtNum modelquat[4], const mjtNum roompos[3],
                 const mjtNum roomquat[4], const VisScene& scn) {
  mjtNum rotate[4], inverse[4], shifted[3];
  for (int i = 0; i < 4; ++i) rotate[i] = scn.rotate[i];
  ConjugateQuat(inverse, rotate);
  for (int i = 0; i < 3; ++i) shifted[i] = (roompos[i] - scn.translate[i]) / scn.scale;
  RotateVecByQuat(modelpos, shifted, inverse);
  MulQuat(modelquat, inverse, roomquat);
}

void ModelToRoom(mjtNum roompos[3], mjtNum roomquat[4], const mjtNum modelpos[3],
                 const mjtNum modelquat[4], const VisScene& scn) {
  mjtNum rotate[4], rotated[3];
  for (int i = 0; i < 4; ++i) rotate[i] = scn.rotate[i];
  RotateVecByQuat(rotated, modelpos, rotate);
  for (int i = 0; i < 3; ++i) roompos[i] = scn.scale * (rotated[i] + scn.translate[i]);
  MulQuat(roomquat, rotate, modelquat);
}

void CameraInRoom(mjtNum headpos[3], mjtNum forward[3], mjtNum up[3], const VisScene& scn) {
  VisGLCamera average = AverageCamera(scn.camera[0], scn.camera[1]);
  for (int i = 0; i < 3; ++i) {
    headpos[i] = average.pos[i];
    forward[i] = average.forward[i];
    up[i] = average.up[i];
  }
}

void CameraInModel(mjtNum headpos[3], mjtNum forward[3], mjtNum up[3], const VisScene& scn) {
  mjtNum room_head[3], room_forward[3], room_up[3];
  CameraInRoom(room_head, room_forward, room_up, scn);
  if (!scn.enabletransform) {
    Copy3(headpos, room_head);
    Copy3(forward, room_forward);
    Copy3(up, room_up);
    return;
  }
  const mjtNum identity[4] = {1, 0, 0, 0};
  mjtNum quat[4], rotate[4], inverse[4];
  RoomToModel(headpos, quat, room_head, identity, scn);
  for (int i = 0; i < 4; ++i) rotate[i] = scn.rotate[i];
  ConjugateQuat(inverse, rotate);
  RotateVecByQuat(forward, room_forward, inverse);
  RotateVecByQuat(up, room_up, inverse);
}

}  // namespace mjsim
