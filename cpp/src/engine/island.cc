// island.cc: constraint islands, forward pipeline stage 9 after mj_makeConstraint (Computation
// §soIsland; checklist C.22). The graph's vertices are the kinematic trees, its edges the
// constraint rows: a row joins every tree that owns one of its Jacobian columns. An island is
// a connected set of trees that some row touches; trees no row touches are in none.
//   reads   m.opt.disableflags (mjDSBL_ISLAND) m.dof_treeid m.ntree
//           d.efc_J_rownnz rowadr colind ne nf nefc                  (written by constraint.cc)
//   writes  d.nisland nidof dof_island map_dof2idof map_idof2dof island_nv island_idofadr
//           island_dofadr efc_island map_efc2iefc map_iefc2efc island_ne island_nf
//           island_nefc island_iefcadr
//
// Order, fitted to mujoco 3.3.7 (tests/conformance/test_island.py):
//   islands are numbered by their first tree (equally, their first dof);
//   idofs list island 0's dofs ascending, then island 1's, ..., then the unconstrained dofs
//   ascending (map_idof2dof[j] for j >= nidof); island_dofadr is the island's first dof;
//   iefcs list each island's rows in efc order, island after island.
// A constraint joins the trees of its rows' efc_J_colind columns (constraint.cc): a contact's
// rows list all the dofs that move its bodies, numerically zero or not (a floor contact goes
// to its body's island even where a slider makes some of its rows zero); other rows their
// numerical nonzeros (a fixed tendon's zero coefficient joins no tree), as the reference with
// a dense Jacobian. (With a sparse one the reference also joins a tendon's zero-coefficient
// trees: its efc_J_colind keeps ten_J's pattern.)
// With mjDSBL_ISLAND or no rows, nisland = nidof = 0 (the reference leaves the per-dof and
// per-row arrays unset; here dof_island and efc_island are -1 and the maps the identity).
#include "mjsim/api.h"
#include "util/scratch.h"

namespace mjsim {
namespace {

// union-find over trees, with path halving
int FindRoot(int* parent, int tree) {
  while (parent[tree] != tree) {
    parent[tree] = parent[parent[tree]];
    tree = parent[tree];
  }
  return tree;
}

void JoinTrees(int* parent, int a, int b) {
  a = FindRoot(parent, a);
  b = FindRoot(parent, b);
  if (a != b) parent[a < b ? b : a] = a < b ? a : b;  // the smaller tree id stays the root
}

// the tree of row i's first column, -1 if none; joins the trees of all its columns and marks
// them constrained
int JoinRowTrees(const Model& m, const Data& d, int i, int* parent, unsigned char* constrained) {
  const int* columns = d.efc_J_colind + d.efc_J_rowadr[i];
  int first = -1, previous = -1;
  for (int k = 0; k < d.efc_J_rownnz[i]; ++k) {
    int tree = m.dof_treeid[columns[k]];
    if (tree < 0 || tree == previous) continue;  // joined already (a tree's dofs come in a run)
    previous = tree;
    constrained[tree] = 1;
    if (first < 0) {
      first = tree;
    } else {
      JoinTrees(parent, first, tree);
    }
  }
  return first;
}

void ClearIslands(const Model& m, Data& d) {
  d.nisland = d.nidof = 0;
  for (int k = 0; k < m.nv; ++k) {
    d.dof_island[k] = -1;
    d.map_dof2idof[k] = d.map_idof2dof[k] = k;
  }
  for (int i = 0; i < d.nefc; ++i) {
    d.efc_island[i] = -1;
    d.map_efc2iefc[i] = d.map_iefc2efc[i] = i;
  }
}

// dof_island, island_nv / idofadr / dofadr, the dof maps; island[t] = island of tree t or -1
void AssignDofs(const Model& m, Data& d, const int* island) {
  for (int s = 0; s < d.nisland; ++s) d.island_nv[s] = 0, d.island_dofadr[s] = -1;
  d.nidof = 0;
  for (int k = 0; k < m.nv; ++k) {
    int tree = m.dof_treeid[k];
    int s = tree >= 0 ? island[tree] : -1;
    d.dof_island[k] = s;
    if (s < 0) continue;
    if (d.island_nv[s]++ == 0) d.island_dofadr[s] = k;
    ++d.nidof;
  }
  int address = 0;
  for (int s = 0; s < d.nisland; ++s) {
    d.island_idofadr[s] = address;
    address += d.island_nv[s];
  }
  // island_idofadr doubles as a fill cursor, restored after
  int unconstrained = d.nidof;
  for (int k = 0; k < m.nv; ++k) {
    int s = d.dof_island[k];
    int idof = s < 0 ? unconstrained++ : d.island_idofadr[s]++;
    d.map_idof2dof[idof] = k;
    d.map_dof2idof[k] = idof;
  }
  for (int s = 0; s < d.nisland; ++s) d.island_idofadr[s] -= d.island_nv[s];
}

// island_ne / nf / nefc / iefcadr and the row maps, given efc_island
void AssignRows(Data& d) {
  for (int s = 0; s < d.nisland; ++s) d.island_ne[s] = d.island_nf[s] = d.island_nefc[s] = 0;
  int assigned = 0;
  for (int i = 0; i < d.nefc; ++i) {
    int s = d.efc_island[i];
    if (s < 0) continue;
    ++assigned;
    ++d.island_nefc[s];
    if (i < d.ne) ++d.island_ne[s];
    else if (i < d.ne + d.nf) ++d.island_nf[s];
  }
  int address = 0;
  for (int s = 0; s < d.nisland; ++s) {
    d.island_iefcadr[s] = address;
    address += d.island_nefc[s];
  }
  int loose = assigned;  // rows that move no tree go last
  for (int i = 0; i < d.nefc; ++i) {
    int s = d.efc_island[i];
    int iefc = s < 0 ? loose++ : d.island_iefcadr[s]++;
    d.map_iefc2efc[iefc] = i;
    d.map_efc2iefc[i] = iefc;
  }
  for (int s = 0; s < d.nisland; ++s) d.island_iefcadr[s] -= d.island_nefc[s];
}

}  // namespace

void mj_island(const Model& m, Data& d) {
  ClearIslands(m, d);
  if ((m.opt.disableflags & mjDSBL_ISLAND) || d.nefc == 0 || m.ntree == 0) return;
  ScratchFrame frame(d);
  int* parent = frame.Allocate<int>(m.ntree);
  int* island = frame.Allocate<int>(m.ntree);
  unsigned char* constrained = frame.Allocate<unsigned char>(m.ntree);
  for (int t = 0; t < m.ntree; ++t) parent[t] = t, constrained[t] = 0;
  // efc_island holds each row's first tree until the islands are numbered; the rows of one
  // constraint (same efc_type and efc_id, consecutive) go together: a connect's row can be
  // all zeros where the others are not, and the reference keeps it in their island
  for (int i = 0; i < d.nefc;) {
    int end = i + 1;
    while (end < d.nefc && d.efc_type[end] == d.efc_type[i] && d.efc_id[end] == d.efc_id[i]) {
      ++end;
    }
    int first = -1;
    int tree = -1;
    for (int r = i; r < end; ++r) {
      // a row with the columns of the row before it (rowsuper) joins the same trees
      bool same_columns = r > i && d.efc_J_rowsuper[r - 1] > 0;
      if (!same_columns) tree = JoinRowTrees(m, d, r, parent, constrained);
      if (first < 0) first = tree;
      if (tree >= 0) JoinTrees(parent, first, tree);
    }
    for (int r = i; r < end; ++r) d.efc_island[r] = first;
    i = end;
  }
  // number the islands in the order of their first tree
  for (int t = 0; t < m.ntree; ++t) {
    int root = FindRoot(parent, t);
    if (!constrained[t]) {
      island[t] = -1;
    } else if (root == t) {
      island[t] = d.nisland++;
    } else {
      island[t] = island[root];  // root < t: numbered already
    }
  }
  for (int i = 0; i < d.nefc; ++i) {
    if (d.efc_island[i] >= 0) d.efc_island[i] = island[d.efc_island[i]];
  }
  AssignDofs(m, d, island);
  AssignRows(d);
}

}  // namespace mjsim
