// solver_pgs.cc: projected Gauss-Seidel on the dual problem (checklist C.14, C.15):
//   f = argmin 1/2 f' (A + R) f + f' b,  A = J M^-1 J',  b = J qacc_smooth - aref,
// subject to: equality rows free, friction loss |f| <= frictionloss, limits, frictionless and
// pyramidal rows f >= 0, elliptic contacts f in the friction cone
// (f_0 >= 0, sum_j f_j^2 / mu_j^2 <= f_0^2). One sweep updates each scalar row by its exact
// 1-D minimizer, projected; an elliptic contact updates its normal row, then its friction rows,
// projected on the cone's cross-section. Sweeps stop when the scaled dual cost improvement
// falls below the tolerance.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "engine/solver.h"
#include "mjsim/api.h"

namespace mjsim {
namespace {

// AR = J M^-1 J' + diag(R), dense nefc x nefc
bool BuildAR(const Model& m, Data& d, ArenaWork& work, mjtNum* AR) {
  int nv = m.nv, nefc = d.nefc;
  mjtNum* MinvJ = work.Allocate<mjtNum>(static_cast<size_t>(nefc) * nv);
  if (!MinvJ) return false;
  mj_solveM(m, d, MinvJ, d.efc_J, nefc);
  for (int i = 0; i < nefc; ++i) {
    const mjtNum* Ji = d.efc_J + static_cast<size_t>(i) * nv;
    for (int j = 0; j <= i; ++j) {
      const mjtNum* Xj = MinvJ + static_cast<size_t>(j) * nv;
      mjtNum sum = 0;
      for (int k = 0; k < nv; ++k) sum += Ji[k] * Xj[k];
      AR[static_cast<size_t>(i) * nefc + j] = AR[static_cast<size_t>(j) * nefc + i] = sum;
    }
    AR[static_cast<size_t>(i) * nefc + i] += d.efc_R[i];
  }
  return true;
}

// gradient of the dual cost at row i: (AR f)_i + b_i
mjtNum RowResidual(const Data& d, const mjtNum* AR, int i) {
  const mjtNum* row = AR + static_cast<size_t>(i) * d.nefc;
  mjtNum sum = d.efc_b[i];
  for (int j = 0; j < d.nefc; ++j) sum += row[j] * d.efc_force[j];
  return sum;
}

mjtNum DualCost(const Data& d, const mjtNum* AR) {
  mjtNum cost = 0;
  for (int i = 0; i < d.nefc; ++i) {
    mjtNum f = d.efc_force[i];
    if (f == 0) continue;
    cost += f * (0.5 * (RowResidual(d, AR, i) - d.efc_b[i]) + d.efc_b[i]);
  }
  return cost;
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

void UpdateScalar(Data& d, const mjtNum* AR, int i) {
  mjtNum diag = AR[static_cast<size_t>(i) * d.nefc + i];
  if (!(diag > mjMINVAL)) return;
  mjtNum lo, hi;
  ScalarBounds(d, i, &lo, &hi);
  mjtNum f = d.efc_force[i] - RowResidual(d, AR, i) / diag;
  d.efc_force[i] = std::clamp(f, lo, hi);
}

// elliptic contact: normal row projected on f_0 >= 0, then each friction row, then the
// friction part scaled back into the ellipse sum f_j^2 / mu_j^2 <= f_0^2
void UpdateCone(Data& d, const mjtNum* AR, int first) {
  const Contact& con = d.contact[d.efc_id[first]];
  int dim = con.dim;
  for (int j = 0; j < dim; ++j) {
    int i = first + j;
    mjtNum diag = AR[static_cast<size_t>(i) * d.nefc + i];
    if (!(diag > mjMINVAL)) continue;
    d.efc_force[i] -= RowResidual(d, AR, i) / diag;
    if (j == 0) d.efc_force[i] = std::max(d.efc_force[i], mjtNum(0));
  }
  mjtNum normal = d.efc_force[first], size = 0;
  for (int j = 1; j < dim; ++j) {
    mjtNum scaled = d.efc_force[first + j] / std::max(con.friction[j - 1], mjMINVAL);
    size += scaled * scaled;
  }
  size = std::sqrt(size);
  if (size > normal) {
    mjtNum shrink = size > 0 ? normal / size : 0;
    for (int j = 1; j < dim; ++j) d.efc_force[first + j] *= shrink;
  }
}

// the forces implied by qacc_warmstart (those of the primal cost there), kept when their dual
// cost is negative
void WarmstartForces(const Model& m, Data& d, ArenaWork& work, const mjtNum* AR) {
  std::memset(d.efc_force, 0, sizeof(mjtNum) * d.nefc);
  if (m.opt.disableflags & mjDSBL_WARMSTART) return;
  mjtNum* jar = work.Allocate<mjtNum>(d.nefc);
  if (!jar) return;
  MulJacobian(m, d, jar, d.qacc_warmstart);
  for (int i = 0; i < d.nefc; ++i) jar[i] -= d.efc_aref[i];
  ConstraintCost(m, d, jar, d.efc_force, nullptr);
  if (DualCost(d, AR) > 0) std::memset(d.efc_force, 0, sizeof(mjtNum) * d.nefc);
}

}  // namespace

int SolvePGS(const Model& m, Data& d, ArenaWork& work) {
  mjtNum* AR = work.Allocate<mjtNum>(static_cast<size_t>(d.nefc) * d.nefc);
  if (!AR || !BuildAR(m, d, work, AR)) return -1;
  WarmstartForces(m, d, work, AR);
  mjtNum scale = SolverScale(m);
  mjtNum cost = DualCost(d, AR);
  int iterations = 0;
  while (iterations < m.opt.iterations) {
    for (int i = 0; i < d.nefc;) {
      if (d.efc_type[i] == mjCNSTR_CONTACT_ELLIPTIC) {
        UpdateCone(d, AR, i);
        i += d.contact[d.efc_id[i]].dim;
      } else {
        UpdateScalar(d, AR, i);
        ++i;
      }
    }
    mjtNum new_cost = DualCost(d, AR);
    SolverStat& stat = d.solver[iterations < mjNSOLVER ? iterations : mjNSOLVER - 1];
    stat = SolverStat();
    stat.improvement = scale * (cost - new_cost);
    for (int i = 0; i < d.nefc; ++i) stat.nactive += d.efc_force[i] != 0;
    cost = new_cost;
    ++iterations;
    if (stat.improvement < m.opt.tolerance) break;
  }
  // the reference's PGS leaves the states unset (zero): so does ours
  std::memset(d.efc_state, 0, sizeof(int) * d.nefc);
  return iterations;
}

}  // namespace mjsim
