// ray.cc: ray casting, the distance x >= 0 along the ray pnt + x vec to the nearest geom surface
// (mj_ray, mj_multiRay, mj_rayHfield, mj_rayMesh, mju_rayGeom); the rangefinder sensor
// (sensor.cc) casts along its site's z axis.
//   reads   m.geom_type geom_size geom_group geom_rgba geom_matid mat_rgba geom_bodyid
//           body_weldid geom_dataid geom_rbound geom_aabb mesh_* hfield_*
//           d.geom_xpos geom_xmat                                     (written by kinematics.cc)
//   writes  nothing in d
//
// Behaviour of the reference, observed (checked by tests/conformance/test_ray.py):
//   - x is in units of |vec| (vec need not be unit); -1 and geomid -1 when nothing is hit.
//   - Surfaces are two-sided, so a ray starting inside a solid geom returns where it leaves it
//     (the rangefinder "still senses the surface"). The plane is one-sided: only a ray moving
//     towards -z of the plane frame hits it (from above, or from on the plane: x = 0). A plane
//     with size[0] or size[1] > 0 is the rectangle |x| <= size[0], |y| <= size[1], else infinite.
//   - Mesh: every face of the mesh (m.mesh_face), not the convex hull.
//   - Height field: the union of the base box [-sx,sx]x[-sy,sy]x[-zbottom,0] (a box, hit also
//     from inside), the surface triangles (cell (r,c) split along the diagonal (r,c)-(r+1,c+1);
//     row r at y = -sy + 2 sy r/(nrow-1), column c at x = -sx + 2 sx c/(ncol-1), elevation
//     data*ztop) and the four outer walls from z = 0 up to the boundary elevations. There are
//     no walls inside, so a ray inside the terrain above z = 0 leaves through the surface.
//   - Filters of mj_ray: bodyexclude (the geom's own body only, not its subtree); flg_static = 0
//     skips the geoms of bodies welded to the world (body_weldid 0, mocap bodies too); with
//     geomgroup, a geom of group g counts if geomgroup[clamp(g, 0, 5)]; geoms whose alpha is 0
//     (the material's rgba if the geom has a material, else geom_rgba) are invisible, skipped.
//   - mj_multiRay (rays from one point) culls a geom for all rays when |xpos - pnt| - rbound >
//     cutoff (a hit beyond the cutoff is still returned), and a ray for a geom when its
//     direction lies outside the azimuth or elevation range of the 8 corners of the geom's
//     oriented bounding box (geom_aabb), unless those azimuths span more than pi. That range is
//     not a bound of the box (an edge or face can rise above every corner), so the reference
//     misses some true hits; mjsim does the same so results agree.
#include <algorithm>
#include <cmath>

#include "mjsim/api.h"
#include "util/math3.h"

namespace mjsim {
namespace {

constexpr mjtNum kNoHit = -1;
constexpr int kGeomGroups = 6;  // mjNGROUP: the groups geomgroup switches

// the nearer of two candidate distances, either possibly kNoHit (or NaN: no hit)
mjtNum Nearer(mjtNum a, mjtNum b) {
  if (!(a >= 0)) return b >= 0 ? b : kNoHit;
  return b >= 0 && b < a ? b : a;
}

// the ray in the frame (pos, mat): p = mat'(pnt - pos), v = mat' vec
void LocalRay(const mjtNum pos[3], const mjtNum mat[9], const mjtNum pnt[3], const mjtNum vec[3],
              mjtNum p[3], mjtNum v[3]) {
  mjtNum offset[3];
  Sub3(offset, pnt, pos);
  MulMatTVec3(p, mat, offset);
  MulMatTVec3(v, mat, vec);
}

// roots x1 <= x2 of |q + x v|^2 = r^2 over the first `dims` coordinates (2: an infinite
// cylinder about z, 3: a sphere). A ray whose discriminant (of a x^2 + 2 b x + c = 0) is below
// mjMINVAL misses, as in the reference (observed: tangent rays, and rays with |vec| ~ 1e-7).
bool RoundRoots(const mjtNum q[3], const mjtNum v[3], mjtNum r, int dims, mjtNum roots[2]) {
  mjtNum a = 0, b = 0, c = -r * r;
  for (int k = 0; k < dims; ++k) {
    a += v[k] * v[k];
    b += q[k] * v[k];
    c += q[k] * q[k];
  }
  mjtNum discriminant = b * b - a * c;
  if (!(discriminant >= mjMINVAL)) return false;  // also NaN
  mjtNum root = std::sqrt(discriminant);
  roots[0] = (-b - root) / a;
  roots[1] = (-b + root) / a;
  return true;
}

// the reference first tests a bounding sphere (center, radius) with that rule: false when the
// ray surely misses what lies inside it
bool MayHitSphere(const mjtNum center[3], mjtNum radius, const mjtNum p[3], const mjtNum v[3]) {
  mjtNum q[3], roots[2];
  Sub3(q, p, center);
  return RoundRoots(q, v, radius, 3, roots) && roots[1] >= 0;
}

// --- primitive shapes in their own frame ----------------------------------------------------

// the plane z = 0, hit from its +z side only, bounded by size[0], size[1] when positive
mjtNum RayPlane(const mjtNum size[3], const mjtNum p[3], const mjtNum v[3]) {
  if (!(v[2] < -mjMINVAL)) return kNoHit;  // parallel or from behind
  mjtNum x = -p[2] / v[2];
  if (!(x >= 0)) return kNoHit;
  for (int k = 0; k < 2; ++k) {
    if (size[k] > 0 && std::fabs(p[k] + x * v[k]) > size[k]) return kNoHit;
  }
  return x;
}

mjtNum RaySphere(const mjtNum size[3], const mjtNum p[3], const mjtNum v[3]) {
  mjtNum roots[2];
  if (!RoundRoots(p, v, size[0], 3, roots)) return kNoHit;
  return Nearer(roots[0], roots[1]);
}

// the nearer root whose point has z on the given side of `z0` (side +1: z >= z0, -1: z <= z0,
// 0: |z| <= z0), i.e. lies on the part of a round surface that belongs to the solid's boundary
mjtNum RootOnPart(const mjtNum roots[2], const mjtNum p[3], const mjtNum v[3], mjtNum z0,
                  int side) {
  mjtNum best = kNoHit;
  for (int k = 0; k < 2; ++k) {
    mjtNum z = p[2] + roots[k] * v[2];
    bool on_part = side > 0 ? z >= z0 : side < 0 ? z <= z0 : std::fabs(z) <= z0;
    if (on_part) best = Nearer(best, roots[k]);
  }
  return best;
}

// capsule: the side |z| <= h of the cylinder of radius r, and the hemispheres beyond z = +-h
mjtNum RayCapsule(const mjtNum size[3], const mjtNum p[3], const mjtNum v[3]) {
  mjtNum r = size[0], h = size[1], roots[2], best = kNoHit, origin[3] = {0, 0, 0};
  if (!MayHitSphere(origin, r + h, p, v)) return kNoHit;
  if (RoundRoots(p, v, r, 2, roots)) best = RootOnPart(roots, p, v, h, 0);
  for (int side = -1; side <= 1; side += 2) {
    mjtNum q[3] = {p[0], p[1], p[2] - side * h};  // from the cap's center
    if (RoundRoots(q, v, r, 3, roots)) {
      best = Nearer(best, RootOnPart(roots, p, v, side * h, side));
    }
  }
  return best;
}

// ellipsoid: the unit sphere after scaling each axis by 1/size (x is unchanged by scaling)
mjtNum RayEllipsoid(const mjtNum size[3], const mjtNum p[3], const mjtNum v[3]) {
  mjtNum q[3], w[3], unit[3] = {1, 1, 1};
  for (int k = 0; k < 3; ++k) {
    q[k] = p[k] / size[k];
    w[k] = v[k] / size[k];
  }
  return RaySphere(unit, q, w);
}

// cylinder: the side |z| <= h, and the discs z = +-h of radius r
mjtNum RayCylinder(const mjtNum size[3], const mjtNum p[3], const mjtNum v[3]) {
  mjtNum r = size[0], h = size[1], roots[2], best = kNoHit, origin[3] = {0, 0, 0};
  if (!MayHitSphere(origin, std::sqrt(r * r + h * h), p, v)) return kNoHit;
  if (RoundRoots(p, v, r, 2, roots)) best = RootOnPart(roots, p, v, h, 0);
  if (v[2] == 0) return best;
  for (int side = -1; side <= 1; side += 2) {
    mjtNum x = (side * h - p[2]) / v[2];
    mjtNum px = p[0] + x * v[0], py = p[1] + x * v[1];
    if (x >= 0 && px * px + py * py <= r * r) best = Nearer(best, x);
  }
  return best;
}

// box |x_k| <= size_k: its six faces
mjtNum RayBox(const mjtNum size[3], const mjtNum p[3], const mjtNum v[3]) {
  mjtNum best = kNoHit, origin[3] = {0, 0, 0};
  if (!MayHitSphere(origin, Norm3(size), p, v)) return kNoHit;
  for (int k = 0; k < 3; ++k) {
    if (v[k] == 0) continue;
    int i = (k + 1) % 3, j = (k + 2) % 3;
    for (int side = -1; side <= 1; side += 2) {
      mjtNum x = (side * size[k] - p[k]) / v[k];
      if (!(x >= 0)) continue;
      if (std::fabs(p[i] + x * v[i]) <= size[i] && std::fabs(p[j] + x * v[j]) <= size[j]) {
        best = Nearer(best, x);
      }
    }
  }
  return best;
}

mjtNum RayPrimitive(int type, const mjtNum size[3], const mjtNum p[3], const mjtNum v[3]) {
  switch (type) {
    case mjGEOM_PLANE: return RayPlane(size, p, v);
    case mjGEOM_SPHERE: return RaySphere(size, p, v);
    case mjGEOM_CAPSULE: return RayCapsule(size, p, v);
    case mjGEOM_ELLIPSOID: return RayEllipsoid(size, p, v);
    case mjGEOM_CYLINDER: return RayCylinder(size, p, v);
    case mjGEOM_BOX: return RayBox(size, p, v);
    default: return kNoHit;
  }
}

// --- triangles: meshes and height fields ----------------------------------------------------

// two-sided triangle (a, b, c): solve p + x v = a + s (b - a) + t (c - a) by Cramer's rule
// (Moeller-Trumbore), hit if x >= 0, s, t >= 0 and s + t <= 1
mjtNum RayTriangle(const mjtNum p[3], const mjtNum v[3], const mjtNum a[3], const mjtNum b[3],
                   const mjtNum c[3]) {
  mjtNum e1[3], e2[3], pv[3], ap[3], q[3];
  Sub3(e1, b, a);
  Sub3(e2, c, a);
  Cross3(pv, v, e2);
  mjtNum det = Dot3(e1, pv);
  if (!(std::fabs(det) >= mjMINVAL * mjMINVAL)) return kNoHit;  // parallel or degenerate
  Sub3(ap, p, a);
  mjtNum s = Dot3(ap, pv) / det;
  if (!(s >= 0 && s <= 1)) return kNoHit;
  Cross3(q, ap, e1);
  mjtNum t = Dot3(v, q) / det;
  if (!(t >= 0 && s + t <= 1)) return kNoHit;
  mjtNum x = Dot3(e2, q) / det;
  return x >= 0 ? x : kNoHit;
}

// the parameter interval [t0, t1] (t >= 0) in which p + t v lies in the box [lo, hi]; false if
// the ray misses it (slab method)
bool ClipToBox(const mjtNum p[3], const mjtNum v[3], const mjtNum lo[3], const mjtNum hi[3],
               mjtNum* t0, mjtNum* t1) {
  *t0 = 0;
  *t1 = INFINITY;
  for (int k = 0; k < 3; ++k) {
    if (v[k] == 0) {
      if (!(p[k] >= lo[k] && p[k] <= hi[k])) return false;
      continue;
    }
    mjtNum a = (lo[k] - p[k]) / v[k], b = (hi[k] - p[k]) / v[k];
    *t0 = std::max(*t0, std::min(a, b));
    *t1 = std::min(*t1, std::max(a, b));
  }
  return *t0 <= *t1;
}

// the box [lo, hi] grown by a relative margin, so that rounding never clips a surface point
void GrowBox(mjtNum lo[3], mjtNum hi[3]) {
  for (int k = 0; k < 3; ++k) {
    mjtNum margin = 1e-9 * (hi[k] - lo[k] + std::fabs(lo[k]) + std::fabs(hi[k])) + 1e-12;
    lo[k] -= margin;
    hi[k] += margin;
  }
}

mjtNum RayMeshLocal(const Model& m, int geom, const mjtNum p[3], const mjtNum v[3]) {
  int mesh = m.geom_dataid[geom];
  mjtNum origin[3] = {0, 0, 0};
  if (mesh < 0 || !MayHitSphere(origin, m.geom_rbound[geom], p, v)) return kNoHit;
  // the mesh lies in its bounding box (geom frame): a ray missing it misses every face
  const mjtNum* aabb = m.geom_aabb + 6 * geom;
  mjtNum lo[3], hi[3], t0, t1;
  for (int k = 0; k < 3; ++k) {
    lo[k] = aabb[k] - aabb[3 + k];
    hi[k] = aabb[k] + aabb[3 + k];
  }
  GrowBox(lo, hi);
  if (!ClipToBox(p, v, lo, hi, &t0, &t1)) return kNoHit;
  const float* vert = m.mesh_vert + 3 * m.mesh_vertadr[mesh];
  const int* face = m.mesh_face + 3 * m.mesh_faceadr[mesh];
  mjtNum best = kNoHit;
  for (int f = 0; f < m.mesh_facenum[mesh]; ++f) {
    mjtNum corner[3][3];
    for (int i = 0; i < 3; ++i) {
      const float* x = vert + 3 * face[3 * f + i];
      for (int k = 0; k < 3; ++k) corner[i][k] = x[k];
    }
    best = Nearer(best, RayTriangle(p, v, corner[0], corner[1], corner[2]));
  }
  return best;
}

// the grid of a height field in its geom frame
struct HfieldGrid {
  const float* data;  // nrow x ncol, row-major, normalized elevations
  int nrow, ncol;
  mjtNum sx, sy, ztop, zbottom;
  mjtNum dx, dy;  // cell sizes

  HfieldGrid(const Model& m, int hfield) {
    data = m.hfield_data + m.hfield_adr[hfield];
    nrow = m.hfield_nrow[hfield];
    ncol = m.hfield_ncol[hfield];
    const mjtNum* size = m.hfield_size + 4 * hfield;
    sx = size[0];
    sy = size[1];
    ztop = size[2];
    zbottom = size[3];
    dx = ncol > 1 ? 2 * sx / (ncol - 1) : 0;
    dy = nrow > 1 ? 2 * sy / (nrow - 1) : 0;
  }
  // grid point (r, c) on the surface, or at z = 0 below it (base)
  void Point(int r, int c, bool base, mjtNum out[3]) const {
    out[0] = -sx + c * dx;
    out[1] = -sy + r * dy;
    out[2] = base ? 0 : data[r * ncol + c] * ztop;
  }
};

// the two surface triangles of cell (r, c), split along (r, c)-(r+1, c+1)
mjtNum RayHfieldCell(const HfieldGrid& grid, int r, int c, const mjtNum p[3], const mjtNum v[3]) {
  mjtNum a[3], b[3], cc[3], e[3];
  grid.Point(r, c, false, a);
  grid.Point(r, c + 1, false, b);
  grid.Point(r + 1, c + 1, false, cc);
  grid.Point(r + 1, c, false, e);
  return Nearer(RayTriangle(p, v, a, b, cc), RayTriangle(p, v, a, cc, e));
}

// A cell is tested when the ray passes within this fraction of a cell of its footprint: far
// more than rounding, so every cell holding a hit is tested, and rarely a needless one.
constexpr mjtNum kCellSlack = 1e-4;

// the cell range [first, last] (clamped to [0, count - 2]) whose footprint, widened by
// kCellSlack, holds coordinates between a and b on an axis starting at -half with cell size
// step; empty (first > last) when a or b is not finite
void CellRange(mjtNum a, mjtNum b, mjtNum half, mjtNum step, int count, int* first, int* last) {
  *first = 0;
  *last = -1;
  if (!std::isfinite(a) || !std::isfinite(b)) return;
  // clamped before the conversion: a far coordinate must not overflow int
  mjtNum low = std::clamp((std::min(a, b) + half) / step - kCellSlack, -2.0, count + 1.0);
  mjtNum high = std::clamp((std::max(a, b) + half) / step + kCellSlack, -2.0, count + 1.0);
  *first = std::max(0, static_cast<int>(std::floor(low)));
  *last = std::min(count - 2, static_cast<int>(std::floor(high)));
}

// floor(x) for x >= -2, by truncation (cheaper than std::floor without SSE4.1)
int FloorAbove(mjtNum x) { return static_cast<int>(x + 2) - 2; }

// One axis of the grid seen along the ray: the cell coordinate u(t) = u0 + t du (cell i spans
// [i, i + 1]), as the walk over the cells uses it.
struct GridAxis {
  mjtNum u0, du, inverse;  // inverse = 1 / du (inf when du = 0)
  int cells;               // count - 1

  GridAxis(mjtNum p, mjtNum v, mjtNum half, mjtNum step, int count)
      : u0((p + half) / step), du(v / step), inverse(1 / du), cells(count - 1) {}
  // the cells [first, last] met while t runs over [a, b] (widened by kCellSlack); empty when
  // first > last
  void Range(mjtNum a, mjtNum b, int* first, int* last) const {
    mjtNum ua = u0 + a * du, ub = u0 + b * du;
    // clamped before the conversion: a far coordinate must not overflow int
    mjtNum low = std::clamp(std::min(ua, ub) - kCellSlack, -2.0, cells + 1.0);
    mjtNum high = std::clamp(std::max(ua, ub) + kCellSlack, -2.0, cells + 1.0);
    *first = std::max(0, FloorAbove(low));
    *last = std::min(cells - 1, FloorAbove(high));
  }
  // the part [a, b] of [t0, t1] in which the ray is over cell i (widened by kCellSlack): all of
  // it when du = 0
  void Span(int i, mjtNum t0, mjtNum t1, mjtNum* a, mjtNum* b) const {
    *a = t0;
    *b = t1;
    if (du == 0) return;
    mjtNum ta = (i - kCellSlack - u0) * inverse, tb = (i + 1 + kCellSlack - u0) * inverse;
    if (du < 0) std::swap(ta, tb);
    *a = std::max(t0, ta);
    *b = std::min(t1, tb);
  }
  // cell indices in the order the ray meets them
  int First(int first, int last) const { return du < 0 ? last : first; }
  int Step() const { return du < 0 ? -1 : 1; }
};

// false when the ray's heights over [a, b] stay above or below all four corners of cell (r, c)
// (by more than `margin`, for rounding): the cell's two triangles lie between its lowest and
// highest corner, so the ray cannot cross them
bool MayCrossCell(const HfieldGrid& grid, int r, int c, const mjtNum p[3], const mjtNum v[3],
                  mjtNum a, mjtNum b, mjtNum margin) {
  const float* row0 = grid.data + r * grid.ncol + c;
  const float* row1 = row0 + grid.ncol;
  mjtNum low = std::min(std::min(row0[0], row0[1]), std::min(row1[0], row1[1])) * grid.ztop;
  mjtNum high = std::max(std::max(row0[0], row0[1]), std::max(row1[0], row1[1])) * grid.ztop;
  if (grid.ztop < 0) std::swap(low, high);
  mjtNum za = p[2] + a * v[2], zb = p[2] + b * v[2];
  return std::min(za, zb) <= high + margin && std::max(za, zb) >= low - margin;
}

// the outer wall below the boundary segment from grid point (r0, c0) to (r1, c1)
mjtNum RayHfieldWall(const HfieldGrid& grid, int r0, int c0, int r1, int c1, const mjtNum p[3],
                     const mjtNum v[3]) {
  mjtNum top0[3], top1[3], base0[3], base1[3];
  grid.Point(r0, c0, false, top0);
  grid.Point(r1, c1, false, top1);
  grid.Point(r0, c0, true, base0);
  grid.Point(r1, c1, true, base1);
  return Nearer(RayTriangle(p, v, base0, base1, top1), RayTriangle(p, v, base0, top1, top0));
}

// true when the crossing t = (+-half - p) / v of a wall's plane lies behind the ray beyond
// rounding, where no triangle can be hit (x >= 0)
bool IsBehind(mjtNum t, mjtNum half, mjtNum p, mjtNum v) {
  return t < -1e-9 * (half + std::fabs(p)) / std::fabs(v);
}

// The outer walls: a wall triangle is hit only where the ray crosses the wall's plane
// (x = +-sx or y = +-sy), so only the segments around that crossing are tested, and none when
// the crossing lies behind the ray or beyond `limit`. A ray parallel to the plane (v = 0 along
// its normal) cannot hit it: the triangles' edges and v all lie in the plane, so their
// determinant is exactly 0 (RayTriangle: no hit).
mjtNum RayHfieldWalls(const HfieldGrid& grid, const mjtNum p[3], const mjtNum v[3],
                      mjtNum limit) {
  mjtNum best = kNoHit;
  int last_row = grid.nrow - 1, last_col = grid.ncol - 1;
  for (int r : {0, last_row}) {
    if (v[1] == 0) break;
    mjtNum t = (-grid.sy + r * grid.dy - p[1]) / v[1];
    if (t > limit || IsBehind(t, grid.sy, p[1], v[1])) continue;
    mjtNum x = p[0] + t * v[0];
    int c0, c1;
    CellRange(x, x, grid.sx, grid.dx, grid.ncol, &c0, &c1);
    for (int c = c0; c <= c1; ++c) best = Nearer(best, RayHfieldWall(grid, r, c, r, c + 1, p, v));
  }
  for (int c : {0, last_col}) {
    if (v[0] == 0) break;
    mjtNum t = (-grid.sx + c * grid.dx - p[0]) / v[0];
    if (t > limit || IsBehind(t, grid.sx, p[0], v[0])) continue;
    mjtNum y = p[1] + t * v[1];
    int r0, r1;
    CellRange(y, y, grid.sy, grid.dy, grid.nrow, &r0, &r1);
    for (int r = r0; r <= r1; ++r) best = Nearer(best, RayHfieldWall(grid, r, c, r + 1, c, p, v));
  }
  return best;
}

// The surface cells under the segment t in [t0, t1], walked in the order the ray meets them
// (column by column, then the rows of the segment's part over the column), skipping cells whose
// corners the ray passes wholly above or below. A hit ends the segment there: a cell met later
// holds only hits at least as far (up to its slack, which keeps ties).
mjtNum RayHfieldCells(const HfieldGrid& grid, const mjtNum p[3], const mjtNum v[3], mjtNum t0,
                      mjtNum t1) {
  GridAxis cols(p[0], v[0], grid.sx, grid.dx, grid.ncol), rows(p[1], v[1], grid.sy, grid.dy,
                                                                grid.nrow);
  // beyond the rounding of heights p[2] + t v[2], t in [t0, t1]
  mjtNum margin = 1e-9 * (std::fabs(p[2]) + t1 * std::fabs(v[2]) + std::fabs(grid.ztop)) + 1e-12;
  mjtNum best = kNoHit;
  int c0, c1;
  cols.Range(t0, t1, &c0, &c1);
  for (int c = cols.First(c0, c1), n = c1 - c0 + 1; n > 0; --n, c += cols.Step()) {
    mjtNum a, b;
    cols.Span(c, t0, t1, &a, &b);
    if (a > t1) break;  // the columns after it are met later still
    if (a > b) continue;
    int r0, r1;
    rows.Range(a, b, &r0, &r1);
    for (int r = rows.First(r0, r1), k = r1 - r0 + 1; k > 0; --k, r += rows.Step()) {
      mjtNum ca = a, cb = std::min(b, t1);
      if (r0 != r1) rows.Span(r, ca, cb, &ca, &cb);
      if (ca > cb || !MayCrossCell(grid, r, c, p, v, ca, cb, margin)) continue;
      best = Nearer(best, RayHfieldCell(grid, r, c, p, v));
      if (best >= 0) t1 = std::min(t1, best);
    }
  }
  return best;
}

// The terrain's top is ztop: the compiler normalizes elevations to [0, 1]. Hits beyond `limit`
// (a distance already found by the caller) may be dropped; those up to it are all kept.
mjtNum RayHfieldLocal(const Model& m, int geom, const mjtNum p[3], const mjtNum v[3],
                      mjtNum limit) {
  int hfield = m.geom_dataid[geom];
  if (hfield < 0) return kNoHit;
  HfieldGrid grid(m, hfield);
  mjtNum base[3] = {grid.sx, grid.sy, grid.zbottom / 2};
  mjtNum q[3] = {p[0], p[1], p[2] + grid.zbottom / 2};  // the base box is centered at -zb/2
  mjtNum best = RayBox(base, q, v);
  if (grid.nrow < 2 || grid.ncol < 2) return best;
  // the terrain lies in the box [-sx,sx]x[-sy,sy]x[0,ztop]: first its bounding sphere (observed)
  mjtNum middle[3] = {0, 0, grid.ztop / 2};
  mjtNum radius = std::sqrt(grid.sx * grid.sx + grid.sy * grid.sy + middle[2] * middle[2]);
  if (!MayHitSphere(middle, radius, p, v)) return best;
  // the cells the ray crosses lie under its segment inside the bounding box of the terrain
  mjtNum lo[3] = {-grid.sx, -grid.sy, -grid.zbottom};
  mjtNum hi[3] = {grid.sx, grid.sy, std::max(grid.ztop, mjtNum(0))}, t0, t1;
  GrowBox(lo, hi);
  if (!ClipToBox(p, v, lo, hi, &t0, &t1) || !std::isfinite(t1)) return best;
  // a relative margin keeps the hits that rounding puts a hair beyond the limit
  if (best >= 0) limit = std::min(limit, best);
  mjtNum reach = limit * (1 + 1e-9) + 1e-12;
  t1 = std::min(t1, reach);
  if (t0 <= t1) best = Nearer(best, RayHfieldCells(grid, p, v, t0, t1));
  return Nearer(best, RayHfieldWalls(grid, p, v, reach));
}

// --- geoms of a model ------------------------------------------------------------------------

// the distance to geom g, or kNoHit; a hit beyond `limit` may be reported as none
// the radius of a sphere about the geom's center that holds it, or -1 for a plane or height
// field (unbounded, or cheaper to test directly)
mjtNum BoundingRadius(const Model& m, int geom) {
  const mjtNum* size = m.geom_size + 3 * geom;
  switch (m.geom_type[geom]) {
    case mjGEOM_SPHERE: return size[0];
    case mjGEOM_CAPSULE: return size[0] + size[1];
    case mjGEOM_ELLIPSOID: return std::max(std::max(size[0], size[1]), size[2]);
    case mjGEOM_CYLINDER: return std::sqrt(size[0] * size[0] + size[1] * size[1]);
    case mjGEOM_BOX: return Norm3(size);
    case mjGEOM_MESH: return m.geom_rbound[geom];  // RayMeshLocal's own first test
    default: return -1;
  }
}

// false when the ray surely misses the geom: it misses a slightly larger sphere around it, in
// the world frame, before the ray is taken to the geom's frame (which most rays then miss). No
// mjMINVAL rule here (MayHitSphere's): the tests in the geom's frame may scale the ray.
bool MayHitBound(const Model& m, const Data& d, int geom, const mjtNum pnt[3],
                 const mjtNum vec[3]) {
  mjtNum radius = BoundingRadius(m, geom);
  if (radius < 0) return true;
  radius = radius * (1 + 1e-6) + 1e-9;
  mjtNum q[3];
  Sub3(q, pnt, d.geom_xpos + 3 * geom);
  mjtNum b = Dot3(q, vec), c = Dot3(q, q) - radius * radius;
  if (c > 0 && b > 0) return false;  // outside, moving away
  return b * b - Dot3(vec, vec) * c >= 0;
}

mjtNum RayGeom(const Model& m, const Data& d, int geom, const mjtNum pnt[3], const mjtNum vec[3],
               mjtNum limit = INFINITY) {
  if (!MayHitBound(m, d, geom, pnt, vec)) return kNoHit;
  mjtNum p[3], v[3];
  LocalRay(d.geom_xpos + 3 * geom, d.geom_xmat + 9 * geom, pnt, vec, p, v);
  switch (m.geom_type[geom]) {
    case mjGEOM_HFIELD: return RayHfieldLocal(m, geom, p, v, limit);
    case mjGEOM_MESH: return RayMeshLocal(m, geom, p, v);
    default: return RayPrimitive(m.geom_type[geom], m.geom_size + 3 * geom, p, v);
  }
}

// Height fields are cast last, once the other geoms have bounded the distance (the cells beyond
// it need no test); the result is that of casting in geom order: the nearest hit, and of equal
// ones the lowest geom id.
bool CastsLate(const Model& m, int geom) { return m.geom_type[geom] == mjGEOM_HFIELD; }

// keeps hit x of geom g if it is nearer than (dist, geomid), or as near with a lower id
void KeepNearest(mjtNum x, int g, mjtNum* dist, int* geomid) {
  if (!(x >= 0)) return;
  if (*dist < 0 || x < *dist || (x == *dist && g < *geomid)) {
    *dist = x;
    *geomid = g;
  }
}

bool IsInvisible(const Model& m, int geom) {
  int material = m.geom_matid[geom];
  const float* rgba = material >= 0 ? m.mat_rgba + 4 * material : m.geom_rgba + 4 * geom;
  return rgba[3] == 0;
}

// the filters of mj_ray: group, static bodies, the excluded body, invisible geoms
bool RayIgnores(const Model& m, int geom, const mjtByte* geomgroup, int flg_static,
                int bodyexclude) {
  int body = m.geom_bodyid[geom];
  if (body == bodyexclude) return true;
  if (!flg_static && m.body_weldid[body] == 0) return true;
  if (geomgroup && !geomgroup[std::clamp(m.geom_group[geom], 0, kGeomGroups - 1)]) return true;
  return IsInvisible(m, geom);
}

// azimuth atan2(y, x) and elevation atan2(z, |(x, y)|) of a direction
void DirectionAngles(const mjtNum w[3], mjtNum* azimuth, mjtNum* elevation) {
  *azimuth = std::atan2(w[1], w[0]);
  *elevation = std::atan2(w[2], std::sqrt(w[0] * w[0] + w[1] * w[1]));
}

// mj_multiRay's angular window of a geom seen from pnt: the azimuth and elevation ranges of
// the corners of its oriented bounding box; `all` when the azimuths span more than pi
struct AngularWindow {
  mjtNum azimuth[2], elevation[2];
  bool all;
  bool Contains(const mjtNum vec[3]) const {
    if (all) return true;
    mjtNum az, el;
    DirectionAngles(vec, &az, &el);
    return az >= azimuth[0] && az <= azimuth[1] && el >= elevation[0] && el <= elevation[1];
  }
};

AngularWindow WindowOf(const Model& m, const Data& d, int geom, const mjtNum pnt[3]) {
  AngularWindow window{{INFINITY, -INFINITY}, {INFINITY, -INFINITY}, false};
  const mjtNum* aabb = m.geom_aabb + 6 * geom;
  for (int corner = 0; corner < 8; ++corner) {
    mjtNum local[3], world[3];
    for (int k = 0; k < 3; ++k) local[k] = aabb[k] + ((corner >> k) & 1 ? 1 : -1) * aabb[3 + k];
    MulMatVec3(world, d.geom_xmat + 9 * geom, local);
    AddTo3(world, d.geom_xpos + 3 * geom);
    Sub3(world, world, pnt);
    mjtNum az, el;
    DirectionAngles(world, &az, &el);
    window.azimuth[0] = std::min(window.azimuth[0], az);
    window.azimuth[1] = std::max(window.azimuth[1], az);
    window.elevation[0] = std::min(window.elevation[0], el);
    window.elevation[1] = std::max(window.elevation[1], el);
  }
  window.all = window.azimuth[1] - window.azimuth[0] > mjPI;
  return window;
}

}  // namespace

mjtNum mju_rayGeom(const mjtNum pos[3], const mjtNum mat[9], const mjtNum size[3],
                   const mjtNum pnt[3], const mjtNum vec[3], int geomtype) {
  mjtNum p[3], v[3];
  LocalRay(pos, mat, pnt, vec, p, v);
  return RayPrimitive(geomtype, size, p, v);
}

mjtNum mj_rayMesh(const Model& m, const Data& d, int geomid, const mjtNum pnt[3],
                  const mjtNum vec[3]) {
  if (geomid < 0 || geomid >= m.ngeom || m.geom_type[geomid] != mjGEOM_MESH) return kNoHit;
  return RayGeom(m, d, geomid, pnt, vec);
}

mjtNum mj_rayHfield(const Model& m, const Data& d, int geomid, const mjtNum pnt[3],
                    const mjtNum vec[3]) {
  if (geomid < 0 || geomid >= m.ngeom || m.geom_type[geomid] != mjGEOM_HFIELD) return kNoHit;
  return RayGeom(m, d, geomid, pnt, vec);
}

mjtNum mj_ray(const Model& m, const Data& d, const mjtNum pnt[3], const mjtNum vec[3],
              const mjtByte* geomgroup, int flg_static, int bodyexclude, int* geomid) {
  mjtNum best = kNoHit;
  int best_geom = -1;
  if (Norm3(vec) >= mjMINVAL) {
    bool any_late = false;
    for (int g = 0; g < m.ngeom; ++g) {
      if (RayIgnores(m, g, geomgroup, flg_static, bodyexclude)) continue;
      if (CastsLate(m, g)) {
        any_late = true;
        continue;
      }
      KeepNearest(RayGeom(m, d, g, pnt, vec), g, &best, &best_geom);
    }
    for (int g = 0; any_late && g < m.ngeom; ++g) {
      if (!CastsLate(m, g) || RayIgnores(m, g, geomgroup, flg_static, bodyexclude)) continue;
      KeepNearest(RayGeom(m, d, g, pnt, vec, best >= 0 ? best : INFINITY), g, &best, &best_geom);
    }
  }
  if (geomid) *geomid = best_geom;
  return best;
}

void mj_multiRay(const Model& m, const Data& d, const mjtNum pnt[3], const mjtNum* vec,
                 const mjtByte* geomgroup, int flg_static, int bodyexclude, int* geomid,
                 mjtNum* dist, int nray, mjtNum cutoff) {
  for (int i = 0; i < nray; ++i) {
    geomid[i] = -1;
    dist[i] = kNoHit;
  }
  for (bool late : {false, true}) {
    for (int g = 0; g < m.ngeom; ++g) {
      if (CastsLate(m, g) != late || RayIgnores(m, g, geomgroup, flg_static, bodyexclude)) {
        continue;
      }
      mjtNum offset[3];
      Sub3(offset, d.geom_xpos + 3 * g, pnt);
      if (Norm3(offset) - m.geom_rbound[g] > cutoff) continue;
      AngularWindow window = WindowOf(m, d, g, pnt);
      for (int i = 0; i < nray; ++i) {
        const mjtNum* direction = vec + 3 * i;
        if (!(Norm3(direction) >= mjMINVAL) || !window.Contains(direction)) continue;
        mjtNum x = RayGeom(m, d, g, pnt, direction, dist[i] >= 0 ? dist[i] : INFINITY);
        KeepNearest(x, g, dist + i, geomid + i);
      }
    }
  }
}

}  // namespace mjsim
