// mesh.h: Spec elements for mesh assets.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "spec/common.h"

namespace mjsim {

// mjtMeshInertia: how a mesh's volume, centre and inertia are computed
enum MeshInertia { kMeshInertiaConvex = 0, kMeshInertiaExact, kMeshInertiaLegacy, kMeshInertiaShell };

// <mesh>: values as written. Vertex data given inline are stored in single precision, as the
// reference stores them; a file's data are read by the compiler (compiler/meshes.cc).
struct SpecMesh : SpecElement {
  std::string content_type;
  std::string file;
  std::string plugin;    // the plugin instance it uses ("" none)
  std::string material;  // given to geoms of this mesh that name no material
  std::vector<float> vertex;    // 3 per vertex
  std::vector<float> normal;    // 3 per normal
  std::vector<float> texcoord;  // 2 per texture coordinate
  std::vector<int> face;        // 3 per triangle
  mjtNum refpos[3] = {0, 0, 0};
  mjtNum refquat[4] = {1, 0, 0, 0};
  mjtNum scale[3] = {1, 1, 1};
  bool smoothnormal = false;
  int maxhullvert = -1;  // -1: no limit
  int inertia = kMeshInertiaLegacy;  // the reference's default (observed)
};

}  // namespace mjsim
