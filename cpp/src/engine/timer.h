// timer.h: Data::timer, how often each timed stage ran and its accumulated wall time in
// seconds, as the reference fills it (mjtTimer). A StageTimer times one run of a stage from its
// construction to its destruction. Which function times which stage (measured on 3.3.7):
//   STEP      mj_step and mj_step1          FORWARD   mj_forwardSkip and RK4's extra stages
//   INVERSE   mj_inverseSkip                ADVANCE   mj_Euler, mj_implicit (not RK4)
//   POSITION  the position stages (forward and inverse), POS_KINEMATICS (kinematics, com,
//             cameras and lights, tendons), POS_INERTIA (M and its factor), POS_MAKE (rows),
//             POS_PROJECT (islands; forward only)
//   VELOCITY  the velocity stages           ACTUATION mj_fwdActuation, when nu > 0 and enabled
//   CONSTRAINT mj_fwdConstraint and the inverse's constraint forces
//   POS_COLLISION, COL_BROAD, COL_NARROW  mj_collision, unless it has nothing to do
// The stage functions called on their own (mj_kinematics, mj_makeConstraint, ...) are not timed.
#pragma once
#include "mjsim/data.h"

namespace mjsim {

// seconds since an arbitrary start, from the cheapest steady clock of the platform
double TimerSeconds();

class StageTimer {
 public:
  // timed false: the stage runs untimed (the reference skips its timer in that case)
  StageTimer(Data& d, mjtTimer stage, bool timed = true)
      : stat_(timed ? &d.timer[stage] : nullptr), start_(timed ? TimerSeconds() : 0) {}
  // a stage that starts where a timed one starts or ends (`start` from start() or Stop()):
  // adjacent stages share one clock read, ~10 ns each, a dozen per forward pass
  StageTimer(Data& d, mjtTimer stage, double start) : stat_(&d.timer[stage]), start_(start) {}
  ~StageTimer() { Stop(); }
  StageTimer(const StageTimer&) = delete;
  StageTimer& operator=(const StageTimer&) = delete;

  double start() const { return start_; }

  // ends the timing before the scope does (a stage followed by untimed work); returns the
  // clock's reading, for a stage that starts here
  double Stop() { return stat_ ? StopAt(TimerSeconds()) : 0; }

  // ends the timing at a reading already taken (a nested stage ending with this one)
  double StopAt(double now) {
    if (!stat_) return now;
    stat_->duration += now - start_;
    stat_->number++;
    stat_ = nullptr;
    return now;
  }

 private:
  TimerStat* stat_;
  double start_;
};

}  // namespace mjsim
