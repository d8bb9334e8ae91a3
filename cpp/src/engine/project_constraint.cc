// project_constraint.cc: mj_projectConstraint, the constraint rows' dual matrix
//   efc_AR = J M^-1 J' + diag(R)
// (the Computation chapter's A + R of the dual problem; checklist C.14). PGS and noslip solve in
// this space; the reference fills d.efc_AR for them only, dense (nefc x nefc) or, when the
// Jacobian is sparse (mj_isSparse), as the nonzeros of each row in CSR form. Its pattern is
// structural: M^-1 couples only dofs of one kinematic tree, so rows i and j couple when their
// Jacobians touch a common tree (measured: a box's 16 contact rows form one dense block).
//
//   reads   d.efc_J efc_J_rownnz efc_J_rowadr efc_J_colind efc_R, the factorization of M
//   writes  d.nA efc_AR efc_AR_rownnz efc_AR_rowadr efc_AR_colind; d.parena moves past them
#include <algorithm>
#include <type_traits>

#include "engine/solver.h"
#include "engine/stages.h"
#include "mjsim/api.h"

namespace mjsim {
namespace {

size_t Align(size_t bytes) { return (bytes + 63) / 64 * 64; }

// The trees row i acts on, each once (`trees` has room for ntree); returns how many. An
// equality of bodies or joints acts on their trees whatever its Jacobian's values (the
// reference's pattern is structural: a connect whose row is exactly zero in some dof still
// couples); other rows on the trees of their Jacobian's columns.
int RowTrees(const Model& m, const Data& d, int i, int* trees) {
  int count = 0;
  auto add = [&](int tree) {
    if (tree < 0) return;
    for (int k = 0; k < count; ++k) {
      if (trees[k] == tree) return;
    }
    trees[count++] = tree;
  };
  int eq = d.efc_id[i];
  int type = d.efc_type[i] == mjCNSTR_EQUALITY ? m.eq_type[eq] : -1;
  if (type == mjEQ_CONNECT || type == mjEQ_WELD || type == mjEQ_JOINT) {
    for (int object : {m.eq_obj1id[eq], m.eq_obj2id[eq]}) {
      if (object < 0) continue;
      int body = type == mjEQ_JOINT ? m.jnt_bodyid[object]
                 : m.eq_objtype[eq] == mjOBJ_SITE ? m.site_bodyid[object] : object;
      add(m.body_treeid[body]);
    }
    return count;
  }
  const int* columns = d.efc_J_colind + d.efc_J_rowadr[i];
  for (int k = 0; k < d.efc_J_rownnz[i]; ++k) add(m.dof_treeid[columns[k]]);
  return count;
}

// The rows of each tree (CSR: tree_rowadr[t] .. tree_rowadr[t + 1] in tree_rows), each row once
// per tree, rows ascending. False when the arena is too small.
bool RowsPerTree(const Model& m, const Data& d, ArenaWork& memory, int* trees, int** tree_rowadr,
                 int** tree_rows) {
  int* adr = memory.Allocate<int>(m.ntree + 1);
  if (!adr) return false;
  std::fill(adr, adr + m.ntree + 1, 0);
  int total = 0;
  for (int i = 0; i < d.nefc; ++i) {
    int n = RowTrees(m, d, i, trees);
    for (int k = 0; k < n; ++k) ++adr[trees[k] + 1];
    total += n;
  }
  for (int t = 0; t < m.ntree; ++t) adr[t + 1] += adr[t];
  int* rows = memory.Allocate<int>(std::max(total, 1));
  int* fill = memory.Allocate<int>(m.ntree);
  if (!rows || !fill) return false;
  std::copy(adr, adr + m.ntree, fill);
  for (int i = 0; i < d.nefc; ++i) {
    int n = RowTrees(m, d, i, trees);
    for (int k = 0; k < n; ++k) rows[fill[trees[k]]++] = i;
  }
  *tree_rowadr = adr;
  *tree_rows = rows;
  return true;
}

// Row i's coupled rows (ascending) into `out`; `mark` (nefc entries) remembers the last row
// that took each one. Returns how many.
int CoupledRows(const Model& m, const Data& d, int i, const int* tree_rowadr,
                const int* tree_rows, int* trees, int* mark, int* out) {
  int count = 0;
  int n = RowTrees(m, d, i, trees);
  if (n == 1) {  // one tree (most rows): its row list, ascending already
    const int* first = tree_rows + tree_rowadr[trees[0]];
    const int* last = tree_rows + tree_rowadr[trees[0] + 1];
    std::copy(first, last, out);
    return static_cast<int>(last - first);
  }
  for (int t = 0; t < n; ++t) {
    int tree = trees[t];
    for (int r = tree_rowadr[tree]; r < tree_rowadr[tree + 1]; ++r) {
      int j = tree_rows[r];
      if (mark[j] == i) continue;
      mark[j] = i;
      out[count++] = j;
    }
  }
  std::sort(out, out + count);
  return count;
}

// The sparse pattern: rownnz first (to size nA), then the layout, then colind. Its lists are on
// the stack. False when the arena is too small.
bool LayoutSparsePattern(const Model& m, Data& d) {
  ArenaWork memory(d);  // the lists, on the stack while efc_AR is laid out below it
  int *tree_rowadr, *tree_rows;
  int* mark = memory.Allocate<int>(d.nefc);
  int* row = memory.Allocate<int>(d.nefc);
  int* trees = memory.Allocate<int>(m.ntree);
  if (!mark || !row || !trees ||
      !RowsPerTree(m, d, memory, trees, &tree_rowadr, &tree_rows)) {
    return false;
  }
  std::fill(mark, mark + d.nefc, -1);
  size_t nA = 0;
  for (int i = 0; i < d.nefc; ++i) {
    nA += CoupledRows(m, d, i, tree_rowadr, tree_rows, trees, mark, row);
  }
  // the layout stays below the lists it still reads (LayoutDualMatrix stops at the stack)
  if (nA > static_cast<size_t>(INT32_MAX)) return false;
  if (!LayoutDualMatrix(d, static_cast<int>(nA))) return false;
  std::fill(mark, mark + d.nefc, -1);
  int address = 0;
  for (int i = 0; i < d.nefc; ++i) {
    d.efc_AR_rowadr[i] = address;
    d.efc_AR_rownnz[i] = CoupledRows(m, d, i, tree_rowadr, tree_rows, trees, mark,
                                     d.efc_AR_colind + address);
    address += d.efc_AR_rownnz[i];
  }
  return true;
}

// every row couples with every row (the dense layout, filled as a full pattern)
bool LayoutDensePattern(Data& d) {
  size_t nA = static_cast<size_t>(d.nefc) * d.nefc;
  if (nA > static_cast<size_t>(INT32_MAX) || !LayoutDualMatrix(d, static_cast<int>(nA))) {
    return false;
  }
  for (int i = 0; i < d.nefc; ++i) {
    d.efc_AR_rownnz[i] = d.nefc;
    d.efc_AR_rowadr[i] = i * d.nefc;
    for (int j = 0; j < d.nefc; ++j) d.efc_AR_colind[i * d.nefc + j] = j;
  }
  return true;
}

// The sparse layout's entries: AR_ij = B_i . B_j with B = J L^-1 D^-1/2 (mj_solveM2: the
// solve's first pass only, which stays within a row's ancestors and skips its zeros; the second
// pass of a full M^-1 J' would cost a dense pass over the factor per row), R on the diagonal.
// Each sum is computed once, from row s: its entries j >= s, mirrored into row j at (j, s),
// over B_j's nonzero columns (`nonzero`, found by scanning, so no assumption on J's pattern).
// Rows are visited in ascending s, so row j receives its entries below the diagonal in
// ascending column order, as its colind lists them (`filled[j]` counts them); the pattern is
// symmetric.
void FillDualMatrix(const Model& m, Data& d, const mjtNum* B, const int* nonzero,
                    const int* nonzero_count, int* filled) {
  int nv = m.nv;
  for (int i = 0; i < d.nefc; ++i) filled[i] = 0;
  for (int s = 0; s < d.nefc; ++s) {
    const mjtNum* Bs = B + static_cast<size_t>(s) * nv;
    mjtNum* out = d.efc_AR + d.efc_AR_rowadr[s];
    const int* coupled = d.efc_AR_colind + d.efc_AR_rowadr[s];
    for (int k = filled[s]; k < d.efc_AR_rownnz[s]; ++k) {  // the entries j >= s
      int j = coupled[k];
      const mjtNum* Bj = B + static_cast<size_t>(j) * nv;
      // over the shorter of the two lists (the other's columns add exact zeros)
      int shorter = nonzero_count[j] < nonzero_count[s] ? j : s;
      const int* columns = nonzero + static_cast<size_t>(shorter) * nv;
      mjtNum sum = 0;
      for (int c = 0; c < nonzero_count[shorter]; ++c) sum += Bj[columns[c]] * Bs[columns[c]];
      if (j == s) {
        out[k] = sum + d.efc_R[s];
      } else {
        out[k] = sum;
        d.efc_AR[d.efc_AR_rowadr[j] + filled[j]++] = sum;
      }
    }
  }
}

// B = J L^-1 D^-1/2 and each row's nonzero columns (ascending); false when the arena is full
bool HalfSolvedRows(const Model& m, Data& d, ArenaWork& work, mjtNum** B, int** nonzero,
                    int** nonzero_count) {
  int nv = m.nv, nefc = d.nefc;
  *B = HalfSolvedJacobian(m, d, work);
  *nonzero = work.Allocate<int>(static_cast<size_t>(nefc) * nv);
  *nonzero_count = work.Allocate<int>(nefc);
  if (!*B || !*nonzero || !*nonzero_count) return false;
  for (int i = 0; i < nefc; ++i) {
    const mjtNum* row = *B + static_cast<size_t>(i) * nv;
    int* columns = *nonzero + static_cast<size_t>(i) * nv;
    int count = 0;
    for (int k = 0; k < nv; ++k) {
      if (row[k] != 0) columns[count++] = k;
    }
    (*nonzero_count)[i] = count;
  }
  return true;
}

}  // namespace

bool LayoutDualMatrix(Data& d, int nA) {
  size_t offset = d.parena;
  unsigned char* base = d.arena.bytes();
  auto place = [&](auto*& pointer, size_t count) {
    using T = std::remove_reference_t<decltype(*pointer)>;
    pointer = reinterpret_cast<T*>(base + offset);
    offset += Align(sizeof(T) * count);
  };
  place(d.efc_AR_rownnz, d.nefc);
  place(d.efc_AR_rowadr, d.nefc);
  place(d.efc_AR_colind, nA);
  place(d.efc_AR, nA);
  if (offset > d.StackBottom()) {
    d.nA = 0;
    return false;
  }
  d.nA = nA;
  d.parena = offset;
  d.NoteArenaUse();
  return true;
}

void mj_projectConstraint(const Model& m, Data& d) {
  LayoutConstraintRows(m, d, d.nefc);  // the same places; parena back at the rows' end, nA 0
  // as the reference: only for the solvers that use it (measured: nA stays 0 under Newton)
  if (d.nefc == 0 || (m.opt.solver != mjSOL_PGS && m.opt.noslip_iterations <= 0)) return;
  bool sparse = mj_isSparse(m);
  bool laid_out = sparse ? LayoutSparsePattern(m, d) : LayoutDensePattern(d);
  // noslip makes its own dense copy later; when the arena cannot hold both, efc_AR is left
  // out (nA = 0) and the solvers make theirs as before (the reference's arena grows with njmax:
  // dog's is 49 MB, ours 16 MB)
  size_t noslip_bytes = m.opt.noslip_iterations > 0
                            ? sizeof(mjtNum) * static_cast<size_t>(d.nefc) * d.nefc : 0;
  if (laid_out && d.parena + noslip_bytes > d.StackBottom()) {
    LayoutConstraintRows(m, d, d.nefc);
    return;
  }
  ArenaWork work(d);
  bool filled = false;
  if (laid_out && sparse) {  // the pattern's entries from J L^-1 D^-1/2
    mjtNum* B;
    int *nonzero, *nonzero_count;
    int* row_fill = work.Allocate<int>(d.nefc);
    if (row_fill && HalfSolvedRows(m, d, work, &B, &nonzero, &nonzero_count)) {
      FillDualMatrix(m, d, B, nonzero, nonzero_count, row_fill);
      filled = true;
    }
  } else if (laid_out) {
    filled = BuildDualMatrix(m, d, work, d.efc_AR, true);
  }
  if (!filled) {
    mj_warning(d, mjWARN_CNSTRFULL, d.nefc);
    LayoutConstraintRows(m, d, d.nefc);
  }
}

}  // namespace mjsim
