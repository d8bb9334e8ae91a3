// sensor_tactile.cc: the tactile sensor (mjSENS_TACTILE; called by sensor.cc's acceleration
// stage; checklist C.18). Partial: the penetration channel is computed, the two slip channels
// are written as 0 (see below).
//   reads   m.sensor_objid (the mesh) sensor_refid (the geom) mesh_vert mesh_vertadr
//           mesh_vertnum geom_type geom_size; d.contact ncon geom_xpos geom_xmat
//   writes  the sensor's 3 * nvert rows of d.sensordata (through `out`)
//
// Behaviour fitted by experiments against the reference (MuJoCo 3.3.7):
//   - the taxels are the mesh's vertices (mesh_vert, the compiled mesh frame) placed in the
//     sensor geom's frame: p_k = geom_xpos + geom_xmat * vert_k (mesh scale applies through
//     mesh_vert; the geom's body frame and the world frame were ruled out).
//   - the outputs are channel-major: nvert penetration values, then 2 * nvert slip values.
//   - penetration of taxel k: over the geoms in contact with the sensor geom (d.contact; a geom
//     that overlaps a taxel without a contact counts nothing), the largest depth
//     pen = -sdf_g(p_k) > 0; the reading is -pen / (pen + 0.05) (a saturating map, constant
//     0.05 m: independent of the geoms' sizes, margins, solref and mesh scale).
//   - sdf of the touching geom: sphere, capsule and cylinder exact; ellipsoid
//     k0 (k0 - 1) / k1 with k0 = |p / size|, k1 = |p / size^2| (matches the reference to
//     1e-15); box: the exact distance (the reference's box values inside the box are larger
//     by up to 70% at the center, a rule not identified); plane, hfield, mesh: no sdf, no
//     reading (a plane gives 0 in the reference too).
//   Not reproduced (reference behaviour that is not a function of the documented inputs):
//   - the reference reports the penetration only for vertices k with 3k < nvert; later
//     vertices read 0 or values of 1e-87 or less (independent of the geometry); mjsim reports
//     every vertex.
//   - the slip channels: the reference's two channels are equal to each other for the
//     vertices it reports (the velocity component along one fixed direction), and 0 for the
//     others: no tangential-velocity rule fits, so mjsim writes 0 there.
#include <cmath>

#include "engine/sensor_parts.h"
#include "mjsim/contact.h"
#include "util/math3.h"

namespace mjsim {
namespace {

constexpr mjtNum kTactileScale = 0.05;  // pen / (pen + 0.05): fitted, see above

mjtNum Length2(mjtNum x, mjtNum y) { return std::sqrt(x * x + y * y); }

// signed distance of the point p (in the geom's frame) to the primitive; NaN when the type has
// no sdf here
mjtNum PrimitiveSdf(int type, const mjtNum* size, const mjtNum p[3]) {
  switch (type) {
    case mjGEOM_SPHERE: return Norm3(p) - size[0];
    case mjGEOM_CAPSULE: {  // distance to the axis segment z in [-h, h], minus the radius
      mjtNum z = p[2] < -size[1] ? p[2] + size[1] : (p[2] > size[1] ? p[2] - size[1] : 0);
      mjtNum q[3] = {p[0], p[1], z};
      return Norm3(q) - size[0];
    }
    case mjGEOM_CYLINDER: {
      mjtNum radial = Length2(p[0], p[1]) - size[0], axial = std::fabs(p[2]) - size[1];
      mjtNum inside = std::fmin(std::fmax(radial, axial), 0.0);
      return inside + Length2(std::fmax(radial, 0.0), std::fmax(axial, 0.0));
    }
    case mjGEOM_ELLIPSOID: {
      mjtNum a[3], b[3];
      for (int i = 0; i < 3; ++i) {
        a[i] = p[i] / size[i];
        b[i] = p[i] / (size[i] * size[i]);
      }
      mjtNum k0 = Norm3(a), k1 = Norm3(b);
      return k1 > 0 ? k0 * (k0 - 1) / k1 : -std::fmin(size[0], std::fmin(size[1], size[2]));
    }
    case mjGEOM_BOX: {
      mjtNum q[3], outside[3];
      for (int i = 0; i < 3; ++i) {
        q[i] = std::fabs(p[i]) - size[i];
        outside[i] = std::fmax(q[i], 0.0);
      }
      return Norm3(outside) + std::fmin(std::fmax(q[0], std::fmax(q[1], q[2])), 0.0);
    }
    default: return NAN;
  }
}

// depth of the world point inside geom g (0 outside or without an sdf)
mjtNum GeomDepth(const Model& m, const Data& d, int g, const mjtNum world[3]) {
  mjtNum offset[3], local[3];
  Sub3(offset, world, d.geom_xpos + 3 * g);
  MulMatTVec3(local, d.geom_xmat + 9 * g, offset);
  mjtNum sdf = PrimitiveSdf(m.geom_type[g], m.geom_size + 3 * g, local);
  return sdf < 0 ? -sdf : 0;  // NaN (no sdf) compares false: 0
}

// the deepest penetration of the taxel by a geom in contact with `geom`
mjtNum TaxelDepth(const Model& m, const Data& d, int geom, const mjtNum taxel[3]) {
  mjtNum deepest = 0;
  for (int c = 0; c < d.ncon; ++c) {
    const Contact& con = d.contact[c];
    int other = con.geom[0] == geom ? con.geom[1] : (con.geom[1] == geom ? con.geom[0] : -1);
    if (other < 0 || other == geom) continue;
    deepest = std::fmax(deepest, GeomDepth(m, d, other, taxel));
  }
  return deepest;
}

}  // namespace

void TactileSensor(const Model& m, const Data& d, int s, mjtNum* out) {
  int mesh = m.sensor_objid[s], geom = m.sensor_refid[s];
  int nvert = m.mesh_vertnum[mesh];
  const float* vert = m.mesh_vert + 3 * m.mesh_vertadr[mesh];
  for (int k = 0; k < 3 * nvert; ++k) out[k] = 0;
  for (int k = 0; k < nvert; ++k) {
    mjtNum local[3] = {vert[3 * k], vert[3 * k + 1], vert[3 * k + 2]}, taxel[3];
    MulMatVec3(taxel, d.geom_xmat + 9 * geom, local);
    AddTo3(taxel, d.geom_xpos + 3 * geom);
    mjtNum depth = TaxelDepth(m, d, geom, taxel);
    if (depth > 0 && std::isfinite(depth)) out[k] = -depth / (depth + kTactileScale);
  }
}

}  // namespace mjsim
