// flexes.cc: compiler stage for <deformable><flex>: vertices bound to bodies, elements of
// dimension 1 (segments), 2 (triangles) or 3 (tetrahedra), and what the reference derives from
// them (facts measured on mujoco 3.3.7, docs/notes/flex-reference-observations.md):
//   vertices    one per `vertex` triple in its body's frame, or one per body at its origin; a
//               single body name binds every vertex, a vertex past the names is on the world
//   orientation a tetrahedron (a b c d) with det[b-a, c-a, d-a] > 0 at qpos0 is stored (a c b d)
//   edges       each element's local edges in order, stored as sorted vertex pairs, a new one
//               appended when first met: segment (a b); triangle (b c) (a c) (a b); tetrahedron
//               (a b) (b c) (a c) (c d) (a d) (b d); flex_elemedge lists each element's ids
//   shell       the boundary fragments (the (dim-1)-faces of exactly one element), ordered by
//               their sorted vertices, oriented as in the element: segment (a) (b); triangle
//               (a b) (b c) (c a); tetrahedron (a b c) (a c d) (a d b) (b d c)
//   evpair      dim 1 and 2: for each interior face, in the order of its sorted vertices, held
//               by elements A (first) and B of which one has a boundary fragment:
//               (B, A's vertex off the face), (A, B's vertex off it)
//   elemlayer   dim 3: 0 for an element with a boundary face, else 1 + the least layer of the
//               elements it shares a face with
//   stiffness   per element, the upper triangle of the matrix K of the energy K_ef de df in the
//               changes de = l_e^2 - L_e^2 of its squared edge lengths (Saint Venant-Kirchhoff:
//               Green strain E = sum_e de B_e, B_e = -(g_i g_j' + g_j g_i')/4 with g the
//               barycentric gradients): K_ef = s V (mu tr(B_e B_f) + lambda tr B_e tr B_f), s = 4
//               and V the volume for tetrahedra, s = 1 and V = area * thickness for triangles
//               with elastic2d stretch (fitted exactly to the reference's values)
//   vert0       the vertices at qpos0 normalized to their bounding box, (x - lo) / (hi - lo); an
//               axis of zero extent gives 0.5, or NaN where the coordinate is 0 (the reference's
//               values also differ from the formula by up to ~2e-15, not yet explained)
//   bvh         one tree per flex over its elements' boxes at qpos0 (tetrahedra: those of the
//               active layers), after the static trees
// flexedge_invweight0 is written by constants.cc (it needs M at qpos0).
//   reads   spec.flexes, m.body_* (compile.cc), m.nbvhstatic (bounding.cc)
//   writes  m.nflex* sizes, flex_* flexvert_* flexedge_length0 flexedge_rigid, the flex trees
#include <algorithm>
#include <array>
#include <functional>
#include <cmath>
#include <limits>
#include <map>
#include <memory>

#include "compiler/bvh.h"
#include "compiler/stages.h"
#include "mjsim/api.h"
#include "mjsim/data.h"
#include "util/math3.h"

namespace mjsim {
namespace {

constexpr int kElastic2dBend = 1, kElastic2dStretch = 2;

// the connectivity of one flex, from its elements (vertex ids local to the flex)
struct FlexTopology {
  std::vector<std::array<int, 2>> edges;   // sorted vertex pairs
  std::vector<int> elemedge;               // per element, its local edges' ids
  std::vector<int> shell;                  // boundary fragments, dim vertices each
  std::vector<std::array<int, 2>> evpair;  // (element, vertex)
  std::vector<int> elemlayer;
};

// local edges and (dim-1)-faces of an element, as vertex positions within the element
const std::vector<std::vector<int>>& LocalEdges(int dim) {
  static const std::vector<std::vector<int>> edges[4] = {
      {}, {{0, 1}}, {{1, 2}, {0, 2}, {0, 1}}, {{0, 1}, {1, 2}, {0, 2}, {2, 3}, {0, 3}, {1, 3}}};
  return edges[dim];
}
const std::vector<std::vector<int>>& LocalFaces(int dim) {
  static const std::vector<std::vector<int>> faces[4] = {
      {}, {{0}, {1}}, {{0, 1}, {1, 2}, {2, 0}}, {{0, 1, 2}, {0, 2, 3}, {0, 3, 1}, {1, 3, 2}}};
  return faces[dim];
}

std::vector<int> SortedFace(const int* element, const std::vector<int>& local) {
  std::vector<int> face;
  for (int k : local) face.push_back(element[k]);
  std::sort(face.begin(), face.end());
  return face;
}

void FindEdges(int dim, const std::vector<int>& elem, FlexTopology& topology) {
  std::map<std::array<int, 2>, int> ids;
  for (size_t e = 0; e < elem.size(); e += dim + 1) {
    for (const std::vector<int>& local : LocalEdges(dim)) {
      std::array<int, 2> edge = {std::min(elem[e + local[0]], elem[e + local[1]]),
                                 std::max(elem[e + local[0]], elem[e + local[1]])};
      auto found = ids.emplace(edge, static_cast<int>(topology.edges.size()));
      if (found.second) topology.edges.push_back(edge);
      topology.elemedge.push_back(found.first->second);
    }
  }
}

// each (dim-1)-face (sorted vertices) -> the elements holding it, with the local face index
using FaceUses = std::map<std::vector<int>, std::vector<std::pair<int, int>>>;

FaceUses FindFaces(int dim, const std::vector<int>& elem) {
  FaceUses uses;
  const std::vector<std::vector<int>>& faces = LocalFaces(dim);
  for (size_t e = 0; e < elem.size(); e += dim + 1) {
    for (size_t f = 0; f < faces.size(); ++f) {
      uses[SortedFace(&elem[e], faces[f])].push_back({static_cast<int>(e / (dim + 1)), static_cast<int>(f)});
    }
  }
  return uses;
}

void FindShell(int dim, const std::vector<int>& elem, const FaceUses& uses, FlexTopology& topology) {
  for (const auto& [face, holders] : uses) {
    if (holders.size() != 1) continue;
    const int* element = &elem[holders[0].first * (dim + 1)];
    for (int k : LocalFaces(dim)[holders[0].second]) topology.shell.push_back(element[k]);
  }
}

// the vertex of element `e` that is not on `face`
int VertexOffFace(int dim, const std::vector<int>& elem, int e, const std::vector<int>& face) {
  for (int k = 0; k <= dim; ++k) {
    int v = elem[e * (dim + 1) + k];
    if (std::find(face.begin(), face.end(), v) == face.end()) return v;
  }
  return -1;
}

// an element with a boundary fragment (a face of no other element)
std::vector<bool> SurfaceElements(int nelem, const FaceUses& uses) {
  std::vector<bool> surface(nelem, false);
  for (const auto& [face, holders] : uses) {
    if (holders.size() == 1) surface[holders[0].first] = true;
  }
  return surface;
}

// dim 1 and 2, interior faces in sorted order, only where one of the two elements is on the
// surface (measured on flexcomp grids: faces between two inner elements get no pair)
void FindEvPairs(int dim, const std::vector<int>& elem, const FaceUses& uses, FlexTopology& topology) {
  if (dim == 3) return;
  std::vector<bool> surface = SurfaceElements(static_cast<int>(elem.size()) / (dim + 1), uses);
  for (const auto& [face, holders] : uses) {
    if (holders.size() != 2) continue;
    int a = holders[0].first, b = holders[1].first;
    if (!surface[a] && !surface[b]) continue;
    topology.evpair.push_back({b, VertexOffFace(dim, elem, a, face)});
    topology.evpair.push_back({a, VertexOffFace(dim, elem, b, face)});
  }
}

// breadth first from the elements with a boundary face, through shared faces
void FindLayers(int dim, int nelem, const FaceUses& uses, FlexTopology& topology) {
  topology.elemlayer.assign(nelem, dim == 3 ? -1 : 0);
  if (dim != 3) return;
  std::vector<int> frontier;
  for (const auto& [face, holders] : uses) {
    int e = holders[0].first;
    if (holders.size() == 1 && topology.elemlayer[e] < 0) {
      topology.elemlayer[e] = 0;
      frontier.push_back(e);
    }
  }
  std::vector<std::vector<int>> neighbors(nelem);
  for (const auto& [face, holders] : uses) {
    for (const auto& [e, f] : holders) {
      for (const auto& [other, g] : holders) {
        if (other != e) neighbors[e].push_back(other);
      }
    }
  }
  for (int layer = 1; !frontier.empty(); ++layer) {
    std::vector<int> next;
    for (int e : frontier) {
      for (int other : neighbors[e]) {
        if (topology.elemlayer[other] < 0) {
          topology.elemlayer[other] = layer;
          next.push_back(other);
        }
      }
    }
    frontier.swap(next);
  }
}

FlexTopology BuildTopology(int dim, const std::vector<int>& elem) {
  FlexTopology topology;
  FindEdges(dim, elem, topology);
  FaceUses uses = FindFaces(dim, elem);
  FindShell(dim, elem, uses, topology);
  FindEvPairs(dim, elem, uses, topology);
  FindLayers(dim, static_cast<int>(elem.size()) / (dim + 1), uses, topology);
  return topology;
}

int VertexCount(const SpecFlex& flex) {
  return flex.vert.empty() ? static_cast<int>(flex.vertbody.size())
                           : static_cast<int>(flex.vert.size() / 3);
}

// the body of vertex v: the only body named, the v-th, or the world past the names
const std::string* VertexBodyName(const SpecFlex& flex, int v) {
  if (flex.vertbody.size() == 1) return &flex.vertbody[0];
  return v < static_cast<int>(flex.vertbody.size()) ? &flex.vertbody[v] : nullptr;
}

// ---- checks, in the reference's order where measured --------------------------------------

void CheckElements(const SpecFlex& flex, int nvert, const std::function<void(const std::string&)>& fail) {
  int size = flex.dim + 1;
  if (flex.elem.size() % size != 0) fail("elem size must be multiple of (dim+1)");
  for (size_t e = 0; e < flex.elem.size(); e += size) {
    for (int k = 0; k < size; ++k) {
      int v = flex.elem[e + k];
      if (v < 0 || v >= nvert) fail("elem vertex id out of range");
      for (int j = 0; j < k; ++j) {
        if (flex.elem[e + j] == v) fail("repeated vertex in element");
      }
    }
  }
}

void CheckFlex(const CompileContext& ctx, const SpecFlex& flex, int id) {
  auto fail = [&](const std::string& message) { ctx.FailVerbatim(flex.name, id, flex.source, message); };
  if (flex.dim < 1 || flex.dim > 3) fail("dim must be 1, 2 or 3");
  if (flex.vert.size() % 3 != 0) fail("vert size must be a multiple of 3");
  int nvert = VertexCount(flex);
  if (nvert < flex.dim + 1) fail("not enough vertices");
  CheckElements(flex, nvert, fail);
  if (!flex.texcoord.empty() && flex.texcoord.size() != 2 * static_cast<size_t>(nvert)) {
    fail("two texture coordinates per vertex expected");
  }
  if (!flex.elemtexcoord.empty() && flex.elemtexcoord.size() != flex.elem.size()) {
    fail("elemtexcoord must have one entry per element vertex");
  }
  for (int v = 0; v < nvert; ++v) {
    const std::string* body = VertexBodyName(flex, v);
    if (body && ctx.FindId(mjOBJ_BODY, *body) < 0) fail("unknown body '" + *body + "' in flex");
  }
  if (!flex.material.empty() && ctx.FindId(mjOBJ_MATERIAL, flex.material) < 0) {
    fail("unknown material '" + flex.material + "' in flex");
  }
  if (flex.edgestiffness != 0 && flex.dim > 1) {
    fail("edge stiffness only available for dim=1, please use elasticity plugins");
  }
  if (flex.poisson < 0 || flex.poisson >= 0.5) fail("Poisson ratio must be in [0, 0.5)");
  if (flex.dim == 2 && (flex.elastic2d & kElastic2dBend) && flex.young > 0) {
    fail("pins are not supported for bending");  // 3.3.7 says so for every <flex> with bending
  }
  if (!flex.nodebody.empty()) fail("interpolation nodes (flex node) are not supported by mjsim yet");
}

// ---- geometry at qpos0 -----------------------------------------------------------------------

struct FlexGeometry {
  std::vector<int> bodyid;     // per vertex
  std::vector<mjtNum> local;   // 3 per vertex, in its body's frame
  std::vector<mjtNum> world;   // 3 per vertex, at qpos0
  std::vector<int> elem;       // tetrahedra oriented
};

FlexGeometry PlaceVertices(const CompileContext& ctx, const SpecFlex& flex, const Data& d) {
  FlexGeometry geometry;
  int nvert = VertexCount(flex);
  geometry.local.assign(3 * nvert, 0);
  if (!flex.vert.empty()) std::copy(flex.vert.begin(), flex.vert.end(), geometry.local.begin());
  geometry.world.resize(3 * nvert);
  for (int v = 0; v < nvert; ++v) {
    const std::string* name = VertexBodyName(flex, v);
    int b = name ? ctx.FindId(mjOBJ_BODY, *name) : 0;
    geometry.bodyid.push_back(b);
    mjtNum offset[3];
    MulMatVec3(offset, d.xmat + 9 * b, &geometry.local[3 * v]);
    Add3(&geometry.world[3 * v], d.xpos + 3 * b, offset);
  }
  geometry.elem = flex.elem;
  return geometry;
}

// det[b-a, c-a, d-a] > 0 -> (a c b d)
void OrientTetrahedra(FlexGeometry& geometry) {
  for (size_t e = 0; e < geometry.elem.size(); e += 4) {
    const mjtNum* a = &geometry.world[3 * geometry.elem[e]];
    mjtNum ab[3], ac[3], ad[3], normal[3];
    Sub3(ab, &geometry.world[3 * geometry.elem[e + 1]], a);
    Sub3(ac, &geometry.world[3 * geometry.elem[e + 2]], a);
    Sub3(ad, &geometry.world[3 * geometry.elem[e + 3]], a);
    Cross3(normal, ab, ac);
    if (Dot3(normal, ad) > 0) std::swap(geometry.elem[e + 1], geometry.elem[e + 2]);
  }
}

// ---- elasticity ------------------------------------------------------------------------------

// barycentric gradients g_0..g_n of the element's n+1 vertices (n = 2 or 3) at rest, and its
// measure (area or volume); g_i . (x_j - x_0) = delta_ij for i, j >= 1, g_0 = -sum g_i
mjtNum BarycentricGradients(const FlexGeometry& geometry, const int* element, int dim,
                            mjtNum g[4][3]) {
  const mjtNum* x0 = &geometry.world[3 * element[0]];
  mjtNum e[3][3] = {};
  for (int i = 0; i < dim; ++i) Sub3(e[i], &geometry.world[3 * element[i + 1]], x0);
  if (dim == 2) Cross3(e[2], e[0], e[1]);  // the normal completes the frame
  mjtNum c[3][3];  // c[i] = e[(i+1)%3] x e[(i+2)%3]: the rows of det * inverse
  for (int i = 0; i < 3; ++i) Cross3(c[i], e[(i + 1) % 3], e[(i + 2) % 3]);
  mjtNum det = Dot3(e[0], c[0]);
  Zero3(g[0]);
  for (int i = 0; i < dim; ++i) {
    Scale3(g[i + 1], c[i], 1 / det);
    for (int k = 0; k < 3; ++k) g[0][k] -= g[i + 1][k];
  }
  return dim == 3 ? std::fabs(det) / 6 : std::sqrt(Dot3(e[2], e[2])) / 2;
}

// B_e = (g_i g_j' + g_j g_i') / 2 for the element's local edges (i, j)
void EdgeStrainBases(int dim, const mjtNum g[4][3], mjtNum B[6][9]) {
  const std::vector<std::vector<int>>& edges = LocalEdges(dim);
  for (size_t e = 0; e < edges.size(); ++e) {
    const mjtNum* gi = g[edges[e][0]];
    const mjtNum* gj = g[edges[e][1]];
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) B[e][3 * r + c] = (gi[r] * gj[c] + gj[r] * gi[c]) / 2;
    }
  }
}

void ElementStiffness(const SpecFlex& flex, const FlexGeometry& geometry, const int* element,
                      mjtNum out[21]) {
  mjtNum g[4][3], B[6][9];
  mjtNum measure = BarycentricGradients(geometry, element, flex.dim, g);
  EdgeStrainBases(flex.dim, g, B);
  mjtNum mu = flex.young / (2 * (1 + flex.poisson));
  mjtNum lambda = flex.young * flex.poisson / ((1 + flex.poisson) * (1 - 2 * flex.poisson));
  // with B_e as above (twice the Green-strain basis, sign aside): s V / 4 = V (tet), A t / 4
  mjtNum scale = flex.dim == 3 ? measure : measure * flex.thickness / 4;
  int nedge = static_cast<int>(LocalEdges(flex.dim).size()), index = 0;
  for (int e = 0; e < nedge; ++e) {
    for (int f = e; f < nedge; ++f) {
      mjtNum trace_ef = 0, trace_e = 0, trace_f = 0;
      for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) trace_ef += B[e][3 * r + c] * B[f][3 * c + r];
        trace_e += B[e][4 * r];
        trace_f += B[f][4 * r];
      }
      out[index++] = scale * (mu * trace_ef + lambda * trace_e * trace_f);
    }
  }
}

bool HasStiffness(const SpecFlex& flex) {
  if (flex.young <= 0) return false;
  return flex.dim == 3 || (flex.dim == 2 && (flex.elastic2d & kElastic2dStretch));
}

// ---- the arrays of one flex ------------------------------------------------------------------

// running addresses into the arrays of all flexes
struct FlexCursor {
  int vert = 0, edge = 0, elem = 0, elemdata = 0, elemedge = 0, shelldata = 0, evpair = 0,
      texcoord = 0, bvh = 0;
};

void FillFlexScalars(const CompileContext& ctx, const SpecFlex& flex, int f, Model& m) {
  m.flex_contype[f] = flex.contype;
  m.flex_conaffinity[f] = flex.conaffinity;
  m.flex_condim[f] = flex.condim;
  m.flex_priority[f] = flex.priority;
  m.flex_solmix[f] = flex.solmix;
  std::copy(flex.solref, flex.solref + 2, m.flex_solref + 2 * f);
  std::copy(flex.solimp, flex.solimp + 5, m.flex_solimp + 5 * f);
  std::copy(flex.friction, flex.friction + 3, m.flex_friction + 3 * f);
  m.flex_margin[f] = flex.margin;
  m.flex_gap[f] = flex.gap;
  m.flex_internal[f] = flex.internal;
  m.flex_selfcollide[f] = flex.selfcollide;
  m.flex_activelayers[f] = flex.activelayers;
  m.flex_passive[f] = flex.passive;
  m.flex_dim[f] = flex.dim;
  m.flex_matid[f] = flex.material.empty() ? -1 : ctx.FindId(mjOBJ_MATERIAL, flex.material);
  m.flex_group[f] = flex.group;
  m.flex_interp[f] = 0;
  m.flex_nodeadr[f] = 0;
  m.flex_nodenum[f] = 0;
  m.flex_radius[f] = flex.radius;
  m.flex_damping[f] = flex.damping;
  m.flex_edgestiffness[f] = flex.edgestiffness;
  m.flex_edgedamping[f] = flex.edgedamping;
  m.flex_edgeequality[f] = 0;
  m.flex_flatskin[f] = flex.flatskin;
  std::copy(flex.rgba, flex.rgba + 4, m.flex_rgba + 4 * f);
}

void FillFlexVertices(const SpecFlex& flex, const FlexGeometry& geometry, int f, int adr, Model& m) {
  int nvert = VertexCount(flex);
  m.flex_vertadr[f] = adr;
  m.flex_vertnum[f] = nvert;
  bool rigid = true, centered = true;
  for (int v = 0; v < nvert; ++v) {
    m.flex_vertbodyid[adr + v] = geometry.bodyid[v];
    std::copy(&geometry.local[3 * v], &geometry.local[3 * v] + 3, m.flex_vert + 3 * (adr + v));
    rigid &= geometry.bodyid[v] == geometry.bodyid[0];
    for (int k = 0; k < 3; ++k) centered &= geometry.local[3 * v + k] == 0;
  }
  m.flex_rigid[f] = rigid;
  m.flex_centered[f] = centered;
  for (int k = 0; k < 3; ++k) {
    mjtNum lo = geometry.world[k], hi = geometry.world[k];
    for (int v = 1; v < nvert; ++v) {
      lo = std::min(lo, geometry.world[3 * v + k]);
      hi = std::max(hi, geometry.world[3 * v + k]);
    }
    for (int v = 0; v < nvert; ++v) {
      mjtNum& out = m.flex_vert0[3 * (adr + v) + k];
      if (hi > lo) {
        out = (geometry.world[3 * v + k] - lo) / (hi - lo);
      } else {
        out = lo != 0 ? 0.5 : std::numeric_limits<mjtNum>::quiet_NaN();
      }
    }
  }
}

void FillFlexEdges(const FlexTopology& topology, const FlexGeometry& geometry, int f, int adr,
                   Model& m) {
  m.flex_edgeadr[f] = adr;
  m.flex_edgenum[f] = static_cast<int>(topology.edges.size());
  for (size_t e = 0; e < topology.edges.size(); ++e) {
    int i = adr + static_cast<int>(e), a = topology.edges[e][0], b = topology.edges[e][1];
    m.flex_edge[2 * i] = a;
    m.flex_edge[2 * i + 1] = b;
    m.flex_edgeflap[2 * i] = m.flex_edgeflap[2 * i + 1] = -1;  // only with bending
    mjtNum delta[3];
    Sub3(delta, &geometry.world[3 * b], &geometry.world[3 * a]);
    m.flexedge_length0[i] = std::sqrt(Dot3(delta, delta));
    m.flexedge_invweight0[i] = 0;  // constants.cc, for flexes with edge forces
    m.flexedge_rigid[i] = geometry.bodyid[a] == geometry.bodyid[b];
    std::fill(m.flex_bending + 17 * i, m.flex_bending + 17 * (i + 1), 0);
  }
}

void FillFlexElements(const SpecFlex& flex, const FlexGeometry& geometry,
                      const FlexTopology& topology, int f, const FlexCursor& at, Model& m) {
  int size = flex.dim + 1, nelem = static_cast<int>(geometry.elem.size()) / size;
  m.flex_elemadr[f] = at.elem;
  m.flex_elemnum[f] = nelem;
  m.flex_elemdataadr[f] = at.elemdata;
  m.flex_elemedgeadr[f] = at.elemedge;
  const std::vector<int>& texcoord = flex.elemtexcoord.empty() ? geometry.elem : flex.elemtexcoord;
  std::copy(geometry.elem.begin(), geometry.elem.end(), m.flex_elem + at.elemdata);
  std::copy(texcoord.begin(), texcoord.end(), m.flex_elemtexcoord + at.elemdata);
  std::copy(topology.elemedge.begin(), topology.elemedge.end(), m.flex_elemedge + at.elemedge);
  std::copy(topology.elemlayer.begin(), topology.elemlayer.end(), m.flex_elemlayer + at.elem);
  bool stiff = HasStiffness(flex);
  for (int e = 0; e < nelem; ++e) {
    mjtNum* out = m.flex_stiffness + 21 * (at.elem + e);
    std::fill(out, out + 21, 0);
    if (stiff) ElementStiffness(flex, geometry, &geometry.elem[size * e], out);
  }
}

void FillFlexFragments(const SpecFlex& flex, const FlexTopology& topology, int f,
                       const FlexCursor& at, Model& m) {
  m.flex_shellnum[f] = static_cast<int>(topology.shell.size()) / flex.dim;
  m.flex_shelldataadr[f] = topology.shell.empty() ? -1 : at.shelldata;
  std::copy(topology.shell.begin(), topology.shell.end(), m.flex_shell + at.shelldata);
  int npair = static_cast<int>(topology.evpair.size());
  m.flex_evpairnum[f] = npair;
  m.flex_evpairadr[f] = npair > 0 ? at.evpair : -1;
  for (int p = 0; p < npair; ++p) {
    m.flex_evpair[2 * (at.evpair + p)] = topology.evpair[p][0];
    m.flex_evpair[2 * (at.evpair + p) + 1] = topology.evpair[p][1];
  }
  int ntexcoord = static_cast<int>(flex.texcoord.size()) / 2;
  m.flex_texcoordadr[f] = ntexcoord > 0 ? at.texcoord : -1;
  std::copy(flex.texcoord.begin(), flex.texcoord.end(), m.flex_texcoord + 2 * at.texcoord);
}

// a tetrahedron is in its flex's tree only within the active layers (measured: a 5x5x5 grid's
// tree holds its 168 elements of layer 0 with activelayers 1)
bool InTree(const SpecFlex& flex, const FlexTopology& topology, int e) {
  return flex.dim < 3 || topology.elemlayer[e] < flex.activelayers;
}

int TreeElementCount(const SpecFlex& flex, const FlexTopology& topology) {
  int count = 0;
  for (int e = 0; e < static_cast<int>(topology.elemlayer.size()); ++e) count += InTree(flex, topology, e);
  return count;
}

// the tree over the elements' vertex boxes at qpos0, keyed by the boxes' centers
int BuildFlexTree(const SpecFlex& flex, const FlexGeometry& geometry,
                  const FlexTopology& topology, BvhNodes& nodes) {
  int size = flex.dim + 1;
  std::vector<BvhElement> elements;
  for (size_t e = 0; e < geometry.elem.size(); e += size) {
    if (!InTree(flex, topology, static_cast<int>(e) / size)) continue;
    BvhElement element;
    for (int k = 0; k < 3; ++k) {
      element.lo[k] = element.hi[k] = geometry.world[3 * geometry.elem[e] + k];
      for (int j = 1; j < size; ++j) {
        mjtNum x = geometry.world[3 * geometry.elem[e + j] + k];
        element.lo[k] = std::min(element.lo[k], x);
        element.hi[k] = std::max(element.hi[k], x);
      }
      element.key[k] = (element.lo[k] + element.hi[k]) / 2;
    }
    element.id = static_cast<int>(e) / size;
    elements.push_back(element);
  }
  return BuildBvh(elements, nodes);
}

void CopyFlexTrees(const BvhNodes& nodes, Model& m) {
  int base = m.nbvhstatic;
  std::copy(nodes.depth.begin(), nodes.depth.end(), m.bvh_depth + base);
  std::copy(nodes.child.begin(), nodes.child.end(), m.bvh_child + 2 * base);
  std::copy(nodes.nodeid.begin(), nodes.nodeid.end(), m.bvh_nodeid + base);
}

}  // namespace

void CollectFlexes(CompileContext& ctx, Model& m) {
  std::vector<std::string> names;
  m.nflex = static_cast<int>(ctx.spec.flexes.size());
  for (int f = 0; f < m.nflex; ++f) {
    const SpecFlex& flex = ctx.spec.flexes[f];
    CheckFlex(ctx, flex, f);
    FlexTopology topology = BuildTopology(flex.dim, flex.elem);  // counts do not depend on orientation
    int nelem = static_cast<int>(flex.elem.size()) / (flex.dim + 1);
    m.nflexvert += VertexCount(flex);
    m.nflexedge += static_cast<int>(topology.edges.size());
    m.nflexelem += nelem;
    m.nflexelemdata += static_cast<int>(flex.elem.size());
    m.nflexelemedge += static_cast<int>(topology.elemedge.size());
    m.nflexshelldata += static_cast<int>(topology.shell.size());
    m.nflexevpair += static_cast<int>(topology.evpair.size());
    m.nflextexcoord += static_cast<int>(flex.texcoord.size()) / 2;
    m.nbvhdynamic += BvhNodeCount(TreeElementCount(flex, topology));
    names.push_back(flex.name);
  }
  ctx.RegisterNames(mjOBJ_FLEX, names);
}

void FillFlexes(CompileContext& ctx, Model& m) {
  if (m.nflex == 0) return;
  std::unique_ptr<Data> d = MakeData(m);  // qpos = qpos0
  mj_kinematics(m, *d);
  FlexCursor at;
  BvhNodes nodes;
  for (int f = 0; f < m.nflex; ++f) {
    const SpecFlex& flex = ctx.spec.flexes[f];
    FlexGeometry geometry = PlaceVertices(ctx, flex, *d);
    if (flex.dim == 3) OrientTetrahedra(geometry);
    FlexTopology topology = BuildTopology(flex.dim, geometry.elem);
    FillFlexScalars(ctx, flex, f, m);
    FillFlexVertices(flex, geometry, f, at.vert, m);
    FillFlexEdges(topology, geometry, f, at.edge, m);
    FillFlexElements(flex, geometry, topology, f, at, m);
    FillFlexFragments(flex, topology, f, at, m);
    m.flex_bvhadr[f] = m.nbvhstatic + BuildFlexTree(flex, geometry, topology, nodes);
    m.flex_bvhnum[f] = m.nbvhstatic + nodes.size() - m.flex_bvhadr[f];
    at.vert += m.flex_vertnum[f];
    at.edge += m.flex_edgenum[f];
    at.elem += m.flex_elemnum[f];
    at.elemdata += static_cast<int>(geometry.elem.size());
    at.elemedge += static_cast<int>(topology.elemedge.size());
    at.shelldata += static_cast<int>(topology.shell.size());
    at.evpair += m.flex_evpairnum[f];
    at.texcoord += static_cast<int>(flex.texcoord.size()) / 2;
  }
  CopyFlexTrees(nodes, m);
}

}  // namespace mjsim
