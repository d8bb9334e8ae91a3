// fields/constant.h: Model arrays derived at the end of compilation (compiler/constants.cc): the
// sparse structure of the inertia matrix and its companions, body_simple, and the mj_setConst
// quantities at qpos0 (invweight0, M0, acc0, length0); Data arrays of the smooth stages that
// setConst runs (engine/inertia.cc: crb, M, qM; engine/factorization.cc: qLD, qLDiagInv) and of
// the transmission (engine/transmission.cc).
// Part of the fields.h table (same X-macro conventions); the object counts and name addresses
// are in fields.h.
//
// Sparse layouts, as mujoco 3.3.7 stores them (checked against it on trees of every joint type):
//   qM      legacy layout, nM entries: row i starts at dof_Madr[i] with the diagonal, followed by
//           M(i, parent), M(i, grandparent), ... up the dof tree.
//   M_*     CSR of the lower triangle restricted to "C", nC entries: row i lists the ancestors
//           of dof i ascending, then i. Rows of dofs in simple bodies keep only the diagonal.
//           d.M and qLD use this layout (qLD: L below the diagonal, D on it).
//   D_*     CSR of the full symmetric tree pattern, nD entries: row i lists ancestors and
//           descendants of i ascending; D_diag[i] is the position of i in its row.
//   B_*     body-dof CSR, nB entries: row b lists the dofs of b's ancestors, b, and b's
//           descendants, ascending (the world's row lists every dof).
//   mapM2D  per D entry (i, j): index in C of (max, min), or -1 if C drops it  (nD entries)
//   mapD2M  per C entry (i, j): index in D of (i, j)                            (nC entries)
//   mapM2M  per C entry (i, j): index in the legacy qM layout                   (nC entries)
#pragma once

#define MJSIM_CONSTANT_SIZES(X)                                                   \
  X(ntree,     "kinematic trees (children of world)")                     \
  X(ngravcomp, "bodies with gravity compensation")                         \
  X(nM,        "stored entries of qM")                   \
  X(nB,        "stored entries of the body-dof pattern")                  \
  X(nC,        "stored entries of M, the reduced (lower) dof-dof pattern")           \
  X(nD,        "stored entries of the full dof-dof pattern")                   \
  X(nJmom,     "stored entries of actuator_moment")

//     type    name                rows     cols  doc
#define MJSIM_CONSTANT_FIELDS(X)                                                                   \
  X(mjtByte, body_simple,       nbody,   1, "1: M is diagonal for this body; 2: also only sliders (constants.cc)")   \
  X(mjtNum,  body_gravcomp,     nbody,   1, "fraction of the body's weight cancelled by gravity compensation (constants.cc)") \
  X(mjtNum,  body_invweight0,   nbody,   2, "average inverse mass and inverse rotational inertia at qpos0 (constants.cc)")   \
  X(int,     dof_Madr,          nv,      1, "position of the dof's diagonal in qM (constants.cc)")            \
  X(int,     dof_simplenum,     nv,      1, "length of the run of simple dofs starting here (constants.cc)")    \
  X(mjtNum,  dof_invweight0,    nv,      1, "inverse of the dof's diagonal inertia at qpos0 (constants.cc)")       \
  X(mjtNum,  dof_M0,            nv,      1, "diag. inertia in qpos0 (constants.cc)")               \
  X(mjtNum,  tendon_invweight0, ntendon, 1, "inv. weight in qpos0 (constants.cc)")                 \
  X(mjtNum,  actuator_acc0,     nu,      1, "acceleration norm a unit actuator force causes at qpos0 (constants.cc)") \
  X(mjtNum,  actuator_length0,  nu,      1, "actuator length in qpos0 (constants.cc)")             \
  X(int,     M_rownnz,          nv,      1, "number of non-zeros in each row of qLD (constants.cc)") \
  X(int,     M_rowadr,          nv,      1, "row start address in colind array (constants.cc)")    \
  X(int,     M_colind,          nC,      1, "column indices of non-zeros (constants.cc)")          \
  X(int,     mapM2M,            nC,      1, "for each M entry, its index in qM (constants.cc)") \
  X(int,     D_rownnz,          nv,      1, "non-zeros in each row (constants.cc)")                \
  X(int,     D_rowadr,          nv,      1, "address of each row in D_colind (constants.cc)")      \
  X(int,     D_diag,            nv,      1, "index of diagonal element (constants.cc)")            \
  X(int,     D_colind,          nD,      1, "column indices of non-zeros (constants.cc)")          \
  X(int,     B_rownnz,          nbody,   1, "body-dof pattern: entries in each row (constants.cc)")      \
  X(int,     B_rowadr,          nbody,   1, "body-dof: row addresses (constants.cc)")              \
  X(int,     B_colind,          nB,      1, "body-dof: column indices (constants.cc)")             \
  X(int,     mapM2D,            nD,      1, "for each D entry, its index in M; -1 if not stored there (constants.cc)")            \
  X(int,     mapD2M,            nC,      1, "for each M entry, its index in the full D layout (constants.cc)")

//     type    name              rows   cols  doc
#define MJSIM_CONSTANT_DATA_FIELDS(X)                                                              \
  X(mjtNum, crb,             nbody, 10, "inertia and mass of the subtree at each body, com-based frame (inertia.cc)")      \
  X(mjtNum, M,               nC,    1,  "total inertia, CSR layout of M_* (inertia.cc)")          \
  X(mjtNum, qM,              nM,    1,  "total inertia, legacy sparse layout (inertia.cc)")       \
  X(mjtNum, qLD,             nC,    1,  "M = L'DL, its factors in M's CSR layout (factorization.cc)") \
  X(mjtNum, qLDiagInv,       nv,    1,  "1/diag(D) (factorization.cc)")                           \
  X(mjtNum, actuator_length, nu,    1,  "actuator lengths (transmission.cc)")                     \
  X(int,    moment_rownnz,   nu,    1,  "stored entries in each actuator_moment row (transmission.cc)") \
  X(int,    moment_rowadr,   nu,    1,  "first stored entry of each actuator_moment row (transmission.cc)")    \
  X(int,    moment_colind,   nJmom, 1,  "dof of each stored entry of actuator_moment (transmission.cc)")    \
  X(mjtNum, actuator_moment, nJmom, 1,  "actuator moments, sparse (transmission.cc)")
