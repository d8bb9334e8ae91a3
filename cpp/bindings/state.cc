// state.cc: mj_stateSize, mj_getState, mj_setState, mj_resetDataKeyframe, mj_setKeyframe,
// mj_getTotalmass, mj_setTotalmass, mj_setConst, mj_printModel, mj_printData, mj_version, mj_versionString
// (engine/state.cc, engine/print.cc) with mujoco's Python signatures. Arguments are checked
// before anything is written.
#include <string>

#include "bindings.h"
#include "mjsim/errors.h"
#include "compiler/set_const.h"

namespace mjsim {
namespace {

constexpr int kVersion = 337;
constexpr const char* kVersionString = "3.3.7";

// The reference's messages: its mju_error reports (FatalError), and TypeError for a state
// array of the wrong size. sig is unsigned, so a negative one is a TypeError of the call.
void CheckSignature(unsigned sig, const char* caller) {
  if (sig >= (1u << mjNSTATE)) {
    throw FatalError(std::string(caller) + ": invalid state signature " + std::to_string(sig) +
                     " >= 2^mjNSTATE");
  }
}

void CheckStateSize(py::ssize_t size, const PyModel& m, int sig) {
  if (size != mj_stateSize(*m.model, sig)) {
    throw py::type_error("state size should equal mj_stateSize(m, sig)");
  }
}

void CheckKeyframeIndex(const PyModel& m, int k) {
  if (k < 0) throw FatalError("mj_setKeyframe: keyframe index cannot be negative");
  if (k >= m.model->nkey) {
    throw FatalError("mj_setKeyframe: index must be smaller than " + std::to_string(m.model->nkey) +
                     " (keyframes allocated in model)");
  }
}

void WriteFile(bool written, const std::string& filename) {
  if (!written) throw py::value_error("could not write file '" + filename + "'");
}

}  // namespace

void BindState(py::module_& module) {
  module.def("mj_stateSize", [](const PyModel& m, unsigned sig) {
    CheckSignature(sig, "mj_stateSize");
    return mj_stateSize(*m.model, sig);
  }, py::arg("m"), py::arg("sig"), "Number of mjtNums in the state selected by the mjtState bits of sig.");
  module.def("mj_getState", [](const PyModel& m, PyData& d, py::array state, unsigned sig) {
    CheckSameModel(m, d);
    CheckSignature(sig, "mj_getState");
    CheckStateSize(state.size(), m, sig);
    mjtNum* out = OutputArray(state, mj_stateSize(*m.model, sig), "state");
    mj_getState(*m.model, *d.data, out, sig);
  }, py::arg("m"), py::arg("d"), py::arg("state"), py::arg("sig"),
     "Get state (the components selected by the mjtState bits of sig, in bit order).");
  module.def("mj_setState", [](const PyModel& m, PyData& d, InputArray state, unsigned sig) {
    CheckSameModel(m, d);
    CheckSignature(sig, "mj_setState");
    CheckStateSize(state.size(), m, sig);
    mj_setState(*m.model, *d.data, state.data(), sig);
  }, py::arg("m"), py::arg("d"), py::arg("state"), py::arg("sig"),
     "Set state (the components selected by the mjtState bits of sig, in bit order).");
  module.def("mj_resetDataKeyframe", [](const PyModel& m, PyData& d, int key) {
    CheckSameModel(m, d);  // a key out of range resets without a keyframe, as the reference
    mj_resetDataKeyframe(*m.model, *d.data, key);
  }, py::arg("m"), py::arg("d"), py::arg("key"),
     "Reset data; then set time, qpos, qvel, act, mocap poses and ctrl from keyframe key.");
  module.def("mj_setKeyframe", [](PyModel& m, const PyData& d, int k) {
    CheckSameModel(m, d);
    CheckKeyframeIndex(m, k);
    mj_setKeyframe(*m.model, *d.data, k);
  }, py::arg("m"), py::arg("d"), py::arg("k"), "Store d's state (time, qpos, qvel, act, ctrl, mocap) into keyframe k of m.");
  module.def("mj_getTotalmass", [](const PyModel& m) { return mj_getTotalmass(*m.model); },
             py::arg("m"), "Sum all body masses.");
  module.def("mj_setTotalmass", [](PyModel& m, mjtNum newmass) {
    mj_setTotalmass(*m.model, newmass);
  }, py::arg("m"), py::arg("newmass"),
       "Scale every body's mass and inertia by one factor so that the model weighs newmass.");
  module.def("mj_setConst", [](PyModel& m, PyData& d) {
    CheckSameModel(m, d);
    mj_setConst(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Recompute what the compiler derives at qpos0 (subtree masses, inverse weights, acc0, length0, statistics), with d as scratch.");
  module.def("mj_printSchema", &mj_printSchema, py::arg("flg_html"), py::arg("flg_pad"),
             "The MJCF schema mjsim reads: elements, how often each may appear, attributes.");
  module.def("mj_printModel", [](const PyModel& m, const std::string& filename) {
    WriteFile(mj_printModel(*m.model, filename.c_str()), filename);
  }, py::arg("m"), py::arg("filename"), "Print mjModel to text file.");
  module.def("mj_printData", [](const PyModel& m, const PyData& d, const std::string& filename) {
    CheckSameModel(m, d);
    WriteFile(mj_printData(*m.model, *d.data, filename.c_str()), filename);
  }, py::arg("m"), py::arg("d"), py::arg("filename"), "Print mjData to text file.");
  module.def("mj_isSparse",
             [](const PyModel& m) { return static_cast<int>(mj_isSparse(*m.model)); },
             py::arg("m"), "1 if the constraint Jacobian is stored sparse, 0 if dense.");
  module.def("mj_isPyramidal", [](const PyModel& m) {
    return static_cast<int>(m.model->opt.cone == mjCONE_PYRAMIDAL);
  }, py::arg("m"), "1 if friction cones are pyramidal, 0 if elliptic.");
  module.def("mj_version", []() { return kVersion; },
             "Version as an integer, major*100 + minor*10 + patch (3.3.7: 337).");
  module.def("mj_versionString", []() { return std::string(kVersionString); },
             "Version as text, e.g. '3.3.7'.");
}

}  // namespace mjsim
