// asset_cache.cc: the process-wide asset cache of mjsim/cache.h, a least-recently-used list of
// file contents with an index by path.
#include "mjsim/cache.h"

#include <iterator>

namespace mjsim {

size_t AssetCache::Capacity() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return capacity_;
}

size_t AssetCache::Size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return size_;
}

size_t AssetCache::SetCapacity(size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  capacity_ = bytes;
  EvictTo(capacity_);
  return capacity_;
}

void AssetCache::Clear() {
  std::lock_guard<std::mutex> lock(mutex_);
  EvictTo(0);
}

bool AssetCache::Find(const std::string& path, const FileStamp& stamp, std::string* bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto found = by_path_.find(path);
  if (found == by_path_.end()) return false;
  if (!(found->second->stamp == stamp)) {  // the file changed since it was read
    Erase(found->second);
    return false;
  }
  entries_.splice(entries_.begin(), entries_, found->second);
  *bytes = found->second->bytes;
  return true;
}

void AssetCache::Insert(const std::string& path, const FileStamp& stamp,
                        const std::string& bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto found = by_path_.find(path);
  if (found != by_path_.end()) Erase(found->second);
  if (bytes.size() > capacity_) return;
  EvictTo(capacity_ - bytes.size());
  entries_.push_front(Entry{path, stamp, bytes});
  by_path_[path] = entries_.begin();
  size_ += bytes.size();
}

void AssetCache::EvictTo(size_t bytes) {
  while (size_ > bytes && !entries_.empty()) Erase(std::prev(entries_.end()));
}

void AssetCache::Erase(std::list<Entry>::iterator entry) {
  size_ -= entry->bytes.size();
  by_path_.erase(entry->path);
  entries_.erase(entry);
}

AssetCache& mj_getCache() {
  static AssetCache cache;
  return cache;
}

}  // namespace mjsim
