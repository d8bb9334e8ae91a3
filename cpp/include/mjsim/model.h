// model.h: the compiled model, one contiguous buffer whose arrays are listed in fields.h.
#pragma once
#include <cstddef>
#include <memory>

#include "mjsim/fields.h"
#include "mjsim/types.h"
#include "mjsim/visual.h"

namespace mjsim {

// Owns one 64-byte-aligned block, from mju_user_malloc when one is installed (callbacks.h);
// arrays of Model and Data point into it.
class AlignedBuffer {
 public:
  AlignedBuffer() = default;
  ~AlignedBuffer() { Release(); }
  // Replaces the contents with a zero-filled block of the given size.
  void Reset(size_t bytes);
  // Replaces the contents with an uninitialized block (pages are mapped when first written).
  void ResetUninitialized(size_t bytes);
  AlignedBuffer(const AlignedBuffer&) = delete;
  AlignedBuffer& operator=(const AlignedBuffer&) = delete;
  unsigned char* bytes() const { return bytes_; }
  size_t size() const { return size_; }

 private:
  void Allocate(size_t bytes);
  void Release();
  unsigned char* bytes_ = nullptr;
  size_t size_ = 0;
  void* user_block_ = nullptr;            // the user allocator's block bytes_ lies in
  void (*user_free_)(void*) = nullptr;  // the free installed when it was allocated
};

// mjOption: physics options, one member per MJSIM_OPTION_FIELDS entry.
struct Option {
#define MJSIM_X(type, name, count, values, doc) \
  typename MemberStorage<type, count>::Storage name = {MJSIM_UNPAREN values};
#define MJSIM_UNPAREN(...) __VA_ARGS__
  MJSIM_OPTION_FIELDS(MJSIM_X)
#undef MJSIM_UNPAREN
#undef MJSIM_X
};

struct Model {
#define MJSIM_X(name, doc) int name = 0;
  MJSIM_MODEL_SIZES(MJSIM_X)
#undef MJSIM_X

  Option opt;
  Visual vis;     // <visual>; rendering only (xml/read_custom.cc)
  Statistic stat; // <statistic> or computed (compiler/custom.cc)

#define MJSIM_X(type, name, rows, cols, doc) type* name = nullptr;
  MJSIM_MODEL_FIELDS(MJSIM_X)
#undef MJSIM_X

  AlignedBuffer buffer;
};

// Allocates the arrays of a Model whose sizes are set; arrays are zero-filled.
void AllocateModelArrays(Model& m);
// The bytes AllocateModelArrays will allocate for m's sizes, or SIZE_MAX when a row count or
// column count is negative or the total overflows: a model read from bytes is checked with it
// before anything is allocated.
size_t CheckedModelBytes(const Model& m);
// The bytes of a Data's zero-filled arrays and scratch for m, SIZE_MAX on overflow.
size_t CheckedDataBytes(const Model& m);
// Throws ModelError when m's arrays and a Data of m (arrays, scratch, arena) would need more
// memory than the machine has available: huge <size memory>, nconmax, njmax or nuserdata values and corrupted sizes end
// in a clear error instead of an out-of-memory kill.
void CheckDataFitsMemory(const Model& m);
// A deep copy: same sizes, same array contents.
std::unique_ptr<Model> CopyModel(const Model& m);

}  // namespace mjsim
