// solver_island.cc: the primal solvers (Newton, CG) island by island (Computation §soIsland;
// checklist C.22). Each constraint island's dofs and rows (island.cc's maps) are gathered into
// contiguous arrays (a SolverModel / SolverData view with island-local columns and M pattern),
// solved as a problem of its own, and the results scattered back. The island's M is the
// restriction of M to its dofs, and so is its factor: trees do not couple in M.
//   reads   d.nisland island_nv island_idofadr island_nefc island_iefcadr map_* efc_*
//           M qLD qLDiagInv qacc_smooth qfrc_smooth qacc_warmstart
//   writes  d.qacc (island dofs) efc_force efc_state, per island (the first mjNISLAND):
//           solver solver_niter solver_nnz
//
// Fitted to mujoco 3.3.7 (tests/conformance/test_solver_island.py): CG and Newton solve per
// island, all from the whole system's warmstart choice (WholeSystemStartsWarm), each with its
// own iteration count and statistics, the improvement
// and gradient scaled by 1 / trace(M of the island) at the current state (the whole system
// uses the model's meaninertia * nv); PGS takes the whole system at once (solver.cc). Islands
// past mjNISLAND are solved but keep no statistics.
// When noslip follows, the islands are solved together as ONE problem: all the islands' dofs
// and rows in island order, without the dofs no constraint touches, scaled as the whole system
// (1 / (stat.meaninertia * nv)), its iterations and statistics in island 0's slots. Measured:
// dog (one island of 79 of 85 dofs) gives the island's iterates with every improvement and
// gradient times trace(M of the island) / (meaninertia * nv); two boxes on a plane and a free
// sphere give the iterates of the boxes alone, with all their rows in each iteration.
#include <algorithm>
#include <cstring>
#include <initializer_list>

#include "engine/solver.h"
#include "mjsim/api.h"

namespace mjsim {
namespace {

// an island's arrays; the view points at them
struct IslandView {
  SolverModel m;
  SolverData d;
  int first_dof;  // island_idofadr: idof of local dof 0
  int first_row;  // island_iefcadr: iefc of local row 0
};

template <typename T>
bool AllocateAll(ArenaWork& work, size_t count, std::initializer_list<T**> arrays) {
  bool ok = true;
  for (T** array : arrays) ok = (*array = work.Allocate<T>(count)) && ok;
  return ok;
}

// the mean of M's diagonal (the last entry of each row) over nv dofs: an island's meaninertia
mjtNum MeanDiagonal(const int* rownnz, const int* rowadr, const mjtNum* M, int nv) {
  mjtNum trace = 0;
  for (int r = 0; r < nv; ++r) trace += M[rowadr[r] + rownnz[r] - 1];
  return nv > 0 ? trace / nv : 0;
}

// the island's dofs: M pattern with local columns, M, its factor, the smooth dynamics
bool GatherDofs(const Model& m, const Data& d, int first, ArenaWork& work, IslandView& v) {
  int nv = v.m.nv;
  v.first_dof = first;
  int *rownnz, *rowadr, *parent;
  if (!AllocateAll<int>(work, nv, {&rownnz, &rowadr, &parent})) return false;
  int nC = 0;
  for (int r = 0; r < nv; ++r) nC += m.M_rownnz[d.map_idof2dof[first + r]];
  int* colind = work.Allocate<int>(nC);
  mjtNum *M, *LD, *diag, *acc, *frc, *warm;
  if (!colind || !AllocateAll<mjtNum>(work, nC, {&M, &LD}) ||
      !AllocateAll<mjtNum>(work, nv, {&diag, &acc, &frc, &warm})) {
    return false;
  }
  int address = 0;
  for (int r = 0; r < nv; ++r) {
    int dof = d.map_idof2dof[first + r];
    rownnz[r] = m.M_rownnz[dof];
    rowadr[r] = address;
    for (int p = 0; p < rownnz[r]; ++p) {
      int global = m.M_rowadr[dof] + p;
      colind[address + p] = d.map_dof2idof[m.M_colind[global]] - first;
      M[address + p] = d.M[global];
      LD[address + p] = d.qLD[global];
    }
    address += rownnz[r];
    int up = m.dof_parentid[dof];
    parent[r] = up < 0 ? -1 : d.map_dof2idof[up] - first;
    diag[r] = d.qLDiagInv[dof];
    acc[r] = d.qacc_smooth[dof];
    frc[r] = d.qfrc_smooth[dof];
    warm[r] = d.qacc_warmstart[dof];
  }
  v.m.meaninertia = MeanDiagonal(rownnz, rowadr, M, nv);
  v.m.nC = nC;
  v.m.M_rownnz = rownnz, v.m.M_rowadr = rowadr, v.m.M_colind = colind, v.m.dof_parentid = parent;
  v.d.M = M, v.d.qLD = LD, v.d.qLDiagInv = diag;
  v.d.qacc_smooth = acc, v.d.qfrc_smooth = frc, v.d.qacc_warmstart = warm;
  return true;
}

// the island's rows: dense rows of the island's nv columns, local column indices
bool GatherRows(const Model& m, const Data& d, int first, ArenaWork& work, IslandView& v) {
  int nv = v.m.nv, nefc = v.d.nefc;
  v.first_row = first;
  int nnz = 0;
  for (int r = 0; r < nefc; ++r) nnz += d.efc_J_rownnz[d.map_iefc2efc[first + r]];
  int *type, *id, *rownnz, *rowadr, *state;
  mjtNum *D, *R, *aref, *frictionloss, *b, *force;
  int* colind = work.Allocate<int>(nnz);
  mjtNum* J = work.Allocate<mjtNum>(static_cast<size_t>(nefc) * nv);
  if (!colind || !J || !AllocateAll<int>(work, nefc, {&type, &id, &rownnz, &rowadr, &state}) ||
      !AllocateAll<mjtNum>(work, nefc, {&D, &R, &aref, &frictionloss, &b, &force})) {
    return false;
  }
  std::memset(J, 0, sizeof(mjtNum) * nefc * nv);
  int address = 0;
  for (int r = 0; r < nefc; ++r) {
    int i = d.map_iefc2efc[first + r];
    type[r] = d.efc_type[i], id[r] = d.efc_id[i];
    D[r] = d.efc_D[i], R[r] = d.efc_R[i], aref[r] = d.efc_aref[i];
    frictionloss[r] = d.efc_frictionloss[i], b[r] = d.efc_b[i];
    rownnz[r] = d.efc_J_rownnz[i];
    rowadr[r] = address;
    const mjtNum* row = d.efc_J + static_cast<size_t>(i) * m.nv;
    for (int k = 0; k < rownnz[r]; ++k) {
      int column = d.efc_J_colind[d.efc_J_rowadr[i] + k];
      int local = d.map_dof2idof[column] - v.first_dof;
      colind[address + k] = local;
      J[static_cast<size_t>(r) * nv + local] = row[column];
    }
    address += rownnz[r];
  }
  v.d.efc_type = type, v.d.efc_id = id, v.d.efc_J = J;
  v.d.efc_J_rownnz = rownnz, v.d.efc_J_rowadr = rowadr, v.d.efc_J_colind = colind;
  v.d.efc_D = D, v.d.efc_R = R, v.d.efc_aref = aref, v.d.efc_frictionloss = frictionloss;
  v.d.efc_b = b, v.d.efc_force = force, v.d.efc_state = state;
  return true;
}

void ScatterRows(Data& d, const IslandView& v) {
  for (int r = 0; r < v.d.nefc; ++r) {
    int i = d.map_iefc2efc[v.first_row + r];
    d.efc_force[i] = v.d.efc_force[r];
    d.efc_state[i] = v.d.efc_state[r];
  }
}

IslandView EmptyView(const Model& m, Data& d, int nv, int nefc) {
  IslandView v{{nv, 0, mj_isSparse(m), nullptr, nullptr, nullptr, nullptr, m.opt, 0}, {}, 0, 0};
  v.d.nefc = nefc;
  v.d.contact = d.contact;
  return v;
}

// Rows that move no tree (efc_island -1, after the islands' rows): J x = 0, so their forces
// are those of the cost at jar = -aref = efc_b whatever the solution
bool EvaluateLooseRows(const Model& m, Data& d, int first, ArenaWork work) {
  IslandView v = EmptyView(m, d, 0, d.nefc - first);
  if (v.d.nefc == 0) return true;
  v.first_dof = 0;
  if (!GatherRows(m, d, first, work, v)) return false;
  ConstraintCost(v.m, v.d, v.d.efc_b, v.d.efc_force, v.d.efc_state);
  ScatterRows(d, v);
  return true;
}

// An island of every dof and every row is the whole system in its own order (idofs and iefcs
// ascend within an island): the view points at d's arrays, with the island's scale, instead of
// gathering copies of them (dense J and M: 6% of humanoid_CMU's mj_step)
bool ViewWholeSystem(const Model& m, Data& d, IslandView& v) {
  if (v.m.nv != m.nv || v.d.nefc != d.nefc) return false;
  SolverView whole = WholeSystem(m, d);
  v.m.nC = whole.m.nC;
  v.m.M_rownnz = whole.m.M_rownnz, v.m.M_rowadr = whole.m.M_rowadr;
  v.m.M_colind = whole.m.M_colind, v.m.dof_parentid = whole.m.dof_parentid;
  v.m.meaninertia = MeanDiagonal(m.M_rownnz, m.M_rowadr, d.M, m.nv);
  SolverStat* solver = v.d.solver;
  int* solver_nnz = v.d.solver_nnz;
  int start = v.d.start;
  v.d = whole.d;
  v.d.solver = solver, v.d.solver_nnz = solver_nnz, v.d.start = start;
  v.first_dof = v.first_row = 0;
  return true;
}

// one island: gather, solve, scatter; the solver's iterations, -1 when the arena is full.
// `work` is a copy: what the island takes is free again for the next one.
int SolveIsland(const Model& m, Data& d, int island, int start, SolverStat* spare,
                int* spare_nnz, ArenaWork work) {
  IslandView v = EmptyView(m, d, d.island_nv[island], d.island_nefc[island]);
  v.d.start = start;
  bool recorded = island < mjNISLAND;
  v.d.solver = recorded ? d.solver + island * mjNSOLVER : spare;
  v.d.solver_nnz = recorded ? d.solver_nnz + island : spare_nnz;
  if (!ViewWholeSystem(m, d, v) &&
      (!GatherDofs(m, d, d.island_idofadr[island], work, v) ||
       !GatherRows(m, d, d.island_iefcadr[island], work, v))) {
    return -1;
  }
  mjtNum* x = work.Allocate<mjtNum>(v.m.nv);
  if (!x) return -1;
  int iterations = m.opt.solver == mjSOL_CG ? SolveCG(v.m, v.d, work, x)
                                            : SolveNewton(v.m, v.d, work, x);
  if (iterations < 0) return -1;
  for (int r = 0; r < v.m.nv; ++r) d.qacc[d.map_idof2dof[v.first_dof + r]] = x[r];
  ScatterRows(d, v);
  if (recorded) d.solver_niter[island] = iterations;
  return iterations;
}

// The reference chooses between qacc_warmstart and qacc_smooth once, by the whole system's
// cost, and starts every island there (with warmstart disabled, island statistics agree with
// the reference's whatever the other islands; with it, only under this choice)
bool WholeSystemStartsWarm(const Model& m, Data& d, ArenaWork work) {
  SolverView whole = WholeSystem(m, d);
  PrimalPoint point = AllocatePrimalPoint(whole.m, whole.d, work);
  return Allocated(point) && WarmstartCheaper(whole.m, whole.d, point);
}

// all the islands as one problem (noslip follows): its iterations, -1 when the arena is full
int SolveIslandsTogether(const Model& m, Data& d, int start, int* rows, ArenaWork work) {
  *rows = 0;
  for (int island = 0; island < d.nisland; ++island) *rows += d.island_nefc[island];
  IslandView v = EmptyView(m, d, d.nidof, *rows);
  v.d.start = start;
  v.d.solver = d.solver;
  v.d.solver_nnz = d.solver_nnz;
  if (!GatherDofs(m, d, 0, work, v) || !GatherRows(m, d, 0, work, v)) return -1;
  // the whole system's scale: SolverScale is 1 / (meaninertia * nv) of the view
  v.m.meaninertia = m.stat.meaninertia * m.nv / std::max(1, v.m.nv);
  mjtNum* x = work.Allocate<mjtNum>(v.m.nv);
  if (!x) return -1;
  int iterations = m.opt.solver == mjSOL_CG ? SolveCG(v.m, v.d, work, x)
                                            : SolveNewton(v.m, v.d, work, x);
  if (iterations < 0) return -1;
  for (int r = 0; r < v.m.nv; ++r) d.qacc[d.map_idof2dof[r]] = x[r];
  ScatterRows(d, v);
  return iterations;
}

}  // namespace

int SolveIslands(const Model& m, Data& d, ArenaWork& work, bool together) {
  SolverStat* spare = work.Allocate<SolverStat>(mjNSOLVER);
  int* spare_nnz = work.Allocate<int>(1);
  if (!spare || !spare_nnz) return -1;
  int start = WholeSystemStartsWarm(m, d, work) ? 1 : -1;
  int assigned = 0, iterations = 0;
  if (together) {
    iterations = SolveIslandsTogether(m, d, start, &assigned, work);
    if (iterations < 0) return -1;
  } else {
    for (int island = 0; island < d.nisland; ++island) {
      if (SolveIsland(m, d, island, start, spare, spare_nnz, work) < 0) return -1;
      assigned += d.island_nefc[island];
    }
  }
  return EvaluateLooseRows(m, d, assigned, work) ? iterations : -1;
}

}  // namespace mjsim
