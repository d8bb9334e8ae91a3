// scratch.h: the stack at the end of Data's arena, for engine stages' scratch (no heap inside
// mj_step). It grows from the arena's end towards the contacts and rows (d.parena bytes from the
// start); d.pstack is the bytes it takes.
//
//   ScratchFrame frame(d);                       // remembers the stack's extent
//   mjtNum* work = frame.Allocate<mjtNum>(m.nv);  // uninitialized, 64-byte aligned
//   ...                                           // released when `frame` goes out of scope
#pragma once
#include <cstddef>
#include <string>

#include "mjsim/data.h"
#include "mjsim/errors.h"

namespace mjsim {

class ScratchFrame {
 public:
  explicit ScratchFrame(Data& d) : d_(d), mark_(d.pstack), base_(d.pbase) { d.pbase = d.pstack; }
  ~ScratchFrame() {
    d_.pstack = mark_;
    d_.pbase = base_;
  }
  ScratchFrame(const ScratchFrame&) = delete;
  ScratchFrame& operator=(const ScratchFrame&) = delete;

  Data& data() const { return d_; }

  // count values, or a FatalError when the arena has no room (the reference's mju_error)
  template <typename T>
  T* Allocate(size_t count) {
    T* values = TryAllocate<T>(count);
    if (!values && count > 0) Overflow(count * sizeof(T));
    return values;
  }

  // count values, or nullptr when the arena has no room (for stages that fall back)
  template <typename T>
  T* TryAllocate(size_t count) {
    constexpr size_t kAlign = 64;
    size_t bytes = count * sizeof(T);
    size_t bottom = d_.StackBottom();
    if (bytes / sizeof(T) != count || bytes > bottom - d_.parena) return nullptr;
    size_t start = (bottom - bytes) / kAlign * kAlign;
    if (start < d_.parena) return nullptr;
    d_.pstack = d_.arena.size() - start;
    d_.NoteArenaUse();
    return reinterpret_cast<T*>(d_.arena.bytes() + start);
  }

  // where the free space below the stack ends, 64-byte aligned: a stage may write there
  // downwards and then take what it wrote with TryAllocate (collision's broadphase pairs)
  unsigned char* FreeEnd() const { return d_.arena.bytes() + d_.StackBottom() / 64 * 64; }

 private:
  [[noreturn]] void Overflow(size_t requested) const {
    throw FatalError("mj_stackAlloc: out of memory, stack overflow\n  max = " +
                     std::to_string(d_.arena.size()) +
                     ", available = " + std::to_string(d_.StackBottom() - d_.parena) +
                     ", requested = " + std::to_string(requested) + "\n nefc = " +
                     std::to_string(d_.nefc) + ", ncon = " + std::to_string(d_.ncon));
  }

  Data& d_;
  size_t mark_, base_;
};

}  // namespace mjsim
