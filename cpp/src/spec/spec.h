// spec.h: the editable model tree (Spec) that the XML reader fills and the compiler turns into a
// Model. Values are as written by the user (angles still in the compiler's unit, orientation in
// whichever form was given); the compiler resolves them.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mjsim/model.h"
#include "mjsim/types.h"

namespace mjsim {

// Where an element came from, for error messages.
struct SourceLocation {
  std::string element;  // XML element name, e.g. "geom"
  int line = 0;
  std::string file;     // empty for a model given as a string
};

// One of MuJoCo's alternative orientation forms; at most one is set per element.
struct Orientation {
  enum class Form { kQuat, kAxisAngle, kEuler, kXYAxes, kZAxis };
  Form form = Form::kQuat;
  mjtNum values[6] = {1, 0, 0, 0, 0, 0};  // quat(4) | axisangle(4) | euler(3) | xyaxes(6) | zaxis(3)
};

struct SpecJoint {
  std::string name;
  int type = mjJNT_HINGE;
  int group = 0;
  mjtNum pos[3] = {0, 0, 0};
  mjtNum axis[3] = {0, 0, 1};
  mjtNum ref = 0;
  mjtNum range[2] = {0, 0};
  bool range_given = false;
  int limited = 2;  // 0 false, 1 true, 2 auto (from range and compiler autolimits)
  mjtNum solref_limit[2] = {0.02, 1};
  mjtNum solimp_limit[5] = {0.9, 0.95, 0.001, 0.5, 2};
  mjtNum solref_friction[2] = {0.02, 1};
  mjtNum solimp_friction[5] = {0.9, 0.95, 0.001, 0.5, 2};
  mjtNum stiffness = 0;
  mjtNum springref = 0;
  mjtNum armature = 0;
  mjtNum damping = 0;
  mjtNum frictionloss = 0;
  mjtNum margin = 0;
  mjtNum actuatorfrcrange[2] = {0, 0};
  bool actuatorfrcrange_given = false;
  int actuatorfrclimited = 2;  // false, true, auto
  bool actuatorgravcomp = false;
  SourceLocation source;
};

struct SpecGeom {
  std::string name;
  int type = mjGEOM_SPHERE;
  int contype = 1;
  int conaffinity = 1;
  int condim = 3;
  int group = 0;
  int priority = 0;
  mjtNum solmix = 1;
  mjtNum solref[2] = {0.02, 1};
  mjtNum solimp[5] = {0.9, 0.95, 0.001, 0.5, 2};
  mjtNum margin = 0;
  mjtNum gap = 0;
  mjtNum size[3] = {0, 0, 0};
  int size_count = 0;  // how many size values were written
  std::optional<std::vector<mjtNum>> fromto;  // 6 numbers when given
  mjtNum pos[3] = {0, 0, 0};
  Orientation orientation;
  std::optional<mjtNum> mass;
  mjtNum density = 1000;
  mjtNum friction[3] = {1, 0.005, 0.0001};
  float rgba[4] = {0.5f, 0.5f, 0.5f, 1};
  SourceLocation source;
};

struct SpecSite {
  std::string name;
  int type = mjGEOM_SPHERE;
  int group = 0;
  mjtNum size[3] = {0.005, 0.005, 0.005};
  std::optional<std::vector<mjtNum>> fromto;
  mjtNum pos[3] = {0, 0, 0};
  Orientation orientation;
  float rgba[4] = {0.5f, 0.5f, 0.5f, 1};
  SourceLocation source;
};

struct SpecInertial {
  mjtNum pos[3] = {0, 0, 0};
  Orientation orientation;
  mjtNum mass = 0;
  std::optional<std::vector<mjtNum>> diaginertia;  // 3 numbers
  std::optional<std::vector<mjtNum>> fullinertia;  // 6 numbers: M11 M22 M33 M12 M13 M23
  SourceLocation source;
};

// The per-element values a default class carries (MJCF "dummy" elements).
struct SpecDefault {
  std::string name;
  int parent = -1;  // index into Spec::defaults; -1 for the top class "main"
  SpecJoint joint;
  SpecGeom geom;
  SpecSite site;
};

struct SpecBody {
  std::string name;
  mjtNum pos[3] = {0, 0, 0};
  Orientation orientation;
  bool mocap = false;
  std::optional<SpecInertial> inertial;
  std::vector<SpecJoint> joints;  // in document order: joint transforms apply in this order
  std::vector<SpecGeom> geoms;
  std::vector<SpecSite> sites;
  std::vector<std::unique_ptr<SpecBody>> children;
  SourceLocation source;
};

struct SpecCompiler {
  bool angle_is_degree = true;
  char eulerseq[4] = "xyz";
  bool autolimits = true;
  int inertiafromgeom = 2;  // 0 false, 1 true, 2 auto (only bodies without <inertial>)
  int inertiagrouprange[2] = {0, 5};
  mjtNum boundmass = 0;
  mjtNum boundinertia = 0;
  bool balanceinertia = false;
  mjtNum settotalmass = -1;  // rescale all masses to this total when positive
};

struct Spec {
  std::string model_name = "MuJoCo Model";
  SpecCompiler compiler;
  Option option;
  std::vector<SpecDefault> defaults;  // defaults[0] is "main"
  SpecBody worldbody;
};

}  // namespace mjsim
