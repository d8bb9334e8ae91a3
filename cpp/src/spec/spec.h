// spec.h: the editable model tree (Spec) that the XML reader fills and the compiler turns into a
// Model. Values are as written by the user (angles still in the compiler's unit, orientation in
// whichever form was given); the compiler resolves them.
#pragma once
#include <initializer_list>
#include <memory>
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "mjsim/model.h"
#include "mjsim/types.h"
#include "spec/actuator.h"
#include "spec/asset.h"
#include "spec/camera_light.h"
#include "spec/common.h"
#include "spec/custom.h"
#include "spec/equality.h"
#include "spec/mesh.h"
#include "spec/sensor.h"
#include "spec/skin.h"
#include "spec/tendon.h"

namespace mjsim {

// <frame>: a pose that its children's poses are relative to; frames nest.
struct SpecFrame : SpecElement {
  mjtNum pos[3] = {0, 0, 0};
  Orientation orientation;
  int parent = -1;  // enclosing frame, index into the body's frames; -1 for none
  std::string childclass;  // as a body's
};

struct SpecJoint : SpecElement {
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
  mjtNum springdamper[2] = {0, 0};
  int align = 2;  // <freejoint align>: false, true, auto (compiler alignfree)
  std::vector<mjtNum> user;
  int frame = -1;  // enclosing <frame>, index into the body's frames
};

struct SpecGeom : SpecElement {
  int frame = -1;  // enclosing <frame>, index into the body's frames
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
  std::string mesh, hfield, material;
  bool shellinertia = false;
  std::string plugin;  // the plugin instance it uses ("" none)
  mjtNum fitscale = 1;
  int fluidshape = 0;  // 0 none, 1 ellipsoid
  mjtNum fluidcoef[5] = {0.5, 0.25, 1.5, 1.0, 1.0};
  std::vector<mjtNum> user;
};

struct SpecSite : SpecElement {
  int frame = -1;  // enclosing <frame>, index into the body's frames
  int type = mjGEOM_SPHERE;
  int group = 0;
  mjtNum size[3] = {0.005, 0.005, 0.005};
  std::optional<std::vector<mjtNum>> fromto;
  mjtNum pos[3] = {0, 0, 0};
  Orientation orientation;
  float rgba[4] = {0.5f, 0.5f, 0.5f, 1};
  std::string material;
  std::vector<mjtNum> user;
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
  std::string name = "main";
  int parent = -1;  // index into Spec::defaults; -1 for the top class "main"
  SpecJoint joint;
  SpecGeom geom;
  SpecSite site;
  SpecCamera camera;
  SpecLight light;
  SpecActuator actuator;  // one for all actuator shortcuts of the class (REFERENCE-NOTES)
  SpecTendon tendon;
  SpecEquality equality;
  SpecPair pair;
  SpecMesh mesh;
  SpecMaterial material;

  // names the class; its element values then say they come from it
  void SetName(const std::string& class_name) {
    name = class_name;
    for (SpecElement* element : std::initializer_list<SpecElement*>{
             &joint, &geom, &site, &camera, &light, &actuator, &tendon, &equality, &pair, &mesh,
             &material}) {
      element->classname = class_name;
    }
  }
};

struct SpecBody : SpecElement {
  int frame = -1;  // enclosing <frame>, index into the parent body's frames
  std::string childclass;  // the class its elements and descendants default to ("" inherits)
  mjtNum pos[3] = {0, 0, 0};
  Orientation orientation;
  bool mocap = false;
  mjtNum gravcomp = 0;
  std::vector<mjtNum> user;
  std::string plugin;  // the plugin instance it uses ("" none)
  SpecInertial inertial;           // what <inertial> gave, used when explicitinertial
  bool explicitinertial = false;
  ElementList<SpecJoint> joints;  // in document order: joint transforms apply in this order
  ElementList<SpecGeom> geoms;
  ElementList<SpecSite> sites;
  ElementList<SpecCamera> cameras;
  ElementList<SpecLight> lights;
  // <frame>s written in this body (they pose its elements and child bodies); an element's
  // `frame` indexes this list
  ElementList<SpecFrame> frames;
  ElementList<SpecBody> children;  // copying a body copies its whole subtree
};


// <extension><plugin><instance>: a plugin instance with its configuration. mjsim has no plugins
// (checklist): the compiler refuses a spec that uses one.
struct SpecPlugin : SpecElement {
  std::string plugin_name;
  bool active = true;
  std::vector<std::pair<std::string, std::string>> config;  // key, value as written
};

// <flex>: the values of an mjsFlex, kept so a spec holding one can be edited and written;
// compiled by compiler/flexes.cc; vertbody names one body per vertex (or the only body).
struct SpecFlex : SpecElement {
  int contype = 1, conaffinity = 1, condim = 3, priority = 0;
  mjtNum friction[3] = {1, 0.005, 0.0001};
  mjtNum solmix = 1;
  mjtNum solref[2] = {0.02, 1};
  mjtNum solimp[5] = {0.9, 0.95, 0.001, 0.5, 2};
  mjtNum margin = 0, gap = 0;
  int dim = 2;
  mjtNum radius = 0.005;
  bool internal = false, flatskin = false;
  int selfcollide = 4, activelayers = 1, group = 0;  // selfcollide: mjtFlexSelf, 4 auto
  mjtNum edgestiffness = 0, edgedamping = 0;
  float rgba[4] = {0.5f, 0.5f, 0.5f, 1};
  std::string material;
  mjtNum young = 0, poisson = 0, damping = 0, thickness = -1;
  int elastic2d = 0;
  bool passive = false;
  int vertcollide = 0;
  std::vector<std::string> nodebody, vertbody;
  std::vector<mjtNum> node, vert;
  std::vector<int> elem, elemtexcoord;
  std::vector<float> texcoord;
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
  std::string meshdir, texturedir, assetdir;  // assetdir sets both unless they are given
  bool strippath = false;
  bool fusestatic = false;
  bool discardvisual = false;
  bool alignfree = false;
  bool saveinertial = false;
  bool usethread = true;
  std::optional<int> fitaabb;  // mesh geoms fit their bounding box instead of their inertia box
  SpecLengthRange lengthrange;  // <compiler><lengthrange>
};

struct Spec {
  Spec() {
    defaults.emplace_back();
    worldbody.name = "world";
  }
  std::string model_name = "MuJoCo Model";
  std::string comment;  // mjSpec's comment, written at the top of saved XML
  SpecCompiler compiler;
  Option option;
  ElementList<SpecDefault> defaults;  // defaults[0] is "main"
  SpecBody worldbody;
  // its elements were attached by reference to another spec (spec/attach): it cannot compile
  bool attached_to_parent = false;
  std::string model_dir;  // directory of the main file ("" for a string); asset paths start here

  ElementList<SpecMesh> meshes;
  ElementList<SpecSkin> skins;
  ElementList<SpecHField> hfields;
  ElementList<SpecTexture> textures;
  ElementList<SpecMaterial> materials;
  ElementList<SpecPair> pairs;
  ElementList<SpecExclude> excludes;
  ElementList<SpecEquality> equalities;
  ElementList<SpecTendon> tendons;
  ElementList<SpecActuator> actuators;
  ElementList<SpecSensor> sensors;
  ElementList<SpecNumeric> numerics;
  ElementList<SpecText> texts;
  ElementList<SpecTuple> tuples;
  ElementList<SpecKey> keys;
  ElementList<SpecPlugin> plugins;
  ElementList<SpecFlex> flexes;
  SpecSize size;
  SpecStatistic statistic;
  SpecVisual visual;
};

}  // namespace mjsim
