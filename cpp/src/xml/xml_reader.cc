// xml_reader.cc: reads MJCF (tinyxml2 DOM) into a Spec. Every element is checked against the
// schema table first; values are then read by typed readers that report the element, attribute,
// value and line of any problem. Default classes are applied here (checklist B.3): an element
// starts as a copy of its class's values and its own attributes override them.
#include "xml/xml_reader.h"

#include <cstdlib>
#include <map>
#include <sstream>

#include "mjsim/errors.h"
#include "tinyxml2.h"
#include "xml/include.h"
#include "xml/read_attach.h"
#include "xml/reader_base.h"
#include "xml/schema.h"
#include "xml/sections.h"
#include "compiler/frames.h"
#include "util/math3.h"

namespace mjsim {
namespace {


// Reads the model skeleton; hands every other element to its group's reader (sections.h).
class MjcfReader : public XmlReader {
 public:
  MjcfReader(std::string file, Spec& spec, const AssetMap& assets)
      : XmlReader(std::move(file), spec), spec_(spec), attach_(*this, assets) {}

  void Read(const XMLElement* root) {
    if (std::string(root->Name()) != "mujoco") {
      Fail(root, "unrecognized model type '" + std::string(root->Name()) +
                     "': the root element must be 'mujoco'");
    }
    const ElementSchema* schema = FindSchema("mujoco");
    Validate(root, *schema);
    ReadString(root, "model", spec_.model_name);
    // compiler, option and default sections first: everything else reads their settings
    for (const XMLElement* child = root->FirstChildElement(); child;
         child = child->NextSiblingElement()) {
      std::string key = ValidateChild(child, *schema);
      if (key == "compiler") ReadCompilerElement(*this, child);
      if (key == "option") ReadOptionElement(*this, child);
      if (key == "asset") ReadModelAssets(child);
    }
    for (const XMLElement* child = root->FirstChildElement("default"); child;
         child = child->NextSiblingElement("default")) {
      ReadTopDefault(child);
    }
    for (const XMLElement* child = root->FirstChildElement(); child;
         child = child->NextSiblingElement()) {
      ReadSection(child);
    }
    spec_.worldbody.name = "world";
    attach_.AttachAll();
  }

 private:
  void ReadSection(const XMLElement* elem) {
    std::string key = elem->Name();
    if (key == "worldbody") {
      spec_.worldbody.source = Locate(elem);
      ReadBodyChildren(elem, *FindSchema("worldbody"), spec_.worldbody, /*childclass=*/0, -1);
    } else if (key == "asset") {
      ReadAssets(elem);
    } else if (key == "actuator") {
      ReadActuatorSection(*this, elem);
    } else if (key == "tendon") {
      ReadTendonSection(*this, elem);
    } else if (key == "sensor") {
      ReadSensorSection(*this, elem);
    } else if (key == "equality") {
      ReadEqualitySection(*this, elem);
    } else if (key == "contact") {
      ReadContactSection(*this, elem);
    } else if (key == "deformable") {
      ReadDeformableSection(*this, elem);
    } else if (key == "extension") {
      ReadExtensionSection(*this, elem);
    } else if (key == "custom") {
      ReadCustomSection(*this, elem);
    } else if (key == "keyframe") {
      ReadKeyframeSection(*this, elem);
    } else if (key == "size") {
      ReadSizeSection(*this, elem);
    } else if (key == "statistic") {
      ReadStatisticSection(*this, elem);
    } else if (key == "visual") {
      ReadVisualSection(*this, elem);
    } else if (key == "body" || key == "frame") {
      // outside <worldbody> the reference checks a body or frame against the schema and
      // then leaves it out of the model (gymnasium-robotics' fetch/robot.xml, an include
      // fragment, loads so as an empty model); the same here
      ValidateTree(elem, *FindSchema(key));
    }
  }

  void ValidateTree(const XMLElement* elem, const ElementSchema& schema) {
    for (const XMLElement* child = elem->FirstChildElement(); child;
         child = child->NextSiblingElement()) {
      ValidateTree(child, *FindSchema(ValidateChild(child, schema)));
    }
  }

  // sub-models first: <attach> may come before their <asset> section
  void ReadModelAssets(const XMLElement* section) {
    for (const XMLElement* child = section->FirstChildElement("model"); child;
         child = child->NextSiblingElement("model")) {
      Validate(child, *FindSchema("asset/model"));
      attach_.ReadModel(child);
    }
  }

  void ReadAssets(const XMLElement* section) {
    const ElementSchema& schema = *FindSchema("asset");
    for (const XMLElement* child = section->FirstChildElement(); child;
         child = child->NextSiblingElement()) {
      std::string key = ValidateChild(child, schema);
      if (key == "asset/mesh") ReadMeshAsset(*this, child);
      if (key == "asset/hfield") ReadHFieldAsset(*this, child);
      if (key == "asset/texture") ReadTextureAsset(*this, child);
      if (key == "asset/material") ReadMaterialAsset(*this, child);
      if (key == "asset/skin") ReadSkinAsset(*this, child);
    }
  }

  // Every top-level <default> (one per included file, typically) reopens class "main": its
  // values override those of earlier blocks, and a class nested in it starts as a copy of main
  // as it stands at that point
  void ReadTopDefault(const XMLElement* elem) {
    std::string name;
    if (ReadString(elem, "class", name) && name != "main") {
      Fail(elem, "top-level default class 'main' cannot be renamed (class=\"" + name + "\")");
    }
    ReadDefaultContents(elem, 0);
  }

  void ReadDefaultContents(const XMLElement* elem, int index) {
    const ElementSchema& schema = *FindSchema("default");
    for (const XMLElement* child = elem->FirstChildElement(); child;
         child = child->NextSiblingElement()) {
      std::string key = ValidateChild(child, schema);
      if (key == "default") {
        ReadNestedDefault(child, index);
      } else if (key == "default/joint") {
        ReadJointValues(child, spec_.defaults[index].joint);
      } else if (key == "default/geom") {
        ReadGeomValues(child, spec_.defaults[index].geom);
      } else if (key == "default/site") {
        ReadSiteValues(child, spec_.defaults[index].site);
      } else {
        SpecDefault& dflt = spec_.defaults[index];
        bool read = ReadActuatorDefault(*this, child, key, dflt) ||
                    ReadTendonDefault(*this, child, key, dflt) ||
                    ReadEqualityDefault(*this, child, key, dflt) ||
                    ReadMeshDefault(*this, child, key, dflt) ||
                    ReadAssetDefault(*this, child, key, dflt) ||
                    ReadCameraLightDefault(*this, child, key, dflt);
        if (!read) Fail(child, "element '" + key + "' is not supported by mjsim yet");
      }
    }
  }

  void ReadNestedDefault(const XMLElement* elem, int parent) {
    std::string name;
    ReadString(elem, "class", name);
    if (name.empty()) Fail(elem, "empty class name: a nested default needs a 'class'");
    if (FindDefault(name) >= 0) Fail(elem, "repeated default class name '" + name + "'");
    SpecDefault child = spec_.defaults[parent];  // a class starts as a copy of its parent
    child.SetName(name);
    child.parent = parent;
    spec_.defaults.push_back(std::move(child));
    ReadDefaultContents(elem, static_cast<int>(spec_.defaults.size()) - 1);
  }

  int FindDefault(const std::string& name) const {
    for (size_t i = 0; i < spec_.defaults.size(); ++i) {
      if (spec_.defaults[i].name == name) return static_cast<int>(i);
    }
    return -1;
  }

  // The class an element takes its values from: its own `class`, else the inherited childclass.
  int ActiveClass(const XMLElement* elem, int childclass) const {
    std::string name;
    if (!ReadString(elem, "class", name)) return childclass;
    int index = FindDefault(name);
    if (index < 0) Fail(elem, "unknown default class name '" + name + "'");
    return index;
  }

  // ---- bodies --------------------------------------------------------------------------------
  // Children of a body, the world body or a frame (`frame` is the innermost enclosing frame).
  void ReadBodyChildren(const XMLElement* elem, const ElementSchema& schema, SpecBody& body,
                        int childclass, int frame) {
    bool is_world = &body == &spec_.worldbody;
    for (const XMLElement* child = elem->FirstChildElement(); child;
         child = child->NextSiblingElement()) {
      std::string key = ValidateChild(child, schema);
      if (is_world && (key == "body/joint" || key == "body/freejoint")) {
        Fail(child, "the world body cannot have joints");
      }
      if (is_world && key == "body/inertial") Fail(child, "the world body cannot have an inertial");
      if (key == "body") {
        body.children.push_back(ReadBody(child, childclass, frame));
      } else if (key == "frame") {
        ReadFrame(child, body, childclass, frame);
      } else if (key == "body/replicate") {
        ReadReplicate(child, body, childclass, frame);
      } else if (key == "body/attach") {
        attach_.ReadAttach(child, body, frame);
      } else if (key == "body/inertial") {
        // one per body or frame (schema); of a body's and its frames', the last counts, and
        // a frame's pose does not move it (measured: body_ipos equals the written pos)
        body.inertial = ReadInertial(child);
        body.explicitinertial = true;
      } else if (key == "body/joint") {
        body.joints.push_back(spec_.defaults[ActiveClass(child, childclass)].joint);
        ReadJointValues(child, body.joints.back());
        ReadName(child, body.joints.back().name);
        body.joints.back().frame = frame;
      } else if (key == "body/freejoint") {
        body.joints.push_back(ReadFreeJoint(child));
        body.joints.back().frame = frame;
      } else if (key == "body/geom") {
        body.geoms.push_back(spec_.defaults[ActiveClass(child, childclass)].geom);
        ReadGeomValues(child, body.geoms.back());
        ReadName(child, body.geoms.back().name);
        body.geoms.back().frame = frame;
      } else if (key == "body/site") {
        body.sites.push_back(spec_.defaults[ActiveClass(child, childclass)].site);
        ReadSiteValues(child, body.sites.back());
        ReadName(child, body.sites.back().name);
        body.sites.back().frame = frame;
      } else if (key == "body/camera") {
        body.cameras.push_back(spec_.defaults[ActiveClass(child, childclass)].camera);
        ReadCameraValues(*this, child, body.cameras.back());
        ReadName(child, body.cameras.back().name);
        body.cameras.back().frame = frame;
      } else if (key == "body/light") {
        body.lights.push_back(spec_.defaults[ActiveClass(child, childclass)].light);
        ReadLightValues(*this, child, body.lights.back());
        ReadName(child, body.lights.back().name);
        body.lights.back().frame = frame;
      }
    }
  }

  int ReadChildClass(const XMLElement* elem, int childclass) const {
    std::string name;
    if (!ReadString(elem, "childclass", name)) return childclass;
    int index = FindDefault(name);
    if (index < 0) Fail(elem, "unknown default class name '" + name + "'");
    return index;
  }

  std::unique_ptr<SpecBody> ReadBody(const XMLElement* elem, int childclass, int frame) {
    auto body = std::make_unique<SpecBody>();
    body->source = Locate(elem);
    body->frame = frame;
    ReadName(elem, body->name);
    childclass = ReadChildClass(elem, childclass);
    ReadString(elem, "childclass", body->childclass);
    ReadReals(elem, "pos", body->pos, 3);
    ReadOrientation(elem, body->orientation);
    ReadBool(elem, "mocap", body->mocap);
    ReadReal(elem, "gravcomp", body->gravcomp);
    ReadRealList(elem, "user", body->user);
    ReadBodyChildren(elem, *FindSchema("body"), *body, childclass, -1);
    return body;
  }

  // A name as written, with the suffixes of the <replicate> copies it is in (innermost first).
  void ReadName(const XMLElement* elem, std::string& name) const {
    if (ReadString(elem, "name", name)) name += name_suffix_;
  }

  // the elements a <replicate> expands to: count times its descendants, nested replicates
  // multiplied; stops counting past `limit`, so a count of a billion costs nothing to reject
  static long long ExpandedElementCount(const XMLElement* replicate, long long limit) {
    long long count = replicate->IntAttribute("count", 0);
    if (count < 1) return 0;
    long long inner = 0;
    for (const XMLElement* child = replicate->FirstChildElement(); child && inner <= limit;
         child = child->NextSiblingElement()) {
      inner += std::string(child->Name()) == "replicate" ? ExpandedElementCount(child, limit)
                                                         : 1 + DescendantCount(child, limit);
    }
    return inner > limit / count ? limit + 1 : count * inner;
  }
  static long long DescendantCount(const XMLElement* elem, long long limit) {
    long long total = 0;
    for (const XMLElement* child = elem->FirstChildElement(); child && total <= limit;
         child = child->NextSiblingElement()) {
      total += std::string(child->Name()) == "replicate" ? ExpandedElementCount(child, limit)
                                                         : 1 + DescendantCount(child, limit);
    }
    return total;
  }

  // <replicate count offset euler sep>: `count` copies of the children; copy i sits in the
  // frame F^i, F being the translation `offset` followed by the rotation `euler`, and every
  // name in it gets sep + i (zero-padded to the digits of count) appended
  void ReadReplicate(const XMLElement* elem, SpecBody& body, int childclass, int parent_frame) {
    int count = 0;
    Require(elem, "count");
    ReadInt(elem, "count", count);  // below 1: no copies, as the reference
    constexpr long long kMaxElements = 1000000;
    long long elements = ExpandedElementCount(elem, kMaxElements);
    if (elements > kMaxElements) {
      Fail(elem, "replicate would create more than " + std::to_string(kMaxElements) +
                     " elements (count " + std::to_string(count) + ", nested replicates multiply)");
    }
    std::string separator;
    ReadString(elem, "sep", separator);
    mjtNum offset[3] = {0, 0, 0}, step[4] = {1, 0, 0, 0};
    ReadReals(elem, "offset", offset, 3);
    Orientation rotation;
    if (ReadReals(elem, "euler", rotation.euler, 3)) {
      rotation.form = Orientation::Form::kEuler;
      OrientationToQuat(step, rotation, spec_.compiler);
    }
    int width = static_cast<int>(std::to_string(count).size());
    std::string outer_suffix = name_suffix_;
    mjtNum pos[3] = {0, 0, 0}, quat[4] = {1, 0, 0, 0};
    for (int i = 0; i < count; ++i) {
      SpecFrame frame;
      frame.source = Locate(elem);
      frame.parent = parent_frame;
      Copy3(frame.pos, pos);
      Copy4(frame.orientation.quat, quat);
      body.frames.push_back(frame);
      std::string index = std::to_string(i);
      name_suffix_ = separator + std::string(width - index.size(), '0') + index + outer_suffix;
      ReadBodyChildren(elem, *FindSchema("body/replicate"), body, childclass,
                       static_cast<int>(body.frames.size()) - 1);
      mjtNum moved[3], turned[4];
      RotateVecByQuat(moved, offset, quat);
      AddTo3(pos, moved);
      MulQuat(turned, quat, step);
      Copy4(quat, turned);
    }
    name_suffix_ = outer_suffix;
  }

  // <frame>: its children belong to the enclosing body, posed relative to the frame
  void ReadFrame(const XMLElement* elem, SpecBody& body, int childclass, int parent_frame) {
    SpecFrame frame;
    frame.source = Locate(elem);
    frame.parent = parent_frame;
    ReadName(elem, frame.name);
    ReadReals(elem, "pos", frame.pos, 3);
    ReadOrientation(elem, frame.orientation);
    ReadString(elem, "childclass", frame.childclass);
    body.frames.push_back(frame);
    int index = static_cast<int>(body.frames.size()) - 1;
    ReadBodyChildren(elem, *FindSchema("frame"), body, ReadChildClass(elem, childclass), index);
  }

  SpecInertial ReadInertial(const XMLElement* elem) const {
    SpecInertial inertial;
    inertial.source = Locate(elem);
    if (!ReadReals(elem, "pos", inertial.pos, 3)) Fail(elem, "required attribute missing: 'pos'");
    if (!ReadReal(elem, "mass", inertial.mass)) Fail(elem, "required attribute missing: 'mass'");
    ReadOrientation(elem, inertial.orientation);
    inertial.diaginertia = ReadRealVector(elem, "diaginertia", 3);
    inertial.fullinertia = ReadRealVector(elem, "fullinertia", 6);
    if (inertial.diaginertia && inertial.fullinertia) {
      Fail(elem, "fullinertia and diaginertia cannot both be given");
    }
    for (const char* attr : {"quat", "axisangle", "euler", "xyaxes", "zaxis"}) {
      if (inertial.fullinertia && elem->Attribute(attr)) {
        Fail(elem, "fullinertia and an orientation cannot both be given");
      }
    }
    return inertial;
  }

  // ---- element values (shared by bodies and default classes): their tables ----------------
  void ReadJointValues(const XMLElement* elem, SpecJoint& joint) const {
    joint.source = Locate(elem);
    ReadAttributes(*this, elem, joint);
  }

  SpecJoint ReadFreeJoint(const XMLElement* elem) const {
    SpecJoint joint;  // a freejoint takes no values from default classes
    joint.source = Locate(elem);
    joint.type = mjJNT_FREE;
    ReadName(elem, joint.name);
    ReadInt(elem, "group", joint.group);
    ReadKeyword(elem, "align", kAutoBools, joint.align);
    return joint;
  }

  void ReadGeomValues(const XMLElement* elem, SpecGeom& geom) const {
    geom.source = Locate(elem);
    ReadAttributes(*this, elem, geom);
  }

  void ReadSiteValues(const XMLElement* elem, SpecSite& site) const {
    site.source = Locate(elem);
    ReadAttributes(*this, elem, site);
  }

  Spec& spec_;
  AttachReader attach_;
  std::string name_suffix_;  // inside <replicate>: appended to every name read
};

}  // namespace

Spec ReadMjcf(const std::string& text, const std::string& file, const AssetMap& assets) {
  tinyxml2::XMLDocument document;
  if (document.Parse(text.c_str(), text.size()) != tinyxml2::XML_SUCCESS) {
    std::ostringstream message;
    message << "XML parse error: " << (document.ErrorStr() ? document.ErrorStr() : "unknown")
            << "\nline " << document.ErrorLineNum();
    if (!file.empty()) message << ", file '" << file << "'";
    throw ModelError(message.str());
  }
  XMLElement* root = document.RootElement();
  if (!root) throw ModelError("XML parse error: the document has no root element");
  Spec spec;
  spec.model_dir = DirectoryOf(file);
  MjcfReader reader(file, spec, assets);
  if (std::string(root->Name()) == "robot") {
    ReadUrdf(reader, root);
    spec.worldbody.name = "world";
    return spec;
  }
  ExpandIncludes(document, reader, spec.model_dir, assets);
  reader.Read(root);
  return spec;
}

}  // namespace mjsim
