// xml_writer_body.cc: default classes as a nested <default> tree, and the body tree. A body's
// elements are written kind by kind (inertial, joints, geoms, sites, cameras, lights, bodies),
// each kind in list order; an element posed by a <frame> goes in a <frame> node, and
// consecutive elements of one frame share it (a frame may so be written more than once, which
// compiles to the same poses and keeps every element's index).
#include <set>

#include "xml/keywords.h"
#include "xml/xml_writer_parts.h"

namespace mjsim {
namespace {

const SpecDefault& PristineClass() {
  static const SpecDefault pristine;
  return pristine;
}

void WriteClass(const WriteContext& c, int index, XmlNode& parent) {
  const SpecDefault& cls = c.spec.defaults[index];
  const SpecDefault& base = cls.parent >= 0 ? c.spec.defaults[cls.parent] : PristineClass();
  XmlNode node{"default", {}, {}, -1};
  if (index != 0) node.Set("class", cls.name);
  XmlNode mesh{"mesh", {}, {}, -1}, material{"material", {}, {}, -1}, joint{"joint", {}, {}, -1},
      geom{"geom", {}, {}, -1}, site{"site", {}, {}, -1}, camera{"camera", {}, {}, -1},
      light{"light", {}, {}, -1}, pair{"pair", {}, {}, -1}, equality{"equality", {}, {}, -1},
      tendon{"tendon", {}, {}, -1}, general{"general", {}, {}, -1};
  WriteAttributes(c, mesh, cls.mesh, base.mesh, true);
  WriteAttributes(c, material, cls.material, base.material, true);
  WriteMaterialLayers(material, cls.material, base.material);
  WriteAttributes(c, joint, cls.joint, base.joint, true);
  WriteAttributes(c, geom, cls.geom, base.geom, true);
  WriteAttributes(c, site, cls.site, base.site, true);
  WriteAttributes(c, camera, cls.camera, base.camera, true);
  WriteAttributes(c, light, cls.light, base.light, true);
  WriteAttributes(c, pair, cls.pair, base.pair, true);
  WriteAttributes(c, equality, cls.equality, base.equality, true);
  WriteAttributes(c, tendon, cls.tendon, base.tendon, true);
  WriteAttributes(c, general, cls.actuator, base.actuator, true);
  for (XmlNode* child : {&mesh, &material, &joint, &geom, &site, &camera, &light, &pair,
                         &equality, &tendon, &general}) {
    AddIfNotEmpty(node, std::move(*child));
  }
  for (size_t i = 1; i < c.spec.defaults.size(); ++i) {
    if (c.spec.defaults[i].parent == index) WriteClass(c, static_cast<int>(i), node);
  }
  if (index == 0) AddIfNotEmpty(parent, std::move(node));
  else parent.children.push_back(std::move(node));
}

// Places a body's elements: the node an element of frame `frame` goes in, and the class it
// inherits there.
class BodyWriter {
 public:
  BodyWriter(const WriteContext& c, const SpecBody& body, XmlNode& node, std::string body_class)
      : c_(c), body_(body), node_(node), body_class_(std::move(body_class)) {}

  void Write() {
    if (body_.explicitinertial) WriteInertial();
    for (const SpecJoint& joint : body_.joints) WriteJoint(joint);
    WriteElements("geom", body_.geoms, &SpecDefault::geom);
    WriteElements("site", body_.sites, &SpecDefault::site);
    WriteElements("camera", body_.cameras, &SpecDefault::camera);
    WriteElements("light", body_.lights, &SpecDefault::light);
    for (const SpecBody& child : body_.children) WriteChildBody(child);
  }

 private:
  // each element with the values that differ from its class's `member`
  template <typename List, typename T>
  void WriteElements(const char* tag, const List& elements, T SpecDefault::*member) {
    for (const T& element : elements) {
      XmlNode& node = Element(tag, element);
      WriteAttributes(c_, node, element, c_.ClassOf(element.classname).*member, false);
    }
  }

  // the node for an element in `frame` (-1: the body itself); `inherited` is its class there
  XmlNode& Place(int frame, std::string& inherited) {
    std::vector<int> chain;
    for (int f = frame; f >= 0; f = body_.frames[f].parent) chain.insert(chain.begin(), f);
    XmlNode* node = &node_;
    inherited = body_class_;
    for (int f : chain) {
      const SpecFrame& spec_frame = body_.frames[f];
      if (node->children.empty() || node->children.back().frame_index != f) {
        XmlNode& added = node->Add("frame");
        added.frame_index = f;
        if (written_frames_.insert(f).second) SetString(added, "name", spec_frame.name);
        SetString(added, "childclass", spec_frame.childclass);
        const mjtNum zero[3] = {0, 0, 0};
        SetNumbers(added, "pos", spec_frame.pos, zero, 3);
        WriteOrientation(c_, added, spec_frame.orientation, nullptr);
      }
      node = &node->children.back();
      if (!spec_frame.childclass.empty()) inherited = spec_frame.childclass;
    }
    return *node;
  }

  template <typename T>
  XmlNode& Element(const char* tag, const T& element) {
    std::string inherited;
    XmlNode& node = Place(element.frame, inherited).Add(tag);
    SetString(node, "name", element.name);
    SetClass(node, element.classname, inherited);
    return node;
  }

  void WriteInertial() {
    const SpecInertial& inertial = body_.inertial;
    XmlNode& node = node_.Add("inertial");
    node.Set("pos", NumbersText(inertial.pos, 3));
    WriteOrientation(c_, node, inertial.orientation, nullptr);
    node.Set("mass", NumberText(inertial.mass));
    SetOptionalList(node, "diaginertia", inertial.diaginertia, std::nullopt);
    SetOptionalList(node, "fullinertia", inertial.fullinertia, std::nullopt);
  }

  // a free joint with nothing but name, group and align is a <freejoint>, as it was read
  void WriteJoint(const SpecJoint& joint) {
    if (joint.type == mjJNT_FREE) {
      SpecJoint plain;
      plain.type = mjJNT_FREE;
      XmlNode others;
      WriteAttributes(c_, others, joint, plain, true);
      bool only_group = others.attributes.empty() ||
                        (others.attributes.size() == 1 && others.attributes[0].first == "group");
      if (only_group && joint.classname == "main") {
        std::string inherited;
        XmlNode& node = Place(joint.frame, inherited).Add("freejoint");
        SetString(node, "name", joint.name);
        SetNumber(node, "group", joint.group, 0);
        SetKeyword(node, "align", joint.align, 2, kAutoBools);
        return;
      }
    }
    XmlNode& node = Element("joint", joint);
    WriteAttributes(c_, node, joint, c_.ClassOf(joint.classname).joint, false);
  }

  void WriteChildBody(const SpecBody& child) {
    std::string inherited;
    XmlNode& node = Place(child.frame, inherited).Add("body");
    SetString(node, "name", child.name);
    SetString(node, "childclass", child.childclass);
    const mjtNum zero[3] = {0, 0, 0};
    SetNumbers(node, "pos", child.pos, zero, 3);
    WriteOrientation(c_, node, child.orientation, nullptr);
    SetBool(node, "mocap", child.mocap, false);
    SetNumber(node, "gravcomp", child.gravcomp, 0.0);
    SetList(node, "user", child.user, {});
    BodyWriter(c_, child, node, child.childclass.empty() ? inherited : child.childclass).Write();
  }

  const WriteContext& c_;
  const SpecBody& body_;
  XmlNode& node_;
  std::string body_class_;
  std::set<int> written_frames_;
};

}  // namespace

const SpecDefault& WriteContext::ClassOf(const std::string& classname) const {
  for (const SpecDefault& cls : spec.defaults) {
    if (cls.name == classname) return cls;
  }
  return spec.defaults[0];
}

void SetClass(XmlNode& node, const std::string& classname, const std::string& inherited) {
  if (!classname.empty() && classname != inherited) node.Set("class", classname);
}

void AddIfNotEmpty(XmlNode& parent, XmlNode node) {
  if (!node.empty()) parent.children.push_back(std::move(node));
}

void WriteDefaults(const WriteContext& c, XmlNode& root) { WriteClass(c, 0, root); }

void WriteWorldbody(const WriteContext& c, XmlNode& root) {
  XmlNode& node = root.Add("worldbody");
  BodyWriter(c, c.spec.worldbody, node, "main").Write();
}

}  // namespace mjsim
