// bvh.cc: top-down median-split bounding volume hierarchy over boxes (rule in bvh.h).
#include "compiler/bvh.h"

#include <algorithm>
#include <cmath>

namespace mjsim {
namespace {

// a later axis must be longer by this much to become the split axis
constexpr mjtNum kAxisTolerance = 1e-14;
// a node box thinner than this along an axis is stored grown by this much on both sides
constexpr mjtNum kThinExtent = 1e-14;
// keys closer than this along the split axis tie
constexpr mjtNum kKeyTolerance = 1e-14;

class BvhBuilder {
 public:
  BvhBuilder(const std::vector<BvhElement>& elements, BvhNodes& nodes)
      : elements_(elements), nodes_(nodes),
        first_(nodes.size()) {
    for (int i = 0; i < static_cast<int>(elements.size()); ++i) order_.push_back(i);
  }

  int Build() {
    MakeNode(0, static_cast<int>(order_.size()), 0);
    return first_;
  }

 private:
  // the node over order_[begin, end); returns its index relative to the tree's first node
  int MakeNode(int begin, int end, int depth) {
    int index = nodes_.size();
    mjtNum lo[3], hi[3];
    Bounds(begin, end, lo, hi);
    StoreBox(lo, hi);
    nodes_.depth.push_back(depth);
    nodes_.child.push_back(-1);
    nodes_.child.push_back(-1);
    nodes_.nodeid.push_back(-1);
    if (end - begin == 1) {
      nodes_.nodeid[index] = elements_[order_[begin]].id;
      return index - first_;
    }
    int axis = SplitAxis(lo, hi);
    // tied keys keep their elements' input order
    std::stable_sort(order_.begin() + begin, order_.begin() + end, [&](int a, int b) {
      mjtNum key_a = elements_[a].key[axis], key_b = elements_[b].key[axis];
      if (std::abs(key_a - key_b) > kKeyTolerance) return key_a < key_b;
      return a < b;
    });
    int middle = begin + (end - begin) / 2;
    int left = MakeNode(begin, middle, depth + 1);
    int right = MakeNode(middle, end, depth + 1);
    nodes_.child[2 * index] = left;
    nodes_.child[2 * index + 1] = right;
    return index - first_;
  }

  // the stored box is at least 2 kThinExtent thick along every axis (the split axis and the
  // parents' boxes use the unpadded bounds)
  void StoreBox(const mjtNum lo[3], const mjtNum hi[3]) {
    mjtNum pad[3];
    for (int k = 0; k < 3; ++k) pad[k] = hi[k] - lo[k] < kThinExtent ? kThinExtent : 0;
    for (int k = 0; k < 3; ++k) nodes_.aabb.push_back(((lo[k] - pad[k]) + (hi[k] + pad[k])) / 2);
    for (int k = 0; k < 3; ++k) nodes_.aabb.push_back(((hi[k] + pad[k]) - (lo[k] - pad[k])) / 2);
  }

  void Bounds(int begin, int end, mjtNum lo[3], mjtNum hi[3]) const {
    for (int k = 0; k < 3; ++k) {
      const BvhElement& first = elements_[order_[begin]];
      lo[k] = first.lo[k];
      hi[k] = first.hi[k];
      for (int i = begin + 1; i < end; ++i) {
        lo[k] = std::min(lo[k], elements_[order_[i]].lo[k]);
        hi[k] = std::max(hi[k], elements_[order_[i]].hi[k]);
      }
    }
  }

  int SplitAxis(const mjtNum lo[3], const mjtNum hi[3]) const {
    int axis = 0;
    for (int k = 1; k < 3; ++k) {
      if (hi[k] - lo[k] >= (hi[axis] - lo[axis]) + kAxisTolerance) axis = k;
    }
    return axis;
  }

  const std::vector<BvhElement>& elements_;
  BvhNodes& nodes_;
  int first_;
  std::vector<int> order_;
};

}  // namespace

int BuildBvh(const std::vector<BvhElement>& elements, BvhNodes& nodes) {
  return BvhBuilder(elements, nodes).Build();
}

}  // namespace mjsim
