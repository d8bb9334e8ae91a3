// paths.h: file path pieces used by the reader and the compiler ('/' and '\' both separate).
#pragma once
#include <string>

namespace mjsim {

inline bool IsAbsolutePath(const std::string& path) {
  return !path.empty() && (path[0] == '/' || path[0] == '\\' || (path.size() > 1 && path[1] == ':'));
}

// the directory part, with its trailing separator ("" when there is none)
inline std::string DirectoryOf(const std::string& path) {
  size_t slash = path.find_last_of("/\\");
  return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

// the file name without directories
inline std::string FileName(const std::string& path) {
  size_t slash = path.find_last_of("/\\");
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// the file name without directories and extension: the default name of an asset
inline std::string FileStem(const std::string& path) {
  std::string base = FileName(path);
  size_t dot = base.rfind('.');
  return dot == std::string::npos ? base : base.substr(0, dot);
}

}  // namespace mjsim
