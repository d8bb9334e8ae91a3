// mesh_files.cc: readers of the mesh file formats: OBJ (text), STL (ASCII and binary) and MSH
// (MuJoCo's binary: four int32 counts, then float32 vertices, normals, texcoords, int32 faces).
// Each fills a MeshData with the file's values as stored (single precision); errors throw a
// MeshFileError that the compiler reports naming the mesh and file.
#include <cstdint>
#include <cstring>
#include <sstream>

#include "compiler/meshes.h"

namespace mjsim {
namespace {

bool EndsWithNoCase(const std::string& text, const std::string& suffix) {
  if (text.size() < suffix.size()) return false;
  for (size_t i = 0; i < suffix.size(); ++i) {
    char a = text[text.size() - suffix.size() + i];
    if (std::tolower(static_cast<unsigned char>(a)) != suffix[i]) return false;
  }
  return true;
}

template <typename T>
T ReadBinary(const std::string& bytes, size_t offset) {
  T value;
  std::memcpy(&value, bytes.data() + offset, sizeof(T));
  return value;
}

// ---- STL --------------------------------------------------------------------------------------

// binary STL: 80-byte header, uint32 triangle count, then per triangle 12 float32 (normal, three
// vertices) and a uint16 attribute
bool IsBinaryStl(const std::string& bytes) {
  if (bytes.size() < 84) return false;
  uint32_t count = ReadBinary<uint32_t>(bytes, 80);
  return bytes.size() == 84 + 50 * static_cast<size_t>(count);
}

void ReadBinaryStl(const std::string& bytes, MeshData& data) {
  uint32_t count = ReadBinary<uint32_t>(bytes, 80);
  for (uint32_t t = 0; t < count; ++t) {
    size_t offset = 84 + 50 * static_cast<size_t>(t) + 12;  // skip the stored normal
    for (int i = 0; i < 9; ++i) data.vert.push_back(ReadBinary<float>(bytes, offset + 4 * i));
  }
}

void ReadAsciiStl(const std::string& bytes, MeshData& data) {
  std::istringstream stream(bytes);
  std::string word;
  stream >> word;
  if (word != "solid") throw MeshFileError("not a binary STL (size does not match the triangle count) nor an ASCII STL");
  int line_vertices = 0;
  while (stream >> word) {
    if (word == "vertex") {
      double x, y, z;
      if (!(stream >> x >> y >> z)) throw MeshFileError("ASCII STL: 'vertex' needs 3 numbers");
      data.vert.push_back(static_cast<float>(x));
      data.vert.push_back(static_cast<float>(y));
      data.vert.push_back(static_cast<float>(z));
      ++line_vertices;
    } else if (word == "endloop") {
      if (line_vertices != 3) throw MeshFileError("ASCII STL: a facet needs exactly 3 vertices, got " + std::to_string(line_vertices));
      line_vertices = 0;
    }
  }
  if (data.vert.empty()) throw MeshFileError("ASCII STL has no facets");
}

// STL stores each triangle's corners separately: equal positions become one vertex, in order
// of first appearance
void MergeStlVertices(MeshData& data) {
  std::vector<float> unique;
  std::map<std::array<float, 3>, int> index;
  int corners = static_cast<int>(data.vert.size() / 3);
  for (int c = 0; c < corners; ++c) {
    std::array<float, 3> p = {data.vert[3 * c], data.vert[3 * c + 1], data.vert[3 * c + 2]};
    auto found = index.emplace(p, static_cast<int>(unique.size() / 3));
    if (found.second) unique.insert(unique.end(), p.begin(), p.end());
    data.face.push_back(found.first->second);
  }
  data.vert = std::move(unique);
}

void ReadStl(const std::string& bytes, MeshData& data) {
  if (IsBinaryStl(bytes)) {
    ReadBinaryStl(bytes, data);
  } else {
    ReadAsciiStl(bytes, data);
  }
  MergeStlVertices(data);
}

// ---- MSH --------------------------------------------------------------------------------------

void ReadMsh(const std::string& bytes, MeshData& data) {
  if (bytes.size() < 16) throw MeshFileError("MSH file is shorter than its 16-byte header");
  int32_t nvert = ReadBinary<int32_t>(bytes, 0), nnormal = ReadBinary<int32_t>(bytes, 4);
  int32_t ntexcoord = ReadBinary<int32_t>(bytes, 8), nface = ReadBinary<int32_t>(bytes, 12);
  if (nvert < 4 || nnormal < 0 || ntexcoord < 0 || nface < 0) {
    throw MeshFileError("MSH header: need at least 4 vertices and non-negative counts, got " +
                        std::to_string(nvert) + " vertices, " + std::to_string(nnormal) + " normals, " +
                        std::to_string(ntexcoord) + " texcoords, " + std::to_string(nface) + " faces");
  }
  if ((nnormal && nnormal != nvert) || (ntexcoord && ntexcoord != nvert)) {
    throw MeshFileError("MSH header: normal and texcoord counts must be 0 or the vertex count");
  }
  size_t expected = 16 + 12 * (static_cast<size_t>(nvert) + nnormal + nface) + 8 * static_cast<size_t>(ntexcoord);
  if (bytes.size() != expected) {
    throw MeshFileError("MSH file size " + std::to_string(bytes.size()) + " does not match its header (" +
                        std::to_string(expected) + " bytes expected)");
  }
  size_t offset = 16;
  auto floats = [&](std::vector<float>& out, size_t count) {
    out.resize(count);
    if (count) std::memcpy(out.data(), bytes.data() + offset, 4 * count);
    offset += 4 * count;
  };
  floats(data.vert, 3 * static_cast<size_t>(nvert));
  floats(data.normal, 3 * static_cast<size_t>(nnormal));
  floats(data.texcoord, 2 * static_cast<size_t>(ntexcoord));
  data.face.resize(3 * static_cast<size_t>(nface));
  if (nface) std::memcpy(data.face.data(), bytes.data() + offset, 12 * static_cast<size_t>(nface));
}

// ---- OBJ --------------------------------------------------------------------------------------

// an OBJ index (1-based, or negative: relative to the end) as a 0-based index
int ObjIndex(const std::string& text, int count, int line) {
  char* end = nullptr;
  long value = std::strtol(text.c_str(), &end, 10);
  if (end == text.c_str() || *end != '\0' || value == 0) {
    throw MeshFileError("OBJ line " + std::to_string(line) + ": bad index '" + text + "'");
  }
  long index = value > 0 ? value - 1 : count + value;
  if (index < 0 || index >= count) {
    throw MeshFileError("OBJ line " + std::to_string(line) + ": index " + text + " out of range");
  }
  return static_cast<int>(index);
}

void ReadObjNumbers(std::istringstream& words, std::vector<float>& out, int count, int line) {
  for (int i = 0; i < count; ++i) {
    double value;
    if (!(words >> value)) {
      throw MeshFileError("OBJ line " + std::to_string(line) + ": needs " + std::to_string(count) + " numbers");
    }
    out.push_back(static_cast<float>(value));
  }
}

struct ObjCorner { int vert, texcoord = -1, normal = -1; };

ObjCorner ReadObjCorner(const std::string& token, const MeshData& data, int line) {
  ObjCorner corner;
  std::string parts[3];
  int part = 0;
  for (char c : token) {
    if (c == '/') {
      if (++part > 2) throw MeshFileError("OBJ line " + std::to_string(line) + ": bad face corner '" + token + "'");
    } else {
      parts[part] += c;
    }
  }
  corner.vert = ObjIndex(parts[0], static_cast<int>(data.vert.size() / 3), line);
  if (!parts[1].empty()) corner.texcoord = ObjIndex(parts[1], static_cast<int>(data.texcoord.size() / 2), line);
  if (!parts[2].empty()) corner.normal = ObjIndex(parts[2], static_cast<int>(data.normal.size() / 3), line);
  return corner;
}

// a polygon is split into a fan of triangles around its first corner
void AddObjPolygon(const std::vector<ObjCorner>& polygon, MeshData& data, int line) {
  if (polygon.size() < 3) throw MeshFileError("OBJ line " + std::to_string(line) + ": a face needs at least 3 vertices");
  for (size_t k = 1; k + 1 < polygon.size(); ++k) {
    for (size_t c : {size_t{0}, k, k + 1}) {
      data.face.push_back(polygon[c].vert);
      data.facetexcoord.push_back(polygon[c].texcoord);
      data.facenormal.push_back(polygon[c].normal);
    }
  }
}

void ReadObj(const std::string& bytes, MeshData& data) {
  std::istringstream stream(bytes);
  std::string text;
  int line = 0;
  while (std::getline(stream, text)) {
    ++line;
    std::istringstream words(text);
    std::string key;
    if (!(words >> key) || key[0] == '#') continue;
    if (key == "v") {
      ReadObjNumbers(words, data.vert, 3, line);
    } else if (key == "vn") {
      ReadObjNumbers(words, data.normal, 3, line);
    } else if (key == "vt") {
      ReadObjNumbers(words, data.texcoord, 2, line);
      data.texcoord.back() = 1 - data.texcoord.back();  // OBJ's v runs bottom-up
    } else if (key == "f") {
      std::vector<ObjCorner> polygon;
      std::string token;
      while (words >> token) polygon.push_back(ReadObjCorner(token, data, line));
      AddObjPolygon(polygon, data, line);
    }
  }
  // corners without a normal or texcoord index: none for the whole mesh unless all have one
  auto all_given = [](const std::vector<int>& list) {
    for (int i : list) if (i < 0) return false;
    return !list.empty();
  };
  if (!all_given(data.facenormal)) data.facenormal.clear();
  if (!all_given(data.facetexcoord)) data.facetexcoord.clear();
}

}  // namespace

// content_type wins over the file extension
MeshFileFormat MeshFormatOf(const std::string& file, const std::string& content_type) {
  if (content_type == "model/stl") return MeshFileFormat::kStl;
  if (content_type == "model/obj") return MeshFileFormat::kObj;
  if (content_type == "model/vnd.mujoco.msh") return MeshFileFormat::kMsh;
  if (!content_type.empty()) return MeshFileFormat::kUnknown;
  if (EndsWithNoCase(file, ".stl")) return MeshFileFormat::kStl;
  if (EndsWithNoCase(file, ".obj")) return MeshFileFormat::kObj;
  if (EndsWithNoCase(file, ".msh")) return MeshFileFormat::kMsh;
  return MeshFileFormat::kUnknown;
}

void ReadMeshFile(const std::string& bytes, MeshFileFormat format, MeshData& data) {
  switch (format) {
    case MeshFileFormat::kStl: ReadStl(bytes, data); return;
    case MeshFileFormat::kObj: ReadObj(bytes, data); return;
    case MeshFileFormat::kMsh: ReadMsh(bytes, data); return;
    case MeshFileFormat::kUnknown: throw MeshFileError("unknown mesh file type (expected .stl, .obj or .msh)");
  }
}

}  // namespace mjsim
