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
  ~StageTimer() { Stop(); }
  StageTimer(const StageTimer&) = delete;
  StageTimer& operator=(const StageTimer&) = delete;

  // ends the timing before the scope does (a stage followed by untimed work)
  void Stop() {
    if (!stat_) return;
    stat_->duration += TimerSeconds() - start_;
    stat_->number++;
    stat_ = nullptr;
  }

 private:
  TimerStat* stat_;
  double start_;
};

}  // namespace mjsim
