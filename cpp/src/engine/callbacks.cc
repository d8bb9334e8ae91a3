// callbacks.cc: the global callbacks of mjsim/callbacks.h, none installed at start.
#include "mjsim/callbacks.h"

namespace mjsim {

mjfGeneric mjcb_control = nullptr;
mjfGeneric mjcb_passive = nullptr;
mjfAct mjcb_act_dyn = nullptr;
mjfAct mjcb_act_gain = nullptr;
mjfAct mjcb_act_bias = nullptr;
mjfSensor mjcb_sensor = nullptr;
mjfConFilt mjcb_contactfilter = nullptr;
mjfTime mjcb_time = nullptr;
mjfWarning mju_user_warning = nullptr;
mjfMalloc mju_user_malloc = nullptr;
mjfFree mju_user_free = nullptr;

}  // namespace mjsim
