// mesh_polygons.cc: faces of a mesh merged into polygons (mesh_poly*), by the reference's
// measured rule.
//
// Measured (dm_control dog.xml: all 162 scanned meshes, every polygon, its loop and their order,
// exact; small constructed meshes: tests/conformance/test_mesh_polygons.py):
// 1. Faces are grouped by normal (of hull faces: qhull's facet normal, whose last bits decide
//    ties between symmetric faces) in an ordered map, visiting faces in index order: a face whose
//    normal the map finds joins that group, otherwise it tries to insert a new group keyed by its
//    own normal. The key order is "n1 precedes n2" = not near (1 - n1.n2 <= 1.28e-6) and n1 > n2
//    lexicographically, components within mjMINVAL comparing equal. "near" makes the order
//    non-transitive, so what a search meets depends on the tree's shape: two faces 1e-9 apart
//    stay apart when a face whose normal lies between them lexicographically (anywhere in the
//    mesh) was inserted first; and a face that the search does not match but whose insertion
//    meets a near key is in no polygon at all. The outcomes are those of a red-black tree whose
//    find takes the lower bound and then checks it once, and whose insertion descends and then
//    compares with the predecessor of its place (NormalTree).
// 2. Within a group, faces are joined across edges: a face's half-edge (u,v) pairs with the
//    earliest unpaired (v,u) of an earlier face of the group (each half-edge pairs once, so
//    duplicated faces give duplicated polygons); paired faces form one polygon (JoinAcrossEdges).
// 3. A polygon's loop starts at the first unpaired half-edge of its first face and follows, from
//    each vertex, the first unpaired half-edge leaving it (face order), until it returns to the
//    start; a walk that does not return is dropped, one that returns early keeps the part walked.
//    A one-face polygon is its face's corners; a polygon of three boundary half-edges (a fan of
//    three faces) lists their starts in face order, against the faces' winding when the second
//    face precedes the first around the fan.
// 4. Polygons are listed in map order (decreasing normals), within a group by first face. A
//    polygon's normal is that of its loop's first three vertices (PolygonNormal), in the mesh
//    frame: the first face's normal when the loop starts with it, but any direction when those
//    three are (nearly) collinear, as on a row of barely bent strips.
// Slivers and zero-area faces get the keys of NormalKey (measured on constructed slivers of
// every size and orientation, tests/conformance/test_mesh_polygons.py). Partial: with two or
// more zero-area faces that share no edge the reference keeps at most the first as a polygon
// (rule not found); here each one is kept.
#include <algorithm>
#include <cmath>
#include <map>

#include "compiler/meshes.h"
#include "util/math3.h"

namespace mjsim {

namespace {

// cross product of the edges from corner[0] to corner[1] and corner[2]
void CornerCross(const std::vector<mjtNum>& vert, const int corner[3], mjtNum n[3]) {
  const mjtNum* a = vert.data() + 3 * corner[0];
  mjtNum ab[3], ac[3];
  Sub3(ab, vert.data() + 3 * corner[1], a);
  Sub3(ac, vert.data() + 3 * corner[2], a);
  Cross3(n, ab, ac);
}

constexpr mjtNum kSliverCross = 1e-14;  // measured: 9.99999982e-15 is a sliver, 1.00000007e-14 not

// The reference's normal of the triangle of vertices corner[0..2]: the cross product of its edges
// divided by its length, except that a cross product shorter than kSliverCross is replaced by
// (1, 0, 0) before the division (measured: a sliver's normal is ~1/|cross| along +x whatever
// its orientation, in the keys and in mesh_polynormal; a zero-area face's is (inf, nan, nan)).
void ReferenceNormal(const std::vector<mjtNum>& vert, const int corner[3], mjtNum n[3]) {
  CornerCross(vert, corner, n);
  mjtNum norm = Norm3(n);
  if (norm < kSliverCross) n[0] = 1, n[1] = n[2] = 0;
  for (int i = 0; i < 3; ++i) n[i] /= norm;  // divided, not scaled by 1/norm: equal stay equal
}

}  // namespace

// zero-area polygons (whose reference normal is not finite) keep a zero normal
void PolygonNormal(const std::vector<mjtNum>& vert, const std::vector<int>& loop, mjtNum n[3]) {
  ReferenceNormal(vert, loop.data(), n);
  if (!std::isfinite(n[0])) n[0] = n[1] = n[2] = 0;
}

namespace {

// faces whose unit normals have 1 - n1.n2 at most this are near (measured: merged up to
// 1.27999e-6, apart from 1.28001e-6, at any orientation and scale)
constexpr mjtNum kPolygonTolerance = 1.28e-6;

// components that differ by at most this compare equal in the order (measured: with exact
// comparison, faces of one quad whose normals differ in the last bit of one component fall on
// both sides of another key and split; 24 of 24 metaworld and dog meshes agree with 1e-15, 22
// with 1e-12, 10 with exact comparison)
constexpr mjtNum kComponentTolerance = mjMINVAL;

// A face's normal key: its ReferenceNormal. IEEE arithmetic then gives the reference's order: a
// sliver is near every key with a positive x and precedes the others; zero-area faces precede
// every key and are equivalent to each other.
struct NormalKey {
  mjtNum n[3];
};

// "a precedes b" (rule 1): deliberately not a strict weak ordering, as measured; comparisons
// with nan are false, so a nan component compares equal
bool Precedes(const NormalKey& a, const NormalKey& b) {
  if (1 - Dot3(a.n, b.n) <= kPolygonTolerance) return false;
  for (int i = 0; i < 3; ++i) {
    if (std::fabs(a.n[i] - b.n[i]) > kComponentTolerance) return a.n[i] > b.n[i];
  }
  return false;
}

// Red-black tree of normal keys, each naming a group (rule 1). Nodes live in a vector and link
// by index (-1: none); insertion is the textbook one (leaf, then recolouring and rotations).
class NormalTree {
 public:
  // the group whose key the search meets, or -1
  int Find(const NormalKey& key) const {
    int x = root_, bound = -1;
    while (x >= 0) {
      if (!Precedes(nodes_[x].key, key)) {
        bound = x;
        x = nodes_[x].left;
      } else {
        x = nodes_[x].right;
      }
    }
    return bound < 0 || Precedes(key, nodes_[bound].key) ? -1 : nodes_[bound].group;
  }

  // adds the key for `group`; false if the place found is next to a key that does not precede it
  bool Insert(const NormalKey& key, int group) {
    int x = root_, parent = -1;
    bool left = true;
    while (x >= 0) {
      parent = x;
      left = Precedes(key, nodes_[x].key);
      x = left ? nodes_[x].left : nodes_[x].right;
    }
    int before = parent;
    if (left) before = parent == leftmost_ ? -1 : Predecessor(parent);
    if (parent >= 0 && before >= 0 && !Precedes(nodes_[before].key, key)) return false;
    Link(key, group, parent, parent < 0 || Precedes(key, nodes_[parent].key));
    return true;
  }

  // the groups in key order
  std::vector<int> InOrder() const {
    std::vector<int> order, stack;
    for (int x = root_; x >= 0 || !stack.empty();) {
      for (; x >= 0; x = nodes_[x].left) stack.push_back(x);
      x = stack.back();
      stack.pop_back();
      order.push_back(nodes_[x].group);
      x = nodes_[x].right;
    }
    return order;
  }

 private:
  struct Node {
    NormalKey key;
    int group, left, right, parent;
    bool red;
  };

  int Predecessor(int x) const {
    if (nodes_[x].left >= 0) {
      for (x = nodes_[x].left; nodes_[x].right >= 0;) x = nodes_[x].right;
      return x;
    }
    int p = nodes_[x].parent;
    while (p >= 0 && x == nodes_[p].left) {
      x = p;
      p = nodes_[p].parent;
    }
    return p;
  }

  void Link(const NormalKey& key, int group, int parent, bool left) {
    int z = static_cast<int>(nodes_.size());
    nodes_.push_back({key, group, -1, -1, parent, true});
    if (parent < 0) {
      root_ = leftmost_ = z;
    } else if (left) {
      nodes_[parent].left = z;
      if (parent == leftmost_) leftmost_ = z;
    } else {
      nodes_[parent].right = z;
    }
    Rebalance(z);
  }

  // child of x on side `dir` (0 left, 1 right)
  int& Child(int x, int dir) { return dir == 0 ? nodes_[x].left : nodes_[x].right; }

  // rotates x down towards side `dir`: its child on the other side takes its place
  void Rotate(int x, int dir) {
    int y = Child(x, 1 - dir);
    Child(x, 1 - dir) = Child(y, dir);
    if (Child(y, dir) >= 0) nodes_[Child(y, dir)].parent = x;
    int p = nodes_[y].parent = nodes_[x].parent;
    if (p < 0) {
      root_ = y;
    } else {
      Child(p, nodes_[p].left == x ? 0 : 1) = y;
    }
    Child(y, dir) = x;
    nodes_[x].parent = y;
  }

  // restores the red-black properties after linking the red node x
  void Rebalance(int x) {
    while (x != root_ && nodes_[nodes_[x].parent].red) {
      int p = nodes_[x].parent, g = nodes_[p].parent;
      int side = nodes_[g].left == p ? 0 : 1;  // the parent's side under the grandparent
      int uncle = Child(g, 1 - side);
      if (uncle >= 0 && nodes_[uncle].red) {
        nodes_[p].red = nodes_[uncle].red = false;
        nodes_[g].red = true;
        x = g;
        continue;
      }
      if (Child(p, 1 - side) == x) {  // inner grandchild: rotate it outside first
        x = p;
        Rotate(x, side);
        p = nodes_[x].parent;
      }
      nodes_[p].red = false;
      nodes_[g].red = true;
      Rotate(g, 1 - side);
    }
    nodes_[root_].red = false;
  }

  std::vector<Node> nodes_;
  int root_ = -1, leftmost_ = -1;
};

NormalKey FaceKey(const std::vector<mjtNum>& vert, const std::vector<int>& face, int f) {
  NormalKey key;
  ReferenceNormal(vert, face.data() + 3 * f, key.n);
  return key;
}

// rule 1: the groups, in key order, each with its faces in index order
std::vector<std::vector<int>> GroupByNormal(const std::vector<mjtNum>& vert, const std::vector<int>& face,
                                            const std::vector<mjtNum>& face_normals) {
  NormalTree tree;
  std::vector<std::vector<int>> members;
  int nface = static_cast<int>(face.size() / 3);
  for (int f = 0; f < nface; ++f) {
    NormalKey key = FaceKey(vert, face, f);
    if (!face_normals.empty()) {
      Copy3(key.n, &face_normals[3 * f]);  // qhull's facets always have a unit normal
    }
    int group = tree.Find(key);
    if (group >= 0) {
      members[group].push_back(f);
    } else if (tree.Insert(key, static_cast<int>(members.size()))) {
      members.push_back({f});
    }  // else: the face is in no polygon
  }
  std::vector<std::vector<int>> ordered;
  for (int group : tree.InOrder()) ordered.push_back(members[group]);
  return ordered;
}

int Root(std::vector<int>& parent, int i) {
  while (parent[i] != i) i = parent[i] = parent[parent[i]];
  return i;
}

// A polygon in the making: its faces (index order) and their unpaired half-edges (in order).
struct FaceSet {
  std::vector<int> faces;
  std::vector<std::pair<int, int>> boundary;
};

// rule 2: pairs each half-edge of the group's faces with the earliest unpaired opposite one of
// another face; returns, per half-edge (3 i + k for corner k of group[i]), whether it paired,
// and joins paired faces in `parent` (union-find over group positions)
std::vector<bool> PairHalfEdges(const std::vector<int>& group, const std::vector<int>& face,
                                std::vector<int>& parent) {
  int n = static_cast<int>(group.size());
  std::map<std::pair<int, int>, std::vector<int>> unpaired;  // directed edge -> half-edges
  std::vector<bool> paired(3 * n, false);
  for (int i = 0; i < n; ++i) {
    const int* t = &face[3 * group[i]];
    for (int k = 0; k < 3; ++k) {
      int a = t[k], b = t[(k + 1) % 3];
      std::vector<int>& twins = unpaired[{b, a}];
      auto twin = std::find_if(twins.begin(), twins.end(), [i](int h) { return h / 3 != i; });
      if (twin == twins.end()) {
        unpaired[{a, b}].push_back(3 * i + k);
        continue;
      }
      paired[3 * i + k] = paired[*twin] = true;
      parent[Root(parent, i)] = Root(parent, *twin / 3);
      twins.erase(twin);
    }
  }
  return paired;
}

// rule 2: the group's polygons, ordered by first face
std::vector<FaceSet> JoinAcrossEdges(const std::vector<int>& group, const std::vector<int>& face) {
  int n = static_cast<int>(group.size());
  std::vector<int> parent(n);
  for (int i = 0; i < n; ++i) parent[i] = i;
  std::vector<bool> paired = PairHalfEdges(group, face, parent);
  std::vector<FaceSet> sets;
  std::vector<int> set_of_root(n, -1);
  for (int i = 0; i < n; ++i) {
    int& s = set_of_root[Root(parent, i)];
    if (s < 0) {
      s = static_cast<int>(sets.size());
      sets.emplace_back();
    }
    sets[s].faces.push_back(group[i]);
    const int* t = &face[3 * group[i]];
    for (int k = 0; k < 3; ++k) {
      if (!paired[3 * i + k]) sets[s].boundary.push_back({t[k], t[(k + 1) % 3]});
    }
  }
  return sets;
}

// rule 3: the loop of a polygon; empty if the walk does not return to its start or returns
// with fewer than 3 vertices (only zero-area faces can do that)
std::vector<int> BoundaryLoop(const FaceSet& set, const std::vector<int>& face) {
  if (set.faces.size() == 1) {  // its corners (also when they repeat)
    const int* t = &face[3 * set.faces[0]];
    return {t[0], t[1], t[2]};
  }
  if (set.boundary.empty()) return {};
  if (set.boundary.size() == 3) {  // measured on fans of three faces: no walk, face order
    return {set.boundary[0].first, set.boundary[1].first, set.boundary[2].first};
  }
  std::map<int, int> next;  // vertex -> end of its first unpaired half-edge
  for (const auto& edge : set.boundary) next.emplace(edge.first, edge.second);
  int start = set.boundary[0].first;
  std::vector<int> loop = {start};
  for (auto at = next.find(start); at->second != start; at = next.find(at->second)) {
    if (!next.count(at->second) || loop.size() >= set.boundary.size()) return {};
    loop.push_back(at->second);
  }
  if (loop.size() < 3) return {};
  return loop;
}

}  // namespace

MeshPolygons MergePolygons(const std::vector<mjtNum>& vert, const std::vector<int>& face,
                           const std::vector<mjtNum>& face_normals) {
  MeshPolygons result;
  for (const std::vector<int>& group : GroupByNormal(vert, face, face_normals)) {
    for (const FaceSet& set : JoinAcrossEdges(group, face)) {
      std::vector<int> loop = BoundaryLoop(set, face);
      if (loop.empty()) continue;
      mjtNum normal[3];
      PolygonNormal(vert, loop, normal);
      result.polygons.push_back(loop);
      result.normals.insert(result.normals.end(), normal, normal + 3);
    }
  }
  return result;
}

}  // namespace mjsim
