// timer.cc: the clock behind Data::timer. A step runs up to 14 timed stages, so the clock is
// read ~28 times per step: on x86-64 the time-stamp counter (about 3x cheaper than
// steady_clock::now here: 24 ns against 83 ns in this VM), scaled to seconds by a calibration
// against steady_clock on first use; elsewhere steady_clock itself. A user clock (mjcb_time)
// replaces it.
#include "engine/timer.h"

#include <chrono>

#include "mjsim/callbacks.h"

#if defined(__x86_64__) || defined(_M_X64)
#if defined(_MSC_VER)
#include <intrin.h>
#else
#include <x86intrin.h>
#endif
#define MJSIM_TIMER_TSC 1
#endif

namespace mjsim {
namespace {

double SteadySeconds() {
  using Clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
}

#ifdef MJSIM_TIMER_TSC
// seconds per counter tick, from both clocks read across a 2 ms spin (the counter of every
// x86-64 CPU of the last decade runs at a constant rate)
double SecondsPerTick() {
  double start = SteadySeconds();
  unsigned long long start_ticks = __rdtsc();
  double now = start;
  while (now - start < 2e-3) now = SteadySeconds();
  unsigned long long ticks = __rdtsc() - start_ticks;
  return ticks > 0 ? (now - start) / static_cast<double>(ticks) : 0;
}
#endif

}  // namespace

double TimerSeconds() {
  if (mjcb_time) return mjcb_time();
#ifdef MJSIM_TIMER_TSC
  static const double seconds_per_tick = SecondsPerTick();
  if (seconds_per_tick > 0) return static_cast<double>(__rdtsc()) * seconds_per_tick;
#endif
  return SteadySeconds();
}

}  // namespace mjsim
