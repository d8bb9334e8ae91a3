// sensor_tactile.cc: the tactile sensor (mjSENS_TACTILE; called by sensor.cc's acceleration
// stage; checklist C.18).
//   reads   m.sensor_objid (the mesh) sensor_refid (the geom) mesh_vert mesh_vertadr
//           mesh_vertnum mesh_normal mesh_normaladr nmeshnormal mesh_quat geom_type geom_size
//           geom_bodyid body_rootid; d.contact ncon geom_xpos geom_xmat cvel subtree_com
//   writes  the sensor's 3 * nvert rows of d.sensordata (through `out`)
//
// Behaviour fitted by experiments against the reference (MuJoCo 3.3.7); every rule below was
// measured, the reference matched to 1e-14 on random scenes (tests/conformance/
// test_sensor_tactile.py):
//   - taxel k is mesh vertex k (mesh_vert, the compiled mesh frame) placed in the sensor geom's
//     frame: p_k = geom_xpos + geom_xmat * vert_k.
//   - channel-major output: out[k] penetration, out[nvert + k] and out[2 nvert + k] slip.
//   - the touching geom of taxel k: over d.contact in order, every contact of the sensor geom
//     whose other geom g has sdf_g(p_k) < 0; the LAST such contact wins (not the deepest).
//     No contact, no reading: a geom overlapping a taxel without a contact counts nothing.
//   - the channels of output row (k, c), c = 0 penetration, 1 and 2 slip, use the normal
//     N_j = mesh_normal[mesh_normaladr + j] with j = 3k + c (the normal array is read as if it
//     held a 3x3 frame per taxel). Only rows with mesh_normaladr + j < nmeshnormal are written
//     (so for the model's last mesh about the first third of the taxels); past the end of the
//     normal array the reference reads unrelated memory (values below 1e-40 in the tested
//     models), mjsim writes 0. A following mesh's normals are used as the reference does.
//   - penetration: -pen / (pen + 0.05) * |N_3k|^2, pen = -sdf_g(p_k) (a saturating map with a
//     constant 0.05 m, independent of sizes, margins, solref and scale).
//   - slip c: |v . T_c| with T_c = mesh_quat * N_(3k+c) (world-frame direction: the sensor
//     geom's pose does not rotate it) and v = velocity of g's center - velocity of the point
//     p_k moving with the sensor geom's body.
//   - sdf of the touching geom: sphere, capsule and cylinder exact; ellipsoid k0 (k0 - 1) / k1
//     with k0 = |p / size|, k1 = |p / size^2|; plane: the local z; box: with the normalized
//     face distances d_i = 1 - |p_i| / size_i (inside when all d_i > 0),
//       sdf = -min_i(size_i d_i^2) * |(1/d_1, 1/d_2, 1/d_3)|
//     (exact near a face, sqrt(3) min(size) at the center). Mesh geoms give no reading (as in
//     the reference); an hfield is a fatal error in the reference ("sdf collisions not
//     available"), mjsim gives no reading.
#include <cmath>

#include "engine/sensor_parts.h"
#include "engine/stages.h"
#include "mjsim/contact.h"
#include "util/math3.h"

namespace mjsim {
namespace {

constexpr mjtNum kTactileScale = 0.05;  // pen / (pen + 0.05): fitted, see above

mjtNum Length2(mjtNum x, mjtNum y) { return std::sqrt(x * x + y * y); }

// -min_i(size_i d_i^2) |1/d| with d_i = 1 - |p_i| / size_i; NaN outside (no reading)
mjtNum BoxSdf(const mjtNum* size, const mjtNum p[3]) {
  mjtNum face[3], closest = INFINITY;
  for (int i = 0; i < 3; ++i) {
    face[i] = 1 - std::fabs(p[i]) / size[i];
    if (!(face[i] > 0)) return NAN;  // outside, or a zero size
    closest = std::fmin(closest, size[i] * face[i] * face[i]);
  }
  // closest / face_i <= size_i face_i: the terms stay bounded near a face
  mjtNum scaled[3] = {closest / face[0], closest / face[1], closest / face[2]};
  return -Norm3(scaled);
}

// signed distance of the point p (in the geom's frame) to the geom; NaN when the type has no
// sdf here
mjtNum GeomSdf(int type, const mjtNum* size, const mjtNum p[3]) {
  switch (type) {
    case mjGEOM_PLANE: return p[2];
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
    case mjGEOM_BOX: return BoxSdf(size, p);
    default: return NAN;
  }
}

// depth of the world point inside geom g (0 outside or without an sdf)
mjtNum GeomDepth(const Model& m, const Data& d, int g, const mjtNum world[3]) {
  mjtNum offset[3], local[3];
  Sub3(offset, world, d.geom_xpos + 3 * g);
  MulMatTVec3(local, d.geom_xmat + 9 * g, offset);
  mjtNum sdf = GeomSdf(m.geom_type[g], m.geom_size + 3 * g, local);
  return sdf < 0 && std::isfinite(sdf) ? -sdf : 0;  // NaN (no sdf) compares false: 0
}

// the geom of the last contact with `geom` that penetrates the taxel (-1 if none) and its depth
int TouchingGeom(const Model& m, const Data& d, int geom, const mjtNum taxel[3],
                 mjtNum* depth) {
  int touching = -1;
  for (int c = 0; c < d.ncon; ++c) {
    const Contact& con = d.contact[c];
    int other = con.geom[0] == geom ? con.geom[1] : (con.geom[1] == geom ? con.geom[0] : -1);
    if (other < 0 || other == geom) continue;
    mjtNum pen = GeomDepth(m, d, other, taxel);
    if (pen > 0) {
      touching = other;
      *depth = pen;
    }
  }
  return touching;
}

// v = velocity of the touching geom's center - velocity of the taxel on the sensor geom
void RelativeVelocity(const Model& m, const Data& d, int geom, int other, const mjtNum taxel[3],
                      mjtNum v[3]) {
  mjtNum sensor_vel[3];
  PointVelocity(m, d, m.geom_bodyid[other], d.geom_xpos + 3 * other, v);
  PointVelocity(m, d, m.geom_bodyid[geom], taxel, sensor_vel);
  Sub3(v, v, sensor_vel);
}

// the normal N_j read for output row j of the taxel frame (see the header); false past the end
bool FrameNormal(const Model& m, int mesh, int j, mjtNum normal[3]) {
  int index = m.mesh_normaladr[mesh] + j;
  if (index >= m.nmeshnormal) return false;
  const float* n = m.mesh_normal + 3 * index;
  for (int i = 0; i < 3; ++i) normal[i] = n[i];
  return true;
}

void WriteTaxel(const Model& m, const Data& d, int s, int k, const mjtNum taxel[3],
                mjtNum* out) {
  int mesh = m.sensor_objid[s], geom = m.sensor_refid[s], nvert = m.mesh_vertnum[mesh];
  mjtNum depth = 0, normal[3];
  int other = TouchingGeom(m, d, geom, taxel, &depth);
  if (other < 0) return;
  if (FrameNormal(m, mesh, 3 * k, normal)) {
    out[k] = -depth / (depth + kTactileScale) * Dot3(normal, normal);
  }
  mjtNum v[3], R[9], direction[3];
  RelativeVelocity(m, d, geom, other, taxel, v);
  QuatToMat(R, m.mesh_quat + 4 * mesh);
  for (int c = 1; c < 3; ++c) {
    if (!FrameNormal(m, mesh, 3 * k + c, normal)) continue;
    MulMatVec3(direction, R, normal);
    out[c * nvert + k] = std::fabs(Dot3(v, direction));
  }
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
    WriteTaxel(m, d, s, k, taxel, out);
  }
  // bad poses or velocities: no NaN reading (the reference has no such case to match)
  for (int k = 0; k < 3 * nvert; ++k) {
    if (!std::isfinite(out[k])) out[k] = 0;
  }
}

}  // namespace mjsim
