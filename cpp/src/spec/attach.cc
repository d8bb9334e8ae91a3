// attach.cc: mjs_attach's semantics (observed with the reference, tests/conformance/
// test_attach.py): every element of the attached part is renamed; every child asset, default
// class and custom data entry comes along; a tendon, actuator, sensor, equality, pair or
// exclude comes along when each element it names is attached; each child keyframe becomes a
// parent keyframe holding the attached joints' and actuators' values.
#include "spec/attach.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <optional>
#include <map>
#include <memory>

#include "compiler/frames.h"
#include "mjsim/errors.h"
#include "util/paths.h"

namespace mjsim {

std::string AttachNames::ApplyToFile(const std::string& path) const {
  std::string dir = DirectoryOf(path);
  std::string base = FileName(path);
  size_t dot = base.rfind('.');
  if (dot == std::string::npos) return dir + prefix + base + suffix;
  return dir + prefix + base.substr(0, dot) + suffix + base.substr(dot);
}

int AddSiteFrame(SpecBody& holder, const SpecSite& site, const SpecCompiler&) {
  SpecFrame frame;
  frame.parent = site.frame;
  for (int i = 0; i < 3; ++i) frame.pos[i] = site.pos[i];
  frame.orientation = site.orientation;
  frame.source = site.source;
  holder.frames.push_back(std::move(frame));
  return static_cast<int>(holder.frames.size()) - 1;
}

namespace {

// old name -> new name of the attached elements, by mjtObj
class NameMap {
 public:
  void Add(int type, const std::string& old_name, const std::string& new_name) {
    if (!old_name.empty()) names_[Kind(type)][old_name] = new_name;
  }
  // whether a reference stays inside the attached part ("" names nothing, so it does)
  bool Resolves(int type, const std::string& name) const {
    if (name.empty()) return true;
    auto list = names_.find(Kind(type));
    return list != names_.end() && list->second.count(name) > 0;
  }
  // a reference renamed (one to an element not attached is kept)
  void Rename(int type, std::string& name) const {
    auto list = names_.find(Kind(type));
    if (list == names_.end()) return;
    auto found = list->second.find(name);
    if (found != list->second.end()) name = found->second;
  }

 private:
  static int Kind(int type) { return type == mjOBJ_XBODY ? mjOBJ_BODY : type; }
  std::map<int, std::map<std::string, std::string>> names_;
};

void ForEachBody(SpecBody& body, const std::function<void(SpecBody&)>& visit) {
  visit(body);
  for (SpecBody& child : body.children) ForEachBody(child, visit);
}

// ---- angle units and euler sequence: the child's compiler settings --------------------------
struct UnitChange {
  mjtNum joint_factor = 1;        // joint angles, as the compiler converts them
  bool degree_to_radian = false;  // orientation angles
  bool radian_to_degree = false;
  bool resequence = false;        // euler angles turn into quaternions (other sequence)
  const SpecCompiler* child = nullptr;
  bool Any() const { return degree_to_radian || radian_to_degree || resequence; }
};

UnitChange UnitChangeBetween(const SpecCompiler& parent, const SpecCompiler& child) {
  UnitChange change;
  change.child = &child;
  change.resequence = std::string(parent.eulerseq) != std::string(child.eulerseq);
  if (child.angle_is_degree && !parent.angle_is_degree) {
    change.joint_factor = mjPI / 180;
    change.degree_to_radian = true;
  } else if (!child.angle_is_degree && parent.angle_is_degree) {
    change.joint_factor = 180 / mjPI;
    change.radian_to_degree = true;
  }
  return change;
}

mjtNum ConvertOrientationAngle(mjtNum angle, const UnitChange& change) {
  if (change.degree_to_radian) return angle / 180 * mjPI;
  if (change.radian_to_degree) return angle * 180 / mjPI;
  return angle;
}

void ConvertOrientation(Orientation& orientation, const UnitChange& change) {
  if (orientation.form == Orientation::Form::kEuler && change.resequence) {
    OrientationToQuat(orientation.quat, orientation, *change.child);
    orientation.form = Orientation::Form::kQuat;
  } else if (orientation.form == Orientation::Form::kEuler) {
    for (mjtNum& angle : orientation.euler) angle = ConvertOrientationAngle(angle, change);
  } else if (orientation.form == Orientation::Form::kAxisAngle) {
    orientation.axisangle[3] = ConvertOrientationAngle(orientation.axisangle[3], change);
  }
}

void ConvertJoint(SpecJoint& joint, const UnitChange& change) {
  if (joint.type == mjJNT_HINGE) {
    joint.ref *= change.joint_factor;
    joint.springref *= change.joint_factor;
  }
  if (joint.type == mjJNT_HINGE || joint.type == mjJNT_BALL) {
    joint.range[0] *= change.joint_factor;
    joint.range[1] *= change.joint_factor;
  }
}

void ConvertBodyElements(SpecBody& body, const UnitChange& change) {
  ConvertOrientation(body.orientation, change);
  ConvertOrientation(body.inertial.orientation, change);
  for (SpecFrame& frame : body.frames) ConvertOrientation(frame.orientation, change);
  for (SpecJoint& joint : body.joints) ConvertJoint(joint, change);
  for (SpecGeom& geom : body.geoms) ConvertOrientation(geom.orientation, change);
  for (SpecSite& site : body.sites) ConvertOrientation(site.orientation, change);
  for (SpecCamera& camera : body.cameras) ConvertOrientation(camera.orientation, change);
}

// ---- the attach operation ---------------------------------------------------------------------
class Attacher {
 public:
  Attacher(Spec& parent, Spec& child, const AttachNames& names,
           const std::set<std::string>& renamed_files)
      : parent_(parent), child_(child), names_(names), renamed_files_(renamed_files) {}

  void Run(const AttachPoint& point, SpecBody* body) {
    std::vector<SpecBody*> roots = AttachedRoots(body);
    UnitChange change = UnitChangeBetween(parent_.compiler, child_.compiler);
    if (change.Any()) {
      for (SpecBody* root : roots) ForEachBody(*root, [&](SpecBody& b) { ConvertBodyElements(b, change); });
    }
    if (!body) names_map_.Add(mjOBJ_BODY, "world", "world");
    std::vector<KeyLayout> layouts = KeyLayouts();  // before renaming: by the child's order
    for (SpecBody* root : roots) ForEachBody(*root, [&](SpecBody& b) { RenameTreeNames(b, root == &child_.worldbody && &b == root); });
    MergeAssets();
    MergeDefaults();
    for (SpecBody* root : roots) ForEachBody(*root, [&](SpecBody& b) { RenameTreeReferences(b); });
    MergeModelElements();
    MergeKeys(layouts);
    Place(point, body);
  }

 private:
  // the bodies whose subtrees are attached: the body, or the world body's own elements and
  // children (the world itself is not renamed)
  std::vector<SpecBody*> AttachedRoots(SpecBody* body) {
    return {body ? body : &child_.worldbody};
  }

  std::string Renamed(const std::string& name) const { return names_.Apply(name); }

  void RenameTreeNames(SpecBody& body, bool is_child_world) {
    if (!is_child_world) Rename(mjOBJ_BODY, body.name);
    body.childclass = RenamedClass(body.childclass);
    for (SpecFrame& frame : body.frames) {
      Rename(mjOBJ_FRAME, frame.name);
      frame.childclass = RenamedClass(frame.childclass);
    }
    RenameAll(mjOBJ_JOINT, body.joints);
    RenameAll(mjOBJ_GEOM, body.geoms);
    RenameAll(mjOBJ_SITE, body.sites);
    RenameAll(mjOBJ_CAMERA, body.cameras);
    RenameAll(mjOBJ_LIGHT, body.lights);
  }

  template <typename T>
  void RenameAll(int type, ElementList<T>& list) {
    for (T& element : list) {
      Rename(type, element.name);
      element.classname = RenamedClass(element.classname);
    }
  }

  void Rename(int type, std::string& name) {
    std::string renamed = Renamed(name);
    names_map_.Add(type, name, renamed);
    name = renamed;
  }

  // class names: the child's classes other than main are renamed ("main" is the parent's)
  std::string RenamedClass(const std::string& name) const {
    if (name.empty() || name == "main") return name;
    return Renamed(name);
  }

  void RenameTreeReferences(SpecBody& body) {
    for (SpecGeom& geom : body.geoms) {
      names_map_.Rename(mjOBJ_MESH, geom.mesh);
      names_map_.Rename(mjOBJ_HFIELD, geom.hfield);
      names_map_.Rename(mjOBJ_MATERIAL, geom.material);
    }
    for (SpecSite& site : body.sites) names_map_.Rename(mjOBJ_MATERIAL, site.material);
    for (SpecCamera& camera : body.cameras) names_map_.Rename(mjOBJ_BODY, camera.target);
    for (SpecLight& light : body.lights) {
      names_map_.Rename(mjOBJ_BODY, light.target);
      names_map_.Rename(mjOBJ_TEXTURE, light.texture);
    }
  }

  // ---- assets ----
  template <typename T>
  void MergeAsset(int type, const char* type_name, ElementList<T>& from, ElementList<T>& into,
                  const std::function<void(T&)>& fix) {
    for (size_t i = 0; i < from.size(); ++i) {
      T& asset = from[i];
      std::string renamed = Renamed(asset.name);
      for (const T& existing : into) {
        if (!renamed.empty() && existing.name == renamed) {
          throw ModelError("Error: repeated name '" + renamed + "' in " + type_name);
        }
      }
      names_map_.Add(type, asset.name, renamed);
      asset.name = renamed;
      fix(asset);
      into.push_back(from.ptr(i));
    }
  }

  void MergeAssets() {
    // names first: materials name textures, meshes and skins name materials
    MergeAsset<SpecTexture>(mjOBJ_TEXTURE, "texture", child_.textures, parent_.textures, [&](SpecTexture& t) {
      FixFile(t.file, child_.compiler.texturedir, parent_.compiler.texturedir);
      for (std::string& file : t.cubefiles) FixFile(file, child_.compiler.texturedir, parent_.compiler.texturedir);
    });
    MergeAsset<SpecMaterial>(mjOBJ_MATERIAL, "material", child_.materials, parent_.materials, [&](SpecMaterial& m) {
      m.classname = RenamedClass(m.classname);
      for (std::string& texture : m.textures) names_map_.Rename(mjOBJ_TEXTURE, texture);
    });
    MergeAsset<SpecMesh>(mjOBJ_MESH, "mesh", child_.meshes, parent_.meshes, [&](SpecMesh& m) {
      m.classname = RenamedClass(m.classname);
      names_map_.Rename(mjOBJ_MATERIAL, m.material);
      FixFile(m.file, child_.compiler.meshdir, parent_.compiler.meshdir);
    });
    MergeAsset<SpecHField>(mjOBJ_HFIELD, "hfield", child_.hfields, parent_.hfields, [&](SpecHField& h) {
      FixFile(h.file, child_.compiler.meshdir, parent_.compiler.meshdir);
    });
    MergeAsset<SpecSkin>(mjOBJ_SKIN, "skin", child_.skins, parent_.skins, [&](SpecSkin& s) {
      names_map_.Rename(mjOBJ_MATERIAL, s.material);
      FixFile(s.file, child_.compiler.meshdir, parent_.compiler.meshdir);
    });
  }

  // An asset file: one of the child's asset dict is renamed as its key is; one on disk is
  // found where the child finds it (its model directory and meshdir or texturedir)
  void FixFile(std::string& file, const std::string& child_dir, const std::string& parent_dir) const {
    if (file.empty()) return;
    if (renamed_files_.count(file)) {
      file = names_.ApplyToFile(file);
      return;
    }
    if (IsAbsolutePath(file)) return;
    if (child_.model_dir == parent_.model_dir && child_dir == parent_dir) return;
    if (child_.model_dir.empty() && !IsAbsolutePath(child_dir)) return;
    std::string dir = child_dir.empty() || child_dir.back() == '/' || child_dir.back() == '\\'
                          ? child_dir : child_dir + "/";
    std::string path = IsAbsolutePath(dir) ? dir + file : child_.model_dir + dir + file;
    std::error_code error;
    std::filesystem::path absolute = std::filesystem::absolute(path, error);
    if (!error && std::filesystem::exists(absolute, error)) file = absolute.lexically_normal().string();
  }

  // ---- defaults ----
  void MergeDefaults() {
    std::vector<int> index_in_parent(child_.defaults.size(), 0);
    for (size_t i = 0; i < child_.defaults.size(); ++i) {
      SpecDefault made = child_.defaults[i];
      std::string renamed = Renamed(made.name);
      int existing = FindDefault(renamed);
      if (existing >= 0) {
        index_in_parent[i] = existing;
        continue;
      }
      made.SetName(renamed);
      made.parent = made.parent < 0 ? 0 : index_in_parent[made.parent];
      RenameDefaultReferences(made);
      parent_.defaults.push_back(std::move(made));
      index_in_parent[i] = static_cast<int>(parent_.defaults.size()) - 1;
    }
  }

  int FindDefault(const std::string& name) const {
    for (size_t i = 0; i < parent_.defaults.size(); ++i) {
      if (parent_.defaults[i].name == name) return static_cast<int>(i);
    }
    return -1;
  }

  void RenameDefaultReferences(SpecDefault& d) const {
    names_map_.Rename(mjOBJ_MESH, d.geom.mesh);
    names_map_.Rename(mjOBJ_MATERIAL, d.geom.material);
    names_map_.Rename(mjOBJ_MATERIAL, d.site.material);
    names_map_.Rename(mjOBJ_MATERIAL, d.tendon.material);
    names_map_.Rename(mjOBJ_MATERIAL, d.mesh.material);
    for (std::string& texture : d.material.textures) names_map_.Rename(mjOBJ_TEXTURE, texture);
  }

  // ---- elements that refer to the tree ----
  template <typename T>
  void MergeIf(ElementList<T>& from, ElementList<T>& into, int type,
               const std::function<bool(const T&)>& resolves, const std::function<void(T&)>& rename) {
    for (size_t i = 0; i < from.size(); ++i) {
      T& element = from[i];
      if (!resolves(element)) continue;
      Rename(type, element.name);
      element.classname = RenamedClass(element.classname);
      rename(element);
      into.push_back(from.ptr(i));
    }
  }

  static int WrapType(SpecTendonWrap::Kind kind) {
    switch (kind) {
      case SpecTendonWrap::Kind::kSite: return mjOBJ_SITE;
      case SpecTendonWrap::Kind::kGeom: return mjOBJ_GEOM;
      case SpecTendonWrap::Kind::kJoint: return mjOBJ_JOINT;
      default: return mjOBJ_UNKNOWN;
    }
  }

  static int EqualityType(const SpecEquality& e) {
    switch (e.type) {
      case mjEQ_CONNECT: case mjEQ_WELD: return e.sites ? mjOBJ_SITE : mjOBJ_BODY;
      case mjEQ_JOINT: return mjOBJ_JOINT;
      case mjEQ_TENDON: return mjOBJ_TENDON;
      default: return mjOBJ_UNKNOWN;  // flexes are not attached
    }
  }

  bool ActuatorResolves(const SpecActuator& a) const {
    const NameMap& n = names_map_;
    return a.plugin.empty() && n.Resolves(mjOBJ_JOINT, a.joint) &&
           n.Resolves(mjOBJ_JOINT, a.jointinparent) && n.Resolves(mjOBJ_TENDON, a.tendon) &&
           n.Resolves(mjOBJ_SITE, a.site) && n.Resolves(mjOBJ_SITE, a.cranksite) &&
           n.Resolves(mjOBJ_BODY, a.body) && n.Resolves(mjOBJ_SITE, a.refsite) &&
           n.Resolves(mjOBJ_SITE, a.slidersite);
  }

  void MergeModelElements() {
    NameMap& n = names_map_;
    MergeIf<SpecTendon>(child_.tendons, parent_.tendons, mjOBJ_TENDON, [&](const SpecTendon& t) {
      for (const SpecTendonWrap& wrap : t.path) {
        int type = WrapType(wrap.kind);
        if (type != mjOBJ_UNKNOWN && !n.Resolves(type, wrap.target)) return false;
        if (!n.Resolves(mjOBJ_SITE, wrap.sidesite)) return false;
      }
      return true;
    }, [&](SpecTendon& t) {
      n.Rename(mjOBJ_MATERIAL, t.material);
      for (SpecTendonWrap& wrap : t.path) {
        n.Rename(WrapType(wrap.kind), wrap.target);
        n.Rename(mjOBJ_SITE, wrap.sidesite);
      }
    });
    MergeIf<SpecActuator>(child_.actuators, parent_.actuators, mjOBJ_ACTUATOR,
        [&](const SpecActuator& a) { return ActuatorResolves(a); },
        [&](SpecActuator& a) {
          n.Rename(mjOBJ_JOINT, a.joint);
          n.Rename(mjOBJ_JOINT, a.jointinparent);
          n.Rename(mjOBJ_TENDON, a.tendon);
          n.Rename(mjOBJ_BODY, a.body);
          for (std::string* site : {&a.site, &a.cranksite, &a.refsite, &a.slidersite}) n.Rename(mjOBJ_SITE, *site);
        });
    MergeIf<SpecSensor>(child_.sensors, parent_.sensors, mjOBJ_SENSOR, [&](const SpecSensor& s) {
      return s.plugin.empty() && n.Resolves(s.objtype, s.objname) && n.Resolves(s.reftype, s.refname);
    }, [&](SpecSensor& s) {
      n.Rename(s.objtype, s.objname);
      n.Rename(s.reftype, s.refname);
    });
    MergeIf<SpecEquality>(child_.equalities, parent_.equalities, mjOBJ_EQUALITY, [&](const SpecEquality& e) {
      int type = EqualityType(e);
      return type != mjOBJ_UNKNOWN && n.Resolves(type, e.name1) && n.Resolves(type, e.name2);
    }, [&](SpecEquality& e) {
      n.Rename(EqualityType(e), e.name1);
      n.Rename(EqualityType(e), e.name2);
    });
    MergeIf<SpecPair>(child_.pairs, parent_.pairs, mjOBJ_PAIR, [&](const SpecPair& p) {
      return n.Resolves(mjOBJ_GEOM, p.geom1) && n.Resolves(mjOBJ_GEOM, p.geom2);
    }, [&](SpecPair& p) {
      n.Rename(mjOBJ_GEOM, p.geom1);
      n.Rename(mjOBJ_GEOM, p.geom2);
    });
    MergeIf<SpecExclude>(child_.excludes, parent_.excludes, mjOBJ_EXCLUDE, [&](const SpecExclude& e) {
      return n.Resolves(mjOBJ_BODY, e.body1) && n.Resolves(mjOBJ_BODY, e.body2);
    }, [&](SpecExclude& e) {
      n.Rename(mjOBJ_BODY, e.body1);
      n.Rename(mjOBJ_BODY, e.body2);
    });
    auto always = [](const auto&) { return true; };
    auto nothing = [](auto&) {};
    MergeIf<SpecNumeric>(child_.numerics, parent_.numerics, mjOBJ_NUMERIC, always, nothing);
    MergeIf<SpecText>(child_.texts, parent_.texts, mjOBJ_TEXT, always, nothing);
    MergeIf<SpecTuple>(child_.tuples, parent_.tuples, mjOBJ_TUPLE, always, [&](SpecTuple& t) {
      for (SpecTupleElement& element : t.elements) n.Rename(element.objtype, element.objname);
    });
  }

  // ---- keyframes ----
  // where each of the child's joints, actuators and mocap bodies sits in its key arrays
  struct Slot {
    int objtype;
    const SpecElement* element;
    int first_adr, first_size, second_adr, second_size;
  };
  using KeyLayout = Slot;

  std::vector<KeyLayout> KeyLayouts() {
    std::vector<KeyLayout> slots;
    int qadr = 0, vadr = 0, mocap = 0;
    ForEachBody(child_.worldbody, [&](SpecBody& body) {
      for (const SpecJoint& joint : body.joints) {
        int nq = joint.type == mjJNT_FREE ? 7 : joint.type == mjJNT_BALL ? 4 : 1;
        int nv = joint.type == mjJNT_FREE ? 6 : joint.type == mjJNT_BALL ? 3 : 1;
        slots.push_back({mjOBJ_JOINT, &joint, qadr, nq, vadr, nv});
        qadr += nq;
        vadr += nv;
      }
    });
    for (SpecBody& body : child_.worldbody.children) {
      if (!body.mocap) continue;
      slots.push_back({mjOBJ_BODY, &body, 3 * mocap, 3, 4 * mocap, 4});
      ++mocap;
    }
    int actadr = 0;
    for (size_t i = 0; i < child_.actuators.size(); ++i) {
      const SpecActuator& a = child_.actuators[i];
      int na = a.actdim >= 0 ? a.actdim : a.dyntype != mjDYN_NONE ? 1 : 0;
      slots.push_back({mjOBJ_ACTUATOR, &a, actadr, na, static_cast<int>(i), 1});
      actadr += na;
    }
    return slots;
  }

  static std::vector<mjtNum> Slice(const std::optional<std::vector<mjtNum>>& values, int adr, int size) {
    if (!values || adr + size > static_cast<int>(values->size())) return {};
    return std::vector<mjtNum>(values->begin() + adr, values->begin() + adr + size);
  }

  bool Attached(const Slot& slot) const {
    const std::vector<const SpecElement*>& list = attached_;
    return std::find(list.begin(), list.end(), slot.element) != list.end();
  }

  void MergeKeys(const std::vector<KeyLayout>& layout) {
    CollectAttached();
    for (const SpecKey& key : child_.keys) {
      SpecKey made;
      made.name = Renamed(key.name);
      made.time = key.time;
      made.source = key.source;
      for (const Slot& slot : layout) {
        if (!Attached(slot)) continue;
        SpecKeyPart part;
        part.objtype = slot.objtype;
        part.name = slot.element->name;
        const auto& first = slot.objtype == mjOBJ_JOINT ? key.qpos : slot.objtype == mjOBJ_BODY ? key.mpos : key.act;
        const auto& second = slot.objtype == mjOBJ_JOINT ? key.qvel : slot.objtype == mjOBJ_BODY ? key.mquat : key.ctrl;
        part.first = Slice(first, slot.first_adr, slot.first_size);
        part.second = Slice(second, slot.second_adr, slot.second_size);
        if (!part.first.empty() || !part.second.empty()) made.parts.push_back(std::move(part));
      }
      made.attached = true;
      parent_.keys.push_back(std::move(made));
    }
  }

  // the joints, mocap bodies and actuators that are now the parent's
  void CollectAttached() {
    for (SpecBody* root : AttachedRoots(attached_body_)) {
      ForEachBody(*root, [&](SpecBody& body) {
        attached_.push_back(&body);
        for (const SpecJoint& joint : body.joints) attached_.push_back(&joint);
      });
    }
    for (const SpecActuator& a : parent_.actuators) attached_.push_back(&a);
  }

  // ---- placing the tree ----
  void Place(const AttachPoint& point, SpecBody* body) {
    SpecBody& into = *point.body;
    size_t at = point.child_index < 0 ? into.children.size() : static_cast<size_t>(point.child_index);
    if (body) {
      into.children.insert(at, SharedBody(child_.worldbody, body));
      body->frame = point.frame;
      return;
    }
    SpecBody& world = child_.worldbody;
    int base = static_cast<int>(into.frames.size());
    auto moved = [&](int frame) { return frame < 0 ? point.frame : base + frame; };
    for (size_t i = 0; i < world.frames.size(); ++i) {
      world.frames[i].parent = moved(world.frames[i].parent);
      into.frames.push_back(world.frames.ptr(i));
    }
    MoveAll(world.geoms, into.geoms, moved);
    MoveAll(world.sites, into.sites, moved);
    MoveAll(world.cameras, into.cameras, moved);
    MoveAll(world.lights, into.lights, moved);
    for (size_t i = 0; i < world.children.size(); ++i) {
      world.children[i].frame = moved(world.children[i].frame);
      into.children.insert(at + i, world.children.ptr(i));
    }
  }

  template <typename T, typename F>
  static void MoveAll(ElementList<T>& from, ElementList<T>& into, const F& moved) {
    for (size_t i = 0; i < from.size(); ++i) {
      from[i].frame = moved(from[i].frame);
      into.push_back(from.ptr(i));
    }
  }

  static std::shared_ptr<SpecBody> SharedBody(SpecBody& holder, const SpecBody* body) {
    int index = holder.children.IndexOf(body);
    if (index >= 0) return holder.children.ptr(index);
    for (SpecBody& child : holder.children) {
      if (auto found = SharedBody(child, body)) return found;
    }
    return nullptr;
  }

 public:
  SpecBody* attached_body_ = nullptr;

 private:
  Spec& parent_;
  Spec& child_;
  AttachNames names_;
  const std::set<std::string>& renamed_files_;
  NameMap names_map_;
  std::vector<const SpecElement*> attached_;
};

}  // namespace

void AttachSpec(Spec& parent, const AttachPoint& point, Spec& child, SpecBody* body,
                const AttachNames& names, const std::set<std::string>& renamed_files) {
  if (!point.body) throw ModelError("Error: no attachment point");
  if (body == &child.worldbody) body = nullptr;
  Attacher attacher(parent, child, names, renamed_files);
  attacher.attached_body_ = body;
  attacher.Run(point, body);
}

}  // namespace mjsim
