// state.cc: mj_stateSize, mj_getState, mj_setState, mj_resetDataKeyframe, mj_setKeyframe,
// mj_getTotalmass, mj_setTotalmass, mj_setConst, mj_printModel, mj_printData,
// mj_printFormattedModel, mj_printFormattedData, mj_version, mj_versionString
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

// text arguments are str or bytes, as the reference's bindings take them
bool IsText(const py::object& value) {
  return py::isinstance<py::str>(value) || py::isinstance<py::bytes>(value);
}

}  // namespace

// A print function's output: into `filename`, or with None to Python's standard output (the
// text goes through a temporary file, so that sys.stdout redirections see it, as a script
// that captures the reference's output expects).
void PrintTo(const py::object& filename, const std::function<bool(const char*)>& print) {
  if (!filename.is_none()) {
    if (!IsText(filename)) throw py::type_error("filename must be a str, bytes or None");
    std::string path = filename.cast<std::string>();
    WriteFile(print(path.c_str()), path);
    return;
  }
  py::module_ os = py::module_::import("os");
  py::tuple made = py::module_::import("tempfile").attr("mkstemp")(".txt", "mjsim-print-");
  os.attr("close")(made[0]);
  std::string path = made[1].cast<std::string>();
  bool written = print(path.c_str());
  std::string text;
  if (written) {
    py::object file = py::module_::import("io").attr("open")(path, "r");
    text = file.attr("read")().cast<std::string>();
    file.attr("close")();
  }
  os.attr("remove")(path);
  WriteFile(written, path);
  py::print(text, py::arg("end") = "");
}

// An invalid float_format prints with the default formats after a warning on standard output,
// as the reference does (measured: it warns, then prints).
void WarnOnInvalidFloatFormat(const py::object& float_format) {
  if (!float_format.is_none() && !IsText(float_format)) {
    throw py::type_error("float_format must be a str or bytes");
  }
  std::string format = float_format.is_none() ? std::string() : float_format.cast<std::string>();
  std::string problem = FloatFormatProblem(float_format.is_none() ? nullptr : format.c_str());
  if (!problem.empty()) {
    py::print("WARNING: " + problem + "; printing with the default format instead");
  }
}


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
    py::gil_scoped_release release;
    mj_setConst(*m.model, *d.data);
  }, py::arg("m"), py::arg("d"), "Recompute what the compiler derives at qpos0 (subtree masses, inverse weights, acc0, length0, statistics), with d as scratch.");
  module.def("mj_printSchema", &mj_printSchema, py::arg("flg_html"), py::arg("flg_pad"),
             "The MJCF schema mjsim reads: elements, how often each may appear, attributes.");
  module.def("mj_printModel", [](const PyModel& m, const py::object& filename) {
    PrintTo(filename, [&](const char* path) { return mj_printModel(*m.model, path); });
  }, py::arg("m"), py::arg("filename"), "Every size, option and array of the model as text, into the file filename (None: standard output).");
  module.def("mj_printData", [](const PyModel& m, const PyData& d, const py::object& filename) {
    CheckSameModel(m, d);
    PrintTo(filename, [&](const char* path) { return mj_printData(*m.model, *d.data, path); });
  }, py::arg("m"), py::arg("d"), py::arg("filename"), "Every counter and array of the data as text, into the file filename (None: standard output).");
  module.def("mj_printFormattedModel", [](const PyModel& m, const py::object& filename,
                                          const py::object& float_format) {
    WarnOnInvalidFloatFormat(float_format);
    std::string format = float_format.is_none() ? "" : float_format.cast<std::string>();
    PrintTo(filename, [&](const char* path) {
      return mj_printFormattedModel(*m.model, path, format.c_str());
    });
  }, py::arg("m"), py::arg("filename"), py::arg("float_format"),
     "mj_printModel with each real number written by the printf conversion float_format (such as '%.3f'); an invalid one warns and prints with the default format.");
  module.def("mj_printFormattedData", [](const PyModel& m, const PyData& d,
                                         const py::object& filename,
                                         const py::object& float_format) {
    CheckSameModel(m, d);
    WarnOnInvalidFloatFormat(float_format);
    std::string format = float_format.is_none() ? "" : float_format.cast<std::string>();
    PrintTo(filename, [&](const char* path) {
      return mj_printFormattedData(*m.model, *d.data, path, format.c_str());
    });
  }, py::arg("m"), py::arg("d"), py::arg("filename"), py::arg("float_format"),
     "mj_printData with each real number written by the printf conversion float_format (such as '%.3f'); an invalid one warns and prints with the default format.");
  // The reference declares both as single floats and writes 2 and 5 numbers through them
  // (measured: a float argument kills its process with SIGSEGV, an array is a TypeError). Here
  // they are what the C function fills: writable float64 arrays of 2 and 5 values.
  module.def("mj_defaultSolRefImp", [](py::object solref, py::object solimp) {
    if (!py::isinstance<py::array>(solref) || !py::isinstance<py::array>(solimp)) {
      throw py::type_error("mj_defaultSolRefImp fills solref and solimp in place: both must be "
                           "writable float64 arrays (of 2 and 5 values)");
    }
    py::array ref = solref.cast<py::array>(), imp = solimp.cast<py::array>();
    mjtNum* ref_out = OutputArray(ref, 2, "solref");
    mjtNum* imp_out = OutputArray(imp, 5, "solimp");
    mj_defaultSolRefImp(ref_out, imp_out);
  }, py::arg("solref"), py::arg("solimp"),
     "Fill solref (2 numbers) and solimp (5) with the default solver parameters of a constraint.");
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
