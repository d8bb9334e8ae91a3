// sensor.h: Spec elements for sensors: one SpecSensor per child of <sensor>, values as written.
// The reader sets the type and the object types its element implies; names are resolved by
// compiler/sensors.cc.
#pragma once
#include <string>
#include <vector>

#include "spec/common.h"

namespace mjsim {

struct SpecSensor : SpecElement {
  int type = 0;             // mjtSensor
  // the sensorized object and the reference object: mjtObj type and name as written; type
  // mjOBJ_UNKNOWN with an empty name means none
  int objtype = 0;
  std::string objname;
  int reftype = 0;
  std::string refname;
  mjtNum noise = 0;
  mjtNum cutoff = 0;
  std::vector<mjtNum> user;
  std::string plugin;       // the plugin instance it uses ("" none)
  // output layout: fixed by the element, declared by <user>, for <contact> the outputs per
  // contact times num
  int datatype = 0;         // mjtDataType
  int needstage = 3;        // mjtStage (mjSTAGE_ACC)
  int dim = 0;
  // <contact>: which outputs (bit i: the i-th of found, force, torque, dist, pos, normal,
  // tangent), how contacts are chosen (none, mindist, maxforce, netforce), how many
  int intprm[3] = {1, 0, 1};  // data bits ("found"), reduce (none), num
};

}  // namespace mjsim
