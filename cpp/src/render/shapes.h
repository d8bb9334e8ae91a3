// shapes.h: the display lists of MjrContext: builtin unit shapes a geom scales, one list per
// model plane, two per mesh (the mesh, its convex hull) and one per height field.
#pragma once
#include "mjsim/model.h"
#include "mjsim/render.h"

namespace mjsim {
void MakeBuiltinLists(const Model& m, RenderContext& con);
void MakePlaneLists(const Model& m, RenderContext& con);
void MakeMeshLists(const Model& m, RenderContext& con);
void MakeHFieldLists(const Model& m, RenderContext& con);
// the model's textures and the materials' texture settings (textures.cc); one texture again
void MakeTextures(const Model& m, RenderContext& con);
void UploadModelTexture(const Model& m, RenderContext& con, int tex);
void DeleteTextures(RenderContext& con);
// the lists of one mesh (2 meshid, 2 meshid + 1) and of one height field, drawn again
void RecordMeshLists(const Model& m, const RenderContext& con, int mesh);
void RecordHFieldList(const Model& m, const RenderContext& con, int hfield);
}  // namespace mjsim
