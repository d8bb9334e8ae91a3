// attributes.h: the MJCF attributes of each element kind, one row per attribute. The reader
// (read_attributes.cc) and the writer (xml_writer_elements.cc) expand these rows, and the schema
// of camera, light, tendon, pair, equality, material and mesh takes its names from them
// (AttributeNames below). An attribute is added by its row here, its member in the Spec struct
// and its mjSpec row in bindings/spec_tables.cc (mjSpec's own member order; that file checks
// the Python column below against its rows when the module loads).
//
//   X(how, MJCF name, Spec member, mjSpec name)
//
// Rows are in the writer's order: it matches the reference's MJCF output attribute for
// attribute, and the reader reads in the same order. `how` says how the text maps to the member
// (the attr:: types below); a member of type Orientation stands for quat, axisangle, xyaxes,
// zaxis and euler. The mjSpec name is "" where mjSpec's attribute is not this member as it is
// (a custom row in spec_tables.cc).
//
// The hows under "special" have code of their own in the reader or the writer (each marked by
// its how's name); what an element kind does beyond its rows (a freejoint, actuator shortcuts
// and targets, material layers, camera resolution, light directional, mesh builtin) stays in
// that kind's reader and writer.
#pragma once
#include <algorithm>
#include <initializer_list>
#include <map>
#include <string>
#include <vector>

#include "spec/spec.h"
#include "xml/keywords.h"

namespace mjsim {
namespace attr {

// as the member's type says: one number (int, float, double), as many numbers as the array
// holds, false/true for a bool, text for a string, any count for a list, a number for an
// optional number, an orientation in one of its five forms
struct Plain {};
// 1 to N numbers, N the array's length; the numbers not given keep their class values. The
// reader's message names `min_read` as the fewest; the writer writes at least `min_written`.
struct UpTo {
  constexpr explicit UpTo(int min_read, int min_written = 1)
      : min_read(min_read), min_written(min_written) {}
  int min_read, min_written;
};
// at most N numbers; the rest keep their class values (actuator gear and parameters, whose
// message says "takes at most"); the writer writes at least `min_written`
struct Prefix {
  constexpr explicit Prefix(int min_written) : min_written(min_written) {}
  int min_written;
};
// one keyword of a table of xml/keywords.h for an int member
struct Keyword {
  explicit Keyword(const std::map<std::string, int>& table) : table(&table) {}
  const std::map<std::string, int>* table;
};
// as Plain; reading it sets `flag`, and it is written only when `flag` is set (a range)
template <typename T>
struct Given {
  constexpr explicit Given(bool T::*flag) : flag(flag) {}
  bool T::*flag;
};
// an optional list of exactly `count` numbers (fromto)
struct Exactly {
  constexpr explicit Exactly(int count) : count(count) {}
  int count;
};
// as Plain, and written on every element even when it equals its class's value (the pos of a
// site, camera or light; the reference writes these always)
struct OnEveryElement : Plain {};
// as Plain; given with no `other` attribute it is an error. `when_given`: checked only when the
// attribute holds numbers (else whenever the attribute is there)
struct Needs : Plain {
  explicit Needs(const char* other, bool when_given = false) : other(other), when_given(when_given) {}
  const char* other;
  bool when_given;
};

// ---- special: code of their own next to their kind's reader or writer ----------------------
struct JointPos : Plain {};    // writer: always on a joint but a free one
struct JointAxis : Plain {};   // writer: always on a hinge or slide joint
struct HingeAngle : Plain {};  // writer: in radians on a hinge (ref, springref)
struct JointRange : Given<SpecJoint> {  // writer: in radians on a limited hinge or ball
  using Given<SpecJoint>::Given;
};
struct GeomSize : UpTo {  // reader: counts the values given; writer: at least the type's count
  GeomSize() : UpTo(1) {}
};
struct SpringLength {};     // one value sets both ends of the dead band, and is written so
struct MaxHullVert : Plain {};  // reader: -1 or more than 3
struct RgbTexture : Plain {};   // writer: not when the material has layers (they carry it)

}  // namespace attr

#define MJSIM_JOINT_ATTRIBUTES(X)                                                                 \
  X(JointPos(),                                 "pos",                pos,                "pos")  \
  X(JointAxis(),                                "axis",               axis,               "axis") \
  X(Keyword(kJointTypes),                       "type",               type,               "type") \
  X(Plain(),                                    "group",              group,              "group") \
  X(HingeAngle(),                               "ref",                ref,                "ref")  \
  X(HingeAngle(),                               "springref",          springref,          "springref") \
  X(Plain(),                                    "springdamper",       springdamper,       "springdamper") \
  X(UpTo(1),                                    "solreflimit",        solref_limit,       "solref_limit") \
  X(UpTo(1),                                    "solimplimit",        solimp_limit,       "solimp_limit") \
  X(UpTo(1),                                    "solreffriction",     solref_friction,    "solref_friction") \
  X(UpTo(1),                                    "solimpfriction",     solimp_friction,    "solimp_friction") \
  X(Plain(),                                    "stiffness",          stiffness,          "stiffness") \
  X(Keyword(kAutoBools),                        "limited",            limited,            "limited") \
  X(JointRange(&SpecJoint::range_given),        "range",              range,              "range") \
  X(Keyword(kAutoBools),                        "actuatorfrclimited", actuatorfrclimited, "actfrclimited") \
  X(Plain(),                                    "actuatorgravcomp",   actuatorgravcomp,   "actgravcomp") \
  X(Given(&SpecJoint::actuatorfrcrange_given),  "actuatorfrcrange",   actuatorfrcrange,   "actfrcrange") \
  X(Plain(),                                    "margin",             margin,             "margin") \
  X(Plain(),                                    "armature",           armature,           "armature") \
  X(Plain(),                                    "damping",            damping,            "damping") \
  X(Plain(),                                    "frictionloss",       frictionloss,       "frictionloss") \
  X(Plain(),                                    "user",               user,               "userdata")

#define MJSIM_GEOM_ATTRIBUTES(X)                                                      \
  X(GeomSize(),            "size",         size,         "size")                      \
  X(Plain(),               "pos",          pos,          "pos")                       \
  X(Plain(),               "orientation",  orientation,  "alt")                       \
  X(Keyword(kGeomTypes),   "type",         type,         "type")                      \
  X(Plain(),               "contype",      contype,      "contype")                   \
  X(Plain(),               "conaffinity",  conaffinity,  "conaffinity")               \
  X(Plain(),               "condim",       condim,       "condim")                    \
  X(Plain(),               "group",        group,        "group")                     \
  X(Plain(),               "priority",     priority,     "priority")                  \
  X(Exactly(6),            "fromto",       fromto,       "fromto")                    \
  X(UpTo(1),               "friction",     friction,     "friction")                  \
  X(Plain(),               "solmix",       solmix,       "solmix")                    \
  X(UpTo(1),               "solref",       solref,       "solref")                    \
  X(UpTo(1),               "solimp",       solimp,       "solimp")                    \
  X(Plain(),               "margin",       margin,       "margin")                    \
  X(Plain(),               "gap",          gap,          "gap")                       \
  X(Keyword(kFluidShapes), "fluidshape",   fluidshape,   "")                          \
  X(UpTo(1, 5),            "fluidcoef",    fluidcoef,    "fluid_coefs")               \
  X(Plain(),               "mass",         mass,         "mass")                      \
  X(Plain(),               "density",      density,      "density")                   \
  X(Plain(),               "shellinertia", shellinertia, "")                          \
  X(Plain(),               "material",     material,     "material")                  \
  X(Plain(),               "rgba",         rgba,         "rgba")                      \
  X(Plain(),               "hfield",       hfield,       "hfieldname")                \
  X(Plain(),               "mesh",         mesh,         "meshname")                  \
  X(Plain(),               "fitscale",     fitscale,     "fitscale")                  \
  X(Plain(),               "user",         user,         "userdata")

#define MJSIM_SITE_ATTRIBUTES(X)                                                      \
  X(OnEveryElement(),      "pos",          pos,          "pos")                       \
  X(Plain(),               "orientation",  orientation,  "alt")                       \
  X(UpTo(1, 3),            "size",         size,         "size")                      \
  X(Plain(),               "group",        group,        "group")                     \
  X(Keyword(kSiteTypes),   "type",         type,         "type")                      \
  X(Exactly(6),            "fromto",       fromto,       "fromto")                    \
  X(Plain(),               "material",     material,     "material")                  \
  X(Plain(),               "rgba",         rgba,         "rgba")                      \
  X(Plain(),               "user",         user,         "userdata")

#define MJSIM_CAMERA_ATTRIBUTES(X)                                                         \
  X(Plain(),                  "target",         target,         "targetbody")              \
  X(OnEveryElement(),         "pos",            pos,            "pos")                     \
  X(Plain(),                  "orientation",    orientation,    "alt")                     \
  X(Plain(),                  "ipd",            ipd,            "ipd")                     \
  X(Keyword(kModes),          "mode",           mode,           "mode")                    \
  X(Plain(),                  "orthographic",   orthographic,   "orthographic")            \
  X(Plain(),                  "resolution",     resolution,     "resolution")              \
  X(Plain(),                  "fovy",           fovy,           "fovy")                    \
  X(Needs("resolution", true), "sensorsize",    sensorsize,     "sensor_size")             \
  X(Needs("sensorsize"),      "focal",          focal,          "focal_length")            \
  X(Needs("sensorsize"),      "focalpixel",     focalpixel,     "focal_pixel")             \
  X(Needs("sensorsize"),      "principal",      principal,      "principal_length")        \
  X(Needs("sensorsize"),      "principalpixel", principalpixel, "principal_pixel")         \
  X(Plain(),                  "user",           user,           "userdata")

#define MJSIM_LIGHT_ATTRIBUTES(X)                                                          \
  X(OnEveryElement(),         "pos",            pos,            "pos")                     \
  X(OnEveryElement(),         "dir",            dir,            "dir")                     \
  X(Plain(),                  "bulbradius",     bulbradius,     "bulbradius")              \
  X(Plain(),                  "intensity",      intensity,      "intensity")               \
  X(Plain(),                  "range",          range,          "range")                   \
  X(Keyword(kLightTypes),     "type",           type,           "type")                    \
  X(Plain(),                  "texture",        texture,        "texture")                 \
  X(Plain(),                  "castshadow",     castshadow,     "castshadow")              \
  X(Plain(),                  "active",         active,         "active")                  \
  X(Plain(),                  "attenuation",    attenuation,    "attenuation")             \
  X(Plain(),                  "cutoff",         cutoff,         "cutoff")                  \
  X(Plain(),                  "exponent",       exponent,       "exponent")                \
  X(Plain(),                  "ambient",        ambient,        "ambient")                 \
  X(Plain(),                  "diffuse",        diffuse,        "diffuse")                 \
  X(Plain(),                  "specular",       specular,       "specular")                \
  X(Keyword(kModes),          "mode",           mode,           "mode")                    \
  X(Plain(),                  "target",         target,         "targetbody")

#define MJSIM_TENDON_ATTRIBUTES(X)                                                                  \
  X(Plain(),                                   "group",              group,              "group")   \
  X(UpTo(1),                                   "solreflimit",        solref_limit,       "solref_limit") \
  X(UpTo(1),                                   "solimplimit",        solimp_limit,       "solimp_limit") \
  X(UpTo(1),                                   "solreffriction",     solref_friction,    "solref_friction") \
  X(UpTo(1),                                   "solimpfriction",     solimp_friction,    "solimp_friction") \
  X(Keyword(kAutoBools),                       "limited",            limited,            "limited") \
  X(Given(&SpecTendon::range_given),           "range",              range,              "range")   \
  X(Keyword(kAutoBools),                       "actuatorfrclimited", actuatorfrclimited, "actfrclimited") \
  X(Given(&SpecTendon::actuatorfrcrange_given), "actuatorfrcrange",  actuatorfrcrange,   "actfrcrange") \
  X(Plain(),                                   "margin",             margin,             "margin")  \
  X(Plain(),                                   "stiffness",          stiffness,          "stiffness") \
  X(Plain(),                                   "damping",            damping,            "damping") \
  X(Plain(),                                   "armature",           armature,           "armature") \
  X(Plain(),                                   "frictionloss",       frictionloss,       "frictionloss") \
  X(SpringLength(),                            "springlength",       springlength,       "springlength") \
  X(Plain(),                                   "width",              width,              "width")   \
  X(Plain(),                                   "material",           material,           "material") \
  X(Plain(),                                   "rgba",               rgba,               "rgba")    \
  X(Plain(),                                   "user",               user,               "userdata")

// the values a default class carries for every equality type; the rest is per type
#define MJSIM_EQUALITY_ATTRIBUTES(X)                          \
  X(Plain(),  "active", active, "active")                     \
  X(UpTo(0),  "solref", solref, "solref")                     \
  X(UpTo(0),  "solimp", solimp, "solimp")

#define MJSIM_PAIR_ATTRIBUTES(X)                                          \
  X(Plain(),  "geom1",          geom1,          "geomname1")              \
  X(Plain(),  "geom2",          geom2,          "geomname2")              \
  X(Plain(),  "condim",         condim,         "condim")                 \
  X(UpTo(0),  "friction",       friction,       "friction")               \
  X(UpTo(0),  "solref",         solref,         "solref")                 \
  X(UpTo(0),  "solreffriction", solreffriction, "solreffriction")         \
  X(UpTo(0),  "solimp",         solimp,         "solimp")                 \
  X(Plain(),  "margin",         margin,         "margin")                 \
  X(Plain(),  "gap",            gap,            "gap")

// `texture` fills the rgb role; <layer> children (any role) are read and written by the kind
#define MJSIM_MATERIAL_ATTRIBUTES(X)                                      \
  X(RgbTexture(), "texture",     textures[1], "")                         \
  X(Plain(),      "texrepeat",   texrepeat,   "texrepeat")                \
  X(Plain(),      "texuniform",  texuniform,  "texuniform")               \
  X(Plain(),      "emission",    emission,    "emission")                 \
  X(Plain(),      "specular",    specular,    "specular")                 \
  X(Plain(),      "shininess",   shininess,   "shininess")                \
  X(Plain(),      "reflectance", reflectance, "reflectance")              \
  X(Plain(),      "metallic",    metallic,    "metallic")                 \
  X(Plain(),      "roughness",   roughness,   "roughness")                \
  X(Plain(),      "rgba",        rgba,        "rgba")

#define MJSIM_MESH_ATTRIBUTES(X)                                           \
  X(Plain(),               "content_type", content_type, "content_type")   \
  X(Plain(),               "file",         file,         "file")           \
  X(Plain(),               "vertex",       vertex,       "uservert")       \
  X(Plain(),               "normal",       normal,       "usernormal")     \
  X(Plain(),               "texcoord",     texcoord,     "usertexcoord")   \
  X(Plain(),               "face",         face,         "userface")       \
  X(Plain(),               "refpos",       refpos,       "refpos")         \
  X(Plain(),               "refquat",      refquat,      "refquat")        \
  X(Plain(),               "scale",        scale,        "scale")          \
  X(Plain(),               "smoothnormal", smoothnormal, "smoothnormal")   \
  X(MaxHullVert(),         "maxhullvert",  maxhullvert,  "maxhullvert")    \
  X(Keyword(kMeshInertia), "inertia",      inertia,      "inertia")        \
  X(Plain(),               "material",     material,     "material")

// the values of <general>, which every shortcut shares; a shortcut's own attributes (kp, kv,
// ...) and the one-target rule are the kind's code (read_actuator.cc)
#define MJSIM_ACTUATOR_ATTRIBUTES(X)                                         \
  X(Plain(),               "joint",         joint,         "")               \
  X(Plain(),               "jointinparent", jointinparent, "")               \
  X(Plain(),               "tendon",        tendon,        "")               \
  X(Plain(),               "site",          site,          "")               \
  X(Plain(),               "cranksite",     cranksite,     "")               \
  X(Plain(),               "body",          body,          "")               \
  X(Plain(),               "refsite",       refsite,       "refsite")        \
  X(Plain(),               "slidersite",    slidersite,    "slidersite")     \
  X(Plain(),               "group",         group,         "group")          \
  X(Keyword(kAutoBools),   "ctrllimited",   ctrllimited,   "ctrllimited")    \
  X(Plain(),               "ctrlrange",     ctrlrange,     "ctrlrange")      \
  X(Keyword(kAutoBools),   "forcelimited",  forcelimited,  "forcelimited")   \
  X(Plain(),               "forcerange",    forcerange,    "forcerange")     \
  X(Keyword(kAutoBools),   "actlimited",    actlimited,    "actlimited")     \
  X(Plain(),               "actrange",      actrange,      "actrange")       \
  X(Plain(),               "lengthrange",   lengthrange,   "lengthrange")    \
  X(Prefix(6),             "gear",          gear,          "gear")           \
  X(Plain(),               "cranklength",   cranklength,   "cranklength")    \
  X(Plain(),               "actearly",      actearly,      "actearly")       \
  X(Keyword(kDynTypes),    "dyntype",       dyntype,       "dyntype")        \
  X(Keyword(kGainTypes),   "gaintype",      gaintype,      "gaintype")       \
  X(Keyword(kBiasTypes),   "biastype",      biastype,      "biastype")       \
  X(Prefix(1),             "dynprm",        dynprm,        "dynprm")         \
  X(Prefix(1),             "gainprm",       gainprm,       "gainprm")        \
  X(Prefix(1),             "biasprm",       biasprm,       "biasprm")        \
  X(Plain(),               "actdim",        actdim,        "actdim")         \
  X(Plain(),               "user",          user,          "userdata")

// the element kinds that have a table: X(Spec type, table)
#define MJSIM_ATTRIBUTE_TABLES(X)          \
  X(SpecJoint, MJSIM_JOINT_ATTRIBUTES)     \
  X(SpecGeom, MJSIM_GEOM_ATTRIBUTES)       \
  X(SpecSite, MJSIM_SITE_ATTRIBUTES)       \
  X(SpecCamera, MJSIM_CAMERA_ATTRIBUTES)   \
  X(SpecLight, MJSIM_LIGHT_ATTRIBUTES)     \
  X(SpecTendon, MJSIM_TENDON_ATTRIBUTES)   \
  X(SpecEquality, MJSIM_EQUALITY_ATTRIBUTES) \
  X(SpecPair, MJSIM_PAIR_ATTRIBUTES)       \
  X(SpecMaterial, MJSIM_MATERIAL_ATTRIBUTES) \
  X(SpecMesh, MJSIM_MESH_ATTRIBUTES)       \
  X(SpecActuator, MJSIM_ACTUATOR_ATTRIBUTES)

// The MJCF names of a table's rows, for the schema: an Orientation row stands for its five forms.
//   AttributeNames({MJSIM_CAMERA_ATTRIBUTES(MJSIM_ATTRIBUTE_NAME)}, {"target"})
// leaves out the names in `without` (what a default class cannot set, for one).
#define MJSIM_ATTRIBUTE_NAME(how, name, member, python) name,
inline std::vector<std::string> AttributeNames(std::initializer_list<const char*> names,
                                               std::initializer_list<const char*> without = {}) {
  std::vector<std::string> out;
  for (std::string name : names) {
    if (std::find(without.begin(), without.end(), name) != without.end()) continue;
    if (name != "orientation") {
      out.push_back(name);
      continue;
    }
    for (const char* form : {"quat", "axisangle", "xyaxes", "zaxis", "euler"}) out.push_back(form);
  }
  return out;
}

}  // namespace mjsim
