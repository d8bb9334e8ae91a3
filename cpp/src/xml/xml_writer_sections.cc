// xml_writer_sections.cc: the sections after <default>: custom, asset, contact, equality,
// tendon, actuator, sensor, keyframe.
#include <algorithm>
#include <array>
#include <optional>

#include "compiler/frames.h"
#include "xml/keywords.h"
#include "xml/sections.h"
#include "xml/xml_writer_parts.h"

namespace mjsim {
namespace {

template <typename T>
XmlNode& NamedChild(XmlNode& parent, const char* tag, const T& element) {
  XmlNode& node = parent.Add(tag);
  SetString(node, "name", element.name);
  return node;
}

template <typename T>
XmlNode& ClassedChild(XmlNode& parent, const char* tag, const T& element) {
  XmlNode& node = NamedChild(parent, tag, element);
  SetClass(node, element.classname, "main");
  return node;
}

const SpecJoint* FindJoint(const SpecBody& body, const std::string& name) {
  for (const SpecJoint& joint : body.joints) {
    if (joint.name == name) return &joint;
  }
  for (const SpecBody& child : body.children) {
    if (const SpecJoint* joint = FindJoint(child, name)) return joint;
  }
  return nullptr;
}

// the range an actuator's inheritrange takes from its joint (in radians) or tendon; the <general>
// the writer emits has no inheritrange, so the range is written resolved, as the compiler does
// (compiler/actuators.cc InheritRange)
std::optional<std::array<mjtNum, 2>> TargetRangeOf(const WriteContext& c, const SpecActuator& a) {
  const std::string& joint_name = a.joint.empty() ? a.jointinparent : a.joint;
  if (!joint_name.empty()) {
    const SpecJoint* joint = FindJoint(c.spec.worldbody, joint_name);
    if (!joint) return std::nullopt;
    bool angular = joint->type == mjJNT_HINGE || joint->type == mjJNT_BALL;
    std::array<mjtNum, 2> range;
    for (int i = 0; i < 2; ++i) {
      range[i] = angular ? AngleToRadians(joint->range[i], c.spec.compiler) : joint->range[i];
    }
    return range;
  }
  for (const SpecTendon& tendon : c.spec.tendons) {
    if (!a.tendon.empty() && tendon.name == a.tendon) {
      return std::array<mjtNum, 2>{tendon.range[0], tendon.range[1]};
    }
  }
  return std::nullopt;
}

SpecActuator WithInheritedRange(const WriteContext& c, const SpecActuator& a) {
  SpecActuator resolved = a;
  bool position_like = a.gaintype == mjGAIN_FIXED && a.biastype == mjBIAS_AFFINE &&
                       a.gainprm[0] == -a.biasprm[1];
  if (!(a.inheritrange > 0) || !position_like) return resolved;
  mjtNum* out = a.dyntype == mjDYN_INTEGRATOR ? resolved.actrange
                : a.dyntype == mjDYN_NONE || a.dyntype == mjDYN_FILTEREXACT ? resolved.ctrlrange
                                                                           : nullptr;
  std::optional<std::array<mjtNum, 2>> range = TargetRangeOf(c, a);
  if (!out || !range) return resolved;
  mjtNum mid = ((*range)[0] + (*range)[1]) / 2;
  mjtNum half = a.inheritrange * ((*range)[1] - (*range)[0]) / 2;
  out[0] = mid - half;
  out[1] = mid + half;
  resolved.inheritrange = 0;
  return resolved;
}

// a key's qpos padded to the model's nq the way the compiler pads it (zeros, and each hinge and
// slide joint's ref as written: compiler/custom.cc PadKeyQpos), so that the padding reads back
// the same after the writer has converted the refs to radians
void AppendQposPadding(const SpecBody& body, std::vector<mjtNum>& padding) {
  for (const SpecJoint& joint : body.joints) {
    int count = joint.type == mjJNT_FREE ? 7 : joint.type == mjJNT_BALL ? 4 : 1;
    bool scalar = joint.type == mjJNT_HINGE || joint.type == mjJNT_SLIDE;
    for (int i = 0; i < count; ++i) padding.push_back(scalar ? joint.ref : 0);
  }
  for (const SpecBody& child : body.children) AppendQposPadding(child, padding);
}

std::optional<std::vector<mjtNum>> PaddedKeyQpos(const WriteContext& c,
                                                 const std::optional<std::vector<mjtNum>>& qpos) {
  if (!qpos) return qpos;
  std::vector<mjtNum> padded;
  AppendQposPadding(c.spec.worldbody, padded);
  if (qpos->size() >= padded.size()) return qpos;
  std::copy(qpos->begin(), qpos->end(), padded.begin());
  return padded;
}

void WriteTexture(XmlNode& parent, const SpecTexture& t) {
  static const SpecTexture d;
  XmlNode& node = parent.Add("texture");
  SetKeyword(node, "type", t.type, -1, kTextureTypes);
  SetKeyword(node, "colorspace", t.colorspace, -1, kColorSpaces);
  SetString(node, "name", t.name);
  SetString(node, "content_type", t.content_type);
  SetString(node, "file", t.file);
  SetNumbers(node, "gridsize", t.gridsize, d.gridsize, 2);
  SetString(node, "gridlayout", t.gridlayout, d.gridlayout);
  const char* const kCubeFiles[] = {"fileright", "fileleft", "fileup", "filedown", "filefront",
                                    "fileback"};
  for (int i = 0; i < 6 && i < static_cast<int>(t.cubefiles.size()); ++i) {
    SetString(node, kCubeFiles[i], t.cubefiles[i]);
  }
  SetKeyword(node, "builtin", t.builtin, d.builtin, kBuiltins);
  SetKeyword(node, "mark", t.mark, d.mark, kMarks);
  SetNumbers(node, "rgb1", t.rgb1, d.rgb1, 3);
  SetNumbers(node, "rgb2", t.rgb2, d.rgb2, 3);
  SetNumbers(node, "markrgb", t.markrgb, d.markrgb, 3);
  SetNumber(node, "random", t.random, d.random);
  SetNumber(node, "width", t.width, d.width);
  SetNumber(node, "height", t.height, d.height);
  SetNumber(node, "nchannel", t.nchannel, d.nchannel);
  SetBool(node, "hflip", t.hflip, d.hflip);
  SetBool(node, "vflip", t.vflip, d.vflip);
}

void WriteHField(XmlNode& parent, const SpecHField& h) {
  XmlNode& node = NamedChild(parent, "hfield", h);
  SetString(node, "content_type", h.content_type);
  SetString(node, "file", h.file);
  SetNumber(node, "nrow", h.nrow, 0);
  SetNumber(node, "ncol", h.ncol, 0);
  if (h.elevation_given) SetList(node, "elevation", h.elevation, {});
  node.Set("size", NumbersText(h.size, 4));
}

void WriteSkin(XmlNode& parent, const SpecSkin& s) {
  static const SpecSkin d;
  XmlNode& node = NamedChild(parent, "skin", s);
  SetString(node, "file", s.file);
  SetString(node, "material", s.material);
  SetNumbers(node, "rgba", s.rgba, d.rgba, 4);
  SetNumber(node, "inflate", s.inflate, d.inflate);
  SetNumber(node, "group", s.group, d.group);
  SetList(node, "vertex", s.vertex, {});
  SetList(node, "texcoord", s.texcoord, {});
  SetList(node, "face", s.face, {});
  for (const SpecSkinBone& bone : s.bones) {
    XmlNode& b = node.Add("bone");
    b.Set("body", bone.body);
    b.Set("bindpos", NumbersText(bone.bindpos, 3));
    b.Set("bindquat", NumbersText(bone.bindquat, 4));
    b.Set("vertid", NumbersText(bone.vertid.data(), static_cast<int>(bone.vertid.size())));
    b.Set("vertweight", NumbersText(bone.vertweight.data(), static_cast<int>(bone.vertweight.size())));
  }
}

// <flex> and its children as the reader reads them (read_flex.cc); a child is written when
// one of its values differs from the default
void WriteFlexChildren(XmlNode& node, const SpecFlex& s) {
  static const SpecFlex d;
  XmlNode contact{"contact", {}, {}, -1};
  SetNumber(contact, "contype", s.contype, d.contype);
  SetNumber(contact, "conaffinity", s.conaffinity, d.conaffinity);
  SetNumber(contact, "condim", s.condim, d.condim);
  SetNumber(contact, "priority", s.priority, d.priority);
  SetNumbers(contact, "friction", s.friction, d.friction, 3);
  SetNumber(contact, "solmix", s.solmix, d.solmix);
  SetNumbers(contact, "solref", s.solref, d.solref, 2);
  SetNumbers(contact, "solimp", s.solimp, d.solimp, 5);
  SetNumber(contact, "margin", s.margin, d.margin);
  SetNumber(contact, "gap", s.gap, d.gap);
  SetBool(contact, "internal", s.internal, d.internal);
  SetKeyword(contact, "selfcollide", s.selfcollide, d.selfcollide, kFlexSelfCollide);
  SetNumber(contact, "activelayers", s.activelayers, d.activelayers);
  SetBool(contact, "vertcollide", s.vertcollide != 0, d.vertcollide != 0);
  SetBool(contact, "passive", s.passive, d.passive);
  XmlNode edge{"edge", {}, {}, -1};
  SetNumber(edge, "stiffness", s.edgestiffness, d.edgestiffness);
  SetNumber(edge, "damping", s.edgedamping, d.edgedamping);
  XmlNode elasticity{"elasticity", {}, {}, -1};
  SetNumber(elasticity, "young", s.young, d.young);
  SetNumber(elasticity, "poisson", s.poisson, d.poisson);
  SetNumber(elasticity, "damping", s.damping, d.damping);
  SetNumber(elasticity, "thickness", s.thickness, d.thickness);
  SetKeyword(elasticity, "elastic2d", s.elastic2d, d.elastic2d, kElastic2D);
  AddIfNotEmpty(node, std::move(contact));
  AddIfNotEmpty(node, std::move(edge));
  AddIfNotEmpty(node, std::move(elasticity));
}

void WriteFlex(XmlNode& parent, const SpecFlex& s) {
  static const SpecFlex d;
  XmlNode& node = NamedChild(parent, "flex", s);
  node.Set("dim", NumberText(s.dim));
  SetNumber(node, "radius", s.radius, d.radius);
  SetString(node, "material", s.material);
  SetNumbers(node, "rgba", s.rgba, d.rgba, 4);
  SetBool(node, "flatskin", s.flatskin, d.flatskin);
  SetNumber(node, "group", s.group, d.group);
  std::string bodies;
  for (const std::string& body : s.vertbody) bodies += (bodies.empty() ? "" : " ") + body;
  node.Set("body", bodies);
  SetList(node, "vertex", s.vert, {});
  SetList(node, "element", s.elem, {});
  SetList(node, "texcoord", s.texcoord, {});
  SetList(node, "elemtexcoord", s.elemtexcoord, {});
  WriteFlexChildren(node, s);
}

const char* EqualityTag(int type) {
  switch (type) {
    case mjEQ_CONNECT: return "connect";
    case mjEQ_WELD: return "weld";
    case mjEQ_JOINT: return "joint";
    case mjEQ_TENDON: return "tendon";
    default: return "flex";
  }
}

void WriteEquality(const WriteContext& c, XmlNode& parent, const SpecEquality& e) {
  XmlNode& node = ClassedChild(parent, EqualityTag(e.type), e);
  const SpecEquality& d = c.ClassOf(e.classname).equality;
  bool joints = e.type == mjEQ_JOINT, tendons = e.type == mjEQ_TENDON;
  const char* kind = joints ? "joint" : tendons ? "tendon" : e.sites ? "site" : "body";
  SetString(node, (std::string(kind) + "1").c_str(), e.name1);
  SetString(node, (std::string(kind) + "2").c_str(), e.name2);
  if (joints || tendons) {
    SetNumbers(node, "polycoef", e.data, static_cast<const mjtNum*>(nullptr), 5);  // as the reference
  } else {
    if (!e.sites) SetNumbers(node, "anchor", e.data, d.data, 3);
    if (e.type == mjEQ_WELD) {
      SetNumbers(node, "relpose", e.data + 3, d.data + 3, 7);
      SetNumber(node, "torquescale", e.data[10], d.data[10]);
    }
  }
  WriteAttributes(c, node, e, d, false);
}

void WriteTendon(const WriteContext& c, XmlNode& parent, const SpecTendon& t) {
  XmlNode& node = ClassedChild(parent, t.spatial ? "spatial" : "fixed", t);
  WriteAttributes(c, node, t, c.ClassOf(t.classname).tendon, false);
  using Kind = SpecTendonWrap::Kind;
  for (const SpecTendonWrap& wrap : t.path) {
    switch (wrap.kind) {
      case Kind::kSite: node.Add("site").Set("site", wrap.target); break;
      case Kind::kGeom: {
        XmlNode& geom = node.Add("geom");
        geom.Set("geom", wrap.target);
        SetString(geom, "sidesite", wrap.sidesite);
        break;
      }
      case Kind::kPulley: node.Add("pulley").Set("divisor", NumberText(wrap.value)); break;
      case Kind::kJoint: {
        XmlNode& joint = node.Add("joint");
        joint.Set("joint", wrap.target);
        joint.Set("coef", NumberText(wrap.value));
        break;
      }
    }
  }
}

const SensorElement* SensorElementOf(int type) {
  for (const SensorElement& element : SensorElements()) {
    if (element.type == type) return &element;
  }
  return nullptr;
}

void SetObject(XmlNode& node, const char* type_attr, const char* name_attr, int type,
               const std::string& name) {
  if (name.empty()) return;
  const char* keyword = KeywordOf(kObjectTypes, type);
  if (type_attr && keyword) node.Set(type_attr, keyword);
  node.Set(name_attr, name);
}

// the attributes naming what a sensor reads, as read_sensor.cc reads them
void WriteSensorTarget(XmlNode& node, const SpecSensor& s, SensorTarget target) {
  auto side = [&](int type, const char* geom, const char* body, const char* subtree) {
    if (type == mjOBJ_GEOM) return geom;
    if (type == mjOBJ_XBODY) return subtree;
    if (type == mjOBJ_SITE) return "site";
    return body;
  };
  switch (target) {
    case SensorTarget::kSite: node.Set("site", s.objname); break;
    case SensorTarget::kCamProjection:
      node.Set("site", s.objname);
      node.Set("camera", s.refname);
      break;
    case SensorTarget::kJoint: node.Set("joint", s.objname); break;
    case SensorTarget::kTendon: node.Set("tendon", s.objname); break;
    case SensorTarget::kActuator: node.Set("actuator", s.objname); break;
    case SensorTarget::kFrame:
    case SensorTarget::kFrameNoRef:
      SetObject(node, "objtype", "objname", s.objtype, s.objname);
      SetObject(node, "reftype", "refname", s.reftype, s.refname);
      break;
    case SensorTarget::kSubtree: node.Set("body", s.objname); break;
    case SensorTarget::kInsideSite:
      SetObject(node, "objtype", "objname", s.objtype, s.objname);
      node.Set("site", s.refname);
      break;
    case SensorTarget::kGeomPair:
    case SensorTarget::kContact:
      SetString(node, side(s.objtype, "geom1", "body1", "subtree1"), s.objname);
      SetString(node, side(s.reftype, "geom2", "body2", "subtree2"), s.refname);
      break;
    case SensorTarget::kNone: break;
    case SensorTarget::kUser:
      SetObject(node, "objtype", "objname", s.objtype, s.objname);
      SetKeyword(node, "datatype", s.datatype, mjDATATYPE_REAL, kDataTypes);
      SetKeyword(node, "needstage", s.needstage, mjSTAGE_ACC, kStages);
      node.Set("dim", NumberText(s.dim));
      break;
    case SensorTarget::kTactile:
      node.Set("mesh", s.objname);
      node.Set("geom", s.refname);
      break;
  }
}

// <contact> sensor: which outputs, how contacts are reduced, how many
void WriteContactSensorOptions(XmlNode& node, const SpecSensor& s) {
  static const char* const kFields[] = {"found", "force", "torque", "dist", "pos", "normal",
                                        "tangent"};
  std::string data;
  for (int i = 0; i < 7; ++i) {
    if (s.intprm[0] & (1 << i)) data += (data.empty() ? "" : " ") + std::string(kFields[i]);
  }
  if (s.intprm[0] != 1) node.Set("data", data);
  SetKeyword(node, "reduce", s.intprm[1], 0, kContactReductions);
  SetNumber(node, "num", s.intprm[2], 1);
}

}  // namespace

void WriteCustom(const WriteContext& c, XmlNode& root) {
  XmlNode section{"custom", {}, {}, -1};
  for (const SpecNumeric& n : c.spec.numerics) {
    XmlNode& node = NamedChild(section, "numeric", n);
    SetNumber(node, "size", n.size, 0);
    SetList(node, "data", n.data, {});
  }
  for (const SpecText& t : c.spec.texts) NamedChild(section, "text", t).Set("data", t.data);
  for (const SpecTuple& t : c.spec.tuples) {
    XmlNode& node = NamedChild(section, "tuple", t);
    for (const SpecTupleElement& element : t.elements) {
      XmlNode& child = node.Add("element");
      const char* keyword = KeywordOf(kObjectTypes, element.objtype);
      child.Set("objtype", keyword ? keyword : element.objtype_name);
      child.Set("objname", element.objname);
      SetNumber(child, "prm", element.prm, 0.0);
    }
  }
  AddIfNotEmpty(root, std::move(section));
}

void WriteAssets(const WriteContext& c, XmlNode& root) {
  XmlNode section{"asset", {}, {}, -1};
  for (const SpecTexture& t : c.spec.textures) WriteTexture(section, t);
  for (const SpecMaterial& m : c.spec.materials) {
    XmlNode& node = ClassedChild(section, "material", m);
    WriteAttributes(c, node, m, c.ClassOf(m.classname).material, false);
    WriteMaterialLayers(node, m, c.ClassOf(m.classname).material);
  }
  for (const SpecMesh& m : c.spec.meshes) {
    WriteAttributes(c, ClassedChild(section, "mesh", m), m, c.ClassOf(m.classname).mesh, false);
  }
  for (const SpecSkin& s : c.spec.skins) WriteSkin(section, s);
  for (const SpecHField& h : c.spec.hfields) WriteHField(section, h);
  AddIfNotEmpty(root, std::move(section));
}

void WriteDeformable(const WriteContext& c, XmlNode& root) {
  XmlNode section{"deformable", {}, {}, -1};
  for (const SpecFlex& f : c.spec.flexes) WriteFlex(section, f);
  AddIfNotEmpty(root, std::move(section));
}

void WriteContact(const WriteContext& c, XmlNode& root) {
  XmlNode section{"contact", {}, {}, -1};
  for (const SpecPair& p : c.spec.pairs) {
    WriteAttributes(c, ClassedChild(section, "pair", p), p, c.ClassOf(p.classname).pair, false);
  }
  for (const SpecExclude& e : c.spec.excludes) {
    XmlNode& node = NamedChild(section, "exclude", e);
    node.Set("body1", e.body1);
    node.Set("body2", e.body2);
  }
  AddIfNotEmpty(root, std::move(section));
}

void WriteEqualities(const WriteContext& c, XmlNode& root) {
  XmlNode section{"equality", {}, {}, -1};
  for (const SpecEquality& e : c.spec.equalities) WriteEquality(c, section, e);
  AddIfNotEmpty(root, std::move(section));
}

void WriteTendons(const WriteContext& c, XmlNode& root) {
  XmlNode section{"tendon", {}, {}, -1};
  for (const SpecTendon& t : c.spec.tendons) WriteTendon(c, section, t);
  AddIfNotEmpty(root, std::move(section));
}

void WriteActuators(const WriteContext& c, XmlNode& root) {
  XmlNode section{"actuator", {}, {}, -1};
  for (const SpecActuator& a : c.spec.actuators) {
    WriteAttributes(c, ClassedChild(section, "general", a), WithInheritedRange(c, a),
                    c.ClassOf(a.classname).actuator, false);
  }
  AddIfNotEmpty(root, std::move(section));
}

void WriteSensors(const WriteContext& c, XmlNode& root) {
  XmlNode section{"sensor", {}, {}, -1};
  for (const SpecSensor& s : c.spec.sensors) {
    const SensorElement* element = SensorElementOf(s.type);
    if (!element) continue;
    XmlNode& node = section.Add(element->tag);
    WriteSensorTarget(node, s, element->target);
    SetString(node, "name", s.name);
    SetNumber(node, "noise", s.noise, 0.0);
    SetNumber(node, "cutoff", s.cutoff, 0.0);
    SetList(node, "user", s.user, {});
    if (element->target == SensorTarget::kContact) WriteContactSensorOptions(node, s);
  }
  AddIfNotEmpty(root, std::move(section));
}

void WriteKeyframes(const WriteContext& c, XmlNode& root) {
  XmlNode section{"keyframe", {}, {}, -1};
  for (const SpecKey& k : c.spec.keys) {
    XmlNode& node = NamedChild(section, "key", k);
    SetNumber(node, "time", k.time, 0.0);
    SetOptionalList(node, "qpos", PaddedKeyQpos(c, k.qpos), std::nullopt);
    SetOptionalList(node, "qvel", k.qvel, std::nullopt);
    SetOptionalList(node, "act", k.act, std::nullopt);
    SetOptionalList(node, "ctrl", k.ctrl, std::nullopt);
    SetOptionalList(node, "mpos", k.mpos, std::nullopt);
    SetOptionalList(node, "mquat", k.mquat, std::nullopt);
  }
  AddIfNotEmpty(root, std::move(section));
}

}  // namespace mjsim
