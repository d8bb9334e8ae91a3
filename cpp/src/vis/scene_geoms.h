// scene_geoms.h: what the parts of mjv_addGeoms (vis/model_geoms.cc, decorations.cc,
// contact_geoms.cc) share: taking the next free scene geom, group and category filters, labels
// and placing a geom along an axis.
#pragma once
#include <algorithm>

#include "mjsim/vis.h"

namespace mjsim {

// the next free geom of the scene, initialized as by mjv_initGeom, or nullptr (and status set)
// when the scene is full; the caller counts it in with ++scn.ngeom
VisGeom* NextGeom(VisScene& scn);

inline bool GroupShown(const uint8_t* groups, int group) {
  return groups[std::clamp(group, 0, mjNGROUP - 1)] != 0;
}

// static: welded to the world, with no mocap body between it and the world
int CategoryOf(const Model& m, int body);
bool CategoryShown(const VisOption& opt, int category, int catmask);

// the object's name as its label, or "<kind> <id>" when it has none
void SetLabel(VisGeom& geom, const Model& m, const int* name_adr, const char* kind, int id);

// a model shape's size as drawn: a sphere's radius three times, a capsule's or cylinder's
// (r, r, half-length)
void SetDrawnSize(VisGeom& geom, int type, const mjtNum size[3]);
void SetPose(VisGeom& geom, const mjtNum pos[3], const mjtNum mat[9]);
void SetColor(VisGeom& geom, const float rgba[4]);
// rgba blended towards `to` by `weight` (0: rgba, 1: to)
void BlendColor(VisGeom& geom, const float rgba[4], const float to[4], mjtNum weight);
// a shape of `type` and `size` at `pos`, its z axis along `axis`
void SetAlongAxis(VisGeom& geom, int type, const float size[3], const mjtNum pos[3],
                  const mjtNum axis[3]);

// the next free geom as a decoration of `objtype` and `objid`, or nullptr when the decor
// category is masked out or the scene is full
VisGeom* NextDecor(VisScene& scn, int objtype, int objid, int catmask);
// the axes of a frame (the columns of `mat`) as red, green and blue cylinders from `pos`,
// `scale` times the <visual> frame length and width
void AddFrame(const Model& m, const mjtNum pos[3], const mjtNum mat[9], mjtNum scale, int objid,
              int catmask, VisScene& scn);

// decorations (vis/decorations.cc, contact_geoms.cc), in the order the scene holds them
void AddGeomAndSiteFrames(const Model& m, const Data& d, const VisOption& opt, int catmask,
                          VisScene& scn);
void AddInertiaBoxes(const Model& m, const Data& d, const VisOption& opt, const VisPerturb* pert,
                     int catmask, VisScene& scn);
void AddBodyFramesAndLabels(const Model& m, const Data& d, const VisOption& opt, int catmask,
                            VisScene& scn);
// the perturbation's reference (mjVIS_PERTOBJ), the selected point (mjVIS_SELECT), the applied
// forces (mjVIS_PERTFORCE)
void AddPerturbObject(const Model& m, const Data& d, const VisOption& opt,
                      const VisPerturb* pert, int catmask, VisScene& scn);
void AddSelectPoint(const Model& m, const Data& d, const VisOption& opt, const VisPerturb* pert,
                    int catmask, VisScene& scn);
void AddAppliedForces(const Model& m, const Data& d, const VisOption& opt, int catmask,
                      VisScene& scn);
void AddJoints(const Model& m, const Data& d, const VisOption& opt, int catmask, VisScene& scn);
void AddActuators(const Model& m, const Data& d, const VisOption& opt, int catmask,
                  VisScene& scn);
void AddCamerasAndLights(const Model& m, const Data& d, const VisOption& opt, int catmask,
                         VisScene& scn);
// the trees' centres of mass, then (mjVIS_AUTOCONNECT) the lines joining each body to its parent
void AddCentersOfMass(const Model& m, const Data& d, const VisOption& opt, int catmask,
                      VisScene& scn);
void AddEqualities(const Model& m, const Data& d, const VisOption& opt, int catmask,
                   VisScene& scn);
void AddContacts(const Model& m, const Data& d, const VisOption& opt, int catmask, VisScene& scn);

}  // namespace mjsim
