// xml_writer_parts.h: the MJCF writer's sections. xml_writer_body.cc writes default classes and
// the body tree, xml_writer_elements.cc the values of each element kind (one line per
// attribute, compared with the element's class), xml_writer_sections.cc everything after
// <worldbody>. Each section is added to the root only when it has something to say.
#pragma once
#include <string>

#include "spec/spec.h"
#include "xml/attributes.h"
#include "xml/xml_writer_node.h"

namespace mjsim {

// what the writer needs besides the spec: the class tree and the compiler's angle unit
struct WriteContext {
  const Spec& spec;
  bool degree() const { return spec.compiler.angle_is_degree; }
  // the class an element's values are compared with: its own when the spec has it, else main
  const SpecDefault& ClassOf(const std::string& classname) const;
};

// ---- element values (xml_writer_elements.cc): attributes of `e` that differ from `d` -------
// WriteAttributes(c, node, e, d, in_default): the rows of e's table (xml/attributes.h);
// `in_default`: e is a default class's
#define MJSIM_DECLARE_WRITE(Type, TABLE)                                                  \
  void WriteAttributes(const WriteContext& c, XmlNode& node, const Type& e, const Type& d, \
                       bool in_default);
MJSIM_ATTRIBUTE_TABLES(MJSIM_DECLARE_WRITE)
#undef MJSIM_DECLARE_WRITE
// a material's <layer> children: its textures by role, when it has others than rgb
void WriteMaterialLayers(XmlNode& node, const SpecMaterial& e, const SpecMaterial& d);
// orientation in the form it was given; angles in radians
void WriteOrientation(const WriteContext& c, XmlNode& node, const Orientation& e,
                      const Orientation* d);

// ---- defaults and the body tree (xml_writer_body.cc) ---------------------------------------
void WriteDefaults(const WriteContext& c, XmlNode& root);
void WriteWorldbody(const WriteContext& c, XmlNode& root);

// ---- sections (xml_writer_sections.cc) ------------------------------------------------------
void WriteCustom(const WriteContext& c, XmlNode& root);
void WriteAssets(const WriteContext& c, XmlNode& root);
void WriteDeformable(const WriteContext& c, XmlNode& root);  // <deformable><flex>
void WriteContact(const WriteContext& c, XmlNode& root);
void WriteEqualities(const WriteContext& c, XmlNode& root);
void WriteTendons(const WriteContext& c, XmlNode& root);
void WriteActuators(const WriteContext& c, XmlNode& root);
void WriteSensors(const WriteContext& c, XmlNode& root);
void WriteKeyframes(const WriteContext& c, XmlNode& root);

// adds `node` to `parent` when it has attributes or children
void AddIfNotEmpty(XmlNode& parent, XmlNode node);
// `class` of an element whose class differs from the one it would inherit
void SetClass(XmlNode& node, const std::string& classname, const std::string& inherited);

}  // namespace mjsim
