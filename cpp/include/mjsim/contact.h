// contact.h: one detected contact (mjContact), with MuJoCo's member names and layout, so that
// d.contact.<member> views are strided views into the engine's contact array.
#pragma once
#include "mjsim/types.h"

namespace mjsim {

constexpr int mjMAXCONPAIR = 50;  // most contacts one geom pair may produce

// mjContact's members: X(type, name, count, doc); Contact is generated from it
#define MJSIM_CONTACT_MEMBERS(X)                                                              \
  X(mjtNum, dist, 1, "distance between the surfaces; negative: penetration")                  \
  X(mjtNum, pos, 3, "position of the contact point, midway between the surfaces")              \
  X(mjtNum, frame, 9, "normal (geom1 to geom2), tangent1, tangent2")                           \
  X(mjtNum, includemargin, 1, "include in the solver if dist < includemargin = margin - gap")  \
  X(mjtNum, friction, 5, "tangent1, tangent2, spin, roll1, roll2")                             \
  X(mjtNum, solref, 2, "constraint solver reference, normal direction")                        \
  X(mjtNum, solreffriction, 2, "constraint solver reference, friction directions")             \
  X(mjtNum, solimp, 5, "constraint solver impedance")                                          \
  X(mjtNum, mu, 1, "friction of the regularized cone (set by the constraint stage)")           \
  X(mjtNum, H, 36, "cone Hessian (set by the constraint stage)")                               \
  X(int, dim, 1, "contact space dimensionality: 1, 3, 4 or 6")                                 \
  X(int, geom1, 1, "id of geom 1; -1 for flex")                                               \
  X(int, geom2, 1, "id of geom 2; -1 for flex")                                               \
  X(int, geom, 2, "geom ids; -1 for flex")                                                    \
  X(int, flex, 2, "flex ids; -1 for geom")                                                    \
  X(int, elem, 2, "element ids; -1 for geom or flex vertex")                                  \
  X(int, vert, 2, "vertex ids; -1 for geom or flex element")                                  \
  X(int, exclude, 1, "0: include, 1: in gap, 2: fused, 3: no dofs")                          \
  X(int, efc_address, 1, "address in the efc arrays; -1: not included")

// members without initializers: the collision stage fills every one
struct Contact {
#define MJSIM_X(type, name, count, doc) typename MemberStorage<type, count>::Storage name;
  MJSIM_CONTACT_MEMBERS(MJSIM_X)
#undef MJSIM_X
};

}  // namespace mjsim
