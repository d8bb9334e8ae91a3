// compile.cc: Spec -> Model. Bodies are numbered in depth-first order of the document, and
// joints, dofs, geoms and sites in the order of their bodies, as the reference numbers them.
// Each Fill* step writes one group of Model arrays (checklist B.1, B.4, B.5, B.16).
#include "compiler/compile.h"

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "compiler/context.h"
#include "compiler/discard_visual.h"
#include "compiler/frames.h"
#include "compiler/mass.h"
#include "compiler/meshes.h"
#include "compiler/stages.h"
#include "mjsim/api.h"
#include "mjsim/errors.h"
#include "util/math3.h"
#include "util/names.h"

namespace mjsim {
namespace {

// mjtSameFrame: how an object's frame relates to its body's frame and inertial frame
enum SameFrame : mjtByte {
  kSameFrameNone = 0, kSameFrameBody, kSameFrameInertia, kSameFrameBodyRot, kSameFrameInertiaRot
};

// Frames compare equal within 1e-6 per component, as the reference compares them (observed:
// a body com found as (m p) / m, or a mesh frame, may differ from the geom's by rounding).
bool Close(mjtNum a, mjtNum b) { return std::fabs(a - b) < 1e-6; }
bool Equal3(const mjtNum a[3], const mjtNum b[3]) {
  return Close(a[0], b[0]) && Close(a[1], b[1]) && Close(a[2], b[2]);
}
// q and -q are the same rotation, and the same frame (observed: geom quat "0 0 0 -1" in a body
// whose iquat is "0 0 0 1" is INERTIAROT, "-1 0 0 0" is BODYROT)
bool EqualQuat(const mjtNum a[4], const mjtNum b[4]) {
  bool same = true, opposite = true;
  for (int k = 0; k < 4; ++k) {
    same = same && Close(a[k], b[k]);
    opposite = opposite && Close(a[k], -b[k]);
  }
  return same || opposite;
}
bool IsZero3(const mjtNum v[3]) {
  static const mjtNum kZero[3] = {0, 0, 0};
  return Equal3(v, kZero);
}
bool IsIdentityQuat(const mjtNum q[4]) {
  static const mjtNum kIdentity[4] = {1, 0, 0, 0};
  return EqualQuat(q, kIdentity);
}

SameFrame ObjectSameFrame(const mjtNum pos[3], const mjtNum quat[4], const mjtNum ipos[3],
                          const mjtNum iquat[4]) {
  // checked in the reference's order: a frame both body-aligned and inertia-equal is BODYROT
  if (IsZero3(pos) && IsIdentityQuat(quat)) return kSameFrameBody;
  if (IsIdentityQuat(quat)) return kSameFrameBodyRot;
  if (Equal3(pos, ipos) && EqualQuat(quat, iquat)) return kSameFrameInertia;
  if (EqualQuat(quat, iquat)) return kSameFrameInertiaRot;
  return kSameFrameNone;
}

class Compiler {
 public:
  explicit Compiler(CompileContext& ctx)
      : ctx_(ctx), spec_(ctx.spec), bodies_(ctx.bodies), parents_(ctx.parents) {}

  std::unique_ptr<Model> Compile() {
    CollectBodies();
    RegisterCoreNames();
    auto model = std::make_unique<Model>();
    Model& m = *model;
    m.opt = spec_.option;
    CountSizes(m);
    CollectMeshes(ctx_, m);
    CollectAssets(ctx_, m);
    CollectSkins(ctx_, m);
    CollectCamerasLights(ctx_, m);
    CollectTendons(ctx_, m);
    CollectActuators(ctx_, m);
    CollectSensors(ctx_, m);
    CollectEqualities(ctx_, m);
    CollectCustom(ctx_, m);
    CollectFlexes(ctx_, m);
    CollectBounding(ctx_, m);
    CollectConstants(ctx_, m);
    CountNamesAndPaths(m);
    if (CheckedModelBytes(m) == SIZE_MAX) {
      throw ModelError("Error: could not allocate memory: the model's arrays would need more "
                       "than 2^48 bytes (nuser_* or replicate counts too large)");
    }
    CheckDataFitsMemory(m);
    AllocateModelArrays(m);
    FillBodyTree(m);
    FillJoints(m);
    FillGeoms(m);
    FillSites(m);
    FillBodyMass(m);
    if (ctx_.stop_after_mass) {
      RecordMarginsAsWritten(m);
      return model;
    }
    FillTrees(m);
    FillCoreUser(m);
    FillUnsupported(m);
    FillMeshes(ctx_, m);
    FillAssets(ctx_, m);
    FillSkins(ctx_, m);
    FillCamerasLights(ctx_, m);
    FillTendons(ctx_, m);
    FillActuators(ctx_, m);
    FillSensors(ctx_, m);
    FillEqualities(ctx_, m);
    FillCustom(ctx_, m);
    FillNames(m);
    FillPaths(m);
    FillBounding(ctx_, m);
    FillFlexes(ctx_, m);
    FillConstants(ctx_, m);
    ApplySpringDampers(m);
    ComputeLengthRanges(ctx_, m);
    return model;
  }

 private:
  [[noreturn]] void Fail(const char* type, const std::string& name, int id,
                         const SourceLocation& source, const std::string& message) const {
    ctx_.Fail(type, name, id, source, message);
  }

  // Numbers the bodies depth-first and lists each body's elements. With compiler fusestatic, a
  // body without joints (not mocap, not referenced by name) is fused into its parent: its
  // elements, inertial and child bodies move to the parent with its pose as an offset, after
  // the parent's own elements, as the reference orders them.
  struct BodyElements {
    std::vector<std::pair<const SpecGeom*, Pose>> geoms;
    std::vector<int> geom_massgroup;  // which entry of ctx.body_massgroups[body] each geom joins
    std::vector<std::pair<const SpecSite*, Pose>> sites;
    std::vector<std::pair<const SpecCamera*, Pose>> cameras;
    std::vector<std::pair<const SpecLight*, Pose>> lights;
  };

  void CollectBodies() {
    std::vector<BodyElements> elements;
    AddBody(spec_.worldbody, -1, Pose{}, elements);
    for (size_t b = 0; b < bodies_.size(); ++b) {
      for (const SpecJoint& joint : bodies_[b]->joints) {
        ctx_.joints.push_back(&joint);
        ctx_.joint_body.push_back(static_cast<int>(b));
      }
      for (size_t i = 0; i < elements[b].geoms.size(); ++i) {
        ctx_.geoms.push_back(elements[b].geoms[i].first);
        ctx_.geom_body.push_back(static_cast<int>(b));
        ctx_.geom_offset.push_back(elements[b].geoms[i].second);
        ctx_.geom_massgroup.push_back(elements[b].geom_massgroup[i]);
      }
      for (const auto& [site, offset] : elements[b].sites) {
        ctx_.sites.push_back(site);
        ctx_.site_body.push_back(static_cast<int>(b));
        ctx_.site_offset.push_back(offset);
      }
      for (const auto& [camera, offset] : elements[b].cameras) {
        ctx_.cameras.push_back(camera);
        ctx_.camera_body.push_back(static_cast<int>(b));
        ctx_.camera_offset.push_back(offset);
      }
      for (const auto& [light, offset] : elements[b].lights) {
        ctx_.lights.push_back(light);
        ctx_.light_body.push_back(static_cast<int>(b));
        ctx_.light_offset.push_back(offset);
      }
    }
  }

  void AddBody(const SpecBody& body, int parent, const Pose& offset,
               std::vector<BodyElements>& elements) {
    int id = static_cast<int>(bodies_.size());
    bodies_.push_back(&body);
    parents_.push_back(parent);
    ctx_.body_offset.push_back(offset);
    ctx_.body_massgroups.emplace_back();
    elements.emplace_back();
    AddContents(body, id, Pose{}, elements);
  }

  // a mesh geom without a material of its own takes its mesh's (mjsMesh.material)
  const std::string& GeomMaterial(const SpecGeom& geom, int dataid) const {
    if (!geom.material.empty() || geom.type != mjGEOM_MESH || dataid < 0) return geom.material;
    return spec_.meshes[dataid].material;
  }

  template <typename T>
  void NoteFrameOwner(const SpecBody& body, const ElementList<T>& list) {
    for (const T& element : list) ctx_.frame_owner[&element] = &body;
  }

  // The elements of `body` (the body `id` itself, or a body fused into it at `offset`). Each
  // such body keeps its own mass properties (its inertial, else its geoms) as a mass group.
  void AddContents(const SpecBody& body, int id, const Pose& offset,
                   std::vector<BodyElements>& elements) {
    int group = static_cast<int>(ctx_.body_massgroups[id].size());
    ctx_.body_massgroups[id].push_back({body.explicitinertial ? &body.inertial : nullptr, offset});
    NoteFrameOwner(body, body.joints);
    NoteFrameOwner(body, body.geoms);
    NoteFrameOwner(body, body.sites);
    NoteFrameOwner(body, body.cameras);
    NoteFrameOwner(body, body.lights);
    for (const SpecGeom& geom : body.geoms) {
      elements[id].geoms.emplace_back(&geom, offset);
      elements[id].geom_massgroup.push_back(group);
    }
    for (const SpecSite& site : body.sites) elements[id].sites.emplace_back(&site, offset);
    for (const SpecCamera& camera : body.cameras) elements[id].cameras.emplace_back(&camera, offset);
    for (const SpecLight& light : body.lights) elements[id].lights.emplace_back(&light, offset);
    for (const SpecBody& child : body.children) {
      ctx_.frame_owner[&child] = &body;
      if (!IsFused(child)) {
        AddBody(child, id, offset, elements);
        continue;
      }
      Pose pose;  // the fused child's frame in the frame of body `id`
      Copy3(pose.pos, child.pos);
      ctx_.CheckOrientation("body", child.name, id, child.source, child.orientation);
      OrientationToQuat(pose.quat, child.orientation, spec_.compiler);
      ctx_.ApplyFrame(&child, child.frame, pose.pos, pose.quat);
      ApplyPose(offset, pose.pos, pose.quat);
      AddContents(child, id, pose, elements);
    }
  }

  bool IsFused(const SpecBody& body) const {
    if (!spec_.compiler.fusestatic || !body.joints.empty() || body.mocap) return false;
    return body.name.empty() || !ReferencedBodyNames().count(body.name);
  }

  // names of bodies that other elements refer to: these stay bodies under fusestatic
  const std::set<std::string>& ReferencedBodyNames() const {
    if (!referenced_bodies_) referenced_bodies_ = CollectReferencedBodyNames(spec_);
    return *referenced_bodies_;
  }

  template <typename T>
  static std::vector<std::string> NamesOf(const std::vector<const T*>& objects) {
    std::vector<std::string> names;
    for (const T* object : objects) names.push_back(object->name);
    return names;
  }

  void RegisterCoreNames() {
    ctx_.RegisterNames(mjOBJ_BODY, NamesOf(bodies_));
    ctx_.RegisterNames(mjOBJ_JOINT, NamesOf(ctx_.joints));
    ctx_.RegisterNames(mjOBJ_GEOM, NamesOf(ctx_.geoms));
    ctx_.RegisterNames(mjOBJ_SITE, NamesOf(ctx_.sites));
  }

  void CountSizes(Model& m) const {
    m.nbody = static_cast<int>(bodies_.size());
    m.njnt = static_cast<int>(ctx_.joints.size());
    m.ngeom = static_cast<int>(ctx_.geoms.size());
    m.nsite = static_cast<int>(ctx_.sites.size());
    for (const SpecJoint* joint : ctx_.joints) {
      m.nq += JointQposCount(joint->type);
      m.nv += JointDofCount(joint->type);
    }
    for (const SpecBody* body : bodies_) m.nmocap += body->mocap;
    const SpecSize& size = spec_.size;
    m.nuser_body = ResolveUserSize(ctx_, size.nuser_body, UserLists(bodies_), "body");
    m.nuser_jnt = ResolveUserSize(ctx_, size.nuser_jnt, UserLists(ctx_.joints), "jnt");
    m.nuser_geom = ResolveUserSize(ctx_, size.nuser_geom, UserLists(ctx_.geoms), "geom");
    m.nuser_site = ResolveUserSize(ctx_, size.nuser_site, UserLists(ctx_.sites), "site");
  }

  template <typename T>
  static std::vector<const std::vector<mjtNum>*> UserLists(const std::vector<const T*>& objects) {
    std::vector<const std::vector<mjtNum>*> lists;
    for (const T* object : objects) lists.push_back(&object->user);
    return lists;
  }

  void FillCoreUser(Model& m) const {
    FillUser(m.body_user, m.nuser_body, UserLists(bodies_));
    FillUser(m.jnt_user, m.nuser_jnt, UserLists(ctx_.joints));
    FillUser(m.geom_user, m.nuser_geom, UserLists(ctx_.geoms));
    FillUser(m.site_user, m.nuser_site, UserLists(ctx_.sites));
  }

  // <joint springdamper="timeconst dampratio">: stiffness and damping of a mass-spring-damper
  // with that time constant and damping ratio, the mass being the dof's effective mass at
  // qpos0, 1 / dof_invweight0 (observed: k = M / (timeconst dampratio)^2, b = 2 M / timeconst)
  void ApplySpringDampers(Model& m) const {
    for (int j = 0; j < m.njnt; ++j) {
      const SpecJoint& joint = *ctx_.joints[j];
      mjtNum timeconst = joint.springdamper[0], dampratio = joint.springdamper[1];
      if (timeconst == 0 && dampratio == 0) continue;  // not defined
      if (!(timeconst > 0 && dampratio > 0)) {
        Fail("joint", joint.name, j, joint.source, "when defined, springdamper values must be positive");
      }
      int dof = m.jnt_dofadr[j];
      if (m.dof_invweight0[dof] < mjMINVAL) {
        Fail("joint", joint.name, j, joint.source, "springdamper needs a positive effective mass");
      }
      mjtNum mass = 1 / m.dof_invweight0[dof];
      m.jnt_stiffness[j] = mass / (timeconst * dampratio * timeconst * dampratio);
      m.dof_damping[dof] = 2 * mass / timeconst;
    }
  }

  // fields/unsupported.h: no object refers to a plugin or an octree
  static void FillUnsupported(Model& m) {
    for (int b = 0; b < m.nbody; ++b) m.body_plugin[b] = -1;
    for (int g = 0; g < m.ngeom; ++g) m.geom_plugin[g] = -1;
    for (int i = 0; i < m.nmesh; ++i) m.mesh_octadr[i] = -1;
  }

  // names: the model name, then every object type's names in mjtObj order, 0-terminated;
  // paths likewise for meshes, hfields and textures
  void CountNamesAndPaths(Model& m) const {
    m.nnames = static_cast<int>(spec_.model_name.size()) + 1;
    for (const NameField& field : NameFields()) {
      for (const std::string& name : ctx_.Names(field.type)) m.nnames += static_cast<int>(name.size()) + 1;
    }
    for (int type : {mjOBJ_MESH, mjOBJ_SKIN, mjOBJ_HFIELD, mjOBJ_TEXTURE}) {
      for (const std::string& path : ctx_.Paths(type)) {
        if (!path.empty()) m.npaths += static_cast<int>(path.size()) + 1;
      }
    }
    m.npaths = std::max(m.npaths, 1);  // the reference keeps one empty path when there are none
    for (const NameField& field : NameFields()) {
      m.nnames_map += kNameSlotsPerObject * static_cast<int>(ctx_.Names(field.type).size());
    }
  }

  void FillNames(Model& m) const {
    int cursor = 0;
    auto append = [&](const std::string& name) {
      int address = cursor;
      for (char c : name) m.names[cursor++] = c;
      m.names[cursor++] = '\0';
      return address;
    };
    append(spec_.model_name);
    for (const NameField& field : NameFields()) {
      int* addresses = m.*(field.addresses);
      const std::vector<std::string>& names = ctx_.Names(field.type);
      for (size_t i = 0; i < names.size(); ++i) addresses[i] = append(names[i]);
    }
    FillNameTables(m);
  }

  // names_map (util/names.h): each type's table, its named objects entered in id order
  void FillNameTables(Model& m) const {
    int* table = m.names_map;
    for (const NameField& field : NameFields()) {
      const std::vector<std::string>& names = ctx_.Names(field.type);
      int slots = kNameSlotsPerObject * static_cast<int>(names.size());
      for (int k = 0; k < slots; ++k) table[k] = -1;
      for (size_t id = 0; id < names.size(); ++id) {
        if (names[id].empty()) continue;
        int slot = static_cast<int>(NameHash(names[id].c_str()) % slots);
        while (table[slot] != -1) slot = (slot + 1) % slots;
        table[slot] = static_cast<int>(id);
      }
      table += slots;
    }
  }

  void FillPaths(Model& m) const {
    int cursor = 0;
    struct PathField { int type; int* addresses; };
    // the reference's order: hfields, meshes, skins, textures
    for (PathField field : {PathField{mjOBJ_HFIELD, m.hfield_pathadr},
                            PathField{mjOBJ_MESH, m.mesh_pathadr},
                            PathField{mjOBJ_SKIN, m.skin_pathadr},
                            PathField{mjOBJ_TEXTURE, m.tex_pathadr}}) {
      const std::vector<std::string>& paths = ctx_.Paths(field.type);
      for (size_t i = 0; i < paths.size(); ++i) {
        if (paths[i].empty()) {
          field.addresses[i] = -1;
          continue;
        }
        field.addresses[i] = cursor;
        for (char c : paths[i]) m.paths[cursor++] = c;
        m.paths[cursor++] = '\0';
      }
    }
  }

  // body_parentid rootid weldid mocapid pos quat, and the joint/dof/geom addresses
  void FillBodyTree(Model& m) const {
    int jnt = 0, dof = 0, geom = 0, mocap = 0;
    for (int b = 0; b < m.nbody; ++b) {
      const SpecBody& body = *bodies_[b];
      int parent = b == 0 ? 0 : parents_[b];
      int geomnum = 0;
      while (geom + geomnum < m.ngeom && ctx_.geom_body[geom + geomnum] == b) ++geomnum;
      m.body_parentid[b] = parent;
      m.body_rootid[b] = (b == 0 || parent == 0) ? b : m.body_rootid[parent];
      m.body_weldid[b] = (b == 0 || !body.joints.empty()) ? b : m.body_weldid[parent];
      CheckMocap(body, b, parent);
      m.body_mocapid[b] = body.mocap ? mocap++ : -1;
      Copy3(m.body_pos + 3 * b, body.pos);
      ctx_.CheckOrientation("body", body.name, b, body.source, body.orientation);
      OrientationToQuat(m.body_quat + 4 * b, body.orientation, spec_.compiler);
      ctx_.ApplyFrame(&body, body.frame, m.body_pos + 3 * b, m.body_quat + 4 * b);
      ApplyPose(ctx_.body_offset[b], m.body_pos + 3 * b, m.body_quat + 4 * b);

      int dofnum = 0;
      for (const SpecJoint& joint : body.joints) dofnum += JointDofCount(joint.type);
      m.body_jntnum[b] = static_cast<int>(body.joints.size());
      m.body_jntadr[b] = body.joints.empty() ? -1 : jnt;
      if (dofnum > 6) Fail("body", body.name, b, body.source, "more than 6 dofs in body");
      CheckNoRotationAfterBall(body, b);
      m.body_dofnum[b] = dofnum;
      m.body_dofadr[b] = dofnum ? dof : -1;
      m.body_geomnum[b] = geomnum;
      m.body_geomadr[b] = geomnum ? geom : -1;
      jnt += m.body_jntnum[b];
      dof += dofnum;
      geom += m.body_geomnum[b];
    }
  }

  void CheckMocap(const SpecBody& body, int id, int parent) const {
    if (!body.mocap) return;
    if (parent != 0) Fail("body", body.name, id, body.source, "mocap body must be a child of the world body");
    if (!body.joints.empty()) Fail("body", body.name, id, body.source, "mocap body cannot have joints");
  }

  // jnt_* qpos0 dof_*: addresses, local anchor and axis, reference configuration
  void FillJoints(Model& m) const {
    int j = 0, qposadr = 0, dofadr = 0;
    for (int b = 0; b < m.nbody; ++b) {
      for (const SpecJoint& joint : bodies_[b]->joints) {
        m.jnt_type[j] = joint.type;
        m.jnt_bodyid[j] = b;
        m.jnt_qposadr[j] = qposadr;
        m.jnt_dofadr[j] = dofadr;
        m.jnt_group[j] = joint.group;
        FillJointFrame(m, j, joint, b);
        FillJointRange(m, j, joint, b);
        FillJointPhysics(m, j, joint);
        FillQpos0(m, j, joint, b);
        for (int i = 0; i < JointDofCount(joint.type); ++i) FillDof(m, dofadr + i, j, b, joint);
        qposadr += JointQposCount(joint.type);
        dofadr += JointDofCount(joint.type);
        ++j;
      }
    }
    FillDofParents(m);
  }

  void FillJointFrame(Model& m, int j, const SpecJoint& joint, int b) const {
    mjtNum* pos = m.jnt_pos + 3 * j;
    mjtNum* axis = m.jnt_axis + 3 * j;
    axis[0] = axis[1] = 0;
    axis[2] = 1;
    if (joint.type == mjJNT_FREE) {
      if (parents_[b] != 0) Fail("joint", joint.name, j, joint.source, "free joint can only be used on top level");
      return;  // a free joint has no anchor or axis of its own
    }
    // inside <frame>: pos and axis are given in the frame and move with it (the reference
    // rotates pos through the matrix, axis through the quaternion: measured bit for bit)
    Pose frame = ctx_.FramePose(&joint, joint.frame);
    RotateVecByQuatMatrix(pos, joint.pos, frame.quat);
    AddTo3(pos, frame.pos);
    if (joint.type == mjJNT_BALL) return;
    RotateVecByQuat(axis, joint.axis, frame.quat);
    if (Dot3(axis, axis) < 1e-14) {  // as for orientation axes (frames.cc IsTooShort)
      Fail("joint", joint.name, j, joint.source,
           "axis too small: its length must be positive, got (" + std::to_string(axis[0]) + ", " +
               std::to_string(axis[1]) + ", " + std::to_string(axis[2]) + ")");
    }
    Normalize3ByDivision(axis);
  }

  void FillJointRange(Model& m, int j, const SpecJoint& joint, int b) const {
    // only "0 0" passes autolimits="false" without limited
    bool given = joint.range_given && (joint.range[0] != 0 || joint.range[1] != 0);
    bool limited = JointIsLimited(joint, spec_.compiler);
    if (joint.limited == 2 && !spec_.compiler.autolimits && given) {
      Fail("joint", joint.name, j, joint.source,
           "range is given but limited is not set, and compiler autolimits is false");
    }
    m.jnt_limited[j] = limited;
    mjtNum* range = m.jnt_range + 2 * j;
    // the reference converts degrees only in the range of a limited joint
    bool angular = limited && (joint.type == mjJNT_HINGE || joint.type == mjJNT_BALL);
    for (int i = 0; i < 2; ++i) {
      range[i] = angular ? AngleToRadians(joint.range[i], spec_.compiler) : joint.range[i];
    }
    if (limited && joint.type == mjJNT_BALL && range[0] != 0) {
      Fail("joint", joint.name, j, joint.source,
           "range lower bound of a ball joint must be 0, got " + std::to_string(range[0]));
    }
    if (limited && joint.type != mjJNT_BALL && range[0] >= range[1]) {
      Fail("joint", joint.name, j, joint.source,
           "range lower bound " + std::to_string(range[0]) + " must be below upper bound " +
               std::to_string(range[1]));
    }
  }

  // limit solver parameters, spring, margin and actuator force limits
  void FillJointPhysics(Model& m, int j, const SpecJoint& joint) const {
    for (int i = 0; i < 2; ++i) m.jnt_solref[2 * j + i] = joint.solref_limit[i];
    for (int i = 0; i < 5; ++i) m.jnt_solimp[5 * j + i] = joint.solimp_limit[i];
    m.jnt_stiffness[j] = joint.stiffness;
    m.jnt_margin[j] = joint.margin;
    m.jnt_actgravcomp[j] = joint.actuatorgravcomp;
    // autolimits limits only an ordered range (measured: "1 -1" and "1 1" stay unlimited);
    // negative stiffness, armature, damping and frictionloss are accepted as given
    const mjtNum* range = joint.actuatorfrcrange;
    bool limited = joint.actuatorfrclimited == 1 ||
                   (joint.actuatorfrclimited == 2 && spec_.compiler.autolimits &&
                    joint.actuatorfrcrange_given && range[0] < range[1]);
    m.jnt_actfrclimited[j] = limited;
    Copy2(m.jnt_actfrcrange + 2 * j, range);
    if (limited && !(range[0] < range[1])) {
      Fail("joint", joint.name, j, joint.source,
           "actuatorfrcrange lower bound " + std::to_string(range[0]) +
               " must be below upper bound " + std::to_string(range[1]));
    }
  }

  // dof_*: the joint's damping, armature and friction loss apply to each of its dofs
  void FillDof(Model& m, int dof, int j, int b, const SpecJoint& joint) const {
    m.dof_bodyid[dof] = b;
    m.dof_jntid[dof] = j;
    m.dof_damping[dof] = joint.damping;
    m.dof_armature[dof] = joint.armature;
    m.dof_frictionloss[dof] = joint.frictionloss;
    Copy2(m.dof_solref + 2 * dof, joint.solref_friction);
    for (int i = 0; i < 5; ++i) m.dof_solimp[5 * dof + i] = joint.solimp_friction[i];
  }

  void FillQpos0(Model& m, int j, const SpecJoint& joint, int b) const {
    mjtNum* qpos0 = m.qpos0 + m.jnt_qposadr[j];
    switch (joint.type) {
      case mjJNT_FREE:
        Copy3(qpos0, m.body_pos + 3 * b);
        Copy4(qpos0 + 3, m.body_quat + 4 * b);
        break;
      case mjJNT_BALL:
        qpos0[0] = 1; qpos0[1] = qpos0[2] = qpos0[3] = 0;
        break;
      case mjJNT_SLIDE:
        qpos0[0] = joint.ref;
        break;
      case mjJNT_HINGE:
        qpos0[0] = AngleToRadians(joint.ref, spec_.compiler);
        break;
    }
    // springs pull scalar joints towards springref, ball and free joints towards qpos0
    mjtNum* spring = m.qpos_spring + m.jnt_qposadr[j];
    for (int i = 0; i < JointQposCount(joint.type); ++i) spring[i] = qpos0[i];
    if (joint.type == mjJNT_SLIDE) spring[0] = joint.springref;
    if (joint.type == mjJNT_HINGE) spring[0] = AngleToRadians(joint.springref, spec_.compiler);
  }

  // the parent of a dof is the previous dof of its joint/body, else the last dof of the
  // nearest ancestor body that has dofs
  void FillDofParents(Model& m) const {
    for (int b = 0; b < m.nbody; ++b) {
      int ancestor = m.body_parentid[b];
      while (ancestor > 0 && m.body_dofnum[ancestor] == 0) ancestor = m.body_parentid[ancestor];
      int parent_dof = ancestor > 0 ? m.body_dofadr[ancestor] + m.body_dofnum[ancestor] - 1 : -1;
      for (int i = 0; i < m.body_dofnum[b]; ++i) {
        int dof = m.body_dofadr[b] + i;
        m.dof_parentid[dof] = i == 0 ? parent_dof : dof - 1;
      }
    }
  }

  // geom_* frame and size; fromto replaces pos, orientation and the length size
  void FillGeoms(Model& m) const {
    for (int g = 0; g < m.ngeom; ++g) {
      {
        const SpecGeom& geom = *ctx_.geoms[g];
        int b = ctx_.geom_body[g];
        m.geom_type[g] = geom.type;
        m.geom_bodyid[g] = b;
        m.geom_contype[g] = geom.contype;
        m.geom_conaffinity[g] = geom.conaffinity;
        m.geom_condim[g] = geom.condim;
        m.geom_group[g] = geom.group;
        m.geom_priority[g] = geom.priority;
        m.geom_dataid[g] = GeomDataId(geom, g);
        m.geom_matid[g] = MaterialId(GeomMaterial(geom, m.geom_dataid[g]), "geom", geom.name, g, geom.source);
        m.geom_solmix[g] = geom.solmix;
        Copy2(m.geom_solref + 2 * g, geom.solref);
        for (int i = 0; i < 5; ++i) m.geom_solimp[5 * g + i] = geom.solimp[i];
        m.geom_margin[g] = geom.margin;
        m.geom_gap[g] = geom.gap;
        Copy3(m.geom_friction + 3 * g, geom.friction);
        for (int i = 0; i < 4; ++i) m.geom_rgba[4 * g + i] = geom.rgba[i];
        FillGeomFrame(m, g, geom);
        CheckGeom(m, g, geom, b);
      }
    }
  }

  // the mesh or hfield a geom of that type refers to; -1 for other types
  int GeomDataId(const SpecGeom& geom, int g) const {
    // a primitive geom with a mesh is fitted to it and keeps its id (compiler/meshes.cc)
    if (geom.type != mjGEOM_HFIELD && geom.type != mjGEOM_PLANE && !geom.mesh.empty()) {
      int id = ctx_.FindId(mjOBJ_MESH, geom.mesh);
      if (id < 0) Fail("geom", geom.name, g, geom.source, "mesh '" + geom.mesh + "' not found");
      return id;
    }
    if (geom.type != mjGEOM_MESH && geom.type != mjGEOM_HFIELD) return -1;
    bool mesh = geom.type == mjGEOM_MESH;
    const std::string& name = mesh ? geom.mesh : geom.hfield;
    if (name.empty()) {
      Fail("geom", geom.name, g, geom.source,
           std::string("a ") + (mesh ? "mesh" : "hfield") + " geom needs the '" +
               (mesh ? "mesh" : "hfield") + "' attribute");
    }
    int id = ctx_.FindId(mesh ? mjOBJ_MESH : mjOBJ_HFIELD, name);
    if (id < 0) {
      Fail("geom", geom.name, g, geom.source,
           std::string(mesh ? "mesh" : "hfield") + " '" + name + "' not found");
    }
    return id;
  }

  int MaterialId(const std::string& material, const char* type, const std::string& name, int id,
                 const SourceLocation& source) const {
    if (material.empty()) return -1;
    int found = ctx_.FindId(mjOBJ_MATERIAL, material);
    if (found < 0) Fail(type, name, id, source, ctx_.NotFound(mjOBJ_MATERIAL, material));
    return found;
  }

  void FillGeomFrame(Model& m, int g, const SpecGeom& geom) const {
    mjtNum* size = m.geom_size + 3 * g;
    mjtNum* pos = m.geom_pos + 3 * g;
    mjtNum* quat = m.geom_quat + 4 * g;
    Copy3(size, geom.size);
    Copy3(pos, geom.pos);
    ctx_.CheckOrientation("geom", geom.name, g, geom.source, geom.orientation);
    OrientationToQuat(quat, geom.orientation, spec_.compiler);
    if (geom.fromto) {
      CheckFromToWithoutPos("geom", geom.name, g, geom.source, geom.pos);
      FillGeomFromTo(m, g, geom);
    }
    ctx_.ApplyFrame(&geom, geom.frame, pos, quat);
    ApplyPose(ctx_.geom_offset[g], pos, quat);
    if (m.geom_dataid[g] >= 0 && geom.type != mjGEOM_HFIELD) {
      ResolveMeshGeom(ctx_, m.geom_dataid[g], geom, size, pos, quat);
    }
    if (geom.type == mjGEOM_HFIELD) ResolveHFieldGeom(ctx_, m.geom_dataid[g], geom, size);
  }

  void FillGeomFromTo(Model& m, int g, const SpecGeom& geom) const {
    mjtNum* size = m.geom_size + 3 * g;
    bool along_z = geom.type == mjGEOM_CAPSULE || geom.type == mjGEOM_CYLINDER;
    bool boxlike = geom.type == mjGEOM_BOX || geom.type == mjGEOM_ELLIPSOID;
    if (!along_z && !boxlike) {
      Fail("geom", geom.name, g, geom.source,
           "fromto requires a capsule, cylinder, box or ellipsoid geom");
    }
    mjtNum half_length = FromToFrame(m.geom_pos + 3 * g, m.geom_quat + 4 * g, *geom.fromto);
    SetFromToSize(size, geom.type, half_length);
  }

  // the length along fromto: size[1] of capsules and cylinders; boxes and ellipsoids take
  // size[0] for both cross-section half-sizes and the half-length as size[2]
  static void SetFromToSize(mjtNum size[3], int type, mjtNum half_length) {
    if (type == mjGEOM_BOX || type == mjGEOM_ELLIPSOID) {
      size[1] = size[0];
      size[2] = half_length;
    } else {
      size[1] = half_length;
    }
  }

  // a ball joint already spans all rotations: a later hinge or ball in the same body has no
  // axis of its own left (the reference: "ball followed by rotation"); a slide may follow
  void CheckNoRotationAfterBall(const SpecBody& body, int b) const {
    bool ball = false;
    for (const SpecJoint& joint : body.joints) {
      bool rotation = joint.type == mjJNT_BALL || joint.type == mjJNT_HINGE;
      if (ball && rotation) Fail("body", body.name, b, body.source, "ball joint followed by a rotation (hinge or ball) in one body");
      ball = ball || joint.type == mjJNT_BALL;
    }
  }

  // how many of size[] each geom or site type needs positive
  static constexpr int kRequiredSizes[mjNGEOMTYPES] = {0, 0, 1, 2, 3, 2, 3, 0, 0};

  // geoms reject nan sizes before this; a site of nan size passes (as in the reference)
  void CheckRequiredSizes(const char* type, const std::string& name, int id,
                          const SourceLocation& source, const mjtNum size[3], int required) const {
    for (int i = 0; i < required; ++i) {
      if (size[i] <= 0) {
        Fail(type, name, id, source,
             "size " + std::to_string(i) + " must be positive in " + std::string(type));
      }
    }
  }

  // fromto sets the frame: a nonzero pos besides it is an error (a zero one is not)
  void CheckFromToWithoutPos(const char* type, const std::string& name, int id,
                             const SourceLocation& source, const mjtNum pos[3]) const {
    if (pos[0] != 0 || pos[1] != 0 || pos[2] != 0) {
      Fail(type, name, id, source, "both pos and fromto defined");
    }
  }

  void CheckGeom(const Model& m, int g, const SpecGeom& geom, int b) const {
    if (geom.type == mjGEOM_SDF) {
      Fail("geom", geom.name, g, geom.source, "sdf geoms are not supported by mjsim yet (they need a plugin)");
    }
    if (!IsValidCondim(geom.condim)) {
      Fail("geom", geom.name, g, geom.source,
           "invalid condim in geom: must be 1, 3, 4 or 6, got " + std::to_string(geom.condim));
    }
    const mjtNum* size = m.geom_size + 3 * g;
    for (int i = 0; i < 3; ++i) {
      if (std::isnan(size[i])) Fail("geom", geom.name, g, geom.source, "size[" + std::to_string(i) + "] is nan");
    }
    CheckRequiredSizes("geom", geom.name, g, geom.source, size, kRequiredSizes[geom.type]);
    // a plane's size[2] is the spacing of its rendered grid (the reference: "plane size(3)
    // must be positive"); size[0] and size[1] may be 0 (infinite) or negative
    if (geom.type == mjGEOM_PLANE && !(size[2] > 0)) {
      Fail("geom", geom.name, g, geom.source, "plane size[2] must be positive, got " + std::to_string(size[2]));
    }
    if (geom.type == mjGEOM_PLANE && m.body_weldid[b] != 0) {
      Fail("geom", geom.name, g, geom.source, "a plane can only be attached to a static body");
    }
    if (geom.mass && *geom.mass < 0) {
      Fail("geom", geom.name, g, geom.source, "mass must be non-negative, got " + std::to_string(*geom.mass));
    }
    if (geom.density < 0) {
      Fail("geom", geom.name, g, geom.source, "density must be non-negative, got " + std::to_string(geom.density));
    }
  }

  void FillSites(Model& m) const {
    for (int s = 0; s < m.nsite; ++s) {
      {
        const SpecSite& site = *ctx_.sites[s];
        int b = ctx_.site_body[s];
        m.site_type[s] = site.type;
        m.site_bodyid[s] = b;
        m.site_group[s] = site.group;
        m.site_matid[s] = MaterialId(site.material, "site", site.name, s, site.source);
        for (int i = 0; i < 4; ++i) m.site_rgba[4 * s + i] = site.rgba[i];
        mjtNum* size = m.site_size + 3 * s;
        Copy3(size, site.size);
        Copy3(m.site_pos + 3 * s, site.pos);
        ctx_.CheckOrientation("site", site.name, s, site.source, site.orientation);
        OrientationToQuat(m.site_quat + 4 * s, site.orientation, spec_.compiler);
        if (site.fromto) {
          CheckFromToWithoutPos("site", site.name, s, site.source, site.pos);
          if (site.type == mjGEOM_SPHERE) Fail("site", site.name, s, site.source, "fromto requires a capsule, cylinder, box or ellipsoid site");
          mjtNum half_length = FromToFrame(m.site_pos + 3 * s, m.site_quat + 4 * s, *site.fromto);
          SetFromToSize(size, site.type, half_length);
        }
        CheckRequiredSizes("site", site.name, s, site.source, size, kRequiredSizes[site.type]);
        ctx_.ApplyFrame(&site, site.frame, m.site_pos + 3 * s, m.site_quat + 4 * s);
        ApplyPose(ctx_.site_offset[s], m.site_pos + 3 * s, m.site_quat + 4 * s);
      }
    }
  }

  // body_mass inertia ipos iquat subtreemass, and the sameframe flags that depend on them
  // Order (checklist B.5): per-body inertia, balanceinertia, boundmass and boundinertia, then
  // settotalmass last.
  void FillBodyMass(Model& m) const {
    const SpecCompiler& compiler = spec_.compiler;
    if (ctx_.stop_after_mass) ctx_.bodies_as_written.assign(m.nbody, {});
    for (int b = 1; b < m.nbody; ++b) {
      MassProperties body = ctx_.keep_bodies ? (*ctx_.keep_bodies)[b].mass : BodyMassProperties(m, b);
      if (ctx_.stop_after_mass) ctx_.bodies_as_written[b].mass = body;
      mjtNum* I = body.inertia;
      if (!SatisfiesTriangleInequality(I)) {
        // also the inertia summed from geoms, where rounding can break it (a cylinder of radius
        // 1e8 and half-height 0.02 gives A + B < C, as in the reference)
        if (!compiler.balanceinertia) {
          Fail("body", bodies_[b]->name, b, bodies_[b]->source, "inertia must satisfy A + B >= C; use 'balanceinertia' to fix");
        }
        I[0] = I[1] = I[2] = (I[0] + I[1] + I[2]) / 3;
      }
      body.mass = std::fmax(body.mass, compiler.boundmass);
      for (int i = 0; i < 3; ++i) I[i] = std::fmax(I[i], compiler.boundinertia);
      m.body_mass[b] = body.mass;
      Copy3(m.body_inertia + 3 * b, body.inertia);
      Copy3(m.body_ipos + 3 * b, body.pos);
      Copy4(m.body_iquat + 4 * b, body.quat);
    }
    m.body_iquat[0] = 1;
    if (compiler.settotalmass > 0) ScaleTotalMass(m, compiler.settotalmass);
    CheckMovingBodyMass(m);
    for (int b = 1; b < m.nbody; ++b) {
      if (IsAlignedFreeBody(m, b)) AlignFreeBody(m, b);
    }
    for (int b = 0; b < m.nbody; ++b) m.body_subtreemass[b] = m.body_mass[b];
    for (int b = m.nbody - 1; b > 0; --b) m.body_subtreemass[m.body_parentid[b]] += m.body_subtreemass[b];
    FillSameFrames(m);
  }

  void RecordMarginsAsWritten(const Model& m) const {
    for (int b = 0; b < m.nbody; ++b) {
      mjtNum& margin = ctx_.bodies_as_written[b].margin;
      for (int g = m.body_geomadr[b]; g >= 0 && g < m.body_geomadr[b] + m.body_geomnum[b]; ++g) {
        margin = std::max(margin, m.geom_margin[g]);
      }
    }
  }

  // compiler alignfree / <freejoint align>: a free body without child bodies as written (a
  // child fused into it by fusestatic still counts, measured)
  bool IsAlignedFreeBody(const Model& m, int b) const {
    if (m.body_jntnum[b] != 1 || m.jnt_type[m.body_jntadr[b]] != mjJNT_FREE) return false;
    if (!bodies_[b]->children.empty()) return false;
    int align = ctx_.joints[m.body_jntadr[b]]->align;
    return align == 1 || (align == 2 && spec_.compiler.alignfree);
  }

  // The body frame moves onto its inertial frame; its elements keep their place in the world.
  void AlignFreeBody(Model& m, int b) const {
    Pose inertial;
    Copy3(inertial.pos, m.body_ipos + 3 * b);
    Copy4(inertial.quat, m.body_iquat + 4 * b);
    mjtNum* pos = m.body_pos + 3 * b;
    mjtNum* quat = m.body_quat + 4 * b;
    Pose body;
    Copy3(body.pos, pos);
    Copy4(body.quat, quat);
    Copy3(pos, inertial.pos);
    Copy4(quat, inertial.quat);
    ApplyPose(body, pos, quat);
    Pose to_new_frame = InversePose(inertial);
    for (int g = m.body_geomadr[b]; g >= 0 && g < m.body_geomadr[b] + m.body_geomnum[b]; ++g) {
      ApplyPose(to_new_frame, m.geom_pos + 3 * g, m.geom_quat + 4 * g);
    }
    for (int s = 0; s < m.nsite; ++s) {
      if (m.site_bodyid[s] == b) ApplyPose(to_new_frame, m.site_pos + 3 * s, m.site_quat + 4 * s);
    }
    for (size_t c = 0; c < ctx_.cameras.size(); ++c) {
      if (ctx_.camera_body[c] == b) ctx_.camera_offset[c] = Compose(to_new_frame, ctx_.camera_offset[c]);
    }
    for (size_t l = 0; l < ctx_.lights.size(); ++l) {
      if (ctx_.light_body[l] == b) ctx_.light_offset[l] = Compose(to_new_frame, ctx_.light_offset[l]);
    }
    Zero3(m.body_ipos + 3 * b);
    m.body_iquat[4 * b] = 1;
    m.body_iquat[4 * b + 1] = m.body_iquat[4 * b + 2] = m.body_iquat[4 * b + 3] = 0;
    int qposadr = m.jnt_qposadr[m.body_jntadr[b]];
    for (mjtNum* q : {m.qpos0 + qposadr, m.qpos_spring + qposadr}) {
      Copy3(q, pos);
      Copy4(q + 3, quat);
    }
  }

  static Pose Compose(const Pose& outer, const Pose& inner) {
    Pose composed = inner;
    ApplyPose(outer, composed.pos, composed.quat);
    return composed;
  }

  // written as "no sum below the third" so that a nan inertia (from a size of 1e308) passes,
  // as in the reference
  static bool SatisfiesTriangleInequality(const mjtNum I[3]) {
    return !(I[0] + I[1] < I[2] || I[0] + I[2] < I[1] || I[1] + I[2] < I[0]);
  }

  // mj_setTotalmass at compile time: masses and inertias scale by total / current total
  static void ScaleTotalMass(Model& m, mjtNum total) {
    mjtNum current = 0;
    for (int b = 1; b < m.nbody; ++b) current += m.body_mass[b];
    if (current < mjMINVAL) return;
    mjtNum scale = total / current;
    for (int b = 1; b < m.nbody; ++b) {
      m.body_mass[b] *= scale;
      for (int i = 0; i < 3; ++i) m.body_inertia[3 * b + i] *= scale;
    }
  }

  // the geoms' mass properties (inertiafromgeom true, or auto without <inertial>), else the
  // inertial element; with inertiafromgeom true a body without geoms keeps its inertial
  // Per mass group (the body, and each body fused into it): the geoms' mass properties
  // (inertiafromgeom true, or auto without <inertial>), else the inertial element; with
  // inertiafromgeom true a group without geoms keeps its inertial. All groups are combined.
  MassProperties BodyMassProperties(const Model& m, int b) const {
    std::vector<MassProperties> parts;
    bool any_inertial = false;
    const auto& groups = ctx_.body_massgroups[b];
    for (size_t group = 0; group < groups.size(); ++group) {
      std::vector<MassProperties> group_parts =
          MassGroupParts(m, b, static_cast<int>(group), any_inertial);
      if (group == 0 || group_parts.empty()) {
        parts.insert(parts.end(), group_parts.begin(), group_parts.end());
        continue;
      }
      // A fused body's mass properties, found in its own frame, move to the parent as the
      // reference moves them: the offset's translation is rotated by the body's inertial
      // frame and the inertial orientation is kept (observed in mujoco 3.3.7; not the rigid
      // transform, which would rotate the centre of mass by the offset instead).
      MassProperties fused = CombineMassProperties(group_parts);
      mjtNum shift[3];
      RotateVecByQuat(shift, groups[group].offset.pos, fused.quat);
      AddTo3(fused.pos, shift);
      parts.push_back(fused);
    }
    MassProperties body = parts.empty() ? MassProperties{} : CombineMassProperties(parts);
    if (!any_inertial && body.mass < mjMINVAL) {
      // a body without an inertial whose geoms weigh nothing (or that has none): the reference
      // puts its inertial frame at the body's own pose in its parent
      Copy3(body.pos, m.body_pos + 3 * b);
      Copy4(body.quat, m.body_quat + 4 * b);
    }
    return body;
  }

  // the parts of one mass group, in the frame of the body the group came from
  std::vector<MassProperties> MassGroupParts(const Model& m, int b, int group,
                                             bool& used_inertial) const {
    int from_geoms = spec_.compiler.inertiafromgeom;
    const CompileContext::MassGroup& mass_group = ctx_.body_massgroups[b][group];
    std::vector<MassProperties> parts;
    if (from_geoms == 1 || (from_geoms == 2 && !mass_group.inertial)) {
      parts = GeomMassProperties(m, b, group);
      Pose inverse = InversePose(mass_group.offset);
      for (MassProperties& part : parts) ApplyPose(inverse, part.pos, part.quat);
    }
    if (mass_group.inertial) {
      MassProperties part = InertialMassProperties(*mass_group.inertial, b);  // validated even if unused
      if (parts.empty()) {
        parts.push_back(part);
        used_inertial = true;
      }
    }
    return parts;
  }

  std::vector<MassProperties> GeomMassProperties(const Model& m, int b, int group) const {
    const int* groups = spec_.compiler.inertiagrouprange;
    std::vector<MassProperties> parts;
    for (int g = m.body_geomadr[b]; g >= 0 && g < m.body_geomadr[b] + m.body_geomnum[b]; ++g) {
      const SpecGeom& geom = *ctx_.geoms[g];
      if (ctx_.geom_massgroup[g] != group) continue;
      if (geom.type == mjGEOM_PLANE || geom.type == mjGEOM_HFIELD) continue;
      if (geom.group < groups[0] || geom.group > groups[1]) continue;
      if (geom.type == mjGEOM_MESH) {
        parts.push_back(MeshGeomMassProperties(ctx_, m.geom_dataid[g], geom, m.geom_pos + 3 * g,
                                               m.geom_quat + 4 * g));
        continue;
      }
      MassProperties part;
      const mjtNum* size = m.geom_size + 3 * g;
      if (geom.shellinertia) {  // the surface carries the mass: density per unit area
        part.mass = geom.mass ? *geom.mass : geom.density * GeomSurfaceArea(geom.type, size);
        GeomShellInertia(part.inertia, geom.type, size, part.mass);
      } else {
        part.mass = geom.mass ? *geom.mass : geom.density * GeomVolume(geom.type, size);
        GeomInertia(part.inertia, geom.type, size, part.mass);
      }
      Copy3(part.pos, m.geom_pos + 3 * g);
      Copy4(part.quat, m.geom_quat + 4 * g);
      parts.push_back(part);
    }
    // massless geoms take no part (reference): a body of one massive geom and massless
    // decorations keeps that geom's frame
    std::vector<MassProperties> massive;
    for (const MassProperties& part : parts) {
      if (part.mass >= mjMINVAL) massive.push_back(part);
    }
    return massive;
  }

  MassProperties InertialMassProperties(const SpecInertial& inertial, int b) const {
    MassProperties props;
    const std::string& name = bodies_[b]->name;
    if (inertial.mass < 0) {
      Fail("body", name, b, inertial.source, "mass must be non-negative, got " + std::to_string(inertial.mass));
    }
    props.mass = inertial.mass;
    Copy3(props.pos, inertial.pos);
    if (inertial.fullinertia) {
      const std::vector<mjtNum>& f = *inertial.fullinertia;
      mjtNum full[9] = {f[0], f[3], f[4], f[3], f[1], f[5], f[4], f[5], f[2]};
      Eig3(props.inertia, props.quat, full);
    } else {
      ctx_.CheckOrientation("body", name, b, inertial.source, inertial.orientation);
      OrientationToQuat(props.quat, inertial.orientation, spec_.compiler);
      if (inertial.diaginertia) Copy3(props.inertia, inertial.diaginertia->data());
    }
    const mjtNum* I = props.inertia;
    if (I[0] < 0 || I[1] < 0 || I[2] < 0) {
      Fail("body", name, b, inertial.source, "inertia must be non-negative");
    }
    if (!spec_.compiler.balanceinertia && !SatisfiesTriangleInequality(I)) {
      Fail("body", name, b, inertial.source, "inertia must satisfy A + B >= C for all permutations");
    }
    return props;
  }

  // a body with joints needs one body among itself and the bodies welded to it whose mass and
  // all three principal inertias reach mjMINVAL (the reference rejects a body of inertia
  // (1, 1, 1e-20) with a welded child of (1e-20, 1, 1), or of mass 1e-20 and inertia (1, 1, 1))
  void CheckMovingBodyMass(const Model& m) const {
    std::vector<bool> massive(m.nbody, false);
    for (int b = 1; b < m.nbody; ++b) {
      const mjtNum* I = m.body_inertia + 3 * b;
      bool own = m.body_mass[b] >= mjMINVAL && std::fmin(I[0], std::fmin(I[1], I[2])) >= mjMINVAL;
      if (own) massive[m.body_weldid[b]] = true;
    }
    for (int b = 1; b < m.nbody; ++b) {
      if (m.body_jntnum[b] > 0 && !massive[b]) {
        Fail("body", bodies_[b]->name, b, bodies_[b]->source,
             "mass and inertia of moving bodies must be larger than mjMINVAL");
      }
    }
  }

  void FillSameFrames(Model& m) const {
    static const mjtNum kZero[3] = {0, 0, 0};
    static const mjtNum kIdentity[4] = {1, 0, 0, 0};
    for (int b = 0; b < m.nbody; ++b) {
      // the inertial frame against the body frame: BODY, BODYROT or NONE
      m.body_sameframe[b] = ObjectSameFrame(m.body_ipos + 3 * b, m.body_iquat + 4 * b, kZero, kIdentity);
    }
    for (int g = 0; g < m.ngeom; ++g) {
      int b = m.geom_bodyid[g];
      m.geom_sameframe[g] = ObjectSameFrame(m.geom_pos + 3 * g, m.geom_quat + 4 * g,
                                            m.body_ipos + 3 * b, m.body_iquat + 4 * b);
    }
    for (int s = 0; s < m.nsite; ++s) {
      int b = m.site_bodyid[s];
      m.site_sameframe[s] = ObjectSameFrame(m.site_pos + 3 * s, m.site_quat + 4 * s,
                                            m.body_ipos + 3 * b, m.body_iquat + 4 * b);
    }
  }

  // body_treeid dof_treeid: a tree starts at each body with dofs whose parent is static
  void FillTrees(Model& m) const {
    int ntree = 0;
    for (int b = 0; b < m.nbody; ++b) {
      int parent = m.body_parentid[b];
      if (b == 0 || m.body_weldid[b] == 0) {
        m.body_treeid[b] = -1;
      } else if (m.body_treeid[parent] >= 0) {
        m.body_treeid[b] = m.body_treeid[parent];
      } else {
        m.body_treeid[b] = ntree++;
      }
    }
    for (int dof = 0; dof < m.nv; ++dof) m.dof_treeid[dof] = m.body_treeid[m.dof_bodyid[dof]];
  }

  CompileContext& ctx_;
  const Spec& spec_;
  std::vector<const SpecBody*>& bodies_;  // depth-first order; bodies_[0] is the world
  std::vector<int>& parents_;
  mutable std::optional<std::set<std::string>> referenced_bodies_;
};

}  // namespace

namespace {

void RefuseUnsupported(const Spec& spec) {
  if (spec.attached_to_parent) {
    throw ModelError("Error: cannot compile child spec if attached by reference to a parent spec");
  }
  if (!spec.plugins.empty()) {
    throw ModelError("Error: plugin instance '" + spec.plugins[0].name + "' (" +
                     spec.plugins[0].plugin_name + "): mjsim does not support engine plugins");
  }
}

template <typename T>
void ListInOrder(const std::vector<const T*>& elements, std::vector<const void*>& out) {
  out.assign(elements.begin(), elements.end());
}

}  // namespace

std::unique_ptr<Model> CompileSpec(const Spec& spec, const AssetMap& assets,
                                   CompiledOrder* order) {
  RefuseUnsupported(spec);
  if (order) *order = CompiledOrder{};
  if (!spec.compiler.discardvisual || !HasVisualElements(spec)) {
    CompileContext ctx(spec, assets);
    std::unique_ptr<Model> model = Compiler(ctx).Compile();
    if (order) {
      ListInOrder(ctx.bodies, order->bodies);
      ListInOrder(ctx.joints, order->joints);
      ListInOrder(ctx.geoms, order->geoms);
      ListInOrder(ctx.sites, order->sites);
      ListInOrder(ctx.cameras, order->cameras);
      ListInOrder(ctx.lights, order->lights);
    }
    return model;
  }
  // discardvisual: the bodies keep the masses and margins found with their visual geoms
  CompileContext as_written(spec, assets);
  as_written.stop_after_mass = true;
  Compiler(as_written).Compile();
  Spec physical = WithoutVisualElements(spec);
  CompileContext ctx(physical, assets);
  ctx.keep_bodies = &as_written.bodies_as_written;
  return Compiler(ctx).Compile();
}

}  // namespace mjsim
