// length_range.cc: mj_setLengthRange (MuJoCo API; Modeling "Length range", XML reference
// compiler/lengthrange): the range of an actuator's length found by pushing the actuator with
// a force, both ways, in a damped simulation.
//   reads   m.actuator_gaintype biastype trntype trnid acc0, jnt_limited jnt_range,
//           tendon_limited tendon_range, opt.timestep; d.actuator_length actuator_moment
//           qLD (written by the simulation's mj_step1)
//   writes  m.actuator_lengthrange[index]; d is used for the simulation and left in its final
//           state (pushed lengthwise), as the reference leaves it
//
// The simulation, measured against the reference (3.3.7) to machine precision:
//   for each direction s = -1, +1: mj_resetData (ctrl 0: the model's actuators act too) and
//   mj_forward, then while time < inttotal:
//     qvel *= exp(-timestep / timeconst)          damping (timeconst 0: qvel = 0)
//     mj_step1, then qfrc_applied = s F * actuator_moment[index] with F = accel / |M^-1 moment|
//     of that state (at qpos0: accel / actuator_acc0), capped at maxforce, then mj_step2; with
//     the model's timestep (opt.timestep is not used, as in the reference). Measured: a constant
//     F misses the two-link arm of tests/conformance/test_length_range.py by up to 1.8e-7,
//     this matches it to 1e-16.
//     the step's actuator_length (of the state before the step) enters the interval's min and
//     max when the time after the step is >= inttotal - interval
//   lengthrange = (min of the shortening run, max of the lengthening run), each end stored in
//   the model when its run ends (the second run's forces see the first end). A run whose interval
//   spread (max - min) exceeds tolrange * (lengthrange[1] - lengthrange[0]) did not settle; a
//   range that is not increasing is invalid (both errors with the reference's messages).
//   Not as the reference: a force that is not finite, or a simulation that diverges (mj_step
//   resets it to time 0 again and again), is an error in mjsim; the reference loops forever.
#include "compiler/length_range.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "mjsim/api.h"
#include "mjsim/errors.h"

namespace mjsim {
namespace {

struct RunExtent {
  mjtNum min = INFINITY, max = -INFINITY;  // actuator length over the final interval
  bool unstable = false;                    // stopped: the simulation kept being reset
};

// uselimit: as the reference, the target id is read from actuator_trnid flattened at the
// actuator's index (the compiler reproduces the same quirk in actuators.cc); the target's range
// is copied without the gear
bool LimitedTargetRange(const Model& m, int i, mjtNum range[2]) {
  int id = m.actuator_trnid[i], type = m.actuator_trntype[i];
  if ((type == mjTRN_JOINT || type == mjTRN_JOINTINPARENT) && id >= 0 && id < m.njnt &&
      m.jnt_limited[id]) {
    range[0] = m.jnt_range[2 * id];
    range[1] = m.jnt_range[2 * id + 1];
    return true;
  }
  if (type == mjTRN_TENDON && id >= 0 && id < m.ntendon && m.tendon_limited[id]) {
    range[0] = m.tendon_range[2 * id];
    range[1] = m.tendon_range[2 * id + 1];
    return true;
  }
  return false;
}

// qfrc_applied = force * actuator_moment[i] (the sparse moment row of the current state)
void ApplyActuatorForce(const Model& m, Data& d, int i, mjtNum force) {
  for (int k = 0; k < m.nv; ++k) d.qfrc_applied[k] = 0;
  int adr = d.moment_rowadr[i];
  for (int k = 0; k < d.moment_rownnz[i]; ++k) {
    d.qfrc_applied[d.moment_colind[adr + k]] = force * d.actuator_moment[adr + k];
  }
}

// The push of the current state: F = accel / |M^-1 moment| (the force that accelerates the
// actuator length at `accel`; at qpos0, accel / actuator_acc0), capped at maxforce.
// `moment` and `acceleration` are nv scratch.
mjtNum PushForce(const Model& m, const Data& d, int i, const LengthRangeOptions& opt,
                 std::vector<mjtNum>& moment, std::vector<mjtNum>& acceleration) {
  std::fill(moment.begin(), moment.end(), 0);
  int adr = d.moment_rowadr[i];
  for (int k = 0; k < d.moment_rownnz[i]; ++k) {
    moment[d.moment_colind[adr + k]] = d.actuator_moment[adr + k];
  }
  mj_solveM(m, d, acceleration.data(), moment.data(), 1);
  mjtNum norm = 0;
  for (mjtNum a : acceleration) norm += a * a;
  mjtNum force = opt.accel / std::sqrt(norm);
  return opt.maxforce > 0 && force > opt.maxforce ? opt.maxforce : force;
}

RunExtent SimulateDirection(const Model& m, Data& d, int i, const LengthRangeOptions& opt,
                            mjtNum direction) {
  std::vector<mjtNum> moment(m.nv), acceleration(m.nv);
  RunExtent extent;
  mj_resetData(m, d);
  mj_forward(m, d);
  mjtNum decay = std::exp(-m.opt.timestep / opt.timeconst);  // timeconst 0: exp(-inf) = 0
  // the reference loops on time alone, and forever when a diverging simulation is reset to
  // time 0 (mj_step's bad-acceleration check); mjsim stops after twice the expected steps
  double expected = std::ceil(opt.inttotal / m.opt.timestep);
  long max_steps = expected < 1e9 ? 2 * static_cast<long>(expected) + 10 : 0;
  for (long step = 0; d.time < opt.inttotal; ++step) {
    if (step >= max_steps) {
      extent.unstable = true;
      break;
    }
    for (int k = 0; k < m.nv; ++k) d.qvel[k] *= decay;
    mj_step1(m, d);  // the force is that of the state the step starts from
    ApplyActuatorForce(m, d, i, direction * PushForce(m, d, i, opt, moment, acceleration));
    mj_step2(m, d);
    // the step's actuator_length is that of the state before the step
    if (d.time >= opt.inttotal - opt.interval) {
      extent.min = std::fmin(extent.min, d.actuator_length[i]);
      extent.max = std::fmax(extent.max, d.actuator_length[i]);
    }
  }
  if (extent.min > extent.max) extent.min = extent.max = 0;  // no step in the interval
  return extent;
}

template <typename... Args>
std::string RangeMessage(const char* format, Args... args) {
  char text[256];
  std::snprintf(text, sizeof(text), format, args...);
  return text;
}

bool Fail(std::string* error, const std::string& message) {
  if (error) *error = message;
  return false;
}

}  // namespace

bool LengthRangeSelected(int mode, int gaintype, int biastype) {
  bool muscle = gaintype == mjGAIN_MUSCLE || biastype == mjBIAS_MUSCLE;
  bool user = gaintype == mjGAIN_USER || biastype == mjBIAS_USER;
  switch (mode) {
    case 1: return muscle;
    case 2: return muscle || user;
    case 3: return true;
    default: return false;
  }
}

bool mj_setLengthRange(Model& m, Data& d, int index, const LengthRangeOptions& opt,
                       std::string* error) {
  if (index < 0 || index >= m.nu) throw FatalError("mj_setLengthRange: invalid actuator index");
  mjtNum* lengthrange = m.actuator_lengthrange + 2 * index;
  if (!LengthRangeSelected(opt.mode, m.actuator_gaintype[index], m.actuator_biastype[index])) {
    return true;
  }
  if (opt.useexisting && lengthrange[0] < lengthrange[1]) return true;
  if (opt.uselimit && LimitedTargetRange(m, index, lengthrange)) return true;

  // the first push, at qpos0
  mjtNum force = opt.accel / m.actuator_acc0[index];
  if (opt.maxforce > 0 && force > opt.maxforce) force = opt.maxforce;
  if (!std::isfinite(force)) {
    return Fail(error, "mj_setLengthRange: the force accel / actuator_acc0 of actuator " +
                           std::to_string(index) + " is not finite");
  }
  // each end is stored as soon as its run ends: the lengthening run already sees the new
  // lower end (a muscle's own force depends on it), and a failure leaves both stored
  RunExtent runs[2];
  runs[0] = SimulateDirection(m, d, index, opt, -1);
  lengthrange[0] = runs[0].min;
  runs[1] = SimulateDirection(m, d, index, opt, 1);
  lengthrange[1] = runs[1].max;
  if (runs[0].unstable || runs[1].unstable) {
    return Fail(error, "mj_setLengthRange: the simulation of actuator " + std::to_string(index) +
                           " diverged (reset by mj_step's check)");
  }
  mjtNum range[2] = {runs[0].min, runs[1].max};
  for (const RunExtent& run : runs) {
    if (!(run.max - run.min <= opt.tolrange * (range[1] - range[0]))) {
      return Fail(error, RangeMessage("Lengthrange computation did not converge in actuator %d:"
                                      "\n  eval (%g, %g)\n  range (%g, %g)",
                                      index, run.min, run.max, range[0], range[1]));
    }
  }
  if (!(range[0] < range[1])) {
    return Fail(error, RangeMessage("Invalid lengthrange (%g, %g) in actuator %d", range[0],
                                    range[1], index));
  }
  return true;
}

}  // namespace mjsim
