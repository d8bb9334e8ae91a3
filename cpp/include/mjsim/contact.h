// contact.h: one detected contact (mjContact), with MuJoCo's member names and layout, so that
// d.contact.<member> views are strided views into the engine's contact array.
#pragma once
#include "mjsim/types.h"

namespace mjsim {

constexpr int mjMAXCONPAIR = 50;  // most contacts one geom pair may produce

struct Contact {
  mjtNum dist;               // distance between the surfaces; negative: penetration
  mjtNum pos[3];             // position, world (midway between the two surfaces)
  mjtNum frame[9];           // contact frame: rows normal (geom1 -> geom2), tangent1, tangent2
  mjtNum includemargin;      // include in the solver if dist < includemargin = margin - gap
  mjtNum friction[5];        // tangent1, tangent2, spin, roll1, roll2
  mjtNum solref[2];          // constraint solver reference, normal direction
  mjtNum solreffriction[2];  // constraint solver reference, friction directions
  mjtNum solimp[5];          // constraint solver impedance
  mjtNum mu;                 // friction of the regularized cone (set by the constraint stage)
  mjtNum H[36];              // cone Hessian (set by the constraint stage)
  int dim;                   // contact space dimensionality: 1, 3, 4 or 6
  int geom1;                 // id of geom 1; -1 for flex
  int geom2;                 // id of geom 2; -1 for flex
  int geom[2];               // geom ids; -1 for flex
  int flex[2];               // flex ids; -1 for geom
  int elem[2];               // element ids; -1 for geom or flex vertex
  int vert[2];               // vertex ids; -1 for geom or flex element
  int exclude;               // 0: include, 1: in gap, 2: fused, 3: no dofs
  int efc_address;           // address in the efc arrays; -1: not included
};

}  // namespace mjsim
