// derivative_fd.cc: finite-difference derivatives of mjsim's own step and inverse dynamics
// (mjd_transitionFD, mjd_inverseFD; mujoco API documentation, "Derivatives").
//   reads   everything mj_step / mj_inverse read
//   writes  the output matrices; d is restored to its input state (the integration state,
//           warmstart included) and holds the results of the last evaluation's stages
//
// transitionFD: x = (dq, qvel, act) with dq in the tangent space of qpos (mj_integratePos /
// mj_differentiatePos), u = ctrl; x_next = step(x, u) and s = sensordata as mj_step leaves it
// (the sensors of the state before integration). Every evaluation starts from the same
// state and warmstart. Differences are forward, or centered with flg_centered; a control
// whose perturbed value would leave its ctrlrange takes the one-sided difference that stays
// inside (the reference's documented behavior for clamped controls).
//   A (nx x nx), B (nx x nu), C (ns x nx), D (ns x nu); nx = 2 nv + na, ns = nsensordata
//
// inverseFD: forward differences of (qfrc_inverse, sensordata, qM) = inverse(qpos, qvel, qacc);
// outputs are transposed (row i: derivative with respect to input i); flg_actuation subtracts
// qfrc_actuator (recomputed by mj_fwdActuation at each evaluation: mj_inverse does not) from
// qfrc_inverse. (Both observed to match the reference to 1e-12 on the test models.)
//
// The reference's centered D (sensor/ctrl) has the opposite sign of its forward D and of the
// analytic derivative (measured); mjsim's centered D is (s(u+eps) - s(u-eps)) / (2 eps). The
// reference refuses the RK4 integrator; mjsim differentiates its RK4 step like any other.
//
// These allocate (std::vector): they run outside mj_step.
#include "mjsim/derivative_fd.h"

#include <algorithm>
#include <vector>

#include "mjsim/api.h"
#include "mjsim/inverse.h"

namespace mjsim {
namespace {

constexpr int kFullState = mjSTATE_INTEGRATION;

// the outputs of one step: next state in tangent form (relative to qpos0) and the sensors
struct StepResult {
  std::vector<mjtNum> qpos, qvel, act, sensors;
};

class TransitionDifferencer {
 public:
  TransitionDifferencer(const Model& m, Data& d)
      : m_(m), d_(d), state_(mj_stateSize(m, kFullState)) {
    mj_getState(m, d, state_.data(), kFullState);
  }
  ~TransitionDifferencer() { Restore(); }

  void Restore() { mj_setState(m_, d_, state_.data(), kFullState); }

  // step from the saved state after `perturb` changed d, and record the results
  template <typename Perturb>
  StepResult Step(Perturb perturb) {
    Restore();
    perturb(d_);
    mj_step(m_, d_);
    StepResult r{{d_.qpos, d_.qpos + m_.nq}, {d_.qvel, d_.qvel + m_.nv},
                 {d_.act, d_.act + m_.na}, {d_.sensordata, d_.sensordata + m_.nsensordata}};
    return r;
  }

  // (x_next(a) - x_next(b)) / scale into column `col` of A (nx rows) and C (ns rows)
  void Difference(const StepResult& a, const StepResult& b, mjtNum scale, int col, int ncols,
                  mjtNum* A, mjtNum* C) {
    int nv = m_.nv, na = m_.na, nx = 2 * nv + na;
    std::vector<mjtNum> column(nx);
    mj_differentiatePos(m_, column.data(), scale, b.qpos.data(), a.qpos.data());
    for (int i = 0; i < nv; ++i) column[nv + i] = (a.qvel[i] - b.qvel[i]) / scale;
    for (int i = 0; i < na; ++i) column[2 * nv + i] = (a.act[i] - b.act[i]) / scale;
    if (A) {
      for (int i = 0; i < nx; ++i) A[i * ncols + col] = column[i];
    }
    if (C) {
      for (int i = 0; i < m_.nsensordata; ++i) {
        C[i * ncols + col] = (a.sensors[i] - b.sensors[i]) / scale;
      }
    }
  }

 private:
  const Model& m_;
  Data& d_;
  std::vector<mjtNum> state_;
};

// which sides of a control can be perturbed by eps without leaving its range
void ControlSides(const Model& m, const Data& d, int i, mjtNum eps, bool* plus, bool* minus) {
  *plus = *minus = true;
  bool limited = m.actuator_ctrllimited[i] && !(m.opt.disableflags & mjDSBL_CLAMPCTRL);
  if (!limited) return;
  const mjtNum* range = m.actuator_ctrlrange + 2 * i;
  *plus = d.ctrl[i] + eps <= range[1];
  *minus = d.ctrl[i] - eps >= range[0];
}

}  // namespace

void mjd_transitionFD(const Model& m, Data& d, mjtNum eps, bool centered, mjtNum* A, mjtNum* B,
                      mjtNum* C, mjtNum* D) {
  int nv = m.nv, na = m.na, nu = m.nu, nx = 2 * nv + na;
  TransitionDifferencer fd(m, d);
  StepResult center = fd.Step([](Data&) {});
  std::vector<mjtNum> dq(nv);
  // state columns: dq (through mj_integratePos), qvel, act
  auto perturb_state = [&](int j, mjtNum delta) {
    return [&, j, delta](Data& data) {
      if (j < nv) {
        std::fill(dq.begin(), dq.end(), 0.0);
        dq[j] = delta;
        mj_integratePos(m, data.qpos, dq.data(), 1);
      } else if (j < 2 * nv) {
        data.qvel[j - nv] += delta;
      } else {
        data.act[j - 2 * nv] += delta;
      }
    };
  };
  if (A || C) {
    for (int j = 0; j < nx; ++j) {
      StepResult plus = fd.Step(perturb_state(j, eps));
      if (centered) {
        StepResult minus = fd.Step(perturb_state(j, -eps));
        fd.Difference(plus, minus, 2 * eps, j, nx, A, C);
      } else {
        fd.Difference(plus, center, eps, j, nx, A, C);
      }
    }
  }
  if (B || D) {
    for (int j = 0; j < nu; ++j) {
      auto push = [j](mjtNum delta) { return [j, delta](Data& data) { data.ctrl[j] += delta; }; };
      bool up, down;
      fd.Restore();
      ControlSides(m, d, j, eps, &up, &down);
      if (centered && up && down) {
        fd.Difference(fd.Step(push(eps)), fd.Step(push(-eps)), 2 * eps, j, nu, B, D);
      } else if (up || !down) {
        fd.Difference(fd.Step(push(eps)), center, eps, j, nu, B, D);
      } else {
        fd.Difference(center, fd.Step(push(-eps)), eps, j, nu, B, D);
      }
    }
  }
}

namespace {

struct InverseResult {
  std::vector<mjtNum> force, sensors, inertia;
};

InverseResult EvaluateInverse(const Model& m, Data& d, bool subtract_actuation) {
  mj_inverse(m, d);
  InverseResult r{{d.qfrc_inverse, d.qfrc_inverse + m.nv},
                  {d.sensordata, d.sensordata + m.nsensordata},
                  {d.qM, d.qM + m.nM}};
  if (subtract_actuation) {  // mj_inverse leaves qfrc_actuator as it was: compute it here
    mj_fwdActuation(m, d);
    for (int i = 0; i < m.nv; ++i) r.force[i] -= d.qfrc_actuator[i];
  }
  return r;
}

// row `row` of the transposed Jacobians: (perturbed - center) / eps
void InverseRow(const InverseResult& plus, const InverseResult& center, mjtNum eps, int row,
                mjtNum* DfDx, mjtNum* DsDx, mjtNum* DmDx) {
  if (DfDx) {
    for (size_t i = 0; i < plus.force.size(); ++i) {
      DfDx[row * plus.force.size() + i] = (plus.force[i] - center.force[i]) / eps;
    }
  }
  if (DsDx) {
    for (size_t i = 0; i < plus.sensors.size(); ++i) {
      DsDx[row * plus.sensors.size() + i] = (plus.sensors[i] - center.sensors[i]) / eps;
    }
  }
  if (DmDx) {
    for (size_t i = 0; i < plus.inertia.size(); ++i) {
      DmDx[row * plus.inertia.size() + i] = (plus.inertia[i] - center.inertia[i]) / eps;
    }
  }
}

}  // namespace

void mjd_inverseFD(const Model& m, Data& d, mjtNum eps, bool flg_actuation, mjtNum* DfDq,
                   mjtNum* DfDv, mjtNum* DfDa, mjtNum* DsDq, mjtNum* DsDv, mjtNum* DsDa,
                   mjtNum* DmDq) {
  int nv = m.nv;
  std::vector<mjtNum> qpos(d.qpos, d.qpos + m.nq), qvel(d.qvel, d.qvel + nv);
  std::vector<mjtNum> qacc(d.qacc, d.qacc + nv), dq(nv);
  auto restore = [&] {
    std::copy(qpos.begin(), qpos.end(), d.qpos);
    std::copy(qvel.begin(), qvel.end(), d.qvel);
    std::copy(qacc.begin(), qacc.end(), d.qacc);
  };
  InverseResult center = EvaluateInverse(m, d, flg_actuation);
  // all qpos perturbations, then all qvel, then all qacc: the order matters because
  // mj_inverse's sensors read the actuator forces left by the previous evaluation (with
  // flg_actuation, mj_fwdActuation runs after mj_inverse); this order gives the reference's
  // rows (measured: its actuatorfrc row of DsDq lags one dof behind)
  if (DfDq || DsDq || DmDq) {
    for (int j = 0; j < nv; ++j) {
      restore();
      std::fill(dq.begin(), dq.end(), 0.0);
      dq[j] = eps;
      mj_integratePos(m, d.qpos, dq.data(), 1);
      InverseRow(EvaluateInverse(m, d, flg_actuation), center, eps, j, DfDq, DsDq, DmDq);
    }
  }
  if (DfDv || DsDv) {
    for (int j = 0; j < nv; ++j) {
      restore();
      d.qvel[j] += eps;
      InverseRow(EvaluateInverse(m, d, flg_actuation), center, eps, j, DfDv, DsDv, nullptr);
    }
  }
  if (DfDa || DsDa) {
    for (int j = 0; j < nv; ++j) {
      restore();
      d.qacc[j] += eps;
      InverseRow(EvaluateInverse(m, d, flg_actuation), center, eps, j, DfDa, DsDa, nullptr);
    }
  }
  restore();
  EvaluateInverse(m, d, flg_actuation);  // leave d with the results of the input state
}

}  // namespace mjsim
