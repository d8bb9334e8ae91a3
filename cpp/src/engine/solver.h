// solver.h: shared parts of the constraint solvers (engine/solver*.cc): work memory from the
// arena, and the reduced primal problem of the chapter (checklist C.14) that CG and Newton
// minimize over the acceleration x:
//   cost(x) = 1/2 (x - qacc_smooth)' M (x - qacc_smooth) + sum_i s_i(J_i x - aref_i)
// with s_i per row type: equality 1/2 D jar^2; friction loss the Huber function with
// threshold R eta; limits, frictionless and pyramidal rows 1/2 D min(jar, 0)^2; elliptic
// contacts the three-zone cone cost. The constraint force is f = -ds/djar.
#pragma once
#include <cstddef>

#include "mjsim/data.h"
#include "mjsim/model.h"
#include "util/scratch.h"

namespace mjsim {

// The solvers' view of one constraint problem: the whole system (the Model and Data arrays in
// place, WholeSystem) or one constraint island gathered into contiguous dofs and rows
// (solver_island.cc). Members carry the names of the Model and Data fields they stand for, so
// a solver reads the same for both.
struct SolverModel {
  int nv, nC;
  bool sparse;          // mj_isSparse: row sums go over the pattern, else over all nv columns
  const int* M_rownnz;  // M's CSR pattern over these dofs (ancestors ascending, then the dof)
  const int* M_rowadr;
  const int* M_colind;
  const int* dof_parentid;
  const Option& opt;
  // the mean of diag(M) over these dofs, for the statistics' scale (SolverScale): the model's
  // stat.meaninertia for the whole system, the current M's for an island (as the reference)
  mjtNum meaninertia;
};
struct SolverData {
  int nefc;
  const int* efc_type;
  const int* efc_id;            // contact rows: index into contact
  const mjtNum* efc_J;          // dense rows of nv columns
  const int* efc_J_rownnz;      // each row's nonzero columns, ascending:
  const int* efc_J_rowadr;      //   efc_J_colind[rowadr .. rowadr + rownnz)
  const int* efc_J_colind;
  const mjtNum* efc_D;
  const mjtNum* efc_R;
  const mjtNum* efc_aref;
  const mjtNum* efc_frictionloss;
  const mjtNum* efc_b;
  mjtNum* efc_force;            // results
  int* efc_state;
  Contact* contact;             // d.contact (cone Hessians go to contact.H)
  const mjtNum* M;              // inertia, its L'DL factor, 1 / diag(D), in M's pattern
  const mjtNum* qLD;
  const mjtNum* qLDiagInv;
  const mjtNum* qacc_smooth;
  const mjtNum* qfrc_smooth;
  const mjtNum* qacc_warmstart;
  int start;                    // the primal start: 0 the cheaper of qacc_warmstart and
                                // qacc_smooth, 1 qacc_warmstart, -1 qacc_smooth
  SolverStat* solver;           // mjNSOLVER statistics slots
  int* solver_nnz;              // one entry
};
struct SolverView {
  SolverModel m;
  SolverData d;
};
// the whole system of m and d as one problem (statistics: island 0's slots)
SolverView WholeSystem(const Model& m, Data& d);
// res = M vec, x = M^-1 y (n vectors), dst = M as a dense nv x nv matrix, in the view's dofs
void MulInertia(const SolverModel& m, const SolverData& d, mjtNum* res, const mjtNum* vec);
void SolveInertia(const SolverModel& m, const SolverData& d, mjtNum* x, const mjtNum* y, int n);
void FullInertia(const SolverModel& m, const SolverData& d, mjtNum* dst);
// FactorInertiaPattern and SolveInertiaPattern (stages.h) in the view's pattern
void FactorInertiaPattern(const SolverModel& m, mjtNum* factor, mjtNum* diag_inverse);
void SolveInertiaPattern(const SolverModel& m, const mjtNum* factor, const mjtNum* diag_inverse,
                         mjtNum* x, const mjtNum* y, int n);

// Solver work memory from the arena's stack, nullptr when the arena is full (the solvers fall
// back or stop). A copy is a new frame: what is taken through it is given back when it dies.
class ArenaWork {
 public:
  explicit ArenaWork(Data& d) : frame_(d) {}
  ArenaWork(const ArenaWork& other) : frame_(other.frame_.data()) {}
  ArenaWork& operator=(const ArenaWork&) = delete;
  template <typename T>
  T* Allocate(size_t count) {
    return frame_.TryAllocate<T>(count);
  }

 private:
  ScratchFrame frame_;
};

// the constraint cost at jar = J x - aref: writes force and state per row (either may be null)
// and returns the total
mjtNum ConstraintCost(const SolverModel& m, SolverData& d, const mjtNum* jar, mjtNum* force,
                      int* state);

// Work vectors of a primal solver at its current point x.
struct PrimalPoint {
  mjtNum* Mx;     // M x (nv)
  mjtNum* jar;    // J x - aref (nefc)
  mjtNum* grad;   // M x - qfrc_smooth - J' f (nv)
  int* state;     // row states (nefc); forces go to d.efc_force
  mjtNum cost;    // Gauss term plus constraint cost
};
// nullptr members when the arena is full
PrimalPoint AllocatePrimalPoint(const SolverModel& m, SolverData& d, ArenaWork& work);
bool Allocated(const PrimalPoint& point);
// evaluates everything at x
void EvaluatePrimal(const SolverModel& m, SolverData& d, const mjtNum* x, PrimalPoint& point);
// moves to x + alpha p with Mp = M p and Jp = J p: Mx and jar move along the line instead of
// being multiplied again; then RefreshPrimal
void StepPrimal(const SolverModel& m, SolverData& d, mjtNum* x, mjtNum alpha, const mjtNum* p,
                const mjtNum* Mp, const mjtNum* Jp, PrimalPoint& point);
// cost, forces, states and gradient at x from point.Mx and point.jar
void RefreshPrimal(const SolverModel& m, SolverData& d, const mjtNum* x, PrimalPoint& point);
// whether qacc_warmstart costs less than qacc_smooth (false when warmstart is disabled);
// leaves the point evaluated at qacc_warmstart
bool WarmstartCheaper(const SolverModel& m, SolverData& d, PrimalPoint& point);
// the start: per d.start, by default qacc_warmstart when WarmstartCheaper, else qacc_smooth
void PrimalStart(const SolverModel& m, SolverData& d, mjtNum* x, PrimalPoint& point);
// the Gauss term along x + alpha p: value, slope and curvature at alpha = 0; Mp = M p
void GaussAlongLine(const SolverModel& m, const SolverData& d, const mjtNum* x,
                    const PrimalPoint& point, const mjtNum* p, const mjtNum* Mp, mjtNum gauss[3]);

// The cost along a line x + alpha p, for the line search: value and first and second
// derivatives in alpha. gauss[3] holds the Gauss term's polynomial coefficients (value at 0,
// slope, curvature), jar and Jp the rows at alpha = 0 and their rate.
struct LineCost {
  mjtNum value, slope, curvature;
};
LineCost CostAlongLine(const SolverModel& m, const SolverData& d, const mjtNum gauss[3],
                       const mjtNum* jar, const mjtNum* Jp, mjtNum alpha);

// minimizes CostAlongLine over alpha >= 0 (LineSearch in solver.cc): alpha (0 when p is not
// a descent direction), the slope there, and the evaluations made
struct LineSearchResult {
  mjtNum alpha, slope;
  int evaluations;
};
LineSearchResult LineSearch(const SolverModel& m, const SolverData& d, const mjtNum gauss[3],
                            const mjtNum* jar, const mjtNum* Jp, mjtNum pnorm);

// res = J vec (nefc) and res = J' vec (nv), dense J
void MulJacobian(const SolverModel& m, const SolverData& d, mjtNum* res, const mjtNum* vec);
void MulJacobianTranspose(const SolverModel& m, const SolverData& d, mjtNum* res,
                          const mjtNum* vec);

// adds the constraint part of the Newton Hessian, J' diag(D on quadratic rows) J plus the cone
// Hessians of elliptic contacts in the middle zone, to H (nv x nv, dense), at jar; the cone
// Hessians also go to contact.H (dim x dim); H may be null (contact.H only)
// the cone Hessian (dim x dim, in jar) of the elliptic contact whose rows start at `first`,
// also written to contact.H; returns dim when the contact is in the middle zone, else 0
int ConeHessian(const SolverModel& m, SolverData& d, const mjtNum* jar, int first,
                mjtNum local[36]);
void AddConstraintHessian(const SolverModel& m, SolverData& d, const mjtNum* jar, const int* state,
                          mjtNum* H);

// x = (L L')^-1 x in place, L the lower triangle of an n x n row-major Cholesky factor
void CholeskySolve(const mjtNum* L, int n, mjtNum* x);

// A primal solver stops before an iteration whose direction p has |p| below this, without
// counting it: a problem that starts at its minimum takes 0 iterations. Fitted to the
// reference (3.3.7, CG and Newton: |p| 8.7e-15 stops, 1.0e-14 iterates, whatever the
// tolerance and meaninertia).
constexpr mjtNum kMinDirectionNorm = 1e-14;

// 1 / (meaninertia * max(1, nv)): the chapter's scale of improvement and gradient
mjtNum SolverScale(const SolverModel& m);
mjtNum SolverScale(const Model& m);
// The statistics of primal iteration `iteration` (the last slot once past mjNSOLVER): scaled
// improvement, gradient norm, |slope| / |p| where the line search ended, evaluations,
// updates, and the active and changed row states between old_state and point.state. Returns
// the slot for solver-specific fields.
SolverStat& RecordPrimalIteration(const SolverModel& m, SolverData& d, int iteration,
                                  mjtNum old_cost,
                                  const PrimalPoint& point, const int* old_state,
                                  mjtNum slope, mjtNum direction_norm, int evaluations,
                                  int updates);

// the primal solvers: write qacc (the minimizer) and the statistics; return the iterations
int SolveNewton(const SolverModel& m, SolverData& d, ArenaWork& work, mjtNum* x);
int SolveCG(const SolverModel& m, SolverData& d, ArenaWork& work, mjtNum* x);
// Newton or CG (m.opt.solver) on each constraint island in turn (solver_island.cc): qacc of
// the island dofs, efc_force and efc_state, solver_niter and the statistics per island; with
// `together` (noslip follows) all islands as one problem, statistics in island 0's slots.
// Returns the together solve's iterations (0 island by island), -1 when the arena is full.
int SolveIslands(const Model& m, Data& d, ArenaWork& work, bool together);
// the dual solver: efc_force from projected Gauss-Seidel; returns the iterations
int SolvePGS(const Model& m, Data& d, ArenaWork& work);
// the noslip post-processing of efc_force (solver_noslip.cc); its iteration statistics go to
// slots first_stat.. ; returns the iterations, -1 when the arena is full
int SolveNoslip(const Model& m, Data& d, ArenaWork& work, int first_stat);
// efc_state after a dual solve (PGS, noslip), from the forces as the reference sets it
// (measured on every corpus model): equality rows quadratic; friction loss linear at either
// bound (LINEARNEG at +frictionloss), else quadratic; limits and pyramidal or frictionless
// contacts satisfied at zero force, else quadratic; elliptic contacts satisfied (the
// reference leaves them unset: zero at 704 of 712 contacts measured, the rest leftovers)
void SetDualStates(Data& d);

// shared by the PGS and noslip solvers (solver_pgs.cc), on the dual cost
// 1/2 f' A f + f' b (A = AR with the regularizer, or without it for noslip):
// (A f)_i + b_i, the cost's gradient at row i
mjtNum DualResidual(const Data& d, const mjtNum* A, int i);
mjtNum DualCost(const Data& d, const mjtNum* A);
// the statistics of one sweep in slot `slot` (the last one once past mjNSOLVER): the scaled
// improvement (the cost's decrease) and the nonzero forces; with `active` (nefc flags: force
// nonzero before the sweep, updated) also the rows that changed; returns the improvement
mjtNum RecordDualSweep(const Model& m, Data& d, int slot, mjtNum decrease,
                       unsigned char* active);

// B = J L^-1 D^-1/2 (nefc x nv, mj_solveM2 on efc_J's rows), so that J M^-1 J' = B B';
// nullptr when the arena is full
mjtNum* HalfSolvedJacobian(const Model& m, Data& d, ArenaWork& work);
// A = J M^-1 J' (+ diag(R) with add_R), dense nefc x nefc; false when the arena is full
bool BuildDualMatrix(const Model& m, Data& d, ArenaWork& work, mjtNum* A, bool add_R);
// the same dense matrix (with or without R), from mj_projectConstraint's efc_AR where it made
// one (the dense efc_AR itself for A + R; the sparse one unpacked: its pattern holds every
// nonzero; R taken off the diagonal for A), else built; nullptr when the arena is full
mjtNum* DenseDualMatrix(const Model& m, Data& d, ArenaWork& work, bool with_R);
// minimizes 1/2 x' A x + x' g subject to sum_j w_j x_j^2 <= r^2 (n <= 5; A n x n row-major)
// into x; false (x untouched) when A is not positive definite
bool FrictionQCQP(const mjtNum* A, const mjtNum* g, const mjtNum* w, mjtNum r, int n,
                  mjtNum* x);

}  // namespace mjsim
