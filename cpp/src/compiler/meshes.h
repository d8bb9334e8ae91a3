// meshes.h: mesh assets as the compiler stages see them (compiler/meshes.cc).
#pragma once
#include "compiler/context.h"
#include "compiler/mass.h"

namespace mjsim {

// What CollectMeshes computes per mesh and FillGeoms/FillMeshes read.
struct MeshInfo {
  int placeholder = 0;
};

// A mesh geom takes its frame and size from its mesh (as the reference: the geom frame moves to
// the mesh's inertial frame; the size is that of the mesh's equivalent inertia box, or its
// bounding box with fitaabb). Called by FillGeoms with the geom's own pos/quat already resolved.
void ResolveMeshGeom(const CompileContext& ctx, int mesh, const SpecGeom& geom, mjtNum size[3],
                     mjtNum pos[3], mjtNum quat[4]);

// Mass properties of a mesh geom with the given mass (per the geom's mass or density), about
// the resolved geom frame.
MassProperties MeshGeomMassProperties(const CompileContext& ctx, int mesh, const SpecGeom& geom,
                                      const mjtNum pos[3], const mjtNum quat[4]);

}  // namespace mjsim
