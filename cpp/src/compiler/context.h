// context.h: what the compiler stages share while turning a Spec into a Model.
//
// Compilation runs in two passes over the stages (stages.h). Collect* reads the Spec, sets the
// stage's Model sizes and registers its objects' names; then the Model arrays are allocated
// once; then Fill* writes the stage's arrays. Names are known to every stage before any Fill*,
// so a reference to an object of another stage resolves with FindId.
#pragma once
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "compiler/mass.h"
#include "mjsim/api.h"
#include "mjsim/model.h"
#include "spec/spec.h"

namespace mjsim {

struct MeshInfo;  // compiler/meshes.h

// A rigid transform placed in front of an element's own pose: identity, except for elements of
// a body fused into its parent by compiler fusestatic.
struct Pose {
  mjtNum pos[3] = {0, 0, 0};
  mjtNum quat[4] = {1, 0, 0, 0};
};

// pos/quat (relative to the pose's inner frame) become relative to its outer frame
void ApplyPose(const Pose& pose, mjtNum pos[3], mjtNum quat[4]);
// the same, pos rotated through the rotation matrix of pose.quat
void ApplyPoseThroughMatrix(const Pose& pose, mjtNum pos[3], mjtNum quat[4]);
Pose InversePose(const Pose& pose);

// Names of bodies that other elements refer to (sensors, actuators, equalities, excludes,
// cameras, lights, tuples, ...): fusestatic keeps them as bodies.
std::set<std::string> CollectReferencedBodyNames(const Spec& spec);

class CompileContext {
 public:
  CompileContext(const Spec& spec, const AssetMap& assets);
  ~CompileContext();

  const Spec& spec;
  const AssetMap& assets;

  // Spec objects in id order: bodies depth-first (bodies[0] is the world), the others in the
  // order of their bodies, then document order
  std::vector<const SpecBody*> bodies;
  std::vector<int> parents;  // parents[b]: the parent body id; -1 for the world
  std::vector<const SpecJoint*> joints;
  std::vector<const SpecGeom*> geoms;
  std::vector<const SpecSite*> sites;
  std::vector<const SpecCamera*> cameras;
  std::vector<const SpecLight*> lights;
  std::vector<int> joint_body, geom_body, site_body, camera_body, light_body;
  // fusestatic offsets per object (identity unless fused), applied after ApplyFrame
  std::vector<Pose> body_offset, geom_offset, site_offset, camera_offset, light_offset;
  // Mass groups per body: the body itself, then each body fused into it, with its inertial
  // (nullptr for none) and offset; geom_massgroup[g] is the group a geom belongs to
  struct MassGroup {
    const SpecInertial* inertial;
    Pose offset;
  };
  std::vector<std::vector<MassGroup>> body_massgroups;
  std::vector<int> geom_massgroup;
  // compiler discardvisual compiles the model twice: first as written, up to the body masses
  // (stop_after_mass), then without its visual elements (discard_visual.cc). The second keeps
  // from the first each body's mass properties (before boundmass, settotalmass and alignfree)
  // and its body_margin, the largest margin of its geoms (measured).
  struct BodyAsWritten {
    MassProperties mass;
    mjtNum margin = 0;
  };
  std::vector<BodyAsWritten> bodies_as_written;             // filled by the first pass
  const std::vector<BodyAsWritten>* keep_bodies = nullptr;  // set for the second
  bool stop_after_mass = false;

  // Collect*: register the names of one object type, in id order (empty names allowed)
  void RegisterNames(int type, std::vector<std::string> names);
  // Asset file paths stored in Model.paths (mesh, hfield, texture), in id order; "" for none
  void RegisterPaths(int type, std::vector<std::string> paths);
  // id of the object of `type` named `name`; -1 when there is none
  int FindId(int type, const std::string& name) const;
  const std::vector<std::string>& Names(int type) const { return names_[type]; }
  const std::vector<std::string>& Paths(int type) const { return paths_[type]; }

  // "<type> '<name>' not found", for a reference to a missing object; a material or texture
  // says that compiler discardvisual removed it
  std::string NotFound(int type, const std::string& name) const;

  // Compile errors in the reference's layout: "Error: <message> in <type> '<name>'", then the
  // element's name, id and where it was written. A message that already ends "in <type>" keeps
  // its words.
  [[noreturn]] void Fail(const char* type, const std::string& name, int id,
                         const SourceLocation& source, const std::string& message) const;
  // The same layout for a message the reference gives word for word without the type.
  [[noreturn]] void FailVerbatim(const std::string& name, int id, const SourceLocation& source,
                                 const std::string& message) const;
  // Fails when the orientation gives no frame (OrientationProblem), naming the object.
  void CheckOrientation(const char* type, const std::string& name, int id,
                        const SourceLocation& source, const Orientation& orientation) const;

  // The bytes of an asset file: the caller's assets first, then `subdir` (meshdir or
  // texturedir) relative to the model's directory; `strippath` applies. Fails naming the
  // object when the file cannot be read.
  std::string ReadAssetFile(const std::string& file, const std::string& subdir, const char* type,
                            const std::string& name, int id, const SourceLocation& source) const;

  // Composes the pose of `element`, written inside <frame> `frame` (-1: none) of the body that
  // holds it, with the frames around it: pos/quat become relative to that body.
  void ApplyFrame(const void* element, int frame, mjtNum pos[3], mjtNum quat[4]) const;
  // the pose of `element`'s <frame> `frame` (-1: identity) in its body, enclosing frames composed
  Pose FramePose(const void* element, int frame) const;
  // the body whose frames an element's `frame` indexes (for a body: its parent), per element
  std::unordered_map<const void*, const SpecBody*> frame_owner;

  // skins with file data loaded (CollectSkins), in id order
  std::vector<SpecSkin> skins;

  // per-mesh results of CollectMeshes (compiler/meshes.cc), used by FillGeoms and FillMeshes
  std::vector<MeshInfo> meshes;

  // per-asset results of CollectAssets (compiler/assets.cc), used by FillAssets: the elevation
  // data of each hfield (normalized, in Model row order) and the pixels of each texture
  struct TextureImage {
    int width = 0, height = 0, nchannel = 3;
    std::vector<unsigned char> data;
    bool srgb = false;  // read from a PNG file that has an sRGB chunk
  };
  struct HFieldGrid {
    int nrow = 0, ncol = 0;
    std::vector<float> data;
  };
  std::vector<HFieldGrid> hfield_grids;
  std::vector<TextureImage> texture_images;

 private:
  std::vector<std::string> names_[mjNOBJECT];
  std::vector<std::string> paths_[mjNOBJECT];
  std::unordered_map<std::string, int> index_[mjNOBJECT];
};

// The user data of objects of one kind: nuser = -1 sizes it to the longest given; a longer
// list than nuser is an error. Writes rows of `nuser` values, zero-padded.
int ResolveUserSize(const CompileContext& ctx, int nuser, const std::vector<const std::vector<mjtNum>*>& lists,
                    const char* type);
void FillUser(mjtNum* out, int nuser, const std::vector<const std::vector<mjtNum>*>& lists);

}  // namespace mjsim
