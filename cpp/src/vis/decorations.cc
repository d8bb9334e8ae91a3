// decorations.cc: the scene geoms that show what a model has beyond its shapes, each sized by
// the model's <visual> scale times its mean size and coloured by <visual> rgba (measured on
// mujoco 3.3.7): coordinate frames, equivalent inertia boxes, joint axes, actuators coloured by
// their control, cameras and lights, subtree centres of mass and the points that equality
// constraints join. All are in the decor category.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "mjsim/efc.h"
#include "scene_geoms.h"
#include "util/math3.h"

namespace mjsim {

VisGeom* NextDecor(VisScene& scn, int objtype, int objid, int catmask) {
  if (!(catmask & mjCAT_DECOR)) return nullptr;
  VisGeom* geom = NextGeom(scn);
  if (!geom) return nullptr;
  geom->objtype = objtype;
  geom->objid = objid;
  geom->category = mjCAT_DECOR;
  return geom;
}

constexpr float kAxisRgba[3][4] = {{0.9f, 0, 0, 1}, {0, 0.9f, 0, 1}, {0, 0, 0.9f, 1}};

void AddFrame(const Model& m, const mjtNum pos[3], const mjtNum mat[9], mjtNum scale, int objid,
              int catmask, VisScene& scn) {
  mjtNum length = scale * m.vis.scale.framelength * m.stat.meansize;
  mjtNum width = scale * m.vis.scale.framewidth * m.stat.meansize;
  for (int axis = 0; axis < 3; ++axis) {
    VisGeom* geom = NextDecor(scn, mjOBJ_UNKNOWN, objid, catmask);
    if (!geom) return;
    mjtNum end[3];
    for (int i = 0; i < 3; ++i) end[i] = pos[i] + length * mat[3 * i + axis];
    Connector(*geom, mjGEOM_CYLINDER, width, pos, end);
    SetColor(*geom, kAxisRgba[axis]);
    ++scn.ngeom;
  }
}

namespace {

constexpr float kGrey[4] = {0.5f, 0.5f, 0.5f, 1};  // label geoms
// a limit row of `type` for object `id` is in this step's constraints (within its margin)
bool LimitRowActive(const Data& d, int type, int id) {
  for (int i = 0; i < d.nefc; ++i) {
    if (d.efc_type[i] == type && d.efc_id[i] == id) return true;
  }
  return false;
}

float Scaled(mjtNum factor, const Model& m) { return static_cast<float>(factor * m.stat.meansize); }

// ---- bodies --------------------------------------------------------------------------------

// the half sizes of the box (factor 3) or ellipsoid (factor 5) of uniform density with the
// body's mass and principal inertia: I_x = m (b^2 + c^2) / factor
void EquivalentInertiaShape(const Model& m, int body, mjtNum factor, float size[3]) {
  const mjtNum* inertia = m.body_inertia + 3 * body;
  mjtNum mass = m.body_mass[body];
  for (int i = 0; i < 3; ++i) {
    mjtNum sum = inertia[(i + 1) % 3] + inertia[(i + 2) % 3] - inertia[i];
    size[i] = static_cast<float>(std::sqrt(std::max(sum, mjtNum(0)) * factor / (2 * mass)));
  }
}

void InertiaBoxes(const Model& m, const Data& d, const VisOption& opt, const VisPerturb* pert,
                  int catmask, VisScene& scn) {
  if (!opt.flags[mjVIS_INERTIA]) return;
  for (int body = 1; body < m.nbody; ++body) {
    if (m.body_mass[body] <= mjMINVAL) continue;
    VisGeom* geom = NextDecor(scn, mjOBJ_BODY, body, catmask);
    if (!geom) return;
    bool ellipsoid = m.vis.global.ellipsoidinertia;
    geom->type = ellipsoid ? mjGEOM_ELLIPSOID : mjGEOM_BOX;
    EquivalentInertiaShape(m, body, ellipsoid ? 5 : 3, geom->size);
    SetPose(*geom, d.xipos + 3 * body, d.ximat + 9 * body);
    SetColor(*geom, m.vis.rgba.inertia);
    if (pert && pert->select == body) geom->emission = m.vis.global.glow;  // the selected body's
    bool selected = pert && pert->select == body;
    if (opt.label == mjLABEL_BODY || (opt.label == mjLABEL_SELECTION && selected)) {
      SetLabel(*geom, m, m.name_bodyadr, "body", body);
    }
    ++scn.ngeom;
  }
}

void AddBodyFrames(const Model& m, const Data& d, const VisOption& opt, int catmask,
                   VisScene& scn) {
  if (opt.frame == mjFRAME_WORLD) AddFrame(m, d.xpos, d.xmat, 2, 0, catmask, scn);
  if (opt.frame != mjFRAME_BODY) return;
  // with the inertia boxes shown, the frames are the bodies' inertial frames
  bool inertial = opt.flags[mjVIS_INERTIA];
  for (int body = 1; body < m.nbody; ++body) {
    const mjtNum* pos = inertial ? d.xipos + 3 * body : d.xpos + 3 * body;
    const mjtNum* mat = inertial ? d.ximat + 9 * body : d.xmat + 9 * body;
    AddFrame(m, pos, mat, 1, body, catmask, scn);
  }
}

// a label geom of its own at the body frame
void AddBodyLabel(const Model& m, const Data& d, int body, int catmask, VisScene& scn) {
  VisGeom* geom = NextDecor(scn, mjOBJ_UNKNOWN, body, catmask);
  if (!geom) return;
  geom->type = mjGEOM_LABEL;
  std::fill(geom->size, geom->size + 3, 0.1f);
  SetPose(*geom, d.xpos + 3 * body, d.xmat + 9 * body);
  SetColor(*geom, kGrey);
  SetLabel(*geom, m, m.name_bodyadr, "body", body);
  ++scn.ngeom;
}

// without inertia boxes to carry them, body labels are geoms of their own at the body frames
void AddBodyLabels(const Model& m, const Data& d, const VisOption& opt, int catmask,
                   VisScene& scn) {
  if (opt.label != mjLABEL_BODY || opt.flags[mjVIS_INERTIA]) return;
  for (int body = 1; body < m.nbody; ++body) AddBodyLabel(m, d, body, catmask, scn);
}

// ---- joints and actuators ------------------------------------------------------------------

// hinges and slides as arrows along their axes; balls as spheres and free joints as boxes of
// 0.3 joint lengths, turned as their body
void SetJointShape(const Model& m, const Data& d, int joint, mjtNum width, mjtNum length,
                   mjtNum enlarge, VisGeom& geom) {
  int type = m.jnt_type[joint];
  const mjtNum* anchor = d.xanchor + 3 * joint;
  const mjtNum* axis = d.xaxis + 3 * joint;
  float arrow[3] = {Scaled(width, m), Scaled(width, m), Scaled(length, m)};
  float blob = static_cast<float>(enlarge * 0.3 * m.vis.scale.jointlength * m.stat.meansize);
  float cube[3] = {blob, blob, blob};
  if (type == mjJNT_HINGE) SetAlongAxis(geom, mjGEOM_ARROW1, arrow, anchor, axis);
  if (type == mjJNT_SLIDE) SetAlongAxis(geom, mjGEOM_ARROW, arrow, anchor, axis);
  if (type != mjJNT_BALL && type != mjJNT_FREE) return;
  // balls and free joints turn with their body
  geom.type = type == mjJNT_BALL ? mjGEOM_SPHERE : mjGEOM_BOX;
  std::copy(cube, cube + 3, geom.size);
  SetPose(geom, anchor, d.xmat + 9 * m.jnt_bodyid[joint]);
}

void AddJoint(const Model& m, const Data& d, const VisOption& opt, int joint, int catmask,
              VisScene& scn) {
  VisGeom* geom = NextDecor(scn, mjOBJ_JOINT, joint, catmask);
  if (!geom) return;
  SetJointShape(m, d, joint, m.vis.scale.jointwidth, m.vis.scale.jointlength, 1, *geom);
  SetColor(*geom, m.vis.rgba.joint);
  // a joint at (or within the margin of) its limit is drawn in the constraint colour
  if (LimitRowActive(d, mjCNSTR_LIMIT_JOINT, joint)) {
    BlendColor(*geom, m.vis.rgba.joint, m.vis.rgba.constraint, 0.95);
  }
  if (opt.label == mjLABEL_JOINT) SetLabel(*geom, m, m.name_jntadr, "joint", joint);
  ++scn.ngeom;
}

// the actuator's control (or with mjVIS_ACTIVATION its last activation) from the neutral point
// (zero, or the range's end nearest to it) towards the range's end on its side, as a fraction
// from -1 to 1; the range is the control range, else for an activation the activation range,
// and a side without a range counts as 1 long
mjtNum ActuatorLevel(const Model& m, const Data& d, const VisOption& opt, int id) {
  mjtNum value = d.ctrl[id];
  const mjtNum* range = m.actuator_ctrllimited[id] ? m.actuator_ctrlrange + 2 * id : nullptr;
  if (opt.flags[mjVIS_ACTIVATION] && m.actuator_dyntype[id] != mjDYN_NONE &&
      m.actuator_actnum[id] > 0) {
    value = d.act[m.actuator_actadr[id] + m.actuator_actnum[id] - 1];
    if (!range && m.actuator_actlimited[id]) range = m.actuator_actrange + 2 * id;
  }
  mjtNum neutral = range ? std::clamp(mjtNum(0), range[0], range[1]) : 0;
  mjtNum offset = value - neutral, length = 0;
  if (range) length = offset > 0 ? range[1] - neutral : neutral - range[0];
  if (length <= mjMINVAL) length = 1;
  return std::clamp(offset / length, mjtNum(-1), mjtNum(1));
}

void ColorActuator(const Model& m, mjtNum level, VisGeom& geom) {
  const float* to = level >= 0 ? m.vis.rgba.actuatorpositive : m.vis.rgba.actuatornegative;
  BlendColor(geom, m.vis.rgba.actuator, to, std::abs(level));
}

// a tendon actuator: its tendon's path, twice as wide
void AddTendonActuator(const Model& m, const Data& d, const VisOption& opt, int id,
                       mjtNum level, int catmask, VisScene& scn) {
  int tendon = m.actuator_trnid[2 * id];
  int first = d.ten_wrapadr[tendon], count = d.ten_wrapnum[tendon];
  for (int k = first; k + 1 < first + count; ++k) {
    int a = d.wrap_obj[k], b = d.wrap_obj[k + 1];
    if (a == -2 || b == -2) continue;
    VisGeom* geom = NextDecor(scn, mjOBJ_ACTUATOR, id, catmask);
    if (!geom) return;
    mjtNum width = 2 * m.tendon_width[tendon] * (a >= 0 && a == b ? 0.5 : 1);
    Connector(*geom, mjGEOM_CAPSULE, width, d.wrap_xpos + 3 * k, d.wrap_xpos + 3 * (k + 1));
    ColorActuator(m, level, *geom);
    if (opt.label == mjLABEL_ACTUATOR && k == first) {
      SetLabel(*geom, m, m.name_actuatoradr, "actuator", id);
    }
    ++scn.ngeom;
  }
}

// a shape 5% larger than a site or geom of `type` and `size`
void SetEnlargedShape(VisGeom& geom, int type, const mjtNum size[3], const mjtNum pos[3],
                      const mjtNum mat[9]) {
  mjtNum enlarged[3];
  for (int i = 0; i < 3; ++i) enlarged[i] = 1.05 * size[i];
  geom.type = type;
  SetDrawnSize(geom, type, enlarged);
  SetPose(geom, pos, mat);
}

// a body actuator (adhesion): the body's geoms, 5% larger
void AddBodyActuator(const Model& m, const Data& d, int id, mjtNum level, int catmask,
                     VisScene& scn) {
  int body = m.actuator_trnid[2 * id];
  for (int k = 0; k < m.body_geomnum[body]; ++k) {
    int g = m.body_geomadr[body] + k;
    VisGeom* geom = NextDecor(scn, mjOBJ_ACTUATOR, id, catmask);
    if (!geom) return;
    SetEnlargedShape(*geom, m.geom_type[g], m.geom_size + 3 * g, d.geom_xpos + 3 * g,
                     d.geom_xmat + 9 * g);
    ColorActuator(m, level, *geom);  // unlabelled (measured)
    ++scn.ngeom;
  }
}

// a joint or site actuator: its joint's shape, thicker, or its site's, 5% larger
void AddActuator(const Model& m, const Data& d, const VisOption& opt, int id, int catmask,
                 VisScene& scn) {
  int trntype = m.actuator_trntype[id], target = m.actuator_trnid[2 * id];
  mjtNum level = ActuatorLevel(m, d, opt, id);
  if (trntype == mjTRN_TENDON) {
    if (m.tendon_num[target] && d.ten_wrapnum[target]) {
      AddTendonActuator(m, d, opt, id, level, catmask, scn);
    }
    return;
  }
  if (trntype == mjTRN_BODY) {
    AddBodyActuator(m, d, id, level, catmask, scn);
    return;
  }
  bool joint = trntype == mjTRN_JOINT || trntype == mjTRN_JOINTINPARENT;
  if (!joint && trntype != mjTRN_SITE) return;
  VisGeom* geom = NextDecor(scn, mjOBJ_ACTUATOR, id, catmask);
  if (!geom) return;
  if (joint) {
    SetJointShape(m, d, target, m.vis.scale.actuatorwidth, m.vis.scale.actuatorlength, 1.1,
                  *geom);
  } else {
    SetEnlargedShape(*geom, m.site_type[target], m.site_size + 3 * target,
                     d.site_xpos + 3 * target, d.site_xmat + 9 * target);
  }
  ColorActuator(m, level, *geom);
  if (opt.label == mjLABEL_ACTUATOR) SetLabel(*geom, m, m.name_actuatoradr, "actuator", id);
  ++scn.ngeom;
}

// ---- cameras and lights --------------------------------------------------------------------

// a triangle geom: its first vertex, the unit directions of its two edges from there and the
// unit normal as the columns of its frame, and the two edge lengths and twice its area as size
void AddTriangle(const mjtNum a[3], const mjtNum b[3], const mjtNum c[3], const float rgba[4],
                 int id, int catmask, VisScene& scn) {
  VisGeom* geom = NextDecor(scn, mjOBJ_CAMERA, id, catmask);
  if (!geom) return;
  mjtNum edge1[3], edge2[3], normal[3], mat[9];
  Sub3(edge1, b, a);
  Sub3(edge2, c, a);
  Cross3(normal, edge1, edge2);
  geom->type = mjGEOM_TRIANGLE;
  geom->size[0] = static_cast<float>(Normalize3(edge1));
  geom->size[1] = static_cast<float>(Normalize3(edge2));
  geom->size[2] = static_cast<float>(Normalize3(normal));
  for (int row = 0; row < 3; ++row) {
    mat[3 * row] = edge1[row];
    mat[3 * row + 1] = edge2[row];
    mat[3 * row + 2] = normal[row];
  }
  SetPose(*geom, a, mat);
  SetColor(*geom, rgba);
  ++scn.ngeom;
}

void AddLine(const mjtNum from[3], const mjtNum to[3], const float rgba[4], int id, int catmask,
             VisScene& scn) {
  VisGeom* geom = NextDecor(scn, mjOBJ_CAMERA, id, catmask);
  if (!geom) return;
  Connector(*geom, mjGEOM_LINE, 3, from, to);
  SetColor(*geom, rgba);
  ++scn.ngeom;
}

// a camera with a sensor: its frustum from the near clip plane to <visual> scale.frustum mean
// sizes away, each side face as two triangles with its near, far and first side edge as lines,
// going round the corners (left bottom, right bottom, right top, left top)
void AddFrustum(const Model& m, const Data& d, int id, int catmask, VisScene& scn) {
  const float* sensor = m.cam_sensorsize + 2 * id;
  const float* intrinsic = m.cam_intrinsic + 4 * id;  // focal x, y, principal x, y
  mjtNum near = m.vis.map.znear * m.stat.extent;
  mjtNum far = m.vis.scale.frustum * m.stat.meansize;
  mjtNum side[2][2];  // low and high ends along x and y at the near plane
  for (int axis = 0; axis < 2; ++axis) {
    for (int end = 0; end < 2; ++end) {
      mjtNum offset = (end ? 0.5 : -0.5) * sensor[axis] + intrinsic[2 + axis];
      side[axis][end] = near * offset / intrinsic[axis];
    }
  }
  const int corners[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  mjtNum near_corner[4][3], far_corner[4][3];
  for (int k = 0; k < 4; ++k) {
    mjtNum local[3] = {side[0][corners[k][0]], side[1][corners[k][1]], -near};
    MulMatVec3(near_corner[k], d.cam_xmat + 9 * id, local);
    for (int i = 0; i < 3; ++i) local[i] *= far / near;
    MulMatVec3(far_corner[k], d.cam_xmat + 9 * id, local);
    AddTo3(near_corner[k], d.cam_xpos + 3 * id);
    AddTo3(far_corner[k], d.cam_xpos + 3 * id);
  }
  const float* rgba = m.vis.rgba.frustum;
  for (int k = 0; k < 4; ++k) {
    int next = (k + 1) % 4;
    AddTriangle(near_corner[k], far_corner[k], near_corner[next], rgba, id, catmask, scn);
    AddTriangle(far_corner[k], far_corner[next], near_corner[next], rgba, id, catmask, scn);
    AddLine(near_corner[k], near_corner[next], rgba, id, catmask, scn);
    AddLine(far_corner[k], far_corner[next], rgba, id, catmask, scn);
    AddLine(near_corner[k], far_corner[k], rgba, id, catmask, scn);
  }
}

// a camera: a box for its body and a darker cylinder for its lens, behind it along -z; with a
// sensor, its frustum first and the two faded to 0.3
void AddCamera(const Model& m, const Data& d, const VisOption& opt, int id, int catmask,
               VisScene& scn) {
  bool sensor = m.cam_sensorsize[2 * id] > 0 && m.cam_sensorsize[2 * id + 1] > 0;
  if (sensor) AddFrustum(m, d, id, catmask, scn);
  float fade = sensor ? 0.3f : 1;
  mjtNum scale = m.vis.scale.camera * m.stat.meansize;
  const mjtNum* pos = d.cam_xpos + 3 * id;
  const mjtNum* mat = d.cam_xmat + 9 * id;
  VisGeom* body = NextDecor(scn, mjOBJ_CAMERA, id, catmask);
  if (!body) return;
  body->type = mjGEOM_BOX;
  body->size[0] = static_cast<float>(scale);
  body->size[1] = static_cast<float>(0.8 * scale);
  body->size[2] = static_cast<float>(0.4 * scale);
  SetPose(*body, pos, mat);
  SetColor(*body, m.vis.rgba.camera);
  body->rgba[3] *= fade;
  if (opt.label == mjLABEL_CAMERA) SetLabel(*body, m, m.name_camadr, "camera", id);
  ++scn.ngeom;
  VisGeom* lens = NextDecor(scn, mjOBJ_CAMERA, id, catmask);
  if (!lens) return;
  lens->type = mjGEOM_CYLINDER;
  lens->size[0] = lens->size[1] = static_cast<float>(0.4 * scale);
  lens->size[2] = static_cast<float>(0.3 * scale);
  mjtNum lens_pos[3];
  for (int i = 0; i < 3; ++i) lens_pos[i] = pos[i] - 0.6 * scale * mat[3 * i + 2];
  SetPose(*lens, lens_pos, mat);
  for (int i = 0; i < 3; ++i) lens->rgba[i] = 0.5f * m.vis.rgba.camera[i];
  lens->rgba[3] = fade * m.vis.rgba.camera[3];
  ++scn.ngeom;
  if (opt.frame == mjFRAME_CAMERA) AddFrame(m, pos, mat, 1, id, catmask, scn);
}

// a light: a cylinder behind its position, pointing where it shines
void AddLight(const Model& m, const Data& d, const VisOption& opt, int id, int catmask,
              VisScene& scn) {
  mjtNum scale = m.vis.scale.light * m.stat.meansize;
  const mjtNum* dir = d.light_xdir + 3 * id;
  VisGeom* geom = NextDecor(scn, mjOBJ_LIGHT, id, catmask);
  if (!geom) return;
  float size[3] = {static_cast<float>(0.8 * scale), static_cast<float>(0.8 * scale),
                   static_cast<float>(scale)};
  mjtNum pos[3];
  for (int i = 0; i < 3; ++i) pos[i] = d.light_xpos[3 * id + i] - (scale + 1e-4) * dir[i];
  SetAlongAxis(*geom, mjGEOM_CYLINDER, size, pos, dir);
  SetColor(*geom, m.vis.rgba.light);
  if (opt.label == mjLABEL_LIGHT) SetLabel(*geom, m, m.name_lightadr, "light", id);
  ++scn.ngeom;
  if (opt.frame == mjFRAME_LIGHT) {
    mjtNum quat[4], mat[9];
    ZAxisToQuat(quat, dir);
    QuatToMat(mat, quat);
    AddFrame(m, d.light_xpos + 3 * id, mat, 1, id, catmask, scn);
  }
}

// ---- equality constraints ------------------------------------------------------------------

// one side of an equality: a sphere at the joined point, turned as the object holding it
void AddPoint(const Model& m, const mjtNum pos[3], const mjtNum mat[9], const float rgba[4],
              const VisOption& opt, int id, int catmask, VisScene& scn) {
  VisGeom* geom = NextDecor(scn, mjOBJ_EQUALITY, id, catmask);
  if (!geom) return;
  geom->type = mjGEOM_SPHERE;
  std::fill(geom->size, geom->size + 3, Scaled(m.vis.scale.constraint, m));
  SetPose(*geom, pos, mat);
  SetColor(*geom, rgba);
  if (opt.label == mjLABEL_CONSTRAINT) SetLabel(*geom, m, m.name_eqadr, "equality", id);
  ++scn.ngeom;
}

// the frame of an equality's object `obj` (a body, or a site) and a point given in it
struct PointOn {
  PointOn(const Model& m, const Data& d, int id, int obj, const mjtNum local[3]) {
    bool site = m.eq_objtype[id] == mjOBJ_SITE;
    mat = site ? d.site_xmat + 9 * obj : d.xmat + 9 * obj;
    MulMatVec3(pos, mat, local);
    AddTo3(pos, site ? d.site_xpos + 3 * obj : d.xpos + 3 * obj);
  }
  mjtNum pos[3];
  const mjtNum* mat;
};

// a connect or weld: a point on each side, in the connect and constraint colours
void AddEquality(const Model& m, const Data& d, const VisOption& opt, int id, int catmask,
                 VisScene& scn) {
  const mjtNum* data = m.eq_data + mjNEQDATA * id;
  int obj1 = m.eq_obj1id[id], obj2 = m.eq_obj2id[id];
  // a weld's first point is its relative position in body 1, without the anchor (measured)
  bool connect = m.eq_type[id] == mjEQ_CONNECT;
  PointOn first(m, d, id, obj1, connect ? data : data + 3);
  PointOn second(m, d, id, obj2, connect ? data + 3 : data);
  AddPoint(m, first.pos, first.mat, m.vis.rgba.connect, opt, id, catmask, scn);
  AddPoint(m, second.pos, second.mat, m.vis.rgba.constraint, opt, id, catmask, scn);
}

// mjVIS_AUTOCONNECT: each body's centre of mass joined to its parent's through its joints'
// anchors, the last joint first; none to the world
void AddAutoConnect(const Model& m, const Data& d, const VisOption& opt, int catmask,
                    VisScene& scn) {
  if (!opt.flags[mjVIS_AUTOCONNECT]) return;
  mjtNum width = m.vis.scale.connect * m.stat.meansize;
  for (int body = 1; body < m.nbody; ++body) {
    int parent = m.body_parentid[body];
    if (parent == 0) continue;
    const mjtNum* from = d.xipos + 3 * body;
    int first = m.body_jntadr[body], count = m.body_jntnum[body];
    for (int k = count; k >= 0; --k) {
      const mjtNum* to = k > 0 ? d.xanchor + 3 * (first + k - 1) : d.xipos + 3 * parent;
      VisGeom* geom = NextDecor(scn, mjOBJ_UNKNOWN, body, catmask);
      if (!geom) return;
      Connector(*geom, mjGEOM_CAPSULE, width, from, to);
      SetColor(*geom, m.vis.rgba.connect);
      ++scn.ngeom;
      from = to;
    }
  }
}

// ---- perturbation ----------------------------------------------------------------------------

// the selected point of body `select`: its local position in the body frame
void SelectedPoint(const Data& d, const VisPerturb& pert, mjtNum point[3]) {
  MulMatVec3(point, d.xmat + 9 * pert.select, pert.localpos);
  AddTo3(point, d.xpos + 3 * pert.select);
}

// the perturbation's reference, in the constraint colour: while translating, a capsule from the
// selected point to where it is pulled and a sphere there; while rotating, the body's bounding
// box (its BVH root's, in the inertial frame) turned to the reference orientation
bool Selected(const Model& m, const VisPerturb* pert) {
  return pert && pert->select > 0 && pert->select < m.nbody;
}

void PerturbObject(const Model& m, const Data& d, const VisPerturb& pert, int catmask,
                   VisScene& scn) {
  mjtNum scale = m.vis.scale.constraint * m.stat.meansize, refmat[9];
  QuatToMat(refmat, pert.refquat);
  if (pert.active & mjPERT_TRANSLATE) {
    mjtNum point[3];
    SelectedPoint(d, pert, point);
    VisGeom* line = NextDecor(scn, mjOBJ_UNKNOWN, pert.select, catmask);
    if (!line) return;
    Connector(*line, mjGEOM_CAPSULE, scale, point, pert.refselpos);
    SetColor(*line, m.vis.rgba.constraint);
    ++scn.ngeom;
    VisGeom* end = NextDecor(scn, mjOBJ_UNKNOWN, pert.select, catmask);
    if (!end) return;
    end->type = mjGEOM_SPHERE;
    std::fill(end->size, end->size + 3, static_cast<float>(2 * scale));
    SetPose(*end, pert.refselpos, refmat);
    SetColor(*end, m.vis.rgba.constraint);
    ++scn.ngeom;
  }
  if (pert.active & mjPERT_ROTATE) {
    VisGeom* box = NextDecor(scn, mjOBJ_UNKNOWN, pert.select, catmask);
    if (!box) return;
    // without a BVH (no colliding geom), a cube of the model's mean size
    int root = m.body_bvhadr[pert.select];
    mjtNum meansize = m.stat.meansize;
    mjtNum cube[6] = {0, 0, 0, meansize, meansize, meansize};
    const mjtNum* aabb = root >= 0 ? m.bvh_aabb + 6 * root : cube;  // centre and half sizes
    mjtNum center[3];
    MulMatVec3(center, d.ximat + 9 * pert.select, aabb);
    AddTo3(center, d.xipos + 3 * pert.select);
    box->type = mjGEOM_BOX;
    for (int i = 0; i < 3; ++i) box->size[i] = static_cast<float>(aabb[3 + i]);
    SetPose(*box, center, refmat);
    SetColor(*box, m.vis.rgba.inertia);
    ++scn.ngeom;
  }
}

void SelectPoint(const Model& m, const Data& d, const VisOption& opt, const VisPerturb& pert,
                 int catmask, VisScene& scn) {
  VisGeom* geom = NextDecor(scn, mjOBJ_UNKNOWN, pert.select, catmask);
  if (!geom) return;
  mjtNum point[3], identity[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  SelectedPoint(d, pert, point);
  geom->type = mjGEOM_SPHERE;
  std::fill(geom->size, geom->size + 3, Scaled(m.vis.scale.selectpoint, m));
  SetPose(*geom, point, identity);
  SetColor(*geom, m.vis.rgba.selectpoint);
  if (opt.label == mjLABEL_SELPNT) {
    std::snprintf(geom->label, sizeof(geom->label), "%.3f %.3f %.3f (local %.3f %.3f %.3f)",
                  point[0], point[1], point[2], pert.localpos[0], pert.localpos[1],
                  pert.localpos[2]);
  }
  ++scn.ngeom;
}

// mjVIS_PERTFORCE: the applied forces (xfrc_applied, not its torques) as arrows from the bodies'
// centres of mass, scaled as contact forces
void AppliedForces(const Model& m, const Data& d, int catmask, VisScene& scn) {
  mjtNum scale = m.vis.map.force / m.stat.meanmass;
  for (int body = 1; body < m.nbody; ++body) {
    const mjtNum* force = d.xfrc_applied + 6 * body;
    if (Norm3(force) < mjMINVAL) continue;
    VisGeom* geom = NextDecor(scn, mjOBJ_UNKNOWN, body, catmask);
    if (!geom) return;
    mjtNum end[3];
    for (int i = 0; i < 3; ++i) end[i] = d.xipos[3 * body + i] + scale * force[i];
    Connector(*geom, mjGEOM_ARROW, m.vis.scale.forcewidth * m.stat.meansize,
              d.xipos + 3 * body, end);
    SetColor(*geom, m.vis.rgba.force);
    ++scn.ngeom;
  }
}

// a geom's or site's frame is left out when this alpha is 0: its material's, or without one
// its own (measured, also on dm_control's fruitfly and lego_brick outside the corpus: the
// material decides even where the element's rgba is not the default)
float FrameAlpha(const Model& m, const float rgba[4], int matid) {
  return matid >= 0 ? m.mat_rgba[4 * matid + 3] : rgba[3];
}

}  // namespace

void AddPerturbObject(const Model& m, const Data& d, const VisOption& opt,
                      const VisPerturb* pert, int catmask, VisScene& scn) {
  if (Selected(m, pert) && pert->active && opt.flags[mjVIS_PERTOBJ]) {
    PerturbObject(m, d, *pert, catmask, scn);
  }
}

void AddSelectPoint(const Model& m, const Data& d, const VisOption& opt, const VisPerturb* pert,
                    int catmask, VisScene& scn) {
  if (!Selected(m, pert)) return;
  if (opt.flags[mjVIS_SELECT]) SelectPoint(m, d, opt, *pert, catmask, scn);
  // the selected body's label, where no inertia box carries it
  if (opt.label == mjLABEL_SELECTION && !opt.flags[mjVIS_INERTIA]) {
    AddBodyLabel(m, d, pert->select, catmask, scn);
  }
}

void AddAppliedForces(const Model& m, const Data& d, const VisOption& opt, int catmask,
                      VisScene& scn) {
  if (opt.flags[mjVIS_PERTFORCE]) AppliedForces(m, d, catmask, scn);
}

void AddGeomAndSiteFrames(const Model& m, const Data& d, const VisOption& opt, int catmask,
                          VisScene& scn) {
  if (opt.frame == mjFRAME_GEOM) {
    for (int id = 0; id < m.ngeom; ++id) {
      if (!GroupShown(opt.geomgroup, m.geom_group[id])) continue;
      if (FrameAlpha(m, m.geom_rgba + 4 * id, m.geom_matid[id]) == 0) continue;
      AddFrame(m, d.geom_xpos + 3 * id, d.geom_xmat + 9 * id, 1, id, catmask, scn);
    }
  }
  if (opt.frame == mjFRAME_SITE) {
    for (int id = 0; id < m.nsite; ++id) {
      if (!GroupShown(opt.sitegroup, m.site_group[id])) continue;
      if (FrameAlpha(m, m.site_rgba + 4 * id, m.site_matid[id]) == 0) continue;
      AddFrame(m, d.site_xpos + 3 * id, d.site_xmat + 9 * id, 1, id, catmask, scn);
    }
  }
}

void AddInertiaBoxes(const Model& m, const Data& d, const VisOption& opt, const VisPerturb* pert,
                     int catmask, VisScene& scn) {
  InertiaBoxes(m, d, opt, pert, catmask, scn);
}

void AddBodyFramesAndLabels(const Model& m, const Data& d, const VisOption& opt, int catmask,
                            VisScene& scn) {
  AddBodyFrames(m, d, opt, catmask, scn);
  AddBodyLabels(m, d, opt, catmask, scn);
}

void AddJoints(const Model& m, const Data& d, const VisOption& opt, int catmask, VisScene& scn) {
  if (!opt.flags[mjVIS_JOINT]) return;
  for (int joint = 0; joint < m.njnt; ++joint) {
    if (GroupShown(opt.jointgroup, m.jnt_group[joint])) AddJoint(m, d, opt, joint, catmask, scn);
  }
}

void AddActuators(const Model& m, const Data& d, const VisOption& opt, int catmask,
                  VisScene& scn) {
  if (!opt.flags[mjVIS_ACTUATOR]) return;
  for (int id = 0; id < m.nu; ++id) {
    if (GroupShown(opt.actuatorgroup, m.actuator_group[id])) {
      AddActuator(m, d, opt, id, catmask, scn);
    }
  }
}

void AddCamerasAndLights(const Model& m, const Data& d, const VisOption& opt, int catmask,
                         VisScene& scn) {
  if (opt.flags[mjVIS_CAMERA]) {
    for (int id = 0; id < m.ncam; ++id) AddCamera(m, d, opt, id, catmask, scn);
  }
  if (opt.flags[mjVIS_LIGHT]) {
    for (int id = 0; id < m.nlight; ++id) AddLight(m, d, opt, id, catmask, scn);
  }
}

// the centre of mass of each kinematic tree (the subtree of each child of the world)
void AddCentersOfMass(const Model& m, const Data& d, const VisOption& opt, int catmask,
                      VisScene& scn) {
  if (!opt.flags[mjVIS_COM]) return;
  mjtNum identity[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  for (int body = 1; body < m.nbody; ++body) {
    if (m.body_parentid[body] != 0) continue;
    VisGeom* geom = NextDecor(scn, mjOBJ_UNKNOWN, body, catmask);
    if (!geom) return;
    geom->type = mjGEOM_SPHERE;
    std::fill(geom->size, geom->size + 3, Scaled(m.vis.scale.com, m));
    SetPose(*geom, d.subtree_com + 3 * body, identity);
    SetColor(*geom, m.vis.rgba.com);
    ++scn.ngeom;
  }
  AddAutoConnect(m, d, opt, catmask, scn);
}

void AddEqualities(const Model& m, const Data& d, const VisOption& opt, int catmask,
                   VisScene& scn) {
  if (!opt.flags[mjVIS_CONSTRAINT]) return;
  for (int id = 0; id < m.neq; ++id) {
    if (!d.eq_active[id]) continue;
    if (m.eq_type[id] == mjEQ_CONNECT || m.eq_type[id] == mjEQ_WELD) {
      AddEquality(m, d, opt, id, catmask, scn);
    }
  }
}

}  // namespace mjsim
