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
  X(mjtNum, includemargin, 1, "distance below which the solver takes the contact: margin - gap")  \
  X(mjtNum, friction, 5, "tangent1, tangent2, spin, roll1, roll2")                             \
  X(mjtNum, solref, 2, "solref of the normal direction")                        \
  X(mjtNum, solreffriction, 2, "solref of the frictional directions")             \
  X(mjtNum, solimp, 5, "constraint solver impedance")                                          \
  X(mjtNum, mu, 1, "friction of the regularized cone (set by the constraint stage)")           \
  X(mjtNum, H, 36, "cone Hessian (set by the constraint stage)")                               \
  X(int, dim, 1, "constraint rows per contact: 1, 3, 4 or 6")                                 \
  X(int, geom1, 1, "id of geom 1; -1 for flex")                                               \
  X(int, geom2, 1, "id of geom 2; -1 for flex")                                               \
  X(int, geom, 2, "geoms in contact; -1 for a flex")                                                    \
  X(int, flex, 2, "flexes in contact; -1 for a geom")                                                    \
  X(int, elem, 2, "flex elements in contact; -1 for a geom or a flex vertex")                                  \
  X(int, vert, 2, "flex vertices in contact; -1 for a geom or a flex element")                                  \
  X(int, exclude, 1, "why the contact is left out: 0 it is not, 1 gap, 2 fused bodies, 3 no dofs")                          \
  X(int, efc_address, 1, "first row of the contact in efc_*; -1 if left out of the solver")

// members without initializers: the collision stage fills every one
struct Contact {
#define MJSIM_X(type, name, count, doc) typename MemberStorage<type, count>::Storage name;
  MJSIM_CONTACT_MEMBERS(MJSIM_X)
#undef MJSIM_X
};

}  // namespace mjsim
