// gjk_epa.cc: GJK distance and EPA penetration depth (see gjk_epa.h for the references).
#include "engine/collision/gjk_epa.h"

#include <cmath>
#include <utility>

#include "util/math3.h"

namespace mjsim {
namespace {

// GJK stops when the gap between the upper bound |v| and the lower bound v.w/|v| on the
// distance falls below this fraction of |v| (van den Bergen's relative criterion).
constexpr mjtNum kGjkRelativeGap = 1e-10;
// |v|^2 below this: the origin is in D (touching or overlapping)
constexpr mjtNum kGjkIntersect = 1e-26;
// EPA stops when the support point in the nearest face's normal lies within this distance of
// the face's plane (absolute, in length units).
constexpr mjtNum kEpaGap = 1e-10;
constexpr int kEpaMaxVertices = 256;
constexpr int kEpaMaxFaces = 2 * kEpaMaxVertices;

// (forced inline: GJK and EPA call it once per iteration)
[[gnu::always_inline]] inline void SupportOfDifference(const SupportFunction& A,
                                                       const SupportFunction& B,
                                                       const mjtNum dir[3], MinkowskiPoint& p) {
  mjtNum opposite[3] = {-dir[0], -dir[1], -dir[2]};
  A(dir, p.a);
  B(opposite, p.b);
  Sub3(p.w, p.a, p.b);
}

// Solves the K x K system G x = r (K <= 3) by Gaussian elimination with partial pivoting;
// false when singular. K is a template argument so that the loops unroll.
template <int K>
bool SolveSmall(mjtNum G[3][3], mjtNum r[3], mjtNum x[3]) {
  mjtNum scale = 0;
  for (int i = 0; i < K; ++i) {  // std::fmax (a libm call): a NaN entry is skipped alike
    mjtNum entry = std::abs(G[i][i]);
    if (entry > scale) scale = entry;
  }
  if (!(scale > 0)) return false;
  for (int c = 0; c < K; ++c) {
    int pivot = c;
    for (int i = c + 1; i < K; ++i) {
      if (std::abs(G[i][c]) > std::abs(G[pivot][c])) pivot = i;
    }
    if (std::abs(G[pivot][c]) <= 1e-13 * scale) return false;
    if (pivot != c) {
      for (int j = 0; j < K; ++j) std::swap(G[c][j], G[pivot][j]);
      std::swap(r[c], r[pivot]);
    }
    for (int i = c + 1; i < K; ++i) {
      mjtNum f = G[i][c] / G[c][c];
      for (int j = c; j < K; ++j) G[i][j] -= f * G[c][j];
      r[i] -= f * r[c];
    }
  }
  for (int i = K - 1; i >= 0; --i) {
    mjtNum s = r[i];
    for (int j = i + 1; j < K; ++j) s -= G[i][j] * x[j];
    x[i] = s / G[i][i];
  }
  return true;
}

// The products the faces' normal equations share, each computed once (with the operations a
// face's own computation would use): for a < b <= c < n, with e_ab = w_b - w_a,
// dots[a][b][c] = e_ab . e_ac and base[a][b] = e_ab . w_a.
struct SimplexProducts {
  mjtNum dots[4][4][4];
  mjtNum base[4][4];
};

template <int n>
void ComputeProductsOf(const MinkowskiPoint* p, SimplexProducts& out) {
  mjtNum e[4][4][3];
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      Sub3(e[a][b], p[b].w, p[a].w);
      out.base[a][b] = Dot3(e[a][b], p[a].w);
    }
  }
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      for (int c = b; c < n; ++c) out.dots[a][b][c] = Dot3(e[a][b], e[a][c]);
    }
  }
}

// (n a template argument: the loops unroll)
void ComputeProducts(const MinkowskiPoint* p, int n, SimplexProducts& out) {
  switch (n) {
    case 1: return;
    case 2: return ComputeProductsOf<2>(p, out);
    case 3: return ComputeProductsOf<3>(p, out);
    default: return ComputeProductsOf<4>(p, out);
  }
}

// Barycentric coordinates (lambda) of the projection of the origin on the affine hull of the
// K points p[idx[0..K)], idx increasing: minimize |p0 + sum_i mu_i (p_i - p0)|^2 (normal
// equations G mu = r, G_ij = e_i . e_j, r_i = -e_i . p0, e_i = p_i - p0).
template <int K>
[[gnu::always_inline]] inline bool AffineProjectionOf(const SimplexProducts& prod, const int* idx,
                                                      mjtNum lambda[4]) {
  if constexpr (K == 1) {
    lambda[0] = 1;
    return true;
  }
  mjtNum G[3][3], r[3], mu[3];
  int a = idx[0];
  for (int i = 0; i < K - 1; ++i) {
    int b = idx[i + 1];
    for (int j = 0; j < K - 1; ++j) {
      int c = idx[j + 1];
      G[i][j] = i <= j ? prod.dots[a][b][c] : prod.dots[a][c][b];  // idx increases
    }
    r[i] = -prod.base[a][b];
  }
  if (!SolveSmall<(K > 1 ? K - 1 : 1)>(G, r, mu)) return false;
  lambda[0] = 1;
  for (int i = 1; i < K; ++i) {
    lambda[i] = mu[i - 1];
    lambda[0] -= mu[i - 1];
  }
  return true;
}

// The faces of a simplex of n points as bit masks, smaller faces first (ties keep the smaller
// face): kFaceMasks[n - 1][0 .. 2^n - 1).
constexpr int kFaceMasks[4][15] = {
    {1},
    {1, 2, 3},
    {1, 2, 4, 3, 5, 6, 7},
    {1, 2, 4, 8, 3, 5, 6, 9, 10, 12, 7, 11, 13, 14, 15},
};

// The points of the face `mask` (bit i: point i), in increasing order.
struct FaceIndices {
  int k;
  int idx[4];
};

constexpr FaceIndices IndicesOf(int mask) {
  FaceIndices face{0, {0, 0, 0, 0}};
  for (int i = 0; i < 4; ++i) {
    if (mask & (1 << i)) face.idx[face.k++] = i;
  }
  return face;
}

// One face of BestFace: the projection of the origin on it, kept when its barycentric
// coordinates are nonnegative and it is nearer than `best` (a template: the face's points are
// constants and the loops unroll; forced inline with AffineProjectionOf: the calls were a
// sixth of GJK's closest-point instructions).
template <int Mask>
[[gnu::always_inline]] inline void TryFace(const MinkowskiPoint* s, const SimplexProducts& prod,
                                           mjtNum v[3], int best_idx[4], mjtNum best_lambda[4],
                                           mjtNum& best, int& best_k) {
  static constexpr FaceIndices face = IndicesOf(Mask);
  constexpr int k = face.k;
  const int* idx = face.idx;
  mjtNum lambda[4];
  if (!AffineProjectionOf<k>(prod, idx, lambda)) return;
  bool inside = true;
  for (int i = 0; i < k; ++i) inside &= lambda[i] >= 0;
  if (!inside) return;
  mjtNum point[3] = {0, 0, 0};
  for (int i = 0; i < k; ++i) AddScaledTo3(point, s[idx[i]].w, lambda[i]);
  mjtNum norm2 = Dot3(point, point);
  if (norm2 < best) {
    best = norm2, best_k = k;
    for (int i = 0; i < k; ++i) best_idx[i] = idx[i], best_lambda[i] = lambda[i];
    Copy3(v, point);
  }
}

template <int N, bool kWithNewest, size_t... M>
int BestFaceOf(std::index_sequence<M...>, const MinkowskiPoint* s, const SimplexProducts& prod,
               mjtNum v[3], int best_idx[4], mjtNum best_lambda[4], mjtNum& best) {
  int best_k = 0;
  constexpr int required = kWithNewest ? 1 << (N - 1) : 0;
  // the faces in kFaceMasks order (a fold over the comma operator runs left to right); the
  // others are not compiled in
  ((((kFaceMasks[N - 1][M] & required) == required)
        ? TryFace<kFaceMasks[N - 1][M]>(s, prod, v, best_idx, best_lambda, best, best_k)
        : void()),
   ...);
  return best_k;
}

// The smallest-norm projection of the origin with nonnegative barycentric coordinates over the
// faces of s[0..n) (kWithNewest: those with the newest point s[n - 1]); returns its face size
// (0: none). The search over all faces is rare (ClosestFace) and kept out of line, so that
// GJK's common path stays small in the instruction cache.
template <bool kWithNewest>
[[gnu::noinline]] int BestFace(const MinkowskiPoint* s, const SimplexProducts& prod, int n,
                               mjtNum v[3], int best_idx[4], mjtNum best_lambda[4],
                               mjtNum& best) {
  switch (n) {
    case 1:
      return BestFaceOf<1, kWithNewest>(std::make_index_sequence<1>(), s, prod, v, best_idx,
                                        best_lambda, best);
    case 2:
      return BestFaceOf<2, kWithNewest>(std::make_index_sequence<3>(), s, prod, v, best_idx,
                                        best_lambda, best);
    case 3:
      return BestFaceOf<3, kWithNewest>(std::make_index_sequence<7>(), s, prod, v, best_idx,
                                        best_lambda, best);
    default:
      return BestFaceOf<4, kWithNewest>(std::make_index_sequence<15>(), s, prod, v, best_idx,
                                        best_lambda, best);
  }
}

// The point of the simplex's convex hull closest to the origin: the smallest-norm projection
// over the faces whose projection has nonnegative barycentric coordinates (the closest point
// lies in the relative interior of one face, and every candidate lies in the hull). The newest
// point s[n-1] improved on the closest point of the others, so the answer lies on a face that
// contains it; the other faces are searched only when rounding leaves none of those. Returns
// |v|^2, and the face: its k points' indices (increasing) and their barycentric coordinates.
mjtNum ClosestFace(const MinkowskiPoint* s, int n, mjtNum v[3], int idx[4], mjtNum lambda[4],
                   int& k) {
  mjtNum best = INFINITY;
  SimplexProducts prod;
  ComputeProducts(s, n, prod);
  k = BestFace<true>(s, prod, n, v, idx, lambda, best);
  if (k == 0) k = BestFace<false>(s, prod, n, v, idx, lambda, best);
  if (k == 0) {  // numerically hopeless: keep the newest point alone
    idx[0] = n - 1;
    k = 1;
    lambda[0] = 1;
    Copy3(v, s[n - 1].w);
    return Dot3(v, v);
  }
  return best;
}

// Keeps the points idx[0..k) (increasing) of the simplex, as its first k.
void ReduceSimplex(MinkowskiPoint* s, const int* idx, int k) {
  for (int i = 0; i < k; ++i) {
    if (idx[i] != i) s[i] = s[idx[i]];
  }
}

bool Duplicate(const MinkowskiPoint* s, int n, const MinkowskiPoint& w) {
  for (int i = 0; i < n; ++i) {
    mjtNum delta[3];
    Sub3(delta, s[i].w, w.w);
    if (Dot3(delta, delta) <= 1e-30) return true;
  }
  return false;
}

void Witnesses(const MinkowskiPoint* s, const mjtNum* lambda, int n, mjtNum a[3], mjtNum b[3]) {
  Zero3(a);
  Zero3(b);
  for (int i = 0; i < n; ++i) {
    AddScaledTo3(a, s[i].a, lambda[i]);
    AddScaledTo3(b, s[i].b, lambda[i]);
  }
}

// The faces of a tetrahedron p[0..3], face i opposite vertex i, wound so that the normal
// (p_b - p_a) x (p_c - p_a) points outward when det[p1 - p0, p2 - p0, p3 - p0] > 0.
constexpr int kTetraFaces[4][3] = {{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}};

// The signed distance of the origin outside face i of the tetrahedron (positive: outside,
// assuming the positive orientation above); the face's unnormalized normal in `normal`.
mjtNum OutsideDistance(const MinkowskiPoint* p, int i, mjtNum normal[3]) {
  const mjtNum* a = p[kTetraFaces[i][0]].w;
  mjtNum e1[3], e2[3];
  Sub3(e1, p[kTetraFaces[i][1]].w, a);
  Sub3(e2, p[kTetraFaces[i][2]].w, a);
  Cross3(normal, e1, e2);
  mjtNum norm = Norm3(normal);
  return norm > 0 ? -Dot3(normal, a) / norm : -INFINITY;
}

enum class WalkEnd { kInside, kSeparated, kOutOfIterations };

// The reference's intersection test at cutoff 0 (measured, see gjk_epa.h): from GJK's first
// tetrahedron, taken as positively oriented whatever its actual orientation, repeatedly the
// face with the origin farthest outside is pushed out: its opposite vertex is replaced by the
// support along the face's normal, and two other vertices are swapped (which keeps a walked
// tetrahedron positively oriented, and turns a negatively oriented first one: there every face
// "has the origin outside", and the first step replaces the vertex opposite the face farthest
// from the origin by the support towards it). Ends when no face has the origin outside.
WalkEnd WalkTetrahedron(const SupportFunction& A, const SupportFunction& B, MinkowskiPoint* p,
                        int budget) {
  for (int step = 0;; ++step) {
    int best = -1;
    mjtNum best_outside = 0, best_normal[3];
    for (int i = 0; i < 4; ++i) {
      mjtNum normal[3];
      mjtNum outside = OutsideDistance(p, i, normal);
      if (outside > best_outside) best = i, best_outside = outside, Copy3(best_normal, normal);
    }
    if (best < 0) return WalkEnd::kInside;
    if (step == budget) return WalkEnd::kOutOfIterations;
    MinkowskiPoint w;
    SupportOfDifference(A, B, best_normal, w);
    // D lies below the plane normal.x = normal.w, which passes below the origin: apart
    if (Dot3(best_normal, w.w) < 0) return WalkEnd::kSeparated;
    p[best] = w;
    int first = best == 0 ? 1 : 0, second = best <= 1 ? 2 : 1;
    std::swap(p[first], p[second]);
  }
}

// Whether the origin lies in the tetrahedron (either orientation, up to rounding).
bool TetrahedronHoldsOrigin(const MinkowskiPoint* p) {
  for (int i = 0; i < 4; ++i) {
    mjtNum normal[3], e[3];
    mjtNum outside = OutsideDistance(p, i, normal);
    Sub3(e, p[i].w, p[kTetraFaces[i][0]].w);
    if (Dot3(normal, e) > 0) outside = -outside;  // the face's normal points inward
    if (!(outside <= 1e-15)) return false;
  }
  return true;
}

// Cutoff 0: the walk from GJK's first tetrahedron (result.simplex, walked in place) decides;
// when it runs out of iterations, EPA starts from the walked tetrahedron if it holds the
// origin, else from the first one if that does, else there is no contact (measured at small
// opt.ccd_iterations).
void IntersectionFromTetrahedron(const SupportFunction& A, const SupportFunction& B,
                                 GjkResult& result, int budget) {
  MinkowskiPoint first[4];
  for (int i = 0; i < 4; ++i) first[i] = result.simplex[i];
  WalkEnd end = WalkTetrahedron(A, B, result.simplex, budget);
  result.nsimplex = 4;
  if (end != WalkEnd::kInside && !TetrahedronHoldsOrigin(result.simplex)) {
    if (end == WalkEnd::kSeparated || !TetrahedronHoldsOrigin(first)) {
      result.beyond_cutoff = true;  // no contact at cutoff 0
      return;
    }
    for (int i = 0; i < 4; ++i) result.simplex[i] = first[i];
  }
  result.intersect = true;
}

}  // namespace

GjkResult GjkDistance(const SupportFunction& A, const SupportFunction& B, const mjtNum start[3],
                      mjtNum cutoff, int max_iterations, mjtNum tolerance) {
  // the simplex's points are written as it grows, and read only below nsimplex: not zeroed
  // first (288 bytes, which compiled to a rep stos: a tenth of GJK's time on the pile)
  GjkResult result;
  result.intersect = result.beyond_cutoff = false;
  result.dist = 0;
  Zero3(result.a);
  Zero3(result.b);
  result.nsimplex = 0;
  // the convergence threshold on v.v - v.w (the reference's: half the squared tolerance)
  const mjtNum epsilon = 0.5 * tolerance * tolerance;
  mjtNum v[3] = {-start[0], -start[1], -start[2]};
  mjtNum previous[3];
  Copy3(previous, v);
  mjtNum lambda[4] = {1, 0, 0, 0};
  int n = 0;
  bool stopped = false;
  for (int iter = 0; iter < max_iterations; ++iter) {
    mjtNum search[3] = {-v[0], -v[1], -v[2]};
    MinkowskiPoint& w = result.simplex[n];  // n < 4: the slot the new point would take
    SupportOfDifference(A, B, search, w);
    mjtNum vv = Dot3(v, v), vw = Dot3(v, w.w);
    // lower bound on the distance: v.w / |v|
    if (vw > 0 && vw * vw > cutoff * cutoff * vv) {
      result.beyond_cutoff = true;
      return result;
    }
    // converged; with no tolerance also when w repeats a point of the simplex (but not at
    // the origin: there the reference goes on to a tetrahedron)
    bool exact = tolerance <= 0 && vv > kGjkIntersect;
    if (vv - vw < epsilon ||
        (exact && (vv - vw <= kGjkRelativeGap * vv || Duplicate(result.simplex, n, w)))) {
      stopped = true;
      break;
    }
    ++n;
    if (n == 4 && !(cutoff > 0)) {
      IntersectionFromTetrahedron(A, B, result, max_iterations - iter - 1);
      return result;
    }
    mjtNum candidate[3], candidate_lambda[4];
    int face[4], face_k;
    mjtNum vv_new = ClosestFace(result.simplex, n, candidate, face, candidate_lambda, face_k);
    if (exact && !(vv_new < vv) && n > 1) {
      // no progress (exact polytopes at their rounding floor): keep the previous simplex
      --n;
      stopped = true;
      break;
    }
    ReduceSimplex(result.simplex, face, face_k);
    n = face_k;
    Copy3(previous, v);
    Copy3(v, candidate);
    for (int i = 0; i < 4; ++i) lambda[i] = candidate_lambda[i];
    if (n == 4) {  // the origin is inside the tetrahedron
      Zero3(v);
      stopped = true;
      break;
    }
  }
  result.nsimplex = n;
  mjtNum dist = std::sqrt(Dot3(v, v));
  result.intersect = n == 4 || (stopped && n > 0 && dist <= tolerance) ||
                     (tolerance <= 0 && n > 0 && Dot3(v, v) <= kGjkIntersect);
  // out of iterations: the reference reports the distance before the last step
  result.dist = stopped ? dist : std::sqrt(Dot3(previous, previous));
  Witnesses(result.simplex, lambda, n, result.a, result.b);
  return result;
}

namespace {

// A face of the polytope. Faces live in slots (a removed face's slot is reused). Their
// creation order (stamp) breaks ties between faces at the same distance: the nearest face is
// the oldest of the nearest (the order the faces had in a list where removed faces closed up
// and new ones went last). Neighbours: adj[e] is the face across edge e, (v[e], v[e + 1 mod
// 3]), where that edge is its edge adj_edge[e].
struct Face {
  int v[3];
  int adj[3], adj_edge[3];
  int stamp;  // creation order; -1: the slot is free
  int live_at;  // its place in Polytope::live
  mjtNum normal[3];
  mjtNum dist;  // normal . vertex: distance of the face's plane from the origin
};

// An edge (a, b) of the horizon.
struct HorizonEdge {
  int a, b;
};

struct Polytope {
  MinkowskiPoint vert[kEpaMaxVertices];
  Face face[kEpaMaxFaces];        // by slot
  int free_slot[kEpaMaxFaces];    // the removed faces' slots, to reuse
  int mark[kEpaMaxFaces];         // by slot: tested in expansion `epoch` (see Expand)
  int edge_at[kEpaMaxFaces][3];   // by slot and edge: the edge's place on the horizon list
  HorizonEdge horizon[3 * kEpaMaxFaces];  // Expand's horizon list (without neighbours)
  int live[kEpaMaxFaces];          // the live faces' slots, in no particular order
  mjtNum live_dist[kEpaMaxFaces];  // ... and their distances
  // SimpleLoopOf's: the vertices starting an edge in check `tag`, and the edge starting at each
  int start_tag[kEpaMaxVertices], next[kEpaMaxVertices];
  int horizon_code[3 * kEpaMaxFaces];  // ExpandLinked's horizon list: 4 slot + edge
  int nvert, nface, nslot, nfree, stamp;
  int epoch, tag;  // counters of Expand and SimpleLoopOf, kept from one EPA call to the next
  bool linked;  // adj holds the neighbours (each directed edge in one face, its reverse in one)
  bool unordered;  // a face's distance is NaN (NearestFace)
};

// The polytope's storage (110 kB: too large for some thread stacks), one per thread. Reached
// once per EPA call through this function: a thread-local variable used directly is looked up
// again at every use in the inlined helpers (__tls_get_addr in a shared library).
[[gnu::noinline]] Polytope& ThreadPolytope() {
  static thread_local Polytope polytope;
  return polytope;
}

void ClearPolytope(Polytope& P) {
  P.nvert = P.nface = P.nslot = P.nfree = P.stamp = 0;
  P.linked = P.unordered = false;
}

// A face (i, j, k) of the polytope, counter-clockwise seen from outside, in two steps:
// PlaceFace takes a slot and sets the corners, the creation stamp and the unnormalized
// normal; FinishFace normalizes it (given its norm), sets the distance and lists the face
// as live. Their neighbours are left to the caller. Forced inline: ~4 new faces per EPA
// iteration, and the call (saved registers) was a sixth of their cost.
[[gnu::always_inline]] inline int PlaceFace(Polytope& P, int i, int j, int k) {
  int slot = P.nfree > 0 ? P.free_slot[--P.nfree] : P.nslot++;
  Face& f = P.face[slot];
  f.v[0] = i, f.v[1] = j, f.v[2] = k;
  f.stamp = P.stamp++;
  mjtNum e1[3], e2[3];
  Sub3(e1, P.vert[j].w, P.vert[i].w);
  Sub3(e2, P.vert[k].w, P.vert[i].w);
  Cross3(f.normal, e1, e2);
  return slot;
}

[[gnu::always_inline]] inline void FinishFace(Polytope& P, int slot, mjtNum norm) {
  Face& f = P.face[slot];
  if (norm > 0) {
    Scale3(f.normal, f.normal, 1 / norm);
    f.dist = Dot3(f.normal, P.vert[f.v[0]].w);
  } else {
    f.dist = INFINITY;  // a sliver: never the nearest face
  }
  P.unordered |= std::isnan(f.dist);
  f.live_at = P.nface;
  P.live[P.nface] = slot, P.live_dist[P.nface] = f.dist;
  ++P.nface;
}

// One face; its slot, or -1 when out of room.
[[gnu::always_inline]] inline int AddFace(Polytope& P, int i, int j, int k) {
  if (P.nface >= kEpaMaxFaces) return -1;
  int slot = PlaceFace(P, i, j, k);
  FinishFace(P, slot, Norm3(P.face[slot].normal));
  return slot;
}

// The faces (a[e], b[e], w) for e < n, in order, into created[e] (the caller checked the
// room): as AddFace each, but with every face's square root taken before any is normalized,
// so that the square roots and divisions of the fan overlap in the pipeline instead of each
// waiting for the one before (measured: a tenth of EPA's time was spent waiting on them).
[[gnu::always_inline]] inline void AddFan(Polytope& P, const int* a, const int* b, int n, int w,
                                          int* created) {
  mjtNum norm[kEpaMaxFaces];
  for (int e = 0; e < n; ++e) {
    created[e] = PlaceFace(P, a[e], b[e], w);
    const mjtNum* normal = P.face[created[e]].normal;
    norm[e] = Dot3(normal, normal);
  }
  for (int e = 0; e < n; ++e) norm[e] = std::sqrt(norm[e]);
  for (int e = 0; e < n; ++e) FinishFace(P, created[e], norm[e]);
}

[[gnu::always_inline]] inline void RemoveFace(Polytope& P, int slot) {
  Face& f = P.face[slot];
  int last = --P.nface, at = f.live_at;
  P.live[at] = P.live[last], P.live_dist[at] = P.live_dist[last];
  P.face[P.live[at]].live_at = at;
  f.stamp = -1;
  P.free_slot[P.nfree++] = slot;
}

// A point of D that leaves the affine hull of the first n points the most, among the
// supports in a few directions away from that hull; false when D is flat there.
bool GrowSimplex(const SupportFunction& A, const SupportFunction& B, MinkowskiPoint* s, int n) {
  mjtNum dirs[6][3];
  int ndir = 0;
  mjtNum e1[3] = {0, 0, 0}, e2[3] = {0, 0, 0};  // set for n >= 2 and n == 3 (where used)
  if (n >= 2) Sub3(e1, s[1].w, s[0].w);
  if (n == 3) Sub3(e2, s[2].w, s[0].w);
  for (int k = 0; k < 3; ++k) {
    mjtNum axis[3] = {0, 0, 0};
    axis[k] = 1;
    if (n == 1) {
      Copy3(dirs[ndir++], axis);
    } else if (n == 2) {
      Cross3(dirs[ndir++], e1, axis);
    }
  }
  if (n == 3) Cross3(dirs[ndir++], e1, e2);
  int base = ndir;
  for (int i = 0; i < base; ++i) Scale3(dirs[ndir++], dirs[i], -1);
  mjtNum best = 0;
  MinkowskiPoint best_point{};
  for (int i = 0; i < ndir; ++i) {
    if (!(Dot3(dirs[i], dirs[i]) > 0)) continue;
    MinkowskiPoint w;
    SupportOfDifference(A, B, dirs[i], w);
    mjtNum delta[3], away;
    Sub3(delta, w.w, s[0].w);
    if (n == 1) {
      away = Norm3(delta);
    } else if (n == 2) {
      mjtNum c[3];
      Cross3(c, delta, e1);
      away = Norm3(c) / Norm3(e1);
    } else {
      mjtNum normal[3];
      Cross3(normal, e1, e2);
      away = std::abs(Dot3(delta, normal)) / Norm3(normal);
    }
    if (away > best) best = away, best_point = w;
  }
  if (!(best > 1e-12)) return false;
  s[n] = best_point;
  return true;
}

// Faces (i, j, k) of a convex polytope of P.nvert points, each turned to face away from the
// points' centroid (inside the polytope).
void AddOutwardFaces(Polytope& P, const int (*faces)[3], int nface) {
  mjtNum centroid[3] = {0, 0, 0};
  for (int i = 0; i < P.nvert; ++i) AddScaledTo3(centroid, P.vert[i].w, 1.0 / P.nvert);
  for (int f = 0; f < nface; ++f) {
    int i = faces[f][0], j = faces[f][1], k = faces[f][2];
    mjtNum e1[3], e2[3], normal[3], in[3];
    Sub3(e1, P.vert[j].w, P.vert[i].w);
    Sub3(e2, P.vert[k].w, P.vert[i].w);
    Cross3(normal, e1, e2);
    Sub3(in, centroid, P.vert[i].w);
    if (Dot3(normal, in) > 0) std::swap(j, k);
    AddFace(P, i, j, k);
  }
}

// Rotation of v about the unit axis u by the angle of cosine c and sine s (Rodrigues).
void RotateAbout(const mjtNum u[3], mjtNum c, mjtNum s, const mjtNum v[3], mjtNum out[3]) {
  mjtNum cross[3];
  Cross3(cross, u, v);
  mjtNum along = Dot3(u, v) * (1 - c);
  for (int k = 0; k < 3; ++k) out[k] = v[k] * c + cross[k] * s + u[k] * along;
}

// From a segment (GJK met the origin on it): its two ends and the supports in three directions
// normal to it, 120 degrees apart, the first (axis_k x e) with e_k the smallest component of the
// segment e. A triangular bipyramid of 6 faces. The reference's construction, measured on a
// symmetric capsule-in-cylinder case: its three directions are this close to symmetric only
// with sin 120 = 0.86602540378 (the 240 degree turn as the 120 degree one applied twice, in
// cosine and sine), which decides which of the nearly equal faces EPA takes first.
bool SegmentPolytope(const SupportFunction& A, const SupportFunction& B, const GjkResult& gjk,
                     Polytope& P) {
  mjtNum e[3];
  Sub3(e, gjk.simplex[1].w, gjk.simplex[0].w);
  mjtNum length = Norm3(e);
  if (!(length > 0)) return false;
  int k = 0;
  for (int i = 1; i < 3; ++i) {
    if (std::abs(e[i]) < std::abs(e[k])) k = i;
  }
  mjtNum axis[3] = {0, 0, 0}, u[3], dir[3][3];
  axis[k] = 1;
  Cross3(dir[0], axis, e);
  Scale3(u, e, 1 / length);
  constexpr mjtNum kCos = -0.5, kSin = 0.86602540378;
  RotateAbout(u, kCos, kSin, dir[0], dir[1]);
  RotateAbout(u, kCos * kCos - kSin * kSin, kSin * kCos + kCos * kSin, dir[0], dir[2]);
  P.vert[0] = gjk.simplex[0];
  P.vert[1] = gjk.simplex[1];
  for (int j = 0; j < 3; ++j) SupportOfDifference(A, B, dir[j], P.vert[2 + j]);
  P.nvert = 5;
  const int faces[6][3] = {{0, 2, 3}, {0, 3, 4}, {0, 4, 2}, {1, 2, 3}, {1, 3, 4}, {1, 4, 2}};
  AddOutwardFaces(P, faces, 6);
  return true;
}

// From a triangle: its corners and the supports along its two normals (6 faces).
bool TrianglePolytope(const SupportFunction& A, const SupportFunction& B, const GjkResult& gjk,
                      Polytope& P) {
  mjtNum e1[3], e2[3], normal[3], opposite[3];
  Sub3(e1, gjk.simplex[1].w, gjk.simplex[0].w);
  Sub3(e2, gjk.simplex[2].w, gjk.simplex[0].w);
  Cross3(normal, e1, e2);
  if (!(Dot3(normal, normal) > 0)) return false;
  Scale3(opposite, normal, -1);
  for (int i = 0; i < 3; ++i) P.vert[i] = gjk.simplex[i];
  SupportOfDifference(A, B, normal, P.vert[3]);
  SupportOfDifference(A, B, opposite, P.vert[4]);
  P.nvert = 5;
  const int faces[6][3] = {{0, 1, 3}, {1, 2, 3}, {2, 0, 3}, {0, 1, 4}, {1, 2, 4}, {2, 0, 4}};
  AddOutwardFaces(P, faces, 6);
  return true;
}

// The initial polytope's neighbours, from its directed edges: true when every directed edge
// lies in one face and its reverse in one other (a closed, consistently wound surface); else
// the expansions find the visible faces by a scan (Expand).
bool LinkFaces(Polytope& P) {
  constexpr int kMaxVertices = 8;
  if (P.nvert > kMaxVertices) return false;
  int owner[kMaxVertices * kMaxVertices];  // directed edge (a, b) -> 3 slot + edge
  for (int& o : owner) o = -1;
  for (int slot = 0; slot < P.nslot; ++slot) {
    const Face& f = P.face[slot];
    for (int e = 0; e < 3; ++e) {
      int& o = owner[f.v[e] * kMaxVertices + f.v[(e + 1) % 3]];
      if (o >= 0) return false;
      o = 3 * slot + e;
    }
  }
  for (int slot = 0; slot < P.nslot; ++slot) {
    Face& f = P.face[slot];
    for (int e = 0; e < 3; ++e) {
      int o = owner[f.v[(e + 1) % 3] * kMaxVertices + f.v[e]];
      if (o < 0) return false;
      f.adj[e] = o / 3, f.adj_edge[e] = o % 3;
    }
  }
  return true;
}

// The initial polytope from GJK's final simplex (see gjk_epa.h); a lone point is grown to a
// tetrahedron (no reference behaviour known there). False when D is flat there.
bool HoldsOrigin(const Polytope& P) {
  for (int i = 0; i < P.nface; ++i) {
    if (!(P.live_dist[i] >= -1e-15)) return false;
  }
  return true;
}

bool InitialPolytope(const SupportFunction& A, const SupportFunction& B, const GjkResult& gjk,
                     Polytope& P) {
  // from a segment or a triangle as the reference; when that bipyramid misses the origin (the
  // origin on its surface or outside, in symmetric poses), a tetrahedron grown from the simplex
  if (gjk.nsimplex == 2 && SegmentPolytope(A, B, gjk, P) && HoldsOrigin(P)) return true;
  if (gjk.nsimplex == 3 && TrianglePolytope(A, B, gjk, P) && HoldsOrigin(P)) return true;
  ClearPolytope(P);
  MinkowskiPoint* s = P.vert;  // the simplex, grown in place to a tetrahedron
  int n = gjk.nsimplex;
  for (int i = 0; i < n; ++i) s[i] = gjk.simplex[i];
  for (; n < 4; ++n) {
    if (!GrowSimplex(A, B, s, n)) return false;
  }
  P.nvert = 4;
  const int faces[4][3] = {{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}};
  mjtNum e1[3], e2[3], normal[3], out[3];
  Sub3(e1, s[1].w, s[0].w);
  Sub3(e2, s[2].w, s[0].w);
  Cross3(normal, e1, e2);
  Sub3(out, s[3].w, s[0].w);
  if (!(std::abs(Dot3(normal, out)) > 1e-30)) return false;
  AddOutwardFaces(P, faces, 4);
  return true;
}

int StampAt(const Polytope& P, int i) { return P.face[P.live[i]].stamp; }

// The slot of the face nearest the origin, the oldest of equal distances: as a scan of the
// faces by age would find it, starting from the oldest and moving on at each strictly smaller
// distance (a NaN distance met first stays: handled apart, rare).
int NearestFace(const Polytope& P) {
  if (!P.unordered) {
    // the least distance, as four independent running minima (no branch on the data, no NaN
    // here), then the oldest face at that distance (rarely more than one)
    const mjtNum* dist = P.live_dist;
    const int n = P.nface;
    mjtNum low[4] = {dist[0], dist[0], dist[0], dist[0]};
    int i = 1;
    for (; i + 4 <= n; i += 4) {
      for (int k = 0; k < 4; ++k) low[k] = dist[i + k] < low[k] ? dist[i + k] : low[k];
    }
    for (; i < n; ++i) low[0] = dist[i] < low[0] ? dist[i] : low[0];
    low[0] = low[1] < low[0] ? low[1] : low[0];
    low[2] = low[3] < low[2] ? low[3] : low[2];
    const mjtNum least = low[2] < low[0] ? low[2] : low[0];
    int best = 0;
    while (dist[best] != least) ++best;
    for (int j = best + 1; j < n; ++j) {
      if (dist[j] == least && StampAt(P, j) < StampAt(P, best)) best = j;
    }
    return P.live[best];
  }
  int oldest = 0;
  for (int i = 1; i < P.nface; ++i) {
    if (StampAt(P, i) < StampAt(P, oldest)) oldest = i;
  }
  int best = oldest;
  for (int i = 0; i < P.nface; ++i) {
    mjtNum dist = P.live_dist[i], best_dist = P.live_dist[best];
    if (dist < best_dist || (dist == best_dist && StampAt(P, i) < StampAt(P, best))) best = i;
  }
  return P.live[best];
}

// Whether w lies beyond the plane of the face in `slot` (by more than rounding).
bool Sees(const Polytope& P, int slot, const MinkowskiPoint& w) {
  const Face& f = P.face[slot];
  mjtNum delta[3];
  Sub3(delta, w.w, P.vert[f.v[0]].w);
  return Dot3(f.normal, delta) > 1e-14;
}

// The visible faces without neighbours: every face that sees w, and the nearest one, listed in
// vis in order of age.
int VisibleFaces(const Polytope& P, const MinkowskiPoint& w, int nearest, int* vis) {
  int nvis = 0;
  for (int slot = 0; slot < P.nslot; ++slot) {
    if (P.face[slot].stamp >= 0 && (slot == nearest || Sees(P, slot, w))) vis[nvis++] = slot;
  }
  for (int s = 1; s < nvis; ++s) {  // by age (insertion sort: a few faces)
    int slot = vis[s], t = s;
    for (; t > 0 && P.face[vis[t - 1]].stamp > P.face[slot].stamp; --t) vis[t] = vis[t - 1];
    vis[t] = slot;
  }
  return nvis;
}

// The horizon of the visible faces vis[0..nvis) (in order of age): their edges in order, each
// appended to the list unless its reverse is on it already (an edge shared by two visible
// faces), which is then taken off, the last edge moving into its place. Returns its length.
int Horizon(Polytope& P, const int* vis, int nvis) {
  constexpr int kNext[3] = {1, 2, 0};
  HorizonEdge* edges = P.horizon;
  int nedge = 0;
  for (int s = 0; s < nvis; ++s) {
    int slot = vis[s];
    const Face& f = P.face[slot];
    for (int e = 0; e < 3; ++e) {
      int a = f.v[e], b = f.v[kNext[e]];
      int reverse_at = -1;
      for (int k = 0; k < nedge && reverse_at < 0; ++k) {
        if (edges[k].a == b && edges[k].b == a) reverse_at = k;
      }
      if (reverse_at >= 0) {
        edges[reverse_at] = edges[--nedge];
      } else {
        edges[nedge++] = {a, b};
      }
    }
  }
  return nedge;
}

// The visible faces give way to the fan joining the horizon (P.horizon[0..nedge), a simple
// loop) to w (no neighbours kept).
void ReplaceVisible(Polytope& P, const MinkowskiPoint& w, const int* vis, int nvis, int nedge) {
  for (int s = 0; s < nvis; ++s) RemoveFace(P, vis[s]);
  int wi = P.nvert;
  P.vert[P.nvert++] = w;
  for (int k = 0; k < nedge; ++k) AddFace(P, P.horizon[k].a, P.horizon[k].b, wi);
}

// The horizon (a[k], b[k]) is one closed loop: every vertex on it starts exactly one edge and
// ends exactly one. A numerically inconsistent visibility (w nearly on the planes of several
// faces) breaks this; the polytope is then left as it is rather than broken.
// Checked as: the edges' starts are distinct (tagged in start_tag with a new tag), and the walk
// along the edges from the first start (at_start[v]: the edge starting at v, written for every
// start), through starts only, first comes back after nedge edges. It then went through nedge
// distinct starts, all of them, so every start also ends exactly one edge.
bool SimpleLoopOf(const int* a, const int* b, int nedge, int& last_tag, int* start_tag,
                  const int* at_start) {
  if (last_tag >= (1 << 30)) {  // the tags start over (every billion checks)
    for (int v = 0; v < kEpaMaxVertices; ++v) start_tag[v] = 0;
    last_tag = 0;
  }
  int tag = ++last_tag;
  for (int k = 0; k < nedge; ++k) {
    if (start_tag[a[k]] == tag) return false;
    start_tag[a[k]] = tag;
  }
  int first = a[0], v = first;
  for (int length = 1; length <= nedge; ++length) {
    v = b[at_start[v]];
    if (v == first) return length == nedge;
    if (start_tag[v] != tag) return false;
  }
  return false;
}

// SimpleLoopOf for the horizon list P.horizon[0..nedge) (without neighbours; nedge <=
// kEpaMaxFaces, Expand checked the room).
bool SimpleLoop(Polytope& P, int nedge) {
  if (nedge < 3) return false;
  int a[kEpaMaxFaces], b[kEpaMaxFaces];
  for (int k = 0; k < nedge; ++k) {
    a[k] = P.horizon[k].a, b[k] = P.horizon[k].b;
    P.next[a[k]] = k;
  }
  return SimpleLoopOf(a, b, nedge, P.tag, P.start_tag, P.next);
}

// Expand with neighbours, in one pass over local views of the polytope (the steps above, with
// the same visible faces, the same horizon order, the same new faces and links):
//   the visible faces by a walk across edges from the nearest face, sorted by age;
//   the horizon by the same appends and swap-removals as Horizon, each edge coded 4 slot + e;
//   the simple-loop check (SimpleLoopOf), needed for three or more visible faces only;
//   the visible faces removed and the fan of new faces added and linked (ReplaceVisible).
[[gnu::always_inline]] inline bool ExpandLinked(Polytope& P, const MinkowskiPoint& w,
                                                int nearest, int visible) {
  constexpr int kNext[3] = {1, 2, 0};
  Face* __restrict face = P.face;
  int* __restrict mark = P.mark;
  int (*__restrict edge_at)[3] = P.edge_at;
  int* __restrict code = P.horizon_code;
  const MinkowskiPoint* __restrict vert = P.vert;
  int vis[kEpaMaxFaces];
  mark[nearest] = visible;
  vis[0] = nearest;
  int nvis = 1;
  for (int s = 0; s < nvis; ++s) {
    const Face& f = face[vis[s]];
    for (int e = 0; e < 3; ++e) {
      int g = f.adj[e];
      if (mark[g] >= visible) continue;  // tested already
      const Face& h = face[g];
      mjtNum delta[3];
      Sub3(delta, w.w, vert[h.v[0]].w);
      bool sees = Dot3(h.normal, delta) > 1e-14;  // (Sees)
      mark[g] = sees ? visible : visible + 1;
      if (sees) vis[nvis++] = g;
    }
  }
  // the horizon edges (a[k], b[k]) and the faces across them (across[k], where the edge is
  // edge across_edge[k]), read before the visible slots are reused
  int a[kEpaMaxFaces], b[kEpaMaxFaces], across[kEpaMaxFaces], across_edge[kEpaMaxFaces];
  int nedge = 0;
  if (nvis == 1) {  // the nearest face's three edges, in order (a quarter of the expansions)
    const Face& f = face[nearest];
    for (int e = 0; e < 3; ++e) {
      a[e] = f.v[e], b[e] = f.v[kNext[e]], across[e] = f.adj[e], across_edge[e] = f.adj_edge[e];
    }
    nedge = 3;
  } else {
    for (int s = 1; s < nvis; ++s) {  // by age (insertion sort: a few faces)
      int slot = vis[s], stamp = face[slot].stamp, t = s;
      for (; t > 0 && face[vis[t - 1]].stamp > stamp; --t) vis[t] = vis[t - 1];
      vis[t] = slot;
    }
    // an edge whose reverse is on the list (the face across visible and older) takes that one
    // off, the last moving into its place; code[k] = 4 slot + e says where edge k comes from
    for (int s = 0; s < nvis; ++s) {
      int slot = vis[s];
      const Face& f = face[slot];
      for (int e = 0; e < 3; ++e) {
        int g = f.adj[e];
        if (mark[g] == visible && face[g].stamp < f.stamp) {
          int at = edge_at[g][f.adj_edge[e]], last = --nedge;
          int moved = code[at] = code[last];
          a[at] = a[last], b[at] = b[last];
          across[at] = across[last], across_edge[at] = across_edge[last];
          edge_at[moved >> 2][moved & 3] = at;
        } else {
          edge_at[slot][e] = nedge;
          code[nedge] = 4 * slot + e;
          a[nedge] = f.v[e], b[nedge] = f.v[kNext[e]];
          across[nedge] = g, across_edge[nedge] = f.adj_edge[e];
          ++nedge;
        }
      }
    }
  }
  if (nedge < 3 || P.nface - nvis + nedge > kEpaMaxFaces) return false;
  // at_start[v]: the edge starting at v
  int* __restrict at_start = P.next;
  for (int k = 0; k < nedge; ++k) at_start[a[k]] = k;
  // one or two visible faces (three quarters of the expansions) always leave a simple loop:
  // the surface is closed and each directed edge lies in one face (LinkFaces, kept by every
  // expansion), so two faces across one edge (u, v) have distinct third vertices (equal ones
  // would make the faces share all three edges: no horizon, nedge 0 above)
  if (nvis > 2 && !SimpleLoopOf(a, b, nedge, P.tag, P.start_tag, at_start)) return false;
  for (int s = 0; s < nvis; ++s) RemoveFace(P, vis[s]);
  int wi = P.nvert;
  P.vert[P.nvert++] = w;
  int created[kEpaMaxFaces];
  AddFan(P, a, b, nedge, wi, created);
  for (int k = 0; k < nedge; ++k) {
    Face& f = face[created[k]];
    f.adj[0] = across[k], f.adj_edge[0] = across_edge[k];
    Face& outside = face[across[k]];
    outside.adj[across_edge[k]] = created[k], outside.adj_edge[across_edge[k]] = 0;
    // edge 1 (b, w) is edge 2 (w, b) of the face on the next horizon edge (b, c)
    int next = created[at_start[b[k]]];
    f.adj[1] = next, f.adj_edge[1] = 2;
    face[next].adj[2] = created[k], face[next].adj_edge[2] = 1;
  }
  return true;
}

// Expand without neighbours (rare: an initial polytope LinkFaces could not link), out of line;
// the common case (Expand, ExpandLinked) is forced inline into EPA's loop (measured: 1% of the
// pile's mj_collision instructions, which the compiler's own choice gains or loses by edit).
[[gnu::noinline]] bool ExpandUnlinked(Polytope& P, const MinkowskiPoint& w, int nearest) {
  int vis[kEpaMaxFaces];
  int nvis = VisibleFaces(P, w, nearest, vis);
  int nedge = Horizon(P, vis, nvis);
  if (P.nface - nvis + nedge > kEpaMaxFaces || !SimpleLoop(P, nedge)) return false;
  ReplaceVisible(P, w, vis, nvis, nedge);
  return true;
}

// Adds point w (index P.nvert) to the polytope: the faces that see it go (the nearest face
// always), and the horizon (the edges of theirs not shared between two of them) is joined to
// w. False when out of room or when the horizon is not one simple loop.
// With neighbours (ExpandLinked), the visible faces are those reached from the nearest face
// across visible faces (as the reference: a face that sees w beyond a face that does not, on a
// polytope made non-convex by its first bipyramid, stays; measured on ellipsoid-box
// penetrations, where a scan of all faces gave a horizon of two loops and stopped EPA short of
// the reference's depth). Without: every face that sees w.
[[gnu::always_inline]] inline bool Expand(Polytope& P, const MinkowskiPoint& w, int nearest) {
  if (P.nvert >= kEpaMaxVertices) return false;
  if (!P.linked) return ExpandUnlinked(P, w, nearest);
  if (P.epoch >= (1 << 29)) {  // the marks start over (every few hundred million expansions)
    for (int& mark : P.mark) mark = 0;
    P.epoch = 0;
  }
  int visible = 2 * ++P.epoch;  // (visible + 1: tested, hidden) above all earlier marks
  return ExpandLinked(P, w, nearest, visible);
}

}  // namespace

EpaResult EpaPenetration(const SupportFunction& A, const SupportFunction& B,
                         const GjkResult& gjk, int max_iterations, mjtNum tolerance) {
  EpaResult result{};
  Polytope& P = ThreadPolytope();
  ClearPolytope(P);
  if (!InitialPolytope(A, B, gjk, P) || max_iterations < 1) return result;
  P.linked = LinkFaces(P);
  mjtNum upper = INFINITY;
  Face last{};
  for (int iter = 0; iter < max_iterations; ++iter) {
    int nearest = NearestFace(P);
    last = P.face[nearest];
    MinkowskiPoint w;
    SupportOfDifference(A, B, last.normal, w);
    mjtNum bound = Dot3(last.normal, w.w);
    if (bound < upper) upper = bound;  // std::fmin (a libm call): a NaN bound is skipped alike
    // the bounds meet within the tolerance (without one: w adds nothing)
    mjtNum gap = upper - last.dist;
    if (gap < tolerance || (tolerance <= 0 && gap <= kEpaGap)) break;
    if (!Expand(P, w, nearest)) break;
  }
  if (!std::isfinite(last.dist)) return result;
  // the polytope only ever gains vertices: the last face's corners are still in place
  MinkowskiPoint corners[3];
  for (int i = 0; i < 3; ++i) corners[i] = P.vert[last.v[i]];
  // barycentric coordinates of the origin's projection dist * normal on the face
  mjtNum v[3], area[3], p[3][3];
  Scale3(v, last.normal, last.dist);
  for (int i = 0; i < 3; ++i) Sub3(p[i], corners[i].w, v);
  mjtNum total = 0;
  for (int i = 0; i < 3; ++i) {
    mjtNum c[3];
    Cross3(c, p[(i + 1) % 3], p[(i + 2) % 3]);
    area[i] = Dot3(c, last.normal);
    total += area[i];
  }
  mjtNum lambda[3];
  for (int i = 0; i < 3; ++i) lambda[i] = total != 0 ? area[i] / total : 1.0 / 3;
  Witnesses(corners, lambda, 3, result.a, result.b);
  result.depth = PositivePart(last.dist);
  Copy3(result.normal, last.normal);
  result.valid = true;
  return result;
}

}  // namespace mjsim
