// factorization.cc: sparse factorization of the inertia matrix and solves with it, forward
// pipeline stage 7 (Computation, "Inertia matrix" / "Sparse factorization"; checklist C.5).
//   reads   m.M_rownnz M_rowadr M_colind   d.M                         (written by inertia.cc)
//   writes  d.qLD qLDiagInv
// The same factorization and solve serve other matrices with M's pattern (the integrators'
// M + h*damping in qH): FactorInertiaPattern and SolveInertiaPattern in stages.h.
//
// M = L' D L with L unit lower triangular, eliminated from the last dof to the first: a dof's
// row only couples to its ancestors, which are eliminated after it, so the tree pattern takes
// no fill-in. qLD holds L below the diagonal and D on it, in the CSR layout of M_* (row i: the
// ancestors of i ascending, then i); the ancestors of an ancestor j of i are exactly the
// entries of row i before j, so row j is a prefix of row i's columns.
#include "engine/solver.h"
#include "engine/stages.h"
#include "mjsim/api.h"
#include "util/dot.h"

namespace mjsim {

namespace {
// target[0..n) -= scale * source[0..n): the two are different rows of the factor (restrict
// lets the compiler vectorize; each entry's arithmetic, hence its bits, is unchanged)
void SubtractScaled(mjtNum* __restrict target, const mjtNum* __restrict source, mjtNum scale,
                    int n) {
  for (int q = 0; q < n; ++q) target[q] -= scale * source[q];
}

// for dof k from last to first: D_k = M_kk; every ancestor pair (i, j) of k, j <= i, loses
// M_ki M_kj / D_k; then row k is divided by D_k into L
// (a template: the solvers factor matrices in the pattern of one constraint island's dofs,
// engine/solver.h SolverModel, which names its pattern arrays as Model does)
template <class ModelT>
void FactorPattern(const ModelT& m, mjtNum* factor, mjtNum* diag_inverse) {
  for (int k = m.nv - 1; k >= 0; --k) {
    mjtNum* row = factor + m.M_rowadr[k];
    int offdiagonal = m.M_rownnz[k] - 1;
    mjtNum diagonal = row[offdiagonal];
    mjtNum inverse = 1 / diagonal;
    diag_inverse[k] = inverse;
    for (int p = 0; p < offdiagonal; ++p) {
      mjtNum* ancestor_row = factor + m.M_rowadr[m.M_colind[m.M_rowadr[k] + p]];
      SubtractScaled(ancestor_row, row, row[p] * inverse, p + 1);
    }
    for (int p = 0; p < offdiagonal; ++p) row[p] *= inverse;
  }
}
}  // namespace

void FactorInertiaPattern(const Model& m, mjtNum* factor, mjtNum* diag_inverse) {
  FactorPattern(m, factor, diag_inverse);
}
void FactorInertiaPattern(const SolverModel& m, mjtNum* factor, mjtNum* diag_inverse) {
  FactorPattern(m, factor, diag_inverse);
}

void mj_factorM(const Model& m, Data& d) {
  for (int k = 0; k < m.nC; ++k) d.qLD[k] = d.M[k];
  FactorInertiaPattern(m, d.qLD, d.qLDiagInv);
}

void mj_solveM(const Model& m, const Data& d, mjtNum* x, const mjtNum* y, int n) {
  SolveInertiaPattern(m, d.qLD, d.qLDiagInv, x, y, n);
}

namespace {
// The solve's first pass on one vector, in place: L' w = x (descendants first)
template <class ModelT>
void EliminateDescendants(const ModelT& m, const mjtNum* factor, mjtNum* xv) {
  for (int k = m.nv - 1; k >= 0; --k) {
    // a zero entry changes nothing (sparse right-hand sides, such as Jacobian rows, skip
    // most of this pass)
    if (xv[k] == 0) continue;
    const mjtNum* row = factor + m.M_rowadr[k];
    const int* columns = m.M_colind + m.M_rowadr[k];
    for (int p = 0; p < m.M_rownnz[k] - 1; ++p) xv[columns[p]] -= row[p] * xv[k];
  }
}

// x = A^-1 y for n vectors of length nv (row-major), x and y may be the same memory:
// L' w = y (descendants first), z = D^-1 w, L x = z (ancestors first)
template <class ModelT>
void SolvePattern(const ModelT& m, const mjtNum* factor, const mjtNum* diag_inverse, mjtNum* x,
                  const mjtNum* y, int n) {
  for (int v = 0; v < n; ++v) {
    mjtNum* xv = x + v * m.nv;
    const mjtNum* yv = y + v * m.nv;
    if (xv != yv) {
      for (int i = 0; i < m.nv; ++i) xv[i] = yv[i];
    }
    EliminateDescendants(m, factor, xv);
    for (int k = 0; k < m.nv; ++k) xv[k] *= diag_inverse[k];
    for (int k = 0; k < m.nv; ++k) {  // one sparse dot per row, as the reference rounds
      int rowadr = m.M_rowadr[k];
      xv[k] -= DotSparse(factor + rowadr, xv, m.M_colind + rowadr, m.M_rownnz[k] - 1);
    }
  }
}
}  // namespace

// the solve's first pass, then the scaling
void mj_solveM2(const Model& m, const Data& d, mjtNum* x, const mjtNum* y,
                const mjtNum* sqrtInvD, int n) {
  for (int v = 0; v < n; ++v) {
    mjtNum* xv = x + static_cast<size_t>(v) * m.nv;
    const mjtNum* yv = y + static_cast<size_t>(v) * m.nv;
    if (xv != yv) {
      for (int i = 0; i < m.nv; ++i) xv[i] = yv[i];
    }
    EliminateDescendants(m, d.qLD, xv);
    for (int k = 0; k < m.nv; ++k) xv[k] *= sqrtInvD[k];
  }
}

void SolveInertiaPattern(const Model& m, const mjtNum* factor, const mjtNum* diag_inverse,
                         mjtNum* x, const mjtNum* y, int n) {
  SolvePattern(m, factor, diag_inverse, x, y, n);
}
void SolveInertiaPattern(const SolverModel& m, const mjtNum* factor, const mjtNum* diag_inverse,
                         mjtNum* x, const mjtNum* y, int n) {
  SolvePattern(m, factor, diag_inverse, x, y, n);
}

void SolveInertia(const SolverModel& m, const SolverData& d, mjtNum* x, const mjtNum* y, int n) {
  SolvePattern(m, d.qLD, d.qLDiagInv, x, y, n);
}

}  // namespace mjsim
