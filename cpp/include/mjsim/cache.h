// cache.h: the asset cache (mj_getCache and its functions): the bytes of the asset files the
// compiler reads (meshes, skins, textures, height fields), kept across model loads, so that
// compiling a model again reads none of its unchanged files. An entry is found by the file's
// path and checked against its size and modification time, so an edited file is read anew.
// The capacity is in bytes of file contents (500 MB to start with, the reference's default);
// when an entry would exceed it, the least recently used entries leave first; capacity 0
// keeps nothing. One cache serves the whole process and is safe to use from several threads.
#pragma once
#include <cstddef>
#include <cstdint>
#include <list>
#include <mutex>
#include <string>
#include <unordered_map>

namespace mjsim {

// what identifies one version of a file on disk
struct FileStamp {
  long long size = 0;
  long long modified_ns = 0;  // modification time, nanoseconds since the epoch
  bool operator==(const FileStamp& other) const {
    return size == other.size && modified_ns == other.modified_ns;
  }
};

class AssetCache {
 public:
  static constexpr size_t kDefaultCapacity = 500u << 20;

  size_t Capacity() const;
  size_t Size() const;  // bytes of file contents held
  // evicts until the contents fit; returns the new capacity
  size_t SetCapacity(size_t bytes);
  void Clear();
  // the bytes of `path` as stamped, if held (the entry becomes the most recently used)
  bool Find(const std::string& path, const FileStamp& stamp, std::string* bytes);
  // holds `bytes` as the contents of `path` (replacing an older version), if they fit
  void Insert(const std::string& path, const FileStamp& stamp, const std::string& bytes);

 private:
  struct Entry {
    std::string path;
    FileStamp stamp;
    std::string bytes;
  };
  void EvictTo(size_t bytes);  // drops least recently used entries until size <= bytes
  void Erase(std::list<Entry>::iterator entry);

  mutable std::mutex mutex_;
  size_t capacity_ = kDefaultCapacity;
  size_t size_ = 0;
  std::list<Entry> entries_;  // most recently used first
  std::unordered_map<std::string, std::list<Entry>::iterator> by_path_;
};

// the process's asset cache
AssetCache& mj_getCache();

}  // namespace mjsim
