// errors.h: the exceptions the core throws; the bindings map them to Python exceptions.
#pragma once
#include <stdexcept>
#include <string>

namespace mjsim {

// Bad model input (XML, schema, compile rule). Python sees ValueError.
class ModelError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A file that does not exist or cannot be read. Python sees FileNotFoundError.
class FileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A call the reference ends with mju_error (a bad index, an unusable argument). Python sees
// mjsim.FatalError, as scripts catch mujoco.FatalError.
class FatalError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A broken internal invariant of mjsim: a bug, never the caller's input. Python sees
// mjsim.UnexpectedError (an Exception, as mujoco.UnexpectedError); the message says to report it.
class UnexpectedError : public std::runtime_error {
 public:
  explicit UnexpectedError(const std::string& what)
      : std::runtime_error(what + " (an internal error of mjsim that no input should cause: "
                                  "please report it)") {}
};

}  // namespace mjsim
