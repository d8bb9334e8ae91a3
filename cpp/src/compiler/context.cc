// context.cc: names, asset files, frames and errors shared by the compiler stages.
#include "compiler/context.h"
#include "util/files.h"
#include "util/paths.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "compiler/frames.h"
#include "compiler/meshes.h"
#include "mjsim/errors.h"
#include "util/math3.h"

namespace mjsim {
namespace {

const char* kObjectTypeNames[mjNOBJECT] = {
    "unknown", "body", "xbody", "joint", "dof", "geom", "site", "camera", "light", "flex",
    "mesh", "skin", "hfield", "texture", "material", "pair", "exclude", "equality", "tendon",
    "actuator", "sensor", "numeric", "text", "tuple", "key", "plugin"};

std::string WithSeparator(const std::string& dir) {
  if (dir.empty() || dir.back() == '/' || dir.back() == '\\') return dir;
  return dir + "/";
}

}  // namespace

CompileContext::CompileContext(const Spec& spec, const AssetMap& assets)
    : spec(spec), assets(assets) {}

CompileContext::~CompileContext() = default;

void CompileContext::RegisterNames(int type, std::vector<std::string> names) {
  index_[type].clear();
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i].empty()) continue;
    if (!index_[type].emplace(names[i], static_cast<int>(i)).second) {
      throw ModelError(std::string("Error: repeated name '") + names[i] + "' in " +
                       kObjectTypeNames[type]);
    }
  }
  names_[type] = std::move(names);
}

void CompileContext::RegisterPaths(int type, std::vector<std::string> paths) {
  for (std::string& path : paths) {  // stored as read: without directories under strippath
    if (spec.compiler.strippath) path = FileName(path);
  }
  paths_[type] = std::move(paths);
}

int CompileContext::FindId(int type, const std::string& name) const {
  if (type == mjOBJ_XBODY) type = mjOBJ_BODY;
  auto found = index_[type].find(name);
  return found == index_[type].end() ? -1 : found->second;
}

std::string CompileContext::NotFound(int type, const std::string& name) const {
  std::string message = std::string(kObjectTypeNames[type]) + " '" + name + "' not found";
  if (spec.compiler.discardvisual && (type == mjOBJ_MATERIAL || type == mjOBJ_TEXTURE)) {
    message += " (compiler discardvisual discards every material and texture)";
  }
  return message;
}

void CompileContext::Fail(const char* type, const std::string& name, int id,
                          const SourceLocation& source, const std::string& message) const {
  std::string suffix = std::string(" in ") + type;
  bool ends_with_type = message.size() >= suffix.size() &&
                        message.compare(message.size() - suffix.size(), suffix.size(), suffix) == 0;
  std::string named = ends_with_type ? message
                                     : message + suffix + (name.empty() ? "" : " '" + name + "'");
  FailVerbatim(name, id, source, named);
}

void CompileContext::FailVerbatim(const std::string& name, int id, const SourceLocation& source,
                                  const std::string& message) const {
  std::ostringstream text;
  // then the element's name, id and where it came from (a line of its file, or the info
  // given to an MjSpec element)
  text << "Error: " << message << "\nElement name '" << name << "', id " << id;
  if (source.line > 0) text << ", line " << source.line;
  if (source.line > 0 && !source.element.empty()) text << " <" << source.element << ">";
  if (!source.file.empty()) text << ", file '" << source.file << "'";
  if (!source.info.empty()) text << ", " << source.info;
  throw ModelError(text.str());
}

void CompileContext::CheckOrientation(const char* type, const std::string& name, int id,
                                      const SourceLocation& source,
                                      const Orientation& orientation) const {
  if (const char* problem = OrientationProblem(orientation)) {
    Fail(type, name, id, source, std::string("orientation specification error '") + problem + "'");
  }
}

std::string CompileContext::ReadAssetFile(const std::string& file, const std::string& subdir,
                                          const char* type, const std::string& name, int id,
                                          const SourceLocation& source) const {
  std::string path = file;
  if (spec.compiler.strippath) path = FileName(path);
  auto asset = assets.find(path);
  if (asset != assets.end()) return asset->second;
  if (!IsAbsolutePath(path)) {
    std::string dir = WithSeparator(subdir);
    path = IsAbsolutePath(dir) ? dir + path : spec.model_dir + dir + path;
  }
  std::string bytes;
  // the asset cache (mjsim/cache.h) holds the files read before, stamped when they were read
  FileStamp stamp;
  bool stamped = StampOf(path, &stamp);
  if (stamped && mj_getCache().Find(path, stamp, &bytes)) return bytes;
  FileStatus status = ReadRegularFile(path, bytes);
  if (status == FileStatus::kMissing) Fail(type, name, id, source, "could not open file '" + path + "'");
  if (status != FileStatus::kOk) {
    Fail(type, name, id, source,
         "could not read file '" + path + "': " + FileStatusText(status));
  }
  FileStamp after;
  if (stamped && StampOf(path, &after) && after == stamp) mj_getCache().Insert(path, stamp, bytes);
  return bytes;
}

// The frames compose first, outermost to innermost: with nested frames this order gives the
// reference's last bits (cam_pos, jnt_axis measured)
Pose CompileContext::FramePose(const void* element, int frame) const {
  if (frame < 0) return Pose{};
  const ElementList<SpecFrame>& frames = frame_owner.at(element)->frames;
  if (frame >= static_cast<int>(frames.size())) {
    throw ModelError("Error: frame index " + std::to_string(frame) + " out of range");
  }
  const SpecFrame& spec_frame = frames[frame];
  Pose outer = FramePose(element, spec_frame.parent);
  Pose own;
  CheckOrientation("frame", spec_frame.name, frame, spec_frame.source, spec_frame.orientation);
  Copy3(own.pos, spec_frame.pos);
  OrientationToQuat(own.quat, spec_frame.orientation, spec.compiler);
  ApplyPoseThroughMatrix(outer, own.pos, own.quat);
  return own;
}

void CompileContext::ApplyFrame(const void* element, int frame, mjtNum pos[3],
                                mjtNum quat[4]) const {
  if (frame >= 0) ApplyPoseThroughMatrix(FramePose(element, frame), pos, quat);
}

void ApplyPoseThroughMatrix(const Pose& pose, mjtNum pos[3], mjtNum quat[4]) {
  mjtNum composed[4];
  RotateVecByQuatMatrix(pos, pos, pose.quat);
  AddTo3(pos, pose.pos);
  MulQuat(composed, pose.quat, quat);
  Copy4(quat, composed);
}

void ApplyPose(const Pose& pose, mjtNum pos[3], mjtNum quat[4]) {
  mjtNum rotated[3], composed[4];
  // the identity leaves pos as it is: pos="0 0 inf" stays (0, 0, inf), where the rotation
  // formula's 0 * inf would make every component nan (the reference keeps the inf)
  bool identity = pose.quat[0] == 1 && pose.quat[1] == 0 && pose.quat[2] == 0 && pose.quat[3] == 0;
  if (identity) {
    Copy3(rotated, pos);
  } else {
    RotateVecByQuat(rotated, pos, pose.quat);
  }
  Add3(pos, pose.pos, rotated);
  MulQuat(composed, pose.quat, quat);
  Copy4(quat, composed);
}

Pose InversePose(const Pose& pose) {
  Pose inverse;
  ConjugateQuat(inverse.quat, pose.quat);
  RotateVecByQuat(inverse.pos, pose.pos, inverse.quat);
  Scale3(inverse.pos, inverse.pos, -1);
  return inverse;
}

namespace {

void CollectCameraLightTargets(const SpecBody& body, std::set<std::string>& names) {
  for (const SpecCamera& camera : body.cameras) {
    if (!camera.target.empty()) names.insert(camera.target);
  }
  for (const SpecLight& light : body.lights) {
    if (!light.target.empty()) names.insert(light.target);
  }
  for (const SpecBody& child : body.children) CollectCameraLightTargets(child, names);
}

}  // namespace

std::set<std::string> CollectReferencedBodyNames(const Spec& spec) {
  std::set<std::string> names;
  auto is_body = [](int type) { return type == mjOBJ_BODY || type == mjOBJ_XBODY; };
  for (const SpecSensor& sensor : spec.sensors) {
    if (is_body(sensor.objtype)) names.insert(sensor.objname);
    if (is_body(sensor.reftype)) names.insert(sensor.refname);
  }
  CollectCameraLightTargets(spec.worldbody, names);
  for (const SpecSkin& skin : spec.skins) {
    for (const SpecSkinBone& bone : skin.bones) names.insert(bone.body);
  }
  for (const SpecActuator& actuator : spec.actuators) {  // body transmissions (adhesion)
    if (!actuator.body.empty()) names.insert(actuator.body);
  }
  return names;
}

int ResolveUserSize(const CompileContext& ctx, int nuser,
                    const std::vector<const std::vector<mjtNum>*>& lists, const char* type) {
  size_t longest = 0;
  for (const auto* list : lists) longest = std::max(longest, list->size());
  if (nuser < 0) return static_cast<int>(longest);
  if (longest > static_cast<size_t>(nuser)) {
    throw ModelError(std::string("Error: user has more values than nuser_") + type + " (" +
                     std::to_string(nuser) + ") in " + type);
  }
  return nuser;
}

void FillUser(mjtNum* out, int nuser, const std::vector<const std::vector<mjtNum>*>& lists) {
  for (size_t i = 0; i < lists.size(); ++i) {
    const std::vector<mjtNum>& list = *lists[i];
    for (int k = 0; k < nuser; ++k) out[i * nuser + k] = k < static_cast<int>(list.size()) ? list[k] : 0;
  }
}

}  // namespace mjsim
