// actuation.cc: actuator activation dynamics and forces, forward pipeline stage 20
// (Computation, "Actuation model"; checklist C.11), and their velocity derivative for the
// implicit integrators (C.13).
//   reads   m.actuator_* (dyntype gaintype biastype dynprm gainprm biasprm ctrlrange forcerange
//           actrange lengthrange acc0 actadr actnum actearly group trntype trnid) opt.timestep
//           opt.disableflags opt.disableactuator jnt_actgravcomp jnt_actfrclimited jnt_actfrcrange
//           tendon_actfrclimited tendon_actfrcrange D_rowadr D_rownnz D_colind
//           d.ctrl act
//           d.actuator_length moment_rownnz moment_rowadr moment_colind actuator_moment
//                                                                   (written by transmission.cc)
//           d.actuator_velocity                                     (written by velocity.cc)
//           d.qfrc_gravcomp                                         (written by passive.cc)
//   writes  d.act_dot actuator_force qfrc_actuator warning[mjWARN_BADCTRL]
//
// For actuator i with control u (ctrl clamped to ctrlrange if ctrllimited, unless
// mjDSBL_CLAMPCTRL) and activation w (the last of its actnum activations):
//   act_dot     integrator u;  filter, filterexact (u - w)/tau, tau = max(dynprm[0], mjMINVAL);
//               muscle mju_muscleDynamics(u, w, dynprm);  user 0 (no callback)
//   input       u if stateless; w, or with actearly the next activation w' (w + h act_dot,
//               filterexact w + act_dot tau (1 - exp(-h/tau)), clamped to actrange if actlimited)
//   gain        fixed gainprm[0]; affine gainprm[0] + gainprm[1] l + gainprm[2] v;
//               muscle mju_muscleGain(l, v, ...); user 1 (no callback)
//   bias        none 0; affine biasprm[0] + biasprm[1] l + biasprm[2] v;
//               muscle mju_muscleBias(l, ...); user 0 (no callback)
//   force       gain input + bias (0 for actuators of a group in opt.disableactuator), then the
//               tendon limit (below), then clamped to forcerange if forcelimited
//   qfrc        sum_i moment_i' force_i, plus qfrc_gravcomp at the dofs of joints with
//               actgravcomp, then clamped to actfrcrange at scalar joints with actfrclimited
// Behaviour of the reference (mujoco 3.3.7) reproduced here, observed:
//   - a NaN control, or one beyond mjMAXVAL after clamping, raises mjWARN_BADCTRL once per call
//     (lastinfo: the first such actuator) and makes every control 0 for this call; d.ctrl is
//     left as it is.
//   - tendon actuator-force limit: the sum of the unclamped forces of the actuators that
//     transmit through the tendon is clamped to tendon_actfrcrange by scaling each of them.
//   - mjDSBL_ACTUATION: actuator_force and qfrc_actuator are 0; act_dot is left untouched.
//   - the force uses the activation as it is (actrange clamps only the actearly prediction).
#include <cmath>

#include "engine/stages.h"
#include "engine/timer.h"
#include "mjsim/api.h"
#include "mjsim/callbacks.h"
#include "util/scratch.h"

namespace mjsim {
namespace {

constexpr mjtNum kMaxValue = 1e10;  // mjMAXVAL: larger controls are bad input

bool IsBad(mjtNum x) { return std::isnan(x) || std::fabs(x) > kMaxValue; }

// x clamped to [range[0], range[1]]; NaN stays NaN
mjtNum Clamp(mjtNum x, const mjtNum range[2]) {
  if (x < range[0]) return range[0];
  if (x > range[1]) return range[1];
  return x;
}

bool Disabled(const Model& m, int flag) { return m.opt.disableflags & flag; }

// whether actuator i belongs to a group that opt.disableactuator switches off (groups 0..30)
bool ActuatorDisabled(const Model& m, int i) {
  int group = m.actuator_group[i];
  return group >= 0 && group <= 30 && (m.opt.disableactuator & (1 << group));
}

// the activation that drives the force: the last of the actuator's activations
mjtNum LastActivation(const Model& m, const Data& d, int i) {
  return d.act[m.actuator_actadr[i] + m.actuator_actnum[i] - 1];
}

// ctrl = d.ctrl clamped to ctrlrange; all zero if any of them is bad (mjWARN_BADCTRL)
void EffectiveControls(const Model& m, Data& d, mjtNum* ctrl) {
  bool clamp = !Disabled(m, mjDSBL_CLAMPCTRL);
  for (int i = 0; i < m.nu; ++i) {
    ctrl[i] = d.ctrl[i];
    if (clamp && m.actuator_ctrllimited[i]) ctrl[i] = Clamp(ctrl[i], m.actuator_ctrlrange + 2 * i);
  }
  for (int i = 0; i < m.nu; ++i) {
    if (!IsBad(ctrl[i])) continue;
    mj_warning(d, mjWARN_BADCTRL, i);
    for (int k = 0; k < m.nu; ++k) ctrl[k] = 0;
    return;
  }
}

mjtNum FilterTimeConstant(const Model& m, int i) {
  mjtNum tau = m.actuator_dynprm[mjNDYN * i];
  return tau < mjMINVAL ? mjMINVAL : tau;
}

// act_dot of the activations of every stateful actuator
void ComputeActivationDerivatives(const Model& m, Data& d, const mjtNum* ctrl) {
  for (int i = 0; i < m.nu; ++i) {
    int adr = m.actuator_actadr[i];
    if (adr < 0) continue;
    int last = adr + m.actuator_actnum[i] - 1;
    mjtNum* act_dot = d.act_dot + adr;
    switch (m.actuator_dyntype[i]) {
      case mjDYN_INTEGRATOR:
        d.act_dot[last] = ctrl[i];
        break;
      case mjDYN_FILTER:
      case mjDYN_FILTEREXACT:
        d.act_dot[last] = (ctrl[i] - d.act[last]) / FilterTimeConstant(m, i);
        break;
      case mjDYN_MUSCLE:
        d.act_dot[last] = mju_muscleDynamics(ctrl[i], d.act[last], m.actuator_dynprm + mjNDYN * i);
        break;
      default:  // mjDYN_USER: the callback's result, or it writes several act_dot itself
        for (int k = 0; k < m.actuator_actnum[i]; ++k) act_dot[k] = 0;
        if (!mjcb_act_dyn) break;
        if (m.actuator_actnum[i] == 1) {
          d.act_dot[last] = mjcb_act_dyn(m, d, i);
        } else {
          mjcb_act_dyn(m, d, i);
        }
        break;
    }
  }
}

// the activation actearly uses: the next one, by the integrators' rule
mjtNum PredictedActivation(const Model& m, const Data& d, int i) {
  int last = m.actuator_actadr[i] + m.actuator_actnum[i] - 1;
  return NextActivation(m, i, d.act[last], d.act_dot[last]);
}

mjtNum Gain(const Model& m, const Data& d, int i) {
  const mjtNum* prm = m.actuator_gainprm + mjNGAIN * i;
  mjtNum length = d.actuator_length[i], velocity = d.actuator_velocity[i];
  switch (m.actuator_gaintype[i]) {
    case mjGAIN_FIXED: return prm[0];
    case mjGAIN_AFFINE: return prm[0] + prm[1] * length + prm[2] * velocity;
    case mjGAIN_MUSCLE:
      return mju_muscleGain(length, velocity, m.actuator_lengthrange + 2 * i, m.actuator_acc0[i], prm);
    default: return mjcb_act_gain ? mjcb_act_gain(m, d, i) : 1;  // mjGAIN_USER
  }
}

mjtNum Bias(const Model& m, const Data& d, int i) {
  const mjtNum* prm = m.actuator_biasprm + mjNBIAS * i;
  mjtNum length = d.actuator_length[i];
  switch (m.actuator_biastype[i]) {
    case mjBIAS_AFFINE: return prm[0] + prm[1] * length + prm[2] * d.actuator_velocity[i];
    case mjBIAS_MUSCLE:
      return mju_muscleBias(length, m.actuator_lengthrange + 2 * i, m.actuator_acc0[i], prm);
    case mjBIAS_USER: return mjcb_act_bias ? mjcb_act_bias(m, d, i) : 0;
    default: return 0;  // mjBIAS_NONE
  }
}

// actuator_force = gain * input + bias, before any limit
void ComputeActuatorForces(const Model& m, Data& d, const mjtNum* ctrl) {
  for (int i = 0; i < m.nu; ++i) {
    if (ActuatorDisabled(m, i)) {
      d.actuator_force[i] = 0;
      continue;
    }
    mjtNum input = ctrl[i];
    if (m.actuator_actadr[i] >= 0) {
      input = m.actuator_actearly[i] ? PredictedActivation(m, d, i) : LastActivation(m, d, i);
    }
    d.actuator_force[i] = Gain(m, d, i) * input + Bias(m, d, i);
  }
}

// the total force of the actuators on a tendon with actfrclimited, clamped to
// tendon_actfrcrange by scaling each of those actuators' forces
void LimitTendonActuatorForces(const Model& m, Data& d) {
  bool any = false;
  for (int t = 0; t < m.ntendon; ++t) any = any || m.tendon_actfrclimited[t];
  if (!any) return;
  ScratchFrame frame(d);
  mjtNum* total = frame.Allocate<mjtNum>(m.ntendon);
  mjtNum* scale = frame.Allocate<mjtNum>(m.ntendon);
  for (int t = 0; t < m.ntendon; ++t) total[t] = 0;
  for (int i = 0; i < m.nu; ++i) {
    if (m.actuator_trntype[i] == mjTRN_TENDON) total[m.actuator_trnid[2 * i]] += d.actuator_force[i];
  }
  for (int t = 0; t < m.ntendon; ++t) {
    scale[t] = 1;
    if (!m.tendon_actfrclimited[t]) continue;
    mjtNum clamped = Clamp(total[t], m.tendon_actfrcrange + 2 * t);
    if (clamped != total[t]) scale[t] = clamped / total[t];
  }
  for (int i = 0; i < m.nu; ++i) {
    if (m.actuator_trntype[i] == mjTRN_TENDON) d.actuator_force[i] *= scale[m.actuator_trnid[2 * i]];
  }
}

void ClampActuatorForces(const Model& m, Data& d) {
  for (int i = 0; i < m.nu; ++i) {
    if (m.actuator_forcelimited[i]) {
      d.actuator_force[i] = Clamp(d.actuator_force[i], m.actuator_forcerange + 2 * i);
    }
  }
}

// qfrc_actuator = sum_i moment_i' actuator_force_i (sparse moment rows)
void ComputeGeneralizedForces(const Model& m, Data& d) {
  for (int dof = 0; dof < m.nv; ++dof) d.qfrc_actuator[dof] = 0;
  for (int i = 0; i < m.nu; ++i) {
    mjtNum force = d.actuator_force[i];
    int adr = d.moment_rowadr[i];
    for (int k = 0; k < d.moment_rownnz[i]; ++k) {
      d.qfrc_actuator[d.moment_colind[adr + k]] += d.actuator_moment[adr + k] * force;
    }
  }
}

// gravity compensation routed through the actuators (jnt_actgravcomp), then the joints'
// actuator-force limits (hinge and slide joints)
void AddGravcompAndLimitJoints(const Model& m, Data& d) {
  for (int j = 0; j < m.njnt; ++j) {
    int dofadr = m.jnt_dofadr[j];
    int count = JointDofCount(m.jnt_type[j]);
    if (m.jnt_actgravcomp[j]) {
      for (int k = 0; k < count; ++k) d.qfrc_actuator[dofadr + k] += d.qfrc_gravcomp[dofadr + k];
    }
    if (m.jnt_actfrclimited[j] && count == 1) {
      d.qfrc_actuator[dofadr] = Clamp(d.qfrc_actuator[dofadr], m.jnt_actfrcrange + 2 * j);
    }
  }
}

// --- muscle model (Modeling chapter, "Muscle actuators"): scaled length L and velocity V,
// active force-length FL, force-velocity FV and passive force-length FP curves ---

mjtNum AtLeastMinval(mjtNum x) { return x < mjMINVAL ? mjMINVAL : x; }

// prm = (range[2], force, scale, lmin, lmax, vmax, fpmax, fvmax)
struct MuscleScales {
  mjtNum L0;     // optimal fiber length: lengthrange spans range in units of L0
  mjtNum F0;     // peak active force: force, or scale / acc0 if force is negative
  mjtNum L;      // scaled fiber length: range[0] + (length - lengthrange[0]) / L0
};

MuscleScales ScaleMuscle(mjtNum length, const mjtNum lengthrange[2], mjtNum acc0,
                         const mjtNum prm[9]) {
  MuscleScales s;
  s.L0 = (lengthrange[1] - lengthrange[0]) / AtLeastMinval(prm[1] - prm[0]);
  s.F0 = prm[2] < 0 ? prm[3] / AtLeastMinval(acc0) : prm[2];
  s.L = prm[0] + (length - lengthrange[0]) / AtLeastMinval(s.L0);
  return s;
}

// FL: quadratic pieces rising from lmin to 1 and falling to lmax, with inflections at the
// midpoints a = (lmin + 1)/2 and b = (1 + lmax)/2; 0 outside [lmin, lmax]
mjtNum ForceLength(mjtNum L, mjtNum lmin, mjtNum lmax) {
  mjtNum a = 0.5 * (lmin + 1), b = 0.5 * (1 + lmax);
  if (L < lmin || L > lmax) return 0;
  mjtNum x;
  if (L <= a) {
    x = (L - lmin) / AtLeastMinval(a - lmin);
    return 0.5 * x * x;
  }
  if (L <= 1) {
    x = (1 - L) / AtLeastMinval(1 - a);
    return 1 - 0.5 * x * x;
  }
  if (L <= b) {
    x = (L - 1) / AtLeastMinval(b - 1);
    return 1 - 0.5 * x * x;
  }
  x = (lmax - L) / AtLeastMinval(lmax - b);
  return 0.5 * x * x;
}

// FV: 0 below V = -1, (V + 1)^2 up to 0, then rising to fvmax at V = fvmax - 1
mjtNum ForceVelocity(mjtNum V, mjtNum fvmax) {
  mjtNum c = fvmax - 1;
  if (V <= -1) return 0;
  if (V <= 0) return (V + 1) * (V + 1);
  if (V <= c) return fvmax - (c - V) * (c - V) / AtLeastMinval(c);
  return fvmax;
}

// dFV/dV
mjtNum ForceVelocitySlope(mjtNum V, mjtNum fvmax) {
  mjtNum c = fvmax - 1;
  if (V <= -1) return 0;
  if (V <= 0) return 2 * (V + 1);
  if (V <= c) return 2 * (c - V) / AtLeastMinval(c);
  return 0;
}

// FP: 0 up to L = 1, quadratic up to b, then linear with slope fpmax / (b - 1)
mjtNum PassiveForce(mjtNum L, mjtNum lmax, mjtNum fpmax) {
  mjtNum b = 0.5 * (1 + lmax);
  if (L <= 1) return 0;
  mjtNum x;
  if (L <= b) {
    x = (L - 1) / AtLeastMinval(b - 1);
    return fpmax * 0.5 * x * x;
  }
  x = (L - b) / AtLeastMinval(b - 1);
  return fpmax * (0.5 + x);
}

// quintic smoothstep: 0 below 0, 1 above 1, with zero first and second derivatives at both ends
mjtNum Smoothstep(mjtNum x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  return x * x * x * (3 * x * (2 * x - 5) + 10);
}

// d(gain)/d(velocity) of a muscle gain: -F0 FL(L) FV'(V) / (L0 vmax)
mjtNum MuscleGainVelocitySlope(mjtNum length, mjtNum velocity, const mjtNum lengthrange[2],
                               mjtNum acc0, const mjtNum prm[9]) {
  MuscleScales s = ScaleMuscle(length, lengthrange, acc0, prm);
  mjtNum velocity_scale = AtLeastMinval(s.L0 * prm[6]);
  mjtNum V = velocity / velocity_scale;
  return -s.F0 * ForceLength(s.L, prm[4], prm[5]) * ForceVelocitySlope(V, prm[8]) / velocity_scale;
}

// d(actuator_force)/d(actuator_velocity), from the gain's and the bias's velocity terms
mjtNum ForceVelocityDerivative(const Model& m, const Data& d, int i) {
  mjtNum input = m.actuator_actadr[i] >= 0 ? LastActivation(m, d, i) : d.ctrl[i];
  mjtNum slope = 0;
  const mjtNum* gainprm = m.actuator_gainprm + mjNGAIN * i;
  if (m.actuator_gaintype[i] == mjGAIN_AFFINE) {
    slope += gainprm[2] * input;
  } else if (m.actuator_gaintype[i] == mjGAIN_MUSCLE) {
    slope += MuscleGainVelocitySlope(d.actuator_length[i], d.actuator_velocity[i],
                                     m.actuator_lengthrange + 2 * i, m.actuator_acc0[i], gainprm) *
             input;
  }
  if (m.actuator_biastype[i] == mjBIAS_AFFINE) slope += m.actuator_biasprm[mjNBIAS * i + 2];
  return slope;
}

}  // namespace

void mj_fwdActuation(const Model& m, Data& d) {
  if (Disabled(m, mjDSBL_ACTUATION)) {
    for (int i = 0; i < m.nu; ++i) d.actuator_force[i] = 0;
    for (int dof = 0; dof < m.nv; ++dof) d.qfrc_actuator[dof] = 0;
    return;
  }
  StageTimer actuation(d, mjTIMER_ACTUATION, m.nu > 0);
  ScratchFrame frame(d);
  mjtNum* ctrl = frame.Allocate<mjtNum>(m.nu);
  EffectiveControls(m, d, ctrl);
  ComputeActivationDerivatives(m, d, ctrl);
  ComputeActuatorForces(m, d, ctrl);
  LimitTendonActuatorForces(m, d);
  ClampActuatorForces(m, d);
  ComputeGeneralizedForces(m, d);
  AddGravcompAndLimitJoints(m, d);
}

// one step of length opt.timestep of actuator i's activation: filterexact integrates its
// first-order filter exactly, the others take an Euler step; clamped to actrange if actlimited
mjtNum NextActivation(const Model& m, int i, mjtNum act, mjtNum act_dot) {
  mjtNum h = m.opt.timestep;
  if (m.actuator_dyntype[i] == mjDYN_FILTEREXACT) {
    mjtNum tau = FilterTimeConstant(m, i);
    act += act_dot * tau * (1 - std::exp(-h / tau));
  } else {
    act += act_dot * h;
  }
  if (m.actuator_actlimited[i]) act = Clamp(act, m.actuator_actrange + 2 * i);
  return act;
}

mjtNum mju_muscleGain(mjtNum len, mjtNum vel, const mjtNum lengthrange[2], mjtNum acc0,
                      const mjtNum prm[9]) {
  MuscleScales s = ScaleMuscle(len, lengthrange, acc0, prm);
  mjtNum V = vel / AtLeastMinval(s.L0 * prm[6]);
  return -s.F0 * ForceLength(s.L, prm[4], prm[5]) * ForceVelocity(V, prm[8]);
}

mjtNum mju_muscleBias(mjtNum len, const mjtNum lengthrange[2], mjtNum acc0, const mjtNum prm[9]) {
  MuscleScales s = ScaleMuscle(len, lengthrange, acc0, prm);
  return -s.F0 * PassiveForce(s.L, prm[5], prm[7]);
}

// act_dot = (u - act)/tau with u = ctrl clamped to [0, 1]; tau = tau_act (0.5 + 1.5 a) when
// activating, tau_deact / (0.5 + 1.5 a) when deactivating (a = act clamped to [0, 1]); with a
// smoothing width prm[2] > 0 the two blend over u - act in [-width/2, width/2] (smoothstep)
mjtNum mju_muscleDynamics(mjtNum ctrl, mjtNum act, const mjtNum prm[3]) {
  mjtNum u = ctrl < 0 ? 0 : ctrl > 1 ? 1 : ctrl;
  mjtNum a = act < 0 ? 0 : act > 1 ? 1 : act;
  mjtNum tau_activate = prm[0] * (0.5 + 1.5 * a);
  mjtNum tau_deactivate = prm[1] / (0.5 + 1.5 * a);
  mjtNum difference = u - act;
  mjtNum width = prm[2];
  mjtNum tau;
  if (width < mjMINVAL) {
    tau = difference > 0 ? tau_activate : tau_deactivate;
  } else {
    tau = tau_deactivate + (tau_activate - tau_deactivate) * Smoothstep(difference / width + 0.5);
  }
  return difference / AtLeastMinval(tau);
}

// qDeriv += sum_i dforce_i/dvelocity moment_i' moment_i, over the entries of the D pattern
// (dof pairs on one branch of the tree; couplings across branches are dropped, as the
// reference does). The input of the gain is d.ctrl unclamped, or the current activation; force
// limits are ignored (observed).
void AddActuatorVelocityDerivative(const Model& m, Data& d, mjtNum* qDeriv) {
  if (Disabled(m, mjDSBL_ACTUATION) || m.nu == 0) return;
  ScratchFrame frame(d);
  int* entry = frame.Allocate<int>(m.nv);  // dof -> its entry in moment row i, or -1
  for (int dof = 0; dof < m.nv; ++dof) entry[dof] = -1;
  for (int i = 0; i < m.nu; ++i) {
    if (ActuatorDisabled(m, i)) continue;
    mjtNum slope = ForceVelocityDerivative(m, d, i);
    if (slope == 0) continue;
    int adr = d.moment_rowadr[i], nnz = d.moment_rownnz[i];
    const mjtNum* moment = d.actuator_moment + adr;
    for (int k = 0; k < nnz; ++k) entry[d.moment_colind[adr + k]] = k;
    for (int k = 0; k < nnz; ++k) {
      int dof = d.moment_colind[adr + k];
      mjtNum scaled = slope * moment[k];
      for (int e = m.D_rowadr[dof]; e < m.D_rowadr[dof] + m.D_rownnz[dof]; ++e) {
        int other = entry[m.D_colind[e]];
        if (other >= 0) qDeriv[e] += scaled * moment[other];
      }
    }
    for (int k = 0; k < nnz; ++k) entry[d.moment_colind[adr + k]] = -1;
  }
}

}  // namespace mjsim
