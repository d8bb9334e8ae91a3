// solver_newton.cc: the Newton solver of the reduced primal problem (checklist C.15): at x,
// the Hessian H = M + J' diag(D of quadratic rows) J + the cone Hessians, the step
// p = -H^-1 grad, an exact line search along p; repeated until the scaled cost improvement or
// gradient falls below the tolerance, or the iterations run out.
//
// H changes only where row states change (Computation chapter, "Newton": the factor is updated
// rather than recomputed), so it is kept factored in one of two layouts:
//   tree   every row in H (quadratic rows, elliptic contacts off the top zone) has its nonzero
//          columns on one path of the dof tree to the root. Then D J_i' J_i only touches pairs (ancestor, descendant), the
//          pattern of M (M_rowadr, M_colind), and H factors as M does (FactorInertiaPattern,
//          L' D L from the leaves) without fill-in; refactoring costs about as much as mj_factorM
//          and is done whenever a state changed.
//   dense  otherwise: nv x nv Cholesky L L'. A row entering the quadratic zone is a rank-1
//          update of L by sqrt(D_i) J_i', a row leaving it a rank-1 downdate; when many rows
//          changed, a cone Hessian is involved or a downdate loses positivity, H is rebuilt
//          from the nonzeros of J and refactored.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "engine/solver.h"
#include "engine/stages.h"
#include "mjsim/api.h"

namespace mjsim {
namespace {

mjtNum Norm(const mjtNum* v, int n) {
  mjtNum sum = 0;
  for (int k = 0; k < n; ++k) sum += v[k] * v[k];
  return std::sqrt(sum);
}

// ---- layout choice ---------------------------------------------------------------------------

// whether column c is `last` or one of its ancestors in the dof tree: row `last` of M's pattern
// lists its ancestors ascending, so the ancestor at depth M_rownnz[c] - 1 must be c
bool OnPathOf(const SolverModel& m, int c, int last) {
  int depth = m.M_rownnz[c] - 1;
  return depth < m.M_rownnz[last] && m.M_colind[m.M_rowadr[last] + depth] == c;
}

// the last (deepest) nonzero column of rows first .. first + count - 1, -1 if all are empty
int LastColumn(const SolverData& d, int first, int count) {
  int last = -1;
  for (int i = first; i < first + count; ++i) {
    if (d.efc_J_rownnz[i]) {
      last = std::max(last, d.efc_J_colind[d.efc_J_rowadr[i] + d.efc_J_rownnz[i] - 1]);
    }
  }
  return last;
}

// true when every row in H at these states (quadratic rows; elliptic contacts in the quadratic
// or middle zone, all their rows together) lies on one dof path
bool ActiveRowsOnTreePaths(const SolverModel& m, const SolverData& d, const int* state) {
  for (int i = 0; i < d.nefc;) {
    int count = d.efc_type[i] == mjCNSTR_CONTACT_ELLIPTIC ? d.contact[d.efc_id[i]].dim : 1;
    bool active = state[i] == mjCNSTRSTATE_QUADRATIC || state[i] == mjCNSTRSTATE_CONE;
    int last = active ? LastColumn(d, i, count) : -1;
    for (int r = i; r < i + count && active; ++r) {
      const int* columns = d.efc_J_colind + d.efc_J_rowadr[r];
      for (int k = 0; k < d.efc_J_rownnz[r]; ++k) {
        if (!OnPathOf(m, columns[k], last)) return false;
      }
    }
    i += count;
  }
  return true;
}

// ---- the Hessian ---------------------------------------------------------------------------

struct Hessian {
  bool tree;             // the layout of the current factor
  bool tree_possible;    // FullAncestorPattern
  mjtNum* values;        // tree_values or dense_values
  mjtNum* tree_values;   // nC entries in M's pattern
  mjtNum* diag_inverse;  // tree: 1 / D of the L' D L factor
  mjtNum* dense_values;  // nv x nv, lower triangle
  mjtNum* M;             // dense: M, nv x nv (filled when first needed)
  bool M_filled;
  mjtNum* vector;        // dense: the rank-1 vector (nv)
  int* offset;           // AddRowPair's column offsets (nv)
};

// the offsets of columns[0 .. count) within a row of H's layout (tree: the column's depth,
// its position in any descendant's row of M's pattern; dense: the column)
void ColumnOffsets(const SolverModel& m, const Hessian& H, const int* columns, int count,
                   int* offset) {
  for (int q = 0; q < count; ++q) {
    offset[q] = H.tree ? m.M_rownnz[columns[q]] - 1 : columns[q];
  }
}

// the start of row r of H's layout
mjtNum* HessianRow(const SolverModel& m, Hessian& H, int r) {
  return H.values + (H.tree ? m.M_rowadr[r] : static_cast<size_t>(r) * m.nv);
}

// H += scale * J_row' J_col over the lower triangle, the columns' offsets given
void AddRowProductLower(const SolverModel& m, const SolverData& d, int row, int col,
                        const int* col_offset, mjtNum scale, Hessian& H) {
  const mjtNum* Jr = d.efc_J + static_cast<size_t>(row) * m.nv;
  const mjtNum* Jc = d.efc_J + static_cast<size_t>(col) * m.nv;
  const int* cols_r = d.efc_J_colind + d.efc_J_rowadr[row];
  const int* cols_c = d.efc_J_colind + d.efc_J_rowadr[col];
  int nnz_c = d.efc_J_rownnz[col];
  for (int p = 0; p < d.efc_J_rownnz[row]; ++p) {
    int r = cols_r[p];
    mjtNum scaled = scale * Jr[r];
    mjtNum* target = HessianRow(m, H, r);
    for (int q = 0; q < nnz_c && cols_c[q] <= r; ++q) {
      target[col_offset[q]] += scaled * Jc[cols_c[q]];
    }
  }
}

// H += scale * J_a' J_b + scale * J_b' J_a restricted to the lower triangle when a != b,
// H += scale * J_a' J_a when a == b
void AddRowPair(const SolverModel& m, const SolverData& d, int a, int b, mjtNum scale, Hessian& H) {
  ColumnOffsets(m, H, d.efc_J_colind + d.efc_J_rowadr[b], d.efc_J_rownnz[b], H.offset);
  AddRowProductLower(m, d, a, b, H.offset, scale, H);
  if (a == b) return;
  ColumnOffsets(m, H, d.efc_J_colind + d.efc_J_rowadr[a], d.efc_J_rownnz[a], H.offset);
  AddRowProductLower(m, d, b, a, H.offset, scale, H);
}

// H = M + the constraint Hessian at jar and state; also writes contact.H of cone contacts.
// Returns whether some elliptic contact is in the middle zone.
bool BuildHessian(const SolverModel& m, SolverData& d, const mjtNum* jar, const int* state,
                  Hessian& H) {
  if (H.tree) {
    std::memcpy(H.values, d.M, sizeof(mjtNum) * m.nC);
  } else {
    std::memcpy(H.values, H.M, sizeof(mjtNum) * m.nv * m.nv);
  }
  bool cones = false;
  for (int i = 0; i < d.nefc;) {
    if (d.efc_type[i] == mjCNSTR_CONTACT_ELLIPTIC) {
      int dim = d.contact[d.efc_id[i]].dim;
      mjtNum local[36];
      int cone = ConeHessian(m, d, jar, i, local);
      cones = cones || cone;
      // the local Hessian is symmetric: each pair a < b once, both orders
      for (int a = 0; a < cone; ++a) {
        for (int b = 0; b <= a; ++b) {
          if (local[a * cone + b] != 0) AddRowPair(m, d, i + a, i + b, local[a * cone + b], H);
        }
      }
      if (!cone && state[i] == mjCNSTRSTATE_QUADRATIC) {
        for (int j = 0; j < dim; ++j) AddRowPair(m, d, i + j, i + j, d.efc_D[i + j], H);
      }
      i += dim;
      continue;
    }
    if (state[i] == mjCNSTRSTATE_QUADRATIC) AddRowPair(m, d, i, i, d.efc_D[i], H);
    ++i;
  }
  return cones;
}

// in-place Cholesky factor L (lower triangle) of the n x n matrix H; false if not positive
bool CholeskyFactor(mjtNum* H, int n) {
  for (int j = 0; j < n; ++j) {
    mjtNum* row_j = H + j * n;
    mjtNum diag = row_j[j];
    for (int k = 0; k < j; ++k) diag -= row_j[k] * row_j[k];
    if (!(diag > 0)) return false;
    mjtNum root = std::sqrt(diag);
    row_j[j] = root;
    for (int i = j + 1; i < n; ++i) {
      mjtNum* row_i = H + i * n;
      mjtNum sum = row_i[j];
      for (int k = 0; k < j; ++k) sum -= row_i[k] * row_j[k];
      row_i[j] = sum / root;
    }
  }
  return true;
}

// L L' +- v v' in place (v is overwritten), starting at v's first nonzero `first`: the
// rotation of column k mixes L's column and v so that the new diagonal is
// sqrt(L_kk^2 +- v_k^2). False when a downdate would lose positive definiteness.
bool CholeskyRankOne(mjtNum* L, int n, mjtNum* v, int first, bool downdate) {
  mjtNum sign = downdate ? -1 : 1;
  for (int k = first; k < n; ++k) {
    if (v[k] == 0) continue;
    mjtNum Lkk = L[k * n + k];
    mjtNum square = Lkk * Lkk + sign * v[k] * v[k];
    if (!(square > 0)) return false;
    mjtNum root = std::sqrt(square);
    mjtNum c = root / Lkk, s = v[k] / Lkk;
    L[k * n + k] = root;
    for (int i = k + 1; i < n; ++i) {
      mjtNum& Lik = L[i * n + k];
      Lik = (Lik + sign * s * v[i]) / c;
      v[i] = c * v[i] - s * Lik;
    }
  }
  return true;
}

bool Factor(const SolverModel& m, Hessian& H) {
  if (!H.tree) return CholeskyFactor(H.values, m.nv);
  FactorInertiaPattern(m, H.values, H.diag_inverse);
  for (int k = 0; k < m.nv; ++k) {
    if (!(H.diag_inverse[k] > 0) || !std::isfinite(H.diag_inverse[k])) return false;
  }
  return true;
}

// builds and factors H at the point; false if it is not positive definite
// whether M's pattern lists every ancestor of every dof (it leaves out couplings that are
// structurally zero, such as a simple free body's translations and rotations; then the tree
// layout has no room for J'DJ)
bool FullAncestorPattern(const SolverModel& m) {
  for (int k = 0; k < m.nv; ++k) {
    int ancestors = 0;
    for (int p = m.dof_parentid[k]; p >= 0; p = m.dof_parentid[p]) ++ancestors;
    if (m.M_rownnz[k] != ancestors + 1) return false;
  }
  return true;
}

bool Refactor(const SolverModel& m, SolverData& d, const PrimalPoint& point, Hessian& H) {
  H.tree = H.tree_possible && ActiveRowsOnTreePaths(m, d, point.state);
  H.values = H.tree ? H.tree_values : H.dense_values;
  if (!H.tree && !H.M_filled) {
    FullInertia(m, d, H.M);
    H.M_filled = true;
  }
  d.solver_nnz[0] = H.tree ? m.nC : m.nv * m.nv;
  BuildHessian(m, d, point.jar, point.state, H);
  return Factor(m, H);
}

// the rows whose membership in the quadratic zone changed between old_state and state; -1 when
// a cone Hessian is involved (a middle-zone contact before or after)
int QuadraticChanges(const SolverData& d, const int* old_state, const int* state) {
  int changes = 0;
  for (int i = 0; i < d.nefc; ++i) {
    if (state[i] == mjCNSTRSTATE_CONE || old_state[i] == mjCNSTRSTATE_CONE) return -1;
    changes += (state[i] == mjCNSTRSTATE_QUADRATIC) != (old_state[i] == mjCNSTRSTATE_QUADRATIC);
  }
  return changes;
}

// the iteration's Hessian updates (SolverStat.nupdate): each row now in a cone (its block is
// rebuilt), else each row whose quadratic membership changed. Measured against the reference
// on the corpus under Newton: equal in 165 of 195 islands (159 when cone rows counted 0); the
// rest differ at the first iteration of elliptic contacts, where the reference counts more
// (a rule not found)
int HessianUpdates(const SolverData& d, const int* old_state, const int* state) {
  int updates = 0;
  for (int i = 0; i < d.nefc; ++i) {
    bool quadratic = state[i] == mjCNSTRSTATE_QUADRATIC;
    updates += state[i] == mjCNSTRSTATE_CONE ||
               quadratic != (old_state[i] == mjCNSTRSTATE_QUADRATIC);
  }
  return updates;
}

// dense layout: a rank-1 update or downdate per changed row; false when one fails
bool UpdateDense(const SolverModel& m, const SolverData& d, const int* old_state, const int* state,
                 Hessian& H) {
  for (int i = 0; i < d.nefc; ++i) {
    bool now = state[i] == mjCNSTRSTATE_QUADRATIC;
    if (now == (old_state[i] == mjCNSTRSTATE_QUADRATIC) || d.efc_J_rownnz[i] == 0) continue;
    const mjtNum* Ji = d.efc_J + static_cast<size_t>(i) * m.nv;
    const int* columns = d.efc_J_colind + d.efc_J_rowadr[i];
    std::memset(H.vector, 0, sizeof(mjtNum) * m.nv);
    mjtNum root = std::sqrt(d.efc_D[i]);
    for (int k = 0; k < d.efc_J_rownnz[i]; ++k) H.vector[columns[k]] = root * Ji[columns[k]];
    if (!CholeskyRankOne(H.values, m.nv, H.vector, columns[0], !now)) return false;
  }
  return true;
}

// brings the factor from old_state to the point's states, given their QuadraticChanges; false
// if H is not positive definite
bool RefreshHessian(const SolverModel& m, SolverData& d, const PrimalPoint& point,
                    const int* old_state, int changes, Hessian& H) {
  if (changes == 0) return true;
  // a rank-1 update costs about nv^2, a refactorization nv^3 / 6 plus building H
  // (the tree layout refactors: as cheap as mj_factorM)
  if (!H.tree && changes > 0 && 6 * changes < m.nv) {
    if (UpdateDense(m, d, old_state, point.state, H)) return true;
  }
  return Refactor(m, d, point, H);
}

// p = -H^-1 grad
void NewtonDirection(const SolverModel& m, const Hessian& H, const mjtNum* grad, mjtNum* p) {
  for (int k = 0; k < m.nv; ++k) p[k] = -grad[k];
  if (H.tree) {
    // SolveInertiaPattern reads the factor as the model's: it takes M's pattern arrays
    SolveInertiaPattern(m, H.values, H.diag_inverse, p, p, 1);
  } else {
    CholeskySolve(H.values, m.nv, p);
  }
}

bool AllocateHessian(const SolverModel& m, ArenaWork& work, Hessian& H) {
  int nv = m.nv;
  H.tree = true;
  H.tree_possible = FullAncestorPattern(m);
  H.M_filled = false;
  H.tree_values = work.Allocate<mjtNum>(m.nC);
  H.diag_inverse = work.Allocate<mjtNum>(nv);
  H.dense_values = work.Allocate<mjtNum>(static_cast<size_t>(nv) * nv);
  H.M = work.Allocate<mjtNum>(static_cast<size_t>(nv) * nv);
  H.vector = work.Allocate<mjtNum>(nv);
  H.offset = work.Allocate<int>(nv);
  H.values = H.tree_values;
  return H.tree_values && H.diag_inverse && H.dense_values && H.M && H.vector && H.offset;
}

}  // namespace

int SolveNewton(const SolverModel& m, SolverData& d, ArenaWork& work, mjtNum* x) {
  int nv = m.nv;
  PrimalPoint point = AllocatePrimalPoint(m, d, work);
  Hessian H;
  bool hessian = AllocateHessian(m, work, H);
  mjtNum* p = work.Allocate<mjtNum>(nv);
  mjtNum* Mp = work.Allocate<mjtNum>(nv);
  mjtNum* Jp = work.Allocate<mjtNum>(d.nefc);
  int* old_state = work.Allocate<int>(d.nefc);
  if (!Allocated(point) || !hessian || !p || !Mp || !Jp || !old_state) return -1;
  PrimalStart(m, d, x, point);
  int iterations = 0;
  bool positive = Refactor(m, d, point, H);
  while (positive && iterations < m.opt.iterations) {
    NewtonDirection(m, H, point.grad, p);
    mjtNum pnorm = Norm(p, nv);
    if (pnorm < kMinDirectionNorm) break;
    MulInertia(m, d, Mp, p);
    MulJacobian(m, d, Jp, p);
    mjtNum gauss[3];
    GaussAlongLine(m, d, x, point, p, Mp, gauss);
    LineSearchResult line = LineSearch(m, d, gauss, point.jar, Jp, pnorm);
    mjtNum alpha = line.alpha;
    std::memcpy(old_state, point.state, sizeof(int) * d.nefc);
    mjtNum old_cost = point.cost;
    StepPrimal(m, d, x, alpha, p, Mp, Jp, point);
    int changes = QuadraticChanges(d, old_state, point.state);
    const SolverStat& stat = RecordPrimalIteration(m, d, iterations, old_cost, point, old_state,
                                                   line.slope, pnorm, line.evaluations,
                                                   HessianUpdates(d, old_state, point.state));
    ++iterations;
    if (alpha == 0) break;
    if (stat.improvement < m.opt.tolerance || stat.gradient < m.opt.tolerance) break;
    positive = RefreshHessian(m, d, point, old_state, changes, H);
  }
  return iterations;
}

}  // namespace mjsim
