// sensor_parts.h: sensor outputs computed outside sensor.cc (which dispatches every type by
// stage and applies the cutoff). Each writes the sensor's sensor_dim values to `out`.
#pragma once
#include "mjsim/data.h"
#include "mjsim/model.h"

namespace mjsim {

// --- engine/sensor_contact.cc: sensors that read contacts and constraint rows ---
// 1 if `point` lies in the site's shape (sphere, capsule, cylinder, box, ellipsoid), else 0
mjtNum InsideSite(const Model& m, const Data& d, int site, const mjtNum point[3]);
// touch: normal forces of the contacts on the site's body seen by the site's zone
void TouchSensor(const Model& m, const Data& d, int s, mjtNum* out);
// contact: the matching contacts' data fields, num slots, optionally reduced
void ContactSensor(const Model& m, const Data& d, int s, mjtNum* out);
// geomdist, geomnormal, geomfromto: the closest pair of geoms (mj_geomDistance)
void GeomDistanceSensor(const Model& m, const Data& d, int s, mjtNum* out);
// joint/tendon limit pos, vel, frc: the first limit row of the joint or tendon
void LimitSensor(const Model& m, const Data& d, int s, mjtNum* out);

// --- engine/sensor_tactile.cc ---
// tactile: penetration of the mesh's vertices (placed on the geom) by the geoms touching it
// and their slip speeds; 3 * nvert outputs (penetration channel, then two slip channels)
void TactileSensor(const Model& m, const Data& d, int s, mjtNum* out);

}  // namespace mjsim
