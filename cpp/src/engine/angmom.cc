// angmom.cc: mj_angmomMat, the linear map from qvel to a subtree's angular momentum about the
// subtree's center of mass: L = sum_b (I_b w_b + m_b (c_b - c) x v_b) over the bodies b of the
// subtree, with w_b = Jr_b qvel, v_b = Jp_b qvel at the body's com c_b, and I_b the body's
// inertia at c_b in world axes (ximat diag(body_inertia) ximat').
//   reads   d.xipos ximat subtree_com, the body jacobians (mj_jacBodyCom)
//   writes  mat (3 x nv)
#include <vector>

#include "mjsim/api.h"
#include "mjsim/derivative_fd.h"

namespace mjsim {
namespace {

bool InSubtree(const Model& m, int b, int root) {
  for (; b > 0; b = m.body_parentid[b]) {
    if (b == root) return true;
  }
  return root == 0;
}

// I = R diag(inertia) R'
void WorldInertia(const Model& m, const Data& d, int b, mjtNum I[9]) {
  const mjtNum* R = d.ximat + 9 * b;
  const mjtNum* diag = m.body_inertia + 3 * b;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      I[3 * i + j] = 0;
      for (int k = 0; k < 3; ++k) I[3 * i + j] += R[3 * i + k] * diag[k] * R[3 * j + k];
    }
  }
}

}  // namespace

void mj_angmomMat(const Model& m, Data& d, mjtNum* mat, int body) {
  int nv = m.nv;
  std::vector<mjtNum> jacp(3 * nv), jacr(3 * nv);
  for (int i = 0; i < 3 * nv; ++i) mat[i] = 0;
  const mjtNum* c = d.subtree_com + 3 * body;
  for (int b = 1; b < m.nbody; ++b) {
    if (!InSubtree(m, b, body)) continue;
    mj_jacBodyCom(m, d, jacp.data(), jacr.data(), b);
    mjtNum I[9], r[3];
    WorldInertia(m, d, b, I);
    for (int k = 0; k < 3; ++k) r[k] = d.xipos[3 * b + k] - c[k];
    mjtNum mass = m.body_mass[b];
    for (int col = 0; col < nv; ++col) {
      mjtNum w[3] = {jacr[col], jacr[nv + col], jacr[2 * nv + col]};
      mjtNum v[3] = {jacp[col], jacp[nv + col], jacp[2 * nv + col]};
      mjtNum rxv[3] = {r[1] * v[2] - r[2] * v[1], r[2] * v[0] - r[0] * v[2],
                       r[0] * v[1] - r[1] * v[0]};
      for (int i = 0; i < 3; ++i) {
        mat[i * nv + col] += I[3 * i] * w[0] + I[3 * i + 1] * w[1] + I[3 * i + 2] * w[2] +
                             mass * rxv[i];
      }
    }
  }
}

}  // namespace mjsim
