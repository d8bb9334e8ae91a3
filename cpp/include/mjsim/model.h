// model.h: the compiled model, one contiguous buffer whose arrays are listed in fields.h.
#pragma once
#include <cstddef>
#include <memory>

#include "mjsim/fields.h"
#include "mjsim/types.h"

namespace mjsim {

// Owns one 64-byte-aligned block; arrays of Model and Data point into it.
class AlignedBuffer {
 public:
  AlignedBuffer() = default;
  ~AlignedBuffer() { Release(); }
  // Replaces the contents with a zero-filled block of the given size.
  void Reset(size_t bytes);
  AlignedBuffer(const AlignedBuffer&) = delete;
  AlignedBuffer& operator=(const AlignedBuffer&) = delete;
  unsigned char* bytes() const { return bytes_; }
  size_t size() const { return size_; }

 private:
  void Release();
  unsigned char* bytes_ = nullptr;
  size_t size_ = 0;
};

struct Model {
#define MJSIM_X(name, doc) int name = 0;
  MJSIM_MODEL_SIZES(MJSIM_X)
#undef MJSIM_X

#define MJSIM_X(type, name, rows, cols, doc) type* name = nullptr;
  MJSIM_MODEL_FIELDS(MJSIM_X)
#undef MJSIM_X

  AlignedBuffer buffer;
};

// Allocates the arrays of a Model whose sizes are set; arrays are zero-filled.
void AllocateModelArrays(Model& m);
// A deep copy: same sizes, same array contents.
std::unique_ptr<Model> CopyModel(const Model& m);

}  // namespace mjsim
