// scratch.h: stack allocation from Data::scratch for engine stages (no heap inside mj_step).
//
//   ScratchFrame frame(d);                       // remembers the stack top
//   mjtNum* work = frame.Allocate<mjtNum>(m.nv);  // uninitialized, 64-byte aligned
//   ...                                           // released when `frame` goes out of scope
#pragma once
#include <cstddef>
#include <stdexcept>
#include <string>

#include "mjsim/data.h"

namespace mjsim {

// Bytes of scratch a Data for m gets: enough for the deepest chain of stage frames (RK4 keeps
// four stages of velocities and accelerations while the forward pass below it runs).
size_t ScratchBytes(const Model& m);

class ScratchFrame {
 public:
  explicit ScratchFrame(Data& d) : d_(d), mark_(d.scratch_top) {}
  ~ScratchFrame() { d_.scratch_top = mark_; }
  ScratchFrame(const ScratchFrame&) = delete;
  ScratchFrame& operator=(const ScratchFrame&) = delete;

  template <typename T>
  T* Allocate(size_t count) {
    constexpr size_t kAlign = 64;
    size_t start = (d_.scratch_top + kAlign - 1) / kAlign * kAlign;
    size_t end = start + count * sizeof(T);
    if (end > d_.scratch.size()) {
      // an engine bug (ScratchBytes too small), never a user error: report it loudly
      throw std::logic_error("mjsim: scratch stack exhausted (" + std::to_string(end) + " of " +
                             std::to_string(d_.scratch.size()) + " bytes)");
    }
    d_.scratch_top = end;
    return reinterpret_cast<T*>(d_.scratch.bytes() + start);
  }

 private:
  Data& d_;
  size_t mark_;
};

}  // namespace mjsim
