// collision.cc: mj_collision, the collision stage of the forward pass (Computation chapter,
// "Collision detection"; checklist C.10-C.12).
//   reads   m.geom_* body_weldid body_parentid pair_* exclude_signature opt;
//           d.geom_xpos geom_xmat (kinematics.cc)
//   writes  d.contact, d.ncon
//
// Order of the contacts, as the reference produces them: body pair by body pair in increasing
// (body1, body2); within a body pair first its explicit <pair>s (in pair_signature order), then
// the dynamic geom pairs sorted by (the geom the collider takes first, the other); with
// mjDSBL_MIDPHASE geom by geom in model order (observed, CollideBodyPair). Dynamic candidates
// pass, in turn: the body filters (same weld, parent-child unless filterparent is disabled,
// <exclude>), overlap of the bodies' world boxes (sweep and prune), the geom filters
// (contype/conaffinity, no explicit pair for the same two geoms), overlap of the geoms' world
// boxes and bounding spheres, and the narrow phase.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

#include "engine/collision/colliders.h"
#include "engine/stages.h"
#include "engine/collision/contact_frame.h"
#include "engine/timer.h"
#include "mjsim/api.h"
#include "mjsim/callbacks.h"
#include "util/math3.h"
#include "util/scratch.h"

namespace mjsim {
namespace {

// The narrow phase by geom types (type1 <= type2); null: the reference has no collider.
const Collider kColliders[mjNGEOMTYPES][mjNGEOMTYPES] = {
    // plane: against everything but plane and hfield
    {nullptr, nullptr, CollidePlaneSphere, CollidePlaneCapsule, CollidePlaneConvex,
     CollidePlaneCylinder, CollidePlaneBox, CollidePlaneConvex, nullptr},
    // hfield
    {nullptr, nullptr, CollideHfieldConvex, CollideHfieldConvex, CollideHfieldConvex,
     CollideHfieldConvex, CollideHfieldConvex, CollideHfieldConvex, nullptr},
    // sphere
    {nullptr, nullptr, CollideSphereSphere, CollideSphereCapsule, CollideConvex,
     CollideSphereCylinder, CollideSphereBox, CollideConvex, nullptr},
    // capsule
    {nullptr, nullptr, nullptr, CollideCapsuleCapsule, CollideConvex, CollideConvex,
     CollideCapsuleBox, CollideConvex, nullptr},
    // ellipsoid
    {nullptr, nullptr, nullptr, nullptr, CollideConvex, CollideConvex, CollideConvex,
     CollideConvex, nullptr},
    // cylinder
    {nullptr, nullptr, nullptr, nullptr, nullptr, CollideConvex, CollideConvex, CollideConvex,
     nullptr},
    // box
    {nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, CollideBoxBox, CollideConvex, nullptr},
    // mesh
    {nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, CollideConvex, nullptr},
    // sdf: not supported (plugins)
    {nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr},
};

bool Disabled(const Model& m, int flag) { return (m.opt.disableflags & flag) != 0; }
bool Enabled(const Model& m, int flag) { return (m.opt.enableflags & flag) != 0; }

// ---- contact parameters ---------------------------------------------------------------------

// What a contact takes from its geoms or its pair, before the override flag.
struct ContactParameters {
  int dim;
  mjtNum margin, gap;
  mjtNum friction[5];
  mjtNum solref[2], solreffriction[2];
  mjtNum solimp[5];
};

// the smallest contact friction coefficient (measured: 0 and 1e-6 become 1e-5)
constexpr mjtNum kMinFriction = 1e-5;

// Two geoms' parameters combined (Modeling guide, "Contact parameters"): the geom of higher
// priority decides alone; at equal priority condim and friction take the maximum, and solref and
// solimp the solmix-weighted average (solref in the direct, negative form the minimum).
// margin and gap take the maximum of the two.
ContactParameters MixGeomParameters(const Model& m, int g1, int g2) {
  ContactParameters p;
  p.margin = std::max(m.geom_margin[g1], m.geom_margin[g2]);
  p.gap = std::max(m.geom_gap[g1], m.geom_gap[g2]);
  p.solreffriction[0] = p.solreffriction[1] = 0;
  mjtNum friction[3];
  if (m.geom_priority[g1] != m.geom_priority[g2]) {
    int g = m.geom_priority[g1] > m.geom_priority[g2] ? g1 : g2;
    p.dim = m.geom_condim[g];
    for (int k = 0; k < 3; ++k) friction[k] = m.geom_friction[3 * g + k];
    for (int k = 0; k < 2; ++k) p.solref[k] = m.geom_solref[2 * g + k];
    for (int k = 0; k < 5; ++k) p.solimp[k] = m.geom_solimp[5 * g + k];
  } else {
    p.dim = std::max(m.geom_condim[g1], m.geom_condim[g2]);
    for (int k = 0; k < 3; ++k) {
      friction[k] = std::max(m.geom_friction[3 * g1 + k], m.geom_friction[3 * g2 + k]);
    }
    // weight of geom 1: solmix1 / (solmix1 + solmix2); 0.5 when both are (nearly) zero
    mjtNum s1 = m.geom_solmix[g1], s2 = m.geom_solmix[g2];
    mjtNum mix = 0.5;
    if (s1 >= mjMINVAL && s2 >= mjMINVAL) {
      mix = s1 / (s1 + s2);
    } else if (s1 < mjMINVAL && s2 >= mjMINVAL) {
      mix = 0;
    } else if (s1 >= mjMINVAL && s2 < mjMINVAL) {
      mix = 1;
    }
    const mjtNum* ref1 = m.geom_solref + 2 * g1;
    const mjtNum* ref2 = m.geom_solref + 2 * g2;
    for (int k = 0; k < 2; ++k) {
      p.solref[k] = (ref1[0] > 0 && ref2[0] > 0) ? mix * ref1[k] + (1 - mix) * ref2[k]
                                                 : std::min(ref1[k], ref2[k]);
    }
    for (int k = 0; k < 5; ++k) {
      p.solimp[k] = mix * m.geom_solimp[5 * g1 + k] + (1 - mix) * m.geom_solimp[5 * g2 + k];
    }
  }
  // contact friction: tangent, tangent, spin, roll, roll
  p.friction[0] = p.friction[1] = friction[0];
  p.friction[2] = friction[1];
  p.friction[3] = p.friction[4] = friction[2];
  return p;
}

ContactParameters PairParameters(const Model& m, int pair) {
  ContactParameters p;
  p.dim = m.pair_dim[pair];
  p.margin = m.pair_margin[pair];
  p.gap = m.pair_gap[pair];
  for (int k = 0; k < 5; ++k) p.friction[k] = m.pair_friction[5 * pair + k];
  for (int k = 0; k < 2; ++k) p.solref[k] = m.pair_solref[2 * pair + k];
  for (int k = 0; k < 2; ++k) p.solreffriction[k] = m.pair_solreffriction[2 * pair + k];
  for (int k = 0; k < 5; ++k) p.solimp[k] = m.pair_solimp[5 * pair + k];
  return p;
}

// mjENBL_OVERRIDE: margin, solref (normal and friction), solimp and friction from the options
void ApplyOverride(const Model& m, ContactParameters& p) {
  if (!Enabled(m, mjENBL_OVERRIDE)) return;
  p.margin = m.opt.o_margin;
  p.gap = 0;
  for (int k = 0; k < 2; ++k) p.solref[k] = p.solreffriction[k] = m.opt.o_solref[k];
  for (int k = 0; k < 5; ++k) p.solimp[k] = m.opt.o_solimp[k];
  for (int k = 0; k < 5; ++k) p.friction[k] = m.opt.o_friction[k];
}

// x[I] = 0 for each I, as single stores: a loop (or memset) of 36 compiled to a rep stos,
// whose start-up cost more than the stores (a sixth of the driver's time per contact)
template <size_t... I>
[[gnu::always_inline]] inline void ZeroEach(mjtNum* x, std::index_sequence<I...>) {
  ((x[I] = 0), ...);
}

// The driver's part of a contact, from the frame's first rows the collider wrote (`given`):
// the frame, ids, parameters.
void CompleteContact(Contact& con, const mjtNum given[6], int g1, int g2,
                     const ContactParameters& p) {
  CompleteContactFrame(given, con.frame);
  con.includemargin = p.margin - p.gap;
  // every coefficient at least kMinFriction, however mixed (geoms, pair, override)
  for (int k = 0; k < 5; ++k) con.friction[k] = std::max(p.friction[k], kMinFriction);
  for (int k = 0; k < 2; ++k) con.solref[k] = p.solref[k];
  for (int k = 0; k < 2; ++k) con.solreffriction[k] = p.solreffriction[k];
  for (int k = 0; k < 5; ++k) con.solimp[k] = p.solimp[k];
  con.mu = 0;
  ZeroEach(con.H, std::make_index_sequence<sizeof(con.H) / sizeof(con.H[0])>());
  con.dim = p.dim;
  con.geom1 = con.geom[0] = g1;
  con.geom2 = con.geom[1] = g2;
  con.flex[0] = con.flex[1] = -1;
  con.elem[0] = con.elem[1] = -1;
  con.vert[0] = con.vert[1] = -1;
  con.exclude = con.dist < con.includemargin ? 0 : 1;  // 1: within the gap, not in the solver
  con.efc_address = -1;
}

// ---- narrow phase -----------------------------------------------------------------------------

// dist, pos and normal are finite numbers (not so when a pose holds NaN or infinity)
bool FiniteContact(const Contact& con) {
  mjtNum sum = con.dist;
  for (int k = 0; k < 3; ++k) sum += con.pos[k] + con.frame[k];
  return std::isfinite(sum);
}

// A collider's output, reused by all the pairs of one mj_collision (a fresh 29 kB buffer per
// pair cost more than most colliders). frame[3:6] must read zero where a collider leaves the
// tangents to the driver, so the entries a collider wrote (con[0..count)) are cleared again
// after use.
struct PairBuffer {
  Contact con[mjMAXCONPAIR];
  PairBuffer() {
    for (Contact& c : con) Zero3(c.frame + 3);
  }
};

// ---- oriented boxes ---------------------------------------------------------------------------

// Room for rounding when a box test rules a pair out: the colliders' answers near the margin
// carry their own rounding (and GJK's tolerance), so only a clear separation counts.
constexpr mjtNum kBoxSlack = 1e-6;

// The oriented boxes of two geoms (their local boxes geom_aabb in the geom frames) lie apart by
// more than `margin` along a face normal of either box (separating-axis test on the 6 face
// axes; the 9 edge-edge axes are left out, so some apart boxes pass). The geoms lie inside
// their boxes, so they are then farther apart than the margin and no collider reports them.
bool OrientedBoxesApart(const Model& m, const Data& d, int g1, int g2, mjtNum margin) {
  const mjtNum* box1 = m.geom_aabb + 6 * g1;
  const mjtNum* box2 = m.geom_aabb + 6 * g2;
  const mjtNum* R1 = d.geom_xmat + 9 * g1;
  const mjtNum* R2 = d.geom_xmat + 9 * g2;
  mjtNum c1[3], c2[3], t[3];
  MulMatVec3(c1, R1, box1);
  AddTo3(c1, d.geom_xpos + 3 * g1);
  MulMatVec3(c2, R2, box2);
  AddTo3(c2, d.geom_xpos + 3 * g2);
  Sub3(t, c2, c1);
  // (|t|_1 >= |t|: a slack as safe as with the Euclidean norm, without waiting on a sqrt)
  mjtNum reach = margin + kBoxSlack * (1 + std::abs(t[0]) + std::abs(t[1]) + std::abs(t[2]));
  mjtNum t1[3];  // center offset in box 1's frame
  MulMatTVec3(t1, R1, t);
  mjtNum h1[3], h2[3];  // half-sizes (a negative one, set by hand, counts as zero)
  for (int k = 0; k < 3; ++k) {
    h1[k] = std::max(box1[3 + k], 0.0);
    h2[k] = std::max(box2[3 + k], 0.0);
  }
  // C = R1' R2: box 2's axes in box 1's frame (|C| for the projected half-sizes), a row per
  // face normal of box 1, so that a separating one saves the rest
  mjtNum C[9], absC[9];
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      C[3 * i + j] = R1[i] * R2[j] + R1[3 + i] * R2[3 + j] + R1[6 + i] * R2[6 + j];
      absC[3 * i + j] = std::abs(C[3 * i + j]);
    }
    mjtNum r2 = h2[0] * absC[3 * i] + h2[1] * absC[3 * i + 1] + h2[2] * absC[3 * i + 2];
    if (std::abs(t1[i]) > h1[i] + r2 + reach) return true;
  }
  for (int j = 0; j < 3; ++j) {  // box 2's face normals
    mjtNum r1 = h1[0] * absC[j] + h1[1] * absC[3 + j] + h1[2] * absC[6 + j];
    mjtNum offset = t1[0] * C[j] + t1[1] * C[3 + j] + t1[2] * C[6 + j];
    if (std::abs(offset) > r1 + h2[j] + reach) return true;
  }
  return false;
}

// colliders costly enough that the box test pays (the general convex one, box pairs)
// Geom g (bounding sphere of radius geom_rbound about its center) lies above plane geom
// `plane` by more than `margin`: no plane collider reports a contact then, since every point of
// the geom is within rbound of its center. False when g has no bounding sphere.
bool AbovePlane(const Model& m, const Data& d, int plane, int g, mjtNum margin) {
  mjtNum rbound = m.geom_rbound[g];
  if (!(rbound > 0)) return false;
  const mjtNum* R = d.geom_xmat + 9 * plane;
  mjtNum t[3];
  Sub3(t, d.geom_xpos + 3 * g, d.geom_xpos + 3 * plane);
  mjtNum height = R[2] * t[0] + R[5] * t[1] + R[8] * t[2];
  mjtNum reach = margin + rbound +
                 kBoxSlack * (1 + rbound + std::abs(t[0]) + std::abs(t[1]) + std::abs(t[2]));
  return height > reach;
}

bool WorthBoxTest(Collider collide) {
  return collide == CollideConvex || collide == CollideBoxBox || collide == CollideCapsuleBox;
}

// The parameters of a pair's contacts: explicit pair `pair`'s, or (pair < 0) geoms g1 and g2
// mixed in that order; then the override.
ContactParameters ParametersOf(const Model& m, int pair, int g1, int g2) {
  ContactParameters p = pair >= 0 ? PairParameters(m, pair) : MixGeomParameters(m, g1, g2);
  ApplyOverride(m, p);
  return p;
}

// ParametersOf(m, pair, g1, g2).margin alone: the colliders need only it, the rest waits for a
// contact
mjtNum MarginOf(const Model& m, int pair, int g1, int g2) {
  if (Enabled(m, mjENBL_OVERRIDE)) return m.opt.o_margin;
  return pair >= 0 ? m.pair_margin[pair] : std::max(m.geom_margin[g1], m.geom_margin[g2]);
}

// The contacts of one geom pair, appended to d.contact; the geom of lower type goes first.
// `pair`: the explicit pair, or -1 for geoms mixing their parameters (in the order g1, g2).
// A contact takes arena memory below the stack (parena grows with it).
void CollideGeomPair(const Model& m, Data& d, PairBuffer& buffer, int g1, int g2, int pair) {
  int first = g1, second = g2;  // the order the parameters are mixed in
  if (m.geom_type[g1] > m.geom_type[g2]) std::swap(g1, g2);
  Collider collide = kColliders[m.geom_type[g1]][m.geom_type[g2]];
  if (!collide) return;
  mjtNum margin = MarginOf(m, pair, first, second);
  if (WorthBoxTest(collide) && OrientedBoxesApart(m, d, g1, g2, margin)) return;
  if (m.geom_type[g1] == mjGEOM_PLANE && AbovePlane(m, d, g1, g2, margin)) return;
  int count = collide(m, d, buffer.con, g1, g2, margin);
  if (count == 0) return;
  ContactParameters p = ParametersOf(m, pair, first, second);
  for (int i = 0; i < count; ++i) {
    const Contact& found = buffer.con[i];
    // the colliders apply the margin, each with the reference's own rounding (its plane-capsule
    // keeps a dist a rounding above the margin); here only bad poses are dropped
    if (!FiniteContact(found)) continue;
    if (d.ncon >= d.MaxContacts()) {
      mj_warning(d, mjWARN_CONTACTFULL, d.ncon);
      break;
    }
    // the collider sets dist, pos and the frame's first two rows; the rest is the driver's
    Contact& con = d.contact[d.ncon++];
    d.parena = sizeof(Contact) * d.ncon;
    d.NoteArenaUse();
    con.dist = found.dist;
    Copy3(con.pos, found.pos);
    CompleteContact(con, found.frame, g1, g2, p);
  }
  for (int i = 0; i < count; ++i) Zero3(buffer.con[i].frame + 3);
}

// ---- bounding boxes ---------------------------------------------------------------------------

// An axis-aligned world box: lower and upper corners.
struct Box {
  mjtNum lo[3], hi[3];
};

bool Overlap(const Box& a, const Box& b) {
  for (int k = 0; k < 3; ++k) {
    if (a.hi[k] < b.lo[k] || b.hi[k] < a.lo[k]) return false;
  }
  return true;
}

// planes are unbounded; every other geom has its local box geom_aabb (center, half-sizes)
bool Unbounded(const Model& m, int g) { return m.geom_type[g] == mjGEOM_PLANE; }

// world box of geom g's local box, grown by `margin`
Box GeomWorldBox(const Model& m, const Data& d, int g, mjtNum margin) {
  const mjtNum* aabb = m.geom_aabb + 6 * g;
  const mjtNum* R = d.geom_xmat + 9 * g;
  mjtNum center[3];
  MulMatVec3(center, R, aabb);
  AddTo3(center, d.geom_xpos + 3 * g);
  Box box;
  for (int i = 0; i < 3; ++i) {
    mjtNum half = std::abs(R[3 * i]) * aabb[3] + std::abs(R[3 * i + 1]) * aabb[4] +
                  std::abs(R[3 * i + 2]) * aabb[5] + margin;
    box.lo[i] = center[i] - half;
    box.hi[i] = center[i] + half;
  }
  return box;
}

bool CanCollide(const Model& m, int g) {
  return m.geom_contype[g] != 0 || m.geom_conaffinity[g] != 0;
}

// contype of one matches conaffinity of the other
bool Compatible(const Model& m, int g1, int g2) {
  return (m.geom_contype[g1] & m.geom_conaffinity[g2]) ||
         (m.geom_contype[g2] & m.geom_conaffinity[g1]);
}

// No geom's contype meets any geom's conaffinity and there are no explicit pairs: no pair can
// pass the filters (gymnasium's pendulums, reacher and swimmer), so there is nothing to sort.
bool NoPairCanCollide(const Model& m) {
  if (m.npair > 0) return false;
  int contype = 0, conaffinity = 0;
  for (int g = 0; g < m.ngeom; ++g) {
    contype |= m.geom_contype[g];
    conaffinity |= m.geom_conaffinity[g];
  }
  return (contype & conaffinity) == 0;
}

// bounding spheres (radius geom_rbound, 0 for planes: unbounded) closer than the margin
bool SpheresOverlap(const Model& m, const Data& d, int g1, int g2, mjtNum margin) {
  mjtNum r1 = m.geom_rbound[g1], r2 = m.geom_rbound[g2];
  if (r1 <= 0 || r2 <= 0) return true;
  mjtNum delta[3];
  Sub3(delta, d.geom_xpos + 3 * g1, d.geom_xpos + 3 * g2);
  mjtNum reach = r1 + r2 + margin;
  return Dot3(delta, delta) <= reach * reach;
}

// ---- body filters -----------------------------------------------------------------------------

uint64_t Signature(int b1, int b2) {
  return (static_cast<uint64_t>(std::min(b1, b2)) << 32) | static_cast<uint32_t>(std::max(b1, b2));
}

bool Excluded(const Model& m, int b1, int b2) {
  int lo = std::min(b1, b2), hi = std::max(b1, b2);
  int signature = (lo << 16) + hi;
  for (int e = 0; e < m.nexclude; ++e) {
    if (m.exclude_signature[e] == signature) return true;
  }
  return false;
}

// bodies welded together never collide; a parent and its child neither (filterparent), unless
// the parent is the world
bool BodiesFiltered(const Model& m, int b1, int b2) {
  int weld1 = m.body_weldid[b1], weld2 = m.body_weldid[b2];
  if (weld1 == weld2) return true;
  if (!Disabled(m, mjDSBL_FILTERPARENT)) {
    int parent1 = m.body_weldid[m.body_parentid[weld1]];
    int parent2 = m.body_weldid[m.body_parentid[weld2]];
    if ((weld1 != 0 && parent2 == weld1) || (weld2 != 0 && parent1 == weld2)) return true;
  }
  return m.nexclude > 0 && Excluded(m, b1, b2);
}

// an explicit <pair> of these two geoms exists: the dynamic pass leaves them to it
bool HasExplicitPair(const Model& m, int g1, int g2) {
  for (int p = 0; p < m.npair; ++p) {
    int a = m.pair_geom1[p], b = m.pair_geom2[p];
    if ((a == g1 && b == g2) || (a == g2 && b == g1)) return true;
  }
  return false;
}

// ---- broadphase -------------------------------------------------------------------------------

// A body's world box over its collidable geoms (grown by their margins), or unbounded.
struct BodyBox {
  Box box;
  int body;
  bool unbounded;
};

// World boxes of the collidable, bounded geoms, each grown by its own margin (two geoms within
// the larger of their margins have overlapping boxes).
void GeomBoxes(const Model& m, const Data& d, Box* boxes) {
  for (int g = 0; g < m.ngeom; ++g) {
    if (CanCollide(m, g) && !Unbounded(m, g)) boxes[g] = GeomWorldBox(m, d, g, m.geom_margin[g]);
  }
}

// Boxes of the bodies that have collidable geoms; returns how many.
int BodyBoxes(const Model& m, const Box* geom_boxes, BodyBox* boxes) {
  int count = 0;
  for (int b = 0; b < m.nbody; ++b) {
    int first = m.body_geomadr[b], n = m.body_geomnum[b];
    BodyBox entry{{{INFINITY, INFINITY, INFINITY}, {-INFINITY, -INFINITY, -INFINITY}}, b, false};
    bool any = false;
    for (int g = first; g < first + n; ++g) {
      if (!CanCollide(m, g)) continue;
      any = true;
      if (Unbounded(m, g)) {
        entry.unbounded = true;
        continue;
      }
      const Box& box = geom_boxes[g];
      for (int k = 0; k < 3; ++k) {
        entry.box.lo[k] = std::min(entry.box.lo[k], box.lo[k]);
        entry.box.hi[k] = std::max(entry.box.hi[k], box.hi[k]);
      }
    }
    // a body at a NaN pose collides with nothing (and would break the sort's ordering)
    bool nan_pose = false;
    for (int k = 0; k < 3; ++k) nan_pose |= std::isnan(entry.box.lo[k]) || std::isnan(entry.box.hi[k]);
    if (any && !nan_pose) boxes[count++] = entry;
  }
  return count;
}

// the axis along which the box centers spread most: the sweep runs along it
int SweepAxis(const BodyBox* boxes, int count) {
  mjtNum sum[3] = {0, 0, 0}, sum2[3] = {0, 0, 0};
  int bounded = 0;
  for (int i = 0; i < count; ++i) {
    if (boxes[i].unbounded) continue;
    ++bounded;
    for (int k = 0; k < 3; ++k) {
      mjtNum c = 0.5 * (boxes[i].box.lo[k] + boxes[i].box.hi[k]);
      sum[k] += c;
      sum2[k] += c * c;
    }
  }
  int axis = 0;
  mjtNum best = -1;
  for (int k = 0; k < 3; ++k) {
    mjtNum spread = bounded ? sum2[k] - sum[k] * sum[k] / bounded : 0;
    if (spread > best) best = spread, axis = k;
  }
  return axis;
}

// One stable counting-sort pass of n signatures from `from` into `to` by the body id at bit
// `shift` (0: b2, 32: b1). `count` has room for nbody + 1 counters.
void CountingPass(const uint64_t* from, uint64_t* to, int n, int nbody, int shift, int* count) {
  std::fill(count, count + nbody + 1, 0);
  for (int i = 0; i < n; ++i) ++count[((from[i] >> shift) & 0xffffffffu) + 1];
  for (int b = 0; b < nbody; ++b) count[b + 1] += count[b];
  for (int i = 0; i < n; ++i) to[count[(from[i] >> shift) & 0xffffffffu]++] = from[i];
}

// Sorts the signatures (b1 << 32 | b2, b1 < b2 < nbody) in place: by b2 into `temp` (room for
// n, or null), then stably by b1 back (a radix sort in two counting passes). `count` has room
// for nbody + 1 counters. std::sort when there is no room.
void SortSignatures(uint64_t* pairs, int n, int nbody, uint64_t* temp, int* count) {
  if (!temp) {
    std::sort(pairs, pairs + n);
    return;
  }
  CountingPass(pairs, temp, n, nbody, 0, count);
  CountingPass(temp, pairs, n, nbody, 32, count);
}

// The sorted boxes as arrays (one per bound): the sweep's inner loop reads them in order.
// Unbounded boxes reach from -inf to +inf on every axis, which every test below passes.
struct SweepArrays {
  mjtNum* lo[3];  // lo[0]: along the sweep axis; lo[1], lo[2]: the other two axes
  mjtNum* hi[3];
  int* body;
};

// A box's place in the sweep: its lower bound along the sweep axis (-inf when unbounded).
struct SweepKey {
  mjtNum lo;
  int box;
};

// The boxes in sweep order (`order`) as arrays along the axes (axis first).
void FillSweepArrays(const BodyBox* boxes, const SweepKey* order, int count, int axis,
                     SweepArrays& out) {
  int axes[3] = {axis, (axis + 1) % 3, (axis + 2) % 3};
  for (int i = 0; i < count; ++i) {
    const BodyBox& box = boxes[order[i].box];
    out.body[i] = box.body;
    for (int k = 0; k < 3; ++k) {
      out.lo[k][i] = box.unbounded ? -INFINITY : box.box.lo[axes[k]];
      out.hi[k][i] = box.unbounded ? INFINITY : box.box.hi[axes[k]];
    }
  }
}

// Candidate body pairs (sweep and prune), filtered, as sorted signatures on the stack (`pairs`);
// returns how many, or -1 when they do not fit above `floor`.
int BroadphasePairs(const Model& m, ScratchFrame& frame, const BodyBox* boxes, int count,
                    const void* floor, uint64_t** pairs) {
  int axis = SweepAxis(boxes, count);
  // sorted as (key, index) pairs: moving the 56-byte boxes cost more than the sweep
  SweepKey* order = frame.Allocate<SweepKey>(count);
  for (int i = 0; i < count; ++i) {
    order[i] = {boxes[i].unbounded ? -INFINITY : boxes[i].box.lo[axis], i};
  }
  std::sort(order, order + count,
            [](const SweepKey& a, const SweepKey& b) { return a.lo < b.lo; });
  SweepArrays sweep;
  mjtNum* bounds = frame.Allocate<mjtNum>(6 * count);
  for (int k = 0; k < 3; ++k) {
    sweep.lo[k] = bounds + 2 * k * count;
    sweep.hi[k] = bounds + (2 * k + 1) * count;
  }
  sweep.body = frame.Allocate<int>(count);
  FillSweepArrays(boxes, order, count, axis, sweep);
  const mjtNum *lo0 = sweep.lo[0], *lo1 = sweep.lo[1], *lo2 = sweep.lo[2];
  const mjtNum *hi0 = sweep.hi[0], *hi1 = sweep.hi[1], *hi2 = sweep.hi[2];
  int* overlapping = frame.Allocate<int>(count);
  int* sort_counts = frame.Allocate<int>(m.nbody + 1);
  // the pairs are written downwards from the stack's end, then taken onto the stack
  uint64_t* top = reinterpret_cast<uint64_t*>(frame.FreeEnd());
  int npairs = 0;
  for (int i = 0; i < count; ++i) {
    // boxes j > i start at or after box i along the axis (the sort order), so they overlap it
    // on the axis until one starts past its end; on the other two axes the test has no
    // branch (about one box in five passes: a branch per box is mispredicted often); `found`
    // counts the boxes that pass
    int found = 0;
    for (int j = i + 1; j < count && lo0[j] <= hi0[i]; ++j) {
      overlapping[found] = j;
      found += (lo1[j] <= hi1[i]) & (lo1[i] <= hi1[j]) & (lo2[j] <= hi2[i]) & (lo2[i] <= hi2[j]);
    }
    for (int k = 0; k < found; ++k) {
      int b1 = sweep.body[i], b2 = sweep.body[overlapping[k]];
      if (BodiesFiltered(m, b1, b2)) continue;
      uint64_t* slot = top - npairs - 1;
      if (static_cast<const void*>(slot) < floor) return -1;
      *slot = Signature(b1, b2);
      ++npairs;
    }
  }
  // the arena below the pairs is free until the contacts are written: the sort's second buffer
  uint64_t* temp = top - 2 * npairs;
  bool room = static_cast<const void*>(temp) >= floor;
  SortSignatures(top - npairs, npairs, m.nbody, room ? temp : nullptr, sort_counts);
  // the stack's new end is at or below them: they were written in its free space
  if (!frame.TryAllocate<uint64_t>(npairs)) return -1;
  *pairs = top - npairs;
  return npairs;
}

// ---- the two passes ---------------------------------------------------------------------------

void CollideExplicitPair(const Model& m, Data& d, PairBuffer& buffer, int p) {
  int g1 = m.pair_geom1[p], g2 = m.pair_geom2[p];
  if (!SpheresOverlap(m, d, g1, g2, m.pair_margin[p])) return;
  CollideGeomPair(m, d, buffer, g1, g2, p);
}

// The geoms of body b that can collide and reach the box `other` (every one when either is
// unbounded), in model order; returns how many.
int GeomsReaching(const Model& m, const Box* geom_boxes, int b, const BodyBox& other,
                  int* out) {
  // a body of one geom (a broadphase body, so the geom can collide): its box is the body's box,
  // which the sweep found reaching `other`
  if (m.body_geomnum[b] == 1) {
    out[0] = m.body_geomadr[b];
    return 1;
  }
  int count = 0;
  for (int g = m.body_geomadr[b], end = g + m.body_geomnum[b]; g < end; ++g) {
    if (!CanCollide(m, g)) continue;
    if (other.unbounded || Unbounded(m, g) || Overlap(geom_boxes[g], other.box)) out[count++] = g;
  }
  return count;
}

// Geom g1 of the first body and g2 of the second pass the geom filters: contype/conaffinity,
// no explicit pair for them, overlapping world boxes (known when `boxes_overlap`: the sweep
// found the bodies' boxes overlapping and each body has this one geom) and bounding spheres.
bool GeomPairPasses(const Model& m, const Data& d, const Box* geom_boxes, int g1, int g2,
                    bool boxes_overlap) {
  if (!Compatible(m, g1, g2)) return false;
  if (m.npair > 0 && HasExplicitPair(m, g1, g2)) return false;
  if (!boxes_overlap && !Unbounded(m, g1) && !Unbounded(m, g2) &&
      !Overlap(geom_boxes[g1], geom_boxes[g2])) {
    return false;
  }
  mjtNum margin = std::max(m.geom_margin[g1], m.geom_margin[g2]);
  return SpheresOverlap(m, d, g1, g2, margin);
}

// g1 of the first body, g2 of the second (the parameters are mixed in that order)
void CollideFilteredPair(const Model& m, Data& d, PairBuffer& buffer, const Box* geom_boxes,
                         int g1, int g2, bool boxes_overlap = false) {
  if (!GeomPairPasses(m, d, geom_boxes, g1, g2, boxes_overlap)) return;
  if (mjcb_contactfilter && mjcb_contactfilter(m, d, g1, g2)) return;
  CollideGeomPair(m, d, buffer, g1, g2, -1);
}

// Geom pairs of two bodies. Only geoms whose box reaches the other body's box can pass the box
// test, so each body's list is cut to those first (O(n1 + n2) before the O(n1 n2) loop).
// Order (observed): with the midphase (the default) the pairs come sorted by the geom the
// collider takes first (the one of lower type; at equal types the first body's), then by the
// other; with mjDSBL_MIDPHASE in model order, the first body's geoms outermost. The two lists
// are in model order, so the sorted order is a merge of the two by geom id.
void CollideBodyPair(const Model& m, Data& d, PairBuffer& buffer, const Box* geom_boxes,
                     const BodyBox* body_boxes, const int* box_of_body, int* list1, int* list2,
                     int b1, int b2) {
  if (m.body_geomnum[b1] == 1 && m.body_geomnum[b2] == 1) {  // the broadphase bodies' boxes
    CollideFilteredPair(m, d, buffer, geom_boxes, m.body_geomadr[b1], m.body_geomadr[b2],
                        true);
    return;
  }
  int n1 = GeomsReaching(m, geom_boxes, b1, body_boxes[box_of_body[b2]], list1);
  if (n1 == 0) return;
  int n2 = GeomsReaching(m, geom_boxes, b2, body_boxes[box_of_body[b1]], list2);
  if (n2 == 0) return;
  if (Disabled(m, mjDSBL_MIDPHASE) || (n1 == 1 && n2 == 1)) {  // (one pair: no order to keep)
    for (int i = 0; i < n1; ++i) {
      for (int j = 0; j < n2; ++j) CollideFilteredPair(m, d, buffer, geom_boxes, list1[i],
                                                       list2[j]);
    }
    return;
  }
  const int* type = m.geom_type;
  for (int i = 0, j = 0; i < n1 || j < n2;) {
    if (j == n2 || (i < n1 && list1[i] < list2[j])) {
      int g1 = list1[i++];  // first where its type is at most the other's
      for (int k = 0; k < n2; ++k) {
        if (type[g1] <= type[list2[k]]) CollideFilteredPair(m, d, buffer, geom_boxes, g1,
                                                            list2[k]);
      }
    } else {
      int g2 = list2[j++];  // first where its type is below the other's
      for (int k = 0; k < n1; ++k) {
        if (type[g2] < type[list1[k]]) CollideFilteredPair(m, d, buffer, geom_boxes, list1[k],
                                                           g2);
      }
    }
  }
}

// The explicit pairs (sorted by pair_signature, the compiler's order) merge into the sorted
// body pairs: all contacts of a body pair come together, its explicit pairs first.
// `collision`: the timer of the whole, whose clock readings the two phases share
void CollideAllPairs(const Model& m, Data& d, StageTimer& collision) {
  StageTimer broadphase(d, mjTIMER_COL_BROAD, collision.start());
  if (NoPairCanCollide(m)) {
    StageTimer narrowphase(d, mjTIMER_COL_NARROW, broadphase.Stop());  // both ran, idle
    collision.StopAt(narrowphase.Stop());
    return;
  }
  ScratchFrame frame(d);
  Box* geom_boxes = frame.Allocate<Box>(m.ngeom);
  GeomBoxes(m, d, geom_boxes);
  BodyBox* boxes = frame.Allocate<BodyBox>(m.nbody);
  int count = BodyBoxes(m, geom_boxes, boxes);
  // each colliding body's place in `boxes`, and room for two bodies' geom lists
  int* box_of_body = frame.Allocate<int>(m.nbody);
  for (int i = 0; i < count; ++i) box_of_body[boxes[i].body] = i;
  int most_geoms = 0;
  for (int b = 0; b < m.nbody; ++b) most_geoms = std::max(most_geoms, m.body_geomnum[b]);
  int* list1 = frame.Allocate<int>(most_geoms);
  int* list2 = frame.Allocate<int>(most_geoms);
  // broadphase pairs go on the stack, the contacts grow from the arena's start towards them
  uint64_t* pairs = nullptr;
  int npairs = BroadphasePairs(m, frame, boxes, count, d.contact, &pairs);
  StageTimer narrowphase(d, mjTIMER_COL_NARROW, broadphase.Stop());
  if (npairs < 0) {
    mj_warning(d, mjWARN_CONTACTFULL, d.ncon);
    npairs = 0;
  }
  PairBuffer buffer;
  int next_explicit = 0;
  for (int i = 0; i < npairs; ++i) {
    uint64_t signature = pairs[i];
    int b1 = static_cast<int>(signature >> 32), b2 = static_cast<int>(signature & 0xffffffffu);
    int64_t pair_signature = (static_cast<int64_t>(b1) << 16) + b2;
    while (next_explicit < m.npair && m.pair_signature[next_explicit] <= pair_signature) {
      CollideExplicitPair(m, d, buffer, next_explicit++);
    }
    CollideBodyPair(m, d, buffer, geom_boxes, boxes, box_of_body, list1, list2, b1, b2);
  }
  while (next_explicit < m.npair) CollideExplicitPair(m, d, buffer, next_explicit++);
  collision.StopAt(narrowphase.Stop());
}

}  // namespace

// The smallest signed distance between two geoms up to distmax, by their narrow-phase collider
// run with margin distmax; fromto: the closest points on geom1 and geom2 (zero when no distance
// below distmax was found), except for general convex pairs (below). Every pair of geoms,
// whatever their filters.
mjtNum mj_geomDistance(const Model& m, const Data& d, int geom1, int geom2, mjtNum distmax,
                       mjtNum fromto[6]) {
  if (fromto) for (int k = 0; k < 6; ++k) fromto[k] = 0;
  if (geom1 < 0 || geom2 < 0 || geom1 >= m.ngeom || geom2 >= m.ngeom) return distmax;
  int g1 = geom1, g2 = geom2;
  bool swapped = m.geom_type[g1] > m.geom_type[g2];
  if (swapped) std::swap(g1, g2);
  Collider collide = kColliders[m.geom_type[g1]][m.geom_type[g2]];
  if (!collide) return distmax;
  // box-box by the general convex collider: the box-box collider's contact depth is not the
  // boxes' distance (half of it in penetration, and it finds no contact for most separated
  // pairs); measured, the reference's answer here is the exact polytope distance to 1e-15
  if (collide == CollideBoxBox) collide = CollideConvex;
  // the reference's quirk, kept for conformance: a pair of the general convex collider keeps
  // fromto in type order (lower geom type first) even when called the other way round
  if (collide == CollideConvex) swapped = false;
  Contact buffer[mjMAXCONPAIR];
  for (Contact& con : buffer) Zero3(con.frame + 3);
  int count = collide(m, d, buffer, g1, g2, distmax);
  mjtNum best = distmax;
  for (int i = 0; i < count; ++i) {
    const Contact& con = buffer[i];
    if (!(con.dist < best)) continue;
    best = con.dist;
    if (!fromto) continue;
    // the surface points: pos -+ dist/2 along the normal (g1 -> g2)
    mjtNum* first = fromto + (swapped ? 3 : 0);
    mjtNum* second = fromto + (swapped ? 0 : 3);
    for (int k = 0; k < 3; ++k) {
      first[k] = con.pos[k] - 0.5 * con.dist * con.frame[k];
      second[k] = con.pos[k] + 0.5 * con.dist * con.frame[k];
    }
  }
  return best;
}

// A contact from outside the colliders (a script's, a filter's): the constraint rows made from
// the earlier contacts are given up, as in the reference (measured: nefc and nisland 0, every
// efc_address -1, parena = ncon * sizeof(Contact); ne, nf, nl stay), since the new contact
// takes the arena bytes the rows start at. Here ne, nf, nl and nA go to 0 too, so that no
// count points past the rows that remain.
int mj_addContact(const Model& m, Data& d, const Contact& con) {
  d.ne = d.nf = d.nl = d.nefc = d.nA = 0;
  d.nisland = 0;
  for (int c = 0; c < d.ncon; ++c) d.contact[c].efc_address = -1;
  LayoutConstraintRows(m, d, 0);
  d.parena = sizeof(Contact) * d.ncon;
  if (d.ncon >= d.MaxContacts()) {
    mj_warning(d, mjWARN_CONTACTFULL, d.ncon);
    return 1;
  }
  d.contact[d.ncon++] = con;
  d.parena = sizeof(Contact) * d.ncon;
  d.NoteArenaUse();
  return 0;
}

// The contacts fill the arena from its start: the constraint rows and islands made from the
// previous contacts are gone (as in the reference: nefc and nisland become 0).
void mj_collision(const Model& m, Data& d) {
  d.ncon = 0;
  d.parena = 0;
  d.ne = d.nf = d.nl = d.nefc = d.nA = d.nJ = 0;
  d.nisland = 0;
  if (Disabled(m, mjDSBL_CONSTRAINT) || Disabled(m, mjDSBL_CONTACT) || m.ngeom == 0) return;
  StageTimer collision(d, mjTIMER_POS_COLLISION);
  CollideAllPairs(m, d, collision);
  d.maxuse_con = std::max(d.maxuse_con, d.ncon);
}

}  // namespace mjsim
