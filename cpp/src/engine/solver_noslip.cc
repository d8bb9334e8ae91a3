// solver_noslip.cc: the noslip post-processing (opt.noslip_iterations > 0, after any main
// solver; XML reference "noslip_iterations", Modeling "Solver settings"). A projected
// Gauss-Seidel on the dual cost WITHOUT the regularizer,
//   1/2 f' A f + f' b,  A = J M^-1 J',  b = J qacc_smooth - aref,
// that updates only the friction dimensions and keeps everything else (normal forces,
// equalities, limits) at the main solver's values, which suppresses the slip the soft model
// allows. One sweep, in row order (fitted to the reference, exact to rounding):
//   friction loss rows: exact 1-D minimizer clamped to |f| <= frictionloss;
//   elliptic contacts: the friction rows' minimizer in the ellipse
//     sum_j f_j^2 / mu_j^2 <= f_0^2 at the contact's normal force f_0 (FrictionQCQP), kept
//     only when it lowers the contact's cost;
//   pyramidal contacts: each edge pair (f_2j, f_2j+1) moves along (1, -1), keeping its sum
//     (its share of the normal force) and both edges >= 0.
// Sweeps stop after noslip_iterations or when the scaled cost improvement falls below
// noslip_tolerance. The first sweep's improvement is measured from the main solver's
// regularized dual cost 1/2 f' (A + R) f + f' b (fitted: the reference's first noslip
// statistic, exact to rounding), the later ones from the unregularized cost. The reference
// appends the sweeps to the main solver's statistics.
#include <algorithm>
#include <cmath>

#include "engine/solver.h"

namespace mjsim {
namespace {

mjtNum Entry(const Data& d, const mjtNum* A, int i, int j) {
  return A[static_cast<size_t>(i) * d.nefc + j];
}

void UpdateFrictionLoss(Data& d, const mjtNum* A, int i) {
  mjtNum diag = Entry(d, A, i, i);
  if (!(diag > mjMINVAL)) return;
  mjtNum limit = d.efc_frictionloss[i];
  mjtNum f = d.efc_force[i] - DualResidual(d, A, i) / diag;
  d.efc_force[i] = std::clamp(f, -limit, limit);
}

// 1/2 x' A x + g' x (A n x n)
mjtNum BlockCost(const mjtNum* A, const mjtNum* g, const mjtNum* x, int n) {
  mjtNum cost = 0;
  for (int j = 0; j < n; ++j) {
    mjtNum Ax = 0;
    for (int k = 0; k < n; ++k) Ax += A[j * n + k] * x[k];
    cost += x[j] * (0.5 * Ax + g[j]);
  }
  return cost;
}

void UpdateEllipticFriction(Data& d, const mjtNum* A, int first) {
  const Contact& con = d.contact[d.efc_id[first]];
  int nf = con.dim - 1;
  mjtNum Aff[25] = {}, g[5] = {}, w[5] = {}, x[5] = {};
  mjtNum normal = d.efc_force[first];
  bool stuck = !(normal > 0);
  for (int j = 0; j < nf; ++j) {
    int i = first + 1 + j;
    x[j] = d.efc_force[i];
    g[j] = DualResidual(d, A, i);
    for (int k = 0; k < nf; ++k) {
      Aff[j * nf + k] = Entry(d, A, i, first + 1 + k);
      g[j] -= Aff[j * nf + k] * d.efc_force[first + 1 + k];
    }
    mjtNum mu = con.friction[j];
    stuck = stuck || !(mu > mjMINVAL);
    w[j] = stuck ? 0 : 1 / (mu * mu);
  }
  if (stuck) {
    for (int j = 0; j < nf; ++j) d.efc_force[first + 1 + j] = 0;
    return;
  }
  if (!FrictionQCQP(Aff, g, w, normal, nf, x)) return;
  // FrictionQCQP's 20 Newton steps can stop far from the multiplier (an elongated ellipse:
  // torsion or rolling friction far below sliding) and return a point worse than the current
  // one; the reference's noslip then keeps the current forces (measured on 180 random
  // condim-6 contacts: every update is either FrictionQCQP's point, exact to 1e-12, or none)
  mjtNum current[5];
  for (int j = 0; j < nf; ++j) current[j] = d.efc_force[first + 1 + j];
  if (!(BlockCost(Aff, g, x, nf) < BlockCost(Aff, g, current, nf))) return;
  for (int j = 0; j < nf; ++j) d.efc_force[first + 1 + j] = x[j];
}

// edge pair (a, a + 1): f_a + t, f_{a+1} - t minimizes the cost along (1, -1)
void UpdatePyramidPair(Data& d, const mjtNum* A, int a) {
  int c = a + 1;
  mjtNum curvature = Entry(d, A, a, a) + Entry(d, A, c, c) - 2 * Entry(d, A, a, c);
  if (!(curvature > mjMINVAL)) return;
  mjtNum sum = d.efc_force[a] + d.efc_force[c];
  mjtNum t = -(DualResidual(d, A, a) - DualResidual(d, A, c)) / curvature;
  mjtNum fa = std::clamp(d.efc_force[a] + t, mjtNum(0), std::max(sum, mjtNum(0)));
  d.efc_force[a] = fa;
  d.efc_force[c] = sum - fa;
}

void Sweep(Data& d, const mjtNum* A) {
  for (int i = 0; i < d.nefc;) {
    int type = d.efc_type[i];
    if (type == mjCNSTR_FRICTION_DOF || type == mjCNSTR_FRICTION_TENDON) {
      UpdateFrictionLoss(d, A, i);
      ++i;
    } else if (type == mjCNSTR_CONTACT_ELLIPTIC) {
      UpdateEllipticFriction(d, A, i);
      i += d.contact[d.efc_id[i]].dim;
    } else if (type == mjCNSTR_CONTACT_PYRAMIDAL) {
      int dim = d.contact[d.efc_id[i]].dim;
      for (int j = 0; j < dim - 1; ++j) UpdatePyramidPair(d, A, i + 2 * j);
      i += 2 * (dim - 1);
    } else {
      ++i;
    }
  }
}

}  // namespace

int SolveNoslip(const Model& m, Data& d, ArenaWork& work, int first_stat) {
  mjtNum* A = DenseDualMatrix(m, d, work, false);
  if (!A) return -1;
  // the first sweep's improvement is measured from the main solver's regularized cost
  mjtNum cost = DualCost(d, A);
  for (int i = 0; i < d.nefc; ++i) cost += 0.5 * d.efc_R[i] * d.efc_force[i] * d.efc_force[i];
  int iterations = 0;
  while (iterations < m.opt.noslip_iterations) {
    Sweep(d, A);
    mjtNum new_cost = DualCost(d, A);
    mjtNum improvement = RecordDualSweep(m, d, first_stat + iterations, cost - new_cost,
                                         nullptr);
    cost = new_cost;
    ++iterations;
    if (improvement < m.opt.noslip_tolerance) break;
  }
  return iterations;
}

}  // namespace mjsim
