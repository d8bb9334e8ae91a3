// contact_geoms.cc: this step's contacts in the scene (measured on mujoco 3.3.7): each contact
// point as a flat cylinder across its normal, labelled by its two geoms; then its frame; then
// its force as an arrow from the point, as long as the force over the mean body mass times
// <visual> map.force, or split into its normal and frictional parts.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "mjsim/api.h"
#include "scene_geoms.h"
#include "util/math3.h"

namespace mjsim {
namespace {

void GeomName(const Model& m, int geom, char* out, int size) {
  const char* name = m.names + m.name_geomadr[geom];
  if (*name) {
    std::snprintf(out, size, "%s", name);
  } else {
    std::snprintf(out, size, "g%d", geom);
  }
}

// the body of side `side` of the contact (a flex's first body for a flex)
int Body(const Model& m, const Contact& con, int side) {
  if (con.geom[side] >= 0) return m.geom_bodyid[con.geom[side]];
  return con.flex[side] >= 0 ? m.flex_vertbodyid[m.flex_vertadr[con.flex[side]]] : 0;
}

void AddContactPoint(const Model& m, const Contact& con, const VisOption& opt, int id,
                     VisScene& scn) {
  VisGeom* geom = NextDecor(scn, mjOBJ_UNKNOWN, id, mjCAT_DECOR);
  if (!geom) return;
  geom->type = mjGEOM_CYLINDER;
  float width = static_cast<float>(m.vis.scale.contactwidth * m.stat.meansize);
  geom->size[0] = geom->size[1] = width;
  // as tall as half the penetration, at least the <visual> contact height
  geom->size[2] = static_cast<float>(
      std::max(m.vis.scale.contactheight * m.stat.meansize, -con.dist / 2));
  // the cylinder's axes: the two tangents, then the normal
  mjtNum mat[9];
  for (int row = 0; row < 3; ++row) {
    for (int axis = 0; axis < 3; ++axis) mat[3 * row + axis] = con.frame[3 * ((axis + 1) % 3) + row];
  }
  SetPose(*geom, con.pos, mat);
  // a contact beyond margin - gap, left out of the solver, has the gap colour
  SetColor(*geom, con.exclude == 1 ? m.vis.rgba.contactgap : m.vis.rgba.contactpoint);
  if (opt.label == mjLABEL_CONTACTPOINT && con.geom[0] >= 0 && con.geom[1] >= 0) {
    char first[mjMAXLABEL], second[mjMAXLABEL];
    GeomName(m, con.geom[0], first, sizeof(first));
    GeomName(m, con.geom[1], second, sizeof(second));
    std::string both = std::string(first) + " | " + second;
    both.copy(geom->label, sizeof(geom->label) - 1);
  }
  ++scn.ngeom;
}

// an arrow from the contact point along `force` (world), labelled with `label` when given;
// double-headed for the whole force between two bodies
void AddForceArrow(const Model& m, const Contact& con, const mjtNum force[3], const float rgba[4],
                   bool double_headed, const char* label, int id, VisScene& scn) {
  VisGeom* geom = NextDecor(scn, mjOBJ_UNKNOWN, id, mjCAT_DECOR);
  if (!geom) return;
  mjtNum end[3];
  mjtNum scale = m.vis.map.force / m.stat.meanmass;
  for (int i = 0; i < 3; ++i) end[i] = con.pos[i] + scale * force[i];
  int type = double_headed ? mjGEOM_ARROW2 : mjGEOM_ARROW;
  Connector(*geom, type, m.vis.scale.forcewidth * m.stat.meansize, con.pos, end);
  SetColor(*geom, rgba);
  if (label) std::snprintf(geom->label, sizeof(geom->label), "%s", label);
  ++scn.ngeom;
}

void AddContactForce(const Model& m, const Data& d, const Contact& con, const VisOption& opt,
                     int id, VisScene& scn) {
  mjtNum local[6], normal[3], friction[3], total[3];
  mj_contactForce(m, d, id, local);
  // the force on the body of the larger id: geom 2's, unless geom 1's body has the larger id
  if (Body(m, con, 0) > Body(m, con, 1)) {
    for (int i = 0; i < 6; ++i) local[i] = -local[i];
  }
  for (int i = 0; i < 3; ++i) {
    normal[i] = local[0] * con.frame[i];
    friction[i] = local[1] * con.frame[3 + i] + local[2] * con.frame[6 + i];
    total[i] = normal[i] + friction[i];
  }
  char label[mjMAXLABEL] = "";
  bool labelled = opt.label == mjLABEL_CONTACTFORCE;
  if (labelled) std::snprintf(label, sizeof(label), "%.3g", Norm3(total));
  if (Norm3(total) < mjMINVAL) return;
  // split into the normal and frictional parts (either may be zero) where there is friction
  if (opt.flags[mjVIS_CONTACTSPLIT] && con.dim > 1) {
    AddForceArrow(m, con, normal, m.vis.rgba.contactforce, false, labelled ? label : nullptr, id,
                  scn);
    AddForceArrow(m, con, friction, m.vis.rgba.contactfriction, false, nullptr, id, scn);
    return;
  }
  bool between_bodies = Body(m, con, 0) != 0 && Body(m, con, 1) != 0;
  AddForceArrow(m, con, total, m.vis.rgba.contactforce, between_bodies,
                labelled ? label : nullptr, id, scn);
}

}  // namespace

void AddContacts(const Model& m, const Data& d, const VisOption& opt, int catmask, VisScene& scn) {
  if (!(catmask & mjCAT_DECOR)) return;
  bool points = opt.flags[mjVIS_CONTACTPOINT], forces = opt.flags[mjVIS_CONTACTFORCE];
  bool frames = opt.frame == mjFRAME_CONTACT;
  if (!points && !forces && !frames) return;
  for (int id = 0; id < d.ncon; ++id) {
    const Contact& con = d.contact[id];
    if (points) AddContactPoint(m, con, opt, id, scn);
    if (frames) {  // half-size axes; the frame's rows are the normal and the tangents
      mjtNum axes[9];
      for (int row = 0; row < 3; ++row) {
        for (int axis = 0; axis < 3; ++axis) axes[3 * row + axis] = con.frame[3 * axis + row];
      }
      AddFrame(m, con.pos, axes, 0.5, id, catmask, scn);
    }
    if (forces) AddContactForce(m, d, con, opt, id, scn);
  }
}

}  // namespace mjsim
