// efc.h: the constraint rows of one step (mjData's efc_* arrays) and the solver statistics.
// The rows live in Data::arena after the ncon contacts; their number nefc changes every step,
// so they are listed here rather than in fields.h (whose rows are model sizes).
#pragma once
#include "mjsim/types.h"

namespace mjsim {

constexpr int mjNISLAND = 20;   // islands with solver statistics
constexpr int mjNSOLVER = 200;  // iterations with solver statistics, per island

// mjtConstraint: the kind of one constraint row
enum mjtConstraint : int {
  mjCNSTR_EQUALITY = 0, mjCNSTR_FRICTION_DOF, mjCNSTR_FRICTION_TENDON, mjCNSTR_LIMIT_JOINT,
  mjCNSTR_LIMIT_TENDON, mjCNSTR_CONTACT_FRICTIONLESS, mjCNSTR_CONTACT_PYRAMIDAL,
  mjCNSTR_CONTACT_ELLIPTIC
};
// mjtConstraintState: which piece of its cost a row is on at the solution
enum mjtConstraintState : int {
  mjCNSTRSTATE_SATISFIED = 0, mjCNSTRSTATE_QUADRATIC, mjCNSTRSTATE_LINEARNEG,
  mjCNSTRSTATE_LINEARPOS, mjCNSTRSTATE_CONE
};

// mjSolverStat: one solver iteration
// X(type, name, count, doc); improvement, gradient and lineslope are scaled by
// 1/(meaninertia * max(1, nv)); gradient is set by the primal solvers only
#define MJSIM_SOLVER_STAT_MEMBERS(X)                                          \
  X(mjtNum, improvement, 1, "cost reduction, scaled")                       \
  X(mjtNum, gradient, 1, "norm of the scaled gradient (primal solvers)")             \
  X(mjtNum, lineslope, 1, "slope in the line search, scaled")               \
  X(int, nactive, 1, "number of active constraints")                        \
  X(int, nchange, 1, "rows whose constraint state flipped")                  \
  X(int, neval, 1, "cost evaluations of the line search")         \
  X(int, nupdate, 1, "Cholesky updates of the line search")
struct SolverStat {
#define MJSIM_X(type, name, count, doc) type name = 0;
  MJSIM_SOLVER_STAT_MEMBERS(MJSIM_X)
#undef MJSIM_X
};

//     type    name              columns (per row)                 doc
#define MJSIM_EFC_FIELDS(X)                                                                    \
  X(int,    efc_type,         1,    "constraint type (mjtConstraint)")                        \
  X(int,    efc_id,           1,    "id of the equality, joint, tendon or contact")           \
  X(mjtNum, efc_J,            m.nv, "constraint Jacobian, dense nefc x nv")                   \
  X(int,    efc_J_rownnz,     1,    "number of nonzeros of each row of efc_J")                \
  X(int,    efc_J_rowadr,     1,    "first nonzero of each row in efc_J_colind")              \
  X(int,    efc_J_rowsuper,   1,    "number of following rows with the same nonzero columns") \
  X(int,    efc_J_colind,     m.nv, "columns of the nonzeros of efc_J, rows packed")          \
  X(mjtNum, efc_pos,          1,    "constraint position (equality: violation)")              \
  X(mjtNum, efc_margin,       1,    "inclusion margin (contacts and limits)")                 \
  X(mjtNum, efc_frictionloss, 1,    "friction loss (friction rows)")                          \
  X(mjtNum, efc_diagApprox,   1,    "approximation of the diagonal of J M^-1 J'")             \
  X(mjtNum, efc_KBIP,         4,    "stiffness, damping, impedance, impedance derivative")    \
  X(mjtNum, efc_D,            1,    "constraint mass: 1 / R")                                 \
  X(mjtNum, efc_R,            1,    "regularizer: inverse constraint mass")                   \
  X(mjtNum, efc_vel,          1,    "row velocity, J qvel")                   \
  X(mjtNum, efc_aref,         1,    "reference pseudo-acceleration")                          \
  X(mjtNum, efc_b,            1,    "J qacc_smooth - aref, the linear term of the cost")                 \
  X(mjtNum, efc_force,        1,    "force of each row, in constraint space")                   \
  X(int,    efc_state,        1,    "constraint state (mjtConstraintState)")                  \
  X(int,    efc_island,       1,    "island of the row; -1 if in none (island.cc)")     \
  X(int,    map_efc2iefc,     1,    "island-order position of each row (island.cc)")                       \
  X(int,    map_iefc2efc,     1,    "row at each island-order position (island.cc)")

// The constraint islands of this step (engine/island.cc, mj_island): nisland rows each, stored
// with room for nv islands (a tree has at least one dof, so nisland <= ntree <= nv).
//     type    name              doc
#define MJSIM_ISLAND_FIELDS(X)                                                                 \
  X(int,    island_nv,        "dofs of the island")                          \
  X(int,    island_idofadr,   "first island-order position of the island, into map_idof2dof")                    \
  X(int,    island_dofadr,    "the island's first dof")     \
  X(int,    island_ne,        "equality rows of the island")               \
  X(int,    island_nf,        "friction-loss rows of the island")               \
  X(int,    island_nefc,      "constraint rows of the island")                        \
  X(int,    island_iefcadr,   "first island-order row of the island")

}  // namespace mjsim
