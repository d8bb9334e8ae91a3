// solver.cc: the constraint solve, forward pipeline stage 22 (checklist C.14, C.15), and the
// primal cost shared by the CG and Newton solvers (solver_newton.cc, solver_cg.cc).
//   reads   m.opt (solver cone iterations tolerance ls_* disableflags) d.efc_* qacc_smooth
//           qfrc_smooth qacc_warmstart qM
//   writes  d.qacc qfrc_constraint efc_b efc_force efc_state solver solver_niter
#include <algorithm>
#include <cmath>
#include <cstring>

#include "engine/solver.h"
#include "engine/stages.h"
#include "engine/timer.h"
#include "mjsim/api.h"
#include "util/dot.h"

namespace mjsim {
namespace {

bool Disabled(const Option& opt, int flag) { return (opt.disableflags & flag) != 0; }

// ---- one elliptic contact's cone cost (three zones) ---------------------------------------------

// U = (mu jar_0, mu_1 jar_1, ...), N = U_0, T = |U_1..|: top zone N >= mu T costs nothing;
// bottom zone mu N + T <= 0 is quadratic in every row; between them the cost is
// 1/2 Dm (N - mu T)^2 with Dm = D_0 / (mu^2 (1 + mu^2))
struct ConeGeometry {
  int first, dim;
  mjtNum mu, Dm, N, T;
  mjtNum U[6];
  int zone;  // mjCNSTRSTATE_SATISFIED, _QUADRATIC or _CONE
};

// window[j] = jar of row first + j
ConeGeometry ClassifyCone(const SolverData& d, int first, const mjtNum* window) {
  const Contact& con = d.contact[d.efc_id[first]];
  ConeGeometry g;
  g.first = first;
  g.dim = con.dim;
  g.mu = con.mu;
  g.Dm = d.efc_D[first] / (g.mu * g.mu * (1 + g.mu * g.mu));
  g.U[0] = g.mu * window[0];
  for (int j = 1; j < g.dim; ++j) g.U[j] = con.friction[j - 1] * window[j];
  g.N = g.U[0];
  g.T = std::sqrt(Dot(g.U + 1, g.U + 1, g.dim - 1));
  if (g.N >= g.mu * g.T || (g.T <= 0 && g.N >= 0)) {
    g.zone = mjCNSTRSTATE_SATISFIED;
  } else if (g.mu * g.N + g.T <= 0 || (g.T <= 0 && g.N < 0)) {
    g.zone = mjCNSTRSTATE_QUADRATIC;
  } else {
    g.zone = mjCNSTRSTATE_CONE;
  }
  return g;
}

// adds the cost of one elliptic contact to *cost (row by row in the bottom zone); forces and
// states of its rows
void AddEllipticCost(const SolverData& d, const ConeGeometry& g, const mjtNum* jar, mjtNum* force,
                     int* state, mjtNum* cost) {
  const Contact& con = d.contact[d.efc_id[g.first]];
  for (int j = 0; j < g.dim; ++j) {
    int i = g.first + j;
    mjtNum f = 0;
    if (g.zone == mjCNSTRSTATE_QUADRATIC) {
      f = -d.efc_D[i] * jar[i];
      *cost += 0.5 * d.efc_D[i] * jar[i] * jar[i];
    } else if (g.zone == mjCNSTRSTATE_CONE) {
      mjtNum gap = g.N - g.mu * g.T;
      mjtNum f0 = -g.Dm * gap * g.mu;
      f = j == 0 ? f0 : -(f0 / g.T) * g.U[j] * con.friction[j - 1];
    }
    if (force) force[i] = f;
    if (state) state[i] = g.zone;
  }
  if (g.zone == mjCNSTRSTATE_CONE) {
    mjtNum gap = g.N - g.mu * g.T;
    *cost += 0.5 * g.Dm * gap * gap;
  }
}

// ---- scalar rows --------------------------------------------------------------------------------

// cost of one scalar row at jar; force and state
mjtNum ScalarCost(const SolverData& d, int i, mjtNum jar, mjtNum* force, int* state) {
  mjtNum D = d.efc_D[i], R = d.efc_R[i];
  int type = d.efc_type[i];
  if (type == mjCNSTR_FRICTION_DOF || type == mjCNSTR_FRICTION_TENDON) {
    mjtNum eta = d.efc_frictionloss[i];
    if (jar <= -R * eta) {
      *force = eta;
      *state = mjCNSTRSTATE_LINEARNEG;
      return -0.5 * R * eta * eta - eta * jar;
    }
    if (jar >= R * eta) {
      *force = -eta;
      *state = mjCNSTRSTATE_LINEARPOS;
      return -0.5 * R * eta * eta + eta * jar;
    }
  } else if (type != mjCNSTR_EQUALITY && jar >= 0) {
    *force = 0;
    *state = mjCNSTRSTATE_SATISFIED;
    return 0;
  }
  *force = -D * jar;
  *state = mjCNSTRSTATE_QUADRATIC;
  return 0.5 * D * jar * jar;
}

// A scalar row's cost along the line, jar(alpha) = jar + alpha v, as the quadratic
// q0 + alpha q1 + alpha^2 q2 of the zone it is in at alpha; the coefficients are summed over
// rows and evaluated once (as the reference rounds).
void AddScalarQuadratic(const SolverData& d, int i, mjtNum jar, mjtNum v, mjtNum alpha,
                        mjtNum quad[3]) {
  mjtNum force;
  int state;
  ScalarCost(d, i, jar + alpha * v, &force, &state);
  mjtNum D = d.efc_D[i];
  switch (state) {
    case mjCNSTRSTATE_QUADRATIC:
      quad[0] += 0.5 * D * jar * jar;
      quad[1] += D * jar * v;
      quad[2] += 0.5 * D * v * v;
      break;
    case mjCNSTRSTATE_LINEARNEG:
    case mjCNSTRSTATE_LINEARPOS: {
      mjtNum eta = d.efc_frictionloss[i], sign = state == mjCNSTRSTATE_LINEARPOS ? 1 : -1;
      quad[0] += -0.5 * d.efc_R[i] * eta * eta + sign * eta * jar;
      quad[1] += sign * eta * v;
      break;
    }
    default:
      break;
  }
}

// window: the contact's rows of jar at alpha
// (evaluated at the moved jar in both zones, unlike scalar rows: the reference's bits)
void ConeAlongLine(const SolverData& d, int first, const mjtNum* window, const mjtNum* Jp,
                   LineCost* total) {
  ConeGeometry g = ClassifyCone(d, first, window);
  const Contact& con = d.contact[d.efc_id[first]];
  if (g.zone == mjCNSTRSTATE_SATISFIED) return;
  if (g.zone == mjCNSTRSTATE_QUADRATIC) {
    for (int j = 0; j < g.dim; ++j) {
      int i = first + j;
      total->value += 0.5 * d.efc_D[i] * window[j] * window[j];
      total->slope += d.efc_D[i] * window[j] * Jp[i];
      total->curvature += d.efc_D[i] * Jp[i] * Jp[i];
    }
    return;
  }
  // middle zone: gap = N - mu T; N' = V_0, T' = U.V / T, T'' = (|V|^2 - T'^2) / T (tangents)
  mjtNum V[6];
  V[0] = g.mu * Jp[first];
  mjtNum uv = 0, vv = 0;
  for (int j = 1; j < g.dim; ++j) {
    V[j] = con.friction[j - 1] * Jp[first + j];
    uv += g.U[j] * V[j];
    vv += V[j] * V[j];
  }
  mjtNum dT = uv / g.T, ddT = (vv - dT * dT) / g.T;
  mjtNum gap = g.N - g.mu * g.T, dgap = V[0] - g.mu * dT, ddgap = -g.mu * ddT;
  total->value += 0.5 * g.Dm * gap * gap;
  total->slope += g.Dm * gap * dgap;
  total->curvature += g.Dm * (dgap * dgap + gap * ddgap);
}

}  // namespace

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

mjtNum SolverScale(const SolverModel& m) {
  return 1 / (std::max(m.meaninertia, mjMINVAL) * std::max(1, m.nv));
}

mjtNum SolverScale(const Model& m) {
  return 1 / (std::max(m.stat.meaninertia, mjMINVAL) * std::max(1, m.nv));
}

SolverStat& RecordPrimalIteration(const SolverModel& m, SolverData& d, int iteration,
                                  mjtNum old_cost,
                                  const PrimalPoint& point, const int* old_state,
                                  mjtNum slope, mjtNum direction_norm, int evaluations,
                                  int updates) {
  mjtNum scale = SolverScale(m);
  SolverStat& stat = d.solver[iteration < mjNSOLVER ? iteration : mjNSOLVER - 1];
  mjtNum grad2 = Dot(point.grad, point.grad, m.nv);
  stat.improvement = scale * (old_cost - point.cost);
  stat.gradient = scale * std::sqrt(grad2);
  stat.lineslope = scale * std::fabs(slope) / std::max(direction_norm, mjMINVAL);
  stat.neval = evaluations;
  stat.nupdate = updates;
  stat.nactive = stat.nchange = 0;
  for (int i = 0; i < d.nefc; ++i) {
    stat.nactive += point.state[i] != mjCNSTRSTATE_SATISFIED;
    stat.nchange += point.state[i] != old_state[i];
  }
  return stat;
}

// res = J vec, each row summed as the reference does: mju_dot over all nv columns when J is
// dense, a sparse dot over the row's pattern (efc_J_colind) when sparse, so the last bits
// follow the layout (in the reference too)
void MulJacobian(const SolverModel& m, const SolverData& d, mjtNum* res, const mjtNum* vec) {
  for (int i = 0; i < d.nefc; ++i) {
    const mjtNum* row = d.efc_J + static_cast<size_t>(i) * m.nv;
    const int* columns = d.efc_J_colind + d.efc_J_rowadr[i];
    res[i] = m.sparse ? DotPattern(row, vec, columns, d.efc_J_rownnz[i]) : Dot(row, vec, m.nv);
  }
}

void MulJacobianTranspose(const SolverModel& m, const SolverData& d, mjtNum* res,
                          const mjtNum* vec) {
  std::memset(res, 0, sizeof(mjtNum) * m.nv);
  for (int i = 0; i < d.nefc; ++i) {
    if (vec[i] == 0) continue;
    const mjtNum* row = d.efc_J + static_cast<size_t>(i) * m.nv;
    const int* columns = d.efc_J_colind + d.efc_J_rowadr[i];
    for (int k = 0; k < d.efc_J_rownnz[i]; ++k) res[columns[k]] += row[columns[k]] * vec[i];
  }
}

mjtNum ConstraintCost(const SolverModel& m, SolverData& d, const mjtNum* jar, mjtNum* force,
                      int* state) {
  (void)m;
  mjtNum cost = 0;
  for (int i = 0; i < d.nefc;) {
    if (d.efc_type[i] == mjCNSTR_CONTACT_ELLIPTIC) {
      ConeGeometry g = ClassifyCone(d, i, jar + i);
      AddEllipticCost(d, g, jar, force, state, &cost);
      i += g.dim;
      continue;
    }
    mjtNum f;
    int s;
    cost += ScalarCost(d, i, jar[i], &f, &s);
    if (force) force[i] = f;
    if (state) state[i] = s;
    ++i;
  }
  return cost;
}

LineCost CostAlongLine(const SolverModel& m, const SolverData& d, const mjtNum gauss[3],
                       const mjtNum* jar, const mjtNum* Jp, mjtNum alpha) {
  (void)m;
  mjtNum quad[3] = {gauss[0], gauss[1], 0.5 * gauss[2]};
  LineCost cone{0, 0, 0};
  for (int i = 0; i < d.nefc;) {
    if (d.efc_type[i] == mjCNSTR_CONTACT_ELLIPTIC) {
      int dim = d.contact[d.efc_id[i]].dim;
      mjtNum moved[6];
      for (int j = 0; j < dim; ++j) moved[j] = jar[i + j] + alpha * Jp[i + j];
      ConeAlongLine(d, i, moved, Jp, &cone);
      i += dim;
      continue;
    }
    AddScalarQuadratic(d, i, jar[i], Jp[i], alpha, quad);
    ++i;
  }
  return {alpha * alpha * quad[2] + alpha * quad[1] + quad[0] + cone.value,
          2 * alpha * quad[2] + quad[1] + cone.slope, 2 * quad[2] + cone.curvature};
}

namespace {

// One point of the line search: alpha and the cost's slope and curvature there.
struct LinePoint {
  mjtNum alpha, value, slope, curvature;
};

// the cost along one line, counting evaluations
struct Line {
  const SolverModel& m;
  const SolverData& d;
  const mjtNum* gauss;
  const mjtNum* jar;
  const mjtNum* Jp;
  int evaluations;

  LinePoint At(mjtNum alpha) {
    ++evaluations;
    LineCost cost = CostAlongLine(m, d, gauss, jar, Jp, alpha);
    return {alpha, cost.value, cost.slope, cost.curvature};
  }
};

mjtNum NewtonStep(const LinePoint& point) {
  return point.alpha - point.slope / point.curvature;
}

LineSearchResult Result(const LinePoint& point, const Line& line) {
  return {point.alpha, point.slope, line.evaluations};
}

// the bracket end with the smaller |slope|
const LinePoint& Closer(const LinePoint& lo, const LinePoint& hi) {
  return std::fabs(hi.slope) < std::fabs(lo.slope) ? hi : lo;
}

// Rounds of three points in the bracket [lo, hi] (slope < 0 at lo, > 0 at hi): the Newton
// steps from both ends, the end with the smaller |slope| first, then the midpoint; a point at
// lo already is skipped (one at hi is evaluated again: as the reference counts). The bracket
// narrows to the innermost points of each sign.
// The reference counts one evaluation on entering that no later point depends on.
LineSearchResult NarrowBracket(Line& line, LinePoint lo, LinePoint hi, mjtNum gtol, int limit) {
  if (line.evaluations < limit) ++line.evaluations;
  while (line.evaluations < limit) {
    int before = line.evaluations;
    const LinePoint& first = Closer(lo, hi);
    const LinePoint& second = &first == &lo ? hi : lo;
    mjtNum candidates[3] = {NewtonStep(first), NewtonStep(second), 0.5 * (lo.alpha + hi.alpha)};
    for (mjtNum alpha : candidates) {
      if (!std::isfinite(alpha)) return Result(Closer(lo, hi), line);
      if (alpha == lo.alpha) continue;
      LinePoint point = line.At(alpha);
      if (std::fabs(point.slope) < gtol) return Result(point, line);
      if (point.slope < 0 && point.alpha > lo.alpha) lo = point;
      if (point.slope > 0 && point.alpha < hi.alpha) hi = point;
    }
    if (line.evaluations == before) break;  // every point at lo: no progress
  }
  return Result(Closer(lo, hi), line);
}

}  // namespace

// The exact line search, as measured on the reference (docs/REFERENCE-BEHAVIOURS.md, "Line
// search"): Newton steps on the slope from alpha = 0 until it converges or the slope changes
// sign, then rounds of three points narrowing the bracket. Converged: |slope| below
// tolerance * ls_tolerance * |p| / scale. The first two evaluations are always made, then
// each step or round starts while fewer than ls_iterations evaluations have been made.
LineSearchResult LineSearch(const SolverModel& m, const SolverData& d, const mjtNum gauss[3],
                            const mjtNum* jar, const mjtNum* Jp, mjtNum pnorm) {
  Line line{m, d, gauss, jar, Jp, 0};
  mjtNum gtol = m.opt.tolerance * m.opt.ls_tolerance * pnorm / SolverScale(m);
  int limit = m.opt.ls_iterations;
  LinePoint start = line.At(0);
  if (!(start.slope < 0)) return {0, start.slope, line.evaluations};  // not a descent direction
  LinePoint current = line.At(NewtonStep(start));
  if (std::fabs(current.slope) < gtol) return Result(current, line);
  // a first step past the minimum that costs more than alpha = 0: bracketed at once
  if (current.slope > 0 && current.value > start.value) {
    return NarrowBracket(line, start, current, gtol, limit);
  }
  while (line.evaluations < limit) {
    mjtNum alpha = NewtonStep(current);
    if (!std::isfinite(alpha)) break;
    LinePoint next = line.At(alpha);
    if (std::fabs(next.slope) < gtol) return Result(next, line);
    if ((next.slope < 0) != (current.slope < 0)) {
      bool next_lo = next.slope < 0;
      return NarrowBracket(line, next_lo ? next : current, next_lo ? current : next, gtol, limit);
    }
    current = next;
  }
  return Result(current, line);
}

int ConeHessian(const SolverModel& m, SolverData& d, const mjtNum* jar, int first,
                mjtNum local[36]) {
  (void)m;
  ConeGeometry g = ClassifyCone(d, first, jar + first);
  if (g.zone != mjCNSTRSTATE_CONE) return 0;
  // cone Hessian in jar: S Hu S, Hu = Dm (grad grad' + gap hess), S = diag(mu, mu_j)
  Contact& con = d.contact[d.efc_id[first]];
  mjtNum scale[6], grad[6];
  scale[0] = g.mu;
  grad[0] = 1;
  for (int j = 1; j < g.dim; ++j) {
    scale[j] = con.friction[j - 1];
    grad[j] = -g.mu * g.U[j] / g.T;
  }
  mjtNum gap = g.N - g.mu * g.T;
  for (int a = 0; a < g.dim; ++a) {
    for (int b = 0; b < g.dim; ++b) {
      mjtNum hess = 0;
      if (a > 0 && b > 0) {
        hess = -g.mu * ((a == b ? 1 : 0) - g.U[a] * g.U[b] / (g.T * g.T)) / g.T;
      }
      local[a * g.dim + b] = g.Dm * (grad[a] * grad[b] + gap * hess) * scale[a] * scale[b];
    }
  }
  for (int k = 0; k < 36; ++k) con.H[k] = k < g.dim * g.dim ? local[k] : 0;
  return g.dim;
}

namespace {

// H += scale * a' b over the nonzeros of rows a and b of efc_J (H dense nv x nv)
void AddRowProduct(const SolverModel& m, const SolverData& d, int a, int b, mjtNum scale,
                   mjtNum* H) {
  int nv = m.nv;
  const mjtNum* Ja = d.efc_J + static_cast<size_t>(a) * nv;
  const mjtNum* Jb = d.efc_J + static_cast<size_t>(b) * nv;
  const int* cols_a = d.efc_J_colind + d.efc_J_rowadr[a];
  const int* cols_b = d.efc_J_colind + d.efc_J_rowadr[b];
  for (int p = 0; p < d.efc_J_rownnz[a]; ++p) {
    int r = cols_a[p];
    mjtNum scaled = scale * Ja[r];
    for (int q = 0; q < d.efc_J_rownnz[b]; ++q) H[r * nv + cols_b[q]] += scaled * Jb[cols_b[q]];
  }
}

}  // namespace

void AddConstraintHessian(const SolverModel& m, SolverData& d, const mjtNum* jar, const int* state,
                          mjtNum* H) {
  for (int i = 0; i < d.nefc;) {
    if (d.efc_type[i] == mjCNSTR_CONTACT_ELLIPTIC) {
      int dim = d.contact[d.efc_id[i]].dim;
      mjtNum local[36];
      int cone = ConeHessian(m, d, jar, i, local);
      for (int a = 0; a < cone && H; ++a) {
        for (int b = 0; b < cone; ++b) {
          if (local[a * cone + b] != 0) AddRowProduct(m, d, i + a, i + b, local[a * cone + b], H);
        }
      }
      if (!cone && H && state[i] == mjCNSTRSTATE_QUADRATIC) {
        for (int j = 0; j < dim; ++j) AddRowProduct(m, d, i + j, i + j, d.efc_D[i + j], H);
      }
      i += dim;
      continue;
    }
    if (H && state[i] == mjCNSTRSTATE_QUADRATIC) AddRowProduct(m, d, i, i, d.efc_D[i], H);
    ++i;
  }
}

PrimalPoint AllocatePrimalPoint(const SolverModel& m, SolverData& d, ArenaWork& work) {
  PrimalPoint point;
  point.Mx = work.Allocate<mjtNum>(m.nv);
  point.jar = work.Allocate<mjtNum>(d.nefc);
  point.grad = work.Allocate<mjtNum>(m.nv);
  point.state = d.efc_state;  // the states at the last point evaluated are the result
  point.cost = 0;
  return point;
}

bool Allocated(const PrimalPoint& point) {
  return point.Mx && point.jar && point.grad && point.state;
}

void EvaluatePrimal(const SolverModel& m, SolverData& d, const mjtNum* x, PrimalPoint& point) {
  MulInertia(m, d, point.Mx, x);
  MulJacobian(m, d, point.jar, x);
  for (int i = 0; i < d.nefc; ++i) point.jar[i] -= d.efc_aref[i];
  RefreshPrimal(m, d, x, point);
}

void StepPrimal(const SolverModel& m, SolverData& d, mjtNum* x, mjtNum alpha, const mjtNum* p,
                const mjtNum* Mp, const mjtNum* Jp, PrimalPoint& point) {
  for (int k = 0; k < m.nv; ++k) {
    x[k] += alpha * p[k];
    point.Mx[k] += alpha * Mp[k];
  }
  for (int i = 0; i < d.nefc; ++i) point.jar[i] += alpha * Jp[i];
  RefreshPrimal(m, d, x, point);
}

// The Gauss term 1/2 (x - a0)' M (x - a0) less its constant 1/2 a0' M a0, a0 = qacc_smooth:
// 1/2 x' M x - x' qfrc_smooth. Without a0 it stays finite where M is singular and a0 is NaN (a
// zero-mass body), as the reference's does: there its Newton solver (M + J'DJ) still solves.
namespace {
mjtNum GaussTerm(const SolverModel& m, const SolverData& d, const mjtNum* x, const mjtNum* Mx) {
  mjtNum gauss = 0;
  for (int k = 0; k < m.nv; ++k) gauss += x[k] * (0.5 * Mx[k] - d.qfrc_smooth[k]);
  return gauss;
}
}  // namespace

void RefreshPrimal(const SolverModel& m, SolverData& d, const mjtNum* x, PrimalPoint& point) {
  mjtNum cost = ConstraintCost(m, d, point.jar, d.efc_force, point.state);
  point.cost = cost + GaussTerm(m, d, x, point.Mx);
  MulJacobianTranspose(m, d, point.grad, d.efc_force);
  for (int k = 0; k < m.nv; ++k) point.grad[k] = point.Mx[k] - d.qfrc_smooth[k] - point.grad[k];
}

// the start costs few products at qacc_smooth: there jar = efc_b (J qacc_smooth - aref,
// written by mj_fwdConstraint before the solver) and the Gauss term is -1/2 a0' qfrc_smooth.
// A NaN cold cost (qacc_smooth NaN: singular M) keeps the warmstart, as the reference does.
bool WarmstartCheaper(const SolverModel& m, SolverData& d, PrimalPoint& point) {
  if (Disabled(m.opt, mjDSBL_WARMSTART)) return false;
  EvaluatePrimal(m, d, d.qacc_warmstart, point);
  mjtNum cold = ConstraintCost(m, d, d.efc_b, nullptr, nullptr);
  for (int k = 0; k < m.nv; ++k) cold -= 0.5 * d.qacc_smooth[k] * d.qfrc_smooth[k];
  return point.cost < cold || std::isnan(cold);
}

void PrimalStart(const SolverModel& m, SolverData& d, mjtNum* x, PrimalPoint& point) {
  bool warm = d.start == 0 ? WarmstartCheaper(m, d, point) : d.start > 0;
  if (warm) {
    if (d.start != 0) EvaluatePrimal(m, d, d.qacc_warmstart, point);
    std::memcpy(x, d.qacc_warmstart, sizeof(mjtNum) * m.nv);
    return;
  }
  std::memcpy(x, d.qacc_smooth, sizeof(mjtNum) * m.nv);
  MulInertia(m, d, point.Mx, x);
  std::memcpy(point.jar, d.efc_b, sizeof(mjtNum) * d.nefc);
  RefreshPrimal(m, d, x, point);
}

void GaussAlongLine(const SolverModel& m, const SolverData& d, const mjtNum* x,
                    const PrimalPoint& point, const mjtNum* p, const mjtNum* Mp, mjtNum gauss[3]) {
  mjtNum slope = SumInReferenceOrder<true>(
      m.nv, [&](int k) { return (point.Mx[k] - d.qfrc_smooth[k]) * p[k]; });
  mjtNum curvature = Dot(p, Mp, m.nv);
  gauss[0] = GaussTerm(m, d, x, point.Mx);
  gauss[1] = slope;
  gauss[2] = curvature;
}

SolverView WholeSystem(const Model& m, Data& d) {
  return {{m.nv, m.nC, mj_isSparse(m), m.M_rownnz, m.M_rowadr, m.M_colind, m.dof_parentid, m.opt,
           m.stat.meaninertia},
          {d.nefc, d.efc_type, d.efc_id, d.efc_J, d.efc_J_rownnz, d.efc_J_rowadr,
           d.efc_J_colind, d.efc_D, d.efc_R, d.efc_aref, d.efc_frictionloss, d.efc_b,
           d.efc_force, d.efc_state, d.contact, d.M, d.qLD, d.qLDiagInv, d.qacc_smooth,
           d.qfrc_smooth, d.qacc_warmstart, 0, d.solver, d.solver_nnz}};
}

void FullInertia(const SolverModel& m, const SolverData& d, mjtNum* dst) {
  std::memset(dst, 0, sizeof(mjtNum) * m.nv * m.nv);
  for (int i = 0; i < m.nv; ++i) {
    for (int p = 0; p < m.M_rownnz[i]; ++p) {
      int j = m.M_colind[m.M_rowadr[i] + p];
      dst[i * m.nv + j] = dst[j * m.nv + i] = d.M[m.M_rowadr[i] + p];
    }
  }
}

void mj_constraintUpdate(const Model& m, Data& d, const mjtNum* jar, mjtNum* cost,
                         int flg_coneHessian) {
  SolverView whole = WholeSystem(m, d);
  mjtNum total = ConstraintCost(whole.m, whole.d, jar, d.efc_force, d.efc_state);
  if (cost) *cost = total;
  MulJacobianTranspose(whole.m, whole.d, d.qfrc_constraint, d.efc_force);
  if (!flg_coneHessian) return;
  // cone Hessians (contact.H) of elliptic contacts in the middle zone, at jar
  for (int c = 0; c < d.ncon; ++c) {
    for (mjtNum& h : d.contact[c].H) h = 0;
  }
  AddConstraintHessian(whole.m, whole.d, jar, d.efc_state, nullptr);
}

// whether CG and Newton go by constraint island (solver_island.cc): as the reference, when
// there are islands (mj_island, not disabled); island by island, or all islands as one problem
// when noslip follows (SolveIslands)
bool SolvesByIsland(const Model& m, const Data& d) {
  return m.opt.solver != mjSOL_PGS && d.nisland > 0 && !Disabled(m.opt, mjDSBL_ISLAND);
}

namespace {

// The main solver on the whole system or island by island: qacc, efc_force, efc_state and the
// statistics; its iterations, or -1 when the arena has no room for its work memory (given back
// on return, before noslip takes its own).
int RunMainSolver(const Model& m, Data& d, SolverView& whole, bool noslip) {
  ArenaWork work(d);
  mjtNum* x = work.Allocate<mjtNum>(m.nv);
  if (!x) return -1;
  if (m.opt.solver == mjSOL_PGS) return SolvePGS(m, d, work);
  if (SolvesByIsland(m, d)) return SolveIslands(m, d, work, noslip);
  int iterations = m.opt.solver == mjSOL_CG ? SolveCG(whole.m, whole.d, work, x)
                                            : SolveNewton(whole.m, whole.d, work, x);
  if (iterations >= 0) std::memcpy(d.qacc, x, sizeof(mjtNum) * m.nv);
  return iterations;
}

}  // namespace

// efc_b = J qacc_smooth - aref; the solver; qfrc_constraint = J' efc_force
void mj_fwdConstraint(const Model& m, Data& d) {
  StageTimer constraint(d, mjTIMER_CONSTRAINT);
  std::memcpy(d.qacc, d.qacc_smooth, sizeof(mjtNum) * m.nv);
  std::memset(d.qfrc_constraint, 0, sizeof(mjtNum) * m.nv);
  for (int i = 0; i < mjNISLAND; ++i) d.solver_niter[i] = d.solver_nnz[i] = 0;
  if (d.nefc == 0 || Disabled(m.opt, mjDSBL_CONSTRAINT)) return;
  SolverView whole = WholeSystem(m, d);
  MulJacobian(whole.m, whole.d, d.efc_b, d.qacc_smooth);
  for (int i = 0; i < d.nefc; ++i) d.efc_b[i] -= d.efc_aref[i];
  bool noslip = m.opt.noslip_iterations > 0;
  // island by island: qacc and solver_niter per island (iterations 0)
  bool by_island = SolvesByIsland(m, d) && !noslip;
  int iterations = RunMainSolver(m, d, whole, noslip);
  if (iterations < 0) {  // out of arena: the smooth acceleration stands, forces are zero
    mj_warning(d, mjWARN_CNSTRFULL, d.nefc);
    std::memcpy(d.qacc, d.qacc_smooth, sizeof(mjtNum) * m.nv);
    std::memset(d.efc_force, 0, sizeof(mjtNum) * d.nefc);
    std::memset(d.efc_state, 0, sizeof(int) * d.nefc);  // not the arena's leftovers
    return;
  }
  // noslip (solver_noslip.cc) changes the forces: qacc follows them as after PGS
  if (noslip) {
    // the main solver's work memory is given back (qacc and efc_force are in d), so that
    // noslip's dual matrix fits wherever the main solver's did
    ArenaWork noslip_work(d);
    int sweeps = SolveNoslip(m, d, noslip_work, iterations);
    if (sweeps > 0) iterations += sweeps;
    SetDualStates(d);
  }
  if (!by_island) d.solver_niter[0] = iterations;
  MulJacobianTranspose(whole.m, whole.d, d.qfrc_constraint, d.efc_force);
  if (m.opt.solver == mjSOL_PGS || noslip) {
    // qacc = qacc_smooth + M^-1 qfrc_constraint
    ArenaWork work(d);
    mjtNum* delta = work.Allocate<mjtNum>(m.nv);
    if (!delta) return;
    mj_solveM(m, d, delta, d.qfrc_constraint, 1);
    for (int k = 0; k < m.nv; ++k) d.qacc[k] = d.qacc_smooth[k] + delta[k];
  }
}

}  // namespace mjsim
