// xml_writer_elements.cc: the attributes of each element kind, one line per attribute, written
// when the element's value differs from its class's (xml_writer_parts.h). Angles are written in
// radians: joint angles as the compiler converts them (compiler/frames.h), so the text reads
// back to the same Model bit for bit.
#include <cmath>

#include "compiler/frames.h"
#include "xml/keywords.h"
#include "xml/xml_writer_parts.h"

namespace mjsim {
namespace {

bool IsAngular(int joint_type) { return joint_type == mjJNT_HINGE || joint_type == mjJNT_BALL; }

// a joint's range, ref and springref in radians as the compiler converts them (ref and
// springref of hinges; the range of limited hinges and balls)
struct JointAngles {
  mjtNum range[2], ref, springref;
  // `convert` false for a class: the compiler converts a class's values only where an element
  // of an angular type inherits them, so a class is written as given
  JointAngles(const SpecJoint& j, const SpecCompiler& compiler, bool convert) {
    bool angular = convert && IsAngular(j.type) && JointIsLimited(j, compiler);
    for (int i = 0; i < 2; ++i) range[i] = angular ? AngleToRadians(j.range[i], compiler) : j.range[i];
    bool hinge = convert && j.type == mjJNT_HINGE;
    ref = hinge ? AngleToRadians(j.ref, compiler) : j.ref;
    springref = hinge ? AngleToRadians(j.springref, compiler) : j.springref;
  }
};

void SetGivenRange(XmlNode& node, const char* name, const mjtNum* value, bool given,
                   const mjtNum* dflt, bool dflt_given) {
  if (given && (!dflt_given || !SameValues(value, dflt, 2))) node.Set(name, NumbersText(value, 2));
}

// values of the geometry size a geom type reads (sphere 1, capsule and cylinder 2, others 3)
int SizeCountOf(int type) {
  if (type == mjGEOM_SPHERE) return 1;
  if (type == mjGEOM_CAPSULE || type == mjGEOM_CYLINDER) return 2;
  return 3;
}

}  // namespace

void WriteOrientation(const WriteContext& c, XmlNode& node, const Orientation& e,
                      const Orientation* d) {
  using Form = Orientation::Form;
  int count = e.form == Form::kXYAxes ? 6 : e.form == Form::kZAxis || e.form == Form::kEuler ? 3 : 4;
  if (d && d->form == e.form && SameValues(e.Values(), d->Values(), count)) return;
  const SpecCompiler& compiler = c.spec.compiler;
  switch (e.form) {
    case Form::kQuat: {
      const mjtNum identity[4] = {1, 0, 0, 0};
      bool class_has_other_form = d && d->form != Form::kQuat;
      SetNumbers(node, "quat", e.quat, class_has_other_form ? nullptr : d ? d->quat : identity, 4);
      break;
    }
    case Form::kAxisAngle: {
      mjtNum values[4] = {e.axisangle[0], e.axisangle[1], e.axisangle[2],
                          OrientationAngleToRadians(e.axisangle[3], compiler)};
      node.Set("axisangle", NumbersText(values, 4));
      break;
    }
    case Form::kXYAxes: node.Set("xyaxes", NumbersText(e.xyaxes, 6)); break;
    case Form::kZAxis: node.Set("zaxis", NumbersText(e.zaxis, 3)); break;
    case Form::kEuler: {
      mjtNum values[3];
      for (int i = 0; i < 3; ++i) values[i] = OrientationAngleToRadians(e.euler[i], compiler);
      node.Set("euler", NumbersText(values, 3));
      break;
    }
  }
}

void WriteJointValues(const WriteContext& c, XmlNode& node, const SpecJoint& e, const SpecJoint& d,
                      bool in_default) {
  JointAngles angles(e, c.spec.compiler, !in_default), dflt(d, c.spec.compiler, false);
  // the reference always writes the pos of a joint and the axis of one that has an axis
  bool pos_always = !in_default && e.type != mjJNT_FREE;
  bool axis_always = !in_default && (e.type == mjJNT_HINGE || e.type == mjJNT_SLIDE);
  SetNumbers(node, "pos", e.pos, pos_always ? nullptr : d.pos, 3);
  SetNumbers(node, "axis", e.axis, axis_always ? nullptr : d.axis, 3);
  SetKeyword(node, "type", e.type, d.type, kJointTypes);
  SetNumber(node, "group", e.group, d.group);
  SetNumber(node, "ref", angles.ref, dflt.ref);
  SetNumber(node, "springref", angles.springref, dflt.springref);
  SetNumbers(node, "springdamper", e.springdamper, d.springdamper, 2);
  SetNumbersUpTo(node, "solreflimit", e.solref_limit, d.solref_limit, 2);
  SetNumbersUpTo(node, "solimplimit", e.solimp_limit, d.solimp_limit, 5);
  SetNumbersUpTo(node, "solreffriction", e.solref_friction, d.solref_friction, 2);
  SetNumbersUpTo(node, "solimpfriction", e.solimp_friction, d.solimp_friction, 5);
  SetNumber(node, "stiffness", e.stiffness, d.stiffness);
  SetKeyword(node, "limited", e.limited, d.limited, kAutoBools);
  SetGivenRange(node, "range", angles.range, e.range_given, dflt.range, d.range_given);
  SetKeyword(node, "actuatorfrclimited", e.actuatorfrclimited, d.actuatorfrclimited, kAutoBools);
  SetBool(node, "actuatorgravcomp", e.actuatorgravcomp, d.actuatorgravcomp);
  SetGivenRange(node, "actuatorfrcrange", e.actuatorfrcrange, e.actuatorfrcrange_given,
                d.actuatorfrcrange, d.actuatorfrcrange_given);
  SetNumber(node, "margin", e.margin, d.margin);
  SetNumber(node, "armature", e.armature, d.armature);
  SetNumber(node, "damping", e.damping, d.damping);
  SetNumber(node, "frictionloss", e.frictionloss, d.frictionloss);
  SetList(node, "user", e.user, d.user);
}

void WriteGeomValues(const WriteContext& c, XmlNode& node, const SpecGeom& e, const SpecGeom& d,
                     bool in_default) {
  SetNumbersUpTo(node, "size", e.size, d.size, 3, in_default ? 3 : SizeCountOf(e.type));
  SetNumbers(node, "pos", e.pos, d.pos, 3);
  WriteOrientation(c, node, e.orientation, &d.orientation);
  SetKeyword(node, "type", e.type, d.type, kGeomTypes);
  SetNumber(node, "contype", e.contype, d.contype);
  SetNumber(node, "conaffinity", e.conaffinity, d.conaffinity);
  SetNumber(node, "condim", e.condim, d.condim);
  SetNumber(node, "group", e.group, d.group);
  SetNumber(node, "priority", e.priority, d.priority);
  SetOptionalList(node, "fromto", e.fromto, d.fromto);
  SetNumbersUpTo(node, "friction", e.friction, d.friction, 3);
  SetNumber(node, "solmix", e.solmix, d.solmix);
  SetNumbersUpTo(node, "solref", e.solref, d.solref, 2);
  SetNumbersUpTo(node, "solimp", e.solimp, d.solimp, 5);
  SetNumber(node, "margin", e.margin, d.margin);
  SetNumber(node, "gap", e.gap, d.gap);
  SetKeyword(node, "fluidshape", e.fluidshape, d.fluidshape, kFluidShapes);
  SetNumbers(node, "fluidcoef", e.fluidcoef, d.fluidcoef, 5);
  SetOptional(node, "mass", e.mass, d.mass);
  SetNumber(node, "density", e.density, d.density);
  SetBool(node, "shellinertia", e.shellinertia, d.shellinertia);
  SetString(node, "material", e.material, d.material);
  SetNumbers(node, "rgba", e.rgba, d.rgba, 4);
  SetString(node, "hfield", e.hfield, d.hfield);
  SetString(node, "mesh", e.mesh, d.mesh);
  SetNumber(node, "fitscale", e.fitscale, d.fitscale);
  SetList(node, "user", e.user, d.user);
}

void WriteSiteValues(const WriteContext& c, XmlNode& node, const SpecSite& e, const SpecSite& d,
                      bool in_default) {
  SetNumbers(node, "pos", e.pos, in_default ? d.pos : nullptr, 3);
  WriteOrientation(c, node, e.orientation, &d.orientation);
  SetNumbersUpTo(node, "size", e.size, d.size, 3, 3);
  SetNumber(node, "group", e.group, d.group);
  SetKeyword(node, "type", e.type, d.type, kSiteTypes);
  SetOptionalList(node, "fromto", e.fromto, d.fromto);
  SetString(node, "material", e.material, d.material);
  SetNumbers(node, "rgba", e.rgba, d.rgba, 4);
  SetList(node, "user", e.user, d.user);
}

void WriteCameraValues(const WriteContext& c, XmlNode& node, const SpecCamera& e, const SpecCamera& d,
                      bool in_default) {
  SetString(node, "target", e.target, d.target);
  SetNumbers(node, "pos", e.pos, in_default ? d.pos : nullptr, 3);
  WriteOrientation(c, node, e.orientation, &d.orientation);
  SetNumber(node, "ipd", e.ipd, d.ipd);
  SetKeyword(node, "mode", e.mode, d.mode, kModes);
  SetBool(node, "orthographic", e.orthographic, d.orthographic);
  SetNumbers(node, "resolution", e.resolution, d.resolution, 2);
  SetNumber(node, "fovy", e.fovy, d.fovy);
  SetNumbers(node, "sensorsize", e.sensorsize, d.sensorsize, 2);
  SetNumbers(node, "focal", e.focal, d.focal, 2);
  SetNumbers(node, "focalpixel", e.focalpixel, d.focalpixel, 2);
  SetNumbers(node, "principal", e.principal, d.principal, 2);
  SetNumbers(node, "principalpixel", e.principalpixel, d.principalpixel, 2);
  SetList(node, "user", e.user, d.user);
}

void WriteLightValues(const WriteContext&, XmlNode& node, const SpecLight& e, const SpecLight& d,
                      bool in_default) {
  SetNumbers(node, "pos", e.pos, in_default ? d.pos : nullptr, 3);
  SetNumbers(node, "dir", e.dir, in_default ? d.dir : nullptr, 3);
  SetNumber(node, "bulbradius", e.bulbradius, d.bulbradius);
  SetNumber(node, "intensity", e.intensity, d.intensity);
  SetNumber(node, "range", e.range, d.range);
  SetKeyword(node, "type", e.type, d.type, kLightTypes);
  SetString(node, "texture", e.texture, d.texture);
  SetBool(node, "castshadow", e.castshadow, d.castshadow);
  SetBool(node, "active", e.active, d.active);
  SetNumbers(node, "attenuation", e.attenuation, d.attenuation, 3);
  SetNumber(node, "cutoff", e.cutoff, d.cutoff);
  SetNumber(node, "exponent", e.exponent, d.exponent);
  SetNumbers(node, "ambient", e.ambient, d.ambient, 3);
  SetNumbers(node, "diffuse", e.diffuse, d.diffuse, 3);
  SetNumbers(node, "specular", e.specular, d.specular, 3);
  SetKeyword(node, "mode", e.mode, d.mode, kModes);
  SetString(node, "target", e.target, d.target);
}

void WriteMeshValues(XmlNode& node, const SpecMesh& e, const SpecMesh& d) {
  SetString(node, "content_type", e.content_type, d.content_type);
  SetString(node, "file", e.file, d.file);
  SetList(node, "vertex", e.vertex, d.vertex);
  SetList(node, "normal", e.normal, d.normal);
  SetList(node, "texcoord", e.texcoord, d.texcoord);
  SetList(node, "face", e.face, d.face);
  SetNumbers(node, "refpos", e.refpos, d.refpos, 3);
  SetNumbers(node, "refquat", e.refquat, d.refquat, 4);
  SetNumbers(node, "scale", e.scale, d.scale, 3);
  SetBool(node, "smoothnormal", e.smoothnormal, d.smoothnormal);
  SetNumber(node, "maxhullvert", e.maxhullvert, d.maxhullvert);
  SetKeyword(node, "inertia", e.inertia, d.inertia, kMeshInertia);
  SetString(node, "material", e.material, d.material);
}

void WriteMaterialValues(XmlNode& node, const SpecMaterial& e, const SpecMaterial& d) {
  constexpr int kRgbRole = 1;
  // with layers, the rgb texture is a layer too (the reader refuses texture= beside layers)
  bool layered = false;
  for (int role = 0; role < kTextureRoles; ++role) {
    if (role != kRgbRole && e.textures[role] != d.textures[role] &&
        KeywordOf(kTextureRoleNames, role)) {
      layered = true;
    }
  }
  if (!layered) SetString(node, "texture", e.textures[kRgbRole], d.textures[kRgbRole]);
  SetNumbers(node, "texrepeat", e.texrepeat, d.texrepeat, 2);
  SetBool(node, "texuniform", e.texuniform, d.texuniform);
  SetNumber(node, "emission", e.emission, d.emission);
  SetNumber(node, "specular", e.specular, d.specular);
  SetNumber(node, "shininess", e.shininess, d.shininess);
  SetNumber(node, "reflectance", e.reflectance, d.reflectance);
  SetNumber(node, "metallic", e.metallic, d.metallic);
  SetNumber(node, "roughness", e.roughness, d.roughness);
  SetNumbers(node, "rgba", e.rgba, d.rgba, 4);
  for (int role = 0; layered && role < kTextureRoles; ++role) {
    if (e.textures[role] == d.textures[role] && role != kRgbRole) continue;
    const char* keyword = KeywordOf(kTextureRoleNames, role);
    if (!keyword || e.textures[role].empty()) continue;  // the user role has no XML form
    XmlNode& layer = node.Add("layer");
    layer.Set("texture", e.textures[role]);
    layer.Set("role", keyword);
  }
}

void WritePairValues(XmlNode& node, const SpecPair& e, const SpecPair& d) {
  SetString(node, "geom1", e.geom1, d.geom1);
  SetString(node, "geom2", e.geom2, d.geom2);
  SetNumber(node, "condim", e.condim, d.condim);
  SetNumbersUpTo(node, "friction", e.friction, d.friction, 5);
  SetNumbersUpTo(node, "solref", e.solref, d.solref, 2);
  SetNumbersUpTo(node, "solreffriction", e.solreffriction, d.solreffriction, 2);
  SetNumbersUpTo(node, "solimp", e.solimp, d.solimp, 5);
  SetNumber(node, "margin", e.margin, d.margin);
  SetNumber(node, "gap", e.gap, d.gap);
}

void WriteEqualityValues(XmlNode& node, const SpecEquality& e, const SpecEquality& d) {
  SetBool(node, "active", e.active, d.active);
  SetNumbersUpTo(node, "solref", e.solref, d.solref, 2);
  SetNumbersUpTo(node, "solimp", e.solimp, d.solimp, 5);
}

void WriteTendonValues(XmlNode& node, const SpecTendon& e, const SpecTendon& d) {
  SetNumber(node, "group", e.group, d.group);
  SetNumbersUpTo(node, "solreflimit", e.solref_limit, d.solref_limit, 2);
  SetNumbersUpTo(node, "solimplimit", e.solimp_limit, d.solimp_limit, 5);
  SetNumbersUpTo(node, "solreffriction", e.solref_friction, d.solref_friction, 2);
  SetNumbersUpTo(node, "solimpfriction", e.solimp_friction, d.solimp_friction, 5);
  SetKeyword(node, "limited", e.limited, d.limited, kAutoBools);
  SetGivenRange(node, "range", e.range, e.range_given, d.range, d.range_given);
  SetKeyword(node, "actuatorfrclimited", e.actuatorfrclimited, d.actuatorfrclimited, kAutoBools);
  SetGivenRange(node, "actuatorfrcrange", e.actuatorfrcrange, e.actuatorfrcrange_given,
                d.actuatorfrcrange, d.actuatorfrcrange_given);
  SetNumber(node, "margin", e.margin, d.margin);
  SetNumber(node, "stiffness", e.stiffness, d.stiffness);
  SetNumber(node, "damping", e.damping, d.damping);
  SetNumber(node, "armature", e.armature, d.armature);
  SetNumber(node, "frictionloss", e.frictionloss, d.frictionloss);
  // one value stands for both ends of the dead band (the reader repeats it)
  SetNumbers(node, "springlength", e.springlength, d.springlength,
             e.springlength[0] == e.springlength[1] ? 1 : 2);
  SetNumber(node, "width", e.width, d.width);
  SetString(node, "material", e.material, d.material);
  SetNumbers(node, "rgba", e.rgba, d.rgba, 4);
  SetList(node, "user", e.user, d.user);
}

void WriteActuatorValues(XmlNode& node, const SpecActuator& e, const SpecActuator& d) {
  SetString(node, "joint", e.joint, d.joint);
  SetString(node, "jointinparent", e.jointinparent, d.jointinparent);
  SetString(node, "tendon", e.tendon, d.tendon);
  SetString(node, "site", e.site, d.site);
  SetString(node, "cranksite", e.cranksite, d.cranksite);
  SetString(node, "body", e.body, d.body);
  SetString(node, "refsite", e.refsite, d.refsite);
  SetString(node, "slidersite", e.slidersite, d.slidersite);
  SetNumber(node, "group", e.group, d.group);
  SetKeyword(node, "ctrllimited", e.ctrllimited, d.ctrllimited, kAutoBools);
  SetNumbers(node, "ctrlrange", e.ctrlrange, d.ctrlrange, 2);
  SetKeyword(node, "forcelimited", e.forcelimited, d.forcelimited, kAutoBools);
  SetNumbers(node, "forcerange", e.forcerange, d.forcerange, 2);
  SetKeyword(node, "actlimited", e.actlimited, d.actlimited, kAutoBools);
  SetNumbers(node, "actrange", e.actrange, d.actrange, 2);
  SetNumbers(node, "lengthrange", e.lengthrange, d.lengthrange, 2);
  SetNumbers(node, "gear", e.gear, d.gear, 6);
  SetNumber(node, "cranklength", e.cranklength, d.cranklength);
  SetBool(node, "actearly", e.actearly, d.actearly);
  SetKeyword(node, "dyntype", e.dyntype, d.dyntype, kDynTypes);
  SetKeyword(node, "gaintype", e.gaintype, d.gaintype, kGainTypes);
  SetKeyword(node, "biastype", e.biastype, d.biastype, kBiasTypes);
  SetNumbersUpTo(node, "dynprm", e.dynprm, d.dynprm, kActuatorParams);
  SetNumbersUpTo(node, "gainprm", e.gainprm, d.gainprm, kActuatorParams);
  SetNumbersUpTo(node, "biasprm", e.biasprm, d.biasprm, kActuatorParams);
  SetNumber(node, "actdim", e.actdim, d.actdim);
  SetList(node, "user", e.user, d.user);
}

}  // namespace mjsim
