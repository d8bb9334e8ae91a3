// sensor.cc: sensor outputs, forward pipeline stages 12, 16 and 23 (Computation "Forward
// dynamics", sensors after the position, velocity and acceleration stages; checklist C.18).
//   reads   m.sensor_* actuator_trntype actuator_trnid jnt_* site_size site_type cam_*
//           opt.magnetic opt.disableflags
//           position:     d.qpos time xpos xquat xmat xipos ximat geom_x* site_x* cam_x*
//                         subtree_com ten_length actuator_length energy
//           velocity:     d.qvel cvel ten_velocity actuator_velocity subtree_linvel subtree_angmom
//           acceleration: d.cacc cfrc_int actuator_force qfrc_actuator
//           (and, through sensor_contact.cc, d.contact efc_* and geom poses)
//   writes  d.sensordata (the rows of the stage's sensors); and through the stages it runs when
//           a sensor needs them: d.energy (mj_energyPos/Vel), subtree_linvel subtree_angmom
//           (mj_subtreeVel), cacc cfrc_int cfrc_ext (mj_rnePostConstraint)
//
// Each stage function computes the sensors whose needstage is its stage, then clips them to
// their cutoff: real outputs to [-cutoff, cutoff], positive ones to at most cutoff; axis and
// quaternion outputs never (geomnormal), nor geomfromto; geomdist is clipped too, though its
// cutoff is also the largest distance searched. User sensors (mjcb_sensor, which mjsim does
// not have) keep their values but are clipped like the others; those of needstage "none" are
// never touched. Noise is stored in the model and not applied, as in the reference
// (observed). mjDSBL_SENSOR: nothing is written.
//
// Outputs by type (p, R: object frame; pr, Rr: reference frame if the sensor has one, else the
// world; c: com of the body's tree; cfrc_int = (n, f) about c):
//   framepos Rr'(p - pr); framequat qr* q (q = xquat * local quaternion); frame[xyz]axis column of Rr'R;
//   framelinvel Rr'(v - vr - wr x (p - pr)); frameangvel Rr'(w - wr)   (mj_objectVelocity)
//   framelinacc, frameangacc: mj_objectAcceleration in world orientation
//   accelerometer, velocimeter, gyro: linear acc / linear vel / angular vel at the site, site
//   orientation; force R'f, torque R'(n - (p - c) x f); magnetometer R' magnetic
//   camprojection: pixel (u, v) of the site in the camera image; insidesite: 1 if the object's
//   origin lies in the site's shape; e_potential, e_kinetic: d.energy; clock: d.time
//   rangefinder: mj_ray (ray.cc) from the site along its +z axis, all groups, static geoms
//   included, the site's own body excluded: distance to the nearest visible surface or -1
//
//   touch, contact, geomdist, geomnormal, geomfromto, joint/tendon limit pos, vel, frc:
//   engine/sensor_contact.cc (from d.contact, mj_geomDistance and the efc rows)
//   tactile: engine/sensor_tactile.cc (partial: penetration channel only, slip written as 0)
#include <cmath>

#include "engine/sensor_parts.h"
#include "engine/stages.h"
#include "mjsim/api.h"
#include "mjsim/callbacks.h"
#include "util/math3.h"

namespace mjsim {
namespace {


bool HasSensorOfType(const Model& m, int type) {
  for (int s = 0; s < m.nsensor; ++s) {
    if (m.sensor_type[s] == type) return true;
  }
  return false;
}

bool HasUserSensorAt(const Model& m, int stage) {
  for (int s = 0; s < m.nsensor; ++s) {
    if (m.sensor_type[s] == mjSENS_USER && m.sensor_needstage[s] == stage) return true;
  }
  return false;
}

// --- frames ---------------------------------------------------------------------------

// the object's frame; a sensor's object always has one (the compiler checked it)
ObjectPose FrameOf(const Model& m, const Data& d, int objtype, int objid) {
  ObjectPose pose{nullptr, nullptr, 0};
  ObjectFrame(m, d, objtype, objid, &pose);
  return pose;
}

bool HasReference(const Model& m, int s) { return m.sensor_refid[s] >= 0; }

// orientation of an object as a unit quaternion: the body's xquat times the object's offset
// quaternion in the body (observed: the reference does so for cameras too, even tracking
// ones, whose cam_xmat does not follow the body)
void ObjectQuaternion(const Model& m, const Data& d, int objtype, int objid, mjtNum q[4]) {
  switch (objtype) {
    case mjOBJ_XBODY: return Copy4(q, d.xquat + 4 * objid);
    case mjOBJ_BODY: return MulQuat(q, d.xquat + 4 * objid, m.body_iquat + 4 * objid);
    case mjOBJ_GEOM:
      return MulQuat(q, d.xquat + 4 * m.geom_bodyid[objid], m.geom_quat + 4 * objid);
    case mjOBJ_SITE:
      return MulQuat(q, d.xquat + 4 * m.site_bodyid[objid], m.site_quat + 4 * objid);
    default:  // camera
      return MulQuat(q, d.xquat + 4 * m.cam_bodyid[objid], m.cam_quat + 4 * objid);
  }
}

// framepos = Rr'(p - pr)
void FramePosition(const Model& m, const Data& d, int s, mjtNum* out) {
  ObjectPose obj = FrameOf(m, d, m.sensor_objtype[s], m.sensor_objid[s]);
  if (!HasReference(m, s)) return Copy3(out, obj.pos);
  ObjectPose ref = FrameOf(m, d, m.sensor_reftype[s], m.sensor_refid[s]);
  mjtNum offset[3];
  Sub3(offset, obj.pos, ref.pos);
  MulMatTVec3(out, ref.mat, offset);
}

// framequat = qr* q
void FrameQuaternion(const Model& m, const Data& d, int s, mjtNum* out) {
  ObjectQuaternion(m, d, m.sensor_objtype[s], m.sensor_objid[s], out);
  if (!HasReference(m, s)) return;
  mjtNum ref[4], inverse[4];
  ObjectQuaternion(m, d, m.sensor_reftype[s], m.sensor_refid[s], ref);
  ConjugateQuat(inverse, ref);
  MulQuat(out, inverse, out);
}

// frame{x,y,z}axis = column `axis` of R, expressed in the reference frame
void FrameAxis(const Model& m, const Data& d, int s, int axis, mjtNum* out) {
  const mjtNum* R = FrameOf(m, d, m.sensor_objtype[s], m.sensor_objid[s]).mat;
  mjtNum column[3] = {R[axis], R[3 + axis], R[6 + axis]};
  if (!HasReference(m, s)) return Copy3(out, column);
  MulMatTVec3(out, FrameOf(m, d, m.sensor_reftype[s], m.sensor_refid[s]).mat, column);
}

// framelinvel / frameangvel: velocity relative to the (moving, rotating) reference frame
void FrameVelocity(const Model& m, const Data& d, int s, bool angular, mjtNum* out) {
  mjtNum vel[6];
  mj_objectVelocity(m, d, m.sensor_objtype[s], m.sensor_objid[s], vel, 0);
  if (!HasReference(m, s)) return Copy3(out, angular ? vel : vel + 3);
  int reftype = m.sensor_reftype[s], refid = m.sensor_refid[s];
  mjtNum ref_vel[6], relative[3];
  mj_objectVelocity(m, d, reftype, refid, ref_vel, 0);
  ObjectPose ref = FrameOf(m, d, reftype, refid);
  if (angular) {
    Sub3(relative, vel, ref_vel);  // w - wr
  } else {
    // v - vr - wr x (p - pr): the frame's own motion carries the point too
    mjtNum offset[3], carried[3];
    Sub3(offset, FrameOf(m, d, m.sensor_objtype[s], m.sensor_objid[s]).pos, ref.pos);
    Cross3(carried, ref_vel, offset);
    Sub3(relative, vel + 3, ref_vel + 3);
    Sub3(relative, relative, carried);
  }
  MulMatTVec3(out, ref.mat, relative);
}

// --- site sensors -----------------------------------------------------------------------

// magnetometer = R' magnetic
void Magnetometer(const Model& m, const Data& d, int site, mjtNum* out) {
  MulMatTVec3(out, d.site_xmat + 9 * site, m.opt.magnetic);
}

// force = R' f and torque = R'(n - (p - c) x f), the interaction wrench cfrc_int = (n, f) of
// the site's body with its parent, moved from c to the site
void SiteForce(const Model& m, const Data& d, int site, bool torque, mjtNum* out) {
  int b = m.site_bodyid[site];
  const mjtNum* wrench = d.cfrc_int + 6 * b;
  const mjtNum* R = d.site_xmat + 9 * site;
  if (!torque) return MulMatTVec3(out, R, wrench + 3);
  mjtNum offset[3], moment[3], at_site[3];
  Sub3(offset, d.site_xpos + 3 * site, d.subtree_com + 3 * m.body_rootid[b]);
  Cross3(moment, offset, wrench + 3);
  Sub3(at_site, wrench, moment);
  MulMatTVec3(out, R, at_site);
}

// camprojection: pinhole projection of the site onto the camera's image, in pixels from the
// top-left corner (x right, y down); the camera looks along its -z axis with y up. Focal
// lengths in pixels: intrinsic / sensorsize * resolution when a sensor size is given, else
// (height/2) / tan(fovy/2) (fovy in degrees, also for orthographic cameras). The principal
// point is the image center (observed: the reference ignores cam_intrinsic[2:4] here).
void CameraProjection(const Model& m, const Data& d, int site, int cam, mjtNum* out) {
  mjtNum offset[3], x[3];
  Sub3(offset, d.site_xpos + 3 * site, d.cam_xpos + 3 * cam);
  MulMatTVec3(x, d.cam_xmat + 9 * cam, offset);
  mjtNum width = m.cam_resolution[2 * cam], height = m.cam_resolution[2 * cam + 1];
  const float* sensorsize = m.cam_sensorsize + 2 * cam;
  const float* intrinsic = m.cam_intrinsic + 4 * cam;
  mjtNum fx, fy;
  if (sensorsize[0] != 0 && sensorsize[1] != 0) {
    // in single precision, like the stored intrinsics (observed: the reference's pixels
    // carry float rounding)
    fx = intrinsic[0] / sensorsize[0] * static_cast<float>(width);
    fy = intrinsic[1] / sensorsize[1] * static_cast<float>(height);
  } else {
    fx = fy = 0.5 * height / std::tan(m.cam_fovy[cam] * mjPI / 360);
  }
  out[0] = 0.5 * width + fx * x[0] / -x[2];
  out[1] = 0.5 * height - fy * x[1] / -x[2];
}

// rangefinder: mj_ray along the site's z axis (column 2 of site_xmat), excluding its body
mjtNum Rangefinder(const Model& m, const Data& d, int site) {
  const mjtNum* R = d.site_xmat + 9 * site;
  mjtNum zaxis[3] = {R[2], R[5], R[8]};
  return mj_ray(m, d, d.site_xpos + 3 * site, zaxis, nullptr, 1, m.site_bodyid[site], nullptr);
}

// --- joint, tendon, actuator sensors ---------------------------------------------------

// ballquat: the joint's quaternion, normalized
void BallQuaternion(const Model& m, const Data& d, int joint, mjtNum* out) {
  Copy4(out, d.qpos + m.jnt_qposadr[joint]);
  NormalizeQuat(out);
}

// tendonactfrc: the forces of the actuators that pull on the tendon
mjtNum TendonActuatorForce(const Model& m, const Data& d, int tendon) {
  mjtNum force = 0;
  for (int i = 0; i < m.nu; ++i) {
    if (m.actuator_trntype[i] == mjTRN_TENDON && m.actuator_trnid[2 * i] == tendon) {
      force += d.actuator_force[i];
    }
  }
  return force;
}

// --- the three stages ------------------------------------------------------------------

void PositionSensor(const Model& m, Data& d, int s, mjtNum* out) {
  int id = m.sensor_objid[s];
  switch (m.sensor_type[s]) {
    case mjSENS_MAGNETOMETER: return Magnetometer(m, d, id, out);
    case mjSENS_CAMPROJECTION: return CameraProjection(m, d, id, m.sensor_refid[s], out);
    case mjSENS_JOINTPOS: out[0] = d.qpos[m.jnt_qposadr[id]]; return;
    case mjSENS_TENDONPOS: out[0] = d.ten_length[id]; return;
    case mjSENS_ACTUATORPOS: out[0] = d.actuator_length[id]; return;
    case mjSENS_BALLQUAT: return BallQuaternion(m, d, id, out);
    case mjSENS_FRAMEPOS: return FramePosition(m, d, s, out);
    case mjSENS_FRAMEQUAT: return FrameQuaternion(m, d, s, out);
    case mjSENS_FRAMEXAXIS: return FrameAxis(m, d, s, 0, out);
    case mjSENS_FRAMEYAXIS: return FrameAxis(m, d, s, 1, out);
    case mjSENS_FRAMEZAXIS: return FrameAxis(m, d, s, 2, out);
    case mjSENS_SUBTREECOM: return Copy3(out, d.subtree_com + 3 * id);
    case mjSENS_INSIDESITE:
      out[0] = InsideSite(m, d, m.sensor_refid[s], FrameOf(m, d, m.sensor_objtype[s], id).pos);
      return;
    case mjSENS_E_POTENTIAL: out[0] = d.energy[mjENERGY_POTENTIAL]; return;
    case mjSENS_E_KINETIC: out[0] = d.energy[mjENERGY_KINETIC]; return;
    case mjSENS_CLOCK: out[0] = d.time; return;
    case mjSENS_RANGEFINDER: out[0] = Rangefinder(m, d, id); return;
    case mjSENS_GEOMDIST: case mjSENS_GEOMNORMAL: case mjSENS_GEOMFROMTO:
      return GeomDistanceSensor(m, d, s, out);
    case mjSENS_JOINTLIMITPOS: case mjSENS_TENDONLIMITPOS: return LimitSensor(m, d, s, out);
    default: return;  // user sensors: computed by the user
  }
}

void VelocitySensor(const Model& m, Data& d, int s, mjtNum* out) {
  int id = m.sensor_objid[s];
  mjtNum vel[6];
  switch (m.sensor_type[s]) {
    case mjSENS_VELOCIMETER:
      mj_objectVelocity(m, d, mjOBJ_SITE, id, vel, 1);
      return Copy3(out, vel + 3);
    case mjSENS_GYRO:
      mj_objectVelocity(m, d, mjOBJ_SITE, id, vel, 1);
      return Copy3(out, vel);
    case mjSENS_JOINTVEL: out[0] = d.qvel[m.jnt_dofadr[id]]; return;
    case mjSENS_TENDONVEL: out[0] = d.ten_velocity[id]; return;
    case mjSENS_ACTUATORVEL: out[0] = d.actuator_velocity[id]; return;
    case mjSENS_BALLANGVEL: return Copy3(out, d.qvel + m.jnt_dofadr[id]);
    case mjSENS_FRAMELINVEL: return FrameVelocity(m, d, s, false, out);
    case mjSENS_FRAMEANGVEL: return FrameVelocity(m, d, s, true, out);
    case mjSENS_SUBTREELINVEL: return Copy3(out, d.subtree_linvel + 3 * id);
    case mjSENS_SUBTREEANGMOM: return Copy3(out, d.subtree_angmom + 3 * id);
    case mjSENS_JOINTLIMITVEL: case mjSENS_TENDONLIMITVEL: return LimitSensor(m, d, s, out);
    default: return;
  }
}

void AccelerationSensor(const Model& m, Data& d, int s, mjtNum* out) {
  int id = m.sensor_objid[s];
  mjtNum acc[6];
  switch (m.sensor_type[s]) {
    case mjSENS_ACCELEROMETER:
      mj_objectAcceleration(m, d, mjOBJ_SITE, id, acc, 1);
      return Copy3(out, acc + 3);
    case mjSENS_FORCE: return SiteForce(m, d, id, false, out);
    case mjSENS_TORQUE: return SiteForce(m, d, id, true, out);
    case mjSENS_ACTUATORFRC: out[0] = d.actuator_force[id]; return;
    case mjSENS_JOINTACTFRC: out[0] = d.qfrc_actuator[m.jnt_dofadr[id]]; return;
    case mjSENS_TENDONACTFRC: out[0] = TendonActuatorForce(m, d, id); return;
    case mjSENS_FRAMELINACC:
      mj_objectAcceleration(m, d, m.sensor_objtype[s], id, acc, 0);
      return Copy3(out, acc + 3);
    case mjSENS_FRAMEANGACC:
      mj_objectAcceleration(m, d, m.sensor_objtype[s], id, acc, 0);
      return Copy3(out, acc);
    case mjSENS_TOUCH: return TouchSensor(m, d, s, out);
    case mjSENS_CONTACT: return ContactSensor(m, d, s, out);
    case mjSENS_TACTILE: return TactileSensor(m, d, s, out);
    case mjSENS_JOINTLIMITFRC: case mjSENS_TENDONLIMITFRC: return LimitSensor(m, d, s, out);
    default: return;
  }
}

// clip real outputs to [-cutoff, cutoff] and positive ones to at most cutoff
void ApplyCutoff(const Model& m, int s, mjtNum* out) {
  mjtNum cutoff = m.sensor_cutoff[s];
  int type = m.sensor_type[s], datatype = m.sensor_datatype[s];
  // geomfromto: points, not clipped (observed); geomdist is clipped like any real output, which
  // only reaches a penetration deeper than the cutoff (distances above it were not searched)
  if (cutoff <= 0 || type == mjSENS_GEOMFROMTO) return;
  for (int k = 0; k < m.sensor_dim[s]; ++k) {
    if (datatype == mjDATATYPE_REAL) {
      out[k] = out[k] < -cutoff ? -cutoff : (out[k] > cutoff ? cutoff : out[k]);
    } else if (datatype == mjDATATYPE_POSITIVE) {
      out[k] = out[k] > cutoff ? cutoff : out[k];
    }
  }
}

using StageSensor = void (*)(const Model&, Data&, int, mjtNum*);

void ComputeStage(const Model& m, Data& d, int stage, StageSensor compute) {
  for (int s = 0; s < m.nsensor; ++s) {
    if (m.sensor_needstage[s] != stage) continue;
    mjtNum* out = d.sensordata + m.sensor_adr[s];
    compute(m, d, s, out);
    ApplyCutoff(m, s, out);
  }
  if (mjcb_sensor && HasUserSensorAt(m, stage)) mjcb_sensor(m, d, stage);
}

bool SensorsDisabled(const Model& m) { return (m.opt.disableflags & mjDSBL_SENSOR) != 0; }

}  // namespace

void mj_sensorPos(const Model& m, Data& d) {
  if (SensorsDisabled(m)) return;
  // the energy sensors read d.energy, computed here whether or not mjENBL_ENERGY is set
  if (HasSensorOfType(m, mjSENS_E_POTENTIAL)) mj_energyPos(m, d);
  if (HasSensorOfType(m, mjSENS_E_KINETIC)) mj_energyVel(m, d);
  ComputeStage(m, d, mjSTAGE_POS, PositionSensor);
}

void mj_sensorVel(const Model& m, Data& d) {
  if (SensorsDisabled(m)) return;
  if (HasSensorOfType(m, mjSENS_SUBTREELINVEL) || HasSensorOfType(m, mjSENS_SUBTREEANGMOM) ||
      HasUserSensorAt(m, mjSTAGE_VEL)) {
    mj_subtreeVel(m, d);
  }
  ComputeStage(m, d, mjSTAGE_VEL, VelocitySensor);
}

void mj_sensorAcc(const Model& m, Data& d) {
  if (SensorsDisabled(m)) return;
  bool needs_body_forces = HasUserSensorAt(m, mjSTAGE_ACC);
  for (int type : {mjSENS_ACCELEROMETER, mjSENS_FORCE, mjSENS_TORQUE, mjSENS_FRAMELINACC,
                   mjSENS_FRAMEANGACC}) {
    needs_body_forces = needs_body_forces || HasSensorOfType(m, type);
  }
  if (needs_body_forces) mj_rnePostConstraint(m, d);
  ComputeStage(m, d, mjSTAGE_ACC, AccelerationSensor);
}

}  // namespace mjsim
