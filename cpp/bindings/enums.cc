// enums.cc: the mj*STRING constants and the enum tables of mjsim/types.h and
// mjsim/vis_enums.h, exported from those tables (the Python mjt* enums come from
// python/mjsim/_enum_table.py; tests/unit/test_enums.py checks that both agree).
#include "bindings.h"
#include "mjsim/vis_enums.h"

namespace mjsim {
namespace {

// a flag's (text, default "0"/"1", shortcut), as mjVISSTRING and mjRNDSTRING hold it
py::tuple FlagText(const char* text, int on, const char* shortcut) {
  return py::make_tuple(text, on ? "1" : "0", shortcut);
}

// _cpp_enums: enum name -> [(member, value)] of every tabled enum, for the tests
py::dict EnumTables() {
  py::dict tables;
  auto add = [&tables](const char* name, py::list members) { tables[name] = members; };
  py::list disable, enable, timer, label, frame, vis, rnd;
#define MJSIM_X(name, ...) disable.append(py::make_tuple(#name, static_cast<int>(name)));
  MJSIM_DISABLE_BITS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(name, ...) enable.append(py::make_tuple(#name, static_cast<int>(name)));
  MJSIM_ENABLE_BITS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(name, ...) timer.append(py::make_tuple(#name, static_cast<int>(name)));
  MJSIM_TIMERS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(name, ...) label.append(py::make_tuple(#name, static_cast<int>(name)));
  MJSIM_LABELS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(name, ...) frame.append(py::make_tuple(#name, static_cast<int>(name)));
  MJSIM_FRAMES(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(name, ...) vis.append(py::make_tuple(#name, static_cast<int>(name)));
  MJSIM_VIS_FLAGS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(name, ...) rnd.append(py::make_tuple(#name, static_cast<int>(name)));
  MJSIM_RND_FLAGS(MJSIM_X)
#undef MJSIM_X
  add("mjtDisableBit", disable);
  add("mjtEnableBit", enable);
  add("mjtTimer", timer);
  add("mjtLabel", label);
  add("mjtFrame", frame);
  add("mjtVisFlag", vis);
  add("mjtRndFlag", rnd);
  return tables;
}

}  // namespace

void BindEnumStrings(py::module_& module) {
  py::list disable, enable, timer, label, frame, vis, rnd;
#define MJSIM_X(name, xml, text) disable.append(text);
  MJSIM_DISABLE_BITS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(name, xml, text) enable.append(text);
  MJSIM_ENABLE_BITS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(name, text) timer.append(text);
  MJSIM_TIMERS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(name, text) label.append(text);
  MJSIM_LABELS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(name, text) frame.append(text);
  MJSIM_FRAMES(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(name, text, on, shortcut) vis.append(FlagText(text, on, shortcut));
  MJSIM_VIS_FLAGS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(name, text, on, shortcut) rnd.append(FlagText(text, on, shortcut));
  MJSIM_RND_FLAGS(MJSIM_X)
#undef MJSIM_X
  // tuples, as mujoco's: the constants are not meant to be changed
  module.attr("mjDISABLESTRING") = py::tuple(disable);
  module.attr("mjENABLESTRING") = py::tuple(enable);
  module.attr("mjTIMERSTRING") = py::tuple(timer);
  module.attr("mjLABELSTRING") = py::tuple(label);
  module.attr("mjFRAMESTRING") = py::tuple(frame);
  module.attr("mjVISSTRING") = py::tuple(vis);
  module.attr("mjRNDSTRING") = py::tuple(rnd);
  module.attr("_cpp_enums") = EnumTables();
}

}  // namespace mjsim
