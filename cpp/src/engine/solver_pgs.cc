// solver_pgs.cc: projected Gauss-Seidel on the dual problem (checklist C.14, C.15):
//   f = argmin 1/2 f' (A + R) f + f' b,  A = J M^-1 J',  b = J qacc_smooth - aref,
// subject to: equality rows free, friction loss |f| <= frictionloss, limits, frictionless and
// pyramidal rows f >= 0, elliptic contacts f in the friction cone
// (f_0 >= 0, sum_j f_j^2 / mu_j^2 <= f_0^2). One sweep updates each scalar row by its exact
// 1-D minimizer, projected; an elliptic contact is updated as a block (UpdateCone). Sweeps
// stop when the scaled dual cost improvement falls below the tolerance.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "engine/solver.h"
#include "mjsim/api.h"
#include "util/dot.h"

namespace mjsim {
namespace {

// Cholesky factor of the n x n matrix A (row-major, n <= 5) in place (lower triangle); false
// when A is not positive definite
bool FactorSmall(mjtNum* A, int n) {
  for (int j = 0; j < n; ++j) {
    mjtNum diag = A[j * n + j];
    for (int k = 0; k < j; ++k) diag -= A[j * n + k] * A[j * n + k];
    if (!(diag > mjMINVAL)) return false;
    A[j * n + j] = std::sqrt(diag);
    for (int i = j + 1; i < n; ++i) {
      mjtNum sum = A[i * n + j];
      for (int k = 0; k < j; ++k) sum -= A[i * n + k] * A[j * n + k];
      A[i * n + j] = sum / A[j * n + j];
    }
  }
  return true;
}

// the scalar row's feasible interval
void ScalarBounds(const Data& d, int i, mjtNum* lo, mjtNum* hi) {
  int type = d.efc_type[i];
  *lo = -INFINITY;
  *hi = INFINITY;
  if (type == mjCNSTR_FRICTION_DOF || type == mjCNSTR_FRICTION_TENDON) {
    *lo = -d.efc_frictionloss[i];
    *hi = d.efc_frictionloss[i];
  } else if (type != mjCNSTR_EQUALITY) {
    *lo = 0;
  }
}

// The cost change of moving a block of rows by delta (the others fixed), from their residual
// r = (A f + b) before the move and their block A_bb: delta' r + 1/2 delta' A_bb delta. Summed
// over a sweep it is the sweep's cost change, without the cancellation of two totals (the
// reference's improvements are this accurate: within 1e-11 of exact where totals lose 1e-5).
mjtNum BlockCostChange(const mjtNum* delta, const mjtNum* residual, const mjtNum* A, int n) {
  mjtNum change = 0;
  for (int j = 0; j < n; ++j) {
    mjtNum Adelta = 0;
    for (int k = 0; k < n; ++k) Adelta += A[j * n + k] * delta[k];
    change += delta[j] * (residual[j] + 0.5 * Adelta);
  }
  return change;
}

// returns the cost change
mjtNum UpdateScalar(Data& d, const mjtNum* AR, int i) {
  mjtNum diag = AR[static_cast<size_t>(i) * d.nefc + i];
  if (!(diag > mjMINVAL)) return 0;
  mjtNum lo, hi;
  ScalarBounds(d, i, &lo, &hi);
  mjtNum residual = DualResidual(d, AR, i);
  mjtNum old_force = d.efc_force[i];
  d.efc_force[i] = std::clamp(old_force - residual / diag, lo, hi);
  mjtNum delta = d.efc_force[i] - old_force;
  return BlockCostChange(&delta, &residual, &diag, 1);
}

// Elliptic contact, the chapter's block update with axes adapted to the cone. With the other
// rows fixed the contact's cost is 1/2 f' A f + f' g (A its diagonal block of AR, g the rest of
// its residual). (1) when the normal force is zero, the normal row's projected 1-D minimizer;
// otherwise the minimizer along the ray from the cone's tip through the current force,
// f <- s f with s >= 0. (2) at that normal force f_0, the friction rows' minimizer in the
// ellipse sum_j f_j^2 / mu_j^2 <= f_0^2 (FrictionQCQP). Fitted to the reference: it takes the
// normal step exactly when f_0 = 0. Returns the cost change.
mjtNum UpdateCone(Data& d, const mjtNum* AR, int first) {
  const Contact& con = d.contact[d.efc_id[first]];
  int dim = con.dim, nf = dim - 1, nefc = d.nefc;
  mjtNum A[36] = {}, g[6] = {}, f[6] = {};
  for (int j = 0; j < dim; ++j) {
    f[j] = d.efc_force[first + j];
    for (int k = 0; k < dim; ++k) {
      A[j * dim + k] = AR[static_cast<size_t>(first + j) * nefc + first + k];
    }
  }
  mjtNum residual[6], old_force[6];
  for (int j = 0; j < dim; ++j) {
    old_force[j] = f[j];
    residual[j] = g[j] = DualResidual(d, AR, first + j);
    for (int k = 0; k < dim; ++k) g[j] -= A[j * dim + k] * f[k];
  }
  if (f[0] <= 0) {
    if (!(A[0] > mjMINVAL)) return 0;
    mjtNum rest = g[0];
    for (int k = 1; k < dim; ++k) rest += A[k] * f[k];
    f[0] = std::max(-rest / A[0], mjtNum(0));
  } else {
    mjtNum curvature = 0, slope = 0;
    for (int j = 0; j < dim; ++j) {
      slope += f[j] * g[j];
      for (int k = 0; k < dim; ++k) curvature += f[j] * A[j * dim + k] * f[k];
    }
    if (curvature > mjMINVAL) {
      mjtNum s = std::max(-slope / curvature, mjtNum(0));
      for (int j = 0; j < dim; ++j) f[j] *= s;
    }
  }
  // friction block: A_ff, gradient g_f + A_f0 f_0, weights 1 / mu_j^2
  mjtNum Aff[25], gf[5], w[5], x[5];
  bool frictionless = f[0] <= 0;
  for (int j = 0; j < nf; ++j) {
    for (int k = 0; k < nf; ++k) Aff[j * nf + k] = A[(j + 1) * dim + k + 1];
    gf[j] = g[j + 1] + A[(j + 1) * dim] * f[0];
    mjtNum mu = con.friction[j];
    frictionless = frictionless || !(mu > mjMINVAL);
    w[j] = frictionless ? 0 : 1 / (mu * mu);
    x[j] = f[j + 1];
  }
  if (frictionless) {
    for (int j = 0; j < nf; ++j) x[j] = 0;
  } else if (!FrictionQCQP(Aff, gf, w, f[0], nf, x)) {
    for (int j = 0; j < nf; ++j) x[j] = f[j + 1];
  }
  d.efc_force[first] = f[0];
  for (int j = 0; j < nf; ++j) d.efc_force[first + 1 + j] = x[j];
  mjtNum delta[6];
  for (int j = 0; j < dim; ++j) delta[j] = d.efc_force[first + j] - old_force[j];
  return BlockCostChange(delta, residual, A, dim);
}

// the forces implied by qacc_warmstart (those of the primal cost there), kept when their dual
// cost is negative
void WarmstartForces(const Model& m, Data& d, ArenaWork& work, const mjtNum* AR) {
  std::memset(d.efc_force, 0, sizeof(mjtNum) * d.nefc);
  if (m.opt.disableflags & mjDSBL_WARMSTART) return;
  mjtNum* jar = work.Allocate<mjtNum>(d.nefc);
  if (!jar) return;
  SolverView whole = WholeSystem(m, d);
  MulJacobian(whole.m, whole.d, jar, d.qacc_warmstart);
  for (int i = 0; i < d.nefc; ++i) jar[i] -= d.efc_aref[i];
  ConstraintCost(whole.m, whole.d, jar, d.efc_force, nullptr);
  if (DualCost(d, AR) > 0) std::memset(d.efc_force, 0, sizeof(mjtNum) * d.nefc);
}

}  // namespace

void SetDualStates(Data& d) {
  for (int i = 0; i < d.nefc; ++i) {
    mjtNum force = d.efc_force[i], limit = d.efc_frictionloss[i];
    int& state = d.efc_state[i];
    switch (d.efc_type[i]) {
      case mjCNSTR_EQUALITY:
        state = mjCNSTRSTATE_QUADRATIC;
        break;
      case mjCNSTR_FRICTION_DOF:
      case mjCNSTR_FRICTION_TENDON:
        state = force == limit    ? mjCNSTRSTATE_LINEARNEG
                : force == -limit ? mjCNSTRSTATE_LINEARPOS
                                  : mjCNSTRSTATE_QUADRATIC;
        break;
      case mjCNSTR_CONTACT_ELLIPTIC:
        state = mjCNSTRSTATE_SATISFIED;
        break;
      default:  // limits, frictionless and pyramidal contacts
        state = force == 0 ? mjCNSTRSTATE_SATISFIED : mjCNSTRSTATE_QUADRATIC;
    }
  }
}

// gradient of the dual cost at row i: (A f)_i + b_i
mjtNum DualResidual(const Data& d, const mjtNum* A, int i) {
  return Dot(A + static_cast<size_t>(i) * d.nefc, d.efc_force, d.nefc) + d.efc_b[i];
}

mjtNum DualCost(const Data& d, const mjtNum* A) {
  mjtNum cost = 0;
  for (int i = 0; i < d.nefc; ++i) {
    mjtNum f = d.efc_force[i];
    if (f == 0) continue;
    cost += f * (0.5 * (DualResidual(d, A, i) - d.efc_b[i]) + d.efc_b[i]);
  }
  return cost;
}

mjtNum RecordDualSweep(const Model& m, Data& d, int slot, mjtNum decrease,
                       unsigned char* active) {
  SolverStat& stat = d.solver[std::min(slot, mjNSOLVER - 1)];
  stat = SolverStat();
  stat.improvement = SolverScale(m) * decrease;
  for (int i = 0; i < d.nefc; ++i) {
    bool now = d.efc_force[i] != 0;
    stat.nactive += now;
    if (active) {
      stat.nchange += now != (active[i] != 0);
      active[i] = now;
    }
  }
  return stat.improvement;
}

mjtNum* HalfSolvedJacobian(const Model& m, Data& d, ArenaWork& work) {
  int nv = m.nv;
  mjtNum* B = work.Allocate<mjtNum>(static_cast<size_t>(d.nefc) * nv);
  mjtNum* sqrt_inv_diag = work.Allocate<mjtNum>(nv);
  if (!B || !sqrt_inv_diag) return nullptr;
  for (int k = 0; k < nv; ++k) sqrt_inv_diag[k] = std::sqrt(d.qLDiagInv[k]);
  mj_solveM2(m, d, B, d.efc_J, sqrt_inv_diag, d.nefc);
  return B;
}

// A = J M^-1 J' (+ diag(R) with add_R), dense nefc x nefc
bool BuildDualMatrix(const Model& m, Data& d, ArenaWork& work, mjtNum* A, bool add_R) {
  int nv = m.nv, nefc = d.nefc;
  // B = J L^-1 D^-1/2 (mj_solveM2 on J's rows): A = B B', half the solve of J M^-1 J'. Each
  // entry sums its products dof by dof ascending (the reference's order: 73% of its entries
  // bit-equal), accumulated a dof at a time over the rows nonzero there: independent sums
  // (no chain of dependent additions) that skip the dofs outside a row's trees.
  mjtNum* B = HalfSolvedJacobian(m, d, work);
  mjtNum* column = work.Allocate<mjtNum>(nefc);
  int* rows = work.Allocate<int>(nefc);
  if (!B || !column || !rows) return false;
  for (int i = 0; i < nefc; ++i) {
    mjtNum* row = A + static_cast<size_t>(i) * nefc;
    std::fill(row, row + i + 1, 0.0);
  }
  for (int k = 0; k < nv; ++k) {
    int count = 0;
    for (int i = 0; i < nefc; ++i) {
      mjtNum b = B[static_cast<size_t>(i) * nv + k];
      if (b != 0) column[count] = b, rows[count++] = i;
    }
    for (int p = 0; p < count; ++p) {  // the lower triangle, row rows[p]
      mjtNum* Ai = A + static_cast<size_t>(rows[p]) * nefc;
      mjtNum bi = column[p];
      for (int q = 0; q <= p; ++q) Ai[rows[q]] += bi * column[q];
    }
  }
  for (int i = 0; i < nefc; ++i) {
    mjtNum* row = A + static_cast<size_t>(i) * nefc;
    for (int j = 0; j < i; ++j) A[static_cast<size_t>(j) * nefc + i] = row[j];
    if (add_R) row[i] += d.efc_R[i];
  }
  return true;
}

// The friction part of a contact at fixed normal force (the chapter's QCQP): minimize
// 1/2 x' A x + x' g subject to sum_j w_j x_j^2 <= r^2 (A n x n, n <= 5). At the solution
// x(lambda) = -(A + lambda W)^-1 g with the multiplier lambda >= 0 the root of
// phi(lambda) = x' W x - r^2, which is convex and decreasing: Newton's method from lambda = 0
// rises to the root monotonically. The reference's stopping rule, fitted on 300 random
// contacts (condim 4 and 6) to 5e-16: at most 20 solves, and stop once a Newton step of lambda
// is below 1e-10, keeping the x of the last solve; an x left outside is scaled onto the
// ellipse. At ill-conditioned contacts (a tiny normal force) the 20 solves end far from the
// root, and the reference's answer with them. false (x untouched) when A + lambda W is not
// positive definite.
bool FrictionQCQP(const mjtNum* A, const mjtNum* g, const mjtNum* w, mjtNum r, int n,
                  mjtNum* x) {
  constexpr int kMaxSolves = 20;
  constexpr mjtNum kMinStep = 1e-10;
  mjtNum H[25], Wx[5], dx[5], minus_g[5];
  for (int j = 0; j < n; ++j) minus_g[j] = -g[j];
  mjtNum lambda = 0;
  for (int solve = 0; solve < kMaxSolves; ++solve) {
    for (int k = 0; k < n * n; ++k) H[k] = A[k];
    for (int j = 0; j < n; ++j) H[j * n + j] += lambda * w[j];
    if (!FactorSmall(H, n)) return false;
    for (int j = 0; j < n; ++j) x[j] = minus_g[j];
    CholeskySolve(H, n, x);
    mjtNum phi = -r * r;
    for (int j = 0; j < n; ++j) {
      Wx[j] = w[j] * x[j];
      phi += Wx[j] * x[j];
    }
    if (solve == 0 && phi <= 0) return true;  // the unconstrained minimum is inside
    // dx/dlambda = -(A + lambda W)^-1 W x; dphi/dlambda = 2 x' W dx
    for (int j = 0; j < n; ++j) dx[j] = Wx[j];
    CholeskySolve(H, n, dx);
    mjtNum slope = 0;
    for (int j = 0; j < n; ++j) slope -= 2 * Wx[j] * dx[j];
    if (!(slope < 0)) break;
    mjtNum step = -phi / slope;
    lambda += step;
    if (std::abs(step) < kMinStep) break;
  }
  mjtNum size = 0;
  for (int j = 0; j < n; ++j) size += w[j] * x[j] * x[j];
  if (size > r * r) {
    mjtNum shrink = r / std::sqrt(size);
    for (int j = 0; j < n; ++j) x[j] *= shrink;
  }
  return true;
}

mjtNum* DenseDualMatrix(const Model& m, Data& d, ArenaWork& work, bool with_R) {
  if (with_R && d.nA > 0 && !mj_isSparse(m)) return d.efc_AR;
  int nefc = d.nefc;
  mjtNum* A = work.Allocate<mjtNum>(static_cast<size_t>(nefc) * nefc);
  if (!A) return nullptr;
  if (d.nA == 0) return BuildDualMatrix(m, d, work, A, with_R) ? A : nullptr;
  if (mj_isSparse(m)) {
    for (int i = 0; i < nefc; ++i) {  // row by row, zeros only between the listed columns
      const int* columns = d.efc_AR_colind + d.efc_AR_rowadr[i];
      const mjtNum* values = d.efc_AR + d.efc_AR_rowadr[i];
      mjtNum* row = A + static_cast<size_t>(i) * nefc;
      int next = 0;  // colind ascends
      for (int k = 0; k < d.efc_AR_rownnz[i]; ++k) {
        for (; next < columns[k]; ++next) row[next] = 0;
        row[next++] = values[k];
      }
      for (; next < nefc; ++next) row[next] = 0;
    }
  } else {
    std::copy(d.efc_AR, d.efc_AR + static_cast<size_t>(nefc) * nefc, A);
  }
  if (!with_R) {
    for (int i = 0; i < nefc; ++i) A[static_cast<size_t>(i) * nefc + i] -= d.efc_R[i];
  }
  return A;
}

int SolvePGS(const Model& m, Data& d, ArenaWork& work) {
  mjtNum* AR = DenseDualMatrix(m, d, work, true);
  if (!AR) return -1;
  WarmstartForces(m, d, work, AR);
  // which rows carry force before the sweep: nchange counts the rows that switch (measured to
  // equal the reference's count for scalar rows; its elliptic counts follow another rule)
  unsigned char* active = work.Allocate<unsigned char>(d.nefc);
  if (!active) return -1;
  for (int i = 0; i < d.nefc; ++i) active[i] = d.efc_force[i] != 0;
  int iterations = 0;
  while (iterations < m.opt.iterations) {
    mjtNum change = 0;  // the sweep's cost change, row block by row block
    for (int i = 0; i < d.nefc;) {
      if (d.efc_type[i] == mjCNSTR_CONTACT_ELLIPTIC) {
        change += UpdateCone(d, AR, i);
        i += d.contact[d.efc_id[i]].dim;
      } else {
        change += UpdateScalar(d, AR, i);
        ++i;
      }
    }
    mjtNum improvement = RecordDualSweep(m, d, iterations, -change, active);
    ++iterations;
    if (improvement < m.opt.tolerance) break;
  }
  // the reference counts efc_AR's nonzeros (nA)
  d.solver_nnz[0] = d.nA > 0 ? d.nA : d.nefc * d.nefc;
  SetDualStates(d);
  return iterations;
}

}  // namespace mjsim
