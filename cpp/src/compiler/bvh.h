// bvh.h: the binary bounding volume hierarchy the compiler builds over a list of boxes: the
// colliding geoms of a body (compiler/bounding.cc) and the faces of a mesh.
//
// Rule (observed from the reference, mujoco 3.3.7): a node's box is the union of its
// elements' boxes, stored as center (lo + hi) / 2 and half-size (hi - lo) / 2. A node with one
// element is a leaf. Otherwise the elements are split along the longest axis of the node's box
// (a later axis only if longer by at least 1e-14, so exact ties go to the earlier axis while the
// extents are small and, once 1e-14 is below their rounding, to the later one; measured on the
// wild corpus' mesh trees too: 17 more of its 1072 distinct meshes than with extents compared in
// single precision, none fewer); they are ordered by their key point along that axis, and the
// first floor(n/2) go left. Keys that differ by no more than 1e-14 tie, and tied elements keep
// their order in the input (mesh trees: see compiler/bounding.cc; body trees: two geoms 9e-15
// apart keep geom order, 1.1e-14 apart they do not). A box thinner than 1e-14 along an axis is stored 1e-14 wider on
// both sides there (the split axis and the parent's box are those of the unpadded bounds).
// Nodes are numbered depth first, a node before its children, left subtree before right.
#pragma once
#include <vector>

#include "mjsim/types.h"

namespace mjsim {

struct BvhElement {
  mjtNum lo[3];      // box corners, in the frame of the tree
  mjtNum hi[3];
  mjtNum key[3];     // the point the elements are ordered by (a geom's origin, a face's box center)
  int id;            // stored in bvh_nodeid of the element's leaf
};

// The nodes of one or more trees, appended in Model order (bvh_* arrays).
struct BvhNodes {
  std::vector<mjtNum> aabb;  // 6 per node: center, half-sizes
  std::vector<int> child;    // 2 per node: child node indices relative to the tree's first node; -1 none
  std::vector<int> nodeid;   // element id of a leaf; -1 for inner nodes
  std::vector<int> depth;    // root = 0
  int size() const { return static_cast<int>(depth.size()); }
};

// The number of nodes of the tree over `count` elements: 2 count - 1 (0 for none).
inline int BvhNodeCount(int count) { return count > 0 ? 2 * count - 1 : 0; }

// Appends the tree over `elements` (at least one) to `nodes`; returns its first node index.
// The ordering is not transitive where three or more keys chain within the tolerance; the merge
// sort used (std::stable_sort) stays within its range and deterministic even then.
int BuildBvh(const std::vector<BvhElement>& elements, BvhNodes& nodes);

}  // namespace mjsim
