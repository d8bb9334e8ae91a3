// cameras_lights.cc: compiler stage for cameras and lights (checklist B: cam_pos0/poscom0/mat0,
// light_pos0/poscom0/dir0).
//   reads   ctx.cameras lights camera_body light_body; Model body arrays and qpos0 (for the
//           poses at qpos0, from mj_kinematics + mj_comPos on a scratch Data)
//   writes  cam_* light_* nuser_cam
// pos0 is the object's world offset from its body at qpos0; poscom0 its world offset from the
// subtree com of the body it follows (the target for target modes, else its own body).
#include <cmath>

#include "compiler/frames.h"
#include "compiler/stages.h"
#include "util/math3.h"

namespace mjsim {
namespace {

std::vector<const std::vector<mjtNum>*> CameraUserLists(const CompileContext& ctx) {
  std::vector<const std::vector<mjtNum>*> lists;
  for (const SpecCamera* camera : ctx.cameras) lists.push_back(&camera->user);
  return lists;
}

template <typename T>
int TargetBody(const CompileContext& ctx, const T& object, const char* type, int id) {
  if (object.target.empty()) return -1;
  int body = ctx.FindId(mjOBJ_BODY, object.target);
  if (body < 0) ctx.Fail(type, object.name, id, object.source, "target body '" + object.target + "' not found");
  return body;
}

// focal length and principal point in length units (from pixels with sensorsize/resolution),
// and fovy from them when a sensor is given
void FillIntrinsics(const CompileContext& ctx, Model& m, int c, const SpecCamera& camera) {
  float* intrinsic = m.cam_intrinsic + 4 * c;
  intrinsic[0] = intrinsic[1] = ctx.spec.visual.values.map.znear;  // default focal length: znear
  intrinsic[2] = intrinsic[3] = 0;
  m.cam_sensorsize[2 * c] = static_cast<float>(camera.sensorsize[0]);
  m.cam_sensorsize[2 * c + 1] = static_cast<float>(camera.sensorsize[1]);
  if (camera.sensorsize[0] == 0 && camera.sensorsize[1] == 0) return;
  if (camera.resolution[0] <= 0 || camera.resolution[1] <= 0) {
    ctx.Fail("camera", camera.name, c, camera.source, "resolution must be positive when sensorsize is given");
  }
  // pixels to lengths in double, then stored as float (bit-identical to the reference)
  for (int i = 0; i < 2; ++i) {
    auto length = [&](mjtNum pixels) {
      return static_cast<float>(pixels * camera.sensorsize[i] / camera.resolution[i]);
    };
    if (camera.focal[i] != 0) intrinsic[i] = camera.focal[i];
    else if (camera.focalpixel[i] != 0) intrinsic[i] = length(camera.focalpixel[i]);
    if (camera.principal[i] != 0) intrinsic[2 + i] = camera.principal[i];
    else if (camera.principalpixel[i] != 0) intrinsic[2 + i] = length(camera.principalpixel[i]);
  }
  if (intrinsic[1] <= 0) ctx.Fail("camera", camera.name, c, camera.source, "focal length must be positive");
  float half_height_ratio = 0.5f * m.cam_sensorsize[2 * c + 1] / intrinsic[1];  // in float, as the reference
  m.cam_fovy[c] = 2 * std::atan(half_height_ratio) * 180 / M_PI;
}

void FillCamera(const CompileContext& ctx, Model& m, int c) {
  const SpecCamera& camera = *ctx.cameras[c];
  m.cam_mode[c] = camera.mode;
  m.cam_bodyid[c] = ctx.camera_body[c];
  m.cam_targetbodyid[c] = TargetBody(ctx, camera, "camera", c);
  Copy3(m.cam_pos + 3 * c, camera.pos);
  ctx.CheckOrientation("camera", camera.name, c, camera.source, camera.orientation);
  OrientationToQuat(m.cam_quat + 4 * c, camera.orientation, ctx.spec.compiler);
  ctx.ApplyFrame(&camera, camera.frame, m.cam_pos + 3 * c, m.cam_quat + 4 * c);
  ApplyPose(ctx.camera_offset[c], m.cam_pos + 3 * c, m.cam_quat + 4 * c);
  m.cam_orthographic[c] = camera.orthographic;
  // checked for orthographic cameras too, where fovy is a length (the reference rejects 500)
  if (camera.fovy >= 180) ctx.Fail("camera", camera.name, c, camera.source, "fovy too large: it must be below 180, got " + std::to_string(camera.fovy));
  m.cam_fovy[c] = camera.fovy;
  m.cam_ipd[c] = camera.ipd;
  m.cam_resolution[2 * c] = camera.resolution[0];
  m.cam_resolution[2 * c + 1] = camera.resolution[1];
  FillIntrinsics(ctx, m, c, camera);
}

void FillLight(const CompileContext& ctx, Model& m, int l) {
  const SpecLight& light = *ctx.lights[l];
  m.light_mode[l] = light.mode;
  m.light_bodyid[l] = ctx.light_body[l];
  m.light_targetbodyid[l] = TargetBody(ctx, light, "light", l);
  m.light_type[l] = light.type;
  m.light_texid[l] = -1;
  if (!light.texture.empty()) {
    m.light_texid[l] = ctx.FindId(mjOBJ_TEXTURE, light.texture);
    if (m.light_texid[l] < 0) ctx.Fail("light", light.name, l, light.source, ctx.NotFound(mjOBJ_TEXTURE, light.texture));
  }
  m.light_castshadow[l] = light.castshadow;
  m.light_active[l] = light.active;
  m.light_bulbradius[l] = light.bulbradius;
  m.light_intensity[l] = light.intensity;
  m.light_range[l] = light.range;
  // the direction is a vector in the light's frame: a <frame> rotates it, pos moves with it;
  // it is normalized after the rotation (measured bit for bit inside frames)
  mjtNum* pos = m.light_pos + 3 * l;
  mjtNum* dir = m.light_dir + 3 * l;
  Copy3(pos, light.pos);
  if (Norm3(light.dir) < 1e-14) ctx.Fail("light", light.name, l, light.source, "direction 'dir' must be nonzero");
  mjtNum quat[4] = {1, 0, 0, 0};
  ctx.ApplyFrame(&light, light.frame, pos, quat);
  ApplyPose(ctx.light_offset[l], pos, quat);
  RotateVecByQuat(dir, light.dir, quat);
  Normalize3(dir);
  for (int i = 0; i < 3; ++i) {
    m.light_attenuation[3 * l + i] = light.attenuation[i];
    m.light_ambient[3 * l + i] = light.ambient[i];
    m.light_diffuse[3 * l + i] = light.diffuse[i];
    m.light_specular[3 * l + i] = light.specular[i];
  }
  m.light_cutoff[l] = light.cutoff;
  m.light_exponent[l] = light.exponent;
}

// the body whose subtree com poscom0 is measured from
int ComBody(int mode, int body, int target) {
  bool targeted = mode == kCamLightTargetBody || mode == kCamLightTargetBodyCom;
  return targeted && target >= 0 ? target : body;
}

// world pose of cameras and lights at qpos0
void FillReferencePoses(Model& m) {
  if (m.ncam == 0 && m.nlight == 0) return;
  std::unique_ptr<Data> d = MakeData(m);
  mj_kinematics(m, *d);
  mj_comPos(m, *d);
  for (int c = 0; c < m.ncam; ++c) {
    int body = m.cam_bodyid[c];
    const mjtNum* xmat = d->xmat + 9 * body;
    mjtNum offset[3], local[9];
    MulMatVec3(offset, xmat, m.cam_pos + 3 * c);
    Copy3(m.cam_pos0 + 3 * c, offset);
    int com_body = ComBody(m.cam_mode[c], body, m.cam_targetbodyid[c]);
    for (int i = 0; i < 3; ++i) {
      m.cam_poscom0[3 * c + i] = d->xpos[3 * body + i] + offset[i] - d->subtree_com[3 * com_body + i];
    }
    QuatToMat(local, m.cam_quat + 4 * c);
    MulMat3(m.cam_mat0 + 9 * c, xmat, local);
  }
  for (int l = 0; l < m.nlight; ++l) {
    int body = m.light_bodyid[l];
    const mjtNum* xmat = d->xmat + 9 * body;
    mjtNum offset[3];
    MulMatVec3(offset, xmat, m.light_pos + 3 * l);
    Copy3(m.light_pos0 + 3 * l, offset);
    int com_body = ComBody(m.light_mode[l], body, m.light_targetbodyid[l]);
    for (int i = 0; i < 3; ++i) {
      m.light_poscom0[3 * l + i] = d->xpos[3 * body + i] + offset[i] - d->subtree_com[3 * com_body + i];
    }
    MulMatVec3(m.light_dir0 + 3 * l, xmat, m.light_dir + 3 * l);
  }
}

}  // namespace

void CollectCamerasLights(CompileContext& ctx, Model& m) {
  m.ncam = static_cast<int>(ctx.cameras.size());
  m.nlight = static_cast<int>(ctx.lights.size());
  m.nuser_cam = ResolveUserSize(ctx, ctx.spec.size.nuser_cam, CameraUserLists(ctx), "cam");
  std::vector<std::string> names;
  for (const SpecCamera* camera : ctx.cameras) names.push_back(camera->name);
  ctx.RegisterNames(mjOBJ_CAMERA, names);
  names.clear();
  for (const SpecLight* light : ctx.lights) names.push_back(light->name);
  ctx.RegisterNames(mjOBJ_LIGHT, names);
}

void FillCamerasLights(CompileContext& ctx, Model& m) {
  for (int c = 0; c < m.ncam; ++c) FillCamera(ctx, m, c);
  for (int l = 0; l < m.nlight; ++l) FillLight(ctx, m, l);
  FillUser(m.cam_user, m.nuser_cam, CameraUserLists(ctx));
  FillReferencePoses(m);
}

}  // namespace mjsim
