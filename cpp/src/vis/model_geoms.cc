// model_geoms.cc: mjv_addGeoms: the model's geoms, sites and spatial tendons as scene geoms, in
// that order (measured on mujoco 3.3.7), each in the category of its body (static when welded
// to the world), shown by its group, coloured by its rgba or, where the rgba is the default
// (0.5 0.5 0.5 1) and a material is set, by the material; the selected body glows.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "scene_geoms.h"
#include "util/math3.h"

namespace mjsim {
namespace {

constexpr float kDefaultRgba[4] = {0.5f, 0.5f, 0.5f, 1};
}  // namespace

VisGeom* NextGeom(VisScene& scn) {
  if (scn.ngeom >= scn.maxgeom) {
    scn.status = 1;
    return nullptr;
  }
  VisGeom& geom = scn.geoms[scn.ngeom];
  geom = VisGeom();
  geom.segid = scn.ngeom;
  return &geom;
}

int CategoryOf(const Model& m, int body) {
  if (m.body_weldid[body] != 0) return mjCAT_DYNAMIC;
  for (int b = body; b > 0; b = m.body_parentid[b]) {
    if (m.body_mocapid[b] >= 0) return mjCAT_DYNAMIC;
  }
  return mjCAT_STATIC;
}

bool CategoryShown(const VisOption& opt, int category, int catmask) {
  if (!(category & catmask)) return false;
  return category != mjCAT_STATIC || opt.flags[mjVIS_STATIC];
}

void SetDrawnSize(VisGeom& geom, int type, const mjtNum size[3]) {
  mjtNum drawn[3] = {size[0], size[1], size[2]};
  if (type == mjGEOM_SPHERE) drawn[1] = drawn[2] = size[0];
  if (type == mjGEOM_CAPSULE || type == mjGEOM_CYLINDER) {
    drawn[1] = size[0];
    drawn[2] = size[1];
  }
  for (int i = 0; i < 3; ++i) geom.size[i] = static_cast<float>(drawn[i]);
}

void SetPose(VisGeom& geom, const mjtNum pos[3], const mjtNum mat[9]) {
  for (int i = 0; i < 3; ++i) geom.pos[i] = static_cast<float>(pos[i]);
  for (int i = 0; i < 9; ++i) geom.mat[i] = static_cast<float>(mat[i]);
}

void SetColor(VisGeom& geom, const float rgba[4]) { std::copy(rgba, rgba + 4, geom.rgba); }

void BlendColor(VisGeom& geom, const float rgba[4], const float to[4], mjtNum weight) {
  for (int i = 0; i < 4; ++i) {
    geom.rgba[i] = static_cast<float>((1 - weight) * rgba[i] + weight * to[i]);
  }
}

void SetAlongAxis(VisGeom& geom, int type, const float size[3], const mjtNum pos[3],
                  const mjtNum axis[3]) {
  mjtNum quat[4], mat[9];
  ZAxisToQuat(quat, axis);
  QuatToMat(mat, quat);
  geom.type = type;
  std::copy(size, size + 3, geom.size);
  SetPose(geom, pos, mat);
}

void SetLabel(VisGeom& geom, const Model& m, const int* name_adr, const char* kind, int id) {
  const char* name = m.names + name_adr[id];
  if (*name) {
    std::snprintf(geom.label, sizeof(geom.label), "%s", name);
  } else {
    std::snprintf(geom.label, sizeof(geom.label), "%s %d", kind, id);
  }
}

namespace {

// rgba and surface of an element with `rgba` and material `matid`
void SetLook(const Model& m, VisGeom& geom, const float rgba[4], int matid) {
  geom.matid = matid;
  bool from_material = matid >= 0 && std::equal(rgba, rgba + 4, kDefaultRgba);
  const float* color = from_material ? m.mat_rgba + 4 * matid : rgba;
  std::copy(color, color + 4, geom.rgba);
  if (matid >= 0) {
    geom.emission = m.mat_emission[matid];
    geom.specular = m.mat_specular[matid];
    geom.shininess = m.mat_shininess[matid];
    geom.reflectance = m.mat_reflectance[matid];
  }
}

// the selected body's elements glow; with mjVIS_TRANSPARENT dynamic elements fade
void ApplyHighlight(const Model& m, const VisOption& opt, const VisPerturb* pert, int body,
                    int category, VisGeom& geom) {
  if (pert && pert->select > 0 && pert->select == body) geom.emission += m.vis.global.glow;
  if (opt.flags[mjVIS_TRANSPARENT] && category == mjCAT_DYNAMIC) geom.rgba[3] *= m.vis.map.alpha;
}

// the period of an infinite plane's pattern along its axis `axis`: with a material (textured or
// not) 4 / texrepeat, without one 7/330 of the far clip distance
// (measured on mujoco 3.3.7 over extents, zfar and texrepeat)
mjtNum PlanePeriod(const Model& m, int id, int axis) {
  int material = m.geom_matid[id];
  if (material >= 0) {
    float repeat = m.mat_texrepeat[2 * material + axis];
    return repeat > 0 ? 4 / repeat : 0;
  }
  return m.vis.map.zfar * m.stat.extent * 7 / 330;
}

// an infinite plane (size 0 along an axis) is moved along that axis by whole periods of its
// pattern to below the eyes of the previous frame (the scene's cameras are updated after its
// geoms), so that it looks unbounded and its pattern stays put
void FollowCamera(const Model& m, const Data& d, int id, const VisScene& scn, VisGeom& geom) {
  const mjtNum* pos = d.geom_xpos + 3 * id;
  const mjtNum* mat = d.geom_xmat + 9 * id;
  mjtNum head[3], shifted[3] = {pos[0], pos[1], pos[2]};
  for (int i = 0; i < 3; ++i) head[i] = 0.5 * (scn.camera[0].pos[i] + scn.camera[1].pos[i]);
  for (int axis = 0; axis < 2; ++axis) {
    mjtNum period = PlanePeriod(m, id, axis);
    if (m.geom_size[3 * id + axis] > 0 || period <= 0) continue;
    mjtNum along = 0;
    for (int i = 0; i < 3; ++i) along += (head[i] - pos[i]) * mat[3 * i + axis];
    mjtNum shift = period * std::round(along / period);
    for (int i = 0; i < 3; ++i) shifted[i] += shift * mat[3 * i + axis];
  }
  for (int i = 0; i < 3; ++i) geom.pos[i] = static_cast<float>(shifted[i]);
}

void AddModelGeom(const Model& m, const Data& d, const VisOption& opt, const VisPerturb* pert,
                  int id, int plane_index, VisScene& scn) {
  int body = m.geom_bodyid[id];
  VisGeom* geom = NextGeom(scn);
  if (!geom) return;
  int type = m.geom_type[id];
  geom->type = type;
  geom->dataid = type == mjGEOM_PLANE ? plane_index : m.geom_dataid[id];
  // the renderer keeps two shapes per mesh, the mesh (2 id) and its convex hull (2 id + 1),
  // drawn for colliding geoms with mjVIS_CONVEXHULL
  if (type == mjGEOM_MESH && geom->dataid >= 0) {
    bool collides = m.geom_contype[id] || m.geom_conaffinity[id];
    bool hull = opt.flags[mjVIS_CONVEXHULL] && collides && m.mesh_graphadr[geom->dataid] >= 0;
    geom->dataid = 2 * geom->dataid + hull;
  }
  geom->objtype = mjOBJ_GEOM;
  geom->objid = id;
  geom->category = CategoryOf(m, body);
  if (type == mjGEOM_MESH && m.geom_dataid[id] >= 0) {
    geom->texcoord = m.mesh_texcoordadr[m.geom_dataid[id]] >= 0;
  }
  SetDrawnSize(*geom, type, m.geom_size + 3 * id);
  SetPose(*geom, d.geom_xpos + 3 * id, d.geom_xmat + 9 * id);
  if (type == mjGEOM_PLANE) FollowCamera(m, d, id, scn, *geom);
  SetLook(m, *geom, m.geom_rgba + 4 * id, m.geom_matid[id]);
  if (geom->rgba[3] == 0) return;  // invisible: not drawn
  geom->modelrbound = static_cast<float>(m.geom_rbound[id]);
  ApplyHighlight(m, opt, pert, body, geom->category, *geom);
  if (opt.label == mjLABEL_GEOM) SetLabel(*geom, m, m.name_geomadr, "geom", id);
  ++scn.ngeom;
}

void AddModelGeoms(const Model& m, const Data& d, const VisOption& opt, const VisPerturb* pert,
                   int catmask, VisScene& scn) {
  int planes = 0;
  for (int id = 0; id < m.ngeom; ++id) {
    int plane_index = m.geom_type[id] == mjGEOM_PLANE ? planes++ : -1;
    if (!GroupShown(opt.geomgroup, m.geom_group[id])) continue;
    if (!CategoryShown(opt, CategoryOf(m, m.geom_bodyid[id]), catmask)) continue;
    AddModelGeom(m, d, opt, pert, id, plane_index, scn);
  }
}

void AddSites(const Model& m, const Data& d, const VisOption& opt, const VisPerturb* pert,
              int catmask, VisScene& scn) {
  for (int id = 0; id < m.nsite; ++id) {
    int body = m.site_bodyid[id];
    int category = CategoryOf(m, body);
    if (!GroupShown(opt.sitegroup, m.site_group[id]) || !CategoryShown(opt, category, catmask)) {
      continue;
    }
    VisGeom* geom = NextGeom(scn);
    if (!geom) return;
    geom->type = m.site_type[id];
    geom->objtype = mjOBJ_SITE;
    geom->objid = id;
    geom->category = category;
    SetDrawnSize(*geom, geom->type, m.site_size + 3 * id);
    SetPose(*geom, d.site_xpos + 3 * id, d.site_xmat + 9 * id);
    SetLook(m, *geom, m.site_rgba + 4 * id, m.site_matid[id]);
    if (geom->rgba[3] == 0) continue;
    ApplyHighlight(m, opt, pert, body, category, *geom);
    if (opt.label == mjLABEL_SITE) SetLabel(*geom, m, m.name_siteadr, "site", id);
    ++scn.ngeom;
  }
}

// a limited tendon of the default colour outside its range is drawn in the constraint colour
// (mostly: 95%)
bool BeyondLimit(const Model& m, const Data& d, int id) {
  const float* rgba = m.tendon_rgba + 4 * id;
  if (!m.tendon_limited[id] || !std::equal(rgba, rgba + 4, kDefaultRgba)) return false;
  mjtNum length = d.ten_length[id];
  return length < m.tendon_range[2 * id] || length > m.tendon_range[2 * id + 1];
}

// a spatial tendon: a capsule between consecutive path points, half as wide along a wrapping
// geom's surface, none across a pulley
void AddTendon(const Model& m, const Data& d, const VisOption& opt, int id, VisScene& scn) {
  int first = d.ten_wrapadr[id], count = d.ten_wrapnum[id];
  for (int k = first; k + 1 < first + count; ++k) {
    int a = d.wrap_obj[k], b = d.wrap_obj[k + 1];
    if (a == -2 || b == -2) continue;
    VisGeom* geom = NextGeom(scn);
    if (!geom) return;
    mjtNum width = m.tendon_width[id] * (a >= 0 && a == b ? 0.5 : 1);
    Connector(*geom, mjGEOM_CAPSULE, width, d.wrap_xpos + 3 * k, d.wrap_xpos + 3 * (k + 1));
    geom->objtype = mjOBJ_TENDON;
    geom->objid = id;
    geom->category = mjCAT_DYNAMIC;
    SetLook(m, *geom, m.tendon_rgba + 4 * id, m.tendon_matid[id]);
    if (BeyondLimit(m, d, id)) {
      for (int i = 0; i < 4; ++i) {
        geom->rgba[i] = 0.05f * geom->rgba[i] + 0.95f * m.vis.rgba.constraint[i];
      }
    }
    if (opt.flags[mjVIS_TRANSPARENT]) geom->rgba[3] *= m.vis.map.alpha;
    if (opt.label == mjLABEL_TENDON && k == first) {  // the first segment carries the label
      SetLabel(*geom, m, m.name_tendonadr, "tendon", id);
    }
    ++scn.ngeom;
  }
}

void AddTendons(const Model& m, const Data& d, const VisOption& opt, int catmask, VisScene& scn) {
  if (!opt.flags[mjVIS_TENDON] || !(catmask & mjCAT_DYNAMIC)) return;
  for (int id = 0; id < m.ntendon; ++id) {
    if (GroupShown(opt.tendongroup, m.tendon_group[id])) AddTendon(m, d, opt, id, scn);
  }
}

// a skin: one entry the renderer fills from scn.skinvert, at its first bone's body
void AddSkins(const Model& m, const Data& d, const VisOption& opt, int catmask, VisScene& scn) {
  if (!opt.flags[mjVIS_SKIN] || !(catmask & mjCAT_DYNAMIC)) return;
  for (int id = 0; id < m.nskin; ++id) {
    if (!GroupShown(opt.skingroup, m.skin_group[id])) continue;
    VisGeom* geom = NextGeom(scn);
    if (!geom) return;
    geom->type = mjGEOM_SKIN;
    std::fill(geom->size, geom->size + 3, 0.1f);  // mjv_initGeom's default size
    geom->objtype = mjOBJ_SKIN;
    geom->objid = id;
    geom->category = mjCAT_DYNAMIC;
    geom->texcoord = m.skin_texcoordadr[id] >= 0;
    if (m.skin_bonenum[id] > 0) {
      int body = m.skin_bonebodyid[m.skin_boneadr[id]];
      for (int i = 0; i < 3; ++i) geom->pos[i] = static_cast<float>(d.xpos[3 * body + i]);
    }
    SetLook(m, *geom, m.skin_rgba + 4 * id, m.skin_matid[id]);
    if (opt.flags[mjVIS_TRANSPARENT]) geom->rgba[3] *= m.vis.map.alpha;
    if (opt.label == mjLABEL_SKIN) SetLabel(*geom, m, m.name_skinadr, "skin", id);
    ++scn.ngeom;
  }
}

// a slider-crank transmission: the slider as a cylinder from the slider site along its z axis
// to where the rod meets it, and the rod as a capsule half as wide from there to the crank;
// coloured as broken when the rod cannot reach the axis
void AddSliderCrank(const Model& m, const Data& d, const VisOption& opt, int id,
                    VisScene& scn) {
  const mjtNum* crank = d.site_xpos + 3 * m.actuator_trnid[2 * id];
  int slider_site = m.actuator_trnid[2 * id + 1];
  const mjtNum* slider = d.site_xpos + 3 * slider_site;
  const mjtNum* xmat = d.site_xmat + 9 * slider_site;
  mjtNum axis[3] = {xmat[2], xmat[5], xmat[8]}, offset[3], joint[3];
  Sub3(offset, crank, slider);
  mjtNum along = Dot3(axis, offset), length = m.actuator_cranklength[id];
  mjtNum discriminant = along * along - Dot3(offset, offset) + length * length;
  bool broken = discriminant < 0;
  mjtNum t = along - std::sqrt(std::max(discriminant, mjtNum(0)));
  for (int i = 0; i < 3; ++i) joint[i] = slider[i] + t * axis[i];
  mjtNum width = m.vis.scale.slidercrank * m.stat.meansize;
  const float* rgba = broken ? m.vis.rgba.crankbroken : m.vis.rgba.slidercrank;
  for (int part = 0; part < 2; ++part) {
    VisGeom* geom = NextGeom(scn);
    if (!geom) return;
    if (part == 0) Connector(*geom, mjGEOM_CYLINDER, width, slider, joint);
    if (part == 1) Connector(*geom, mjGEOM_CAPSULE, width / 2, joint, crank);
    geom->objtype = mjOBJ_ACTUATOR;
    geom->objid = id;
    geom->category = mjCAT_DYNAMIC;
    std::copy(rgba, rgba + 4, geom->rgba);
    if (opt.label == mjLABEL_ACTUATOR && part == 0) {
      SetLabel(*geom, m, m.name_actuatoradr, "actuator", id);
    }
    ++scn.ngeom;
  }
}

void AddSliderCranks(const Model& m, const Data& d, const VisOption& opt, int catmask,
                     VisScene& scn) {
  if (!(catmask & mjCAT_DYNAMIC)) return;
  for (int id = 0; id < m.nu; ++id) {
    if (m.actuator_trntype[id] != mjTRN_SLIDERCRANK) continue;
    if (GroupShown(opt.actuatorgroup, m.actuator_group[id])) AddSliderCrank(m, d, opt, id, scn);
  }
}

// the rays of rangefinders (along the site's z axis, as long as the distance measured) and the
// segments of geomfromto sensors, as lines
bool SensorRay(const Model& m, const Data& d, int id, mjtNum from[3], mjtNum to[3]) {
  const mjtNum* value = d.sensordata + m.sensor_adr[id];
  if (m.sensor_type[id] == mjSENS_GEOMFROMTO) {  // beyond its cutoff: both points zero
    Copy3(from, value);
    Copy3(to, value + 3);
    return from[0] != to[0] || from[1] != to[1] || from[2] != to[2];
  }
  if (m.sensor_type[id] != mjSENS_RANGEFINDER || value[0] < 0) return false;  // no hit: no ray
  int site = m.sensor_objid[id];
  const mjtNum* xmat = d.site_xmat + 9 * site;
  Copy3(from, d.site_xpos + 3 * site);
  for (int i = 0; i < 3; ++i) to[i] = from[i] + value[0] * xmat[3 * i + 2];
  return true;
}

void AddSensorRays(const Model& m, const Data& d, const VisOption& opt, int catmask,
                   VisScene& scn) {
  if (!opt.flags[mjVIS_RANGEFINDER] || !(catmask & mjCAT_DECOR)) return;
  for (int id = 0; id < m.nsensor; ++id) {
    mjtNum from[3], to[3];
    if (!SensorRay(m, d, id, from, to)) continue;
    VisGeom* geom = NextGeom(scn);
    if (!geom) return;
    Connector(*geom, mjGEOM_LINE, 3, from, to);
    geom->objtype = mjOBJ_SENSOR;
    geom->objid = id;
    geom->category = mjCAT_DECOR;
    std::copy(m.vis.rgba.rangefinder, m.vis.rgba.rangefinder + 4, geom->rgba);
    ++scn.ngeom;
  }
}

}  // namespace

void AddGeoms(const Model& m, const Data& d, const VisOption& opt, const VisPerturb* pert,
              int catmask, VisScene& scn) {
  AddSkins(m, d, opt, catmask, scn);
  AddModelGeoms(m, d, opt, pert, catmask, scn);
  AddSites(m, d, opt, pert, catmask, scn);
  AddTendons(m, d, opt, catmask, scn);
  AddSliderCranks(m, d, opt, catmask, scn);
  AddGeomAndSiteFrames(m, d, opt, catmask, scn);
  AddInertiaBoxes(m, d, opt, pert, catmask, scn);
  AddPerturbObject(m, d, opt, pert, catmask, scn);
  AddBodyFramesAndLabels(m, d, opt, catmask, scn);
  AddSelectPoint(m, d, opt, pert, catmask, scn);
  AddJoints(m, d, opt, catmask, scn);
  AddActuators(m, d, opt, catmask, scn);
  AddCamerasAndLights(m, d, opt, catmask, scn);
  AddCentersOfMass(m, d, opt, catmask, scn);
  AddSensorRays(m, d, opt, catmask, scn);
  AddAppliedForces(m, d, opt, catmask, scn);
  AddEqualities(m, d, opt, catmask, scn);
  AddContacts(m, d, opt, catmask, scn);
}

}  // namespace mjsim
