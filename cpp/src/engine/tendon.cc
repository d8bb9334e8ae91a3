// tendon.cc: tendon lengths and moments, forward pipeline stage 5 (Computation, "Tendons";
// MJCF reference, tendon/spatial; checklist C.4).
//   reads   m.tendon_adr tendon_num wrap_type wrap_objid wrap_prm jnt_qposadr jnt_dofadr
//           site_bodyid geom_bodyid geom_size body_parentid body_rootid body_dofadr body_dofnum
//           d.qpos site_xpos geom_xpos geom_xmat            (written by kinematics.cc)
//           d.subtree_com cdof                              (written by com.cc)
//   writes  d.ten_length ten_J (dense, or sparse with ten_J_rownnz rowadr colind when
//           mj_isSparse: jacobian="sparse", or "auto" and nv >= 60) ten_wrapadr ten_wrapnum
//           wrap_obj wrap_xpos
//
// Fixed tendon:   L = sum_i coef_i q_i,  dL/dq = coef_i at the dof of joint i.
// Spatial tendon: the path visits its sites in order; a geom between two sites is an obstacle
// the path wraps around when the straight segment would cross it (or when a side site asks for
// the other side). Pulleys start branches; a branch's length is divided by the divisor of the
// pulley that started it. L = sum over branches of (straight segments + wrap arcs) / divisor.
// Moments: the path is the shortest one given its end points, so moving the tangent points
// along the surface does not change L to first order (envelope theorem): dL/dq is the sum over
// straight segments a->b of u.(J_b - J_a)/divisor, u = (b-a)/|b-a|, each tangent point moving
// with the wrap geom's body. The arc between two tangent points of one rigid body adds nothing.
//
// Path points go to wrap_xpos in path order: one per site, two per wrapping geom (none when
// the geom does not touch the path), one per pulley (zeros); wrap_obj holds -1 for a site,
// the geom id, or -2 for a pulley.
//
// Side sites (MJCF tendon/spatial/geom sidesite; rules observed on the reference, checklist
// C.4): outside the geom, a segment crossing the circle wraps on the side whose arc midpoint is
// nearer to the side site; a segment missing it wraps only when the side site lies beyond the
// center as seen from the segment's closest point. Inside the geom (3D distance), a segment
// missing the circle is pulled onto it at one touch point; a crossing one stays straight.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "mjsim/api.h"
#include "util/math3.h"

namespace mjsim {
namespace {

// ---- moments ----------------------------------------------------------------------------------
// One tendon's row of ten_J while it is computed: dense (nv values), or sparse as the
// reference stores it (sorted dofs in colind, their values in value, nnz of them; a dof enters
// the row when a segment end moves with it, and stays even when its value sums to 0).
struct MomentRow {
  mjtNum* value;
  int* colind = nullptr;  // nullptr: dense
  int nnz = 0;

  // value at `dof` += v (or = v when `assign`)
  void Add(int dof, mjtNum v, bool assign = false) {
    if (!colind) {
      value[dof] = assign ? v : value[dof] + v;
      return;
    }
    int k = static_cast<int>(std::lower_bound(colind, colind + nnz, dof) - colind);
    if (k == nnz || colind[k] != dof) {  // a new entry: shift the later ones up
      for (int i = nnz; i > k; --i) {
        colind[i] = colind[i - 1];
        value[i] = value[i - 1];
      }
      colind[k] = dof;
      value[k] = 0;
      ++nnz;
    }
    value[k] = assign ? v : value[k] + v;
  }
};

// row += scale * u . dp/dq for the point p fixed to body b: each dof of b and of its ancestors
// moves p with cdof_lin + cdof_rot x (p - subtree_com[root])
void AddPointMoment(const Model& m, const Data& d, MomentRow& row, int b, const mjtNum p[3],
                    const mjtNum u[3], mjtNum scale) {
  mjtNum offset[3];
  Sub3(offset, p, d.subtree_com + 3 * m.body_rootid[b]);
  for (; b > 0; b = m.body_parentid[b]) {
    for (int i = m.body_dofadr[b]; i < m.body_dofadr[b] + m.body_dofnum[b]; ++i) {
      const mjtNum* cdof = d.cdof + 6 * i;
      mjtNum velocity[3];
      Cross3(velocity, cdof, offset);
      AddTo3(velocity, cdof + 3);
      row.Add(i, scale * Dot3(u, velocity));
    }
  }
}

// length of the straight segment a (on body ba) -> b (on body bb); adds its moment to row
mjtNum AddSegment(const Model& m, const Data& d, MomentRow& row, const mjtNum a[3], int ba,
                  const mjtNum b[3], int bb, mjtNum scale) {
  mjtNum u[3];
  Sub3(u, b, a);
  mjtNum length = Norm3(u);
  if (length < mjMINVAL || ba == bb) return length;  // one rigid body: no moment
  Scale3(u, u, 1 / length);
  AddPointMoment(m, d, row, bb, b, u, scale);
  AddPointMoment(m, d, row, ba, a, u, -scale);
  return length;
}

// ---- wrapping in the plane of the path (circle of radius r at the origin) ----------------------
inline mjtNum Cross2(const mjtNum a[2], const mjtNum b[2]) { return a[0] * b[1] - a[1] * b[0]; }
inline mjtNum Dot2(const mjtNum a[2], const mjtNum b[2]) { return a[0] * b[0] + a[1] * b[1]; }
inline mjtNum Dist2(const mjtNum a[2], const mjtNum b[2]) {
  return std::hypot(a[0] - b[0], a[1] - b[1]);
}

// Tangent point on the circle of the line from p, on the side `sign`: the path p -> t then
// turns counterclockwise around the circle for sign = +1 (when leaving, use -sign).
// t = (r^2 p + sign r sqrt(|p|^2 - r^2) perp(p)) / |p|^2, perp(p) = (-p_y, p_x)
void TangentPoint(mjtNum t[2], const mjtNum p[2], mjtNum r, mjtNum sign) {
  mjtNum pp = Dot2(p, p);
  mjtNum along = r * r / pp;
  mjtNum across = sign * r * std::sqrt(std::max(pp - r * r, mjtNum(0))) / pp;
  t[0] = along * p[0] - across * p[1];
  t[1] = along * p[1] + across * p[0];
}

// angle swept going counterclockwise (sign +1) or clockwise (-1) from t0 to t1, in [0, 2 pi)
mjtNum ArcAngle(const mjtNum t0[2], const mjtNum t1[2], mjtNum sign) {
  mjtNum angle = std::atan2(sign * Cross2(t0, t1), Dot2(t0, t1));
  return angle < 0 ? angle + 2 * mjPI : angle;
}

// do the segments p0-p1 and q0-q1 intersect (end points included)?
bool SegmentsIntersect(const mjtNum p0[2], const mjtNum p1[2], const mjtNum q0[2],
                       const mjtNum q1[2]) {
  mjtNum dp[2] = {p1[0] - p0[0], p1[1] - p0[1]};
  mjtNum dq[2] = {q1[0] - q0[0], q1[1] - q0[1]};
  mjtNum denom = Cross2(dp, dq);
  if (std::fabs(denom) < mjMINVAL) return false;  // parallel
  mjtNum pq[2] = {q0[0] - p0[0], q0[1] - p0[1]};
  mjtNum u = Cross2(pq, dq) / denom;  // along p
  mjtNum v = Cross2(pq, dp) / denom;  // along q
  return u >= 0 && u <= 1 && v >= 0 && v <= 1;
}

struct Wrap2D {
  mjtNum t0[2], t1[2];  // where the path touches the circle coming from a, leaving towards b
  mjtNum arc;           // length of the arc between them
};

// Of two candidate wraps, the one whose arc midpoint is nearer to the side point (both moved
// onto the circle). A side point on a cylinder's axis gives NaN distances and candidate 0.
int NearerToSide(const Wrap2D candidate[2], const mjtNum side[2]) {
  mjtNum side_norm = std::hypot(side[0], side[1]);
  mjtNum dist[2];
  for (int k = 0; k < 2; ++k) {
    mjtNum mid[2] = {candidate[k].t0[0] + candidate[k].t1[0], candidate[k].t0[1] + candidate[k].t1[1]};
    mjtNum mid_norm = std::max(std::hypot(mid[0], mid[1]), mjMINVAL);
    mjtNum diff[2] = {side[0] / side_norm - mid[0] / mid_norm, side[1] / side_norm - mid[1] / mid_norm};
    dist[k] = std::hypot(diff[0], diff[1]);
  }
  return dist[1] < dist[0] ? 1 : 0;
}

// A side point inside the circle asks the path to pass through the geom: a segment that misses
// the circle is pulled onto it at the single point t that minimizes |a - t| + |t - b|, where
// the unit vectors from a and from b towards t add up to a multiple of the normal t (light
// reflected off the circle). t lies between the directions of a and b (less than pi apart, as
// the segment misses the circle); the tangential part of that sum changes sign there, so
// bisection on the angle finds it to the last bit.
bool TouchCircle(Wrap2D& wrap, const mjtNum a[2], const mjtNum b[2], mjtNum r) {
  mjtNum angle_a = std::atan2(a[1], a[0]);
  mjtNum span = std::atan2(Cross2(a, b), Dot2(a, b));  // signed angle from a to b
  auto slope = [&](mjtNum angle) {  // d/d(angle) of |a - t| + |t - b|, up to a positive factor
    mjtNum t[2] = {r * std::cos(angle), r * std::sin(angle)};
    mjtNum tangent[2] = {-t[1], t[0]};
    mjtNum ta[2] = {t[0] - a[0], t[1] - a[1]}, tb[2] = {t[0] - b[0], t[1] - b[1]};
    return Dot2(tangent, ta) / std::hypot(ta[0], ta[1]) +
           Dot2(tangent, tb) / std::hypot(tb[0], tb[1]);
  };
  mjtNum lo = angle_a, hi = angle_a + span;
  if (slope(lo) > slope(hi)) std::swap(lo, hi);  // slope(lo) <= 0 <= slope(hi)
  for (int i = 0; i < 200 && lo != hi; ++i) {
    mjtNum mid = 0.5 * (lo + hi);
    if (mid == lo || mid == hi) break;
    (slope(mid) < 0 ? lo : hi) = mid;
  }
  mjtNum angle = 0.5 * (lo + hi);
  wrap.t0[0] = wrap.t1[0] = r * std::cos(angle);
  wrap.t0[1] = wrap.t1[1] = r * std::sin(angle);
  wrap.arc = 0;
  return true;
}

// The path a -> circle -> b (2D). Returns false when the path does not wrap: an end point is
// inside the circle, or the straight segment misses the circle and there is no side point asking
// for the other side. `side` (nullptr: none) picks the side of the circle the path takes.
bool WrapCircle(Wrap2D& wrap, const mjtNum a[2], const mjtNum b[2], const mjtNum* side,
                bool side_inside, mjtNum r) {
  if (Dot2(a, a) <= r * r || Dot2(b, b) <= r * r) return false;
  // closest point of the segment to the center
  mjtNum ab[2] = {b[0] - a[0], b[1] - a[1]};
  mjtNum lensq = Dot2(ab, ab);
  mjtNum u = lensq > mjMINVAL ? std::clamp(-Dot2(a, ab) / lensq, mjtNum(0), mjtNum(1)) : 0;
  mjtNum closest[2] = {a[0] + u * ab[0], a[1] + u * ab[1]};
  bool crosses = Dot2(closest, closest) < r * r;
  if (side_inside) return crosses ? false : TouchCircle(wrap, a, b, r);
  // the two candidate paths: counterclockwise (+1) and clockwise (-1) around the center
  Wrap2D candidate[2];
  for (int k = 0; k < 2; ++k) {
    mjtNum sign = k == 0 ? 1 : -1;
    TangentPoint(candidate[k].t0, a, r, sign);
    TangentPoint(candidate[k].t1, b, r, -sign);
    candidate[k].arc = r * ArcAngle(candidate[k].t0, candidate[k].t1, sign);
  }
  auto nearer_to_side = [&]() { return NearerToSide(candidate, side); };
  int pick;
  if (crosses) {
    // the shorter way around, or the side of the side point
    pick = side ? nearer_to_side() : (candidate[0].arc <= candidate[1].arc ? 0 : 1);
  } else {
    // the straight segment misses the circle: it stays the path unless a side point lies
    // beyond the center as seen from the segment's closest point; then the path goes around
    // the far side, i.e. the candidate whose straight parts do not cross each other
    if (!side || Dot2(side, closest) >= 0) return false;
    bool crossed[2];
    for (int k = 0; k < 2; ++k) {
      crossed[k] = SegmentsIntersect(a, candidate[k].t0, candidate[k].t1, b);
    }
    pick = crossed[0] == crossed[1] ? nearer_to_side() : (crossed[0] ? 1 : 0);
  }
  wrap = candidate[pick];
  return true;
}

// ---- wrapping around a geom -------------------------------------------------------------------
// v (world) in the frame of the geom at `center` with orientation `rot`
void ToGeomFrame(mjtNum local[3], const mjtNum v[3], const mjtNum center[3], const mjtNum rot[9]) {
  mjtNum offset[3];
  Sub3(offset, v, center);
  MulMatTVec3(local, rot, offset);
}

// The plane a sphere's path lies in: through the center and both end points, spanned by ex
// (towards a) and ey. When the end points are in line with the center, the reference (observed)
// takes the normal a x v with v the one of (0,1,1), (1,0,1), (1,1,0) that makes it longest
// (the first on ties); the two ways around are then equally long and rounding picks one.
bool SpherePathPlane(mjtNum ex[3], mjtNum ey[3], const mjtNum a[3], const mjtNum b[3]) {
  mjtNum norm = Norm3(a);
  if (norm < mjMINVAL) return false;
  Scale3(ex, a, 1 / norm);
  mjtNum normal[3];
  Cross3(normal, a, b);
  if (Norm3(normal) < mjMINVAL) {
    mjtNum best = -1;
    for (int k = 0; k < 3; ++k) {
      mjtNum v[3] = {1, 1, 1}, candidate[3];
      v[k] = 0;
      Cross3(candidate, a, v);
      if (Norm3(candidate) > best) {
        best = Norm3(candidate);
        Copy3(normal, candidate);
      }
    }
  }
  Normalize3(normal);
  Cross3(ey, normal, ex);
  return true;
}

// The 2D wrap lifted back to the geom frame: in the plane (ex, ey), plus for a cylinder the
// height along its axis, which grows linearly with the distance travelled in the plane (the
// path is straight on the unrolled cylinder). Returns the length between the two points.
mjtNum LiftWrap(mjtNum local0[3], mjtNum local1[3], const Wrap2D& wrap, const mjtNum ex[3],
                const mjtNum ey[3], bool cylinder, const mjtNum a[2], const mjtNum b[2],
                mjtNum za, mjtNum zb) {
  for (int i = 0; i < 3; ++i) {
    local0[i] = wrap.t0[0] * ex[i] + wrap.t0[1] * ey[i];
    local1[i] = wrap.t1[0] * ex[i] + wrap.t1[1] * ey[i];
  }
  if (!cylinder) return wrap.arc;
  mjtNum before = Dist2(a, wrap.t0), after = Dist2(wrap.t1, b);
  mjtNum total = before + wrap.arc + after;
  local0[2] = za + (zb - za) * before / total;
  local1[2] = za + (zb - za) * (before + wrap.arc) / total;
  return std::hypot(wrap.arc, local1[2] - local0[2]);
}

// The two tangent points (world) and the length of the wrapped part between them; false when
// the straight segment p0 -> p1 is the path.
bool WrapGeom(const Model& m, const Data& d, int geom, int sidesite, const mjtNum p0[3],
              const mjtNum p1[3], mjtNum t0[3], mjtNum t1[3], mjtNum& length) {
  const mjtNum* center = d.geom_xpos + 3 * geom;
  const mjtNum* rot = d.geom_xmat + 9 * geom;
  mjtNum r = m.geom_size[3 * geom];
  mjtNum a3[3], b3[3], s3[3] = {0, 0, 0};
  ToGeomFrame(a3, p0, center, rot);
  ToGeomFrame(b3, p1, center, rot);
  if (sidesite >= 0) ToGeomFrame(s3, d.site_xpos + 3 * sidesite, center, rot);
  // the plane of the path: a sphere's great circle, or normal to a cylinder's axis
  mjtNum ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0};
  bool cylinder = m.geom_type[geom] == mjGEOM_CYLINDER;
  if (!cylinder && !SpherePathPlane(ex, ey, a3, b3)) return false;
  mjtNum a[2] = {Dot3(a3, ex), Dot3(a3, ey)};
  mjtNum b[2] = {Dot3(b3, ex), Dot3(b3, ey)};
  mjtNum s[2] = {Dot3(s3, ex), Dot3(s3, ey)};
  // a side site inside the geom (in 3D, also for a cylinder) asks for the inside path
  bool side_inside = sidesite >= 0 && Norm3(s3) < r;
  Wrap2D wrap;
  if (!WrapCircle(wrap, a, b, sidesite >= 0 ? s : nullptr, side_inside, r)) return false;
  mjtNum local0[3], local1[3];
  length = LiftWrap(local0, local1, wrap, ex, ey, cylinder, a, b, a3[2], b3[2]);
  MulMatVec3(t0, rot, local0);
  AddTo3(t0, center);
  MulMatVec3(t1, rot, local1);
  AddTo3(t1, center);
  return true;
}

// ---- tendons ----------------------------------------------------------------------------------
void RecordPoint(Data& d, int& count, int obj, const mjtNum* point) {
  d.wrap_obj[count] = obj;
  if (point) Copy3(d.wrap_xpos + 3 * count, point);
  else Zero3(d.wrap_xpos + 3 * count);
  ++count;
}

// L = sum coef * q; moment coef at the joint's dof. A joint listed twice adds both terms to the
// length; its moment is then the last coefficient in a dense ten_J and the sum in a sparse one,
// as in the reference (observed, 3.3.7).
void ComputeFixedTendon(const Model& m, Data& d, int t, MomentRow& row) {
  for (int w = m.tendon_adr[t]; w < m.tendon_adr[t] + m.tendon_num[t]; ++w) {
    int joint = m.wrap_objid[w];
    mjtNum coef = m.wrap_prm[w];
    int dof = m.jnt_dofadr[joint];
    d.ten_length[t] += coef * d.qpos[m.jnt_qposadr[joint]];
    row.Add(dof, coef, /*assign=*/row.colind == nullptr);
  }
}

void ComputeSpatialTendon(const Model& m, Data& d, int t, MomentRow& row, int& count) {
  mjtNum divisor = 1;
  int begin = m.tendon_adr[t], end = begin + m.tendon_num[t];
  for (int w = begin; w < end; ++w) {
    if (m.wrap_type[w] == mjWRAP_PULLEY) {
      divisor = m.wrap_prm[w];
      RecordPoint(d, count, -2, nullptr);
      continue;
    }
    // a site: record it, then the segment to the next site (around a geom in between)
    int site0 = m.wrap_objid[w];
    const mjtNum* p0 = d.site_xpos + 3 * site0;
    RecordPoint(d, count, -1, p0);
    if (w + 1 >= end || m.wrap_type[w + 1] == mjWRAP_PULLEY) continue;
    mjtNum scale = 1 / divisor;
    int body0 = m.site_bodyid[site0];
    if (m.wrap_type[w + 1] == mjWRAP_SITE) {
      int site1 = m.wrap_objid[w + 1];
      d.ten_length[t] += scale * AddSegment(m, d, row, p0, body0, d.site_xpos + 3 * site1,
                                            m.site_bodyid[site1], scale);
      continue;
    }
    // a geom between site0 and site1 (the compiler checked the path)
    int geom = m.wrap_objid[w + 1];
    int site1 = m.wrap_objid[w + 2];
    const mjtNum* p1 = d.site_xpos + 3 * site1;
    int body1 = m.site_bodyid[site1];
    int sidesite = static_cast<int>(m.wrap_prm[w + 1]);
    mjtNum t0[3], t1[3], arc;
    if (WrapGeom(m, d, geom, sidesite, p0, p1, t0, t1, arc)) {
      int gbody = m.geom_bodyid[geom];
      RecordPoint(d, count, geom, t0);
      RecordPoint(d, count, geom, t1);
      mjtNum length = AddSegment(m, d, row, p0, body0, t0, gbody, scale) + arc +
                      AddSegment(m, d, row, t1, gbody, p1, body1, scale);
      d.ten_length[t] += scale * length;
    } else {
      d.ten_length[t] += scale * AddSegment(m, d, row, p0, body0, p1, body1, scale);
    }
    ++w;  // the geom is done; site1 comes next
  }
}

}  // namespace

void mj_tendon(const Model& m, Data& d) {
  if (m.ntendon == 0) return;
  // a sparse ten_J holds the rows one after another (row t at ten_J_rowadr[t]); entries past
  // the last row, like wrap rows past the last path point, keep what an earlier call wrote, as
  // in the reference, so that whole arrays compare equal after the same sequence of calls
  bool sparse = mj_isSparse(m);
  if (!sparse) std::memset(d.ten_J, 0, sizeof(mjtNum) * m.ntendon * m.nv);
  int count = 0;  // path points recorded so far
  int adr = 0;    // sparse: where the next row starts
  for (int t = 0; t < m.ntendon; ++t) {
    d.ten_length[t] = 0;
    d.ten_wrapadr[t] = count;
    MomentRow row{d.ten_J + t * m.nv};
    if (sparse) row = MomentRow{d.ten_J + adr, d.ten_J_colind + adr};
    if (m.wrap_type[m.tendon_adr[t]] == mjWRAP_JOINT) {
      ComputeFixedTendon(m, d, t, row);
    } else {
      ComputeSpatialTendon(m, d, t, row, count);
    }
    d.ten_wrapnum[t] = count - d.ten_wrapadr[t];
    if (sparse) {
      d.ten_J_rowadr[t] = adr;
      d.ten_J_rownnz[t] = row.nnz;
      adr += row.nnz;
    }
  }
}

}  // namespace mjsim
