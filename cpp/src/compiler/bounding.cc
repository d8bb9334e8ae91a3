// bounding.cc: compiler stage for collision bounds and fluid coefficients (checklist B.16).
//   reads   m.geom_type geom_size geom_pos geom_quat geom_bodyid geom_contype geom_conaffinity
//           geom_margin geom_dataid body_geomadr body_geomnum body_ipos body_iquat (compile.cc)
//           hfield_size (assets.cc); ctx.meshes (vert, face: meshes.cc); ctx.geoms (fluidshape, fluidcoef), ctx.body_massgroups and
//           ctx.geom_massgroup (fusestatic, compile.cc)
//   writes  m.geom_rbound geom_aabb geom_fluid body_contype body_conaffinity body_margin
//           mesh_bvhadr mesh_bvhnum body_bvhadr body_bvhnum bvh_depth bvh_child bvh_nodeid bvh_aabb
//           nbvh nbvhstatic nbvhdynamic
//
// geom_aabb is the geom's box in its own frame (center, half-sizes); geom_rbound the radius
// of the sphere about the geom origin that encloses it (planes: 0, unbounded). Each body
// with colliding geoms (contype or conaffinity nonzero) gets a tree over their boxes, in the
// body's inertial frame (compiler/bvh.h); leaf ids are geom ids. body_contype/conaffinity OR
// and body_margin maximizes over all the body's geoms. Planes are treated as the box below
// them of half-sizes (mjMAXVAL, mjMAXVAL, mjMAXVAL/2), as the reference does; hfields as
// the box from their base to their top; meshes as the box of their vertices. Each mesh
// also gets a tree over its faces (FillMeshTrees), after all body trees.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "compiler/bvh.h"
#include "compiler/meshes.h"
#include "compiler/stages.h"
#include "engine/stages.h"
#include "util/math3.h"

namespace mjsim {
namespace {

constexpr mjtNum kPlaneExtent = 1e10;  // mjMAXVAL: the reference's "unbounded"

bool Collides(int contype, int conaffinity) { return contype != 0 || conaffinity != 0; }

// geom_aabb for the primitive types: center (0 except planes) and half-sizes
void GeomBox(int type, const mjtNum size[3], mjtNum aabb[6]) {
  mjtNum* center = aabb;
  mjtNum* half = aabb + 3;
  Zero3(center);
  switch (type) {
    case mjGEOM_PLANE:
      center[2] = -kPlaneExtent / 2;
      half[0] = half[1] = kPlaneExtent;
      half[2] = kPlaneExtent / 2;
      break;
    case mjGEOM_SPHERE:
      half[0] = half[1] = half[2] = size[0];
      break;
    case mjGEOM_CAPSULE:
      half[0] = half[1] = size[0];
      half[2] = size[1] + size[0];
      break;
    case mjGEOM_CYLINDER:
      half[0] = half[1] = size[0];
      half[2] = size[1];
      break;
    default:  // ellipsoid, box: the half-sizes
      Copy3(half, size);
      break;
  }
}

// geom_rbound for the primitive types
mjtNum GeomRadius(int type, const mjtNum size[3]) {
  switch (type) {
    case mjGEOM_PLANE: return 0;
    case mjGEOM_SPHERE: return size[0];
    case mjGEOM_CAPSULE: return size[0] + size[1];
    case mjGEOM_CYLINDER: return std::sqrt(size[0] * size[0] + size[1] * size[1]);
    case mjGEOM_ELLIPSOID: return std::max(std::max(size[0], size[1]), size[2]);
    default: return Norm3(size);  // box: the corner
  }
}

// hfield geoms: the box from the base (-z_bottom) to the top (z_top) of the hfield
void HFieldBox(const mjtNum hsize[4], mjtNum aabb[6], mjtNum* rbound) {
  aabb[0] = aabb[1] = 0;
  aabb[2] = (hsize[2] - hsize[3]) / 2;
  aabb[3] = hsize[0];
  aabb[4] = hsize[1];
  aabb[5] = (hsize[2] + hsize[3]) / 2;
  mjtNum height = std::max(hsize[2], hsize[3]);
  *rbound = std::sqrt(hsize[0] * hsize[0] + hsize[1] * hsize[1] + height * height);
}

// mesh geoms: the box of the mesh's vertices in the mesh frame, which is the geom frame
// (ResolveMeshGeom); the radius reaches its farthest corner, as for boxes and hfields
void MeshBox(const MeshInfo& mesh, mjtNum aabb[6], mjtNum* rbound) {
  mjtNum lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
  for (size_t v = 0; v + 2 < mesh.vert.size(); v += 3) {
    for (int k = 0; k < 3; ++k) {
      lo[k] = v ? std::min(lo[k], mesh.vert[v + k]) : mesh.vert[v + k];
      hi[k] = v ? std::max(hi[k], mesh.vert[v + k]) : mesh.vert[v + k];
    }
  }
  mjtNum corner[3];
  for (int k = 0; k < 3; ++k) {
    aabb[k] = (lo[k] + hi[k]) / 2;
    aabb[3 + k] = (hi[k] - lo[k]) / 2;
    corner[k] = std::abs(aabb[k]) + aabb[3 + k];
  }
  *rbound = Norm3(corner);
}

void FillGeomBounds(const CompileContext& ctx, Model& m) {
  for (int g = 0; g < m.ngeom; ++g) {
    int type = m.geom_type[g];
    if (type == mjGEOM_HFIELD) {
      HFieldBox(m.hfield_size + 4 * m.geom_dataid[g], m.geom_aabb + 6 * g, m.geom_rbound + g);
      continue;
    }
    if (type == mjGEOM_MESH) {
      MeshBox(ctx.meshes[m.geom_dataid[g]], m.geom_aabb + 6 * g, m.geom_rbound + g);
      continue;
    }
    GeomBox(type, m.geom_size + 3 * g, m.geom_aabb + 6 * g);
    m.geom_rbound[g] = GeomRadius(type, m.geom_size + 3 * g);
  }
}

void FillBodyContacts(const CompileContext& ctx, Model& m) {
  for (int b = 0; b < m.nbody; ++b) {
    m.body_contype[b] = m.body_conaffinity[b] = 0;
    m.body_margin[b] = 0;
    for (int g = m.body_geomadr[b]; g >= 0 && g < m.body_geomadr[b] + m.body_geomnum[b]; ++g) {
      m.body_contype[b] |= m.geom_contype[g];
      m.body_conaffinity[b] |= m.geom_conaffinity[g];
      m.body_margin[b] = std::max(m.body_margin[b], m.geom_margin[g]);
    }
    if (ctx.keep_bodies) m.body_margin[b] = (*ctx.keep_bodies)[b].margin;  // discardvisual
  }
}

// the geom's origin and the box around the 8 corners of its geom_aabb, in the inertial frame
// of its body (ipos, iquat); corners rather than rotated half-sizes, as the reference (this
// matters in the last bits of the unbounded plane boxes)
BvhElement GeomElement(const Model& m, int g, const mjtNum ipos[3], const mjtNum iquat[4]) {
  BvhElement e;
  e.id = g;
  mjtNum inverse[4], offset[3];
  ConjugateQuat(inverse, iquat);
  Sub3(offset, m.geom_pos + 3 * g, ipos);
  RotateVecByQuatMatrix(e.key, offset, inverse);
  const mjtNum* aabb = m.geom_aabb + 6 * g;
  for (int corner = 0; corner < 8; ++corner) {
    mjtNum local[3], point[3];
    for (int k = 0; k < 3; ++k) local[k] = aabb[k] + ((corner >> k) & 1 ? aabb[3 + k] : -aabb[3 + k]);
    RotateVecByQuatMatrix(point, local, m.geom_quat + 4 * g);  // geom -> body frame
    AddTo3(point, m.geom_pos + 3 * g);
    Sub3(point, point, ipos);
    RotateVecByQuatMatrix(point, point, inverse);              // body -> inertial frame
    for (int k = 0; k < 3; ++k) {
      e.lo[k] = corner ? std::min(e.lo[k], point[k]) : point[k];
      e.hi[k] = corner ? std::max(e.hi[k], point[k]) : point[k];
    }
  }
  return e;
}

// compiler fusestatic, as the reference does it (observed): a body is fused piece by piece
// (itself, then each fused body in order, ctx.body_massgroups), and its tree is rebuilt after
// each piece that adds colliding geoms, in the same storage. Inner nodes never write nodeid, so
// an inner node keeps the nodeid its index had in the previous build (-1 if new). Each fusion
// of colliding geoms into a body that already had some also leaves one unused node (all zeros)
// counted in nbvh, after all the trees. The intermediate trees are built here in the body's
// final inertial frame: exact when the body had one colliding geom before a fusion (the common
// case: a link with one collision shape and a fixed child link).
struct FusionSteps {
  std::vector<int> colliding_per_group;  // colliding geoms of each mass group
  int RebuildsBeforeFinal() const {      // builds before the final one
    int builds = 0, total = 0;
    for (int n : colliding_per_group) {
      if (n > 0 && total > 0) ++builds;
      total += n;
    }
    return builds;
  }
};

FusionSteps BodyFusionSteps(const CompileContext& ctx, int b) {
  FusionSteps steps;
  steps.colliding_per_group.assign(ctx.body_massgroups[b].size(), 0);
  for (size_t g = 0; g < ctx.geoms.size(); ++g) {
    if (ctx.geom_body[g] == b && Collides(ctx.geoms[g]->contype, ctx.geoms[g]->conaffinity)) {
      ++steps.colliding_per_group[ctx.geom_massgroup[g]];
    }
  }
  return steps;
}

// Every mesh (used by a geom or not) gets a tree over its faces, in the mesh frame: leaf ids
// are face ids within the mesh and a face's box is that of its three vertices. Faces are
// ordered by their circumcentre (found by experiment: it reproduces the reference's trees on
// random vertex soups, where neither the centroid nor the box centre separates a node's halves
// by any plane), in double precision; circumcentres within 1e-14 of each other along the split
// axis tie and keep face order (compiler/bvh.h). Measured: the mirror-image faces of dog.xml's
// scanned bones have circumcentres that agree to ~1e-17 and the reference keeps them in face
// order whichever is smaller (exact comparison misorders 7 of its 162 meshes); mirrored random
// soups at unit scale need a tolerance of at least 1e-14 (1e-15 misorders a pair 6e-15 apart).

int MeshFaceCount(const MeshInfo& mesh) { return static_cast<int>(mesh.face.size() / 3); }

// Solves the 3x3 system [A | b] (rows) by Gaussian elimination with partial pivoting; false
// if it is singular.
bool SolveByElimination(mjtNum system[3][4], mjtNum x[3]) {
  for (int col = 0; col < 3; ++col) {
    int pivot = col;
    for (int row = col + 1; row < 3; ++row) {
      if (std::abs(system[row][col]) > std::abs(system[pivot][col])) pivot = row;
    }
    if (!(system[pivot][col] != 0)) return false;
    for (int j = 0; j < 4; ++j) std::swap(system[col][j], system[pivot][j]);
    for (int row = col + 1; row < 3; ++row) {
      mjtNum factor = system[row][col] / system[col][col];
      for (int j = col; j < 4; ++j) system[row][j] -= factor * system[col][j];
    }
  }
  for (int row = 2; row >= 0; --row) {
    mjtNum sum = system[row][3];
    for (int j = row + 1; j < 3; ++j) sum -= system[row][j] * x[j];
    x[row] = sum / system[row][row];
  }
  return std::isfinite(x[0]) && std::isfinite(x[1]) && std::isfinite(x[2]);
}

// The centre of the circle through a face's corners: the corners (the mesh-frame vertices in
// double precision, as the node boxes use them), in increasing vertex index (A, B, C), give the
// 3x3 system for the centre relative to A, y = x - A:
// (B - A).y = |B - A|^2 / 2, (C - A).y = |C - A|^2 / 2, n.y = 0 with n = (B - A) x (C - A),
// solved by Gaussian elimination with partial pivoting. The faces of a quad share a circle:
// their centres differ in the last bits only and tie. Relative to A the
// centres keep the accuracy of the face's size; the absolute form ((B.B - A.A) / 2, ...) loses
// it to cancellation, up to 1e-14 at coordinates ~0.5, enough to break such ties (metaworld's
// tablebody.stl: 10 more of the wild corpus' 987 distinct mesh trees match, none less).
// Partial: a degenerate face (collinear corners) keeps the centre of its box, which is not the
// reference's key (robosuite's milk.obj: the reference places such faces on either side of
// faces whose keys are below theirs; neither 0, the centroid, nor NaN reproduces it).
void FaceCircumcenter(const MeshInfo& mesh, int face, BvhElement& element) {
  int corner[3] = {mesh.face[3 * face], mesh.face[3 * face + 1], mesh.face[3 * face + 2]};
  std::sort(corner, corner + 3);
  mjtNum p[3][3];
  for (int c = 0; c < 3; ++c) Copy3(p[c], mesh.vert.data() + 3 * corner[c]);
  mjtNum system[3][4];  // augmented rows, for the centre relative to A
  for (int k = 0; k < 3; ++k) {
    system[0][k] = p[1][k] - p[0][k];
    system[1][k] = p[2][k] - p[0][k];
  }
  Cross3(system[2], system[0], system[1]);
  system[0][3] = Dot3(system[0], system[0]) / 2;
  system[1][3] = Dot3(system[1], system[1]) / 2;
  system[2][3] = 0;
  mjtNum center[3];
  if (!SolveByElimination(system, center)) {
    for (int k = 0; k < 3; ++k) element.key[k] = (element.lo[k] + element.hi[k]) / 2;
    return;
  }
  for (int k = 0; k < 3; ++k) element.key[k] = p[0][k] + center[k];
}

void FillMeshTrees(const CompileContext& ctx, Model& m, BvhNodes& nodes) {
  for (int i = 0; i < m.nmesh; ++i) {
    const MeshInfo& mesh = ctx.meshes[i];
    std::vector<BvhElement> elements(MeshFaceCount(mesh));
    for (int f = 0; f < static_cast<int>(elements.size()); ++f) {
      BvhElement& e = elements[f];
      e.id = f;
      for (int corner = 0; corner < 3; ++corner) {
        const mjtNum* v = mesh.vert.data() + 3 * mesh.face[3 * f + corner];
        for (int k = 0; k < 3; ++k) {
          e.lo[k] = corner ? std::min(e.lo[k], v[k]) : v[k];
          e.hi[k] = corner ? std::max(e.hi[k], v[k]) : v[k];
        }
      }
      FaceCircumcenter(mesh, f, e);
    }
    m.mesh_bvhadr[i] = elements.empty() ? -1
                                        : BuildBvh(elements, nodes);
    m.mesh_bvhnum[i] = BvhNodeCount(static_cast<int>(elements.size()));
  }
}

void FillBodyTrees(const CompileContext& ctx, Model& m) {
  BvhNodes nodes;
  int unused = 0;
  for (int b = 0; b < m.nbody; ++b) {
    std::vector<BvhElement> elements;
    std::vector<int> group;  // mass group of each element
    for (int g = m.body_geomadr[b]; g >= 0 && g < m.body_geomadr[b] + m.body_geomnum[b]; ++g) {
      if (Collides(m.geom_contype[g], m.geom_conaffinity[g])) {
        elements.push_back(GeomElement(m, g, m.body_ipos + 3 * b, m.body_iquat + 4 * b));
        group.push_back(ctx.geom_massgroup[g]);
      }
    }
    m.body_bvhadr[b] = elements.empty() ? -1 : BuildBvh(elements, nodes);
    m.body_bvhnum[b] = BvhNodeCount(static_cast<int>(elements.size()));
    if (elements.empty()) continue;
    // the nodeids left by the earlier builds of a fused body
    std::vector<int> stale;
    int groups = static_cast<int>(ctx.body_massgroups[b].size());
    for (int k = 0; k + 1 < groups; ++k) {
      std::vector<BvhElement> partial;
      for (size_t i = 0; i < elements.size(); ++i) {
        if (group[i] <= k) partial.push_back(elements[i]);
      }
      bool adds = false;
      for (size_t i = 0; i < elements.size(); ++i) adds |= group[i] == k + 1;
      if (partial.empty() || !adds) continue;
      ++unused;
      BvhNodes build;
      BuildBvh(partial, build);
      stale.resize(build.size(), -1);
      for (int i = 0; i < build.size(); ++i) {
        if (build.nodeid[i] >= 0) stale[i] = build.nodeid[i];
      }
    }
    for (int i = 0; i < static_cast<int>(stale.size()) && i < m.body_bvhnum[b]; ++i) {
      int node = m.body_bvhadr[b] + i;
      if (nodes.child[2 * node] >= 0) nodes.nodeid[node] = stale[i];
    }
  }
  // the mesh trees follow all body trees, the unused nodes of fusions come last
  FillMeshTrees(ctx, m, nodes);
  if (nodes.size() + unused != m.nbvhstatic) throw std::logic_error("bounding.cc: BVH node count differs from CollectBounding's");
  std::copy(nodes.depth.begin(), nodes.depth.end(), m.bvh_depth);
  std::copy(nodes.child.begin(), nodes.child.end(), m.bvh_child);
  std::copy(nodes.nodeid.begin(), nodes.nodeid.end(), m.bvh_nodeid);
  std::copy(nodes.aabb.begin(), nodes.aabb.end(), m.bvh_aabb);
  for (int node = nodes.size(); node < m.nbvhstatic; ++node) {  // the unused nodes of fusions
    m.bvh_depth[node] = m.bvh_nodeid[node] = 0;
    m.bvh_child[2 * node] = m.bvh_child[2 * node + 1] = 0;
    for (int i = 0; i < 6; ++i) m.bvh_aabb[6 * node + i] = 0;
  }
}


// ---- geom_fluid: the ellipsoid fluid model (Computation, "Fluid forces", ellipsoid model) ----
// Per geom with fluidshape=ellipsoid: [1, fluidcoef(5), virtual mass(3), virtual inertia(3)],
// both per unit fluid density; zeros otherwise.

// Carlson's symmetric elliptic integral R_D(x, y, z) = 3/2 int_0^inf dt / ((t+z)^3/2
// sqrt((t+x)(t+y))), by the duplication theorem (Carlson 1995, Numer. Algorithms 10) until
// the arguments agree to 1e-4 relative, then its fifth-order series (error ~1e-24 relative).
mjtNum CarlsonRD(mjtNum x, mjtNum y, mjtNum z) {
  mjtNum sum = 0, scale = 1;
  for (int iteration = 0; iteration < 100; ++iteration) {
    mjtNum mean = (x + y + 3 * z) / 5;
    mjtNum dx = (mean - x) / mean, dy = (mean - y) / mean, dz = (mean - z) / mean;
    if (std::max(std::abs(dx), std::max(std::abs(dy), std::abs(dz))) < 1e-4) {
      mjtNum e2 = dx * dy - 6 * dz * dz;
      mjtNum e3 = (3 * dx * dy - 8 * dz * dz) * dz;
      mjtNum e4 = 3 * (dx * dy - dz * dz) * dz * dz;
      mjtNum e5 = dx * dy * dz * dz * dz;
      mjtNum series = 1 - 3.0 / 14 * e2 + e3 / 6 + 9.0 / 88 * e2 * e2 - 3.0 / 22 * e4 -
                      9.0 / 52 * e2 * e3 + 3.0 / 26 * e5;
      return 3 * sum + scale * series / (mean * std::sqrt(mean));
    }
    mjtNum sx = std::sqrt(x), sy = std::sqrt(y), sz = std::sqrt(z);
    mjtNum lambda = sx * sy + sx * sz + sy * sz;
    sum += scale / (sz * (z + lambda));
    scale /= 4;
    x = (x + lambda) / 4;
    y = (y + lambda) / 4;
    z = (z + lambda) / 4;
  }
  return 3 * sum;  // not reached for positive finite arguments
}

// kappa_i = r_x r_y r_z int_0^inf dl / ((r_i^2 + l) sqrt(prod_j (r_j^2 + l)))  (Tuckerman);
// virtual mass V kappa_i / (2 - kappa_i) with V the ellipsoid volume; virtual inertia
// V/5 (r_j^2 - r_k^2)^2 (kappa_k - kappa_j) / (2 (r_j^2 - r_k^2) + (r_j^2 + r_k^2)(kappa_j - kappa_k))
void FluidAddedInertia(const mjtNum r[3], mjtNum mass[3], mjtNum inertia[3]) {
  mjtNum volume = 4.0 / 3.0 * M_PI * r[0] * r[1] * r[2];
  mjtNum kappa[3];
  for (int i = 0; i < 3; ++i) {
    mjtNum a = r[(i + 1) % 3], b = r[(i + 2) % 3];
    kappa[i] = r[0] * r[1] * r[2] * 2.0 / 3.0 * CarlsonRD(std::min(a, b) * std::min(a, b),
                                                          std::max(a, b) * std::max(a, b), r[i] * r[i]);
    mass[i] = volume * kappa[i] / (2 - kappa[i]);
  }
  for (int i = 0; i < 3; ++i) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    mjtNum rj2 = r[j] * r[j], rk2 = r[k] * r[k];
    if (rj2 == rk2) {  // symmetric about axis i: no rotational added inertia
      inertia[i] = 0;
      continue;
    }
    mjtNum difference = rj2 - rk2;
    inertia[i] = volume / 5 * difference * difference * (kappa[k] - kappa[j]) /
                 (2 * difference + (rj2 + rk2) * (kappa[j] - kappa[k]));
  }
}

void FillGeomFluid(const CompileContext& ctx, Model& m) {
  for (int g = 0; g < m.ngeom; ++g) {
    mjtNum* fluid = m.geom_fluid + 12 * g;
    for (int i = 0; i < 12; ++i) fluid[i] = 0;
    const SpecGeom& geom = *ctx.geoms[g];
    if (geom.fluidshape != 1) continue;
    fluid[0] = 1;
    for (int i = 0; i < 5; ++i) fluid[1 + i] = geom.fluidcoef[i];
    mjtNum r[3];
    FluidSemiAxes(m.geom_type[g], m.geom_size + 3 * g, r);
    FluidAddedInertia(r, fluid + 6, fluid + 9);
  }
}

}  // namespace

void CollectBounding(CompileContext& ctx, Model& m) {
  // ctx.geoms, not SpecBody::geoms: fusestatic moves geoms into the bodies they are fused to
  std::vector<int> colliding(ctx.bodies.size(), 0);
  for (size_t g = 0; g < ctx.geoms.size(); ++g) {
    colliding[ctx.geom_body[g]] += Collides(ctx.geoms[g]->contype, ctx.geoms[g]->conaffinity);
  }
  int count = 0;
  for (size_t b = 0; b < colliding.size(); ++b) {
    count += BvhNodeCount(colliding[b]) + BodyFusionSteps(ctx, static_cast<int>(b)).RebuildsBeforeFinal();
  }
  for (const MeshInfo& mesh : ctx.meshes) count += BvhNodeCount(MeshFaceCount(mesh));
  m.nbvhstatic = count;
  m.nbvh = count + m.nbvhdynamic;  // the flex trees (CollectFlexes) follow the static ones
}

void FillBounding(CompileContext& ctx, Model& m) {
  FillGeomBounds(ctx, m);
  FillBodyContacts(ctx, m);
  FillBodyTrees(ctx, m);
  FillGeomFluid(ctx, m);
}

}  // namespace mjsim
