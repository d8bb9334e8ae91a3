// dot.h: dot products summed in the reference's order, so that sums of many terms (the inertia
// solve, the qM rows) round as the reference's do. Measured bit for bit: products accumulate
// in four lanes (lane k holds p_k + p_{k+4} + ...) while four remain, and the lanes reduce as
// (l0 + l2) + (l1 + l3). The 1-3 products left over are added as one group in a dense dot
// (mju_dot, every n from 1 to 19: + p, + (p + p'), + ((p + p') + p'')), one by one in a sparse
// dot (the inertia solve's rows: 126 of 126 corpus states exact, the grouped tail 106).
#pragma once
#include "mjsim/types.h"

namespace mjsim {

// sum over k < n of product(k), in the order above
// (these are forced inline: called per constraint row in the solvers' inner loops, where the
// call and the lambda's setup cost as much as a short sum)
template <bool kGroupedTail, class Product>
[[gnu::always_inline]] inline mjtNum SumInReferenceOrder(int n, Product product) {
  mjtNum sum = 0;
  int k = 0;
  if (n >= 4) {
    mjtNum l0 = product(0), l1 = product(1), l2 = product(2), l3 = product(3);
    for (k = 4; k + 4 <= n; k += 4) {
      l0 += product(k), l1 += product(k + 1), l2 += product(k + 2), l3 += product(k + 3);
    }
    sum = (l0 + l2) + (l1 + l3);
  }
  if (!kGroupedTail) {
    for (; k < n; ++k) sum += product(k);
    return sum;
  }
  switch (n - k) {
    case 1: sum += product(k); break;
    case 2: sum += product(k) + product(k + 1); break;
    case 3: sum += product(k) + product(k + 1) + product(k + 2); break;
    default: break;
  }
  return sum;
}

// a . b over n numbers (mju_dot)
[[gnu::always_inline]] inline mjtNum Dot(const mjtNum* a, const mjtNum* b, int n) {
  return SumInReferenceOrder<true>(n, [&](int k) { return a[k] * b[k]; });
}

// a . x[index] over the n stored entries of a sparse row
[[gnu::always_inline]] inline mjtNum DotSparse(const mjtNum* a, const mjtNum* x, const int* index,
                                             int n) {
  return SumInReferenceOrder<false>(n, [&](int k) { return a[k] * x[index[k]]; });
}

// row . x over the columns pattern[0 .. nnz) of a row stored densely (efc_J), summed as a
// sparse dot
[[gnu::always_inline]] inline mjtNum DotPattern(const mjtNum* row, const mjtNum* x,
                                              const int* pattern, int nnz) {
  return SumInReferenceOrder<false>(nnz, [&](int k) { return row[pattern[k]] * x[pattern[k]]; });
}

}  // namespace mjsim
