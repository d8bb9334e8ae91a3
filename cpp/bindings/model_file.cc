// model_file.cc: mj_saveModel, mj_sizeModel and MjModel.from_binary_path with mjsim's own
// binary model format (not MuJoCo's MJB: a file saved by one engine is not read by the
// other). A file holds a header, the model's sizes, its option/visual/statistic structs and its
// array buffer, in this build's memory layout: it is read back by the same mjsim version on the
// same kind of machine; anything else is rejected with a ValueError.
//
//   header: "MJSIMMJB" | uint32 version | uint32 nsizes | uint32 sizeof Option, Visual,
//           Statistic | uint64 buffer bytes
//   body:   int32 sizes[nsizes] | Option | Visual | Statistic | buffer
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <type_traits>

#include "bindings.h"
#include "mjsim/errors.h"

namespace mjsim {
namespace {

constexpr char kMagic[8] = {'M', 'J', 'S', 'I', 'M', 'M', 'J', 'B'};
constexpr uint32_t kVersion = 1;

constexpr uint32_t SizeCount() {
  uint32_t count = 0;
#define MJSIM_X(name, doc) ++count;
  MJSIM_MODEL_SIZES(MJSIM_X)
#undef MJSIM_X
  return count;
}

struct Header {
  char magic[8];
  uint32_t version, nsizes, option_bytes, visual_bytes, statistic_bytes;
  uint64_t buffer_bytes;
};

template <typename T>
void Append(std::string& out, const T& value) {
  static_assert(std::is_trivially_copyable_v<T>);
  out.append(reinterpret_cast<const char*>(&value), sizeof(T));
}

std::string SerializeModel(const Model& m) {
  Header header{};
  std::memcpy(header.magic, kMagic, sizeof(kMagic));
  header.version = kVersion;
  header.nsizes = SizeCount();
  header.option_bytes = sizeof(Option);
  header.visual_bytes = sizeof(Visual);
  header.statistic_bytes = sizeof(Statistic);
  header.buffer_bytes = m.buffer.size();
  std::string out;
  Append(out, header);
#define MJSIM_X(name, doc) Append(out, static_cast<int32_t>(m.name));
  MJSIM_MODEL_SIZES(MJSIM_X)
#undef MJSIM_X
  Append(out, m.opt);
  Append(out, m.vis);
  Append(out, m.stat);
  out.append(reinterpret_cast<const char*>(m.buffer.bytes()), m.buffer.size());
  return out;
}

size_t SerializedSize(const Model& m) {
  return sizeof(Header) + sizeof(int32_t) * SizeCount() + sizeof(Option) + sizeof(Visual) +
         sizeof(Statistic) + m.buffer.size();
}

// reads sizeof(T) bytes at `offset`, or throws when the file is too short
template <typename T>
void Read(const std::string& bytes, size_t* offset, T* value) {
  if (bytes.size() < *offset + sizeof(T)) throw py::value_error("binary model file is truncated");
  std::memcpy(value, bytes.data() + *offset, sizeof(T));
  *offset += sizeof(T);
}

std::shared_ptr<Model> DeserializeModel(const std::string& bytes) {
  size_t offset = 0;
  Header header;
  Read(bytes, &offset, &header);
  if (std::memcmp(header.magic, kMagic, sizeof(kMagic)) != 0) {
    throw py::value_error("not an mjsim binary model (mjsim reads only files written by its "
                          "own mj_saveModel, not MuJoCo MJB files)");
  }
  if (header.version != kVersion || header.nsizes != SizeCount() ||
      header.option_bytes != sizeof(Option) || header.visual_bytes != sizeof(Visual) ||
      header.statistic_bytes != sizeof(Statistic)) {
    throw py::value_error("binary model was written by another mjsim version or build");
  }
  auto m = std::make_shared<Model>();
  int32_t size;  // -1 is the "unset" of njmax, nconmax, ...
#define MJSIM_X(name, doc)                                                               \
  Read(bytes, &offset, &size);                                                           \
  if (size < -1) throw py::value_error("binary model has a bad size for " #name);      \
  m->name = size;
  MJSIM_MODEL_SIZES(MJSIM_X)
#undef MJSIM_X
  Read(bytes, &offset, &m->opt);
  Read(bytes, &offset, &m->vis);
  Read(bytes, &offset, &m->stat);
  if (bytes.size() - offset != header.buffer_bytes) {
    throw py::value_error("binary model file has the wrong length");
  }
  FillLoadedModel(*m, bytes.data() + offset, header.buffer_bytes, "binary model");
  return m;
}

std::string ReadFileBytes(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw py::value_error("could not open binary model file '" + path + "'");
  std::ostringstream content;
  content << file.rdbuf();
  return content.str();
}

// sizes that size Data or scratch but no Model array: nmocap counts the bodies with a mocap
// id, ntree the kinematic trees (at most one per body)
void CheckDerivedCounts(const Model& m) {
  int mocap_bodies = 0;
  for (int b = 0; b < m.nbody; ++b) mocap_bodies += m.body_mocapid[b] >= 0;
  if (mocap_bodies != m.nmocap) {
    throw FatalError("nmocap is " + std::to_string(m.nmocap) + " but " +
                     std::to_string(mocap_bodies) + " bodies are mocap bodies");
  }
  if (m.ntree < 0 || m.ntree > m.nbody) {
    throw FatalError("ntree is " + std::to_string(m.ntree) + " for " + std::to_string(m.nbody) + " bodies");
  }
}

}  // namespace

void FillLoadedModel(Model& m, const char* buffer, size_t bytes, const char* what) {
  if (CheckedModelBytes(m) != bytes) {
    throw py::value_error(std::string(what) + " is corrupted: its sizes do not match its " +
                          std::to_string(bytes) + "-byte array buffer");
  }
  AllocateModelArrays(m);
  std::memcpy(m.buffer.bytes(), buffer, bytes);
  // a saved model's Data is of the order of its arrays: a size that only Data uses
  // (nmocap, nuserdata, ...) corrupted to billions would otherwise fill gigabytes
  size_t data_bytes = CheckedDataBytes(m);
  if (data_bytes == SIZE_MAX || data_bytes > std::max<size_t>(size_t{1} << 28, 64 * bytes)) {
    throw py::value_error(std::string(what) + " is corrupted: its Data would need " +
                          (data_bytes == SIZE_MAX ? std::string("more than 2^48") : std::to_string(data_bytes)) +
                          " bytes for a " + std::to_string(bytes) + "-byte model");
  }
  try {
    mj_checkModel(m, what, true);
    CheckDerivedCounts(m);
    CheckDataFitsMemory(m);
  } catch (const std::exception& error) {
    throw py::value_error(std::string(what) + " is corrupted: " + error.what());
  }
}

void BindModelFiles(py::module_& module) {
  module.def("mj_sizeModel", [](const PyModel& m) {
    return static_cast<long long>(SerializedSize(*m.model));
  }, py::arg("m"), "Bytes mj_saveModel writes for m (mjsim's own binary layout).");
  module.def("mj_saveModel", [](const PyModel& m, py::object filename, py::object buffer) {
    if (filename.is_none() == buffer.is_none()) {
      throw py::value_error("mj_saveModel: give exactly one of filename and buffer");
    }
    std::string bytes = SerializeModel(*m.model);
    if (!buffer.is_none()) {
      if (!py::isinstance<py::array>(buffer)) throw py::type_error("buffer must be a uint8 array");
      py::array array = buffer;
      if (!array.dtype().is(py::dtype::of<uint8_t>()) || !array.writeable() ||
          !(array.flags() & py::array::c_style)) {
        throw py::type_error("buffer must be a writable C-contiguous uint8 array");
      }
      if (static_cast<size_t>(array.size()) != bytes.size()) {
        throw py::value_error("buffer must have mj_sizeModel(m) = " +
                              std::to_string(bytes.size()) + " bytes, got " +
                              std::to_string(array.size()));
      }
      std::memcpy(array.mutable_data(), bytes.data(), bytes.size());
      return;
    }
    std::string path = filename.cast<std::string>();
    std::ofstream file(path, std::ios::binary);
    if (!file || !file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()))) {
      throw py::value_error("could not write binary model file '" + path + "'");
    }
  }, py::arg("m"), py::arg("filename") = py::none(), py::arg("buffer") = py::none(),
     "Save model to a binary file or to a uint8 buffer of mj_sizeModel(m) bytes. mjsim's own "
     "format (read by MjModel.from_binary_path), not MuJoCo's MJB.");
  auto model = py::reinterpret_borrow<py::class_<PyModel, std::shared_ptr<PyModel>>>(
      module.attr("MjModel"));
  model.def_static("from_binary_path", [](const std::string& filename, py::object assets) {
    std::string bytes;
    if (!assets.is_none() && py::dict(assets).contains(filename)) {
      bytes = py::dict(assets)[py::str(filename)].cast<std::string>();
    } else {
      bytes = ReadFileBytes(filename);
    }
    return std::make_shared<PyModel>(DeserializeModel(bytes));
  }, py::arg("filename"), py::arg("assets") = py::none(),
     "Loads an MjModel from a binary file written by mjsim's mj_saveModel (the filename may "
     "also be a key of the assets dictionary). MuJoCo MJB files are not read.");
}

}  // namespace mjsim
