// callbacks.h: mujoco's global callbacks (mjcb_*), user code the pipeline calls at fixed points.
// They are process-wide, as in the reference; null means not called. Where each is called
// (measured on 3.3.7):
//   mjcb_control        after the velocity stages of mj_forwardSkip (every RK4 stage too) and at
//                       the end of mj_step1, unless actuation is disabled
//   mjcb_passive        at the end of mj_passive, unless springs and dampers are both disabled
//   mjcb_act_dyn        act_dot of an actuator with dyntype user (one activation: the result;
//                       more: the callback writes d.act_dot itself, the result is ignored)
//   mjcb_act_gain/bias  the gain (bias) of an actuator with gaintype (biastype) user
//   mjcb_sensor         after a stage's sensors, with the stage, when a user sensor needs it
//   mjcb_contactfilter  per dynamic geom pair that passed every filter and bounding test, before
//                       the narrow phase; nonzero discards the pair (explicit pairs: not called)
//   mjcb_time           the clock of Data::timer, in any unit
//   mju_user_warning    the message of a warning the first time it is counted since the Data's
//                       last reset (mj_warning); without it mjsim only counts, in d.warning
//   mju_user_malloc     the blocks of Model and Data buffers and arenas (util/buffer.cc, never
//   mju_user_free       inside mj_step); a block is freed by the free installed when it was
//                       allocated (std::free if none was)
#pragma once
#include "mjsim/data.h"
#include "mjsim/model.h"

namespace mjsim {

using mjfGeneric = void (*)(const Model& m, Data& d);
using mjfConFilt = int (*)(const Model& m, Data& d, int geom1, int geom2);
using mjfSensor = void (*)(const Model& m, Data& d, int stage);
using mjfTime = mjtNum (*)();
using mjfAct = mjtNum (*)(const Model& m, const Data& d, int id);
using mjfWarning = void (*)(const char* message);
using mjfMalloc = void* (*)(size_t bytes);
using mjfFree = void (*)(void* block);

extern mjfGeneric mjcb_control;
extern mjfGeneric mjcb_passive;
extern mjfAct mjcb_act_dyn;
extern mjfAct mjcb_act_gain;
extern mjfAct mjcb_act_bias;
extern mjfSensor mjcb_sensor;
extern mjfConFilt mjcb_contactfilter;
extern mjfTime mjcb_time;
extern mjfWarning mju_user_warning;
extern mjfMalloc mju_user_malloc;
extern mjfFree mju_user_free;

}  // namespace mjsim
