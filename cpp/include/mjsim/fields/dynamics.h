// fields/dynamics.h: Data arrays of the smooth dynamics (velocities, bias, passive and actuator
// forces, accelerations) and of the integrators; each doc names the engine file that writes it.
// Part of the fields.h table (same X-macro conventions). Inputs are set by the user and cleared
// by mj_resetData.
#pragma once

#define MJSIM_DYNAMICS_SIZES(X)
#define MJSIM_DYNAMICS_FIELDS(X)

//     type     name               rows     cols  doc
#define MJSIM_DYNAMICS_DATA_FIELDS(X)                                                                \
  X(mjtNum,  qacc_warmstart,    nv,      1, "acceleration used for warmstart (forward.cc)")          \
  X(mjtByte, eq_active,         neq,     1, "enable/disable constraints (input; reset to eq_active0)") \
  X(mjtNum,  qacc,              nv,      1, "acceleration (forward.cc)")                             \
  X(mjtNum,  act_dot,           na,      1, "rate of change of act (actuation.cc)") \
  X(mjtNum,  cvel,              nbody,   6, "body velocity in the com-based frame, rotation then translation (velocity.cc)")            \
  X(mjtNum,  cdof_dot,          nv,      6, "rate of change of cdof, rotation then translation (velocity.cc)")       \
  X(mjtNum,  ten_velocity,      ntendon, 1, "tendon velocities (velocity.cc)")                       \
  X(mjtNum,  actuator_velocity, nu,      1, "actuator velocities (velocity.cc)")                     \
  X(mjtNum,  subtree_linvel,    nbody,   3, "velocity of each subtree's center of mass (velocity.cc, mj_subtreeVel)") \
  X(mjtNum,  subtree_angmom,    nbody,   3, "angular momentum of each subtree about its com (velocity.cc, mj_subtreeVel)") \
  X(mjtNum,  qfrc_bias,         nv,      1, "C(qpos,qvel): Coriolis, centrifugal, gravity (rne.cc)") \
  X(mjtNum,  qfrc_spring,       nv,      1, "passive spring force (passive.cc)")                     \
  X(mjtNum,  qfrc_damper,       nv,      1, "passive damper force (passive.cc)")                     \
  X(mjtNum,  qfrc_gravcomp,     nv,      1, "passive gravity compensation force (passive.cc)")       \
  X(mjtNum,  qfrc_fluid,        nv,      1, "passive fluid force (fluid.cc)")                        \
  X(mjtNum,  qfrc_passive,      nv,      1, "total passive force (passive.cc)")                      \
  X(mjtNum,  actuator_force,    nu,      1, "scalar force each actuator produces (before the gear) (actuation.cc)")      \
  X(mjtNum,  qfrc_actuator,     nv,      1, "actuator force (actuation.cc)")                         \
  X(mjtNum,  qfrc_smooth,       nv,      1, "net unconstrained force (forward.cc)")                  \
  X(mjtNum,  qacc_smooth,       nv,      1, "unconstrained acceleration (forward.cc)")               \
  X(mjtNum,  qfrc_constraint,   nv,      1, "constraint force (forward.cc)")                         \
  X(int,     dof_island,        nv,      1, "island the dof belongs to; -1 if in none (island.cc)")           \
  X(int,     map_dof2idof,      nv,      1, "position of each dof in island order (island.cc)")                      \
  X(int,     map_idof2dof,      nv,      1, "dof at each island-order position; from nidof on, dofs in no island (island.cc)") \
  X(mjtNum,  qfrc_inverse,      nv,      1, "external generalized force that yields qacc: applied, actuator and xfrc terms together (inverse dynamics)") \
  X(mjtNum,  cacc,              nbody,   6, "com-based acceleration (rne.cc, mj_rnePostConstraint)") \
  X(mjtNum,  cfrc_int,          nbody,   6, "force the parent exerts on each body, com-based frame (rne.cc, mj_rnePostConstraint)") \
  X(mjtNum,  cfrc_ext,          nbody,   6, "contact and applied force on each body, com-based frame (rne.cc, mj_rnePostConstraint)") \
  X(mjtNum,  qH,                nC,      1, "L'DL factors of M + h*diag(damping), in M's CSR layout (integrate.cc)") \
  X(mjtNum,  qHDiagInv,         nv,      1, "1/diag(D) of qH (integrate.cc)")                        \
  X(mjtNum,  qDeriv,            nD,      1, "d(qfrc_smooth)/d(qvel), D layout (derivative.cc)")      \
  X(mjtNum,  qLU,               nD,      1, "factorization of M - h*qDeriv, D layout (integrate.cc)")
