// solver_newton.cc: the Newton solver of the reduced primal problem (checklist C.15): at x,
// the Hessian H = M + J' diag(D of quadratic rows) J + the cone Hessians, the step
// p = -H^-1 grad, an exact line search along p; repeated until the scaled cost improvement or
// gradient falls below the tolerance, or the iterations run out.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "engine/solver.h"
#include "mjsim/api.h"

namespace mjsim {
namespace {

// in-place Cholesky factor L (lower triangle) of the n x n matrix H; false if not positive
bool CholeskyFactor(mjtNum* H, int n) {
  for (int j = 0; j < n; ++j) {
    mjtNum diag = H[j * n + j];
    for (int k = 0; k < j; ++k) diag -= H[j * n + k] * H[j * n + k];
    if (!(diag > 0)) return false;
    mjtNum root = std::sqrt(diag);
    H[j * n + j] = root;
    for (int i = j + 1; i < n; ++i) {
      mjtNum sum = H[i * n + j];
      for (int k = 0; k < j; ++k) sum -= H[i * n + k] * H[j * n + k];
      H[i * n + j] = sum / root;
    }
  }
  return true;
}

// x = (L L')^-1 x
void CholeskySolve(const mjtNum* L, int n, mjtNum* x) {
  for (int i = 0; i < n; ++i) {
    mjtNum sum = x[i];
    for (int k = 0; k < i; ++k) sum -= L[i * n + k] * x[k];
    x[i] = sum / L[i * n + i];
  }
  for (int i = n - 1; i >= 0; --i) {
    mjtNum sum = x[i];
    for (int k = i + 1; k < n; ++k) sum -= L[k * n + i] * x[k];
    x[i] = sum / L[i * n + i];
  }
}

// p = -H^-1 grad with H = M + constraint Hessian at the point; false if H is not positive
bool NewtonDirection(const Model& m, Data& d, const mjtNum* M, const PrimalPoint& point,
                     mjtNum* H, mjtNum* p) {
  int nv = m.nv;
  std::memcpy(H, M, sizeof(mjtNum) * nv * nv);
  AddConstraintHessian(m, d, point.jar, point.state, H);
  if (!CholeskyFactor(H, nv)) return false;
  for (int k = 0; k < nv; ++k) p[k] = -point.grad[k];
  CholeskySolve(H, nv, p);
  return true;
}

mjtNum Norm(const mjtNum* v, int n) {
  mjtNum sum = 0;
  for (int k = 0; k < n; ++k) sum += v[k] * v[k];
  return std::sqrt(sum);
}

}  // namespace

int SolveNewton(const Model& m, Data& d, ArenaWork& work, mjtNum* x) {
  int nv = m.nv;
  PrimalPoint point = AllocatePrimalPoint(m, d, work);
  mjtNum* M = work.Allocate<mjtNum>(static_cast<size_t>(nv) * nv);
  mjtNum* H = work.Allocate<mjtNum>(static_cast<size_t>(nv) * nv);
  mjtNum* p = work.Allocate<mjtNum>(nv);
  mjtNum* Mp = work.Allocate<mjtNum>(nv);
  mjtNum* Jp = work.Allocate<mjtNum>(d.nefc);
  int* old_state = work.Allocate<int>(d.nefc);
  if (!Allocated(point) || !M || !H || !p || !Mp || !Jp || !old_state) return -1;
  mj_fullM(m, M, d.qM);
  PrimalStart(m, d, x, point);
  int iterations = 0;
  while (iterations < m.opt.iterations) {
    if (!NewtonDirection(m, d, M, point, H, p)) break;
    mj_mulM(m, d, Mp, p);
    MulJacobian(m, d, Jp, p);
    mjtNum gauss[3];
    GaussAlongLine(m, d, x, point, p, Mp, gauss);
    int evaluations = 0;
    mjtNum alpha = LineSearch(m, d, gauss, point.jar, Jp, Norm(p, nv), &evaluations);
    for (int k = 0; k < nv; ++k) x[k] += alpha * p[k];
    std::memcpy(old_state, point.state, sizeof(int) * d.nefc);
    mjtNum old_cost = point.cost;
    EvaluatePrimal(m, d, x, point);
    const SolverStat& stat = RecordPrimalIteration(m, d, iterations, old_cost, point, old_state,
                                                   gauss[1], Norm(p, nv), evaluations, 1);
    ++iterations;
    if (alpha == 0) break;
    if (stat.improvement < m.opt.tolerance || stat.gradient < m.opt.tolerance) break;
  }
  return iterations;
}

}  // namespace mjsim
