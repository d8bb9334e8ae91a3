// solver_cg.cc: the conjugate-gradient solver of the reduced primal problem (checklist C.15):
// nonlinear CG preconditioned by M (Mgrad = M^-1 grad) with Polak-Ribiere-plus,
//   beta = max(0, grad' (Mgrad - Mgrad_old) / (grad_old' Mgrad_old)),  p = -Mgrad + beta p,
// and the same exact line search and termination as Newton.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "engine/solver.h"
#include "mjsim/api.h"
#include "util/dot.h"

namespace mjsim {
int SolveCG(const SolverModel& m, SolverData& d, ArenaWork& work, mjtNum* x) {
  int nv = m.nv;
  PrimalPoint point = AllocatePrimalPoint(m, d, work);
  mjtNum* p = work.Allocate<mjtNum>(nv);
  mjtNum* Mp = work.Allocate<mjtNum>(nv);
  mjtNum* Mgrad = work.Allocate<mjtNum>(nv);
  mjtNum* old_grad = work.Allocate<mjtNum>(nv);
  mjtNum* old_Mgrad = work.Allocate<mjtNum>(nv);
  mjtNum* Jp = work.Allocate<mjtNum>(d.nefc);
  int* old_state = work.Allocate<int>(d.nefc);
  if (!Allocated(point) || !p || !Mp || !Mgrad || !old_grad || !old_Mgrad || !Jp || !old_state) {
    return -1;
  }
  PrimalStart(m, d, x, point);
  SolveInertia(m, d, Mgrad, point.grad, 1);
  for (int k = 0; k < nv; ++k) p[k] = -Mgrad[k];
  int iterations = 0;
  while (iterations < m.opt.iterations) {
    mjtNum pnorm = std::sqrt(Dot(p, p, nv));
    if (pnorm < kMinDirectionNorm) break;
    MulInertia(m, d, Mp, p);
    MulJacobian(m, d, Jp, p);
    mjtNum gauss[3];
    GaussAlongLine(m, d, x, point, p, Mp, gauss);
    LineSearchResult line = LineSearch(m, d, gauss, point.jar, Jp, pnorm);
    mjtNum alpha = line.alpha;
    std::memcpy(old_state, point.state, sizeof(int) * d.nefc);
    std::memcpy(old_grad, point.grad, sizeof(mjtNum) * nv);
    std::memcpy(old_Mgrad, Mgrad, sizeof(mjtNum) * nv);
    mjtNum old_cost = point.cost;
    StepPrimal(m, d, x, alpha, p, Mp, Jp, point);
    SolveInertia(m, d, Mgrad, point.grad, 1);
    const SolverStat& stat = RecordPrimalIteration(m, d, iterations, old_cost, point, old_state,
                                                   line.slope, pnorm, line.evaluations, 0);
    ++iterations;
    if (stat.improvement < m.opt.tolerance || stat.gradient < m.opt.tolerance) break;
    // Polak-Ribiere-plus
    mjtNum denominator = Dot(old_grad, old_Mgrad, nv);
    mjtNum beta = 0;
    if (denominator > mjMINVAL) {
      for (int k = 0; k < nv; ++k) old_Mgrad[k] = Mgrad[k] - old_Mgrad[k];
      beta = std::max(mjtNum(0), Dot(point.grad, old_Mgrad, nv) / denominator);
    }
    for (int k = 0; k < nv; ++k) p[k] = -Mgrad[k] + beta * p[k];
  }
  return iterations;
}

}  // namespace mjsim
