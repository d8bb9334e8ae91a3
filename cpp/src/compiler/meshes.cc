// meshes.cc: compiler stage for mesh assets: file readers, convex hull, volume and inertia, mesh frames.
// NOT YET IMPLEMENTED: the reader rejects these elements, so the Spec lists are empty here.
#include "compiler/meshes.h"
#include "compiler/stages.h"

namespace mjsim {

void CollectMeshes(CompileContext& ctx, Model& m) {}

void FillMeshes(CompileContext& ctx, Model& m) {}

void ResolveMeshGeom(const CompileContext& ctx, int mesh, const SpecGeom& geom, mjtNum size[3],
                     mjtNum pos[3], mjtNum quat[4]) {
  ctx.Fail("geom", geom.name, -1, geom.source, "mesh geoms are not supported by mjsim yet");
}

MassProperties MeshGeomMassProperties(const CompileContext& ctx, int mesh, const SpecGeom& geom,
                                      const mjtNum pos[3], const mjtNum quat[4]) {
  ctx.Fail("geom", geom.name, -1, geom.source, "mesh geoms are not supported by mjsim yet");
}

}  // namespace mjsim
