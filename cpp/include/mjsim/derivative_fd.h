// derivative_fd.h: finite-difference derivatives of the step and of inverse dynamics
// (engine/derivative_fd.cc). Output pointers may be null (not computed).
#pragma once
#include "mjsim/data.h"
#include "mjsim/model.h"

namespace mjsim {

// d(x_next) = A dx + B du, d(sensordata) = C dx + D du; x = (dq, qvel, act), u = ctrl.
// A: nx x nx, B: nx x nu, C: nsensordata x nx, D: nsensordata x nu (nx = 2 nv + na)
void mjd_transitionFD(const Model& m, Data& d, mjtNum eps, bool centered, mjtNum* A, mjtNum* B,
                      mjtNum* C, mjtNum* D);

// Jacobians of (qfrc_inverse, sensordata, qM) = mj_inverse(qpos, qvel, qacc), transposed:
// DfDq, DfDv, DfDa: nv x nv; DsDq, DsDv, DsDa: nv x nsensordata; DmDq: nv x nM
void mjd_inverseFD(const Model& m, Data& d, mjtNum eps, bool flg_actuation, mjtNum* DfDq,
                   mjtNum* DfDv, mjtNum* DfDa, mjtNum* DsDq, mjtNum* DsDv, mjtNum* DsDa,
                   mjtNum* DmDq);

}  // namespace mjsim

namespace mjsim {

// --- engine/angmom.cc ---
// 3 x nv matrix mapping qvel to the angular momentum of body's subtree about its com
// (subtree_com[body]); needs kinematics and comPos
void mj_angmomMat(const Model& m, Data& d, mjtNum* mat, int body);

}  // namespace mjsim
