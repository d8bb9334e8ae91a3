// actuators.cc: compiler stage for actuators (checklist B.7, B.8): transmission targets, limits
// (autolimits), activation addresses, inheritrange, dampratio, actuator_lengthrange.
//   reads   Spec::actuators (shortcuts already expanded by the reader), compiler options,
//           m.jnt_* dof_* body_* site_* (compile.cc), tendon_limited tendon_range (tendons.cc)
//   writes  nu na nuser_actuator, actuator_* (except acc0, length0: constants.cc)
//
// Reference behaviours observed on mujoco 3.3.7 and reproduced here:
//   - limited="auto": limited iff range[0] < range[1]; with autolimits="false" a non-zero range
//     without an explicit limited flag is an error.
//   - inheritrange X > 0 on a position-like actuator (gain fixed, bias affine, biasprm[1] ==
//     -gainprm[0]): range = mid -+ X * (hi - lo) / 2 of the target's range, into ctrlrange
//     (dyntype none, filterexact) or actrange (integrator).
//   - dampratio: a positive biasprm[2] with biasprm[1] == -gainprm[0] is a damping ratio;
//     biasprm[2] = -2 * dampratio * sqrt(kp * mass), mass = sum over the dofs the actuator moves
//     of M(qpos0)_dd / moment_d^2 (moments below mjMINVAL left out).
//   - <lengthrange uselimit="true"> reads the joint/tendon id from actuator_trnid as a flat array
//     at the actuator's index (trnid[i / 2][i % 2]); the joint or tendon range is copied as is.
#include <cmath>
#include <memory>
#include <optional>
#include <sstream>
#include <vector>

#include "compiler/length_range.h"
#include "compiler/stages.h"
#include "mjsim/api.h"
#include "mjsim/data.h"
#include "mjsim/errors.h"
#include "util/math3.h"

namespace mjsim {
namespace {

std::string Number(mjtNum value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

[[noreturn]] void FailActuator(const CompileContext& ctx, int i, const std::string& message) {
  const SpecActuator& act = ctx.spec.actuators[i];
  ctx.Fail("actuator", act.name, i, act.source, message);
}

// ---- transmission ------------------------------------------------------------------------------
int FindTarget(const CompileContext& ctx, int i, int type, const std::string& name, const char* what) {
  int id = ctx.FindId(type, name);
  if (id < 0) FailActuator(ctx, i, std::string(what) + " '" + name + "' not found");
  return id;
}

void FillTransmission(const CompileContext& ctx, Model& m, int i) {
  const SpecActuator& act = ctx.spec.actuators[i];
  int* trnid = m.actuator_trnid + 2 * i;
  int& trntype = m.actuator_trntype[i];
  trnid[1] = -1;
  if (!act.joint.empty()) {
    trntype = mjTRN_JOINT;
    trnid[0] = FindTarget(ctx, i, mjOBJ_JOINT, act.joint, "transmission target joint");
  } else if (!act.jointinparent.empty()) {
    trntype = mjTRN_JOINTINPARENT;
    trnid[0] = FindTarget(ctx, i, mjOBJ_JOINT, act.jointinparent, "transmission target joint");
  } else if (!act.tendon.empty()) {
    trntype = mjTRN_TENDON;
    trnid[0] = FindTarget(ctx, i, mjOBJ_TENDON, act.tendon, "transmission target tendon");
  } else if (!act.site.empty()) {
    trntype = mjTRN_SITE;
    trnid[0] = FindTarget(ctx, i, mjOBJ_SITE, act.site, "transmission target site");
    if (!act.refsite.empty()) trnid[1] = FindTarget(ctx, i, mjOBJ_SITE, act.refsite, "reference site");
  } else if (!act.cranksite.empty()) {
    trntype = mjTRN_SLIDERCRANK;
    if (act.slidersite.empty()) FailActuator(ctx, i, "a slider-crank needs 'slidersite'");
    trnid[0] = FindTarget(ctx, i, mjOBJ_SITE, act.cranksite, "crank site");
    trnid[1] = FindTarget(ctx, i, mjOBJ_SITE, act.slidersite, "slider site");
    if (!(act.cranklength > 0)) {
      FailActuator(ctx, i, "cranklength must be positive for a slider-crank, got " + Number(act.cranklength));
    }
  } else if (!act.body.empty()) {
    trntype = mjTRN_BODY;
    trnid[0] = FindTarget(ctx, i, mjOBJ_BODY, act.body, "transmission target body");
  } else {
    FailActuator(ctx, i, "missing transmission target (joint, jointinparent, tendon, site, "
                         "cranksite or body)");
  }
}

// ---- ranges of the target joint or tendon ------------------------------------------------------
struct TargetRange {
  bool limited = false;
  mjtNum range[2] = {0, 0};
};

TargetRange TendonRange(const Model& m, int id) {
  TargetRange target;
  target.limited = m.tendon_limited[id] != 0;
  target.range[0] = m.tendon_range[2 * id];
  target.range[1] = m.tendon_range[2 * id + 1];
  return target;
}

// the range of joint or tendon `id` for a transmission of type `trntype`; nullopt for other types
// or an id out of bounds
std::optional<TargetRange> RangeOf(const Model& m, int trntype, int id) {
  if ((trntype == mjTRN_JOINT || trntype == mjTRN_JOINTINPARENT) && id >= 0 && id < m.njnt) {
    TargetRange target;
    target.limited = m.jnt_limited[id] != 0;
    target.range[0] = m.jnt_range[2 * id];
    target.range[1] = m.jnt_range[2 * id + 1];
    return target;
  }
  if (trntype == mjTRN_TENDON && id >= 0 && id < m.ntendon) return TendonRange(m, id);
  return std::nullopt;
}

// ---- inheritrange ------------------------------------------------------------------------------
bool IsPositionLike(const SpecActuator& act) {
  return act.gaintype == mjGAIN_FIXED && act.biastype == mjBIAS_AFFINE &&
         act.gainprm[0] == -act.biasprm[1];
}

// ctrlrange (or actrange) = mid -+ X * (hi - lo) / 2 of the target's range
void InheritRange(const CompileContext& ctx, Model& m, int i) {
  const SpecActuator& act = ctx.spec.actuators[i];
  if (!(act.inheritrange > 0) || !IsPositionLike(act)) return;
  int trntype = m.actuator_trntype[i];
  if (trntype != mjTRN_JOINT && trntype != mjTRN_JOINTINPARENT && trntype != mjTRN_TENDON) {
    FailActuator(ctx, i, "inheritrange can only be used with joint and tendon transmissions");
  }
  mjtNum* out = nullptr;
  if (act.dyntype == mjDYN_NONE || act.dyntype == mjDYN_FILTEREXACT) out = m.actuator_ctrlrange + 2 * i;
  if (act.dyntype == mjDYN_INTEGRATOR) out = m.actuator_actrange + 2 * i;
  if (!out) FailActuator(ctx, i, "inheritrange is only available for position and intvelocity actuators");
  TargetRange target = *RangeOf(m, trntype, m.actuator_trnid[2 * i]);
  const mjtNum* range = target.range;
  if (!(range[0] < range[1])) {
    std::string name = trntype == mjTRN_TENDON ? act.tendon : act.joint.empty() ? act.jointinparent : act.joint;
    FailActuator(ctx, i, "inheritrange is used but target '" + name + "' has no range");
  }
  mjtNum mid = (range[0] + range[1]) / 2;
  mjtNum half = act.inheritrange * (range[1] - range[0]) / 2;
  out[0] = mid - half;
  out[1] = mid + half;
}

// ---- limits ------------------------------------------------------------------------------------
// limited="auto": from the range when autolimits is on; an error otherwise if a range is given
mjtByte ResolveLimited(const CompileContext& ctx, int i, int limited, const mjtNum range[2],
                       const char* name) {
  if (limited != 2) return static_cast<mjtByte>(limited);
  if (ctx.spec.compiler.autolimits) return range[0] < range[1];
  if (range[0] != 0 || range[1] != 0) {
    FailActuator(ctx, i, std::string("the actuator has '") + name + "range' but not '" + name +
                             "limited': set compiler autolimits=\"true\", give '" + name +
                             "limited' explicitly, or remove '" + name + "range'");
  }
  return 0;
}

void CheckRange(const CompileContext& ctx, int i, bool limited, const mjtNum range[2], const char* name) {
  if (limited && !(range[0] < range[1])) {
    FailActuator(ctx, i, std::string(name) + "range lower bound " + Number(range[0]) +
                             " must be below upper bound " + Number(range[1]));
  }
}

void FillLimits(const CompileContext& ctx, Model& m, int i) {
  const SpecActuator& act = ctx.spec.actuators[i];
  mjtNum* ctrlrange = m.actuator_ctrlrange + 2 * i;
  mjtNum* forcerange = m.actuator_forcerange + 2 * i;
  mjtNum* actrange = m.actuator_actrange + 2 * i;
  m.actuator_ctrllimited[i] = ResolveLimited(ctx, i, act.ctrllimited, ctrlrange, "ctrl");
  m.actuator_forcelimited[i] = ResolveLimited(ctx, i, act.forcelimited, forcerange, "force");
  m.actuator_actlimited[i] = ResolveLimited(ctx, i, act.actlimited, actrange, "act");
  CheckRange(ctx, i, m.actuator_ctrllimited[i], ctrlrange, "ctrl");
  CheckRange(ctx, i, m.actuator_forcelimited[i], forcerange, "force");
  CheckRange(ctx, i, m.actuator_actlimited[i], actrange, "act");
  if (m.actuator_actlimited[i] && act.dyntype == mjDYN_NONE) {
    FailActuator(ctx, i, "actrange is limited but dyntype is 'none' (the actuator has no activation)");
  }
}

// ---- muscles -----------------------------------------------------------------------------------
// prm = (range[2], force, scale, lmin, lmax, vmax, fpmax, fvmax) of a muscle gain or bias
void CheckMuscleParams(const CompileContext& ctx, int i, const mjtNum* prm, const char* which) {
  std::string where = std::string(" (") + which + ")";
  if (!(prm[0] < prm[1])) {
    FailActuator(ctx, i, "muscle range[0] < range[1] is required, got " + Number(prm[0]) + ", " +
                             Number(prm[1]) + where);
  }
  if (!(prm[4] < 1 && 1 < prm[5])) {
    FailActuator(ctx, i, "muscle lmin < 1 < lmax is required, got lmin " + Number(prm[4]) +
                             ", lmax " + Number(prm[5]) + where);
  }
  if (!(prm[3] > 0 && prm[6] > 0 && prm[7] > 0 && prm[8] > 0)) {
    FailActuator(ctx, i, "muscle scale, vmax, fpmax and fvmax must be positive" + where);
  }
}

// ---- activation --------------------------------------------------------------------------------
// actdim -1: one activation for stateful dynamics; more than one only for user dynamics
int ActivationCount(const CompileContext& ctx, int i) {
  const SpecActuator& act = ctx.spec.actuators[i];
  bool stateful = act.dyntype != mjDYN_NONE;
  if (act.actdim < 0) return stateful ? 1 : 0;
  if (act.actdim > 1 && act.dyntype != mjDYN_USER) {
    FailActuator(ctx, i, "actdim > 1 is only allowed for dyntype 'user', got " + std::to_string(act.actdim));
  }
  if (act.actdim == 0 && stateful) FailActuator(ctx, i, "actdim 0 is invalid for an actuator with dynamics");
  if (act.actdim == 1 && !stateful) FailActuator(ctx, i, "actdim 1 is invalid for an actuator with dyntype 'none'");
  return act.actdim;
}

// ---- length range (checklist B.8) ---------------------------------------------------------------
// the lengthrange attribute; <compiler><lengthrange> is applied at the end of compilation by
// ComputeLengthRanges (it simulates the compiled model)
void FillLengthRange(const CompileContext& ctx, Model& m, int i) {
  Copy2(m.actuator_lengthrange + 2 * i, ctx.spec.actuators[i].lengthrange);
}

// ---- dampratio ---------------------------------------------------------------------------------
bool HasDampRatio(const Model& m, int i) {
  const mjtNum* bias = m.actuator_biasprm + 10 * i;
  return bias[1] == -m.actuator_gainprm[10 * i] && bias[2] > 0;
}

// diagonal of the joint-space inertia at qpos0: cdof' * (composite inertia of the subtree) * cdof
std::vector<mjtNum> InertiaDiagonal(const Model& m, const Data& d) {
  std::vector<mjtNum> composite(d.cinert, d.cinert + 10 * m.nbody);
  for (int b = m.nbody - 1; b > 0; --b) {
    for (int k = 0; k < 10; ++k) composite[10 * m.body_parentid[b] + k] += composite[10 * b + k];
  }
  std::vector<mjtNum> diagonal(m.nv);
  for (int dof = 0; dof < m.nv; ++dof) {
    const mjtNum* I = composite.data() + 10 * m.dof_bodyid[dof];
    const mjtNum* w = d.cdof + 6 * dof;
    const mjtNum* v = w + 3;
    mjtNum Iw[3] = {I[0] * w[0] + I[3] * w[1] + I[4] * w[2], I[3] * w[0] + I[1] * w[1] + I[5] * w[2],
                    I[4] * w[0] + I[5] * w[1] + I[2] * w[2]};
    mjtNum cross[3];
    Cross3(cross, I + 6, v);
    // kinetic-energy form: w'Iw + 2 w.(c x v) + m |v|^2, c = mass * com offset
    diagonal[dof] = Dot3(w, Iw) + 2 * Dot3(w, cross) + I[9] * Dot3(v, v) + m.dof_armature[dof];
  }
  return diagonal;
}

// moment of a site transmission: force gear[0:3] and torque gear[3:6] in the site frame
void SiteMoment(const Model& m, const Data& d, int site, const mjtNum gear[6], std::vector<mjtNum>& moment) {
  mjtNum force[3], torque[3];
  MulMatVec3(force, d.site_xmat + 9 * site, gear);
  MulMatVec3(torque, d.site_xmat + 9 * site, gear + 3);
  int b = m.site_bodyid[site];
  const mjtNum* origin = d.subtree_com + 3 * m.body_rootid[b];
  mjtNum offset[3];
  Sub3(offset, d.site_xpos + 3 * site, origin);
  for (; b > 0; b = m.body_parentid[b]) {
    for (int dof = m.body_dofadr[b]; dof >= 0 && dof < m.body_dofadr[b] + m.body_dofnum[b]; ++dof) {
      const mjtNum* w = d.cdof + 6 * dof;
      mjtNum velocity[3];  // of the site point: v_origin + w x (site - origin)
      Cross3(velocity, w, offset);
      AddTo3(velocity, w + 3);
      moment[dof] = Dot3(force, velocity) + Dot3(torque, w);
    }
  }
}

// moment = gear[0] * ten_J of the tendon at qpos0 (mj_tendon, engine/tendon.cc); ten_J is sparse
// (rows at ten_J_rowadr, columns in ten_J_colind) for jacobian="sparse", or "auto" with nv >= 60
void TendonMoment(const Model& m, Data& d, int id, mjtNum gear, std::vector<mjtNum>& moment) {
  mj_tendon(m, d);
  bool sparse = m.opt.jacobian == mjJAC_SPARSE || (m.opt.jacobian == mjJAC_AUTO && m.nv >= 60);
  if (!sparse) {
    for (int dof = 0; dof < m.nv; ++dof) moment[dof] = gear * d.ten_J[id * m.nv + dof];
    return;
  }
  for (int k = d.ten_J_rowadr[id]; k < d.ten_J_rowadr[id] + d.ten_J_rownnz[id]; ++k) {
    moment[d.ten_J_colind[k]] = gear * d.ten_J[k];
  }
}

// the actuator's moment at qpos0 for the transmissions mjsim can differentiate at compile time
void ActuatorMoment(const CompileContext& ctx, const Model& m, Data& d, int i,
                    std::vector<mjtNum>& moment) {
  const mjtNum* gear = m.actuator_gear + 6 * i;
  int id = m.actuator_trnid[2 * i];
  int trntype = m.actuator_trntype[i];
  if (trntype == mjTRN_JOINT || trntype == mjTRN_JOINTINPARENT) {
    int dofadr = m.jnt_dofadr[id];
    int type = m.jnt_type[id];
    for (int k = 0; k < JointDofCount(type); ++k) moment[dofadr + k] = gear[k];
    if (type == mjJNT_FREE && trntype == mjTRN_JOINTINPARENT) {  // rotation axis given in world
      MulMatTVec3(moment.data() + dofadr + 3, d.xmat + 9 * m.jnt_bodyid[id], gear + 3);
    }
    return;
  }
  if (trntype == mjTRN_SITE && m.actuator_trnid[2 * i + 1] < 0) {
    SiteMoment(m, d, id, gear, moment);
    return;
  }
  if (trntype == mjTRN_TENDON) {
    TendonMoment(m, d, id, gear[0], moment);
    return;
  }
  FailActuator(ctx, i, "dampratio needs the actuator's moment at qpos0, which mjsim computes only "
                       "for joint, jointinparent, tendon and site (without refsite) transmissions "
                       "so far");
}

// biasprm[2] = -kv, kv = 2 * dampratio * sqrt(kp * mass), mass = sum_d M_dd / moment_d^2
void ConvertDampRatios(const CompileContext& ctx, Model& m) {
  bool any = false;
  for (int i = 0; i < m.nu; ++i) any = any || HasDampRatio(m, i);
  if (!any) return;
  std::unique_ptr<Data> data = MakeData(m);
  mj_kinematics(m, *data);
  mj_comPos(m, *data);
  std::vector<mjtNum> diagonal = InertiaDiagonal(m, *data);
  for (int i = 0; i < m.nu; ++i) {
    if (!HasDampRatio(m, i)) continue;
    std::vector<mjtNum> moment(m.nv, 0);
    ActuatorMoment(ctx, m, *data, i, moment);
    mjtNum mass = 0;
    for (int dof = 0; dof < m.nv; ++dof) {
      if (std::fabs(moment[dof]) > mjMINVAL) mass += diagonal[dof] / (moment[dof] * moment[dof]);
    }
    mjtNum* bias = m.actuator_biasprm + 10 * i;
    bias[2] = -2 * bias[2] * std::sqrt(m.actuator_gainprm[10 * i] * mass);
  }
}

std::vector<const std::vector<mjtNum>*> UserLists(const Spec& spec) {
  std::vector<const std::vector<mjtNum>*> lists;
  for (const SpecActuator& act : spec.actuators) lists.push_back(&act.user);
  return lists;
}

void FillParameters(const SpecActuator& act, Model& m, int i) {
  m.actuator_dyntype[i] = act.dyntype;
  m.actuator_gaintype[i] = act.gaintype;
  m.actuator_biastype[i] = act.biastype;
  for (int k = 0; k < kActuatorParams; ++k) {
    m.actuator_dynprm[10 * i + k] = act.dynprm[k];
    m.actuator_gainprm[10 * i + k] = act.gainprm[k];
    m.actuator_biasprm[10 * i + k] = act.biasprm[k];
  }
  m.actuator_group[i] = act.group;
  m.actuator_actearly[i] = act.actearly;
  for (int k = 0; k < 6; ++k) m.actuator_gear[6 * i + k] = act.gear[k];
  m.actuator_cranklength[i] = act.cranklength;
  m.actuator_plugin[i] = -1;
  Copy2(m.actuator_ctrlrange + 2 * i, act.ctrlrange);
  Copy2(m.actuator_forcerange + 2 * i, act.forcerange);
  Copy2(m.actuator_actrange + 2 * i, act.actrange);
}

}  // namespace

void CollectActuators(CompileContext& ctx, Model& m) {
  const ElementList<SpecActuator>& actuators = ctx.spec.actuators;
  m.nu = static_cast<int>(actuators.size());
  std::vector<std::string> names;
  for (const SpecActuator& act : actuators) names.push_back(act.name);
  ctx.RegisterNames(mjOBJ_ACTUATOR, std::move(names));
  m.nuser_actuator = ResolveUserSize(ctx, ctx.spec.size.nuser_actuator, UserLists(ctx.spec), "actuator");
  m.na = 0;
  for (int i = 0; i < m.nu; ++i) m.na += ActivationCount(ctx, i);
}

void FillActuators(CompileContext& ctx, Model& m) {
  int actadr = 0;
  for (int i = 0; i < m.nu; ++i) {
    const SpecActuator& act = ctx.spec.actuators[i];
    FillTransmission(ctx, m, i);
    FillParameters(act, m, i);
    InheritRange(ctx, m, i);
    FillLimits(ctx, m, i);
    if (act.gaintype == mjGAIN_MUSCLE) CheckMuscleParams(ctx, i, act.gainprm, "gainprm");
    if (act.biastype == mjBIAS_MUSCLE) CheckMuscleParams(ctx, i, act.biasprm, "biasprm");
    int actnum = ActivationCount(ctx, i);
    m.actuator_actnum[i] = actnum;
    m.actuator_actadr[i] = actnum ? actadr : -1;
    actadr += actnum;
  }
  for (int i = 0; i < m.nu; ++i) FillLengthRange(ctx, m, i);
  FillUser(m.actuator_user, m.nuser_actuator, UserLists(ctx.spec));
  ConvertDampRatios(ctx, m);
}

// <compiler><lengthrange>: mj_setLengthRange for every actuator (the mode, useexisting and
// uselimit select which, and how), in a Data of the compiled model. As the reference at compile
// time (observed): the simulation steps with the option's timestep (the model's when 0) and
// without contacts, gravity, springs, dampers, frictionloss and actuator forces (joint limits
// and equalities stay); the model's options are restored afterwards.
void ComputeLengthRanges(const CompileContext& ctx, Model& m) {
  const SpecLengthRange& options = ctx.spec.compiler.lengthrange;
  std::unique_ptr<Data> d;
  Option saved = m.opt;
  for (int i = 0; i < m.nu; ++i) {
    const SpecActuator& act = ctx.spec.actuators[i];
    if (!LengthRangeSelected(options.mode, act.gaintype, act.biastype)) continue;
    if (!d) {
      d = MakeData(m);
      if (options.timestep > 0) m.opt.timestep = options.timestep;
      m.opt.disableflags |= mjDSBL_CONTACT | mjDSBL_GRAVITY | mjDSBL_SPRING | mjDSBL_DAMPER |
                            mjDSBL_FRICTIONLOSS | mjDSBL_ACTUATION;
    }
    std::string error;
    bool settled = mj_setLengthRange(m, *d, i, options, &error);
    if (!settled) {
      m.opt = saved;
      FailActuator(ctx, i, error);
    }
  }
  m.opt = saved;
}

}  // namespace mjsim
