// mesh_builtin.h: the procedural meshes of MJCF's <mesh builtin= params=> and MjsMesh.make_*
// (mjtMeshBuiltin). Each generator replaces a mesh's vertex (and face, normal) data; the compiler
// then treats them as data written by the user. One row per builtin in kMeshBuiltins.
#pragma once
#include <string>
#include <vector>

#include "spec/mesh.h"

namespace mjsim {

enum MeshBuiltin {
  kMeshBuiltinNone = 0,
  kMeshBuiltinSphere,
  kMeshBuiltinHemisphere,
  kMeshBuiltinCone,
  kMeshBuiltinSupersphere,
  kMeshBuiltinSupertorus,
  kMeshBuiltinWedge,
  kMeshBuiltinPlate,
};

struct MeshBuiltinInfo {
  MeshBuiltin type;
  const char* keyword;        // MJCF builtin= value
  int nparams;                // numbers params= must hold
  const char* count_message;  // the reference's words when params holds another count
};

extern const std::vector<MeshBuiltinInfo> kMeshBuiltins;

// Replaces `mesh`'s data with builtin `type` made from `params` (their meaning is the order of
// MjsMesh.make_*'s arguments). Throws ModelError with the reference's message ("Error: ...") for
// a wrong count or a parameter out of range.
void MakeBuiltinMesh(SpecMesh& mesh, MeshBuiltin type, const std::vector<double>& params);

}  // namespace mjsim
