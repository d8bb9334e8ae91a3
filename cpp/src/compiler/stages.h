// stages.h: the compiler stages, one file each. The order of calls is in compile.cc.
//   Collect*(ctx, m): sizes of the stage's arrays and the names of its objects (before
//                     allocation); may read asset files and precompute what FillGeoms needs.
//   Fill*(ctx, m):    the stage's Model arrays.
#pragma once
#include "compiler/context.h"

namespace mjsim {

void CollectMeshes(CompileContext& ctx, Model& m);         // meshes.cc
void FillMeshes(CompileContext& ctx, Model& m);
void CollectAssets(CompileContext& ctx, Model& m);         // assets.cc: hfield, texture, material
void FillAssets(CompileContext& ctx, Model& m);
void CollectSkins(CompileContext& ctx, Model& m);          // skins.cc
void FillSkins(CompileContext& ctx, Model& m);
void CollectCamerasLights(CompileContext& ctx, Model& m);  // cameras_lights.cc
void FillCamerasLights(CompileContext& ctx, Model& m);
void CollectTendons(CompileContext& ctx, Model& m);        // tendons.cc
void FillTendons(CompileContext& ctx, Model& m);
void CollectActuators(CompileContext& ctx, Model& m);      // actuators.cc
void FillActuators(CompileContext& ctx, Model& m);
// after FillConstants: <compiler><lengthrange> by simulation (mj_setLengthRange)
void ComputeLengthRanges(const CompileContext& ctx, Model& m);
void CollectSensors(CompileContext& ctx, Model& m);        // sensors.cc
void FillSensors(CompileContext& ctx, Model& m);
void CollectEqualities(CompileContext& ctx, Model& m);     // equality.cc: equality, pair, exclude
void FillEqualities(CompileContext& ctx, Model& m);
void CollectCustom(CompileContext& ctx, Model& m);         // custom.cc: numeric, text, tuple, key
void FillCustom(CompileContext& ctx, Model& m);
// m.stat at qpos0 (statistic.cc); runs at the end of FillCustom, after bodies, joints, geoms,
// sites and masses are filled
void ComputeStatistic(const CompileContext& ctx, Model& m);
// flexes.cc: flex_*, flexvert/edge/elem arrays and the flexes' trees (nbvhdynamic); Collect
// runs before CollectBounding, Fill after FillBounding (the flex trees follow the static ones)
void CollectFlexes(CompileContext& ctx, Model& m);
void FillFlexes(CompileContext& ctx, Model& m);
void CollectBounding(CompileContext& ctx, Model& m);       // bounding.cc: geom bounds, body BVHs, fluid
void FillBounding(CompileContext& ctx, Model& m);
void CollectConstants(CompileContext& ctx, Model& m);      // constants.cc: runs last
void FillConstants(CompileContext& ctx, Model& m);

// hfield geoms take their size from the hfield (assets.cc)
void ResolveHFieldGeom(const CompileContext& ctx, int hfield, const SpecGeom& geom, mjtNum size[3]);

}  // namespace mjsim
