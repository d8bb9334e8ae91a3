// sensor_contact.cc: the sensors that read contacts, geom distances and constraint rows
// (called by the stage functions of sensor.cc; checklist C.18).
//   reads   m.sensor_* site_* geom_bodyid body_parentid body_geomadr body_geomnum
//           d.contact ncon efc_type efc_id efc_pos efc_margin efc_vel efc_force nefc site_x*
//   writes  the sensor's rows of d.sensordata (through `out`)
//
// Behaviour fitted by experiments against the reference (MuJoCo 3.3.7):
//   touch   sum of the normal forces of the contacts (in the solver: efc_address >= 0) that
//           involve a geom of the site's body and whose ray from the contact point along the
//           normal (pointing away from the site's body's geom: -normal when that geom is geom2)
//           hits the site's shape or starts inside it (mju_rayGeom >= 0).
//   contact criteria: objtype/objid is the first (geom, body, subtree = mjOBJ_XBODY, site or
//           none), reftype/refid the second (geom, body, subtree or none). A contact matches
//           when criterion 1 matches geom1 and criterion 2 geom2, or (flipped) criterion 1
//           geom2 and criterion 2 geom1; a site matches contacts whose point is inside it, and
//           flips when criterion 2 matches geom1 only. A flipped contact is reported from the
//           other side: normal and first tangent negated, so force and torque in that frame
//           have their third component negated.
//           intprm = (data bits: found 1, force 2, torque 4, dist 8, pos 16, normal 32,
//           tangent 64; reduce: 0 none, 1 mindist, 2 maxforce, 3 netforce; num slots).
//           Each slot holds the fields in that order; found is the number of matches (not 0/1).
//           none: the first num matches in contact order; mindist / maxforce: the num matches
//           of least dist / largest |force| (3-d), ties in contact order (a stable sort);
//           unfilled slots are zero. netforce: one slot for the whole set: world force F = sum
//           of R' f, world torque = sum of R' tau + (p - c) x R' f about the centroid c of the
//           contact points weighted by |f| (0 if no weight), dist 0, pos c, normal (1, 0, 0),
//           tangent (0, 1, 0), even with no match.
//   geomdist / geomnormal / geomfromto: geom or body on each side; over all geom pairs the
//           least mj_geomDistance below the cutoff (first pair wins ties); distance = cutoff
//           and fromto = 0 when none is below it; normal = unit(to - from), 0 if from == to.
//   limits  the first constraint row of the joint (tendon) limit: pos = efc_pos - efc_margin,
//           vel = efc_vel, frc = efc_force; 0 when the limit has no row.
#include <cmath>

#include "engine/sensor_parts.h"
#include "mjsim/api.h"
#include "mjsim/efc.h"
#include "util/math3.h"

namespace mjsim {
namespace {

// --- contact matching ----------------------------------------------------------------------

bool InSubtree(const Model& m, int body, int root) {
  while (body > 0 && body != root) body = m.body_parentid[body];
  return body == root;
}

// whether geom g satisfies one criterion (a site criterion is handled by the caller)
bool GeomMatches(const Model& m, int objtype, int objid, int g) {
  if (g < 0) return false;  // flex contacts: not geoms
  switch (objtype) {
    case mjOBJ_GEOM: return g == objid;
    case mjOBJ_BODY: return m.geom_bodyid[g] == objid;
    case mjOBJ_XBODY: return InSubtree(m, m.geom_bodyid[g], objid);
    default: return objid < 0;  // no criterion: every geom
  }
}

enum class Match { kNone, kDirect, kFlipped };

Match MatchContact(const Model& m, const Data& d, int s, const Contact& con) {
  int type1 = m.sensor_objtype[s], id1 = m.sensor_objid[s];
  int type2 = m.sensor_reftype[s], id2 = m.sensor_refid[s];
  if (type1 == mjOBJ_SITE) {
    if (InsideSite(m, d, id1, con.pos) == 0) return Match::kNone;
    if (GeomMatches(m, type2, id2, con.geom2)) return Match::kDirect;
    return GeomMatches(m, type2, id2, con.geom1) ? Match::kFlipped : Match::kNone;
  }
  if (GeomMatches(m, type1, id1, con.geom1) && GeomMatches(m, type2, id2, con.geom2)) {
    return Match::kDirect;
  }
  if (GeomMatches(m, type1, id1, con.geom2) && GeomMatches(m, type2, id2, con.geom1)) {
    return Match::kFlipped;
  }
  return Match::kNone;
}

// one contact as the sensor reports it: force/torque in its (possibly flipped) frame
struct SensedContact {
  mjtNum force[6];
  mjtNum frame[9];  // rows: normal, tangent1, tangent2
  mjtNum dist;
  mjtNum pos[3];
};

void SenseContact(const Model& m, const Data& d, int i, bool flipped, SensedContact* c) {
  const Contact& con = d.contact[i];
  mj_contactForce(m, d, i, c->force);
  Copy9(c->frame, con.frame);
  if (flipped) {  // frame (-n, -t1, t2): the same force seen from the other geom
    c->force[2] = -c->force[2];
    c->force[5] = -c->force[5];
    for (int k = 0; k < 6; ++k) c->frame[k] = -c->frame[k];
  }
  c->dist = con.dist;
  Copy3(c->pos, con.pos);
}

int CountMatches(const Model& m, const Data& d, int s) {
  int count = 0;
  for (int i = 0; i < d.ncon; ++i) count += MatchContact(m, d, s, d.contact[i]) != Match::kNone;
  return count;
}

enum DataBits { kFound = 1, kForce = 2, kTorque = 4, kDist = 8, kPos = 16, kNormal = 32,
                kTangent = 64 };
enum Reduce { kReduceNone = 0, kMinDist = 1, kMaxForce = 2, kNetForce = 3 };

// number of values of one slot
int SlotSize(int bits) {
  int sizes[7] = {1, 3, 3, 1, 3, 3, 3}, total = 0;
  for (int k = 0; k < 7; ++k) total += (bits >> k & 1) ? sizes[k] : 0;
  return total;
}

void WriteSlot(int bits, int found, const SensedContact& c, mjtNum* out) {
  if (bits & kFound) *out++ = found;
  if (bits & kForce) { Copy3(out, c.force); out += 3; }
  if (bits & kTorque) { Copy3(out, c.force + 3); out += 3; }
  if (bits & kDist) *out++ = c.dist;
  if (bits & kPos) { Copy3(out, c.pos); out += 3; }
  if (bits & kNormal) { Copy3(out, c.frame); out += 3; }
  if (bits & kTangent) Copy3(out, c.frame + 3);
}

// sort key of contact i for mindist (ascending dist) and maxforce (descending |force|)
mjtNum ReduceKey(const Model& m, const Data& d, int reduce, int i) {
  if (reduce == kMinDist) return d.contact[i].dist;
  mjtNum force[6];
  mj_contactForce(m, d, i, force);
  return -Norm3(force);
}

// the match following (key, index) = (*key, *index) in the order (key, index); false if none.
// Selecting slot by slot is a stable sort's first `num` entries without a buffer.
bool NextMatch(const Model& m, const Data& d, int s, int reduce, mjtNum* key, int* index,
               bool first) {
  int best = -1;
  mjtNum best_key = 0;
  for (int i = 0; i < d.ncon; ++i) {
    if (MatchContact(m, d, s, d.contact[i]) == Match::kNone) continue;
    mjtNum k = reduce == kReduceNone ? i : ReduceKey(m, d, reduce, i);
    bool after = first || k > *key || (k == *key && i > *index);
    bool before_best = best < 0 || k < best_key;  // ties: the lower index, found first
    if (after && before_best) best = i, best_key = k;
  }
  if (best < 0) return false;
  *key = best_key;
  *index = best;
  return true;
}

// netforce: the matches as one contact at the force-weighted centroid, world frame
void NetContact(const Model& m, const Data& d, int s, SensedContact* net) {
  mjtNum force[3] = {0, 0, 0}, torque[3] = {0, 0, 0}, weighted[3] = {0, 0, 0}, weight = 0;
  for (int i = 0; i < d.ncon; ++i) {
    Match match = MatchContact(m, d, s, d.contact[i]);
    if (match == Match::kNone) continue;
    SensedContact c;
    SenseContact(m, d, i, match == Match::kFlipped, &c);
    mjtNum f[3], t[3], moment[3];
    MulMatTVec3(f, c.frame, c.force);
    MulMatTVec3(t, c.frame, c.force + 3);
    Cross3(moment, c.pos, f);  // about the origin; moved to the centroid below
    AddTo3(force, f);
    AddTo3(torque, t);
    AddTo3(torque, moment);
    mjtNum w = Norm3(f);
    AddScaledTo3(weighted, c.pos, w);
    weight += w;
  }
  mjtNum centroid[3] = {0, 0, 0}, shift[3];
  if (weight > 0) Scale3(centroid, weighted, 1 / weight);
  Cross3(shift, centroid, force);  // sum (p - c) x f = sum p x f - c x F
  Sub3(torque, torque, shift);
  for (int k = 0; k < 9; ++k) net->frame[k] = (k == 0 || k == 4) ? 1 : 0;
  Copy3(net->force, force);
  Copy3(net->force + 3, torque);
  net->dist = 0;
  Copy3(net->pos, centroid);
}

// --- geom distance ----------------------------------------------------------------------

// the geoms of one side: a geom, or all geoms of a body
void SideGeoms(const Model& m, int objtype, int objid, int* first, int* count) {
  if (objtype == mjOBJ_BODY) {
    *first = m.body_geomadr[objid];
    *count = *first < 0 ? 0 : m.body_geomnum[objid];
  } else {
    *first = objid;
    *count = 1;
  }
}

}  // namespace

// strictly inside: a point on the boundary is outside (measured, insidesite and contact sensors)
mjtNum InsideSite(const Model& m, const Data& d, int site, const mjtNum point[3]) {
  mjtNum offset[3], x[3];
  Sub3(offset, point, d.site_xpos + 3 * site);
  MulMatTVec3(x, d.site_xmat + 9 * site, offset);
  const mjtNum* size = m.site_size + 3 * site;
  bool inside = false;
  switch (m.site_type[site]) {
    case mjGEOM_SPHERE:
      inside = Dot3(x, x) < size[0] * size[0];
      break;
    case mjGEOM_CAPSULE: {  // distance to the axis segment |z| <= half-length
      mjtNum z = std::fabs(x[2]) > size[1] ? std::fabs(x[2]) - size[1] : 0;
      inside = x[0] * x[0] + x[1] * x[1] + z * z < size[0] * size[0];
      break;
    }
    case mjGEOM_CYLINDER:
      inside = x[0] * x[0] + x[1] * x[1] < size[0] * size[0] && std::fabs(x[2]) < size[1];
      break;
    case mjGEOM_ELLIPSOID: {
      mjtNum sum = 0;
      for (int k = 0; k < 3; ++k) sum += (x[k] / size[k]) * (x[k] / size[k]);
      inside = sum < 1;
      break;
    }
    default:  // box
      inside = std::fabs(x[0]) < size[0] && std::fabs(x[1]) < size[1] &&
               std::fabs(x[2]) < size[2];
  }
  return inside ? 1 : 0;
}

void TouchSensor(const Model& m, const Data& d, int s, mjtNum* out) {
  int site = m.sensor_objid[s], body = m.site_bodyid[site];
  mjtNum total = 0;
  for (int i = 0; i < d.ncon; ++i) {
    const Contact& con = d.contact[i];
    if (con.efc_address < 0 || con.geom1 < 0 || con.geom2 < 0) continue;
    bool on_geom1 = m.geom_bodyid[con.geom1] == body;
    bool on_geom2 = m.geom_bodyid[con.geom2] == body;
    if (!on_geom1 && !on_geom2) continue;
    mjtNum ray[3];
    Scale3(ray, con.frame, on_geom2 ? -1 : 1);
    mjtNum hit = mju_rayGeom(d.site_xpos + 3 * site, d.site_xmat + 9 * site,
                             m.site_size + 3 * site, con.pos, ray, m.site_type[site]);
    if (hit < 0) continue;
    mjtNum force[6];
    mj_contactForce(m, d, i, force);
    total += force[0];
  }
  out[0] = total;
}

void ContactSensor(const Model& m, const Data& d, int s, mjtNum* out) {
  const int* prm = m.sensor_intprm + 3 * s;
  int bits = prm[0], reduce = prm[1], num = prm[2];
  for (int k = 0; k < m.sensor_dim[s]; ++k) out[k] = 0;
  int found = CountMatches(m, d, s);
  SensedContact c;
  if (reduce == kNetForce) {
    NetContact(m, d, s, &c);
    return WriteSlot(bits, found, c, out);
  }
  int slot_size = SlotSize(bits);
  mjtNum key = 0;
  int index = -1;
  for (int slot = 0; slot < num; ++slot) {
    if (!NextMatch(m, d, s, reduce, &key, &index, slot == 0)) return;
    SenseContact(m, d, index, MatchContact(m, d, s, d.contact[index]) == Match::kFlipped, &c);
    WriteSlot(bits, found, c, out + slot * slot_size);
  }
}

void GeomDistanceSensor(const Model& m, const Data& d, int s, mjtNum* out) {
  int first1, count1, first2, count2;
  SideGeoms(m, m.sensor_objtype[s], m.sensor_objid[s], &first1, &count1);
  SideGeoms(m, m.sensor_reftype[s], m.sensor_refid[s], &first2, &count2);
  mjtNum cutoff = m.sensor_cutoff[s], best = cutoff, fromto[6] = {0, 0, 0, 0, 0, 0};
  for (int g1 = first1; g1 < first1 + count1; ++g1) {
    for (int g2 = first2; g2 < first2 + count2; ++g2) {
      mjtNum candidate[6] = {0, 0, 0, 0, 0, 0};
      mjtNum dist = mj_geomDistance(m, d, g1, g2, cutoff, candidate);
      if (dist < best) {
        best = dist;
        for (int k = 0; k < 6; ++k) fromto[k] = candidate[k];
      }
    }
  }
  switch (m.sensor_type[s]) {
    case mjSENS_GEOMDIST: out[0] = best; return;
    case mjSENS_GEOMFROMTO:
      for (int k = 0; k < 6; ++k) out[k] = fromto[k];
      return;
    default: {  // normal
      mjtNum normal[3];
      Sub3(normal, fromto + 3, fromto);
      mjtNum length = Norm3(normal);
      if (length > 0) Scale3(normal, normal, 1 / length);
      Copy3(out, normal);
    }
  }
}

void LimitSensor(const Model& m, const Data& d, int s, mjtNum* out) {
  int type = m.sensor_type[s], id = m.sensor_objid[s];
  bool joint = type >= mjSENS_JOINTLIMITPOS && type <= mjSENS_JOINTLIMITFRC;
  int kind = joint ? type - mjSENS_JOINTLIMITPOS : type - mjSENS_TENDONLIMITPOS;
  int row_type = joint ? mjCNSTR_LIMIT_JOINT : mjCNSTR_LIMIT_TENDON;
  out[0] = 0;
  for (int r = 0; r < d.nefc; ++r) {
    if (d.efc_type[r] != row_type || d.efc_id[r] != id) continue;
    if (kind == 0) out[0] = d.efc_pos[r] - d.efc_margin[r];
    if (kind == 1) out[0] = d.efc_vel[r];
    if (kind == 2) out[0] = d.efc_force[r];
    return;
  }
}

}  // namespace mjsim
