// discard_visual.cc: compiler discardvisual, the Spec without its purely visual elements.
// Measured on mujoco 3.3.7 (docs/REFERENCE-BEHAVIOURS.md, "discardvisual"):
//   - a geom with contype = conaffinity = 0 goes, unless another element names it (a pair, a
//     sensor, a tuple); the bodies keep the mass properties found with it
//   - every material and texture goes, used or not: geoms lose their material, and any other
//     element naming one (site, tendon, skin, flex material, light texture) fails to compile
//   - a mesh no remaining geom uses goes; height fields stay
#include "compiler/discard_visual.h"

#include <set>
#include <string>

#include "compiler/meshes.h"

namespace mjsim {
namespace {

bool IsVisual(const SpecGeom& geom) { return geom.contype == 0 && geom.conaffinity == 0; }

std::set<std::string> ReferencedGeomNames(const Spec& spec) {
  std::set<std::string> names;
  for (const SpecPair& pair : spec.pairs) names.insert({pair.geom1, pair.geom2});
  for (const SpecSensor& sensor : spec.sensors) {
    if (sensor.objtype == mjOBJ_GEOM) names.insert(sensor.objname);
    if (sensor.reftype == mjOBJ_GEOM) names.insert(sensor.refname);
  }
  for (const SpecTuple& tuple : spec.tuples) {
    for (const SpecTupleElement& element : tuple.elements) {
      if (element.objtype == mjOBJ_GEOM) names.insert(element.objname);
    }
  }
  return names;
}

bool IsDiscarded(const SpecGeom& geom, const std::set<std::string>& referenced) {
  return IsVisual(geom) && (geom.name.empty() || !referenced.count(geom.name));
}

// counts the discarded geoms and collects the meshes the others use
int CountDiscardedGeoms(const SpecBody& body, const std::set<std::string>& referenced,
                        std::set<std::string>& used_meshes) {
  int discarded = 0;
  for (const SpecGeom& geom : body.geoms) {
    if (IsDiscarded(geom, referenced)) {
      ++discarded;
    } else if (!geom.mesh.empty()) {
      used_meshes.insert(geom.mesh);
    }
  }
  for (const SpecBody& child : body.children) {
    discarded += CountDiscardedGeoms(child, referenced, used_meshes);
  }
  return discarded;
}

// drops the discarded geoms and clears the others' materials
void StripBody(SpecBody& body, const std::set<std::string>& referenced) {
  ElementList<SpecGeom> kept;
  for (SpecGeom& geom : body.geoms) {
    if (IsDiscarded(geom, referenced)) continue;
    geom.material.clear();
    kept.push_back(std::move(geom));
  }
  body.geoms = std::move(kept);
  for (SpecBody& child : body.children) StripBody(child, referenced);
}

}  // namespace

bool HasVisualElements(const Spec& spec) {
  std::set<std::string> used_meshes;
  if (CountDiscardedGeoms(spec.worldbody, ReferencedGeomNames(spec), used_meshes) > 0) return true;
  for (const SpecMesh& mesh : spec.meshes) {
    if (!used_meshes.count(MeshName(mesh))) return true;
  }
  return !spec.materials.empty() || !spec.textures.empty();
}

Spec WithoutVisualElements(const Spec& spec) {
  std::set<std::string> referenced = ReferencedGeomNames(spec), used_meshes;
  CountDiscardedGeoms(spec.worldbody, referenced, used_meshes);
  Spec stripped = spec;
  StripBody(stripped.worldbody, referenced);
  stripped.materials.clear();
  stripped.textures.clear();
  ElementList<SpecMesh> meshes;
  for (SpecMesh& mesh : stripped.meshes) {
    if (used_meshes.count(MeshName(mesh))) meshes.push_back(std::move(mesh));
  }
  stripped.meshes = std::move(meshes);
  return stripped;
}

}  // namespace mjsim
