// data.h: the simulation state and everything computed from it, one contiguous buffer whose
// arrays are listed in fields.h, plus the arena: this step's contacts and constraint rows from
// its start, and the stack the engine stages borrow scratch from at its end.
#pragma once
#include <memory>

#include "mjsim/contact.h"
#include "mjsim/efc.h"
#include "mjsim/model.h"

namespace mjsim {

// mjWarningStat: how often a warning was raised, and the info (an index) of the last one.
// X(type, name, count, doc), as the other member tables
#define MJSIM_WARNING_STAT_MEMBERS(X)                 \
  X(int, lastinfo, 1, "info from the last warning") \
  X(int, number, 1, "times the warning was raised")
// mjTimerStat: how often a stage ran and its accumulated wall time in seconds (engine/timer.h).
#define MJSIM_TIMER_STAT_MEMBERS(X)                            \
  X(mjtNum, duration, 1, "accumulated wall time in seconds") \
  X(int, number, 1, "how many times it ran")

struct WarningStat {
#define MJSIM_X(type, name, count, doc) type name = 0;
  MJSIM_WARNING_STAT_MEMBERS(MJSIM_X)
};
struct TimerStat {
  MJSIM_TIMER_STAT_MEMBERS(MJSIM_X)
#undef MJSIM_X
};

constexpr int mjMAXTHREAD = 128;  // worker threads with stack statistics (maxuse_threadstack)

// The scalars and fixed-size arrays of Data (not in `buffer`): X(type, name, count, doc).
// mj_resetData zeroes them, mj_copyData, copy and pickle carry them over, from this table.
#define MJSIM_DATA_SCALARS(X)                                                                   \
  X(mjtNum, time, 1, "simulation time")                                                       \
  X(mjtNum, energy, 2, "potential and kinetic energy (mjENBL_ENERGY)")                        \
  X(WarningStat, warning, mjNWARNING, "warning statistics, indexed by mjtWarning")            \
  X(TimerStat, timer, mjNTIMER, "timer statistics, indexed by mjtTimer")                      \
  X(int, ncon, 1, "number of detected contacts")                                              \
  X(int, ne, 1, "number of equality constraint rows")                                         \
  X(int, nf, 1, "number of friction constraint rows")                                         \
  X(int, nl, 1, "number of limit constraint rows")                                            \
  X(int, nefc, 1, "number of constraint rows")                                                \
  X(int, nA, 1, "number of entries of efc_AR")                                                \
  X(int, nJ, 1, "entries of efc_J: nefc * nv dense, its nonzeros sparse (mj_isSparse)")                                                \
  X(int, nisland, 1, "constraint islands found this step")                                 \
  X(int, nidof, 1, "dofs in all islands together")                                           \
  X(SolverStat, solver, mjNISLAND * mjNSOLVER, "iteration statistics of the constraint solver, mjNSOLVER slots for each of mjNISLAND islands")  \
  X(int, solver_niter, mjNISLAND, "solver iterations per island")                             \
  X(int, solver_nnz, mjNISLAND, "stored entries of the Hessian (primal) or efc_AR (dual), per island")     \
  X(mjtNum, solver_fwdinv, 2, "forward-inverse mismatch, generalized and constraint forces")  \
  X(size_t, parena, 1, "arena bytes in use from its start: contacts, constraint rows, efc_AR")  \
  X(size_t, pstack, 1, "arena bytes the stack takes from its end")                            \
  X(size_t, pbase, 1, "pstack when the innermost stack frame opened")                          \
  X(size_t, maxuse_stack, 1, "most stack bytes in use since the reset")                       \
  X(size_t, maxuse_threadstack, mjMAXTHREAD, "most stack bytes per worker thread (none: 0)")  \
  X(size_t, maxuse_arena, 1, "most arena bytes in use, rows and stack, since the reset")      \
  X(int, maxuse_con, 1, "most contacts at once since the reset")                              \
  X(int, maxuse_efc, 1, "most constraint rows at once since the reset")

struct Data {
#define MJSIM_X(type, name, count, doc) typename MemberStorage<type, count>::Storage name{};
  MJSIM_DATA_SCALARS(MJSIM_X)
#undef MJSIM_X

#define MJSIM_X(type, name, rows, cols, doc) type* name = nullptr;
  MJSIM_DATA_FIELDS(MJSIM_X)
#undef MJSIM_X

  AlignedBuffer buffer;

  // The arena (mjData's arena, m.narena bytes) holds what varies per step: this step's ncon
  // contacts from its start, then the constraint rows (parena bytes in all), and the stack at
  // its end (pstack bytes), growing towards them (util/scratch.h). Its pages are not touched
  // until used.
  AlignedBuffer arena;
  Contact* contact = nullptr;  // = arena start, ncon entries
  // the arena offset where the stack ends: what the rows may grow to
  size_t StackBottom() const { return arena.size() - pstack; }
  // capacity in contacts of the arena below the stack
  int MaxContacts() const { return static_cast<int>(StackBottom() / sizeof(Contact)); }
  // the high-water marks after parena or pstack grew
  void NoteArenaUse() {
    if (pstack > maxuse_stack) maxuse_stack = pstack;
    if (parena + pstack > maxuse_arena) maxuse_arena = parena + pstack;
  }

  // Constraint rows (engine/constraint.cc): ne equality, nf friction, nl limit rows, then the
  // contact rows; nefc (ne + nf + nl + contact rows) in all. Their arrays (efc.h) follow the
  // contacts in the arena, and parena is the arena offset where free space starts after them.
#define MJSIM_X(type, name, cols, doc) type* name = nullptr;
  MJSIM_EFC_FIELDS(MJSIM_X)
#undef MJSIM_X

  // efc_AR = J M^-1 J' + diag(R), the dual solvers' matrix (mj_projectConstraint,
  // engine/project_constraint.cc; filled for PGS and noslip). nA entries after the rows (parena
  // moves past them): dense nefc x nefc, or with mj_isSparse the rows' nonzeros in CSR form
  // (rows i and j couple when they act on a common kinematic tree).
  mjtNum* efc_AR = nullptr;
  int* efc_AR_rownnz = nullptr;  // nefc
  int* efc_AR_rowadr = nullptr;  // nefc
  int* efc_AR_colind = nullptr;  // nA

  // Constraint islands (engine/island.cc): nisland of them holding nidof dofs; their arrays
  // (efc.h MJSIM_ISLAND_FIELDS) live in `buffer`, nv entries each.
#define MJSIM_X(type, name, doc) type* name = nullptr;
  MJSIM_ISLAND_FIELDS(MJSIM_X)
#undef MJSIM_X

};

// mj_makeData: allocate a Data for m and reset it (mj_resetData).
std::unique_ptr<Data> MakeData(const Model& m);
// mj_copyData: copy every array and scalar of src into dst (both made for m).
void CopyData(const Model& m, const Data& src, Data& dst);
// the part of the arena in use (contacts, constraint rows, efc_AR: src.parena bytes), with
// dst's rows laid out for src's ncon, nefc and nA; the arena sizes must agree
void CopyArenaInUse(const Model& m, const Data& src, Data& dst);

}  // namespace mjsim
