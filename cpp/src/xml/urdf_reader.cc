// urdf_reader.cc: a URDF robot read into a Spec, with the conversions the reference applies
// (checklist B.12): links become bodies, joints the child body's joint, collision and visual
// elements geoms; a link without a parent joint hangs from the world, and with the URDF compiler
// defaults (fusestatic, discardvisual, strippath true; angles in radians) fixed joints and
// visuals disappear at compile time. URDF is not schema-checked: unknown elements (gazebo,
// transmission, ...) are ignored. The <mujoco> element may hold MJCF <compiler> and <option>.
#include <array>
#include <cmath>
#include <map>
#include <set>

#include "util/math3.h"
#include "util/paths.h"
#include "xml/sections.h"

namespace mjsim {
namespace {

constexpr float kDefaultRgba[4] = {0.5f, 0.5f, 0.5f, 1};

struct UrdfJoint {
  const XMLElement* elem;
  std::string name, type, parent, child;
};

class UrdfReader {
 public:
  UrdfReader(XmlReader& reader, const XMLElement* robot)
      : reader_(reader), spec_(reader.spec()), robot_(robot) {}

  void Read() {
    SpecCompiler& compiler = spec_.compiler;
    compiler.angle_is_degree = false;
    compiler.fusestatic = compiler.discardvisual = compiler.strippath = true;
    reader_.ReadString(robot_, "name", spec_.model_name);
    ReadExtension();
    CollectLinksAndJoints();
    ReadMaterials(robot_);
    spec_.worldbody.source = reader_.Locate(robot_);
    for (const XMLElement* link : link_order_) {
      std::string name = LinkName(link);
      if (child_links_.count(name)) continue;  // attached by its parent joint
      if (name == "world") {
        ReadLinkContents(link, spec_.worldbody);
        AttachChildren(name, spec_.worldbody);
      } else {
        spec_.worldbody.children.push_back(ReadLink(link, nullptr));
      }
    }
  }

 private:
  // <mujoco><compiler .../><option .../></mujoco>, each at most once
  void ReadExtension() {
    for (const XMLElement* ext = robot_->FirstChildElement("mujoco"); ext;
         ext = ext->NextSiblingElement("mujoco")) {
      std::set<std::string> seen;
      for (const XMLElement* child = ext->FirstChildElement(); child;
           child = child->NextSiblingElement()) {
        std::string tag = child->Name();
        if (!seen.insert(tag).second) reader_.Fail(child, "repeated element: '" + tag + "'");
        if (tag == "compiler") {
          reader_.Validate(child, *FindSchema("compiler"));
          ReadCompilerElement(reader_, child);
        } else if (tag == "option") {
          reader_.Validate(child, *FindSchema("option"));
          ReadOptionElement(reader_, child);
        } else {
          reader_.Fail(child, "unrecognized element '" + tag +
                                  "' in the URDF <mujoco> extension (compiler, option)");
        }
      }
    }
  }

  std::string LinkName(const XMLElement* link) const {
    std::string name;
    if (!reader_.ReadString(link, "name", name)) reader_.Fail(link, "URDF link without a name");
    return name;
  }

  void CollectLinksAndJoints() {
    std::set<std::string> joint_names;
    for (const XMLElement* link = robot_->FirstChildElement("link"); link;
         link = link->NextSiblingElement("link")) {
      std::string name = LinkName(link);
      if (!links_.emplace(name, link).second) reader_.Fail(link, "repeated URDF name: '" + name + "'");
      link_order_.push_back(link);
    }
    for (const XMLElement* elem = robot_->FirstChildElement("joint"); elem;
         elem = elem->NextSiblingElement("joint")) {
      UrdfJoint joint{elem};
      if (!reader_.ReadString(elem, "name", joint.name)) reader_.Fail(elem, "URDF joint without a name");
      if (!joint_names.insert(joint.name).second) {
        reader_.Fail(elem, "repeated URDF name: '" + joint.name + "'");
      }
      reader_.ReadString(elem, "type", joint.type);
      const XMLElement* parent = elem->FirstChildElement("parent");
      const XMLElement* child = elem->FirstChildElement("child");
      if (parent) reader_.ReadString(parent, "link", joint.parent);
      if (child) reader_.ReadString(child, "link", joint.child);
      if (!links_.count(joint.parent) || !links_.count(joint.child)) {
        reader_.Fail(elem, "URDF joint parent or child missing");
      }
      if (!child_links_.insert(joint.child).second) {
        reader_.Fail(elem, "URDF link '" + joint.child + "' is the child of two joints");
      }
      joints_.push_back(joint);
    }
  }

  std::unique_ptr<SpecBody> ReadLink(const XMLElement* link, const UrdfJoint* joint) {
    auto body = std::make_unique<SpecBody>();
    body->source = reader_.Locate(link);
    body->name = LinkName(link);
    if (!visiting_.insert(body->name).second) {
      reader_.Fail(link, "URDF links form a cycle through '" + body->name + "'");
    }
    if (joint) ReadJoint(*joint, *body);
    ReadLinkContents(link, *body);
    AttachChildren(body->name, *body);
    visiting_.erase(body->name);
    return body;
  }

  void AttachChildren(const std::string& link, SpecBody& body) {
    for (const UrdfJoint& joint : joints_) {
      if (joint.parent == link) body.children.push_back(ReadLink(links_.at(joint.child), &joint));
    }
  }

  // <origin xyz rpy>: position and fixed-axis roll-pitch-yaw, R = Rz(yaw) Ry(pitch) Rx(roll)
  void ReadOrigin(const XMLElement* parent, mjtNum pos[3], Orientation* orientation) const {
    const XMLElement* origin = parent->FirstChildElement("origin");
    if (!origin) return;
    reader_.ReadReals(origin, "xyz", pos, 3);
    mjtNum rpy[3] = {0, 0, 0};
    if (!orientation || !reader_.ReadReals(origin, "rpy", rpy, 3)) return;
    mjtNum qx[4], qy[4], qz[4], qzy[4];
    const mjtNum x[3] = {1, 0, 0}, y[3] = {0, 1, 0}, z[3] = {0, 0, 1};
    AxisAngleToQuat(qx, x, rpy[0]);
    AxisAngleToQuat(qy, y, rpy[1]);
    AxisAngleToQuat(qz, z, rpy[2]);
    MulQuat(qzy, qz, qy);
    orientation->form = Orientation::Form::kQuat;
    MulQuat(orientation->quat, qzy, qx);
  }

  void ReadJoint(const UrdfJoint& urdf, SpecBody& body) {
    const XMLElement* elem = urdf.elem;
    ReadOrigin(elem, body.pos, &body.orientation);
    SpecJoint joint = spec_.defaults[0].joint;
    joint.source = reader_.Locate(elem);
    joint.name = urdf.name;
    joint.axis[0] = 1;
    joint.axis[1] = joint.axis[2] = 0;
    if (const XMLElement* axis = elem->FirstChildElement("axis")) {
      reader_.ReadReals(axis, "xyz", joint.axis, 3);
    }
    if (const XMLElement* dynamics = elem->FirstChildElement("dynamics")) {
      reader_.ReadReal(dynamics, "damping", joint.damping);
      reader_.ReadReal(dynamics, "friction", joint.frictionloss);
    }
    ReadLimit(urdf, joint);
    const std::string& type = urdf.type;
    if (type == "revolute" || type == "continuous") {
      joint.type = mjJNT_HINGE;
    } else if (type == "prismatic") {
      joint.type = mjJNT_SLIDE;
    } else if (type == "floating") {
      joint.type = mjJNT_FREE;
      joint.limited = 0;
    } else if (type == "planar") {
      AddPlanarJoints(joint, body);
      return;
    } else if (type == "fixed") {
      return;
    } else {
      reader_.Fail(elem, "invalid joint type in URDF joint definition");
    }
    body.joints.push_back(joint);
  }

  // <limit>: lower/upper bound revolute and prismatic joints; effort > 0 bounds the actuator
  // force of every joint type that has it
  void ReadLimit(const UrdfJoint& urdf, SpecJoint& joint) const {
    joint.limited = 0;
    joint.actuatorfrclimited = 0;
    const XMLElement* limit = urdf.elem->FirstChildElement("limit");
    if (!limit) return;
    if (urdf.type == "revolute" || urdf.type == "prismatic") {
      reader_.ReadReal(limit, "lower", joint.range[0]);
      reader_.ReadReal(limit, "upper", joint.range[1]);
      joint.range_given = true;
      joint.limited = 1;
    }
    mjtNum effort = 0;
    if (reader_.ReadReal(limit, "effort", effort) && effort > 0) {
      joint.actuatorfrcrange[0] = -effort;
      joint.actuatorfrcrange[1] = effort;
      joint.actuatorfrcrange_given = true;
      joint.actuatorfrclimited = 1;
    }
  }

  // planar: slides along two axes normal to `axis` and a hinge about it, named <joint>_TX,
  // _TY, _RZ; the normal axes are the images of x and y under the minimal rotation of z onto axis
  void AddPlanarJoints(const SpecJoint& joint, SpecBody& body) const {
    mjtNum frame[4], tx[3], ty[3];
    const mjtNum x[3] = {1, 0, 0}, y[3] = {0, 1, 0};
    ZAxisToQuat(frame, joint.axis);
    RotateVecByQuat(tx, x, frame);
    RotateVecByQuat(ty, y, frame);
    SpecJoint slide_x = joint, slide_y = joint, hinge = joint;
    slide_x.type = slide_y.type = mjJNT_SLIDE;
    slide_x.name = joint.name + "_TX";
    slide_y.name = joint.name + "_TY";
    hinge.name = joint.name + "_RZ";
    Copy3(slide_x.axis, tx);
    Copy3(slide_y.axis, ty);
    body.joints.push_back(slide_x);
    body.joints.push_back(slide_y);
    body.joints.push_back(hinge);
  }

  void ReadLinkContents(const XMLElement* link, SpecBody& body) {
    ReadMaterials(link);
    if (const XMLElement* inertial = link->FirstChildElement("inertial")) {
      body.inertial = ReadInertial(inertial);
      body.explicitinertial = true;
    }
    // the colour of a visual's material carries over to the link's later geoms (reference)
    float rgba[4] = {kDefaultRgba[0], kDefaultRgba[1], kDefaultRgba[2], kDefaultRgba[3]};
    for (const XMLElement* child = link->FirstChildElement(); child;
         child = child->NextSiblingElement()) {
      std::string tag = child->Name();
      if (tag != "visual" && tag != "collision") continue;
      bool visual = tag == "visual";
      if (visual) MaterialColor(child, rgba);
      if (visual && spec_.compiler.discardvisual) continue;  // nor does its mesh become an asset
      SpecGeom geom = spec_.defaults[0].geom;
      geom.source = reader_.Locate(child);
      if (!ReadGeometry(child, geom)) continue;
      ReadOrigin(child, geom.pos, &geom.orientation);
      for (int i = 0; i < 4; ++i) geom.rgba[i] = rgba[i];
      if (visual) {
        geom.contype = geom.conaffinity = 0;
        geom.group = 1;
        geom.density = 0;
      }
      body.geoms.push_back(geom);
    }
  }

  SpecInertial ReadInertial(const XMLElement* elem) const {
    SpecInertial inertial;
    inertial.source = reader_.Locate(elem);
    // the reference ignores the inertial origin's rpy: the principal axes come from the tensor
    ReadOrigin(elem, inertial.pos, nullptr);
    if (const XMLElement* mass = elem->FirstChildElement("mass")) {
      reader_.ReadReal(mass, "value", inertial.mass);
    }
    std::vector<mjtNum> full(6, 0);
    if (const XMLElement* tensor = elem->FirstChildElement("inertia")) {
      const char* names[6] = {"ixx", "iyy", "izz", "ixy", "ixz", "iyz"};
      for (int i = 0; i < 6; ++i) reader_.ReadReal(tensor, names[i], full[i]);
    }
    inertial.fullinertia = full;
    return inertial;
  }

  // <geometry>: box, cylinder, sphere, capsule or mesh; false when it holds none of them
  bool ReadGeometry(const XMLElement* elem, SpecGeom& geom) {
    const XMLElement* geometry = elem->FirstChildElement("geometry");
    if (!geometry) return false;
    const XMLElement* shape = geometry->FirstChildElement();
    if (!shape) return false;
    std::string kind = shape->Name();
    if (kind == "box") {
      geom.type = mjGEOM_BOX;
      reader_.Require(shape, "size");
      reader_.ReadReals(shape, "size", geom.size, 3);
      for (mjtNum& size : geom.size) size /= 2;
    } else if (kind == "sphere") {
      geom.type = mjGEOM_SPHERE;
      reader_.Require(shape, "radius");
      reader_.ReadReal(shape, "radius", geom.size[0]);
    } else if (kind == "cylinder" || kind == "capsule") {
      geom.type = kind == "cylinder" ? mjGEOM_CYLINDER : mjGEOM_CAPSULE;
      reader_.Require(shape, "radius");
      reader_.Require(shape, "length");
      reader_.ReadReal(shape, "radius", geom.size[0]);
      reader_.ReadReal(shape, "length", geom.size[1]);
      geom.size[1] /= 2;
    } else if (kind == "mesh") {
      geom.type = mjGEOM_MESH;
      geom.mesh = MeshAsset(shape);
    } else {
      reader_.Fail(shape, "unknown URDF geometry '" + kind + "'");
    }
    return true;
  }

  // a mesh asset per file and scale, named after the file without directory and extension
  std::string MeshAsset(const XMLElement* shape) {
    SpecMesh mesh = spec_.defaults[0].mesh;
    mesh.source = reader_.Locate(shape);
    if (!reader_.ReadString(shape, "filename", mesh.file)) {
      reader_.Fail(shape, "required attribute missing: 'filename'");
    }
    reader_.ReadReals(shape, "scale", mesh.scale, 3);
    std::string stem = FileStem(mesh.file);
    for (const SpecMesh& existing : spec_.meshes) {
      if (existing.file == mesh.file && existing.scale[0] == mesh.scale[0] &&
          existing.scale[1] == mesh.scale[1] && existing.scale[2] == mesh.scale[2]) {
        return existing.name;
      }
    }
    mesh.name = stem;
    for (int suffix = 1; MeshNameTaken(mesh.name); ++suffix) mesh.name = stem + std::to_string(suffix);
    spec_.meshes.push_back(mesh);
    return mesh.name;
  }

  bool MeshNameTaken(const std::string& name) const {
    for (const SpecMesh& existing : spec_.meshes) {
      if (existing.name == name) return true;
    }
    return false;
  }

  // named <material><color rgba/></material> definitions, at robot level or inside visuals
  void ReadMaterials(const XMLElement* parent) {
    for (const XMLElement* material = parent->FirstChildElement("material"); material;
         material = material->NextSiblingElement("material")) {
      RegisterMaterial(material);
    }
  }

  void RegisterMaterial(const XMLElement* material) {
    std::string name;
    reader_.ReadString(material, "name", name);
    const XMLElement* color = material->FirstChildElement("color");
    if (name.empty() || !color) return;
    std::array<float, 4> rgba;
    reader_.ReadFloats(color, "rgba", rgba.data(), 4);
    materials_[name] = rgba;
  }

  // a visual's <material>: its own <color>, else the named material's colour
  void MaterialColor(const XMLElement* visual, float rgba[4]) {
    const XMLElement* material = visual->FirstChildElement("material");
    if (!material) return;
    RegisterMaterial(material);
    std::string name;
    reader_.ReadString(material, "name", name);
    if (const XMLElement* color = material->FirstChildElement("color")) {
      reader_.ReadFloats(color, "rgba", rgba, 4);
      return;
    }
    auto found = materials_.find(name);
    if (found != materials_.end()) {
      for (int i = 0; i < 4; ++i) rgba[i] = found->second[i];
    }
  }

  XmlReader& reader_;
  Spec& spec_;
  const XMLElement* robot_;
  std::map<std::string, const XMLElement*> links_;
  std::vector<const XMLElement*> link_order_;
  std::vector<UrdfJoint> joints_;
  std::set<std::string> child_links_;
  std::set<std::string> visiting_;
  std::map<std::string, std::array<float, 4>> materials_;
};

}  // namespace

void ReadUrdf(XmlReader& reader, const XMLElement* robot) { UrdfReader(reader, robot).Read(); }

}  // namespace mjsim
