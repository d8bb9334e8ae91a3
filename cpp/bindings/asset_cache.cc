// asset_cache.cc: mj_getCache, mj_getCacheCapacity, mj_getCacheSize, mj_setCacheCapacity and
// mj_clearCache over the process's asset cache (mjsim/cache.h, compiler/asset_cache.cc). As
// in mujoco, the cache is handed out as a capsule, and None stands for no cache (capacity and
// size 0, clearing does nothing).
#include "bindings.h"
#include "mjsim/cache.h"

namespace mjsim {
namespace {

constexpr const char* kCapsuleName = "mjsim.AssetCache";

// the cache a capsule from mj_getCache names; nullptr for None; TypeError for anything else
AssetCache* CacheOf(const py::object& cache) {
  if (cache.is_none()) return nullptr;
  if (!PyCapsule_CheckExact(cache.ptr()) || !PyCapsule_IsValid(cache.ptr(), kCapsuleName)) {
    throw py::type_error("cache must be the capsule mj_getCache() returns, or None");
  }
  return static_cast<AssetCache*>(PyCapsule_GetPointer(cache.ptr(), kCapsuleName));
}

}  // namespace

void BindAssetCache(py::module_& module) {
  module.def("mj_getCache", []() {
    return py::capsule(static_cast<void*>(&mj_getCache()), kCapsuleName);
  }, "The process's asset cache (a capsule for the other cache functions): the contents of the asset files models were compiled from.");
  module.def("mj_getCacheCapacity", [](const py::object& cache) -> size_t {
    AssetCache* found = CacheOf(cache);
    return found ? found->Capacity() : 0;
  }, py::arg("cache"), "Most bytes of file contents the asset cache holds.");
  module.def("mj_getCacheSize", [](const py::object& cache) -> size_t {
    AssetCache* found = CacheOf(cache);
    return found ? found->Size() : 0;
  }, py::arg("cache"), "Bytes of file contents the asset cache holds now.");
  module.def("mj_setCacheCapacity", [](const py::object& cache, size_t size) -> size_t {
    AssetCache* found = CacheOf(cache);
    return found ? found->SetCapacity(size) : 0;
  }, py::arg("cache"), py::arg("size"),
     "Change the asset cache's capacity in bytes (0 keeps nothing), dropping the least recently used files that no longer fit; returns the capacity.");
  module.def("mj_clearCache", [](const py::object& cache) {
    if (AssetCache* found = CacheOf(cache)) found->Clear();
  }, py::arg("cache"), "Empty the asset cache.");
}

}  // namespace mjsim
