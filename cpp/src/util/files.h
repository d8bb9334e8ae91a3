// files.h: reading a whole file that the model names (the main MJCF, an <include>, a mesh or
// texture). Only regular files are read, so that a FIFO, a directory or a device such as
// /dev/zero gives an error rather than a hang or an endless read.
#pragma once
#include <sys/stat.h>

#include <fstream>
#include <sstream>
#include <string>

#include "mjsim/cache.h"

namespace mjsim {

enum class FileStatus { kOk, kMissing, kNotRegular, kTooLarge, kUnreadable };

// the reference reads at most 2 GB (it warns "File size over 2GB is not supported")
constexpr long long kMaxModelFileBytes = 2147483647LL;

inline FileStatus ReadRegularFile(const std::string& path, std::string& contents) {
  struct stat info;
  if (stat(path.c_str(), &info) != 0) return FileStatus::kMissing;
  if (!S_ISREG(info.st_mode)) return FileStatus::kNotRegular;
  if (info.st_size > kMaxModelFileBytes) return FileStatus::kTooLarge;
  std::ifstream file(path, std::ios::binary);
  if (!file) return FileStatus::kUnreadable;
  std::ostringstream text;
  text << file.rdbuf();
  if (file.bad()) return FileStatus::kUnreadable;
  contents = text.str();
  return FileStatus::kOk;
}

// the size and modification time of a regular file; false if it is none
inline bool StampOf(const std::string& path, FileStamp* stamp) {
  struct stat info;
  if (stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return false;
  stamp->size = static_cast<long long>(info.st_size);
#if defined(__APPLE__)
  stamp->modified_ns = info.st_mtimespec.tv_sec * 1000000000LL + info.st_mtimespec.tv_nsec;
#elif defined(_WIN32)
  stamp->modified_ns = static_cast<long long>(info.st_mtime) * 1000000000LL;
#else
  stamp->modified_ns = info.st_mtim.tv_sec * 1000000000LL + info.st_mtim.tv_nsec;
#endif
  return true;
}

// why a file could not be read, for an error message ("" when it was read)
inline const char* FileStatusText(FileStatus status) {
  switch (status) {
    case FileStatus::kOk: return "";
    case FileStatus::kMissing: return "No such file or directory";
    case FileStatus::kNotRegular: return "not a regular file (a directory, FIFO or device)";
    case FileStatus::kTooLarge: return "file larger than 2 GB";
    default: return "could not be read";
  }
}

}  // namespace mjsim
