// buffer.cc: the aligned block behind Model and Data, and the layout of the fields.h arrays in it.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include <unistd.h>

#include "mjsim/api.h"
#include "mjsim/callbacks.h"
#include "mjsim/data.h"
#include "mjsim/errors.h"
#include "mjsim/model.h"
#include "engine/stages.h"
#include "util/scratch.h"

namespace mjsim {
namespace {
constexpr size_t kAlignment = 64;  // a cache line; also satisfies every SIMD load we use

size_t AlignUp(size_t bytes) { return (bytes + kAlignment - 1) / kAlignment * kAlignment; }

size_t ModelBytes(const Model& m) {
  size_t total = 0;
#define MJSIM_X(type, name, rows, cols, doc) total += AlignUp(sizeof(type) * m.rows * (cols));
  MJSIM_MODEL_FIELDS(MJSIM_X)
#undef MJSIM_X
  return total;
}

size_t DataBytes(const Model& m) {
  size_t total = 0;
#define MJSIM_X(type, name, rows, cols, doc) total += AlignUp(sizeof(type) * m.rows * (cols));
  MJSIM_DATA_FIELDS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(type, name, doc) total += AlignUp(sizeof(type) * m.nv);
  MJSIM_ISLAND_FIELDS(MJSIM_X)
#undef MJSIM_X
  return total;
}
}  // namespace

namespace {
// a * b added to total, false when a factor is negative or the sum passes 2^48 bytes
bool AddProduct(long long a, long long b, size_t size, size_t* total) {
  constexpr long long kLimit = 1LL << 48;
  if (a < 0 || b < 0 || (a > 0 && b > kLimit / a) || a * b > kLimit / static_cast<long long>(size)) {
    return false;
  }
  *total += AlignUp(size * static_cast<size_t>(a * b));
  return *total < static_cast<size_t>(kLimit);
}
}  // namespace

size_t CheckedModelBytes(const Model& m) {
  size_t total = 0;
#define MJSIM_X(type, name, rows, cols, doc) \
  if (!AddProduct(m.rows, (cols), sizeof(type), &total)) return SIZE_MAX;
  MJSIM_MODEL_FIELDS(MJSIM_X)
#undef MJSIM_X
  return total;
}

size_t CheckedDataBytes(const Model& m) {
  size_t total = 0;
  bool fits = true;
#define MJSIM_X(type, name, rows, cols, doc) fits = fits && AddProduct(m.rows, (cols), sizeof(type), &total);
  MJSIM_DATA_FIELDS(MJSIM_X)
#undef MJSIM_X
  fits = fits && AddProduct(m.nv, 64, sizeof(mjtNum), &total);  // the island arrays, and more
  return fits ? total : SIZE_MAX;
}

void CheckDataFitsMemory(const Model& m) {
  // the model's arrays and the data's arrays are zero-filled: they must fit in the memory available now; the
  // arena is only reserved (its pages are touched as contacts and rows need them)
  size_t data_bytes = CheckedDataBytes(m), model_bytes = CheckedModelBytes(m);
  size_t filled = data_bytes == SIZE_MAX || model_bytes == SIZE_MAX ? SIZE_MAX : data_bytes + model_bytes;
  size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  size_t available = static_cast<size_t>(sysconf(_SC_AVPHYS_PAGES)) * page;
  size_t physical = static_cast<size_t>(sysconf(_SC_PHYS_PAGES)) * page;
  if (filled == SIZE_MAX || filled > available / 2 || m.narena < 0 ||
      static_cast<size_t>(m.narena) > physical) {
    throw ModelError("Error: could not allocate memory: the model's data needs " +
                     (filled == SIZE_MAX ? std::string("more than 2^48") : std::to_string(filled)) +
                     " bytes of model and data arrays (nuser_*, nkey, nuserdata, sizes) and an arena of " +
                     std::to_string(m.narena) + " bytes (<size memory>, nconmax, njmax); " +
                     std::to_string(available) + " bytes are available");
  }
}

bool DataFitsModel(const Model& made_for, const Model& m) {
#define MJSIM_X(type, name, rows, cols, doc)                                      \
  {                                                                               \
    auto count = [](const Model& m) { return 1LL * m.rows * (cols); };            \
    if (count(made_for) != count(m)) return false;                                \
  }
  MJSIM_DATA_FIELDS(MJSIM_X)
#undef MJSIM_X
  return made_for.nv == m.nv && made_for.narena == m.narena &&
         DataBytes(made_for) == DataBytes(m);
}

// one extra line so an empty model still has a valid, aligned base pointer; a user allocator's
// block has one more, to align it
void AlignedBuffer::Allocate(size_t bytes) {
  Release();
  if (mju_user_malloc) {
    void* block = mju_user_malloc(bytes + 2 * kAlignment);
    if (!block) throw std::bad_alloc();
    user_block_ = block;
    user_free_ = mju_user_free;
    auto address = reinterpret_cast<uintptr_t>(block);
    bytes_ = reinterpret_cast<unsigned char*>((address + kAlignment - 1) / kAlignment * kAlignment);
  } else {
    bytes_ = static_cast<unsigned char*>(
        ::operator new(bytes + kAlignment, std::align_val_t(kAlignment)));
  }
  size_ = bytes;
}

void AlignedBuffer::Reset(size_t bytes) {
  Allocate(bytes);
  std::memset(bytes_, 0, bytes + kAlignment);
}

void AlignedBuffer::ResetUninitialized(size_t bytes) { Allocate(bytes); }

void AlignedBuffer::Release() {
  if (user_block_) {
    if (user_free_) {
      user_free_(user_block_);
    } else {
      std::free(user_block_);
    }
  } else if (bytes_) {
    ::operator delete(bytes_, std::align_val_t(kAlignment));
  }
  bytes_ = nullptr;
  user_block_ = nullptr;
  user_free_ = nullptr;
  size_ = 0;
}

void AllocateModelArrays(Model& m) {
  m.buffer.Reset(ModelBytes(m));
  unsigned char* cursor = m.buffer.bytes();
#define MJSIM_X(type, name, rows, cols, doc)          \
  m.name = reinterpret_cast<type*>(cursor);           \
  cursor += AlignUp(sizeof(type) * m.rows * (cols));
  MJSIM_MODEL_FIELDS(MJSIM_X)
#undef MJSIM_X
}

std::unique_ptr<Model> CopyModel(const Model& m) {
  auto copy = std::make_unique<Model>();
#define MJSIM_X(name, doc) copy->name = m.name;
  MJSIM_MODEL_SIZES(MJSIM_X)
#undef MJSIM_X
  copy->opt = m.opt;
  copy->vis = m.vis;
  copy->stat = m.stat;
  AllocateModelArrays(*copy);
  std::memcpy(copy->buffer.bytes(), m.buffer.bytes(), m.buffer.size());
  return copy;
}

std::unique_ptr<Data> MakeData(const Model& m) {
  CheckDataFitsMemory(m);
  auto d = std::make_unique<Data>();
  d->buffer.Reset(DataBytes(m));
  unsigned char* cursor = d->buffer.bytes();
#define MJSIM_X(type, name, rows, cols, doc)          \
  d->name = reinterpret_cast<type*>(cursor);          \
  cursor += AlignUp(sizeof(type) * m.rows * (cols));
  MJSIM_DATA_FIELDS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(type, name, doc)               \
  d->name = reinterpret_cast<type*>(cursor);   \
  cursor += AlignUp(sizeof(type) * m.nv);
  MJSIM_ISLAND_FIELDS(MJSIM_X)
#undef MJSIM_X
  d->arena.ResetUninitialized(static_cast<size_t>(m.narena));
  d->contact = reinterpret_cast<Contact*>(d->arena.bytes());
  mj_resetData(m, *d);
  return d;
}

namespace {
template <typename T>
void CopyMember(T& dst, const T& src) { dst = src; }
template <typename T, size_t count>
void CopyMember(T (&dst)[count], const T (&src)[count]) { std::copy(src, src + count, dst); }
}  // namespace

void CopyData(const Model& m, const Data& src, Data& dst) {
#define MJSIM_X(type, name, count, doc) CopyMember(dst.name, src.name);
  MJSIM_DATA_SCALARS(MJSIM_X)
#undef MJSIM_X
  std::memcpy(dst.buffer.bytes(), src.buffer.bytes(), src.buffer.size());
  // the arena's contents in use: contacts, constraint rows and efc_AR, laid out alike
  CopyArenaInUse(m, src, dst);
}

void CopyArenaInUse(const Model& m, const Data& src, Data& dst) {
  dst.ncon = src.ncon;
  dst.nefc = src.nefc;
  dst.nJ = src.nJ;
  LayoutConstraintRows(m, dst, src.nefc);
  if (src.nA > 0) LayoutDualMatrix(dst, src.nA);
  dst.nA = src.nA;
  std::memcpy(dst.arena.bytes(), src.arena.bytes(), src.parena);
}

}  // namespace mjsim
